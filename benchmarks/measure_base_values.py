"""The measured values of the base cards that `wonders budget` fits its model on.

    python benchmarks/measure_base_values.py                   # 1000 games, about 3 minutes on 2 cores

Runs the experiment of interpreter/sim/experiment.py (branch where a card could be built, build
it or play the best alternative, same random streams) over every base card in seeded games,
and writes cards/base/measured_values.json: card -> {points, win, n} (the mean points and win
differences against the player's best alternative, over the n games that could build it), with
the players, bots, games, seed and command in "meta". Game k uses the same seed as
Experiment.run's game k, so the result equals Experiment.of(...).run(games) (split over
processes only for speed).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from interpreter.cli.packs import compiled  # noqa: E402
from interpreter.sim.experiment import Paired, branch_game  # noqa: E402
from interpreter.sim.runner import game_seed  # noqa: E402

OUT = ROOT / "cards" / "base" / "measured_values.json"


def _chunk(job: tuple[int, int, int, str, int]) -> list[list[tuple[str, float, int]]]:
    """Games lo..hi-1 of the run: each game's [(card, win diff, points diff)]."""
    lo, hi, players, bots, seed = job
    cp = compiled("base")
    names = {c.name for c in cp.cards}
    return [branch_game(cp, game_seed(seed, k), players, bots, names) for k in range(lo, hi)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--output", default=str(OUT))
    args = ap.parse_args()
    cp = compiled("base")
    rows = {c.name: Paired(c.name, c.age, c.color_name) for c in cp.cards}
    step = max(1, args.games // (args.workers * 8))
    jobs = [(lo, min(args.games, lo + step), args.players, args.bots, args.seed)
            for lo in range(0, args.games, step)]
    start = time.perf_counter()
    with Pool(args.workers) as pool:
        for games in pool.imap(_chunk, jobs):  # in order: the sums do not depend on the workers
            for game in games:
                for name, d_win, d_points in game:
                    rows[name].add(d_win, d_points)
    took = time.perf_counter() - start
    out = {"meta": {"pack": "base", "players": args.players, "bots": args.bots, "games": args.games,
                    "seed": args.seed, "seconds": round(took, 1),
                    "command": f"python benchmarks/measure_base_values.py --games {args.games} "
                               f"--players {args.players} --bots {args.bots} --seed {args.seed}",
                    "value": "mean points difference, card built minus the player's best alternative"},
           "cards": {name: {"age": p.age, "color": p.color, "points": round(p.mean_points, 3),
                            "win": round(p.mean_win, 4), "n": p.n}
                     for name, p in sorted(rows.items(), key=lambda kv: (kv[1].age, kv[1].color, kv[0]))}}
    Path(args.output).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(f"{args.games} games, {len(rows)} cards, {took:.1f} s ({args.workers} workers): {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

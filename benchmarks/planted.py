"""The planted-card suite at length (issue 21): how often the experiment calls each planted card
right over many seeds, and the false-positive rate of the neutral card against its nominal 5%.

    python benchmarks/planted.py --seeds 20                  # about 10 minutes on one core

Each seed runs `wonders compare --pack base --pack tests/packs/planted` (greedy bots, 4 players,
the experiment's default budget) and records each planted card's verdict and games used.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TRUTH = {"Altar": "stronger", "Baths": "weaker", "Shrine": "no difference"}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    tally: dict[str, Counter[str]] = {c: Counter() for c in TRUTH}
    games = []
    start = time.perf_counter()
    for seed in range(args.seeds):
        out = subprocess.run([sys.executable, "-c", "from interpreter.cli import console; console()", "compare",
                              "--pack", "base", "--pack", str(ROOT / "tests" / "packs" / "planted"),
                              "--games", "10", "--players", str(args.players), "--workers", "1",
                              "--seed", str(seed), "--json"], capture_output=True, text=True, cwd=ROOT)
        exp = json.loads(out.stdout)["meta"]["experiment"]
        games.append(exp["games"])
        for card in TRUTH:
            tally[card][exp["cards"][card]["verdict"]] += 1
    took = time.perf_counter() - start
    print(f"{args.seeds} seeds, {args.players} players, greedy bots, {took:.0f} s; branched games per "
          f"run: median {sorted(games)[len(games) // 2]}, most {max(games)}")
    for card, truth in TRUTH.items():
        right = tally[card][truth]
        print(f"  {card} (truly {truth}): {dict(tally[card])}: right {right}/{args.seeds}")
    flagged = tally["Shrine"]["stronger"] + tally["Shrine"]["weaker"]
    print(f"  neutral card flagged: {flagged}/{args.seeds} (nominal level 5%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

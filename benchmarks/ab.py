"""Interleaved A/B speed of two checkouts of the engine, and the cost of a pack against base.

    python benchmarks/ab.py --a ../old-checkout --b . --games 300      # engine A against B
    python benchmarks/ab.py --b . --packs base,leaders --games 300     # leaders / base, one engine

Each measurement is a fresh process whose import path is one checkout; A and B alternate
(A, B, A, B, ...) so a drift in the machine's speed hits both alike, and the best round of
each is compared (noise only ever slows a round down). CPU time, one core.

    python benchmarks/ab.py --a ../old --b . --instructions --games 60

counts instructions instead (valgrind's callgrind; the games' count minus the same process
with no games): the same figure whatever else the machine is doing, for when timings drift.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

WORKLOAD = r"""
import json, sys, time
from dsl.loader import load_pack
try:  # the layout since the layers (docs/architecture.md)
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    from interpreter.rules.compiled import compile_pack
except ImportError:  # an older checkout, for A/B runs against it
    from interpreter.bots import make_bots
    from interpreter.compiled import compile_pack
    from interpreter.game import Game
pack, players, bots, games = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
cp = compile_pack(load_pack(pack))
Game(cp, make_bots(bots, players), seed=99999, sides="random").play()
start = time.process_time()
for seed in range(games):
    Game(cp, make_bots(bots, players), seed=seed, sides="random").play()
print(json.dumps(games / (time.process_time() - start)))
"""


def instructions(checkout: str, pack: str, players: int, bots: str, games: int) -> float:
    """Instructions per game, counted by callgrind (setup subtracted)."""
    def count(k: int) -> int:
        env = {**os.environ, "PYTHONPATH": os.path.abspath(checkout)}
        cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
               "-c", WORKLOAD.replace("print(json.dumps(games", "0 and print(json.dumps(games"),
               pack, str(players), bots, str(k)]
        err = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True, cwd=checkout).stderr
        return int(err.split("Collected :")[1].split()[0])
    return (count(games) - count(0)) / games


def rate(checkout: str, pack: str, players: int, bots: str, games: int) -> float:
    env = {**os.environ, "PYTHONPATH": os.path.abspath(checkout)}
    out = subprocess.run([sys.executable, "-c", WORKLOAD, pack, str(players), bots, str(games)],
                         env=env, capture_output=True, text=True, check=True, cwd=checkout)
    return float(out.stdout.strip())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--a", help="checkout A (omit to compare packs on checkout B)")
    ap.add_argument("--b", default=".", help="checkout B")
    ap.add_argument("--packs", default="base", help="packs: one for A/B; two (X,Y) for Y against X")
    ap.add_argument("--players", default="3,7")
    ap.add_argument("--bots", default="random,greedy")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--instructions", action="store_true",
                    help="count instructions per game with valgrind instead of timing (one round)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    packs = args.packs.split(",")
    rows = []
    for players in map(int, args.players.split(",")):
        for bots in args.bots.split(","):
            if args.a:
                sides = [(args.a, packs[0]), (args.b, packs[0])]
            else:
                sides = [(args.b, packs[0]), (args.b, packs[-1])]
            best = [0.0, 0.0]
            if args.instructions:  # deterministic: one round; "rate" = games per 10^9 instructions
                best = [1e9 / instructions(c, p, players, bots, args.games) for c, p in sides]
            for _ in range(0 if args.instructions else args.rounds):
                for i, (checkout, pack) in enumerate(sides):
                    best[i] = max(best[i], rate(checkout, pack, players, bots, args.games))
            rows.append({"players": players, "bots": bots, "a": round(best[0], 1), "b": round(best[1], 1),
                         "b_time_over_a": round(best[0] / best[1], 3)})
            if not args.json:
                what = "B/A time" if args.a else f"{packs[-1]}/{packs[0]} time"
                unit = "games/10^9 instr" if args.instructions else "games/s"
                print(f"{players} players, {bots:6s}: A {best[0]:7.1f} {unit}  B {best[1]:7.1f} {unit}"
                      f"  {what} {best[0] / best[1]:.3f}", flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()

"""`simulate --core native` end to end against the core's own game rate (issue 21: within 2x).

    python benchmarks/native_simulate.py [--players 4] [--bots greedy] [--games 3000]

CPU time of one process: the core playing games alone (native.run_games), then the same games
through run_chunk (recorded, folded into the statistics and the per-card verdicts), in chunks
as `simulate` runs them; best of 3 rounds each. The ratio is what the statistics cost.
"""
from __future__ import annotations

import argparse
import time

from dsl.packref import resolve_pack
from interpreter import native
from interpreter.cli.packs import compiled
from interpreter.sim.runner import NATIVE_CHUNK, SimConfig, run_chunk


def best(rounds: int, work) -> float:  # type: ignore[no-untyped-def]
    out = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        work()
        out = min(out, time.process_time() - start)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pack", default="base")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--games", type=int, default=3000)
    args = ap.parse_args()
    cp = compiled(args.pack)
    path, _ = resolve_pack(args.pack)
    cfg = SimConfig(pack=str(path), games=args.games, players=args.players, bots=args.bots,
                    sides="random", workers=1, core="native")
    core = best(3, lambda: native.run_games(cp, range(args.games), args.players, args.bots, "random"))
    run_chunk(cfg, range(0, 50))  # warm up (the pack lowered once)
    full = best(3, lambda: [run_chunk(cfg, range(i, min(i + NATIVE_CHUNK, args.games)))
                            for i in range(0, args.games, NATIVE_CHUNK)])
    print(f"{args.pack}, {args.players} players, {args.bots} bots, {args.games} games: core "
          f"{args.games / core:,.0f} games/s, simulate end to end {args.games / full:,.0f} games/s, "
          f"ratio {full / core:.2f} (target <= 2)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

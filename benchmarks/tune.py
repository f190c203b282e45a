"""`wonders tune` on planted cards and wonder stages whose even value is known by construction (a
base card or board under a new name with one number changed, tuned against its twin), each on
several seeds: the fitted even value, its 95% interval, whether it is within 1 of the truth and
the interval holds it, the values tried, games, wall and CPU seconds.

    python benchmarks/tune.py                          # every case, 3 seeds, 3 minutes a run
    python benchmarks/tune.py --seeds 1 --minutes 1.5  # quicker
    python benchmarks/tune.py --only Obelisk           # one case

The cases: tests/packs/tune-shrine (Pawnshop made worth 7: even at 3 points),
benchmarks/planted-tune/till (Tavern giving 9 coins: even at 5), benchmarks/planted-tune/bazaar
(Pawnshop costing 3 coins: even at 0); wonder stages: benchmarks/planted-tune/obelisk (Gizah side
A with its second stage worth 9 points: even at 5), benchmarks/planted-tune/artemis (Ephesos side
A with its second stage giving 15 coins: even at 9). At a board's truth the twin boards are the
same board and each seed is played with their seats swapped, so every seed's difference there is
exactly 0: a run that tries that value reads the even value off it (an interval of width 0).
The CI versions: tests/test_tune.py (Shrine, 30 games), tests/test_tune_stage.py (Obelisk, seed 2).
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PLANTED = ROOT / "benchmarks" / "planted-tune"
CASES = [  # (pack, name, what is tuned, field, against, truth)
    (ROOT / "tests" / "packs" / "tune-shrine", "Shrine", ["Shrine"], "vp", "Pawnshop", 3),
    (PLANTED / "till", "Till", ["Till"], "coins", "Tavern", 5),
    (PLANTED / "bazaar", "Bazaar", ["Bazaar"], "cost.coins", "Pawnshop", 0),
    (PLANTED / "obelisk", "Obelisk", ["--wonder", "Obelisk", "--side", "A", "--stage", "2"], "vp", "Gizah", 5),
    (PLANTED / "artemis", "Artemis", ["--wonder", "Artemis", "--side", "A", "--stage", "2"], "coins", "Ephesos", 9),
]


def _children_cpu() -> float:
    """CPU seconds (user and system) of the finished child processes (a run and its workers)."""
    got = resource.getrusage(resource.RUSAGE_CHILDREN)
    return got.ru_utime + got.ru_stime


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--minutes", type=float, default=3.0, help="each run's --minutes")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only", help="a card name: run that case only")
    args = ap.parse_args()
    held = near = runs = 0
    for pack, card, what, field, against, truth in CASES:
        if args.only and args.only != card:
            continue
        for seed in range(args.seeds):
            start, cpu = time.perf_counter(), _children_cpu()
            out = subprocess.run([sys.executable, "-c", "from interpreter.cli import console; console()", "tune", *what,
                                  "--pack", str(pack), "--field", field, "--against", against, "--seed", str(seed),
                                  "--minutes", str(args.minutes), "--workers", str(args.workers), "--json"],
                                 capture_output=True, text=True, cwd=ROOT)
            took, cpu = time.perf_counter() - start, _children_cpu() - cpu
            if out.returncode:
                raise SystemExit(f"{card} seed {seed}: {out.stderr.strip()}")
            got = json.loads(out.stdout)
            even = got["even"]
            inside = even["low"] <= truth <= even["high"]
            close = even["estimate"] is not None and abs(even["estimate"] - truth) <= 1
            held += inside
            near += close
            runs += 1
            values = ", ".join(str(v["value"]) for v in got["values"])
            print(f"{card:7} {field:10} seed {seed} truth {truth}: fitted {even['estimate']} "
                  f"({'within 1' if close else 'OFF BY MORE THAN 1'}), 95% {even['low']} to {even['high']} "
                  f"({'holds' if inside else 'MISSES'} the truth); values {values}; {got['games']} games a value, "
                  f"{got['stopped_by']}, {took:.0f} s wall, {cpu:.0f} s CPU", flush=True)
    print(f"the fit was within 1 of the truth in {near} of {runs} runs; the interval held it in {held} "
          f"(nominal 95%); load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

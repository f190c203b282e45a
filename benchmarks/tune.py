"""`wonders tune` on planted cards whose even value is known by construction (a base card under a
new name with one number changed, tuned against its twin), each on several seeds: the fitted
even value, its 95% interval, whether the interval holds the truth, games and seconds.

    python benchmarks/tune.py                          # every case, 3 seeds, 3 minutes a run
    python benchmarks/tune.py --seeds 1 --minutes 1.5  # quicker

The cases: tests/packs/tune-shrine (Pawnshop made worth 7: even at 3 points),
benchmarks/planted-tune/till (Tavern giving 9 coins: even at 5), benchmarks/planted-tune/bazaar
(Pawnshop costing 3 coins: even at 0). The CI version is tests/test_tune.py (one case, 30 games).
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CASES = [  # (pack, card, field, against, truth)
    (ROOT / "tests" / "packs" / "tune-shrine", "Shrine", "vp", "Pawnshop", 3),
    (ROOT / "benchmarks" / "planted-tune" / "till", "Till", "coins", "Tavern", 5),
    (ROOT / "benchmarks" / "planted-tune" / "bazaar", "Bazaar", "cost.coins", "Pawnshop", 0),
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--minutes", type=float, default=3.0, help="each run's --minutes")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only", help="a card name: run that case only")
    args = ap.parse_args()
    held = runs = 0
    for pack, card, field, against, truth in CASES:
        if args.only and args.only != card:
            continue
        for seed in range(args.seeds):
            start = time.perf_counter()
            out = subprocess.run([sys.executable, "-c", "from interpreter.cli import console; console()", "tune", card,
                                  "--pack", str(pack), "--field", field, "--against", against, "--seed", str(seed),
                                  "--minutes", str(args.minutes), "--workers", str(args.workers), "--json"],
                                 capture_output=True, text=True, cwd=ROOT)
            took = time.perf_counter() - start
            if out.returncode:
                raise SystemExit(f"{card} seed {seed}: {out.stderr.strip()}")
            got = json.loads(out.stdout)
            even = got["even"]
            inside = even["low"] <= truth <= even["high"]
            held += inside
            runs += 1
            values = ", ".join(str(v["value"]) for v in got["values"])
            print(f"{card:7} {field:10} truth {truth}: fitted {even['estimate']}, 95% {even['low']} to {even['high']} "
                  f"({'holds' if inside else 'MISSES'} the truth); values {values}; {got['games']} games a value, "
                  f"{got['stopped_by']}, {took:.0f} s")
    print(f"the interval held the truth in {held} of {runs} runs (nominal 95%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

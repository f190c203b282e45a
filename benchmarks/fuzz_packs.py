"""The pack-writing differential fuzzer at length, for a release check (issue 22).

    python benchmarks/fuzz_packs.py --packs 2000            # about 5 minutes on one core
    python benchmarks/fuzz_packs.py --seconds 600 --seeds 2

Each pack (tests/pack_fuzz.py) is refused by `validate` with located problems, or played at
every player count it declares by both cores, with random and greedy bots, and compared move by
move (interpreter/sim/differential.py). Prints the count of each outcome, the time, and every
difference found (with the pack's folder, kept for a regression test).
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from hypothesis import HealthCheck, given, seed, settings  # noqa: E402

import pack_fuzz  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--packs", type=int, default=2000)
    ap.add_argument("--seconds", type=float, default=0, help="stop after this long (0: no limit)")
    ap.add_argument("--seeds", type=int, default=1, help="games per player count and bot")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    root = Path(tempfile.mkdtemp(prefix="fuzz-packs-"))
    seen: Counter[str] = Counter()
    found: list[str] = []
    refused: Counter[str] = Counter()  # why packs were refused: a generator bug shows up here
    declined: Counter[str] = Counter()  # what the native core declined (the packs Python only plays)
    start = time.perf_counter()
    count = [0]

    @seed(args.seed)
    @settings(max_examples=args.packs, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(pack_fuzz.packs())
    def run(pack: tuple[str, str]) -> None:
        if args.seconds and time.perf_counter() - start > args.seconds:
            return
        count[0] += 1
        folder = pack_fuzz.write(root / f"p{count[0]}", pack)
        try:
            outcome, why = pack_fuzz.check(folder, args.seeds)
            if outcome == "refused":
                refused[why[:90]] += 1
            elif why:
                declined[why[:90]] += 1
        except AssertionError as err:
            outcome = "DIFFERENT"
            found.append(f"{folder}: {str(err)[:500]}")
        except Exception as err:  # noqa: BLE001 - a crash is a finding too
            outcome = "CRASH"
            found.append(f"{folder}: {type(err).__name__}: {err}"[:500])
        seen[outcome] += 1

    run()
    took = time.perf_counter() - start
    print(f"{count[0]} packs in {took:.0f} s ({count[0] / took:.1f} packs/s): "
          + ", ".join(f"{k} {v}" for k, v in sorted(seen.items())))
    for why, n in refused.most_common(5):
        print(f"  refused {n}: {why}")
    for why, n in declined.most_common(12):
        print(f"  python only {n}: {why}")
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())

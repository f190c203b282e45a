"""The worst cases we can construct within the pack limits (dsl/limits.py), timed in-process:

    python benchmarks/worst_cases.py

- payment search: a 12-unit cost, a dozen distinct three-way either/or sources at each
  neighbour (the issue's shape: 4.4 s a query before; with a 16-unit cost the old search did not
  finish in 10 minutes), and the worst we can build within the limits;
- wild science: 40 wild symbols (the pack limit) over 3 symbols (base) and over 4 (the most
  symbols a pack may have), all `any`, and all two-way choices.
"""
from __future__ import annotations

import itertools
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from interpreter.rules import payment  # noqa: E402
from interpreter.rules.science import science_score  # noqa: E402

LEFT, RIGHT = 1, 2


def timed(fn, *args) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        fn(*args)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    rng = random.Random(1)
    # the shape: a dozen distinct three-way either/or cards per neighbour, a 12-unit cost
    need = ((0, 3), (1, 2), (2, 2), (3, 2), (4, 1), (5, 1), (6, 1))
    triples = [tuple(sorted(rng.sample(range(7), 3))) for _ in range(24)]
    kinds = [(t, LEFT, 1) for t in triples[:12]] + [(t, RIGHT, 1) for t in triples[12:]]
    supply = {r: sum(1 for t in triples if r in t) for r, _ in need}
    prices = (None, [2] * 16, [1] * 16)
    print(f"payment search, 12 units, 12 three-way sources per neighbour: "
          f"{timed(payment._dp, need, kinds, supply, prices) * 1000:.1f} ms")
    # the worst within the limits: 12 units of 8 resources; the city and each neighbour hold
    # every one of the 255 either/or combinations of them
    need = tuple((r, 2 if r < 4 else 1) for r in range(8))
    subsets = [c for k in range(1, 9) for c in itertools.combinations(range(8), k)]
    kinds = [(t, side, 1) for side in (0, LEFT, RIGHT) for t in subsets]
    supply = {r: sum(1 for t, _, _ in kinds if r in t) for r, _ in need}
    print(f"payment search, 12 units of 8 resources, all 255 either/or sources at each of the 3 "
          f"cities: {timed(payment._dp, need, kinds, supply, prices) * 1000:.0f} ms")
    for symbols in (3, 4):
        anys = [tuple(range(symbols))] * 40
        pairs = [tuple(rng.sample(range(symbols), 2)) for _ in range(40)]
        print(f"science, 40 wild `any` over {symbols} symbols: "
              f"{timed(science_score, [1] * symbols, anys, 7) * 1000:.1f} ms; "
              f"40 two-way choices: {timed(science_score, [1] * symbols, pairs, 7) * 1000:.1f} ms")


if __name__ == "__main__":
    main()

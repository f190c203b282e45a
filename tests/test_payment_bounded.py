"""The payment search stays exact and bounded: the dynamic programme used for large shapes
gives the same Pareto set as the depth-first search on random shapes."""
from __future__ import annotations

import random
import time

from interpreter.rules import payment

LEFT, RIGHT = 1, 2


def random_shape(rng: random.Random):
    n_res = rng.randint(1, 5)
    need = tuple((r, rng.randint(1, 3)) for r in range(n_res))
    kinds = []
    for side in (0, LEFT, RIGHT):
        for _ in range(rng.randint(0, 4)):
            res = tuple(sorted(rng.sample(range(n_res), rng.randint(1, min(3, n_res)))))
            kinds.append((res, side, rng.randint(1, 3)))
    supply = {r: sum(k[2] for k in kinds if r in k[0]) for r, _ in need}
    prices = (None, [rng.randint(0, 3) for _ in range(n_res)], [rng.randint(0, 3) for _ in range(n_res)])
    return need, kinds, supply, prices


def test_dp_and_dfs_agree_on_random_shapes() -> None:
    rng = random.Random(9)
    checked = 0
    while checked < 400:
        need, kinds, supply, prices = random_shape(rng)
        if any(supply[r] < n for r, n in need):
            continue
        assert payment._dp(need, kinds, supply, prices) == payment._dfs(need, kinds, supply, prices), \
            (need, kinds, prices)
        checked += 1


def test_worst_shape_within_the_limits_is_fast() -> None:
    # 12 units over 7 resources, a dozen distinct three-way either/or sources per neighbour
    rng = random.Random(1)
    need = ((0, 3), (1, 2), (2, 2), (3, 2), (4, 1), (5, 1), (6, 1))
    triples = [tuple(sorted(rng.sample(range(7), 3))) for _ in range(24)]
    kinds = [(t, LEFT, 1) for t in triples[:12]] + [(t, RIGHT, 1) for t in triples[12:]]
    supply = {r: sum(1 for t in triples if r in t) for r, _ in need}
    prices = (None, [2] * 7, [2] * 7)
    assert not payment._small(need, kinds)
    start = time.perf_counter()
    payment._dp(need, kinds, supply, prices)
    assert time.perf_counter() - start < 5

"""The payment search: every Pareto-optimal way to pay (coins to left, coins to right).

A city first uses its own production (fixed, then its either/or cards); the rest is
bought from neighbours' tradable production only (brown/grey cards and the board's
resource), each neighbour unit at most once per turn, at the buyer's price for that
side and resource. Results depend only on production, prices and the cost, so they
are cached across turns and games by those signatures.
"""
from __future__ import annotations

from typing import Sequence

from .state import LEFT, RIGHT, City

Option = tuple[int, int]
_CACHE: dict[tuple[object, ...], tuple[Option, ...]] = {}
_CACHE_LIMIT = 500_000


def clear_cache() -> None:
    _CACHE.clear()


def cache_size() -> int:
    return len(_CACHE)


def payment_options(cost: tuple[int, ...], city: City, left: City, right: City) -> tuple[Option, ...]:
    """Pareto-optimal (left, right) payments for `cost`, cheapest total first; () if impossible."""
    key = (cost, city.own_sig, left.trade_sig, right.trade_sig, city.price_sig)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    result = _search(cost, city.fixed, city.choices, left, right, city.prices[LEFT], city.prices[RIGHT])
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[key] = result
    return result


def _search(cost: Sequence[int], fixed: Sequence[int], own_choices: list[tuple[int, ...]],
            left: City, right: City, lprice: list[int], rprice: list[int]) -> tuple[Option, ...]:
    need = [c - f if c > f else 0 for c, f in zip(cost, fixed)]
    if not any(need):
        return ((0, 0),)
    # sources: (resources, side, count); side 0 = own (free)
    kinds: list[tuple[tuple[int, ...], int, int]] = []
    counted: dict[tuple[int, ...], int] = {}
    for ch in own_choices:
        useful = tuple(r for r in ch if need[r])
        if useful:
            counted[useful] = counted.get(useful, 0) + 1
    kinds.extend((res, 0, n) for res, n in counted.items())
    for side, nb in ((LEFT, left), (RIGHT, right)):
        for r, n in enumerate(nb.fixed_trade):
            if n and need[r]:
                kinds.append(((r,), side, min(n, need[r])))
        counted = {}
        for ch in nb.choices_trade:
            useful = tuple(r for r in ch if need[r])
            if useful:
                counted[useful] = counted.get(useful, 0) + 1
        kinds.extend((res, side, n) for res, n in counted.items())
    # quick impossibility check: total supply per resource
    for r, n in enumerate(need):
        if n and sum(k[2] for k in kinds if r in k[0]) < n:
            return ()
    units = [r for r, n in enumerate(need) for _ in range(n)]
    # scarcest resources first: fewer branches near the root
    supply = {r: sum(k[2] for k in kinds if r in k[0]) for r in set(units)}
    units.sort(key=lambda r: (supply[r], r))
    remaining = [k[2] for k in kinds]
    found: list[Option] = []
    n_units, n_kinds = len(units), len(kinds)
    prices = (None, lprice, rprice)

    def dominated(lc: int, rc: int) -> bool:
        for fl, fr in found:
            if fl <= lc and fr <= rc:
                return True
        return False

    def dfs(i: int, start: int, lc: int, rc: int) -> None:
        if i == n_units:
            # drop options this one dominates, keep it
            found[:] = [(fl, fr) for fl, fr in found if not (lc <= fl and rc <= fr)]
            found.append((lc, rc))
            return
        r = units[i]
        first = start if i and units[i - 1] == r else 0
        for k in range(first, n_kinds):
            if not remaining[k]:
                continue
            res, side, _ = kinds[k]
            if r not in res:
                continue
            nl, nr = lc, rc
            if side == LEFT:
                nl += prices[LEFT][r]
            elif side == RIGHT:
                nr += prices[RIGHT][r]
            if found and dominated(nl, nr):
                continue
            remaining[k] -= 1
            dfs(i + 1, k, nl, nr)
            remaining[k] += 1

    dfs(0, 0, 0, 0)
    found.sort(key=lambda o: (o[0] + o[1], o[0]))
    return tuple(found)

"""Science scoring with wild symbols, exact and polynomial.

A wild symbol (`science any`, `science a/b`) becomes whichever of its symbols scores best.
Trying every combination costs the product of the choices (25 `any` over 3 symbols: 3^25).
Instead, every way of adding the k wild symbols to the counts is a composition
(a_1..a_S) of k, and one is reachable exactly when, for every set T of symbols, the wilds
whose choices all lie in T number at most a(T) (Hall's theorem for assigning each wild one
of its symbols). There are C(k+S-1, S-1) compositions: O(k^2) for the 3 symbols of the base
game, with 2^S checks each. Packs hold at most LIMITS.symbols symbols and
LIMITS.wild_symbols wilds, so the worst case is bounded (docs/performance.md).
"""
from __future__ import annotations

from itertools import product
from typing import Iterator, Sequence

SMALL = 64  # up to this many combinations, trying them all is quicker than the compositions


def _compositions(k: int, slots: int) -> Iterator[tuple[int, ...]]:
    if slots == 1:
        yield (k,)
        return
    for first in range(k, -1, -1):
        for rest in _compositions(k - first, slots - 1):
            yield (first, *rest)


def science_score(counts: Sequence[int], wilds: Sequence[tuple[int, ...]], set_bonus: int) -> int:
    """Squares per symbol plus the set bonus; each wild symbol takes whichever choice scores best."""
    return best_science(counts, wilds, set_bonus, 0)[0]


def _line(c: Sequence[int], set_bonus: int) -> tuple[int, int]:
    if not c:
        return 0, 0
    sets = min(c)
    return sum(n * n for n in c) + set_bonus * sets, sets


def best_science(counts: Sequence[int], wilds: Sequence[tuple[int, ...]], set_bonus: int,
                 per_set: int) -> tuple[int, int]:
    """(science line, complete sets) for the wild choice that maximises the line plus `per_set`
    points per complete set (an effect paying per science set)."""
    if not wilds:
        return _line(counts, set_bonus)
    size = 1
    for w in wilds:
        size *= len(w)
        if size > SMALL:
            break
    best, best_total = (-1, 0), -1
    if size <= SMALL:
        for picks in product(*wilds):
            c = list(counts)
            for s in picks:
                c[s] += 1
            got = _line(c, set_bonus)
            if got[0] + per_set * got[1] > best_total:
                best, best_total = got, got[0] + per_set * got[1]
        return best
    n = len(counts)
    masks = [sum(1 << s for s in set(w)) for w in wilds]
    usable = [s for s in range(n) if any(m >> s & 1 for m in masks)]
    # need[T]: wilds whose every choice is in T (T over the usable symbols, as a bit mask)
    need = {}
    for t in range(1, 1 << len(usable)):
        bits = sum(1 << usable[i] for i in range(len(usable)) if t >> i & 1)
        need[t] = sum(1 for m in masks if m & ~bits == 0)
    for added in _compositions(len(wilds), len(usable)):
        if any(need[t] > sum(added[i] for i in range(len(usable)) if t >> i & 1) for t in need):
            continue
        c = list(counts)
        for i, s in enumerate(usable):
            c[s] += added[i]
        got = _line(c, set_bonus)
        if got[0] + per_set * got[1] > best_total:
            best, best_total = got, got[0] + per_set * got[1]
    return best

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
# Two wilds settled after the others, written as a one-item choice no symbol index can be:
# MOST adds one to a symbol the city has most of (`science most`), SWAP turns one of its
# symbols into any symbol (`science swap`); both take whichever option scores best.
MOST, SWAP = -1, -2


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


def _settled(c: Sequence[int], most: int, swaps: int) -> set[tuple[int, ...]]:
    """Every count vector `most` MOST and `swaps` SWAP wilds can make of `c`, in any order."""
    states = {(tuple(c), most, swaps)}
    done: set[tuple[int, ...]] = set()
    seen = set(states)
    while states:
        nxt = set()
        for counts, m, w in states:
            if not m and not w:
                done.add(counts)
                continue
            if m:
                top = max(counts)
                for i, n in enumerate(counts):
                    if n == top:
                        nxt.add((counts[:i] + (n + 1,) + counts[i + 1:], m - 1, w))
            if w:  # a symbol may become itself: a swap never loses points
                nxt.add((counts, m, w - 1))
                for i, n in enumerate(counts):
                    for j in range(len(counts)):
                        if n and j != i:
                            d = list(counts)
                            d[i] -= 1
                            d[j] += 1
                            nxt.add((tuple(d), m, w - 1))
        states = nxt - seen
        seen |= states
    return done


def _line_after(c: Sequence[int], most: int, swaps: int, set_bonus: int,
                per_set: int) -> tuple[int, int]:
    """The best line `c` gives once the MOST and SWAP wilds are settled."""
    if not most and not swaps:
        return _line(c, set_bonus)
    best, best_total = (0, 0), -1
    for d in sorted(_settled(c, most, swaps)):
        got = _line(d, set_bonus)
        if got[0] + per_set * got[1] > best_total:
            best, best_total = got, got[0] + per_set * got[1]
    return best


def best_science(counts: Sequence[int], wilds: Sequence[tuple[int, ...]], set_bonus: int,
                 per_set: int) -> tuple[int, int]:
    """(science line, complete sets) for the wild choice that maximises the line plus `per_set`
    points per complete set (an effect paying per science set)."""
    most = sum(1 for w in wilds if w == (MOST,))
    swaps = sum(1 for w in wilds if w == (SWAP,))
    if most or swaps:
        wilds = [w for w in wilds if w not in ((MOST,), (SWAP,))]
    if not wilds:
        return _line_after(counts, most, swaps, set_bonus, per_set)
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
            got = _line_after(c, most, swaps, set_bonus, per_set)
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
        got = _line_after(c, most, swaps, set_bonus, per_set)
        if got[0] + per_set * got[1] > best_total:
            best, best_total = got, got[0] + per_set * got[1]
    return best

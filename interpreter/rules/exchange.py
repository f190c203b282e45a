"""Payments of a city with `exchange N same for 1 any`: N units of one resource it produces
stand for one unit of any resource, as many times as it has such groups.

Apart from the hot two-neighbour search (interpreter/rules/payment.py), run only for a city
with that power. Every way the city can use its own production is tried: each either/or
card's pick, then how many groups of each resource go to exchanges rather than paying that
resource directly (two wood exchanged for a glass, with the wood bought, can beat buying
the glass). The exchanged units then cover any of what is still missing; the rest is bought
from the neighbours by the usual search (`buy`, the neighbours' tradable production only:
bought units are never exchanged). The result is the Pareto set over all those ways.
"""
from __future__ import annotations

from itertools import product
from typing import Any, Callable

Option = tuple[int, int]
Need = tuple[tuple[int, int], ...]
Buy = Callable[[Need, Any, Any, Any], tuple[Option, ...]]
_FREE: tuple[Option, ...] = ((0, 0),)
_CACHE: dict[tuple[object, ...], tuple[Option, ...]] = {}
_CACHE_LIMIT = 100_000


def clear_cache() -> None:
    _CACHE.clear()


def exchange_options(cost: Need, city: Any, left: Any, right: Any, buy: Buy) -> tuple[Option, ...]:
    """Pareto-optimal (left, right) payments for a sparse cost, cheapest total first; ()
    if impossible. `buy(need, city, left, right)` prices what is bought from the neighbours."""
    key = (cost, city.exchange, tuple(city.fixed), city.own_id, left.trade_id, right.trade_id,
           city.price_id)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    found: set[Option] = set()
    for rest in _missing(cost, city):
        if not rest:
            found = set(_FREE)
            break
        found.update(buy(rest, city, left, right))
    result = _pareto(found)
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[key] = result
    return result


def exchange_short(city: Any) -> str:
    """Why a cost is short for a city that exchanges ("" for any other city): a count per
    resource would leave out what its exchanges make."""
    if not city.exchange:
        return ""
    return (f"its own production, with {city.exchange} identical resources exchanged for 1 of "
            "any, and what the neighbours sell cannot make the whole cost")


def _missing(cost: Need, city: Any) -> list[Need]:
    """The least sets of units still to buy, over every use of the city's own production
    (none of them holds another: buying more never costs less)."""
    give = city.exchange
    needed = dict(cost)
    found: set[Need] = set()
    for units in _own_units(city):
        spare = 0  # groups of resources the cost does not name: always exchanged
        ways = []  # per needed resource: (groups exchanged, units still missing) choices
        for r, u in enumerate(units):
            if r not in needed:
                spare += u // give
            else:
                ways.append([(g, needed[r] - min(u - g * give, needed[r])) for g in range(u // give + 1)])
        names = [r for r in range(len(units)) if r in needed]
        for pick in product(*ways):
            wild = spare + sum(g for g, _ in pick)
            short = [m for _, m in pick]
            if wild >= sum(short):
                return [()]
            for left_over in _cover(short, wild):
                found.add(tuple((r, m) for r, m in zip(names, left_over) if m))
    return _least(found)


def _own_units(city: Any) -> set[tuple[int, ...]]:
    """Every vector of units the city can make itself: its fixed production plus one pick of
    each either/or card (a pick the cost does not name counts only towards exchanges)."""
    states = {tuple(city.fixed)}
    for ch in city.choices:
        states = {s[:r] + (s[r] + 1,) + s[r + 1:] for s in states for r in ch}
    return states


def _cover(short: list[int], wild: int) -> list[list[int]]:
    """Every way `wild` units of any resource take units off `short` (all of them used)."""
    if not short:
        return [[]]
    out = []
    first, rest = short[0], short[1:]
    room = sum(rest)
    for k in range(max(0, wild - room), min(first, wild) + 1):
        out.extend([[first - k] + tail for tail in _cover(rest, wild - k)])
    return out


def _least(needs: set[Need]) -> list[Need]:
    """Drop every need that holds another one unit for unit."""
    as_dicts = [(n, dict(n)) for n in sorted(needs, key=lambda n: sum(k for _, k in n))]
    keep: list[tuple[Need, dict[int, int]]] = []
    for n, d in as_dicts:
        if not any(all(d.get(r, 0) >= k for r, k in kd.items()) for _, kd in keep):
            keep.append((n, d))
    return [n for n, _ in keep]


def _pareto(options: set[Option]) -> tuple[Option, ...]:
    keep: list[Option] = []
    for o in sorted(options, key=lambda o: (o[0] + o[1], o[0])):
        if not any(p[0] <= o[0] and p[1] <= o[1] for p in keep):
            keep.append(o)
    return tuple(keep)

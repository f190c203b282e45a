"""Payments that include the cities N seats away (`trade N seats away`): a search of its own,
apart from the hot two-neighbour search (interpreter/rules/payment.py), run only for a city
with that power. Options are (left, right, far left, far right) coins, Pareto-optimal."""
from __future__ import annotations

from typing import Any

from interpreter.rules.city import LEFT, RIGHT, City

Far = tuple[int, int, int, int]
_LIMIT = 20_000  # search nodes: a hostile pack's huge cost gives fewer options, never a hang


def far_sellers(city: City, table: Any) -> tuple[City | None, City | None]:
    """The cities `far_trade` seats away (left, right); None where that is the owner, a
    neighbour, or (at an even table) the same city already counted on the left."""
    n, d, seat = table.n, city.far_trade, city.seat
    out: list[City | None] = []
    for s in ((seat + d) % n, (seat - d) % n):
        near = s in (seat, (seat + 1) % n, (seat - 1) % n)
        out.append(None if near or (out and out[0] is not None and out[0].seat == s) else table.cities[s])
    return out[0], out[1]


def far_options(cost: tuple[tuple[int, int], ...], city: City, table: Any) -> tuple[Far, ...]:
    """Every Pareto-optimal way to pay `cost` buying from neighbours and the far cities, each
    unit of a seller's tradable production once; only ways that buy from a far city."""
    n = table.n
    sellers = [(table.cities[(city.seat + 1) % n], 0, city.prices[LEFT]),
               (table.cities[(city.seat - 1) % n], 1, city.prices[RIGHT])]
    for k, far in enumerate(far_sellers(city, table)):
        if far is not None:
            price = city.far_price + (city.shifts.get("trade_price", 0) if city.shifts else 0)
            sellers.append((far, 2 + k, [price] * city.n_res))  # the changed trade price too
    need = {r: k - city.fixed[r] for r, k in cost if k > city.fixed[r]}
    if not need or len(sellers) == 2:
        return ()
    sources: list[list[Any]] = [[ch, -1, 1] for ch in city.choices if any(r in need for r in ch)]
    for nb, slot, prices in sellers:
        for r in need:
            if nb.fixed_trade[r]:
                sources.append([(r,), slot, nb.fixed_trade[r], prices])
        sources.extend([ch, slot, 1, prices] for ch in nb.choices_trade if any(r in need for r in ch))
    units = sorted(r for r, k in need.items() for _ in range(k))
    found: list[Far] = []
    budget = [_LIMIT]

    def dfs(i: int, start: int, paid: list[int]) -> None:
        budget[0] -= 1
        if budget[0] < 0:
            return
        if i == len(units):
            if paid[2] or paid[3]:
                _keep(found, tuple(paid))  # type: ignore[arg-type]
            return
        r = units[i]
        for k in range(start if i and units[i - 1] == r else 0, len(sources)):
            src = sources[k]
            if src[2] and r in src[0]:
                src[2] -= 1
                if src[1] >= 0:
                    paid[src[1]] += src[3][r]
                dfs(i + 1, k, paid)
                if src[1] >= 0:
                    paid[src[1]] -= src[3][r]
                src[2] += 1

    dfs(0, 0, [0, 0, 0, 0])
    return tuple(sorted(found, key=lambda o: (sum(o), o)))


def _keep(front: list[Far], o: Far) -> None:
    if any(all(a <= b for a, b in zip(f, o)) for f in front):
        return
    front[:] = [f for f in front if not all(a <= b for a, b in zip(o, f))]
    front.append(o)

"""Cost changes: what a build costs once every cost change that reaches the builder applies.

Cost changes are passive effects (`discount ...`, `free ... cards`, `buy ... from bank`) held
by the city that owns them; one reaches a builder when it is the owner's own (seat 0) or a
neighbour's aimed at the builder's side. The payment search itself never changes: a
resource discount prices every way of dropping units from the cost, and a bank purchase
every way of taking one unit from the bank, and the Pareto set over (left, right, bank)
is kept.
"""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any, NamedTuple

from interpreter.rules.payment import payment_options
from interpreter.rules.city import LEFT, RIGHT, City, Table
from interpreter.rules.counting import OTHERS

Cost = tuple[tuple[int, int], ...]


class Terms(NamedTuple):
    bank: int  # coins to the bank (the coin cost after discounts)
    cost: Cost  # resources, sparse
    free: bool = False  # a cost change waives the whole cost
    drop: int = 0  # units the builder may leave out (of its choice)
    bank_buys: tuple[tuple[frozenset[int], int], ...] = ()  # (resources, price): one unit each
    rebate: tuple[int, int] = (0, 0)  # coins off the first purchase from the left, the right

    @property
    def plain(self) -> bool:
        return not self.drop and not self.bank_buys and self.rebate == (0, 0)


def in_reach(city: City, table: Table) -> bool:
    """Whether a cost change may reach the city (its own, a neighbour's, or one `for others`
    anywhere): when none can, a price is the printed one (mods_for says None)."""
    n = table.n
    return bool(city.cost_changes or table.cities[(city.seat + 1) % n].cost_changes
                or table.cities[(city.seat - 1) % n].cost_changes) \
        or any(c.costs_for_others for c in table.cities)


def changes_reaching(city: City, table: Table) -> list[object]:
    """The cost changes that apply to this city's builds."""
    return [ch for ch, _owner in _reaching(city, table)]


def _reaching(city: City, table: Table) -> list[tuple[Any, int]]:
    """(cost change, seat of the city it belongs to) for each change applying to `city`."""
    n = table.n
    left, right = table.cities[(city.seat + 1) % n], table.cities[(city.seat - 1) % n]
    out = [(ch, city.seat) for ch in city.cost_changes if 0 in ch.seats]
    if left is not city:  # this city is its left neighbour's right neighbour, and vice versa
        out += [(ch, left.seat) for ch in left.cost_changes if RIGHT in ch.seats or OTHERS in ch.seats]
    if right is not city:
        out += [(ch, right.seat) for ch in right.cost_changes
                if LEFT in ch.seats or (OTHERS in ch.seats and right is not left)]
    for other in table.cities:  # a change `for others` reaches every other city (beyond the neighbours too)
        if other.cost_changes and other is not city and other is not left and other is not right:
            out += [(ch, other.seat) for ch in other.cost_changes if OTHERS in ch.seats]
    return out


PLAIN = (0, 0, False)  # (coins off, units the builder may leave out, free)


class Mods(NamedTuple):
    """Every cost change reaching a city, summed per colour (and for wonder stages)."""

    cards: tuple[tuple[int, int, bool], ...]  # by colour index
    stage: tuple[int, int, bool]
    bank_buys: tuple[tuple[frozenset[int], int], ...]
    rebate: tuple[int, int] = (0, 0)  # coins off the first purchase this turn from left, right

    @property
    def general(self) -> bool:
        """Whether every price must go through the full terms (bank buys, rebates)."""
        return bool(self.bank_buys) or self.rebate != (0, 0)


def mods_for(city: City, table: Table) -> Mods | None:
    """The cost changes reaching `city`, summarised; None when there are none. Cached on the
    city until a cost change appears near it (or, `for others`, anywhere) or it buys from the bank."""
    if not in_reach(city, table):
        return None
    n = table.n
    left, right = table.cities[(city.seat + 1) % n], table.cities[(city.seat - 1) % n]
    far = [o for o in table.cities if o.costs_for_others and o is not city and o is not left
           and o is not right]
    key: tuple[object, ...] = (len(city.cost_changes), len(left.cost_changes),
                               len(right.cost_changes), city.bank_used, left.seat, right.seat)
    if far:  # changes `for others` held beyond the neighbours reach this city too
        key += (tuple((o.seat, len(o.cost_changes)) for o in far),)
    if city.rebate_used:
        key += (tuple(sorted(city.rebate_used)),)
    if city.colour_first:  # free first card of each colour: which colours it has matters
        key += (tuple(n == 0 for n in city.color_counts),)
    amounts: dict[int, int] = {}
    if city.counted_costs or left.counted_costs or right.counted_costs \
            or any(o.counted_costs for o in far):  # its amount now is in the key
        amounts = {id(ch): ch.amount_at(table, owner) for ch, owner in _reaching(city, table)
                   if getattr(ch, "counter", None) is not None}
        key += (tuple(sorted(amounts.items())),)
    if city.mods_key == key:
        return city.mods
    reach = changes_reaching(city, table)
    n_col = len(city.color_counts)

    def summed(color: int) -> tuple[int, int, bool]:
        coin = drop = 0
        free = False
        for ch in reach:
            if ch.unit == "first_of_color":  # a colour the city does not have yet: free
                if color >= 0 and city.color_counts[color] == 0:
                    free = True
            elif ch.unit not in ("bank", "rebate") and ch.applies(color):
                if ch.unit == "all":
                    free = True
                elif ch.unit == "coin":
                    coin += amounts.get(id(ch), ch.amount)
                elif ch.unit == "all_resources":
                    drop += 1000  # every unit
                else:
                    drop += amounts.get(id(ch), ch.amount)
        return coin, drop, free
    buys = () if city.bank_used else tuple((ch.resources, ch.amount) for ch in reach if ch.unit == "bank")
    rebate = [0, 0]
    for ch in reach:
        if ch.unit == "rebate":
            for side in ch.resources:  # the sides it applies to
                if side not in city.rebate_used:
                    rebate[side - 1] += ch.amount
    mods = Mods(tuple(summed(c) for c in range(n_col)), summed(-1), buys, (rebate[0], rebate[1]))
    city.mods_key, city.mods = key, mods
    return mods


def build_terms(color: int, coins: int, cost: Cost, city: City, table: Table) -> Terms:
    """The terms of building a card of `color` (-1: a wonder stage) with this printed cost."""
    mods = mods_for(city, table)
    if mods is None:
        return Terms(coins, cost)
    coin_off, drop, free = mods.stage if color < 0 else mods.cards[color]
    if free:
        return Terms(0, (), True)
    units = sum(k for _, k in cost)
    if drop >= units:
        cost, drop = (), 0
    return Terms(max(0, coins - coin_off), cost, False, drop, mods.bank_buys, mods.rebate)


def reduced_costs(cost: Cost, k: int) -> list[Cost]:
    """Every cost with k units left out."""
    pool = [r for r, n in cost for _ in range(n)]
    out = set()
    for gone in combinations_with_replacement(sorted({r for r, _ in cost}), k):
        left = dict(cost)
        ok = True
        for r in gone:
            left[r] = left.get(r, 0) - 1
            if left[r] < 0:
                ok = False
        if ok and len(pool) >= k:
            out.add(tuple((r, n) for r, n in sorted(left.items()) if n))
    return sorted(out)


def _pareto(options: list[tuple[int, int, int]]) -> tuple[tuple[int, int, int], ...]:
    keep = []
    for o in sorted(set(options), key=lambda o: (o[0] + o[1] + o[2], o[2], o[0])):
        if not any(p[0] <= o[0] and p[1] <= o[1] and p[2] <= o[2] for p in keep):
            keep.append(o)
    return tuple(keep)


def options_with_changes(terms: Terms, city: City, left: City, right: City) -> tuple[tuple[int, int, int], ...]:
    """Pareto (left, right, extra-to-the-bank) payments under resource drops, bank buys and
    rebates (the first purchase from a side costs less)."""
    found = _options(terms, city, left, right)
    lo, ro = terms.rebate
    if lo or ro:
        found = tuple((a - min(a, lo), b - min(b, ro), e) for a, b, e in found)
    return _pareto(list(found))


def _options(terms: Terms, city: City, left: City, right: City) -> tuple[tuple[int, int, int], ...]:
    costs = reduced_costs(terms.cost, terms.drop) if terms.drop else [terms.cost]
    found: list[tuple[int, int, int]] = []
    for cost in costs:
        if not cost:
            return ((0, 0, 0),)
        found.extend((a, b, 0) for a, b in payment_options(cost, city, left, right))
        for resources, price in terms.bank_buys:
            for r, _ in cost:
                if r in resources:
                    less = tuple((x, n - (x == r)) for x, n in cost if n - (x == r))
                    if not less:
                        found.append((0, 0, price))
                    else:
                        found.extend((a, b, price) for a, b in payment_options(less, city, left, right))
    return _pareto(found)

"""The cost change primitive: while its source holds, the price of some builds changes (a
passive effect the price of a build asks for, interpreter/rules/pricing.py). The words
`discount` (and `free TARGET`), `surcharge` and `rebate` are definitions over it
(dsl/definitions.py); this module is all the Python engine runs of them. A surcharge is a coin
change of a negative amount: pricing.mods_for sums the coin changes reaching the builder (and
keys its cache on them), the price never below 0. `buy ... from bank` and `free first card of
each colour` build the same hook (CostChange) from their own words' handlers.
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.counting import Counter, count, seats_of
from interpreter.rules.effects.base import Builder, ages_left, counter, handles


class CostChange(Hook):
    """A cost change on the builds of the cities at `seats` (0 = the owner's own).

    unit: "resource" (amount units fewer, of the builder's choice), "coin" (coin cost
    lowered), "all" (nothing to pay), "bank" (buy one unit of `resources` per build
    from the bank for `amount` coins), "rebate" (the first resource bought each turn from a
    side in `resources`, seat numbers there, costs `amount` less) or "first_of_color".
    `counter`: `amount` per counted thing in the owner's city and its neighbours', counted
    each time a price is asked (pricing.mods_for keys its cache on the counts)."""

    changes_cost = True

    def __init__(self, unit: str, stages: bool, colors: frozenset[int], amount: int,
                 seats: tuple[int, ...], resources: frozenset[int] = frozenset(),
                 counter: Counter | None = None):
        self.unit, self.stages, self.colors = unit, stages, colors
        self.amount, self.seats, self.resources = amount, seats, resources
        self.counter = counter

    def amount_at(self, table: Any, owner: int) -> int:
        """The amount now, for the change of the city at seat `owner`."""
        if self.counter is None:
            return self.amount
        return self.amount * count(table, owner, self.counter)

    def applies(self, color: int) -> bool:
        """Whether it changes the price of a card of `color` (-1: a wonder stage)."""
        if self.unit == "bank":
            return True
        if color < 0:
            return self.stages
        return not self.stages and (not self.colors or color in self.colors)

    def attach(self, city: Any) -> None:
        city.add_cost_change(self)

    def worth(self, obs: Any, seat: int) -> float:
        left = ages_left(obs) + 1
        if self.unit == "bank":
            return 1.2 * left
        amount = self.amount if self.counter is None else self.amount * max(1, count(obs.table, seat, self.counter))
        if self.unit == "coin":
            return 0.5 * amount * left * (2 if 0 not in self.seats else 1) / 2
        per = 4.0 if self.unit == "all" else 1.0 * amount
        return per * left * (0.5 if 0 not in self.seats else 1.0)


@handles("cost change", "unit", "amount", "target", "sides", "per", "from_sides")
def _cost_change(n: A.CostChangeOp, b: Builder, ix: Any) -> None:
    stages = n.target is not None and n.target.what == "wonder_stage"
    colors = frozenset(ix.col[c] for c in n.target.colors) if n.target is not None else frozenset()
    b.hooks.append(CostChange(n.unit, stages, colors, n.amount, seats_of(n.sides),
                              frozenset(seats_of(n.from_sides)), counter(n.per, ix)))

"""`shields`: military strength, flat (the fast path) or counted anew at each conflict.
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.counting import Counter, count
from interpreter.rules.effects.base import Builder, ages_left, counter, handles


class StrengthHook(Hook):
    """Shields counted anew at each conflict (`shields 1 per defeat`)."""

    def __init__(self, amount: int, counter: Counter):
        self.amount, self.counter = amount, counter

    def attach(self, city: Any) -> None:
        city.strength.append(self)

    def shields(self, table: Any, seat: int) -> int:
        return self.amount * count(table, seat, self.counter)

    def worth(self, obs: Any, seat: int) -> float:
        return 0.5 * self.amount * (ages_left(obs) + 1)


@handles("shields", "count", "per")
def _shields(n: A.Shields, b: Builder, ix: Any) -> None:
    if n.per is not None:
        b.hooks.append(StrengthHook(n.count, counter(n.per, ix)))
    else:
        b.shields += n.count

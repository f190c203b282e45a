"""`coins`: coins once, when built (after the turn's builds), flat or counted then.
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.counting import Counter, count
from interpreter.rules.effects.base import Builder, counter, handles


class CoinsHook(Hook):
    """Coins taken once, when built (flat, or per counted thing at that moment)."""

    builds = True

    def __init__(self, amount: int, counter: Counter | None):
        self.amount, self.counter = amount, counter

    def when_built(self, game: Any, seat: int) -> int:
        if self.counter is None:
            return self.amount
        return self.amount * count(game.table, seat, self.counter)

    def worth(self, obs: Any, seat: int) -> float:
        return self.when_built(obs, seat) / 3


@handles("coins", "amount", "per")
def _coins(n: A.Coins, b: Builder, ix: Any) -> None:
    b.hooks.append(CoinsHook(n.amount, counter(n.per, ix)))

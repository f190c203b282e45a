"""`exchange N same for 1 any`: N units of one resource the owner produces stand for one unit
of any resource when it pays (interpreter/rules/exchange.py searches those payments; the native
core's interpreter/native/exchange.pxi the same way)."""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.effects.base import Builder, ages_left, handles


class ExchangeHook(Hook):
    """Sets the city's exchange rate; the payment search reads it (the smallest rate wins)."""

    def __init__(self, give: int):
        self.give = give

    def attach(self, city: Any) -> None:
        if not city.exchange or self.give < city.exchange:
            city.exchange = self.give
            city.prod_version += 1  # what it can pay changed: its price memo is stale

    def worth(self, obs: Any, seat: int) -> float:
        """About a flexible unit of production for the ages left, less for a dearer rate: it
        pays only from surplus production."""
        return (1.6 / self.give) * ages_left(obs) + 0.3


@handles("exchange", "give")
def _exchange(n: A.Exchange, b: Builder, ix: Any) -> None:
    b.hooks.append(ExchangeHook(n.give))

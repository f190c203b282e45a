"""`trade N seats away`: the cities that far away sell to the owner too (interpreter/rules/
far_trade.py prices it), at the rules' trade price."""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.effects.base import Builder, ages_left, handles


class FarTradeHook(Hook):
    """More sellers for the owner: the cities `distance` seats away on either side."""

    def __init__(self, distance: int, price: int):
        self.distance, self.price = distance, price

    def attach(self, city: Any) -> None:
        city.far_trade, city.far_price = self.distance, self.price

    def worth(self, obs: Any, seat: int) -> float:
        """Like a production unit for the ages left, when the table has such cities."""
        n = obs.n
        return 0.0 if self.distance % n in (0, 1, n - 1) else 0.8 * ages_left(obs) + 0.5


@handles("trade", "seats")
def _far_trade(n: A.FarTrade, b: Builder, ix: Any) -> None:
    b.hooks.append(FarTradeHook(n.seats, ix.rules.trade_price))

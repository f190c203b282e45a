"""`buy`: cheaper trade with neighbours (a price per resource and side), or buying from
the bank (a cost change).
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.counting import seats_of
from interpreter.rules.effects.cost_change import CostChange
from interpreter.rules.effects.base import Builder, handles, resources


@handles("buy", "resources", "sides", "price")
def _trade(n: A.Trade, b: Builder, ix: Any) -> None:
    if n.sides == ("bank",):
        b.hooks.append(CostChange("bank", False, frozenset(), n.price, (0,), resources(n.resources, ix)))
    else:
        b.discounts.append((resources(n.resources, ix), seats_of(n.sides), n.price))

"""`rebate`: coins off the first resource bought from a side each turn (a cost change).
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.counting import seats_of
from interpreter.rules.effects.discount import CostChange
from interpreter.rules.effects.base import Builder, handles


@handles("rebate", "amount", "sides")
def _rebate(n: A.Rebate, b: Builder, ix: Any) -> None:
    b.hooks.append(CostChange("rebate", False, frozenset(), n.amount, (0,), frozenset(seats_of(n.sides))))

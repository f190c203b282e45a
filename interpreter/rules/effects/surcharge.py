"""`surcharge`: a cost change raising the coins of builds (`surcharge 1 coin on yellow cards for
neighbors`), a coin cost change of a negative amount: pricing.mods_for sums it with the
discounts reaching the builder (and keys its cache on it as on them), the price never below 0.
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.counting import seats_of
from interpreter.rules.effects.base import Builder, counter, handles
from interpreter.rules.effects.discount import CostChange


@handles("surcharge", "amount", "target", "sides", "per")
def _surcharge(n: A.Surcharge, b: Builder, ix: Any) -> None:
    stages = n.target.what == "wonder_stage"
    colors = frozenset(ix.col[c] for c in n.target.colors)
    b.hooks.append(CostChange("coin", stages, colors, -n.amount, seats_of(n.sides), counter=counter(n.per, ix)))

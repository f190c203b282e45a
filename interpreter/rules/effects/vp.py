"""`vp`: victory points at game end, flat or counted then (`if wonder complete`).
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.counting import Counter, count
from interpreter.rules.effects.base import Builder, counter, handles


class VictoryHook(Hook):
    """Points at game end (flat, or per counted thing then)."""

    scores = True

    def __init__(self, amount: int, counter: Counter | None, condition: str = ""):
        self.amount, self.counter, self.condition = amount, counter, condition
        self.science_set = counter is not None and counter.what == "science_set" \
            and counter.seats == (0,) and counter.every == 1 and not condition

    def score(self, table: Any, seat: int) -> int:
        if self.condition == "wonder_complete":
            city = table.cities[seat]
            if city.stages_built < len(city.side.stages):
                return 0
        if self.counter is None:
            return self.amount
        return self.amount * count(table, seat, self.counter)

    def worth(self, obs: Any, seat: int) -> float:
        return float(self.score(obs.table, seat))


@handles("vp", "amount", "per", "condition")
def _vp(n: A.VictoryPoints, b: Builder, ix: Any) -> None:
    b.hooks.append(VictoryHook(n.amount, counter(n.per, ix), n.condition))

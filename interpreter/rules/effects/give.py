"""`give defeats to winner`: a conflict rule, the defeat token goes to the winner.
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.effects.base import Builder, ages_left, handles


class GiveDefeatsRule(Hook):
    """Conflict rule: this city's defeat tokens go to the neighbour that beat it."""

    def attach(self, city: Any) -> None:
        city.defeats_to_winner = True

    def worth(self, obs: Any, seat: int) -> float:
        return 1.0 * ages_left(obs) + 0.5


@handles("give")
def _give(n: A.GiveDefeats, b: Builder, ix: Any) -> None:
    b.hooks.append(GiveDefeatsRule())

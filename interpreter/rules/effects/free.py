"""`free`: a build for free once per age or game (cards of some colours), or the first /
last card of each age, or the first card of each colour (a cost change).
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.effects.cost_change import CostChange
from interpreter.rules.effects.base import Builder, ages_left, handles


class FreeBuildPower(Hook):
    def __init__(self, period: str, colors: frozenset[int] = frozenset()):
        self.period, self.colors = period, colors

    def attach(self, city: Any) -> None:
        if self.period in ("age_first", "age_last"):  # a turn whose card costs nothing
            city.free_turns.add(self.period)
            return
        city.free_build = self.period
        city.free_build_colors = self.colors

    def worth(self, obs: Any, seat: int) -> float:
        return 3 + 1.5 * ages_left(obs)


@handles("free", "period", "colors")
def _free_build(n: A.FreeBuild, b: Builder, ix: Any) -> None:
    if n.period == "colour_first":  # a cost change: nothing to pay for a colour not yet built
        b.hooks.append(CostChange("first_of_color", False, frozenset(), 0, (0,)))
        return
    b.hooks.append(FreeBuildPower(n.period, frozenset(ix.col[c] for c in n.colors)))

"""`produce`: resources every turn, fixed or either/or, tradable or not; `produce one
produced|unproduced`, production that follows the city's own.
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.effects.base import Builder, ages_left, handles


class RelativeProduction(Hook):
    """One unit of a resource the city sells (or does not sell) to its neighbours; the choice
    follows its production as it grows."""

    def __init__(self, relative: str):
        self.relative = relative

    def attach(self, city: Any) -> None:
        city.add_relative(self.relative)

    def worth(self, obs: Any, seat: int) -> float:
        return 1.2 * ages_left(obs) + 0.3


@handles("produce", "resources", "choice", "tradable", "relative")
def _produce(n: A.Produce, b: Builder, ix: Any) -> None:
    if n.relative:
        b.hooks.append(RelativeProduction(n.relative))
        return
    if n.choice:  # `wood/wood` is one wood: a resource named twice is one choice, not two
        options = tuple(dict.fromkeys(ix.res[r] for r, _ in n.resources))
        (b.choices if n.tradable else b.choices_private).append(options)
    else:
        vec = b.fixed if n.tradable else b.fixed_private
        for r, k in n.resources:
            vec[ix.res[r]] += k

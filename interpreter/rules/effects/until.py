"""`until`: a duration, a lasting effect that ends with the age its source is built in
(`produce wood until age ends`, `rule pass -2 for all until age ends`).

The effect is compiled on its own (its word's handler) into a Contribution the hook folds into
its city while it holds; interpreter/rules/durations.py ends it at the age's end, making the city
again without it. The native core holds it the same way (lower.py: an H_HOLD row, ended in
interpreter/native/own_cards.pxi end_durations).
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Contribution, Hook
from interpreter.rules.effects.base import Builder, ages_left, compile_node, handles


class LastingHook(Hook):
    """The effect `inner` held in the owner's city until `until` ("age") ends."""

    def __init__(self, inner: Contribution, until: str):
        self.held, self.until = inner, until
        self.builds = bool(inner.built_hooks)  # production for others is dealt when built
        # it holds a `rule` change: the game sums the rules changes each turn (laws.pack_changes_rules)
        self.holds_rules = any(getattr(h, "changes_rules", False) for h in inner.hooks)

    def attach(self, city: Any) -> None:
        if self in city.expired:  # ended: a city made again folds in nothing of it
            return
        city.lasting.append(self)
        city.add(self.held, "wonder")

    def when_built(self, game: Any, seat: int) -> int:
        return sum(h.when_built(game, seat) for h in self.held.built_hooks)

    def worth(self, obs: Any, seat: int) -> float:
        """What the effect is worth for one age: production a unit's worth, shields as a point
        each (they count in this age's conflict), other hooks their worth spread over the ages
        left (they value the rest of the game)."""
        c = self.held
        units = sum(c.fixed) + sum(c.fixed_private) + len(c.choices) + len(c.choices_private)
        rest = sum(h.worth(obs, seat) for h in c.hooks) / (ages_left(obs) + 1)
        return 1.0 * units + 1.0 * c.shields + 1.0 * len(c.discounts) + rest


@handles("until", "effect", "until")
def _until(n: A.Lasting, b: Builder, ix: Any) -> None:
    inner = Builder(len(ix.res), len(ix.sym))
    compile_node(n.effect, inner, ix)
    c = Contribution(tuple(inner.fixed), tuple(inner.fixed_private), tuple(inner.choices),
                     tuple(inner.choices_private), inner.shields, tuple(inner.science),
                     tuple(inner.science_wild), tuple(inner.discounts), tuple(inner.hooks))
    b.hooks.append(LastingHook(c, n.until))

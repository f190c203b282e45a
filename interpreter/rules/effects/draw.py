"""`draw`: cards of a deck from the box, at random, into the hand of that name.
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.effects.base import Builder, handles


class DrawHook(Hook):
    """When built: draw cards of a deck from the box into the hand of that name."""

    builds = True

    def __init__(self, count: int, deck: str):
        self.count, self.deck = count, deck

    def when_built(self, game: Any, seat: int) -> int:
        game.draw_from_box(seat, self.deck, self.count)
        return 0

    def worth(self, obs: Any, seat: int) -> float:
        return 0.5 * self.count


@handles("draw", "count", "deck")
def _draw(n: A.Draw, b: Builder, ix: Any) -> None:
    b.hooks.append(DrawHook(n.count, n.deck))

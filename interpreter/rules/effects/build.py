"""`build from discard` (free, at the end of the turn) or `build from HAND` (a card of a
second hand, paying its cost): builds owed at the end of the turn (interpreter/game/owed.py).
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.effects.base import Builder, handles


class DiscardBuildHook(Hook):
    """Once, at the end of the turn it is built: build a card from the discard pile."""

    builds = True

    def when_built(self, game: Any, seat: int) -> int:
        game.owe_discard_build(seat)
        return 0

    def worth(self, obs: Any, seat: int) -> float:
        return 3 + 1.0 * obs.discard_size ** 0.5


class HandBuildHook(Hook):
    """Once, at the end of the turn it is built: play a card of a second hand, paying."""

    builds = True

    def __init__(self, hand: str):
        self.hand = hand

    def when_built(self, game: Any, seat: int) -> int:
        game.owe_hand_build(seat, self.hand)
        return 0

    def worth(self, obs: Any, seat: int) -> float:
        return 2.0 * min(1, len(obs.second_hands.get(self.hand, ())))  # its own hand


@handles("build", "hand")
def _discard_build(n: A.BuildFromDiscard, b: Builder, ix: Any) -> None:
    b.hooks.append(HandBuildHook(n.hand) if n.hand else DiscardBuildHook())

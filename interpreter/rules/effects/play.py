"""`play last card`: the last card of each age is played rather than discarded; `play two
cards once per game|age`: a second card of the hand in one turn (interpreter/game/second.py).
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.effects.base import Builder, ages_left, handles


class PlayLastPower(Hook):
    def attach(self, city: Any) -> None:
        city.play_last = True

    def worth(self, obs: Any, seat: int) -> float:
        return 3 + 1.5 * ages_left(obs)


class PlayTwoPower(Hook):
    """Once per `period` ("age" or "game"), a second card played in one turn."""

    def __init__(self, period: str):
        self.period = period

    def attach(self, city: Any) -> None:
        city.play_two = self.period if city.play_two != "age" else "age"  # the more generous one

    def worth(self, obs: Any, seat: int) -> float:
        """About one more card's worth, once in each age still to come for `age`."""
        return 3 + (2.5 * ages_left(obs) if self.period == "age" else 0.0)


@handles("play", "two")
def _play_last(n: A.PlayLastCard, b: Builder, ix: Any) -> None:
    b.hooks.append(PlayTwoPower(n.two) if n.two else PlayLastPower())

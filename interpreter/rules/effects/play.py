"""`play last card`: the last card of each age is played rather than discarded.
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


@handles("play")
def _play_last(n: A.PlayLastCard, b: Builder, ix: Any) -> None:
    b.hooks.append(PlayLastPower())

"""`truce with TARGET`: a conflict rule, no conflict between the owner and those cities
(GameState.war skips the pair; either side's truce is enough). On an alliance's card
(`truce with ally`, interpreter/game/alliances.py) it holds for the age the alliance is made.
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.counting import seats_at, seats_of
from interpreter.rules.effects.base import Builder, ages_left, handles


class TruceHook(Hook):
    """Conflict rule: the cities at `seats` (seat codes) and the owner do not fight."""

    not_native = "a truce (`truce with ...`)"

    def __init__(self, seats: tuple[int, ...]):
        self.seats = seats

    def attach(self, city: Any) -> None:
        city.truces = city.truces + self.seats

    def worth(self, obs: Any, seat: int) -> float:
        """Each war left as this age's would go: a defeat avoided by a stronger rival, a victory
        given up over a weaker one (shields as they stand)."""
        rules = obs.rules
        age = min(max(1, obs.age), rules.ages)
        own = obs.table.cities[seat].shields
        v = 0.0
        for other in seats_at(obs.table, seat, self.seats):
            theirs = obs.table.cities[other].shields
            v += -rules.defeat_token if theirs > own else -rules.victory_tokens[age - 1] if own > theirs else 0
        return v * (ages_left(obs) + 1)


@handles("truce", "sides")
def _truce(n: A.Truce, b: Builder, ix: Any) -> None:
    b.hooks.append(TruceHook(seats_of(n.sides)))

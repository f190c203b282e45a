"""`copy`: a neighbour's card of some colours, copied at game end or now.
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.counting import target_cities
from interpreter.rules.effects.base import Builder, handles, nested_worth, target_codes


class CopyAtEnd(Hook):
    """At game end, copy the best card of these colours from these neighbours."""

    def __init__(self, colors: tuple[int, ...], seats: tuple[int, ...]):
        self.colors, self.seats = colors, seats

    def attach(self, city: Any) -> None:
        city.copies.append((self.colors, self.seats))

    def worth(self, obs: Any, seat: int) -> float:
        return 5.0


class CopyNow(Hook):
    """Chosen when built: a neighbour's card of these colours whose whole effect then
    applies to this city too (its when-built coins included)."""

    builds = True

    def __init__(self, colors: tuple[int, ...], seats: tuple[int, ...]):
        self.colors, self.seats = colors, seats

    def when_built(self, game: Any, seat: int) -> int:
        return game.copy_card_now(seat, self.colors, self.seats)

    def worth(self, obs: Any, seat: int) -> float:
        best = 0.0
        for city in target_cities(obs.table, seat, self.seats):
            for card in city.cards:
                if card.color in self.colors:
                    best = max(best, sum(nested_worth(h, obs, seat) for h in card.effect.hooks))
        return best


@handles("copy", "colors", "sides", "now")
def _copy(n: A.CopyCard, b: Builder, ix: Any) -> None:
    colors, seats = tuple(ix.col[c] for c in n.colors), target_codes(n.sides, ix)  # chosen when copied
    b.hooks.append(CopyNow(colors, seats) if n.now else CopyAtEnd(colors, seats))

"""`bury card from HAND for N vp per coin`: when built, the owner may take one card of a second
hand out of the game, worth points by its coin cost (own_cards.py asks which)."""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.effects.base import Builder, handles


class BuryHook(Hook):
    """Once, when built: a card of the owner's hand `hand` leaves the game; at game end `vp`
    points per coin of its printed coin cost. The city keeps which hook buried which card, so
    two such stages score their own cards."""

    builds = True
    scores = True

    def __init__(self, hand: str, vp: int):
        self.hand, self.vp = hand, vp

    def when_built(self, game: Any, seat: int) -> int:
        game.bury_card(seat, self)
        return 0

    def score(self, table: Any, seat: int) -> int:
        return sum(self.vp * card.cost_coins for hook, card in table.cities[seat].buried if hook is self)

    def worth(self, obs: Any, seat: int) -> float:
        """The points of the dearest card of that hand (less what recruiting it would bring,
        taken as a third: most such cards are played anyway)."""
        hand = obs.second_hands.get(self.hand, ()) if obs.seat == seat else ()
        return max((self.vp * c.cost_coins for c in hand), default=0) * 2 / 3


@handles("bury", "hand", "vp")
def _bury(n: A.Bury, b: Builder, ix: Any) -> None:
    b.hooks.append(BuryHook(n.hand, n.vp))

"""`discard own COLOUR card for N coins`: when built, the owner may give up one of its own
built cards for coins (the game asks its player which: interpreter/game/own_cards.py)."""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.effects.base import Builder, handles


class DiscardOwnHook(Hook):
    """Once, when built: one of the owner's cards of `colors` (any when empty) to the discard
    pile for `coins`; its player may decline."""

    builds = True

    def __init__(self, colors: tuple[int, ...], coins: int):
        self.colors, self.coins = colors, coins

    def candidates(self, cards: Any) -> list[Any]:
        """The built cards this may discard: of its colours, never the card bearing it."""
        return [c for c in cards if (not self.colors or c.color in self.colors)
                and self not in c.effect.hooks]

    def when_built(self, game: Any, seat: int) -> int:
        return game.discard_own_card(seat, self)

    def worth(self, obs: Any, seat: int) -> float:
        """The coins, less a point for what the card given up was still worth; nothing
        without a card to give up."""
        if not self.candidates(obs.table.around(seat)[0].cards):
            return 0.0
        return max(0.0, self.coins / 3 - 1.0)


@handles("discard", "colors", "coins")
def _discard_own(n: A.DiscardOwn, b: Builder, ix: Any) -> None:
    b.hooks.append(DiscardOwnHook(tuple(ix.col[c] for c in n.colors), n.coins))

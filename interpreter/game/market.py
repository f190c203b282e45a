"""A market row (phase kind `market`, dsl/phases.py): cards of a table deck laid face up, taken
one at a time, the city behind on points first.

The phase lays the deck's top `deal` cards face up in a row. The players take one card each,
one after another, in order of their points so far (the score pad as it stands), fewest first;
a tie goes to the earlier seat. Taking is a decision among the row's cards (a `keep` move, its
hand the row); the card goes to the second hand `hand`, to be played by a later phase (a
recruitment). The phase ends when every player has taken one or the row is empty; the cards left
go to the box. The seats no player owns take none.
"""
from __future__ import annotations

from typing import Any

from dsl.model import PhaseDecl

from interpreter.rules.moves import KEEP, Move
from interpreter.rules.scoring import score_table


def pick_order(game: Any) -> list[int]:
    """The players by points so far, fewest first (a tie: the earlier seat)."""
    pads = score_table(game.table, game.rules)
    return sorted(range(game.n_players), key=lambda s: (pads[s]["total"], s))


class MarketPhase:
    """game.sub: "take"; game.extra: the players still to take, the next first; the row is the
    hand of the player taking now."""

    def begin(self, game: Any, decl: PhaseDecl, age: int) -> None:
        deck = game.zones[decl.deck]
        if len(deck) < decl.deal:  # (validate refuses a deck that can run out)
            raise ValueError(f"phase '{decl.name}': the deck '{decl.deck}' has run out")
        row = [deck.pop() for _ in range(decl.deal)]
        game.extra = pick_order(game)
        game.kept = [[] for _ in range(game.n)]
        game.turn = 0
        game.hands = [[] for _ in range(game.n)]
        self.next_taker(game, row)

    def next_taker(self, game: Any, row: list[Any]) -> None:
        if not row or not game.extra:
            for seat, cards in enumerate(game.kept):
                if cards:
                    game.cities[seat].hands.setdefault(game.phase.hand, []).extend(cards)
            game.to_box(row)
            game.hands = [[] for _ in range(game.n)]
            game.kept, game.extra = [], []
            game.sub = "done"
            return
        game.hands = [row if s == game.extra[0] else [] for s in range(game.n)]
        game.begin_turn(game.turn + 1)
        game.sub = "take"

    def deciders(self, game: Any) -> list[tuple[int, tuple[str, ...]]]:
        return [(game.extra[0], (KEEP,))]

    def apply(self, game: Any, moves: Any) -> None:
        seat = game.extra.pop(0)
        row = game.hands[seat]
        move = moves[seat] if moves[seat] is not None else Move(0, KEEP)
        game.keep([move if s == seat else None for s in range(game.n)], game.kept)
        self.next_taker(game, row)

    def after_settle(self, game: Any) -> None:  # pragma: no cover - taking builds nothing
        raise RuntimeError("a market has no builds to settle")

"""An auction (phase kind `auction`, dsl/phases.py): cards of a table deck sold for coins.

The phase turns the deck's top `deal` cards face up and sells them one at a time, in the order
drawn: each is one turn, in which every player bids at once, in secret, 0 up to the coins it
has (a decision: Move(0, BID, stage=coins), its "hand" the card up for sale). The single
highest bid builds the card in its city free of its cost (its effects as when built) and pays
its bid to the bank; a tie for the highest bid (every bid 0 included) sells it to nobody: the
card goes to the box. The builds the card owes (from the discard pile, ...) are settled before
the next card. Seats no player owns do not bid.
"""
from __future__ import annotations

from typing import Any

from dsl.model import PhaseDecl

from interpreter.rules.moves import BID


class AuctionPhase:
    """game.sub: "bid"; game.kept[0]: the cards still to sell (the one for sale is in each
    bidder's hand)."""

    def begin(self, game: Any, decl: PhaseDecl, age: int) -> None:
        deck = game.zones[decl.deck]
        if len(deck) < decl.deal:  # (validate refuses a deck that can run out)
            raise ValueError(f"phase '{decl.name}': the deck '{decl.deck}' has run out")
        game.kept = [[deck.pop() for _ in range(decl.deal)]]
        game.turn = 0
        self.next_card(game)

    def next_card(self, game: Any) -> None:
        lot = game.kept[0] if game.kept else []
        if not lot:
            game.hands = [[] for _ in range(game.n)]
            game.kept = []
            game.sub = "done"
            return
        card = lot.pop(0)
        game.hands = [[card] if s < game.n_players else [] for s in range(game.n)]
        game.begin_turn(game.turn + 1)
        game.sub = "bid"

    def deciders(self, game: Any) -> list[tuple[int, tuple[str, ...]]]:
        return [(s, (BID,)) for s in range(game.n_players) if game.hands[s]]

    def apply(self, game: Any, moves: Any) -> None:
        card = next(h[0] for h in game.hands if h)
        bids = {s: (m.stage if m is not None else 0) for s, m in enumerate(moves) if s < game.n_players}
        game._count_actions(len(bids))
        if game.logging:
            game._log_turn([{"player": s, "card": card.name, "action": BID, "bid": b}
                           for s, b in bids.items()])
        top = max(bids.values())
        best = [s for s, b in bids.items() if b == top]
        game.hands = [[] for _ in range(game.n)]
        if len(best) == 1:
            seat = best[0]
            game.cities[seat].coins -= top
            game.build_free(seat, card, "auction", "auction won", bank=top)
        else:
            game.to_box([card])
        game.start_settle()

    def after_settle(self, game: Any) -> None:
        self.next_card(game)

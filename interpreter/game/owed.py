"""The builds owed at the end of a turn, and copies (a mixin of GameState).

A `build from discard` effect built this turn builds from the discard pile (this turn's
discards included), in seat order; a `build from HAND` effect plays a card of a second hand
(a leader, ...) after them. Each is a decision of its own: the position's sub-step "settle"
(interpreter/game/position.py) lists them one at a time in settle_queue. A `copy ... now`
effect copies a neighbour's card at once.
"""
from __future__ import annotations

from interpreter.game.contract import IllegalMove
from interpreter.rules.compiled import CCard
from interpreter.rules.counting import target_cities
from interpreter.rules.effects import Event
from interpreter.rules.moves import BUILD, Move, legal_moves


class EndOfTurnBuilds:
    """Building from the discard pile and from second hands, and copying a card now."""

    def build_discarded(self, seat: int, unique: list[CCard], pick: int | None) -> None:
        """Build `unique[pick]` from the discard pile for free (None: the seat declines)."""
        city = self.cities[seat]
        if not unique:
            return
        if pick is not None and (not isinstance(pick, int) or not 0 <= pick < len(unique)):
            raise IllegalMove(f"{city.name}: no discarded card #{pick}")
        self.look_through_discard(seat)
        if pick is None:
            return
        card = unique[pick]
        self.take_from(self.discard, self.discard_known, card)
        self.build_free(seat, card, "discard", "build from discard")

    def build_free(self, seat: int, card: CCard, free: str, note: str, bank: int = 0) -> None:
        """Build `card` in the seat's city without paying its cost (from the discard pile, won
        at an auction: `free` says how; `bank`, coins already paid for it, for the log)."""
        city = self.cities[seat]
        self._count_actions(1)
        city.build_card(card)
        if card.upgrades:  # it replaces the card it is built over, if there
            self.upgrade_over(seat, card)
        if self.records:
            self.note_plays(self.turn, [(seat, Move(-1, BUILD, free=free), card)])
        coins = self.when_built(seat, card.effect)
        coins += self.fire(seat, Event("build", card.color, card.id))
        gains, self.gains = self.gains, []  # coins its effects give other cities, now
        for other, got in gains:
            if other == seat:
                coins += got
            else:
                self.cities[other].coins += got
                if got and self.cities[other].triggers:
                    self.cities[other].coins += self.fire(other, Event("take_coins"))
        if coins > 0 and (city.triggers or self.watching()):
            coins += self.fire(seat, Event("take_coins"))
        city.coins = max(0, city.coins + coins)
        if self.logging:
            self._log_turn([{"player": seat, "card": card.name, "action": BUILD,
                             "bank": bank, "left": 0, "right": 0, "free": free}], note)
        if self.losses:  # and the coins it makes others lose, at the end of this turn: now
            self.settle_losses()

    def copy_card_now(self, seat: int, colors: tuple[int, ...], seats: tuple[int, ...]) -> int:
        """A `copy ... now` effect: the chosen neighbour's card applies whole to this city."""
        city = self.cities[seat]
        cands: list[CCard] = []
        for other in target_cities(self.table, seat, seats):
            for card in other.cards:
                if card.color in colors and card not in cands and card not in city.copied_now:
                    cands.append(card)
        if not cands:
            return 0
        pick = self.choose_card(seat, cands, "copy")
        if pick is None:
            return 0
        if not 0 <= pick < len(cands):
            raise IllegalMove(f"{city.name}: no card #{pick} to copy")
        card = cands[pick]
        city.copied_now.append(card)
        city.add(card.effect, card.category, card.id)
        if self.logging:
            self._log_turn([{"player": seat, "card": card.name, "action": "copy", "bank": 0,
                             "left": 0, "right": 0, "free": "copy"}], "copy")
        return self.when_built(seat, card.effect)

    def start_settle(self) -> None:
        """The builds owed at the end of this turn: from the discard pile in the order owed,
        then from second hands (those owed by now). Builds owed while settling wait for the
        next turn's settling."""
        self.settle_queue = [("discard", s, "") for s in self.owed] + [("hands", -1, "")]
        self.owed = []
        self.sub = "settle"

    def _settle_next(self) -> bool:
        """Skip the owed builds that need no decision; True when one does (the first)."""
        queue = self.settle_queue
        while queue:
            kind, seat, hand = queue[0]
            if kind == "discard":
                if self.discard_choices(seat):
                    return True
                queue.pop(0)
            elif kind == "hands":
                queue[:1] = [("hand", s, h) for s, h in self.owed_hands]
                self.owed_hands = []
            else:
                if self.saved_hands is not None:
                    return True
                city = self.cities[seat]
                cards = city.hands.get(hand, [])
                if cards and legal_moves(cards, city, self.table, self.free_power(seat), (BUILD,)):
                    self.saved_hands = self.hands  # the second hand is the hand played now
                    self.hands = [cards if s == seat else [] for s in range(self.n)]
                    return True
                queue.pop(0)
        return False

    def _build_hand_now(self, seat: int, hand: str, move: Move) -> None:
        try:
            self.resolve([move if s == seat else None for s in range(self.n)],
                         note=f"build from {hand}")
        finally:
            self.hands, self.saved_hands = self.saved_hands, None
            self.settle_queue.pop(0)

    def build_from_discard(self, seat: int) -> None:
        """One owed build from the discard pile, now, the bot choosing."""
        if seat in self.owed:
            self.owed.remove(seat)
        unique = self.discard_choices(seat)
        if unique:
            self.build_discarded(seat, unique, self.choose_card(seat, unique, "discard"))

"""A city giving up one of its own cards (a mixin of GameState): `discard own ... card for N
coins` (a built card) and `bury card from HAND ...` (a card of a second hand) ask the seat's
player which card, mid-turn, as a `copy ... now` does. A paid step on a track (`advance TRACK
for N coins`) is asked the same way: the step as the one card, taken or declined."""
from __future__ import annotations

from typing import Any

from interpreter.game.contract import IllegalMove
from interpreter.rules.gifts import refresh_gifts


def discard_purpose(coins: int) -> str:
    """What the player is asked (and the log's note for it, which a resumed game reads)."""
    return f"discard own for {coins} coin{'s' if coins != 1 else ''}"


def advance_purpose(track: str, coins: int) -> str:
    """The question of a paid step (and the log's note for it, which a resumed game reads)."""
    return f"advance {track} for {coins} coin{'s' if coins != 1 else ''}"


class OwnCards:
    """Discarding a built card: it goes to the discard pile and its effects end."""

    def discard_own_card(self, seat: int, hook: Any) -> int:
        """The seat's player picks one of its cards the hook may discard, or none; the coins
        it earns (they arrive with the turn's other coins)."""
        city = self.cities[seat]
        cands = hook.candidates(city.cards)
        if not cands:
            return 0
        purpose = discard_purpose(hook.coins)
        pick = self.choose_card(seat, cands, purpose)
        if pick is None:
            return 0
        if isinstance(pick, bool) or not isinstance(pick, int) or not 0 <= pick < len(cands):
            raise IllegalMove(f"{city.name}: no card #{pick} of its own to discard")
        card = cands[pick]
        city.give_up(card, self.cp)
        refresh_gifts(self.table, self.cp)  # production it gave others ends with the card
        self.discard.append(card)
        self.discard_known.append((1 << self.n) - 1)  # it was in play: everyone saw it
        if self.logging:
            self._log_turn([{"player": seat, "card": card.name, "action": "discard", "bank": 0,
                             "left": 0, "right": 0, "free": "discard own"}], purpose)
        return hook.coins

    def bury_card(self, seat: int, hook: Any) -> None:
        """The seat's player picks a card of the hook's hand to bury (out of the game, to the
        box), or none; the city keeps it for the hook's points at game end."""
        city = self.cities[seat]
        hand = city.hands.get(hook.hand)
        if not hand:
            return
        purpose = f"bury from {hook.hand}"
        pick = self.choose_card(seat, list(hand), purpose)
        if pick is None:
            return
        if isinstance(pick, bool) or not isinstance(pick, int) or not 0 <= pick < len(hand):
            raise IllegalMove(f"{city.name}: no card #{pick} in its {hook.hand} hand to bury")
        card = hand.pop(pick)  # in place: the game may hold this very list as a hand
        city.buried.append((hook, card))
        self.box.append(card)
        self.box_known.append((1 << self.n) - 1)  # it scores: everyone sees it
        if self.logging:
            self._log_turn([{"player": seat, "card": card.name, "action": "bury", "bank": 0,
                             "left": 0, "right": 0, "free": "bury"}], purpose)

    def advance_chosen(self, seat: int, step: Any, coins: int) -> bool:
        """Whether the seat's player pays `coins` to move its marker to `step` (a track step
        as a card, CTrack.cards); the answer is logged as a turn of its own when taken."""
        track = step.name.rsplit(" step ", 1)[0]
        purpose = advance_purpose(track, coins)
        pick = self.choose_card(seat, [step], purpose)
        if pick is None:
            return False
        if isinstance(pick, bool) or pick != 0:
            raise IllegalMove(f"{self.cities[seat].name}: no step #{pick} to advance to")
        if self.logging:
            self._log_turn([{"player": seat, "card": step.name, "action": "advance", "bank": coins,
                             "left": 0, "right": 0, "free": "advance"}], purpose)
        return True

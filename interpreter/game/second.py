"""A second card in one turn (a mixin of GameState): `play two cards once per game|age`.

After a turn's moves have resolved (their coins arrived), each city holding the unspent power
is asked (choose_card, mid-turn, as a copy is) which card of its hand to play too, or
none. Those who take one play it together in the age phase's sub-step "second": the seat's
hand is only that card meanwhile, so every way of playing it (build, wonder stage, sell, each
payment) is a legal move, and the rest comes back after. The hand passed on holds one card
fewer; on an age's last turn the second card is the one that would have been discarded.
"""
from __future__ import annotations

from interpreter.game.contract import IllegalMove

SECOND = "second card"  # what the player is asked (and the log's note for those plays)


class SecondCards:
    """Offering the second card, and giving the hands back once it is played."""

    def offer_second(self) -> bool:
        """Ask each city with the power unspent; True when some seat plays a second card now
        (the seats are in `extra`, their hands narrowed to that card)."""
        seats = []
        for seat, city in enumerate(self.cities):
            hand = self.hands[seat]
            if not city.play_two or city.second_used or not hand or seat in self.unowned:
                continue
            pick = self.choose_card(seat, list(hand), f"{SECOND} once per {city.play_two}")
            if pick is None:
                continue
            if isinstance(pick, bool) or not isinstance(pick, int) or not 0 <= pick < len(hand):
                raise IllegalMove(f"{city.name}: no card #{pick} in its hand to play second")
            city.second_used = True
            self.second_rest[seat] = hand[:pick] + hand[pick + 1:]
            self.hands[seat] = [hand[pick]]
            seats.append(seat)
        self.extra = seats
        return bool(seats)

    def end_second(self) -> None:
        """The second cards are played: the seats hold the rest of their hands again."""
        for seat, rest in self.second_rest.items():
            self.hands[seat] = rest
        self.second_rest = {}

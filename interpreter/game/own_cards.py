"""A city giving up one of its own cards (a mixin of GameState): `discard own ... card for N
coins` (a built card) and `bury card from HAND ...` (a card of a second hand) ask the seat's
player which card, mid-turn, as a `copy ... now` does. A paid step on a track (`advance TRACK
for N coins`) is asked the same way: the step as the one card, taken or declined."""
from __future__ import annotations

from typing import Any

from interpreter.game.contract import IllegalMove
from interpreter.rules.durations import expire
from interpreter.rules.gifts import refresh_gifts


def discard_purpose(coins: int) -> str:
    """What the player is asked (and the log's note for it, which a resumed game reads)."""
    return f"discard own for {coins} coin{'s' if coins != 1 else ''}"


def advance_purpose(track: str, coins: int, price: str = "") -> str:
    """The question of a paid step (and the log's note for it, which a resumed game reads);
    a price in resources (`price`, as printed) also says the coins it takes in all, last."""
    paid = f"{coins} coin{'s' if coins != 1 else ''}"
    return f"advance {track} for {price} ({paid} in all)" if price else f"advance {track} for {paid}"


class OwnCards:
    """Discarding a built card: it goes to the discard pile and its effects end; durations end
    at the age's end the same way (their card stays)."""

    def upgrade_over(self, seat: int, card: Any) -> None:
        """An upgrade built (`upgrades: NAME`): the card it replaces leaves the city for the
        discard pile and its effects end, as a card given up does (coins it gave stay)."""
        city = self.cities[seat]
        old = next((c for c in city.cards if c.name == card.upgrades and c is not card), None)
        if old is None:  # (built from the discard pile without it: nothing to replace)
            return
        city.give_up(old, self.cp)
        refresh_gifts(self.table, self.cp)
        self.discard.append(old)
        self.discard_known.append((1 << self.n) - 1)  # it was in play: everyone saw it

    def end_durations(self) -> None:
        """Every effect lasting `until age ends` ends (rules/durations.py), after the age's
        conflicts and `when age ends` triggers."""
        expire(self.table, self.cp, "age")

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

    def step_price(self, seat: int, coins: int, cost: tuple[tuple[int, int], ...]) -> tuple[int, int, int] | None:
        """A step's price in resources (`advance red for 1 wood`), priced as a wonder stage's:
        (coins to the bank, to the left, to the right) of the first way to pay it, buying only
        from the neighbours (no bank purchase, no far trade); None when it cannot be paid."""
        from interpreter.rules.payment import payment_options
        from interpreter.rules.pricing import build_terms, options_with_changes
        city, n = self.cities[seat], self.n
        terms = build_terms(-1, coins, cost, city, self.table)  # as moves._priced prices a stage
        if terms.free:
            return 0, 0, 0
        if terms.bank > city.coins:
            return None
        if not terms.cost:
            return terms.bank, 0, 0
        left, right = self.cities[(seat + 1) % n], self.cities[(seat - 1) % n]
        ways = [(a, b, 0) for a, b in payment_options(terms.cost, city, left, right)] if terms.plain \
            else options_with_changes(terms, city, left, right)
        return next(((terms.bank, a, b) for a, b, e in ways if not e and terms.bank + a + b <= city.coins), None)

    def pay_step(self, seat: int, bank: int, left: int, right: int) -> None:
        """A step's price paid: the neighbours at once; a rebate they granted is used up."""
        from interpreter.rules.pricing import mods_for
        city = self.cities[seat]
        mods = mods_for(city, self.table)
        city.coins -= bank + left + right
        n = self.n
        self.cities[(seat + 1) % n].coins += left
        self.cities[(seat - 1) % n].coins += right
        if mods is not None and mods.rebate != (0, 0):
            for side, paid in ((1, left), (2, right)):
                if paid and mods.rebate[side - 1]:
                    city.rebate_used.add(side)
                    self.bank_reset = True

    def advance_chosen(self, seat: int, step: Any, coins: int, price: str = "",
                       paid: tuple[int, int, int] = (0, 0, 0)) -> bool:
        """Whether the seat's player pays `coins` to move its marker to `step` (a track step
        as a card, CTrack.cards; `price` a price in resources, `paid` its coins to the bank,
        left and right); the answer is logged as a turn of its own when taken."""
        track = step.name.rsplit(" step ", 1)[0]
        purpose = advance_purpose(track, coins, price)
        pick = self.choose_card(seat, [step], purpose)
        if pick is None:
            return False
        if isinstance(pick, bool) or pick != 0:
            raise IllegalMove(f"{self.cities[seat].name}: no step #{pick} to advance to")
        if self.logging:
            bank, left, right = paid if price else (coins, 0, 0)
            self._log_turn([{"player": seat, "card": step.name, "action": "advance", "bank": bank,
                             "left": left, "right": right, "free": "advance"}], purpose)
        return True

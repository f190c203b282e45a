"""Coins lost to other cities' cards, and debt (a mixin of GameState).

A card such as `others lose 2 coins` owes each losing city a loss, settled at the end of the
turn (step 3b of interpreter/game/turn.py) in seat order: the city's player chooses how much
of the loss to pay from its treasury and takes one of the pack's debt tokens for each coin it
does not pay. A pack with no debt kind: it pays what it can.
"""
from __future__ import annotations

from interpreter.game.contract import IllegalMove


class Losses:
    """GameState.owe_loss and settle_losses."""

    def owe_loss(self, seat: int, coins: int, by: int, to_owner: bool = False) -> None:
        """A loss `seat` must settle at the end of this turn: coins or debt tokens; with
        `to_owner`, the coins paid go to the city at `by` (stealing), not the bank."""
        self.losses.append((seat, coins, by, True) if to_owner else (seat, coins, by))

    def settle_losses(self) -> None:
        """Each loss in seat order: the player pays what it chooses (at most what it has) and
        takes a debt token for each coin it does not pay (no debt kind: it pays what it can)."""
        losses, self.losses = sorted(self.losses), []
        entries = []
        debt = self.rules.debt
        for seat, due, by, *stolen in losses:
            to_owner = bool(stolen)
            city = self.cities[seat]
            can = min(due, city.coins)
            pay = can
            if debt:
                pay = self.choose_payment(seat, due, can)
                if not isinstance(pay, int) or not 0 <= pay <= can:
                    raise IllegalMove(f"{city.name}: cannot pay {pay!r} of a loss of {due} "
                                      f"(0 to {can})")
            city.coins -= pay
            if to_owner:  # `... lose N coins to you`: the owner takes what is paid
                self.cities[by].coins += pay
            if debt and due > pay:
                self.give_tokens(seat, debt, due - pay)
            entries.append({"player": seat, "card": self.cities[by].name, "action": "lose",
                            "bank": 0 if to_owner else pay, "left": 0, "right": 0,
                            **({"to": by, "paid": pay} if to_owner else {}),
                            **({"debt": due - pay} if debt and due > pay else {})})
        if self.logging:
            self._log_turn(entries, "coins lost")

"""Seats no player owns: the words a pack's `seats:` declaration may use, with their meaning.

Like the phase kinds, this is the one table: rules checking reads it, the schema's enums and
the pack-format docs come from it, and the interpreter keys its behaviour by these words
(and checks that it covers every one). A seat no player owns is a city of the ring like any
other: its own board, coins and cards; it scores, but it cannot win.
"""
from __future__ import annotations

SIDES = ("left", "right")

# who plays for the seat on a given turn
CONTROLLERS: dict[str, str] = {
    "holder": "the player holding the seat's card plays for it: at the start of each age the "
              "card goes to the player on the side `first_holder` names for that age, and after "
              "each turn it goes with the holder's hand to the player who receives that hand",
    "left": "always the nearest player on the seat's left",
    "right": "always the nearest player on the seat's right",
}

# where the seat's cards come from
HANDS: dict[str, str] = {
    "pile": "dealt a hand like a player, kept face down as a pile that does not pass: each turn "
            "its controller takes the pile's top card into their own hand and, after choosing "
            "their own card, chooses the seat's card from what is left; the pile's last card is "
            "discarded with the players' last cards",
    "own": "dealt a hand like a player, passed with the players' hands; its controller chooses "
           "its card from it",
}

SEAT_KEYS = {
    "name": "the seat's name, for messages and the score pad",
    "players": "the player counts at which the seat is added to the ring",
    "controller": "who plays for it: " + "; ".join(f"{k}: {v}" for k, v in CONTROLLERS.items()),
    "hand": "where its cards come from (default pile): "
            + "; ".join(f"{k}: {v}" for k, v in HANDS.items()),
    "first_holder": "with controller holder: for each age, the side of the seat whose player "
                    "holds its card at the start of the age",
    "must_play": "whether it must build a structure or a wonder stage when it can, and must "
                 "take a free chain when its card has one (default true); it sells a card only "
                 "when it can play none",
    "coins": "coins it starts with (default: the players' starting coins)",
}

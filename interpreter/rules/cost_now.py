"""The coins a card's or stage's printed cost asks now, before cost changes: its coins, plus
`N coins per age` times the current age, less `N less per THING` times what that counts in the
builder's city now (`6 coins, 1 less per blue card`), never below 0. Every price (legal moves,
the payment a turn takes, a project's join) reads it here."""
from __future__ import annotations

from typing import Any

from interpreter.rules.counting import count


def printed_coins(item: Any, table: Any, seat: int) -> int:
    """The coins of `item` (a CCard or CStage) for the city at `seat`, as the cities stand now."""
    coins = item.cost_coins + item.cost_per_age * table.age
    less = item.less
    if less is not None:
        coins = max(0, coins - less[0] * count(table, seat, less[1]))
    return coins

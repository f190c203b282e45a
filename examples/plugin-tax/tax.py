"""The `tax` effect word: when the card is built, take coins from neighbouring cities.

    tax AMOUNT SIDES        e.g.  tax 1 neighbors   |   tax 2 left

A plug-in module lists its words in PLUGIN_EFFECTS. Each PluginSpec declares its
parameters (checked by the parser, so `tax neighbors` or `tax left 1` is reported by
`wonders validate` at the right line and column), a summary and an example for
`wonders docs --pack`, a function giving the English text, and a handler object
whose hooks the game calls (see interpreter/rules/effects/, PluginHandler):

    on_build(table, seat, args) -> int   coins the owner gains when the card is built
    score(table, seat, args)    -> int   victory points at game end (not used here)

`args` holds the parsed arguments in order: an int for AMOUNT and a tuple of side
names for SIDES, e.g. (1, ("left", "right")) for `tax 1 neighbors`.
"""
from __future__ import annotations

from typing import Any

from dsl.registry import Param, PluginSpec


def _sides_english(sides: tuple[str, ...]) -> str:
    names = [{"left": "your left neighbour", "right": "your right neighbour"}[s]
             for s in sides if s != "self"]
    if set(sides) >= {"left", "right"}:
        return "each neighbour"
    return " and ".join(names) or "nobody"


def english(args: tuple[Any, ...]) -> str:
    amount, sides = args
    coins = "1 coin" if amount == 1 else f"{amount} coins"
    return f"When built, take up to {coins} from {_sides_english(sides)} (what they have, if less)."


class Tax:
    """Moves coins from the named neighbours to the owner.

    The coin accounting: the coins taken leave the neighbours' treasuries here, and the
    hook *returns* what the owner gains; the game adds that to the owner's coins with the
    turn's other income. So coins are neither created nor lost.

    The game calls on_build after every payment of the turn and before the turn's income
    (trade, sales, other when-built coins) arrives, so a neighbour can only lose coins it
    had left after paying for its own move. `self` in SIDES is ignored (no taxing yourself).
    """

    def on_build(self, table: Any, seat: int, args: tuple[Any, ...]) -> int:
        amount, sides = args
        amount = max(0, int(amount))
        _me, left, right = table.around(seat)
        targets = {"left": left, "right": right}
        taxed: dict[int, Any] = {}
        for side in sides:
            if side in targets and targets[side].seat != seat:
                taxed[targets[side].seat] = targets[side]  # with 2 players left is right: tax once
        gained = 0
        for city in taxed.values():
            take = min(amount, max(0, city.coins))
            city.coins -= take
            gained += take
        return gained


PLUGIN_EFFECTS = [
    PluginSpec(
        word="tax",
        params=(Param("amount", "int", "coins taken from each named neighbour (at most what it has)"),
                Param("sides", "sides", "whose coins: left, right or neighbors")),
        summary="When built, take up to AMOUNT coins from each named neighbour; "
                "a neighbour with fewer coins gives what it has.",
        example="tax 1 neighbors",
        english=english,
        handler=Tax(),
    ),
]

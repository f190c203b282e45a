"""The coins a card's or stage's printed cost asks now, before cost changes: its coins, plus
`N coins per age` times the current age, less `N less per THING` times what that counts in the
builder's city now (`6 coins, 1 less per blue card`), never below 0; an upgrade (`upgrades:
NAME`) less the cost of the card it replaces (coins and each resource, never below 0). Every
price (legal moves, the payment a turn takes, a project's join) reads it here."""
from __future__ import annotations

from typing import Any

from interpreter.rules.counting import count


def printed_coins(item: Any, table: Any, seat: int) -> int:
    """The coins of `item` (a CCard or CStage) for the city at `seat`, as the cities stand now."""
    coins = item.cost_coins + item.cost_per_age * table.age
    less = item.less
    if less is not None:
        coins = max(0, coins - less[0] * count(table, seat, less[1]))
    old = replaced(item, table.cities[seat])
    if old is not None:
        coins = max(0, coins - old.cost_coins)
    return coins


def replaced(item: Any, city: Any) -> Any:
    """The card of `city` an upgrade is built over (None: not an upgrade, or not built there)."""
    name = getattr(item, "upgrades", "")
    return next((c for c in city.cards if c.name == name), None) if name else None


def printed_resources(item: Any, city: Any) -> tuple[tuple[int, int], ...]:
    """The resources of `item`'s cost for `city`: an upgrade's less the replaced card's."""
    old = replaced(item, city)
    if old is None:
        return item.cost
    credit = dict(old.cost)
    return tuple((r, n - credit.get(r, 0)) for r, n in item.cost if n > credit.get(r, 0))


def upgrade_refusal(item: Any, city: Any) -> str:
    """Why an upgrade cannot be built in `city`, even for free ("": not an upgrade, or the card it
    is built over is there)."""
    name = getattr(item, "upgrades", "")
    return f"{item.name} upgrades {name}, which is not built in this city" if name and name not in city.names else ""

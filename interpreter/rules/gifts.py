"""Production one city gives others (`produce wood for neighbors`), kept in step with the
cards that stand: after a card with such an effect is built or given up, each city's gifts are
worked out again from every city's `gives`, and a city whose gifts changed is made again from
what it holds with the new ones (City.remake). Gifts change rarely, so their cost is there."""
from __future__ import annotations

from typing import Any


def refresh_gifts(table: Any, cp: Any) -> None:
    """Deal the gifts again: for each city, (giver's seat, hook) in seat order, then the order
    the giver's effects entered it."""
    cities = table.cities
    if not any(c.gives or c.gifted for c in cities):
        return
    wanted: list[list[tuple[int, Any]]] = [[] for _ in cities]
    for giver in cities:
        for hook in giver.gives:
            for seat in hook.targets(table, giver.seat):
                wanted[seat].append((giver.seat, hook))
    for city, gifts in zip(cities, wanted):
        if tuple(gifts) != city.gifted:
            city.gifted = tuple(gifts)
            city.remake(cp)

"""Durations: lasting effects with an end (`produce wood until age ends`), expired in one place.

A duration's effect enters its city as any lasting effect does (interpreter/rules/effects/
until.py folds it into the running totals and registers it in `City.lasting`). When the age
ends (after its conflicts and its `when age ends` triggers: phases.AgePhase.after_settle), every
duration in force ends: its hook joins the city's `expired` set and the city is made again from
what it holds (City.remake, as when a card is given up), the expired hooks folding in nothing.
Production given to other cities is dealt again and every cost summary is dropped, so the next
price asked sees the change.
"""
from __future__ import annotations

from typing import Any

from interpreter.rules.gifts import refresh_gifts


def expire(table: Any, cp: Any, until: str = "age") -> bool:
    """End every duration of kind `until` in force in any city; whether any ended."""
    ended = False
    for city in table.cities:
        done = [h for h in city.lasting if h.until == until]
        if not done:
            continue
        city.expired = city.expired | frozenset(done)
        city.remake(cp)
        ended = True
    if ended:
        refresh_gifts(table, cp)
        for city in table.cities:  # cost changes may have ended near any city
            city.mods_key = ()
            city.mods = None
    return ended

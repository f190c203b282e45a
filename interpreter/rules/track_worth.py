"""What more strength in a conflict along a track is worth to the greedy bot, in points.

A track conflict (rules: track_conflicts) compares every city with every other by a count of
the card language (tokens of a kind, blue cards, shields...). One more unit of the counted
thing is worth what it changes in this age's conflict, as the cities stand now (the victory
token won, the defeat token escaped; 0.8 of it, as the land conflict's shields are weighed),
plus a little of every later age's conflict, since the count keeps counting. The native core's
greedy (interpreter/native/tracks.pxi track_gain) does the same float arithmetic in the same
order.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from interpreter.rules.counting import Counter, count


def _outcome(strength: list[int], seat: int, victory: int, defeat: int) -> int:
    """The token `seat` takes in a conflict of every city against every other (conflicts.py)."""
    top, low = max(strength), min(strength)
    if top == low:
        return 0
    if strength[seat] == top:
        return victory
    return defeat if strength[seat] == low else 0


def strength_of(table: Any, seat: int, counted: Counter | None) -> int:
    """A city's strength in a track conflict: the count, or (None) its conflict shields."""
    if counted is None:
        return table.cities[seat].conflict_shields(table)
    return count(table, seat, counted)


def track_gain(obs: Any, seat: int, k: int, units: int) -> float:
    """Points `units` more of what track conflict `k` counts in the owner's own city are worth
    (module docstring): the count grouped by `every` as the conflict groups it."""
    if units == 0:
        return 0.0
    war = obs.rules.track_conflicts[k]
    counted = obs.cp.track_strength[k]
    table = obs.table
    n = len(table.cities)
    strength = [strength_of(table, s, counted) for s in range(n)]
    if counted is None or counted.every <= 1:
        after = strength[seat] + units
    else:  # whole groups of `every`: what the city holds ungrouped, plus the units
        after = (count(table, seat, replace(counted, every=1)) + units) // counted.every
    gained = after - strength[seat]
    age = max(1, obs.age)
    before = _outcome(strength, seat, war.victory[age - 1], war.defeat[age - 1])
    strength[seat] = after
    now = _outcome(strength, seat, war.victory[age - 1], war.defeat[age - 1])
    later = 0
    for a in range(age, len(war.victory)):
        later += war.victory[a] - war.defeat[a]
    return 0.8 * (now - before) + 0.1 * gained * later


def units_built(counted: Counter | None, color: int, shields: int) -> int:
    """How much one build adds to what `counted` counts in the owner's own city: a card of a
    counted colour (`color`, -1 for a wonder stage) or a stage; `shields` for a conflict of
    shields (None). Tokens are valued by the word that gives them (GainHook.worth)."""
    if counted is None:
        return shields
    selves = sum(1 for s in counted.seats if s == 0)
    if counted.what == "card":
        return selves if color >= 0 and color in counted.colors else 0
    if counted.what == "wonder_stage":
        return selves if color < 0 else 0
    return 0


def build_worth(obs: Any, seat: int, color: int, shields: int) -> float:
    """What a build (a card of `color`, or a stage: -1) adds in every track conflict."""
    v = 0.0
    for k, counted in enumerate(obs.cp.track_strength):
        v += track_gain(obs, seat, k, units_built(counted, color, shields))
    return v

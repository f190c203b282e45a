"""The law tower in STATE documents (docs/formats.md): written by a game, read back by `wonders
price` and `wonders score`, so a position under laws prices and scores as it played.

The document's `tower` lists the tiles placed, oldest first (the most recent `visible` ones make
their laws, the others are covered); each player's `laws` gives the tiles it still holds and how
many it placed. Apart from the cities' own keys so statefile.py stays one pass over a city.
"""
from __future__ import annotations

import difflib
from typing import Any

from dsl.safeio import printable, short

from interpreter.rules.city import City


def write_tower(doc: dict[str, Any], cities: list[City], tower: list[tuple[int, int]], rules: Any) -> dict[str, Any]:
    """`doc` (a STATE document of these cities) with the tower, when the pack has one."""
    if rules.tower is None:
        return doc
    tiles = rules.tower.tiles
    doc["tower"] = [tiles[t].name for _, t in tower]
    for entry, city in zip(doc["players"], cities):
        entry["laws"] = {"held": [tiles[t].name for t in city.laws], "placed": city.laws_placed}
    return doc


def _named(name: Any, names: list[str], where: str, problems: list[str]) -> int | None:
    if isinstance(name, str) and name in names:
        return names.index(name)
    close = difflib.get_close_matches(str(name), names, n=1, cutoff=0.6)
    problems.append(f"{where}: no law tile {short(name) if not isinstance(name, str) else repr(printable(name))}"
                    + (f"; did you mean '{close[0]}'?" if close else f" (tiles: {', '.join(names)})"))
    return None


def read_tower(state: dict[str, Any], cities: list[City], rules: Any, problems: list[str]) -> list[tuple[str, int]]:
    """Put each city's held tiles and placed count from its `laws`; return the laws the visible
    tiles make ((rules number, amount), for every city). Every problem goes to `problems`."""
    players = [p if isinstance(p, dict) else {} for p in state["players"]]
    if rules.tower is None:
        if "tower" in state or any("laws" in p for p in players):
            problems.append("'tower' / 'laws': this pack has no law tower (rules: tower)")
        return []
    names = [t.name for t in rules.tower.tiles]
    raw = state.get("tower", [])
    placed: list[int] = []
    if not isinstance(raw, list):
        problems.append(f"tower: expected a list of law tile names, oldest first, not {short(raw)}")
        raw = []
    seen: dict[int, str] = {}
    for k, name in enumerate(raw):
        t = _named(name, names, f"tower[{k}]", problems)
        if t is not None:
            if t in seen:
                problems.append(f"tower[{k}]: '{names[t]}' is also {seen[t]} (each tile is placed once)")
            seen.setdefault(t, f"tower[{k}]")
            placed.append(t)
    total = 0
    for city in cities:  # a city is players[city.seat] (an entry that failed has none)
        p, where = players[city.seat], f"players[{city.seat}].laws"
        laws = p.get("laws", {"held": [], "placed": 0})
        if not isinstance(laws, dict) or set(laws) - {"held", "placed"}:
            problems.append(f"{where}: expected {{\"held\": [tile names], \"placed\": N}}, not {short(laws)}")
            continue
        count = laws.get("placed", 0)
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= len(names):
            problems.append(f"{where}.placed: a whole number 0..{len(names)}, not {short(count)}")
            count = 0
        city.laws_placed, total = count, total + count
        held = laws.get("held", [])
        if not isinstance(held, list):
            problems.append(f"{where}.held: expected a list of law tile names, not {short(held)}")
            held = []
        city.laws = []
        for k, name in enumerate(held):
            t = _named(name, names, f"{where}.held[{k}]", problems)
            if t is not None and t in seen:
                problems.append(f"{where}.held[{k}]: '{names[t]}' is also {seen[t]} (each tile is in one place)")
            elif t is not None:
                seen[t] = f"{where}.held[{k}]"
                city.laws.append(t)
    if total != len(placed) and not problems:
        problems.append(f"tower: {len(placed)} tiles placed, and the players' 'placed' counts add up to {total}")
    visible = placed[-rules.tower.visible_at(sum(1 for c in cities if not c.unowned)):] if placed else []
    return [(e.rule, e.amount) for t in visible for e in rules.tower.tiles[t].effects]


def token_values(rules: Any, changes: list[tuple[str, int]]) -> set[int]:
    """The conflict tokens a city may hold when rules changes can move their values: each
    value the rules give, moved by any sum of the pack's victory (defeat) changes."""
    def sums(rule: str) -> set[int]:
        out = {0}
        for name, amount in changes:
            if name == rule:
                out |= {s + amount for s in out}
        return out
    return {v + s for v in rules.victory_tokens for s in sums("victory")} | \
        {rules.defeat_token + s for s in sums("defeat")}

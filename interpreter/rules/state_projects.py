"""The `projects` of a STATE document (docs/formats.md): who joined each shared project and
which are settled, read back onto a table of cities.

Written by the game as `GameState.project_view()` gives it: one entry per project of the pack,
`{"name", "age", "needed", "joined": [player names], "result": "complete" | "failed"}` (no
`result` while it is open). Read strictly, like the rest of a STATE: an unknown project or
player name is an error with a suggestion, so is an age or a number of places the pack does not
give, a city joining twice, more joiners than places, a result the joins cannot have. A settled
project's lasting effects (points, shields, production) join the cities as in the game; its
one-time effects (coins) are taken as done: the STATE's coins already hold them.
"""
from __future__ import annotations

from typing import Any

from dsl.safeio import printable, short
from dsl.text_errors import did_you_mean as _suggest

from interpreter.rules.city import City
from interpreter.rules.compiled import CompiledPack

KEYS = ("name", "age", "needed", "joined", "result")
RESULTS = ("complete", "failed")


def read_projects(raw: Any, cities: list[City], players: int, cp: CompiledPack,
                  problems: list[str]) -> tuple[dict[str, tuple[int, ...]], dict[str, str]]:
    """(joins, settled) from the STATE's `projects`; problems go to `problems`, each located
    (`projects[1].joined[0]: ...`). `players`: the number of players (the places' count)."""
    joins: dict[str, tuple[int, ...]] = {}
    done: dict[str, str] = {}
    if raw is None:
        return joins, done
    if not isinstance(raw, list):
        problems.append(f"projects must be a list of {{name, joined, result}} objects, not {short(raw)}")
        return joins, done
    by_name = {p.name: p for p in cp.projects}
    names = [c.name for c in cities]
    for i, entry in enumerate(raw):
        where = f"projects[{i}]"
        if not isinstance(entry, dict):
            problems.append(f"{where}: expected an object with a project's name, joined and result")
            continue
        for key in entry:
            if key not in KEYS:
                problems.append(f"{where}: unknown key '{printable(str(key))}'{_suggest(str(key), list(KEYS))} "
                                f"(known keys: {', '.join(KEYS)})")
        name = entry.get("name")
        project = by_name.get(name) if isinstance(name, str) else None
        if project is None:
            known = ", ".join(by_name) or "none"
            problems.append(f"{where}: no project named '{printable(str(name))}'"
                            f"{_suggest(str(name), list(by_name))} (this pack's projects: {known})")
            continue
        if project.name in joins:
            problems.append(f"{where}: project '{project.name}' is listed twice")
            continue
        need = project.needed_at(players)
        if "age" in entry and entry["age"] != project.age:
            problems.append(f"{where}: age {short(entry['age'])}: '{project.name}' is a project of age {project.age}")
        if "needed" in entry and entry["needed"] != need:
            problems.append(f"{where}: needed {short(entry['needed'])}: '{project.name}' needs {need} "
                            f"joiners with {players} players")
        seats = _joined(entry.get("joined", []), names, where, problems)
        if len(seats) > need:
            problems.append(f"{where}: {len(seats)} cities joined '{project.name}', which has "
                            f"{need} places with {players} players")
            continue
        result = entry.get("result")
        if result is not None and result not in RESULTS:
            problems.append(f"{where}: result must be 'complete' or 'failed' (or absent while it "
                            f"is open), not {short(result)}{_suggest(str(result), list(RESULTS))}")
            continue
        if result == "complete" and len(seats) < need:
            problems.append(f"{where}: '{project.name}' is complete with {len(seats)} joiner(s); "
                            f"it needs {need} with {players} players")
            continue
        if result == "failed" and len(seats) >= need:
            problems.append(f"{where}: '{project.name}' failed with all its {need} places taken")
            continue
        joins[project.name] = tuple(seats)
        if result:
            done[project.name] = result
            effect = project.card.effect if result == "complete" else project.penalty
            for seat, city in enumerate(cities):
                if (seat in seats) == (result == "complete"):
                    city.add(effect, "wonder")
                    city.extras.append(effect)
    return joins, done


def _joined(raw: Any, names: list[str], where: str, problems: list[str]) -> list[int]:
    """The seats of the player names listed (each once, a name no two players share)."""
    if not isinstance(raw, list) or not all(isinstance(n, str) for n in raw):
        problems.append(f"{where}: joined must be a list of player names, not {short(raw)}")
        return []
    seats: list[int] = []
    for k, name in enumerate(raw):
        at = f"{where}.joined[{k}]"
        if name not in names:
            problems.append(f"{at}: no player named '{printable(name)}'{_suggest(name, names)}")
        elif names.count(name) > 1:
            problems.append(f"{at}: two players are named '{printable(name)}': name them apart")
        elif names.index(name) in seats:
            problems.append(f"{at}: '{printable(name)}' joins once (a city takes one place)")
        else:
            seats.append(names.index(name))
    return seats

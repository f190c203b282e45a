"""Shared projects: boards every city sees and may join (docs/pack-format.md, "Projects").

A project belongs to one age. A city that builds a wonder stage in that age may also pay the
project's join cost and take one of its places; when as many cities as the player count asks
for have joined, the project is complete and every joiner gets its reward; a project still
short of joiners when it is checked (the end of its age) fails and every city that did not
join suffers its penalty. Kept apart from the loader so a pack's projects are read, checked
and written back in English in one place.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from . import ast as A
from .english import cost_english, effects_english
from .model import Rules, Source

# `completes:` values: when a full project pays its reward
AT_AGE_END, WHEN_FULL = "end of age", "when full"
COMPLETES = (AT_AGE_END, WHEN_FULL)

KEYS = {
    "name": "the project's name, unique in the pack",
    "age": "the age in which cities may join it (and at whose end it is checked)",
    "cost": "what joining costs, paid besides the wonder stage's cost: card-language cost "
            "('2 coins', 'wood, clay', 'free')",
    "needed": "how many cities must join for the project to be complete: one number, or one per "
              "player count ({3: 2, 4: 2, 5: 3}); each count the pack plays must be given",
    "reward": "card-language effects every joiner gets when the project is complete (coins at "
              "once, points and production for the rest of the game)",
    "penalty": "card-language effects every city that did not join gets when the project fails "
               "('coins -2', 'vp -1'); omitted: none",
    "completes": "when a complete project pays: 'end of age' (the default: checked with the "
                 "age's conflicts) or 'when full' (as soon as its last place is taken)",
    "replace": "replace the project of the same name from an extended pack",
}


@dataclass(frozen=True)
class Project:
    """A shared project as the pack declares it (effects parsed)."""

    name: str
    age: int
    cost: A.Cost
    needed: tuple[tuple[int, int], ...]  # (player count, joiners needed), one per count played
    reward: tuple[A.Effect, ...]
    penalty: tuple[A.Effect, ...] = ()
    completes: str = AT_AGE_END
    source: Source = field(default=Source(), compare=False, repr=False)

    def needed_at(self, players: int) -> int:
        """Joiners needed at this player count (the last count given at or below it)."""
        got = 0
        for n, k in self.needed:
            if n <= players:
                got = k
        return got


def project_schema(text: Callable[..., dict[str, Any]], integer: Callable[..., dict[str, Any]],
                   max_players: int, max_ages: int, max_chars: int) -> dict[str, Any]:
    """The JSON Schema of one project (schema.py passes its own builders)."""
    count = integer("joiners needed", 1, max_players)
    return {"type": "object", "additionalProperties": False, "description": "a shared project",
            "required": ["name", "age", "needed", "reward"],
            "properties": {
                "name": text(KEYS["name"], 100, 1),
                "age": integer(KEYS["age"], 1, max_ages),
                "cost": text(KEYS["cost"], max_chars),
                "needed": {"description": KEYS["needed"], "anyOf": [
                    count, {"type": "object", "minProperties": 1, "additionalProperties": count,
                            "propertyNames": {"pattern": "^[1-9][0-9]?$"}}]},
                "reward": text(KEYS["reward"], max_chars, 1, prose=True),
                "penalty": text(KEYS["penalty"], max_chars, 1, prose=True),
                "completes": {"enum": list(COMPLETES), "description": KEYS["completes"]},
                "replace": {"type": "boolean", "description": KEYS["replace"]}}}


_COST, _EFFECT = "cost", "effect"  # what `parse` reads (not diagnostic kinds)
Add = Callable[..., None]  # the loader's collector: add(doc, pos, message, subject, kind, length)


class ParseText(Protocol):
    """The loader's parser of a cost or effect text, its errors located at `at`."""

    def __call__(self, at: tuple[Any, ...], text: Any, subject: str, what: str) -> Any: ...


def read_project(doc: Any, path: tuple[Any, ...], raw: dict[str, Any], rules: Rules,
                 parse: ParseText, add: Add) -> Project | None:
    """A project from its YAML mapping (schema already checked); problems go to `add`,
    located at the value at fault. `parse(path, text, subject, what)` parses a cost or effects."""
    name = str(raw["name"])
    subject = f'project "{name}"'
    ok = True
    age = int(raw["age"])
    if age > rules.ages:
        add(doc, doc.where(path + ("age",)), f"age {age} is past the last age ({rules.ages})",
            subject, "range")
        ok = False
    needed = _needed(doc, path, raw["needed"], rules, subject, add)
    cost = parse(path + ("cost",), raw.get("cost", "free"), subject, _COST)
    reward = parse(path + ("reward",), raw["reward"], subject, _EFFECT)
    penalty = parse(path + ("penalty",), raw["penalty"], subject, _EFFECT) if "penalty" in raw else ()
    if cost is not None and cost.needs:
        add(doc, doc.where(path + ("cost",)), "cost: a project's join cost cannot have a "
            "prerequisite ('needs ...'): write what joining costs", subject, "range")
        ok = False
    if needed is None or cost is None or reward is None or penalty is None or not ok:
        return None
    line, column = doc.where(path)
    return Project(name=name, age=age, cost=cost, needed=needed, reward=reward, penalty=penalty,
                   completes=str(raw.get("completes", AT_AGE_END)),
                   source=Source(doc.file, line, column))


def _needed(doc: Any, path: tuple[Any, ...], value: Any, rules: Rules, subject: str,
            add: Add) -> tuple[tuple[int, int], ...] | None:
    """(player count, joiners) for every count the pack plays; a count that can never be
    reached (more joiners than cities) is a located error: nobody could complete it."""
    where = path + ("needed",)
    counts = range(rules.min_players, rules.max_players + 1)
    if isinstance(value, int):
        pairs = [(n, value) for n in counts]
    else:
        pairs = sorted((int(k), int(v)) for k, v in value.items())
        missing = [n for n in counts if n not in dict(pairs)]
        if missing:
            add(doc, doc.where(where), "needed: no number of joiners for "
                + ", ".join(f"{n} players" for n in missing)
                + f" (the pack plays {rules.min_players}..{rules.max_players})", subject, "range",
                doc.width(where))
            return None
        extra = [n for n, _ in pairs if n not in counts]
        if extra:
            add(doc, doc.where(where), f"needed: {extra[0]} players is outside the rules' "
                f"{rules.min_players}..{rules.max_players}", subject, "range", doc.width(where))
            return None
    for n, k in pairs:
        if k > n:
            at = where if isinstance(value, int) else where + (str(n),)
            add(doc, doc.where(at), f"needed: {k} joiners with {n} players can never be reached "
                f"(each city joins at most once): nobody could complete it", subject, "range",
                doc.width(at))
            return None
    return tuple(pairs)


def check_projects(projects: list[Project], add: Add, doc_of: Callable[[Project], Any]) -> None:
    """At most one project per age: the table holds one project of each age."""
    seen: dict[int, str] = {}
    for p in projects:
        if p.age in seen:
            doc = doc_of(p)
            add(doc, (p.source.line, p.source.column), f"age {p.age} already has project "
                f'"{seen[p.age]}": one project per age is on the table', f'project "{p.name}"',
                "duplicate", len(p.name))
        else:
            seen[p.age] = p.name


def project_english(p: Project) -> str:
    """The project in plain English, as `wonders cards` and `wonders explain` show it."""
    needs = sorted({k for _, k in p.needed})
    if len(needs) == 1:
        who = f"{needs[0]} cit{'y' if needs[0] == 1 else 'ies'}"
    else:
        who = "enough cities (" + ", ".join(f"{k} with {n} players" for n, k in p.needed) + ")"
    cost = "nothing" if p.cost.is_free else cost_english(p.cost)
    when = ("as soon as the last place is taken" if p.completes == WHEN_FULL
            else f"at the end of age {p.age}")
    text = (f"Age {p.age} project. When you build a wonder stage in age {p.age}, you may also pay "
            f"{cost} to join it (once). If {who} join, it is complete {when}: each joiner gets: "
            f"{effects_english(p.reward)}")
    if p.penalty:
        text += (f" If not enough cities have joined at the end of age {p.age}, each city that "
                 f"did not join gets: {effects_english(p.penalty)}")
    return text

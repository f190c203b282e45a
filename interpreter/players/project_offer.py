"""A shared project as a person is shown it: the join question ("join project for N coins",
asked mid-turn through choose_card) and the table's projects with who joined. One place for
the terminal (human.py) and the browser (interpreter/web), read from an Observation only.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from dsl.english import cost_english, effects_english

from interpreter.rules.compiled import CCard

if TYPE_CHECKING:
    from interpreter.players.observation import Observation

JOIN = "join project"


def _coins(purpose: str) -> int:
    return int(next((w for w in purpose.split() if w.isdigit()), "0"))


def projects_view(obs: "Observation") -> list[dict[str, Any]]:
    """Every project of the pack: its words, places, who joined (names) and its state."""
    names = [c.name for c in obs.cities]
    vocab = obs.rules.vocab
    out = []
    for p, seen in zip(obs.cp.projects, obs.projects):
        src = p.source
        out.append({"name": p.name, "age": p.age, "cost": "nothing" if src.cost.is_free
                    else cost_english(src.cost),
                    "reward": effects_english(src.reward, vocab),
                    "penalty": effects_english(src.penalty, vocab) if src.penalty else "",
                    "needed": seen.needed, "places_left": seen.places_left,
                    "joined": [names[s] for s in seen.joined],
                    "state": {"complete": "complete", "failed": "failed"}.get(
                        seen.result, "open" if p.age >= obs.age else "not settled"),
                    "now": p.age == obs.age and not seen.result})
    return out


def join_offer(obs: "Observation", cards: Sequence[CCard], purpose: str) -> dict[str, Any] | None:
    """The join question's facts (None when `purpose` asks something else): the project's
    name, what joining costs now (coins, besides the stage), reward, penalty, places left."""
    if not purpose.startswith(JOIN) or len(cards) != 1:
        return None
    view = next((v for v in projects_view(obs) if v["name"] == cards[0].name), None)
    if view is None:
        return None
    return {**view, "coins": _coins(purpose)}


def offer_lines(offer: dict[str, Any]) -> list[str]:
    """The join question for the terminal, line by line."""
    coins = offer["coins"]
    joined = ", ".join(offer["joined"]) or "nobody yet"
    lines = [f"Shared project {offer['name']} (age {offer['age']}): join it with this wonder stage?",
             f"  joining costs {coins} coin{'s' if coins != 1 else ''} now, besides the stage "
             f"(the project asks {offer['cost']})",
             f"  places left: {offer['places_left']} of {offer['needed']} (joined: {joined})",
             f"  reward, each joiner when complete: {offer['reward']}"]
    if offer["penalty"]:
        lines.append(f"  penalty, each city that did not join if it fails: {offer['penalty']}")
    return lines

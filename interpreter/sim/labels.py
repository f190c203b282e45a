"""What every statistics output says about the bots that played: their names, what each one
is, whether it is a heuristic, and the pack's effect words it cannot value.

Generic on purpose: a bot class may declare `label` (one line: what it does), `heuristic`
(True when its play is a rule of thumb, so the figures describe that rule, not the game) and
`values_effects` (True when it weighs effects through their value estimates, Hook.worth);
bots that declare nothing get the entries of KNOWN, or careful defaults.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class BotLabel:
    bot: str
    label: str
    heuristic: bool
    values_effects: bool


KNOWN: dict[str, BotLabel] = {
    "random": BotLabel("random", "any legal move, uniformly at random; a baseline, not a player model",
                       heuristic=False, values_effects=False),
    "greedy": BotLabel("greedy", "the move with the best immediate value, by fixed weights",
                       heuristic=True, values_effects=True),
    "human": BotLabel("human", "a person at the terminal", heuristic=False, values_effects=False),
    "search": BotLabel("search", "Monte Carlo search: each candidate played out to the end over "
                       "re-dealt unseen cards, with greedy playouts (docs/bots.md); values no "
                       "effect by estimate", heuristic=False, values_effects=False),
    "plan": BotLabel("plan", "the search bot with its playouts spent where they change the choice "
                     "(none at an age's last turn, fewer late in the last age; docs/bots.md); "
                     "values no effect by estimate", heuristic=False, values_effects=False),
}


def bot_names(spec: str, players: int) -> list[str]:
    """The bot of each seat, as make_bots fills the table (the last name repeats)."""
    names = [s.strip() for s in spec.split(",") if s.strip()] or ["greedy"]
    return [names[min(i, len(names) - 1)] for i in range(players)]


def _declared(factory: Any, attr: str, known: BotLabel | None) -> bool:
    """The class's own declaration, else KNOWN's, else True (assume the worst)."""
    value = getattr(factory, attr, None)
    if value is not None:
        return bool(value)
    return getattr(known, attr) if known is not None else True


def label_of(name: str) -> BotLabel:
    """The class's own declarations first, then KNOWN, then defaults that assume the worst
    (an undescribed bot is called a heuristic that values effects)."""
    from interpreter.players.roster import BOTS
    base = name.split(":", 1)[0]  # search:200 is the search bot with a budget
    factory = BOTS.get(base)
    known = KNOWN.get(base)
    doc = (factory.__doc__ or "").strip().split("\n")[0] if isinstance(factory, type) else ""
    text = getattr(factory, "label", None) or (known.label if known else doc or "no description")
    return BotLabel(name, str(text), _declared(factory, "heuristic", known),
                    _declared(factory, "values_effects", known))


def bot_labels(spec: str, players: int) -> list[dict[str, Any]]:
    """One entry per distinct bot, with the seats it played, in seat order."""
    seats: dict[str, list[int]] = {}
    for seat, name in enumerate(bot_names(spec, players)):
        seats.setdefault(name, []).append(seat)
    return [{**asdict(label_of(name)), "seats": s} for name, s in seats.items()]


def bot_warnings(cp: Any, spec: str, players: int) -> list[str]:
    """What a statistics user must know about the chosen bots on this pack."""
    from interpreter.players.bots import unvalued_words
    out = []
    words = None
    for entry in bot_labels(spec, players):
        name = entry["bot"]
        if entry["heuristic"]:
            out.append(f"{name} is a heuristic bot: the figures describe its play, not the game's balance")
        if entry["values_effects"]:
            words = unvalued_words(cp) if words is None else words
            if words:
                out.append(f"the {name} bot cannot value the effect word(s) {', '.join(map(repr, words))} "
                           "(a plug-in can declare `value` in its PluginSpec): cards using them are "
                           "played as if they did nothing")
    return out

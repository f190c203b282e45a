"""What a city took along the way, so a STATE document can write it and read it back: the points
its triggers and choices gave (`vp 1 when neighbors build red card`, `choose coins 3 or vp 2`),
named by the card that carries each (or "wonder" for its board and stages; City.gained keys them
by the hook itself), and the lasting options its choices took (`choose produce wood or produce
stone`: City.chosen).
"""
from __future__ import annotations

from typing import Any

from dsl.safeio import printable

from interpreter.rules.city import City

WONDER = "wonder"


def _keeps(hook: Any) -> bool:
    """A hook that keeps points it gave along the way: a trigger's, or a choice's (`choose ...`)."""
    return (hook.reacts or getattr(hook, "chooses", False)) and hook.scores


def _sources(city: City) -> list[tuple[str, Any]]:
    """(name, hook) for every scoring trigger the city holds, cards first."""
    out = [(card.name, h) for card in [*city.cards, *city.copied_now] for h in card.effect.hooks
           if _keeps(h)]
    named = {id(h) for _, h in out}
    out += [(WONDER, h) for _, h in city.scorers if _keeps(h) and id(h) not in named]
    return out


def points_of(city: City) -> dict[str, int]:
    """The points each card's triggers gave (those of a card with several are added up)."""
    out: dict[str, int] = {}
    for name, hook in _sources(city):
        got = city.gained.get(hook, 0)
        if got:
            out[name] = out.get(name, 0) + got
    return out


def restore_points(city: City, name: str, points: int) -> bool:
    """Put `points` back on the first scoring trigger of the card `name` (or the wonder's);
    False when the city holds no such trigger."""
    for source, hook in _sources(city):
        if source == name:
            city.gained[hook] = points
            return True
    return False


def read_points(points: Any, city: City) -> str:
    """A STATE file's `points` (card name -> points its trigger gave) restored on the city;
    '' when they fit it, else what is wrong."""
    if not isinstance(points, dict):
        return "points must be an object of card name -> points its trigger gave"
    for name, n in points.items():
        if isinstance(n, bool) or not isinstance(n, int) or not restore_points(city, str(name), n):
            return (f"points.{printable(str(name))} must be a whole number on a card of this city "
                    "with a `vp ... when ...` trigger (or `wonder`)")
    return ""


def chosen_of(city: City) -> list[dict[str, str]]:
    """The lasting options the city's choices took (`choose produce wood or produce stone`), each
    as {card, option}: the card bearing the choice (or `wonder`) and the option's text."""
    names = {id(h): card.name for card in [*city.cards, *city.copied_now] for h in card.effect.hooks}
    return [{"card": names.get(id(hook), WONDER), "option": hook.texts[hook.options.index(option)]}
            for hook, option in city.chosen]


def read_chosen(chosen: Any, city: City) -> str:
    """A STATE file's `chosen` restored on the city (each option joins its totals); '' when they
    fit it, else what is wrong."""
    if not isinstance(chosen, list):
        return "chosen must be a list of {card, option}"
    hooks = [(card.name, h) for card in [*city.cards, *city.copied_now] for h in card.effect.hooks
             if getattr(h, "chooses", False)]
    hooks += [(WONDER, h) for e in (city.side.board, *(st.effect for st in city.side.stages)) for h in e.hooks
              if getattr(h, "chooses", False)]
    for entry in chosen:
        name, text = (entry.get("card"), entry.get("option")) if isinstance(entry, dict) else (None, None)
        hook = next((h for n, h in hooks if n == name and text in h.texts), None)
        if hook is None:
            return (f"chosen: {printable(str(entry))} must name a card of this city with a `choose ...` "
                    "effect (or `wonder`) and one of its options")
        option = hook.options[hook.texts.index(text)]
        city.add(option, "wonder")
        city.chosen.append((hook, option))
    return ""

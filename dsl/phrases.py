"""Small English phrases the card text is built from (plurals, lists, whose city, what a count
from dsl/english.py so that module stays one screenful of effect words."""
from __future__ import annotations

from . import ast as A
from .printer import count_noun
from .vocab import BASE_VOCABULARY, Vocabulary


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if abs(n) == 1 else f"{n} {word}s"


def _or_list(items: list[str], conj: str = "or") -> str:
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conj} {items[-1]}"


def place(sides: tuple[str, ...], noun: str = "city", nouns: str = "cities") -> str:
    """'in your city and in your two neighbours' cities' and the like."""
    if sides and sides[0] in A.CHOSEN_NEIGHBOURS:
        how = {"richer": "with more coins", "poorer": "with fewer coins", "stronger": "with more shields",
               "weaker": "with fewer shields"}[sides[0]]
        return f"in the {noun} of your neighbour {how} (the left one on a tie)"
    if sides == ("others",):
        return f"in every other {noun}"
    parts = []
    if "self" in sides:
        parts.append(f"in your {noun}")
    if "left" in sides and "right" in sides:
        parts.append(f"in your two neighbours' {nouns}")
    elif "left" in sides:
        parts.append(f"in your left neighbour's {noun}")
    elif "right" in sides:
        parts.append(f"in your right neighbour's {noun}")
    parts += [f"in {x}" if noun == "city" else f"in the {noun} of {x}" for x in far_cities(sides)]
    if A.ALLY in sides:
        parts.append(f"in your ally's {noun}")
    return " and ".join(parts)


def far_cities(sides: tuple[str, ...]) -> list[str]:
    """'the city 2 seats to your left' for each seat at a distance in a TARGET."""
    return [f"the city {d} seats to your {way}" for d, way in filter(None, map(A.seat_distance, sides))]


_CLASS_NAMES = {"raw": "raw materials", "manufactured": "manufactured goods"}


def neighbours(sides: tuple[str, ...]) -> str:
    """'either neighbour', 'your left neighbour or the city 2 seats to your left'; a neighbour
    chosen as the effect applies as `whose` names it."""
    if sides and (isinstance(sides[0], A.Pick) or sides[0] in (*A.CHOSEN_NEIGHBOURS, A.OWNER_CHOICE)):
        return whose(sides)
    near = "either neighbour" if "left" in sides and "right" in sides else "your left neighbour" \
        if "left" in sides else "your right neighbour" if "right" in sides else ""
    ally = ["your ally"] if A.ALLY in sides else []
    return _or_list([near, *far_cities(sides), *ally] if near else far_cities(sides) + ally)


_CHOSEN_HOW = {"richer": "with more coins", "poorer": "with fewer coins", "stronger": "with more shields",
               "weaker": "with fewer shields"}


def picked(p: A.Pick) -> str:
    """Whom a target chosen by a count names, chosen as the effect applies."""
    noun = count_noun(p.counted)
    if p.how in ("most", "fewest"):
        return f"your neighbour with the {p.how} {noun} at that moment (the left one on a tie)"
    who = "every other city" if p.other else "every city (yours too)"
    return f"{who} with no {noun} at that moment" if p.how == "none" else \
        f"{who} with at least {p.at_least} {noun} at that moment"


def whose(sides: tuple[str, ...]) -> str:
    """'you', 'your two neighbours', 'you and your left neighbour' and the like."""
    if sides == ("others",):
        return "every other city"
    if sides and isinstance(sides[0], A.Pick):
        return picked(sides[0])
    if sides and sides[0] in A.CHOSEN_NEIGHBOURS:
        return f"your neighbour {_CHOSEN_HOW[sides[0]]} at that moment (the left one on a tie)"
    if sides == (A.OWNER_CHOICE,):
        return "a neighbour of your choice"
    parts = ["you"] if "self" in sides else []
    if "left" in sides and "right" in sides:
        parts.append("your two neighbours")
    elif "left" in sides:
        parts.append("your left neighbour")
    elif "right" in sides:
        parts.append("your right neighbour")
    return " and ".join(parts + far_cities(sides) + (["your ally"] if A.ALLY in sides else []))


def _cards(colors: tuple[str, ...], many: bool, conj: str = "or") -> str:
    noun = "cards" if many else "card"
    return f"{_or_list(list(colors), conj)} {noun}" if colors else noun


def counted(c: A.Counted, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    """'for each brown card in your city', 'for every 3 coins in your treasury', ..."""
    if c.what == "age":
        return "for each age so far (the current one included)"
    many = c.every > 1
    if c.what == "card":
        what = _cards(c.colors, many)
    elif c.what == "wonder_stage":
        what = "wonder stages built" if many else "wonder stage built"
    elif c.what in ("defeat", "victory"):
        what = f"{c.what} token" + ("s" if many else "")
    elif c.what == "coin":
        what = "coins" if many else "coin"
        return f"for {'every ' + str(c.every) if many else 'each'} {what} " \
               f"{place(c.sides, 'treasury', 'treasuries')}"
    elif c.what == "set":
        what = ("sets" if many else "set") + " of " + _or_list([f"one {x}" for x in c.colors], "and") \
            + " card"
    elif c.what == "token":
        what = f"{c.token} token" + ("s" if many else "")
    elif c.what == "produced":
        return (f"for {'every ' + str(c.every) if many else 'each'} {c.resource} for sale "
                f"{place(c.sides)} (what it produces for its neighbours to buy; an either/or card "
                "counts one)")
    elif c.what == "tucked":
        what = ("cards" if many else "card") + " of the colour of the card used to build this stage"
    elif c.what == "shield":
        what = "shields" if many else "shield"
    elif c.what == "victory_pair":
        what = ("points" if many else "point") + " of value of the pairs of identical victory " \
            "tokens (a pair counts one token's value)"
    else:  # science_set
        what = ("sets" if many else "set") + " of " + _or_list(list(vocab.symbols), "and") \
            + " science symbols"
    return f"for {'every ' + str(c.every) if many else 'each'} {what} {place(c.sides)}"

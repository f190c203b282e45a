"""Small English phrases the card text is built from (plurals, lists, whose city), apart
from dsl/english.py so that module stays one screenful of effect words."""
from __future__ import annotations

from . import ast as A


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
    parts = []
    if "self" in sides:
        parts.append(f"in your {noun}")
    if "left" in sides and "right" in sides:
        parts.append(f"in your two neighbours' {nouns}")
    elif "left" in sides:
        parts.append(f"in your left neighbour's {noun}")
    elif "right" in sides:
        parts.append(f"in your right neighbour's {noun}")
    return " and ".join(parts)

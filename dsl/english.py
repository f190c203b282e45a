"""Plain-English card text, as a player would read it off the printed card."""
from __future__ import annotations

from functools import singledispatch

from . import ast as A
from .registry import PLUGINS
from .vocab import BASE_VOCABULARY, Vocabulary

_CLASS_NAMES = {"raw": "raw materials", "manufactured": "manufactured goods"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if abs(n) == 1 else f"{n} {word}s"


def _or_list(items: list[str], conj: str = "or") -> str:
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conj} {items[-1]}"


def place(sides: tuple[str, ...]) -> str:
    """'in your city and in your two neighbours' cities' and the like."""
    parts = []
    if "self" in sides:
        parts.append("in your city")
    if "left" in sides and "right" in sides:
        parts.append("in your two neighbours' cities")
    elif "left" in sides:
        parts.append("in your left neighbour's city")
    elif "right" in sides:
        parts.append("in your right neighbour's city")
    return " and ".join(parts)


def neighbours(sides: tuple[str, ...]) -> str:
    if "left" in sides and "right" in sides:
        return "either neighbour"
    return "your left neighbour" if "left" in sides else "your right neighbour"


def counted(c: A.Counted) -> str:
    if c.what == "card":
        what = (_or_list(list(c.colors)) + " card") if c.colors else "card"
    elif c.what == "wonder_stage":
        what = "wonder stage built"
    elif c.what == "defeat":
        what = "defeat token"
    else:
        what = "victory token"
    return f"for each {what} {place(c.sides)}"


@singledispatch
def english(node: object, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    raise TypeError(f"no English for {type(node).__name__}")


@english.register
def _(n: A.Produce, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    if n.choice:
        text = f"Produces one of {_or_list([r for r, _ in n.resources])} each turn"
    else:
        text = "Produces " + _or_list([f"{k} {r}" for r, k in n.resources], "and") + " each turn"
    return text + ("" if n.tradable else " (neighbours cannot buy it)") + "."


@english.register
def _(n: A.Shields, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    return _plural(n.count, "shield") + "."


@english.register
def _(n: A.Science, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    if n.symbols == ("any",) or len(n.symbols) > 1:
        options = vocab.symbols if n.symbols == ("any",) else n.symbols
        return (f"One science symbol of your choice ({_or_list(list(options))}), "
                "chosen at game end.")
    return f"Science symbol: {n.symbols[0]}."


@english.register
def _(n: A.Coins, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    if n.amount < 0:
        lose = _plural(-n.amount, "coin")
        return f"Lose {lose} when built." if n.per is None else \
            f"Lose {lose} {counted(n.per)}, when built (as many as you have)."
    if n.per is None:
        return f"Take {_plural(n.amount, 'coin')} when built."
    return f"{_plural(n.amount, 'coin')} {counted(n.per)}, taken when built."


@english.register
def _(n: A.VictoryPoints, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    if n.amount < 0:
        minus = _plural(-n.amount, "victory point")
        return f"Minus {minus}." if n.per is None else f"Minus {minus} {counted(n.per)}, at game end."
    if n.per is None:
        return f"{_plural(n.amount, 'victory point')}."
    return f"{_plural(n.amount, 'victory point')} {counted(n.per)}, at game end."


@english.register
def _(n: A.Trade, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    names = [_CLASS_NAMES.get(r, r) for r in n.resources]
    return (f"Buy {_or_list(names)} from {neighbours(n.sides)} "
            f"for {_plural(n.price, 'coin')} each.")


@english.register
def _(n: A.FreeBuild, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    return f"Once per {n.period}, build a structure from your hand for free."


@english.register
def _(n: A.PlayLastCard, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    return ("Play the last card of each age instead of discarding it "
            "(build it, use it for a wonder stage or sell it).")


@english.register
def _(n: A.BuildFromDiscard, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    # Once, when the stage is built (not every turn): the published board's wording.
    return ("At the end of the turn in which this is built, build one card from the "
            "discard pile for free.")


@english.register
def _(n: A.CopyCard, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    colours = _or_list(list(n.colors))
    return f"At game end, copy one {colours} card built by {neighbours(n.sides)}."


@english.register
def _(n: A.PluginEffect, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    spec = PLUGINS.get(n.word)
    return spec.english(n.args) if spec else f"{n.word} {n.args}"


def effects_english(effects: tuple[A.Effect, ...], vocab: Vocabulary = BASE_VOCABULARY) -> str:
    return " ".join(english(e, vocab) for e in effects)


def cost_english(cost: A.Cost) -> str:
    if cost.is_free:
        return "free"
    parts = [f"{n} {r}" for r, n in cost.resources]
    if cost.coins:
        parts.insert(0, _plural(cost.coins, "coin"))
    return _or_list(parts, "and")

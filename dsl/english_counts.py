"""Costs, prerequisites and conditions on counts in English: what a card needs, and what
a count compares (dsl/english.py reads effects back; these are the phrases both share)."""
from __future__ import annotations

from . import ast as A
from .phrases import _or_list, _plural, counted, whose


def cost_english(cost: A.Cost) -> str:
    needs = "".join(f"; only with at least {needed_english(n, c)}" for n, c in cost.needs)
    if cost.less is not None:  # `6 coins, 1 less per blue card`
        needs = f", {_plural(cost.less[0], 'coin')} less {counted(cost.less[1])} when you build it " \
                "(never below 0 coins)" + needs
    if cost.is_free:
        return "free" + needs
    parts = [f"{n} {r}" for r, n in cost.resources]
    if cost.coins_per_age:
        parts.insert(0, _plural(cost.coins_per_age, "coin") + " for each age (the current one included)")
    if cost.coins:
        parts.insert(0, _plural(cost.coins, "coin"))
    return _or_list(parts, "and") + needs


_NEEDED = {"wonder_stage": "wonder stages built", "defeat": "defeat tokens", "victory": "victory tokens",
           "coin": "coins", "science_set": "complete science sets",
           "victory_pair": "points of pairs of identical victory tokens", "shield": "shields"}


def needed_english(n: int, c: A.Counted) -> str:
    """'3 green cards in your city' ('1 green card ...'): what a prerequisite counts, and where."""
    text = f"{n} {_needed(c)}"
    if n == 1:  # the noun in the singular
        head, _, rest = text.partition(" in ")
        text = (head[:-1] if head.endswith("s") and not head.endswith("ss") else head) + (f" in {rest}" if rest else "")
    return text


_THAN = {("left", "right"): "each of your two neighbours, counted separately", ("left",): "your left neighbour",
         ("right",): "your right neighbour", ("others",): "every other city, counted separately"}


def condition_english(cond: A.Condition) -> str:
    """'you have more blue cards than each of your two neighbours, ... (a tie is not more)', ..."""
    what = _needed(cond.counted).partition(" in ")[0]
    if cond.kind in ("more", "most"):
        who = whose(cond.than)
        than = _THAN.get(cond.than) or (f"each of {who}, counted separately" if " and " in who else who)
        return f"you have more {what} than {than} (a tie is not more)" if cond.kind == "more" \
            else f"no other city has more {what} than you (a tie counts)"
    one = needed_english(1, cond.counted).partition(" in ")[0]
    return f"you have no {what}" if cond.kind == "none" else \
        f"you have at most {one if cond.limit == 1 else f'{cond.limit} {what}'}"


def _needed(c: A.Counted) -> str:
    """'green cards in your city': what a prerequisite counts, and where."""
    where = counted(c).partition(" in ")[2]
    if c.what == "card":
        what = f"{_or_list(list(c.colors), 'or')} cards" if c.colors else "cards"
    elif c.what == "token":
        what = f"{c.token} tokens"
    elif c.what == "set":
        what = f"sets of {_or_list(list(c.colors), 'and')} cards"
    elif c.what == "produced":
        what = f"{c.resource} for sale"
    else:
        what = _NEEDED.get(c.what, c.what)
    return f"{what} in {where}" if where else what

"""Rules numbers an effect may change while its source holds (`rule trade_price +1 for all`).

A built card's change holds while the card is in its city; a law tile's while it is visible
on the tower (docs/pack-format.md, "A law tower"). Every change is a whole number added to the
pack's rule, so several changes give the same sum in any order, and a change's amount is a
constant: no change can depend on another rules number, so no circle can be written.
"""
from __future__ import annotations

from typing import Any

# name -> (the rule it changes, the lowest and highest value the game can play with, English)
RULE_NUMBERS: dict[str, tuple[str, int, int, str]] = {
    "trade_price": ("coins per resource bought from a neighbour (discounted prices shift too)",
                    0, 1000, "each resource {who} from a neighbour costs {n} {more}"),
    "sell_coins": ("coins for selling (discarding) a card", 0, 1000,
                   "selling a card gives {whom} {n} {more}"),
    "victory": ("points of each military victory token taken", 0, 1000,
                "each victory token {whom_takes} is worth {n} {more_points}"),
    "defeat": ("points of each defeat token taken (at most 0)", -1000, 0,
               "each defeat token {whom_takes} is worth {n} {more_points}"),
}


def _who(sides: tuple[str, ...]) -> tuple[str, str]:
    if set(sides) >= {"self", "left", "right"}:
        return "every city", "every city"
    parts = ["you"] if "self" in sides else []
    if "left" in sides and "right" in sides:
        parts.append("your two neighbours")
    elif "left" in sides:
        parts.append("your left neighbour")
    elif "right" in sides:
        parts.append("your right neighbour")
    text = " and ".join(parts)
    return text, text


def rule_english(n: Any, vocab: Any = None) -> str:
    """The English of a `rule` change (registered by dsl/english.py)."""
    _, _, _, pattern = RULE_NUMBERS.get(n.rule, ("", 0, 0, "the rule {rule} changes by {n}"))
    who, whom = _who(n.sides)
    buys = "you buy" if who == "you" else f"{who} buys" if who == "every city" else f"{who} buy"
    size = abs(n.amount)
    coins = "coin" if size == 1 else "coins"
    points = "point" if size == 1 else "points"
    text = pattern.format(
        who=buys, whom=whom, n=size, rule=n.rule,
        more=f"{coins} {'more' if n.amount >= 0 else 'less'}",
        more_points=f"{points} {'more' if n.amount >= 0 else 'less'}",
        whom_takes=f"{whom} takes" if whom == "every city" else f"{whom} take")
    return f"While this holds, {text}."


def _lowest(rule: str, rules: Any, effects: list[Any]) -> int:
    """The lowest value the game starts from for `rule` (the cheapest price written)."""
    from . import ast as A
    if rule == "trade_price":
        prices = [e.price for e in effects if isinstance(e, A.Trade) and "bank" not in e.sides]
        return min([rules.trade_price, *prices])
    if rule == "victory":
        return min(rules.victory_tokens, default=0)
    return rules.sell_coins if rule == "sell_coins" else rules.defeat_token


def check_rule_changes(where: list[tuple[Any, Any, str, tuple[Any, ...]]], rules: Any, report: Any) -> None:
    """Refuse a pack whose changes, all holding at once (every card, stage and law tile once:
    a bound, not a game that must happen), would take a rules number out of what the game can
    play with: a negative price or sale, a victory worth less than 0, a defeat worth more."""
    from . import ast as A
    every = [e for _, _, _, effects in where for e in effects]
    for rule, (_, low, high, _) in RULE_NUMBERS.items():
        down = _lowest(rule, rules, every)
        up = rules.defeat_token if rule == "defeat" else -high  # only a defeat has a ceiling
        for file, at, subject, effects in where:
            for e in effects:
                if not isinstance(e, A.RuleChange) or e.rule != rule:
                    continue
                if e.amount < 0:
                    down += e.amount
                    if low <= down - e.amount and down < low:
                        report(file, at, f"'rule {rule} {e.amount:+d}': with every change that lowers "
                               f"it holding at once, {rule} could fall to {down} (below {low}): the "
                               "game cannot play a negative price, sale or victory", subject, "range")
                elif rule == "defeat":
                    up += e.amount
                    if up - e.amount <= high < up:
                        report(file, at, f"'rule defeat {e.amount:+d}': with every change that raises "
                               f"it holding at once, a defeat token could be worth {up} (more than "
                               f"{high}): a defeat cannot give points", subject, "range")

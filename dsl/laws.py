"""Rules numbers an effect may change while its source holds (`rule trade_price +1 for all`).

A built card's change holds while the card is in its city; a law tile's while it is visible
on the tower (docs/pack-format.md, "A law tower"). Every change is a whole number added to the
pack's rule, so several changes give the same sum in any order, and a change's amount is a
constant: no change can depend on another rules number, so no circle can be written.
"""
from __future__ import annotations

from typing import Any

from .phrases import whose

# name -> (the rule it changes, the lowest and highest value the game can play with, English);
# `token KIND` keeps the sign of the kind's points (its bounds come from the pack), `pass` is
# checked at every player count (check_pass_changes)
RULE_NUMBERS: dict[str, tuple[str, int, int, str]] = {
    "trade_price": ("coins per resource bought from a neighbour (discounted prices shift too)",
                    0, 1000, "each resource {who} from a neighbour costs {n} {more}"),
    "sell_coins": ("coins for selling (discarding) a card", 0, 1000,
                   "selling a card gives {whom} {n} {more}"),
    "victory": ("points of each military victory token taken", 0, 1000,
                "each victory token {whom_takes} is worth {n} {more_points}"),
    "defeat": ("points of each defeat token taken (at most 0)", -1000, 0,
               "each defeat token {whom_takes} is worth {n} {more_points}"),
    "pass": ("seats each hand moves at the end of an age's turn, in the age's direction (for all)",
             1, 1000, "each hand passes {n} {seats} {farther} in the age's direction"),
    "science_set": ("points of each complete set of science symbols", 0, 1000,
                    "each complete set of science symbols {whom_scores} is worth {n} {more_points}"),
    "token": ("points of each token of a declared kind at the game's end (`rule token debt +1`; "
              "keeps the sign of the kind's points)", -1000, 1000,
              "each {kind} token {whom_holds} is worth {n} {more_points} at the game's end"),
}


def _who(sides: tuple[str, ...]) -> tuple[str, str]:
    if tuple(sides) == ("left", "self", "right"):
        return "every city", "every city"
    text = whose(sides)  # 'every other city', 'you and your left neighbour', ...
    return text, text


def rule_english(n: Any, vocab: Any = None) -> str:
    """The English of a `rule` change (registered by dsl/english.py)."""
    rule, _, kind = n.rule.partition(" ")
    _, _, _, pattern = RULE_NUMBERS.get(rule, ("", 0, 0, "the rule {rule} changes by {n}"))
    who, whom = _who(n.sides)
    one = " and " not in whom and whom not in ("you", "your two neighbours")  # the verb's number
    buys = f"{who} buys" if one else f"{who} buy"
    size = abs(n.amount)
    coins = "coin" if size == 1 else "coins"
    points = "point" if size == 1 else "points"
    text = pattern.format(
        who=buys, whom=whom, n=size, rule=n.rule, kind=kind,
        seats="seat" if size == 1 else "seats", farther="farther" if n.amount > 0 else "fewer",
        more=f"{coins} {'more' if n.amount >= 0 else 'less'}",
        more_points=f"{points} {'more' if n.amount >= 0 else 'less'}",
        whom_takes=f"{whom} takes" if one else f"{whom} take",
        whom_scores=f"{whom} scores" if one else f"{whom} score",
        whom_holds=f"{whom} holds" if one else f"{whom} hold")
    if rule == "pass" and n.amount < 0:  # (dsl/laws.py farther: below 0 seats, the other way)
        text += " (fewer than 0 seats: the other way)"
    return f"While this holds, {text}."


def _bounds(rule: str, rules: Any, effects: list[Any]) -> tuple[int, int, int | None, int | None]:
    """(value the lowering changes start from, value the raising ones start from, lowest and
    highest value the game can play with: None where there is no line) of a rules number."""
    from . import ast as A
    if rule == "trade_price":  # the cheapest price written, discounts included
        prices = [e.price for e in effects if isinstance(e, A.Trade) and "bank" not in e.sides]
        return min([rules.trade_price, *prices]), rules.trade_price, 0, None
    if rule == "victory":
        return min(rules.victory_tokens, default=0), 0, 0, None
    if rule == "defeat":
        return rules.defeat_token, rules.defeat_token, None, 0
    if rule == "sell_coins":
        return rules.sell_coins, rules.sell_coins, 0, None
    if rule == "science_set":
        return rules.science_set_bonus, rules.science_set_bonus, 0, None
    kind = rules.tokens.get(rule.partition(" ")[2])  # `token KIND`: its points keep their sign
    vp = kind.vp if kind is not None else 0
    return vp, vp, (0 if vp >= 0 else None), (0 if vp < 0 else None)


def check_rule_changes(where: list[tuple[Any, Any, str, tuple[Any, ...]]], rules: Any, report: Any,
                       copies: list[int] | None = None) -> None:
    """Refuse a pack whose changes, all holding at once (every card, stage and law tile; a
    card's change once per copy the largest table deals that can reach one city, `copies`
    beside `where`: a bound, not a game that must happen), would take a rules number out of what the game can
    play with: a negative price, sale or set bonus, a victory worth less than 0, a defeat worth
    more, a token kind's points changing sign (or given to a kind with no score line), a hand
    passed to nobody or back to its owner (check_pass_changes)."""
    from . import ast as A
    every = [e for _, _, _, effects in where for e in effects]
    changed = list(dict.fromkeys(e.rule for e in every if isinstance(e, A.RuleChange) and e.rule != "pass"))
    for rule in changed:
        down, up, low, high = _bounds(rule, rules, every)
        kind = rules.tokens.get(rule.partition(" ")[2]) if rule.startswith("token ") else None
        for k, (file, at, subject, effects) in enumerate(where):
            for e in effects:
                if not isinstance(e, A.RuleChange) or e.rule != rule:
                    continue
                # copies held in several cities add up in a city they all reach: at most one per
                # city it is reached from (one per side named; every other city for `others`)
                reach = rules.max_players - 1 if "others" in e.sides else len(e.sides)
                many = min(copies[k], reach) if copies is not None else 1
                amount = e.amount * many
                said = f"'rule {rule} {e.amount:+d}'" + (f" (on {many} copies of the card)" if many > 1 else "")
                if kind is not None and not kind.line:
                    report(file, at, f"{said}: the token kind '{kind.name}' has no "
                           "score line (give it `line:` under rules: tokens)", subject, "range")
                    kind = None
                if amount < 0:
                    down += amount
                    if low is not None and low <= down - amount and down < low:
                        report(file, at, f"{said}: with every change that lowers "
                               f"it holding at once, {rule} could fall to {down} (below {low}): "
                               + _why(rule), subject, "range")
                else:
                    up += amount
                    if high is not None and up - amount <= high < up:
                        report(file, at, f"{said}: with every change that raises "
                               f"it holding at once, {rule} could rise to {up} (above {high}): "
                               + _why(rule), subject, "range")
    check_pass_changes(where, rules, report)


def _why(rule: str) -> str:
    if rule == "defeat":
        return "a defeat cannot give points"
    if rule.startswith("token "):
        return "a token kind's points keep their sign"
    return "the game cannot play a negative price, sale, victory or set bonus"


def check_pass_changes(where: list[tuple[Any, Any, str, tuple[Any, ...]]], rules: Any, report: Any) -> None:
    """`rule pass`: the passing is the whole table's, so a card's change must say `for all`;
    and no set of the pack's changes holding at once (each once) may bring an age's hands to
    nobody (a distance of 0) or back to their owner at a player count the pack allows; a
    distance below 0 passes the other way (`rule pass -2 for all` reverses a pass of 1).
    A problem is located at the change that first makes such a distance reachable."""
    from . import ast as A
    from .rules import pass_step
    counts = range(max(2, rules.min_players), rules.max_players + 1)
    reach = {0}  # the sums of the changes seen so far, each counted at most once
    for file, at, subject, effects in where:
        for e in effects:
            if not isinstance(e, A.RuleChange) or e.rule != "pass":
                continue
            if e.sides != A.SIDE_ORDER:
                report(file, at, f"'rule pass {e.amount:+d}': hands pass for the whole table: write "
                       f"'rule pass {e.amount:+d} for all'", subject, "range")
                continue
            new = {r + e.amount for r in reach} - reach
            reach |= new
            for age, direction in enumerate(rules.pass_directions, 1):
                far = abs(pass_step(direction))
                bad = sorted((far + r, n) for r in new for n in counts if (far + r) % n == 0)
                if bad:  # (a distance below 0 passes the other way: `rule pass -2` reverses a pass of 1)
                    dist, n = bad[0]
                    what = "to nobody" if dist == 0 else f"at {n} players back to its owner"
                    report(file, at, f"'rule pass {e.amount:+d}': with the changes that could hold at once, "
                           f"age {age}'s hands ('{direction}') could move {dist} seats: each hand "
                           f"would go {what}", subject, "range")
                    break

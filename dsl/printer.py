"""Canonical card text: the one spelling of each effect, so `parse(print(x)) == x`."""
from __future__ import annotations

from dataclasses import replace

from functools import singledispatch

from . import ast as A


def sides_text(sides: tuple[str, ...]) -> str:
    """A TARGET as written: `neighbors`, `left, self`, `others`, `the richer neighbor`."""
    if sides and isinstance(sides[0], A.Pick):
        return pick_text(sides[0])
    if sides and sides[0] in A.CHOSEN_NEIGHBOURS:
        return f"the {sides[0]} neighbor"
    if sides == (A.OWNER_CHOICE,):
        return "a neighbor of your choice"
    return "neighbors" if sides == ("left", "right") else ", ".join(sides)


def pick_text(p: A.Pick) -> str:
    """`the neighbor with most shields`, `every other city with at least 2 red cards`."""
    if p.how in ("most", "fewest"):
        return f"the neighbor with {p.how} {count_noun(p.counted)}"
    whose = f"every {'other ' if p.other else ''}city with"
    return f"{whose} no {count_noun(p.counted)}" if p.how == "none" else \
        f"{whose} at least {p.at_least} {count_noun(p.counted)}"


def count_noun(c: A.Counted) -> str:
    """What a count counts, in the plural: `red cards`, `shields`, `defeats`, `debt`."""
    if c.what == "card":
        return f"{'/'.join(c.colors)} cards" if c.colors else "cards"
    if c.what == "set":
        return f"sets of {'/'.join(c.colors)} cards"
    if c.what == "token":
        return c.token
    if c.what == "produced":
        return f"{c.resource} produced"
    if c.what == "shield":
        return "shields"
    return _COUNTED_NOUNS[c.what][1]


def _amount(name: str, n: int) -> str:
    return name if n == 1 else f"{n} {name}"


_COUNTED_NOUNS = {  # what -> (singular, plural)
    "wonder_stage": ("wonder stage", "wonder stages"),
    "defeat": ("defeat", "defeats"),
    "victory": ("victory", "victories"),
    "coin": ("coin", "coins"),
    "science_set": ("science set", "science sets"),
    "victory_pair": ("point of victory pairs", "points of victory pairs"),
    "shield": ("shield", "shields"),
}


def counted_text(c: A.Counted) -> str:
    """`per [N] THING in SIDES` (`per age` alone); plural nouns after N > 1."""
    if c.what == "age":
        return "per age"
    many = c.every > 1
    if c.what == "card":
        noun = "cards" if many else "card"
        what = f"{'/'.join(c.colors)} {noun}" if c.colors else noun
    elif c.what == "set":
        what = f"{'sets' if many else 'set'} of {'/'.join(c.colors)} cards"
    elif c.what == "token":
        what = c.token
    elif c.what == "produced":
        what = f"{c.resource} produced"
    elif c.what == "tucked":
        what = f"{'cards' if many else 'card'} of the tucked colour"
    else:
        what = _COUNTED_NOUNS[c.what][many]
    number = f"{c.every} " if many else ""
    where = f"{c.sides[0]} neighbor" if c.sides and c.sides[0] in A.CHOSEN_NEIGHBOURS else sides_text(c.sides)
    return f"per {number}{what} in {where}"


def target_text(t: A.Target) -> str:
    if t.what == "wonder_stage":
        return "wonder stages"
    return " ".join(("/".join(t.colors), "cards")) if t.colors else "cards"


def _for_sides(sides: tuple[str, ...]) -> str:
    return "" if sides == ("self",) else f" for {sides_text(sides)}"


@singledispatch
def canonical(node: object) -> str:
    raise TypeError(f"no canonical form for {type(node).__name__}")


@canonical.register
def _(n: A.Produce) -> str:
    if n.relative:
        return f"produce one {n.relative}"
    if n.choice:
        body = "/".join(r for r, _ in n.resources)
    else:
        body = ", ".join(_amount(r, k) for r, k in n.resources)
    return f"produce {body}" + ("" if n.tradable else " untradable") + _for_sides(n.sides)


@canonical.register
def _(n: A.Shields) -> str:
    return f"shields {n.count}" + (f" {counted_text(n.per)}" if n.per else "") + _for_sides(n.sides)


@canonical.register
def _(n: A.Science) -> str:
    return "science " + "/".join(n.symbols)


@canonical.register
def _(n: A.Coins) -> str:
    return f"coins {n.amount}" + (f" {counted_text(n.per)}" if n.per else "")


def _tested_text(c: A.Counted, n: int) -> str:
    """What a condition counts, without 'per' and 'in': `blue cards`, `defeats`, `white card`."""
    return counted_text(replace(c, every=n)).removeprefix("per ").removeprefix(f"{n} ") \
        .rsplit(" in ", 1)[0] if n > 1 else counted_text(c).removeprefix("per ").rsplit(" in ", 1)[0]


def condition_text(cond: "str | A.Condition") -> str:
    """` if wonder complete`, ` if more blue cards than neighbors`, ...; '' for none."""
    if not cond:
        return ""
    if isinstance(cond, str):
        return " if wonder complete"
    many = _tested_text(cond.counted, 2)
    if cond.kind == "more":
        return f" if more {many} than {sides_text(cond.than)}"
    if cond.kind == "most":
        return f" if most {many}"
    if cond.kind == "none":
        return f" if no {many}"
    return f" if at most {cond.limit} {many if cond.limit != 1 else _tested_text(cond.counted, 1)}"


@canonical.register
def _(n: A.VictoryPoints) -> str:
    return f"vp {n.amount}" + (f" {counted_text(n.per)}" if n.per else "") + condition_text(n.condition)


@canonical.register
def _(n: A.Trade) -> str:
    return f"buy {'/'.join(n.resources)} from {sides_text(n.sides)} for {n.price}"


@canonical.register
def _(n: A.FreeBuild) -> str:
    turn = {"colour_first": "first card of each colour", "age_first": "first card of each age",
            "age_last": "last card of each age"}.get(n.period)
    if turn:
        return f"free {turn}"
    on = f" on {'/'.join(n.colors)} cards" if n.colors else ""
    return f"free build once per {n.period}{on}"


@canonical.register
def _(n: A.PlayLastCard) -> str:
    return f"play two cards once per {n.two}" if n.two else "play last card"


@canonical.register
def _(n: A.BuildFromDiscard) -> str:
    return f"build from {n.hand or 'discard'}"


@canonical.register
def _(n: A.Draw) -> str:
    return f"draw {n.count} from {n.deck}"


@canonical.register
def _(n: A.GiveDefeats) -> str:
    return "give defeats to winner"


@canonical.register
def _(n: A.Truce) -> str:
    return f"truce with {sides_text(n.sides)}"


@canonical.register
def _(n: A.CopyCard) -> str:
    return f"copy {'/'.join(n.colors)} card from {sides_text(n.sides)}" + (" now" if n.now else "")


@canonical.register
def _(n: A.Bury) -> str:
    return f"bury card from {n.hand} for {n.vp} vp per coin"


@canonical.register
def _(n: A.RuleChange) -> str:
    return f"rule {n.rule} {n.amount:+d}" + (
        "" if n.sides == ("self",) else " for all" if n.sides == A.SIDE_ORDER else f" for {sides_text(n.sides)}")


@canonical.register
def _(n: A.FarTrade) -> str:
    return f"trade {n.seats} seats away"


@canonical.register
def _(n: A.Exchange) -> str:
    return f"exchange {n.give} same for 1 any"


@canonical.register
def _(n: A.DiscardOwn) -> str:
    colours = "/".join(n.colors) + " " if n.colors else ""
    return f"discard own {colours}card for {n.coins} coin{'s' if n.coins != 1 else ''}"


@canonical.register
def _(n: A.Discount) -> str:
    if n.unit == "all":
        return f"free {target_text(n.target)}{_for_sides(n.sides)}"
    if n.unit == "all_resources":
        return f"discount all resources on {target_text(n.target)}{_for_sides(n.sides)}"
    unit = n.unit if n.amount == 1 else f"{n.unit}s"
    per = f" {counted_text(n.per)}" if n.per else ""
    return f"discount {n.amount} {unit} on {target_text(n.target)}{_for_sides(n.sides)}{per}"


def event_text(e: A.Event) -> str:
    who = "" if e.whose == ("self",) else f"{sides_text(e.whose)} "
    if e.kind == "build":
        return who + " ".join(("build", *(("/".join(e.colors),) if e.colors else ()), "card"))
    return who + {"chain": "build chain", "wonder_stage": "build wonder stage", "buy": "buy",
                  "win_conflict": "win conflict", "lose_conflict": "lose conflict",
                  "take_coins": "take coins", "age_start": "age starts", "age_end": "age ends",
                  "game_end": "game ends", "sold": "buy from you"}[e.kind]


@canonical.register
def _(n: A.Trigger) -> str:
    once = " once per turn" if n.once_per_turn else (f" once per {n.once_per}" if n.once_per else "")
    return f"{canonical(n.effect)} when {event_text(n.event)}{once}"


@canonical.register(A.DefinedEffect)
@canonical.register(A.PluginEffect)
def _(n: A.PluginEffect | A.DefinedEffect) -> str:
    parts = [n.word]
    for a in n.args:
        parts.append(sides_text(a) if isinstance(a, tuple) else str(a))
    return " ".join(parts)


def effects_text(effects: tuple[A.Effect, ...]) -> str:
    return "; ".join(canonical(e) for e in effects)


def _needs_text(n: int, c: A.Counted) -> str:
    """`3 green cards in self`: the count's words with N in front (plural after N > 1)."""
    words = counted_text(replace(c, every=max(2, n))).removeprefix("per ").split(" ", 1)[1]
    if n == 1:
        words = counted_text(c).removeprefix("per ")
    return f"{n} {words}"


def cost_text(cost: A.Cost) -> str:
    if cost.is_free and not cost.needs:
        return "free"
    parts = []
    if cost.coins:
        parts.append(f"{cost.coins} coin" + ("s" if cost.coins != 1 else ""))
    if cost.coins_per_age:
        parts.append(f"{cost.coins_per_age} coin" + ("s" if cost.coins_per_age != 1 else "") + " per age")
    parts.extend(_amount(r, n) for r, n in cost.resources)
    if cost.less is not None:
        parts.append(f"{cost.less[0]} less {counted_text(cost.less[1]).removesuffix(' in self')}")
    if cost.needs:
        parts.append("needs " + " and ".join(_needs_text(n, c) for n, c in cost.needs))
    return ", ".join(parts)


@canonical.register
def _(n: A.Lasting) -> str:
    return f"{canonical(n.effect)} until {n.until} ends"


@canonical.register
def _(n: A.Surcharge) -> str:
    per = f" {counted_text(n.per)}" if n.per else ""
    return f"surcharge {n.amount} coin{'s' if n.amount != 1 else ''} on {target_text(n.target)}{_for_sides(n.sides)}{per}"


@canonical.register
def _(n: A.Tokens) -> str:
    return f"tokens {n.count} {n.kind}" + _for_sides(n.sides)


@canonical.register
def _(n: A.RemoveTokens) -> str:
    return (f"remove {'all' if n.count == 0 else n.count} {n.kind} token"
            f"{'' if n.count == 1 else 's'}" + _for_sides(n.sides))


@canonical.register
def _(n: A.Advance) -> str:
    if not n.coins and not n.resources:
        return f"advance {n.track}"
    return f"advance {n.track} for " + cost_text(A.Cost(n.coins, n.resources))


@canonical.register
def _(n: A.OthersCoins) -> str:
    who = "others" if n.sides == ("others",) else sides_text(n.sides)
    verb = "lose" if n.amount < 0 else "gain"
    coins = "coin" if abs(n.amount) == 1 else "coins"
    per = f" {counted_text(n.per).removesuffix(' in self')}" if n.per else ""
    return f"{who} {verb} {abs(n.amount)} {coins}{per}" + (" to you" if n.to_owner else "")


@canonical.register
def _(n: A.Rebate) -> str:
    return f"rebate {n.amount} coin{'s' if n.amount != 1 else ''} from {sides_text(n.sides)}"


@canonical.register
def _(n: A.Choice) -> str:
    return "choose " + " or ".join(canonical(o) for o in n.options)

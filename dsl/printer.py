"""Canonical card text: the one spelling of each effect, so `parse(print(x)) == x`."""
from __future__ import annotations

from functools import singledispatch

from . import ast as A


def sides_text(sides: tuple[str, ...]) -> str:
    return "neighbors" if sides == ("left", "right") else ", ".join(sides)


def _amount(name: str, n: int) -> str:
    return name if n == 1 else f"{n} {name}"


def counted_text(c: A.Counted) -> str:
    if c.what == "card":
        what = ("/".join(c.colors) + " card") if c.colors else "card"
    elif c.what == "wonder_stage":
        what = "wonder stage"
    else:
        what = c.what
    return f"per {what} in {sides_text(c.sides)}"


@singledispatch
def canonical(node: object) -> str:
    raise TypeError(f"no canonical form for {type(node).__name__}")


@canonical.register
def _(n: A.Produce) -> str:
    if n.choice:
        body = "/".join(r for r, _ in n.resources)
    else:
        body = ", ".join(_amount(r, k) for r, k in n.resources)
    return f"produce {body}" + ("" if n.tradable else " untradable")


@canonical.register
def _(n: A.Shields) -> str:
    return f"shields {n.count}"


@canonical.register
def _(n: A.Science) -> str:
    return "science " + "/".join(n.symbols)


@canonical.register
def _(n: A.Coins) -> str:
    return f"coins {n.amount}" + (f" {counted_text(n.per)}" if n.per else "")


@canonical.register
def _(n: A.VictoryPoints) -> str:
    return f"vp {n.amount}" + (f" {counted_text(n.per)}" if n.per else "")


@canonical.register
def _(n: A.Trade) -> str:
    return f"buy {'/'.join(n.resources)} from {sides_text(n.sides)} for {n.price}"


@canonical.register
def _(n: A.FreeBuild) -> str:
    return f"free build once per {n.period}"


@canonical.register
def _(n: A.PlayLastCard) -> str:
    return "play last card"


@canonical.register
def _(n: A.BuildFromDiscard) -> str:
    return "build from discard"


@canonical.register
def _(n: A.CopyCard) -> str:
    return f"copy {'/'.join(n.colors)} card from {sides_text(n.sides)}"


@canonical.register
def _(n: A.PluginEffect) -> str:
    parts = [n.word]
    for a in n.args:
        parts.append(sides_text(a) if isinstance(a, tuple) else str(a))
    return " ".join(parts)


def effects_text(effects: tuple[A.Effect, ...]) -> str:
    return "; ".join(canonical(e) for e in effects)


def cost_text(cost: A.Cost) -> str:
    if cost.is_free:
        return "free"
    parts = []
    if cost.coins:
        parts.append(f"{cost.coins} coin" + ("s" if cost.coins != 1 else ""))
    parts.extend(_amount(r, n) for r, n in cost.resources)
    return ", ".join(parts)

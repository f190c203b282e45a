"""Built-in words defined over a primitive: the engines implement the primitive once, and each
word here is one row saying which primitive its parse becomes and how it reads in English.

A primitive is what the engines run (interpreter/rules/effects/<primitive>.py in Python, one hook
kind in the native core). A defined word keeps its surface grammar (dsl/effects.lark), its AST
node, its canonical printing and its registry entry (dsl/registry.py: parameters, documentation);
only its meaning is the row: `fields` map the primitive's fields to the word node's (`-amount`:
its negation), `fixed` sets
the others, and `english` lists templates, the first whose flags all hold being used
(dsl/english.py fills its holes: FLAGS and HOLES there say what each means). Adding such a word
needs no handler and no native code: a grammar rule, a registry entry and a row here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import ast as A
from .printer import counted_text, sides_text, target_text


@dataclass(frozen=True)
class Primitive:
    """An operation the engines implement: its name (its Python handler's) and AST node."""

    name: str
    node: type
    doc: str


@dataclass(frozen=True)
class Definition:
    """A built-in word as a primitive: `fields` (primitive field, word field) copied from the
    word's parse, `fixed` (primitive field, value) set; `english` (flags, template) cases,
    first match used; `clause` the same as the rest of a sentence (a trigger's or a choice's
    gain: 'take 2 coins'); without it, the sentence without its 'When built, '. `only` (word
    field, value): the row covers the parses with those values alone (the word's other forms
    are hooks its own handler compiles, and its own English reads)."""

    word: str
    node: type
    primitive: str
    fields: tuple[tuple[str, str], ...]
    fixed: tuple[tuple[str, Any], ...]
    english: tuple[tuple[tuple[str, ...], str], ...]
    clause: tuple[tuple[tuple[str, ...], str], ...] = ()
    only: tuple[tuple[str, Any], ...] = ()


PRIMITIVES: dict[str, Primitive] = {p.name: p for p in (
    Primitive("gain", A.QuantityGain,
              "A quantity of some cities changes once by an amount: coins, or tokens of a kind "
              "(the conflict tokens victory and defeat included); N, or N per COUNT counted in "
              "each of those cities; for the owner or a TARGET; a loss of coins a city cannot pay "
              "becomes debt tokens; with `to you`, what is paid goes to the owner."),
    # --- hold: what a city holds while the source holds ---
    Primitive("hold", A.Hold,
              "What a city holds while the source holds (its card stands, its stage is built): "
              "fixed or either/or production, tradable or not; shields; a science symbol or a "
              "wild one (one of several, any, one more of the most common, one swapped)."),
    # the cost change primitive
    Primitive("cost change", A.CostChangeOp,
              "While its source holds, the price of some builds changes: of the owner's or a "
              "TARGET's cards of some colours or wonder stages, resources fewer, coins fewer or "
              "more (a city's coin changes add up, the price never below 0), the resources or the "
              "whole cost waived; N, or N per COUNT counted each time a price is asked; or the "
              "first resource bought each turn from a neighbour N coins less."),
)}

DEFINITIONS: dict[str, Definition] = {d.word: d for d in (
    Definition("coins", A.Coins, "gain",
               (("amount", "amount"), ("per", "per")), (("quantity", "coins"), ("sides", ("self",))),
               ((("loss", "per"), "Lose {amount coin}{per}, when built (as many as you have)."),
                (("loss",), "Lose {amount coin} when built."),
                (("per",), "{amount coin}{per}, taken when built."),
                ((), "Take {amount coin} when built.")),
               clause=((("loss",), "lose {amount coin}{per}"),
                       ((), "take {amount coin}{per}"))),
    Definition("tokens", A.Tokens, "gain",
               (("amount", "count"), ("kind", "kind"), ("sides", "sides")), (("quantity", "tokens"),),
               ((("owner", "conflict"), "When built, take {amount token}{of the age}, as a war gives it."),
                (("owner",), "When built, take {amount token}."),
                (("conflict",), "When built, {who} {takes} {amount token}{of the age}{each}, as a war gives it."),
                ((), "When built, {who} {takes} {amount token}{each}."))),
    Definition("lose", A.OthersCoins, "gain",
               (("amount", "amount"), ("sides", "sides"), ("per", "per"), ("to_owner", "to_owner")),
               (("quantity", "coins"),),
               ((("loss",), "When built, {whom} loses {amount coin}{to you}{per its} (or takes a debt "
                            "token for each coin it does not pay)."),
                ((), "When built, {whom} takes {amount coin}{per its} from the bank."))),
    # --- hold: the flat forms of produce, shields, science ---
    Definition("produce", A.Produce, "hold",
               (("resources", "resources"), ("choice", "choice"), ("tradable", "tradable")), (),
               ((("choice",), "Produces one of {one of} each turn{unsold}."),
                ((), "Produces {resources} each turn{unsold}.")),
               only=(("relative", ""), ("sides", ("self",)))),
    Definition("shields", A.Shields, "hold",
               (("shields", "count"),), (),
               (((), "{shields shield}."),),
               only=(("per", None), ("sides", ("self",)))),
    Definition("science", A.Science, "hold",
               (("symbols", "symbols"),), (),
               ((("most",), "One more science symbol of the kind you have most of, at game end (on a "
                            "tie, whichever of them scores best)."),
                (("swap",), "At game end, one of your science symbols becomes a symbol of your choice "
                            "({symbols}), whichever scores best."),
                (("wild",), "One science symbol of your choice ({symbols}), chosen at game end."),
                ((), "Science symbol: {symbol}."))),
    # over the cost change primitive
    Definition("discount", A.Discount, "cost change",
               (("unit", "unit"), ("amount", "amount"), ("target", "target"), ("sides", "sides"),
                ("per", "per")), (("from_sides", ()),),
               ((("whole cost",), "{Who} build {target} for free."),
                (("no resources",), "{Target} cost {who} no resources (coins are still paid)."),
                (("resources", "owner"), "{Target} cost {who} {amount unit} less (of your choice){per price}."),
                (("resources",), "{Target} cost {who} {amount unit} less (of the builder's choice){per price}."),
                ((), "{Target} cost {who} {amount unit} less{per price}."))),
    Definition("surcharge", A.Surcharge, "cost change",
               (("amount", "-amount"), ("target", "target"), ("sides", "sides"), ("per", "per")),
               (("unit", "coin"), ("from_sides", ())),
               (((), "{Target} cost {who} {amount coin} more{per price}."),)),
    Definition("rebate", A.Rebate, "cost change",
               (("amount", "amount"), ("from_sides", "sides")),
               (("unit", "rebate"), ("target", None), ("sides", ("self",)), ("per", None)),
               (((), "Each turn, the first resource you buy from {from} costs {amount coin} less."),)),
)}

BY_NODE: dict[type, Definition] = {d.node: d for d in DEFINITIONS.values()}


def primitive(node: Any) -> Any:
    """The primitive node a defined word's parse stands for (its position kept); any other
    node as it is."""
    d = BY_NODE.get(type(node))
    if d is None or any(getattr(node, f) != v for f, v in d.only):
        return node
    values = {p: -getattr(node, f[1:]) if f.startswith("-") else getattr(node, f) for p, f in d.fields}
    values.update(d.fixed)
    return PRIMITIVES[d.primitive].node(**values, line=node.line, column=node.column)


def unmapped_fields() -> dict[str, set[str]]:
    """Per defined word, the fields of its node its row does not map (and any it maps that the
    node lacks), and per row the primitive fields it neither maps nor fixes: empty when each
    word's every parameter means something in its primitive."""
    import dataclasses
    out: dict[str, set[str]] = {}
    for d in DEFINITIONS.values():
        node_fields = {f.name for f in dataclasses.fields(d.node)} - {"line", "column"}
        prim_fields = {f.name for f in dataclasses.fields(PRIMITIVES[d.primitive].node)} - {"line", "column"}
        mapped = {p for p, _ in d.fields} | {p for p, _ in d.fixed}
        read = {f.lstrip("-") for _, f in d.fields} | {f for f, _ in d.only}  # a form's test reads its field
        diff = (node_fields ^ read) | {f"{d.primitive}.{p}" for p in mapped - prim_fields}
        if diff:
            out[d.word] = diff
    return out


def primitive_text(node: Any) -> str:
    """What the engines run of a defined word's parse, as `wonders explain` shows it (not card
    text): `gain: coins -1 for neighbors, paid to the owner`; "" for any other node."""
    p = primitive(node)
    if p is node:
        return ""
    name = BY_NODE[type(node)].primitive
    return f"{name}: {_TEXT[name](p)}"


def _who(sides: tuple[str, ...]) -> str:
    return "the owner" if sides == ("self",) else sides_text(sides)


def _per(p: Any) -> str:
    return f" {counted_text(p.per)}" if p.per is not None else ""


def _gain_text(p: Any) -> str:
    what = "coins" if p.quantity == "coins" else f"{p.kind} tokens"
    return f"{what} {p.amount:+d}{_per(p)} for {_who(p.sides)}" + (", paid to the owner" if p.to_owner else "")


def _cost_change_text(p: Any) -> str:
    """`coins -1 on yellow cards for neighbors` (the price's change: a surcharge's is +N)."""
    if p.unit == "rebate":
        return f"coins {-p.amount:+d} on the first resource bought from {sides_text(p.from_sides)} each turn"
    change = {"all": "whole cost waived", "all_resources": "resources waived"}.get(p.unit) \
        or f"{p.unit}s {-p.amount:+d}{_per(p)}"
    return f"{change} on {target_text(p.target)} for {_who(p.sides)}"


def hold_text(p: A.Hold) -> str:
    """The hold primitive's fields as `explain` shows them: `production 2 wood, 1 clay`,
    `production one of wood/clay, not tradable`, `shields 2`, `science one of gear/tablet`."""
    out = []
    if p.resources:
        what = "one of " + "/".join(dict.fromkeys(r for r, _ in p.resources)) if p.choice else \
            ", ".join(f"{k} {r}" for r, k in p.resources)
        out.append(f"production {what}" + ("" if p.tradable else ", not tradable"))
    if p.shields:
        out.append(f"shields {p.shields}")
    if p.symbols:
        out.append("science " + ("one of " + "/".join(p.symbols) if len(p.symbols) > 1 else p.symbols[0]))
    return "; ".join(out)


_TEXT = {"gain": _gain_text, "hold": hold_text, "cost change": _cost_change_text}  # per primitive


def primitives_text(effects: tuple[Any, ...]) -> str:
    """The primitives a card text's effects run as (inside a trigger, a duration or a choice
    too), joined by `; `: "" when it uses no word defined over one."""
    out = []
    for e in A.expanded(effects):
        inner = (e.effect,) if isinstance(e, (A.Trigger, A.Lasting)) else e.options if isinstance(e, A.Choice) else (e,)
        out.extend(t for t in map(primitive_text, inner) if t)
    return "; ".join(out)

"""What the per-word golden files (tests/golden/words/<word>.yaml) compare: a card text's
canonical form, its English, and what the word's handler compiles it into, with names in
place of indexes so a reader can check it against the rules by eye."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from dsl.english import effects_english
from dsl.loader import load_pack
from dsl.parser import parse_effects
from dsl.printer import effects_text
from interpreter.rules.compiled import compile_pack
from interpreter.rules.counting import SEAT_OF, side_of
from interpreter.rules.science import MOST, SWAP
from interpreter.rules.effects import compile_effects

SIDE_OF = {v: k for k, v in SEAT_OF.items()}


@lru_cache(maxsize=None)
def pack_index(pack: str) -> Any:
    """The pack's vocabulary and the compiler's name -> index tables."""
    from interpreter.rules.compiled import _Indexes
    loaded = load_pack(pack)
    compile_pack(loaded)  # the pack compiles whole (its own cards)
    return loaded.rules.vocab, _Indexes(loaded.rules)


def _names(ixs: Any, table: dict[str, int]) -> list[str]:
    back = {i: n for n, i in table.items()}
    return sorted(back[i] for i in ixs)


def _plain(name: str, value: Any, ix: Any) -> Any:
    """A hook's field with names for indexes (colours, resources, seats, symbols)."""
    if name == "colors":
        return _names(value, ix.col)
    if name == "resources" and value and all(isinstance(x, int) for x in value):
        return _names(value, ix.res)
    if name == "cost":  # a price in resources ((resource, units), ...): by name
        return {_names((r,), ix.res)[0]: n for r, n in value}
    if name in ("seats",):  # a side, or a target chosen by a count (counting.PickSeats)
        return [side_of(s) if isinstance(s, int) else
                {"pick": s.how, "counter": _plain("counter", s.counter, ix), "at_least": s.at_least,
                 "other": s.other} for s in value]
    if name == "counter" and value is not None:
        return {"what": value.what, "colors": _names(value.colors, ix.col),
                "in": [side_of(s) for s in value.seats], "every": value.every,
                **({"token": value.token} if value.token else {}),
                **({"resource": _names((value.resource,), ix.res)[0]} if value.resource >= 0 else {})}
    if name == "condition" and not isinstance(value, str):  # a test on a count (rules/effects/vp.py)
        return {"kind": value.kind, "counter": _plain("counter", value.counter, ix),
                "than": [side_of(s) for s in value.than] or (["others"] if value.kind in ("more", "most") else []),
                "limit": value.limit}
    if name == "pick":  # a target chosen by a count (counting.PickSeats), or none
        return None if value is None else _plain("seats", (value,), ix)[0]
    if name == "inner":
        return describe_hook(value, ix)
    if name in ("gift", "held"):  # production given to other cities (rules/effects/produce.py), a duration's effect
        return describe_contribution(value, ix)
    if isinstance(value, (frozenset, set)):
        return sorted(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def describe_hook(hook: Any, ix: Any) -> dict[str, Any]:
    fields = {k: _plain(k, v, ix) for k, v in sorted(vars(hook).items())
              if not (k == "pick" and v is None) and not (k == "far" and v == ())}  # only when used
    if getattr(hook, "unit", "") == "rebate":  # a rebate keeps the sides it applies to there
        fields["resources"] = [SIDE_OF[s] for s in sorted(hook.resources)]
    return {"hook": type(hook).__name__, **fields}


def describe(text: str, pack: str = "base") -> dict[str, Any]:
    """canonical, english and compiled for one card text."""
    vocab, ix = pack_index(pack)
    effects = parse_effects(text, vocab)
    c = compile_effects(effects, ix)
    return {"canonical": effects_text(effects), "english": effects_english(effects, vocab),
            "compiled": describe_contribution(c, ix)}


def describe_contribution(c: Any, ix: Any) -> dict[str, Any]:
    """A compiled contribution's fast-path vectors and hooks, with names for indexes."""
    res = {i: n for n, i in ix.res.items()}
    sym = {i: n for n, i in ix.sym.items()}
    compiled: dict[str, Any] = {}
    for field, vec in (("produces", c.fixed), ("produces_untradable", c.fixed_private)):
        got = {res[i]: k for i, k in enumerate(vec) if k}
        if got:
            compiled[field] = got
    for field, choices in (("either_or", c.choices), ("either_or_untradable", c.choices_private)):
        if choices:
            compiled[field] = [[res[i] for i in ch] for ch in choices]
    if c.shields:
        compiled["shields"] = c.shields
    science = {sym[i]: k for i, k in enumerate(c.science) if k}
    if science:
        compiled["science"] = science
    if c.science_wild:
        special = {MOST: "most", SWAP: "swap"}  # wilds settled from the city's other symbols
        compiled["science_wild"] = [[special[i] if i < 0 else sym[i] for i in w] for w in c.science_wild]
    if c.discounts:
        compiled["trade_prices"] = [{"resources": _names(r, ix.res), "from": [SIDE_OF[s] for s in seats],
                                     "price": price} for r, seats, price in c.discounts]
    if c.hooks:
        compiled["hooks"] = [describe_hook(h, ix) for h in c.hooks]
    return compiled

"""Icons for card faces, drawn from an effect's AST (never from its English text).

The printed cards speak in pictures: three shields, a coin beside a brown card between two
neighbour arrows. Reading the AST keeps the pictures true to what the engine does, and a
pack's own resources, colours or symbols still draw (in a stable colour from their name).

An effect becomes a row of pieces (a width in icon units and a drawer, see glyphs.py); the
powers (free builds, discounts, copies, triggers, ...) draw in power_icons.py. An effect with
no picture (a plug-in word without an icon) gets no row, and the face shows its English instead.
"""
from __future__ import annotations

from typing import Any, Optional

from dsl import ast as A
from dsl.registry import PLUGINS
from dsl.vocab import Vocabulary

from .glyphs import (  # noqa: F401 - SHIELD re-exported: the shield's colour, for tests
    SHIELD, Row, amount_row, around, coin, fitted, joined, label_box, laurel, piece, repeated, resource, science, shield,
    per_row, picked_row, small, stage, token, word)
from .palette import Prim, hashed
from .power_icons import counted_shield, flow, pile, power_row, trigger_row


def rows_for(e: A.Effect, vocab: Vocabulary) -> Row | None:
    """The icon row of one effect, or None when it has no picture (a plug-in word without an
    icon: the face prints its English instead)."""
    if isinstance(e, A.Produce) and not e.relative:
        if e.choice:
            made = joined([piece(resource, r, vocab) for r, _ in e.resources])
        else:
            made = [p for r, k in e.resources for p in repeated(piece(resource, r, vocab), k)]
        return made if e.sides == ("self",) else around(made, e.sides)  # given to those cities
    if isinstance(e, A.Shields) and e.sides == ("self",):
        if e.per is not None:
            return amount_row(counted_shield, e.count, e.per, vocab)
        return repeated(piece(shield), e.count)
    if isinstance(e, A.Science):
        if e.symbols in (("most",), ("swap",)):  # +1 of the most common / one symbol -> any
            every = joined([small(piece(science, sym, vocab)) for sym in vocab.symbols])
            return [word("+1 MAX" if e.symbols == ("most",) else "1 ->", 0.5), *every]
        symbols = vocab.symbols if e.symbols == ("any",) else e.symbols
        return joined([piece(science, sym, vocab) for sym in symbols])
    if isinstance(e, A.Coins):
        return amount_row(coin, e.amount, e.per, vocab)
    if isinstance(e, A.VictoryPoints):
        row = amount_row(laurel, e.amount, e.per, vocab)
        if row and isinstance(e.condition, A.Condition):
            test = condition_row(e.condition, vocab)
            return None if test is None else row + test
        return row + [word("if", 0.4), small(piece(stage)), word("all", 0.4)] \
            if row and e.condition == "wonder_complete" else row
    if isinstance(e, A.Tokens):  # conflict tokens as `per victory|defeat` draws them
        return target_row(repeated(_token(e.kind), e.count), e.sides)
    if isinstance(e, A.RemoveTokens):  # tokens given back: N of them (or all), to the discard pile
        given = [word("all", 0.45), _token(e.kind)] if not e.count else repeated(_token(e.kind), e.count)
        return target_row(given + [piece(flow, w=0.5), piece(pile)], e.sides)
    if isinstance(e, A.PluginEffect):
        return plugin_row(e)
    if isinstance(e, A.Trigger):  # the gain's own icons, then `when` and the event
        return trigger_row(e, rows_for(e.effect, vocab), vocab)
    if isinstance(e, A.Lasting):  # the effect's own icons, then how long: one age
        row = rows_for(e.effect, vocab)
        return None if row is None else row + [word("1 AGE", 0.6)]
    return power_row(e, vocab)


def _token(kind: str) -> Any:
    """One token of a kind: a conflict token as `per victory|defeat` draws it, a declared kind
    by its initial in its own colour."""
    if kind in A.CONFLICT_TOKENS:
        return piece(token, "+", "#b5462f") if kind == "victory" else piece(token, "-1", "#7a1f1f")
    return piece(token, kind[:1].upper(), hashed(kind))


_CHOSEN_MARK = {"richer": "rich", "poorer": "poor", "stronger": "strong", "weaker": "weak"}


def target_row(row: Row, sides: tuple[str, ...]) -> Row:
    """What the cities of a TARGET take: between arrows (see glyphs.around), or, for a chosen
    neighbour, between both arrows with the word it is chosen by (`rich`: the richer one)."""
    if sides == ("self",):
        return row
    if isinstance(sides[0], A.Pick):  # chosen by a count
        return picked_row(row, sides[0])
    if sides[0] in A.CHOSEN_NEIGHBOURS:
        return around(row + [word(_CHOSEN_MARK[sides[0]], 0.4)], ("left", "right", "self"))
    return around(row, sides)


def condition_row(c: A.Condition, vocab: Vocabulary) -> Row | None:
    """`if` and the count tested: `> ◄ ►` (more than the neighbours), `max` (the most of all),
    `0` (none), `N max` (at most N)."""
    thing = per_row(c.counted, vocab)
    if thing is None:
        return None
    head = [word("if", 0.4)]
    if c.kind == "more":
        return head + thing + [word(">", 0.45)] + around([], c.than)
    if c.kind == "most":
        return head + thing + [word("max", 0.45)]
    if c.kind == "none":
        return head + [word("0", 0.45)] + thing
    return head + [word(f"{c.limit} max", 0.45)] + thing


def plugin_row(e: A.PluginEffect) -> Row | None:
    """A plug-in word's declared icon: a label (formatted with its arguments, `"TAX {0}"`) in
    a rounded box, or primitives drawn in a unit square; without one, no picture."""
    spec = PLUGINS.get(e.word)
    icon = getattr(spec, "icon", None)
    if isinstance(icon, str):
        try:
            text = icon.format(*e.args)
        except (IndexError, KeyError, ValueError):
            text = icon
        return [(max(1.0, 0.25 * len(text) + 0.35), lambda cx, cy, s: label_box(cx, cy, s, text))]
    if isinstance(icon, (tuple, list)) and icon:
        return [(1.0, lambda cx, cy, s: fitted(tuple(icon), cx, cy, s))]
    return None


def merged(rows: list[Row], most: float = 4.5) -> list[Row]:
    """Short rows side by side (`vp 2; coins 4` as one line), as the printed cards set them."""
    out: list[Row] = []
    for row in rows:
        if out and sum(w for w, _ in out[-1]) + 0.5 + sum(w for w, _ in row) <= most:
            out[-1] = out[-1] + [(0.5, lambda cx, cy, s: [])] + row
        else:
            out.append(list(row))
    return out


def layout_icons(effects: tuple[A.Effect, ...], vocab: Vocabulary, x: float, y: float, width: float,
                 height: float, size: float = 11.0) -> tuple[list[Prim], float, tuple[A.Effect, ...]]:
    """The icon rows of `effects`, centred in a box `width` wide from (x, y), each row as
    large as `size` allows within the box (a card's panel passes its height: as large as it
    fits): (primitives, height used, effects left without an icon)."""
    rows: list[Row] = []
    left: list[A.Effect] = []
    for e in effects:
        row = rows_for(e, vocab)
        if row:
            rows.append(row)
        else:
            left.append(e)
    if not rows:
        return [], 0.0, tuple(left)
    rows = merged(rows)
    s = min(size, height / (len(rows) * 1.2 - 0.2))
    s = min([s] + [width / sum(w for w, _ in row) for row in rows])
    out: list[Prim] = []
    for i, row in enumerate(rows):
        cy = y + s * (0.5 + 1.2 * i)
        cx = x + (width - s * sum(w for w, _ in row)) / 2
        for w, draw in row:
            out += draw(cx + w * s / 2, cy, s)
            cx += w * s
    return out, s * (len(rows) * 1.2 - 0.2), tuple(left)


def effect_icons(effects: tuple[A.Effect, ...], vocab: Vocabulary, x: float, y: float,
                 width: float) -> Optional[list[Prim]]:
    """The icons of the effects that have one (None when none has)."""
    prims, _, _ = layout_icons(effects, vocab, x, y, width, width)
    return prims or None

"""The drawings card-face icons are made of (a coin, a laurel, a shield, a resource, a neighbour
arrow, ...) and the pieces a row is built from, kept apart from the rows (icons.py,
power_icons.py) so both row modules draw with the same hand.

Each drawing is a list of face primitives (see cardface.py) centred on (cx, cy), `s` mm tall;
the only new primitive kind is ("polygon", ((x, y), ...), fill, stroke).
"""
from __future__ import annotations

import math
from typing import Any, Callable

from dsl import ast as A
from dsl.printer import count_noun
from dsl.vocab import Vocabulary

from .palette import COIN, Prim, color_of, hashed, ink_on, resource_color, short

INK = "#222222"
SHIELD = "#c0392b"
LAUREL = "#4f8a2e"
STONE = "#c9a95c"
Draw = Callable[[float, float, float], list[Prim]]
Piece = tuple[float, Draw]  # (width in icon units, drawer(cx, cy, s))
Row = list[Piece]


def label(cx: float, cy: float, text: str, size: float, fill: str = INK, bold: bool = True) -> Prim:
    """Text centred on (cx, cy): the baseline sits about a third of the size below the centre."""
    return ("text", cx, cy + size * 0.36, text, size, fill, "middle", bold)


def poly(points: list[tuple[float, float]], fill: str | None, stroke: str | None) -> Prim:
    return ("polygon", tuple((round(x, 3), round(y, 3)) for x, y in points), fill, stroke)


def coin(cx: float, cy: float, s: float, n: str = "") -> list[Prim]:
    r = s * 0.42
    out: list[Prim] = [("circle", cx, cy, r, COIN, "#8a6d0b")]
    if n:
        out.append(label(cx, cy, n, r * (1.15 if len(n) < 2 else 0.9), "#3a2a00"))
    return out


def laurel(cx: float, cy: float, s: float, n: str = "") -> list[Prim]:
    """A green disc in a wreath of leaves: the victory points."""
    out: list[Prim] = []
    for deg in (150, 185, 220, 30, -5, -40):
        a = math.radians(deg)
        lx, ly = cx + math.cos(a) * s * 0.4, cy + math.sin(a) * s * 0.4
        tx, ty = -math.sin(a), math.cos(a)  # along the wreath
        nx, ny = math.cos(a), math.sin(a)
        out.append(poly([(lx + tx * s * 0.11, ly + ty * s * 0.11), (lx + nx * s * 0.05, ly + ny * s * 0.05),
                         (lx - tx * s * 0.11, ly - ty * s * 0.11), (lx - nx * s * 0.05, ly - ny * s * 0.05)],
                        LAUREL, None))
    out.append(("circle", cx, cy, s * 0.33, LAUREL, "#2d5a1a"))
    if n:
        out.append(label(cx, cy, n, s * (0.4 if len(n) < 2 else 0.3), "#ffffff"))
    return out


def shield(cx: float, cy: float, s: float) -> list[Prim]:
    w, h = s * 0.36, s * 0.45
    return [poly([(cx - w, cy - h), (cx + w, cy - h), (cx + w, cy + h * 0.1), (cx, cy + h),
                  (cx - w, cy + h * 0.1)], SHIELD, "#5a1a12"),
            ("line", cx, cy - h * 0.7, cx, cy + h * 0.55, "#f2d0c8", s * 0.05)]


def resource(cx: float, cy: float, s: float, name: str, vocab: Vocabulary) -> list[Prim]:
    """First resource class a disc, second a rounded square, others a hexagon: each in its
    colour with its first letters, so wood and papyrus differ in print and in greyscale."""
    fill = resource_color(name)
    klass = next((i for i, rs in enumerate(vocab.resource_classes.values()) if name in rs), 2)
    r = s * 0.42
    if klass == 0:
        shape: Prim = ("circle", cx, cy, r, fill, "#333333")
    elif klass == 1:
        shape = ("rect", cx - r * 0.9, cy - r * 0.9, r * 1.8, r * 1.8, fill, "#333333", r * 0.3)
    else:
        shape = poly([(cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k)))
                      for k in range(6)], fill, "#333333")
    return [shape, label(cx, cy, short(name), r * 0.9, ink_on(fill))]


def science(cx: float, cy: float, s: float, symbol: str, vocab: Vocabulary) -> list[Prim]:
    """The three base symbols as drawings on a pale disc; any other symbol as a lettered disc."""
    r = s * 0.44
    base = vocab.symbols.index(symbol) if symbol in vocab.symbols[:3] else -1
    if base < 0:
        fill = hashed(symbol)
        return [("circle", cx, cy, r, fill, "#333333"), label(cx, cy, short(symbol), r * 0.9, ink_on(fill))]
    out: list[Prim] = [("circle", cx, cy, r, "#eef3e4", "#2e8b57")]
    if base == 0:  # compass: two legs from a hinge, a crossbar
        top, foot = cy - r * 0.7, cy + r * 0.7
        out += [("line", cx, top, cx - r * 0.45, foot, INK, s * 0.07),
                ("line", cx, top, cx + r * 0.45, foot, INK, s * 0.07),
                ("line", cx - r * 0.28, cy + r * 0.15, cx + r * 0.28, cy + r * 0.15, INK, s * 0.04),
                ("circle", cx, top, s * 0.05, INK, None)]
    elif base == 1:  # gear: a toothed wheel with a hole
        pts = [(cx + (r * 0.78 if (k // 2) % 2 == 0 else r * 0.58) * math.cos(math.radians(k * 360 / 32 + 5.6)),
                cy + (r * 0.78 if (k // 2) % 2 == 0 else r * 0.58) * math.sin(math.radians(k * 360 / 32 + 5.6)))
               for k in range(32)]
        out += [poly(pts, INK, None), ("circle", cx, cy, r * 0.22, "#eef3e4", None)]
    else:  # tablet: a slab with lines of writing
        w, h = r * 0.5, r * 0.72
        out.append(("rect", cx - w, cy - h, 2 * w, 2 * h, "#b8a07a", INK, r * 0.12))
        out += [("line", cx - w * 0.6, cy + dy * h, cx + w * 0.6, cy + dy * h, INK, s * 0.04)
                for dy in (-0.45, 0.0, 0.45)]
    return out


def chain(cx: float, cy: float, s: float) -> list[Prim]:
    """Two links: the card is built free through a chain."""
    w, h = s * 0.5, s * 0.3
    return [("rect", cx - s * 0.42, cy - h / 2, w, h, None, "#555555", h / 2),
            ("rect", cx - s * 0.08, cy - h / 2, w, h, None, "#555555", h / 2)]


def arrow(cx: float, cy: float, s: float, right: bool = False) -> list[Prim]:
    """A neighbour arrow, pointing left or right."""
    d = -1 if right else 1
    pts = [(-0.4, 0), (-0.02, -0.3), (-0.02, -0.11), (0.4, -0.11), (0.4, 0.11), (-0.02, 0.11), (-0.02, 0.3)]
    return [poly([(cx + d * x * s, cy + y * s) for x, y in pts], "#444444", None)]


def card_mark(cx: float, cy: float, s: float, color: str = "") -> list[Prim]:
    """A small card of a colour (blank: a card of any colour)."""
    fill = color_of(color) if color else "#ffffff"
    return [("rect", cx - s * 0.2, cy - s * 0.32, s * 0.4, s * 0.64, fill, "#333333", s * 0.05)]


def stage(cx: float, cy: float, s: float) -> list[Prim]:
    """A stepped pyramid: a wonder stage."""
    w, h = s * 0.42, s * 0.36
    return [poly([(cx - w, cy + h), (cx, cy - h), (cx + w, cy + h)], STONE, "#6b5a2a"),
            ("line", cx - w * 0.5, cy, cx + w * 0.5, cy, "#6b5a2a", s * 0.03)]


def token(cx: float, cy: float, s: float, text: str, fill: str) -> list[Prim]:
    r = s * 0.36
    return [("circle", cx, cy, r, fill, "#222222"), ("circle", cx, cy, r * 0.78, None, ink_on(fill)),
            label(cx, cy, text, r * (0.95 if len(text) < 3 else 0.7), ink_on(fill))]


def label_box(cx: float, cy: float, s: float, text: str) -> list[Prim]:
    """A plug-in's declared label in a rounded box."""
    size = s * 0.42
    w = max(s * 0.8, 0.55 * size * len(text) + s * 0.3)
    return [("rect", cx - w / 2, cy - s * 0.38, w, s * 0.76, "#ffffff", "#555555", s * 0.15),
            label(cx, cy, text, size)]


def fitted(prims: tuple[Prim, ...], cx: float, cy: float, s: float) -> list[Prim]:
    """Primitives drawn in a unit square (0..1, y down) placed as an icon `s` mm tall."""
    x0, y0 = cx - s / 2, cy - s / 2
    out: list[Prim] = []
    for p in prims:
        k = p[0]
        if k == "rect":
            out.append((k, x0 + p[1] * s, y0 + p[2] * s, p[3] * s, p[4] * s, p[5], p[6], p[7] * s))
        elif k == "circle":
            out.append((k, x0 + p[1] * s, y0 + p[2] * s, p[3] * s, *p[4:]))
        elif k == "line":
            out.append((k, x0 + p[1] * s, y0 + p[2] * s, x0 + p[3] * s, y0 + p[4] * s, p[5], p[6] * s))
        elif k == "polygon":
            out.append(poly([(x0 + x * s, y0 + y * s) for x, y in p[1]], p[2], p[3]))
        elif k == "text":
            out.append((k, x0 + p[1] * s, y0 + p[2] * s, p[3], p[4] * s, *p[5:]))
    return out


# --- pieces: an icon with its width, laid out later at the size the row allows ---------

def piece(draw: Callable[..., list[Prim]], *args: Any, w: float = 1.0) -> Piece:
    return (w, lambda cx, cy, s: draw(cx, cy, s, *args))


def small(p: Piece, k: float = 0.72) -> Piece:
    """The same piece drawn smaller (what a `per` counts reads as a qualifier)."""
    return (p[0] * k, lambda cx, cy, s: p[1](cx, cy, s * k))


def word(text: str, k: float = 0.5) -> Piece:
    return (max(0.35, 0.55 * k * len(text) + 0.1), lambda cx, cy, s: [label(cx, cy, text, s * k)])


def joined(pieces: list[Piece], sep: str = "/") -> Row:
    out: Row = []
    for i, p in enumerate(pieces):
        out += ([word(sep, 0.55)] if i else []) + [p]
    return out


def thing_row(c: A.Counted, vocab: Vocabulary) -> Row | None:
    """What a `per` clause counts in one city, or None when it has no picture."""
    if c.what == "card":
        return [piece(card_mark, col, w=0.5) for col in c.colors] or [piece(card_mark, "", w=0.5)]
    if c.what == "set":
        return [piece(card_mark, col, w=0.45) for col in c.colors]
    if c.what == "wonder_stage":
        return [piece(stage)]
    if c.what == "produced":  # a unit of the resource the city produces for sale
        return [piece(resource, c.resource, vocab)]
    if c.what == "tucked":  # a card of the colour of the one under this stage
        return [piece(card_mark, "", w=0.5), small(piece(stage), 0.6)]
    if c.what == "defeat":
        return [piece(token, "-1", "#7a1f1f")]
    if c.what == "victory":
        return [piece(token, "+", "#b5462f")]
    if c.what == "victory_pair":  # two equal victory tokens
        return [piece(token, "=", "#b5462f"), piece(token, "=", "#b5462f")]
    if c.what == "coin":
        return [piece(coin, str(c.every) if c.every > 1 else "")]
    if c.what == "science_set":
        return [piece(science, sym, vocab, w=0.9) for sym in vocab.symbols]
    if c.what == "token":
        return [piece(token, c.token[:1].upper(), hashed(c.token))]
    if c.what == "shield":
        return [piece(shield)]
    return None


def far_arrow(cx: float, cy: float, s: float, right: bool = False) -> list[Prim]:
    """Two neighbour arrows one behind the other: every other city, past the neighbours."""
    d = s * 0.14 * (1 if right else -1)
    return arrow(cx - d, cy, s * 0.8, right) + arrow(cx + d, cy, s * 0.8, right)


def around(thing: Row, sides: tuple[str, ...]) -> Row:
    """`thing` between neighbour arrows: ◄ card ► (left, self and right), ◄card card► (the two
    neighbours only), card (self only), ◄◄ card ►► (every other city), ◄◄2 card (2 seats left)."""
    far = [d for d in map(A.seat_distance, sides) if d]
    if far:  # the seats at a distance outside the near ones, each a double arrow and its number
        near = tuple(s for s in sides if not A.seat_distance(s))
        out = around(thing, near) if near else list(thing)
        for d, way in far:
            mark = [small(piece(far_arrow, way == "right", w=1.1), 0.8), word(str(d), 0.4)]
            out = mark + out if way == "left" else out + mark[::-1]
        return out
    if "others" in sides:
        return [small(piece(far_arrow, False, w=1.1), 0.8), *thing, small(piece(far_arrow, True, w=1.1), 0.8)]
    left, right = [small(piece(arrow, False), 0.8)], [small(piece(arrow, True), 0.8)]
    wanted = set(sides)
    if "self" in wanted:
        return (left if "left" in wanted else []) + thing + (right if "right" in wanted else [])
    return ((left + thing) if "left" in wanted else []) + ((thing + right) if "right" in wanted else [])


def per_row(c: A.Counted, vocab: Vocabulary) -> Row | None:
    """The counted thing, smaller, in the cities it is counted in (see `around`)."""
    if c.what == "age":
        return [word("/", 0.55), word("age", 0.45)]
    thing = thing_row(c, vocab)
    if thing is None:
        return None
    thing = [small(p) for p in thing]
    if c.every > 1 and c.what != "coin":
        thing = [word(str(c.every), 0.45), *thing]
    return around(thing, c.sides)


def amount_row(draw: Callable[..., list[Prim]], n: int, per: A.Counted | None, vocab: Vocabulary) -> Row | None:
    head = [piece(draw, str(n))]
    if per is None:
        return head
    rest = per_row(per, vocab)
    return None if rest is None else head + rest


def repeated(p: Piece, n: int) -> Row:
    return [p] * n if 0 < n <= 5 else [p, word(f"x{n}", 0.45)]


def picked_row(row: Row, p: A.Pick) -> Row:
    """What a city chosen by a count takes: `max|min|0|N+` and what is counted beside it, between
    both arrows (a neighbour) or all arrows (every city passing; far arrows for every other)."""
    mark = {"most": "max", "fewest": "min", "none": "0"}.get(p.how, f"{p.at_least}+")
    tag = [word(mark, 0.4), word(count_noun(p.counted), 0.3)]
    where = ("left", "right", "self") if p.how in ("most", "fewest") else \
        ("others",) if p.other else ("left", "self", "right")
    return around(row + tag, where)

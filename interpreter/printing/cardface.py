"""Card and wonder-board faces laid out from the pack's data (no artwork needed).

A face is a list of drawing primitives in millimetres (origin top left, y down), which the
SVG writer (web page, `wonders print --svg`) and the PDF writer (`wonders print`) both render:

  ("rect", x, y, w, h, fill, stroke, radius)
  ("circle", cx, cy, r, fill, stroke)
  ("text", x, y, text, size, fill, anchor, bold)     anchor: "start" | "middle" | "end"
  ("line", x1, y1, x2, y2, stroke, width)
  ("polygon", ((x1, y1), (x2, y2), ...), fill, stroke)

Effects and costs are drawn as icons (icons.py) read from the AST; an effect with no icon
yet is printed in English.

A colour, resource or symbol the palette does not know (a modder's new one) gets a stable
colour derived from its name, so new cards always draw.
"""
from __future__ import annotations

import textwrap

from dsl import ast as A
from dsl.english import effects_english, needed_english, stage_english
from dsl.phrases import counted as counted_phrase
from dsl.model import Card, WonderSide
from dsl.vocab import BASE_VOCABULARY, Vocabulary

from .glyphs import chain, coin, resource
from .icons import layout_icons
from .palette import (COIN, COLORS, RESOURCES, Prim, color_of, hashed, ink_on,  # noqa: F401 - re-exported
                      resource_color, short)

CARD_W, CARD_H = 59.0, 91.0
BOARD_W, BOARD_H = 180.0, 100.0
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}


def wrap(text: str, width_mm: float, size: float) -> list[str]:
    """Lines of `text` that fit `width_mm` at font size `size` (mm), by average glyph width."""
    chars = max(8, int(width_mm / (0.5 * size)))
    return textwrap.wrap(text, chars) or [""]


def cost_symbols(coins: int, resources: tuple[tuple[str, int], ...], x: float, y: float,
                 r: float = 2.8, step: float = 6.2, down: bool = True,
                 vocab: Vocabulary = BASE_VOCABULARY) -> list[Prim]:
    """The cost as a column (or row) of icons: a coin with the coins, then one resource icon
    per unit, so a cost reads like the printed card's."""
    out: list[Prim] = []
    units = ([None] if coins else []) + [name for name, n in resources for _ in range(n)]
    for i, name in enumerate(units):
        cx, cy = (x, y + i * step) if down else (x + i * step, y)
        out += coin(cx, cy, r / 0.42, str(coins)) if name is None else resource(cx, cy, r / 0.42, name, vocab)
    return out

def text_block(lines: list[str], x: float, y: float, size: float, fill: str = "#111111",
               anchor: str = "middle", bold: bool = False) -> list[Prim]:
    return [("text", x, y + i * size * 1.25, line, size, fill, anchor, bold) for i, line in enumerate(lines)]


def footer(card: Card, players: str = "") -> str:
    """Where the card comes from, as its back says: its deck (a leader: "leaders deck"), or its
    age with the player counts of its copies, or "drawn" for a card drawn at random into the age
    (guilds, black cards)."""
    if card.deck:
        return f"{card.deck} deck"
    age = ROMAN.get(card.age, str(card.age))
    return f"Age {age}  " + (players or ("drawn" if card.players is None
                                           else " ".join(f"{p}+" for p in card.players)))


def effect_panel(effects: tuple[A.Effect, ...], vocab: Vocabulary, x: float, y: float, w: float, h: float,
                 size: float = 3.2) -> list[Prim]:
    """Icons on top, English below, the whole block centred in the panel and as large as it
    fits. An effect with no icon yet gets its English at full size (the only way to read it);
    the English of the drawn effects follows smaller and grey: a card's icons are a new pack's
    own conventions, and at 59 mm there is room for the exact rule under them, which a
    playtester checks once and then reads the icons. Icons may take up to ICONS_SHARE of the
    panel's height, the rule the rest, in the largest print that fits (so a short effect
    does not leave the panel half empty, in print or at the web page's card size)."""
    if not effects:
        return []
    inner_w, inner_h = w - 4, h - 4
    _, _, bare = layout_icons(effects, vocab, x + 2, y, inner_w, inner_h, inner_h)
    drawn = tuple(e for e in effects if e not in bare)
    if len(drawn) == 0:  # text only: centred in the panel, as large as `size`
        big = wrap(effects_english(bare, vocab), inner_w, size)[:int(inner_h / (size * 1.25))]
        top = y + (h - len(big) * size * 1.25) / 2 + size * 0.85
        return text_block(big, x + w / 2, top, size)
    gap = min(3.0, inner_h * 0.06)
    big = wrap(effects_english(bare, vocab), inner_w, size) if bare else []
    words = effects_english(drawn, vocab)
    room = inner_h - gap - len(big) * size * 1.25
    # the rule's print as large as leaves the icons at least ICONS_LEAST of the panel
    small_size = size * 1.05
    while small_size > size * 0.72 and \
            len(wrap(words, inner_w, small_size)) * small_size * 1.25 > room - inner_h * ICONS_LEAST:
        small_size = round(small_size - 0.1, 2)
    small = wrap(words, inner_w, small_size)
    text_h = len(small) * small_size * 1.25
    budget = max(inner_h * 0.2, min(inner_h * ICONS_SHARE, room - text_h))
    _, used, _ = layout_icons(effects, vocab, x + 2, y, inner_w, budget, inner_h)
    small = small[:max(0, int((room - used) / (small_size * 1.25) + 1e-6))]
    block = used + gap + len(big) * size * 1.25 + len(small) * small_size * 1.25
    top = y + 2 + max(0.0, (inner_h - block) / 2)
    out, _, _ = layout_icons(effects, vocab, x + 2, top, inner_w, budget, inner_h)
    line = top + used + gap
    out += text_block(big, x + w / 2, line + size * 0.85, size)
    line += len(big) * size * 1.25
    out += text_block(small, x + w / 2, line + small_size * 0.85, small_size, "#555555")
    return out


ICONS_LEAST = 0.38  # of an effect panel's height, at least, for the icons (the print shrinks first)
ICONS_SHARE = 0.62  # of an effect panel's height, at most, for the icons


def card_face(card: Card, vocab: Vocabulary, players: str = "") -> list[Prim]:
    """The face of one card at real size (59 x 91 mm); `players` labels one printed copy
    ("4+": in the deck from 4 players), else every count the card is dealt at is listed."""
    band = color_of(card.color)
    out: list[Prim] = [("rect", 0, 0, CARD_W, CARD_H, "#fbf7ee", "#555555", 3),
                       ("rect", 0, 0, CARD_W, 13, band, None, 3), ("rect", 0, 6, CARD_W, 7, band, None, 0)]
    size = min(4.2, 50 / (0.52 * max(1, len(card.name))))
    out.append(("text", CARD_W / 2 + 3, 8.5, card.name, size, ink_on(band), "middle", True))
    out += cost_symbols(card.cost.coins, card.cost.resources, 5.5, 18, vocab=vocab)
    # the effect, large, in a panel tinted with the card's colour
    out.append(("rect", 11, 16, CARD_W - 14, 50, band + "22", band, 2))
    out += effect_panel(card.effects, vocab, 11, 16, CARD_W - 14, 50)
    y = 71.0
    said = ["Only with at least " + needed_english(n, counted) for n, counted in card.cost.needs]
    if card.cost.less is not None:  # a cost counted from the city (`6 coins, 1 less per blue card`)
        n = card.cost.less[0]
        said.append(f"{n} coin{'s' if n != 1 else ''} less {counted_phrase(card.cost.less[1], vocab)} (never below 0)")
    if card.upgrades:  # built over a card of the city, its cost credited
        said.append(f"Built over {card.upgrades}, which it replaces (its cost credited)")
    for text in said:  # prerequisites and the like, in words under the panel
        lines = wrap(text, CARD_W - 14, 2.5)[:2]
        out += text_block(lines, 11, y, 2.5, "#8a1c1c", "start")
        y += len(lines) * 3.1 + 0.8
    for link, names in (("Free with ", card.chains_from), ("Leads to ", card.chains_to)):
        if not names:
            continue
        lines = wrap(link + ", ".join(names), CARD_W - 14, 2.5)[:2]
        out += chain(6.5, y - 0.9, 5.0)
        out += text_block(lines, 11, y, 2.5, "#333333", "start")
        y += len(lines) * 3.1 + 0.8
    out.append(("text", 3, CARD_H - 3, f"{card.color}", 2.4, "#555555", "start", False))
    out.append(("text", CARD_W - 3, CARD_H - 3, footer(card, players), 2.4, "#555555", "end", True))
    return out

def board_face(wonder: str, side: WonderSide, vocab: Vocabulary) -> list[Prim]:
    """One side of a wonder board (180 x 100 mm): name, resource, stages with costs and effects."""
    out: list[Prim] = [("rect", 0, 0, BOARD_W, BOARD_H, "#f6f0e0", "#555555", 4),
                       ("rect", 0, 0, BOARD_W, 16, "#3e3a35", None, 4), ("rect", 0, 8, BOARD_W, 8, "#3e3a35", None, 0)]
    title = f"{wonder}  {side.name}" + (f" ({side.alias})" if side.alias else "")
    out.append(("text", 8, 11, title, 7, "#ffffff", "start", True))
    out += resource(BOARD_W - 12, 8, 11, side.resource, vocab)
    own = A.Produce(((side.resource, 1),))  # drawn in the corner already
    powers = tuple(e for e in side.effects if e != own)
    icons, _, bare = layout_icons(powers, vocab, 8, 19, 56, 16)
    if icons:  # the board's own powers: icons on the left, the rule beside them
        size = 3.0 if not bare else 3.6
        lines = wrap(effects_english(side.effects, vocab), 104, size)[:4]
        out += icons + text_block(lines, 70, 27 - (len(lines) - 1) * size * 0.62, size, "#222222", "start")
    elif side.effects:
        out += text_block(wrap(effects_english(side.effects, vocab), 160, 3.6)[:2], 8, 25, 3.6, "#222222", "start")
    else:
        out.append(("text", 8, 25, f"Produces 1 {side.resource}.", 3.6, "#222222", "start", False))
    n = max(1, len(side.stages))
    gap = 4.0
    w = (BOARD_W - 16 - gap * (n - 1)) / n
    for i, st in enumerate(side.stages):
        x = 8 + i * (w + gap)
        out.append(("rect", x, 38, w, 56, "#ffffff", "#7a6a50", 2))
        out.append(("text", x + w / 2, 44, f"Stage {i + 1}", 3.4, "#333333", "middle", True))
        out += cost_symbols(st.cost.coins, st.cost.resources, x + 5, 50, r=2.6, step=5.8, down=False, vocab=vocab)
        if st.copy:  # the neighbour's stage of the same number: no cost or reward of its own
            out += text_block(wrap(stage_english((), st.copy, i + 1), 40, 3.0)[:4], x + 3, 58, 3.0,
                              "#222222", "start")
        else:
            out += effect_panel(st.effects, vocab, x, 54, w, 38, 3.0)
    return out

def split_alpha(fill: str | None) -> tuple[str | None, float]:
    """'#rrggbbaa' -> ('#rrggbb', alpha); other colours are opaque."""
    if fill and len(fill) == 9:
        return fill[:7], int(fill[7:], 16) / 255
    return fill, 1.0


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def to_svg(prims: list[Prim], width: float, height: float, css_width: str = "") -> str:
    """Primitives as a standalone SVG document in millimetres (or `css_width` wide)."""
    size = f'width="{css_width}"' if css_width else f'width="{width}mm" height="{height}mm"'
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" {size} viewBox="0 0 {width} {height}" '
           f'font-family="Helvetica, Arial, sans-serif" role="img">']
    for p in prims:
        kind = p[0]
        if kind == "rect":
            _, x, y, w, h, fill, stroke, radius = p
            fill, alpha = split_alpha(fill)
            out.append(f'<rect x="{x:.2f}" y="{y:.2f}" width="{w:.2f}" height="{h:.2f}" rx="{radius}" '
                       f'fill="{fill or "none"}" fill-opacity="{alpha:.2f}" '
                       f'stroke="{stroke or "none"}" stroke-width="0.4"/>')
        elif kind == "circle":
            _, cx, cy, r, fill, stroke = p
            out.append(f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{r:.2f}" fill="{fill or "none"}" '
                       f'stroke="{stroke or "none"}" stroke-width="0.3"/>')
        elif kind == "polygon":
            _, points, fill, stroke = p
            pts = " ".join(f"{x:.2f},{y:.2f}" for x, y in points)
            out.append(f'<polygon points="{pts}" fill="{fill or "none"}" '
                       f'stroke="{stroke or "none"}" stroke-width="0.3"/>')
        elif kind == "line":
            _, x1, y1, x2, y2, stroke, width = p
            out.append(f'<line x1="{x1:.2f}" y1="{y1:.2f}" x2="{x2:.2f}" y2="{y2:.2f}" '
                       f'stroke="{stroke}" stroke-width="{width}"/>')
        else:
            _, x, y, text, fsize, fill, anchor, bold = p
            weight = ' font-weight="bold"' if bold else ""
            out.append(f'<text x="{x:.2f}" y="{y:.2f}" font-size="{fsize:.2f}" fill="{fill}" '
                       f'text-anchor="{anchor}"{weight}>{_esc(text)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def moved(prims: list[Prim], dx: float, dy: float) -> list[Prim]:
    """The same primitives shifted by (dx, dy) mm."""
    out: list[Prim] = []
    for p in prims:
        if p[0] == "line":
            out.append((p[0], p[1] + dx, p[2] + dy, p[3] + dx, p[4] + dy, *p[5:]))
        elif p[0] == "polygon":
            out.append((p[0], tuple((x + dx, y + dy) for x, y in p[1]), *p[2:]))
        else:
            out.append((p[0], p[1] + dx, p[2] + dy, *p[3:]))
    return out

def card_svg(card: Card, vocab: Vocabulary, css_width: str = "") -> str:
    return to_svg(card_face(card, vocab), CARD_W, CARD_H, css_width)

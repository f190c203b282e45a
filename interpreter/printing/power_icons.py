"""Icons for the powers: what a card or stage lets its owner do rather than what it yields
(build from the discard pile, play the last card, free builds, copies, discounts, trade,
triggers, coins lost by other cities, ...), drawn as the printed cards draw them.

Kept apart from icons.py (the yields) so neither module grows past a screenful of kinds; both
draw with glyphs.py. The conventions the yields set hold here too: neighbour arrows say whose
cities (◄◄ ►► every other city), a smaller icon qualifies the one before it, and a red slash
crosses out a cost. Every power of the language has a row, so a shipped card never falls back
to its sentence (a plug-in word draws its own declared icon, icons.plugin_row).
"""
from __future__ import annotations

import math

from dsl import ast as A
from dsl.vocab import Vocabulary

from .glyphs import (
    INK, STONE, Piece, Row, amount_row, around, arrow, card_mark, chain, coin, far_arrow, joined, label, laurel,
    per_row, picked_row, piece, poly, resource, shield, small, stage, token, word)
from .palette import Prim, color_of, hashed, resource_color

BACK = "#3e3a35"  # a card's back, as the exported decks print it
BACK_INK = "#c9b27c"
CROSS = "#c0392b"
DEFEAT = "#7a1f1f"
VICTORY = "#b5462f"


# --- drawings --------------------------------------------------------------------------

def card_at(cx: float, cy: float, w: float, h: float, deg: float, fill: str, stroke: str,
            px: float | None = None, py: float | None = None) -> Prim:
    """A card `w` x `h` centred on (cx, cy) turned `deg` degrees about (px, py) (its centre if
    not given): fans and piles are cards at angles, which a plain rect cannot draw."""
    px, py = cx if px is None else px, cy if py is None else py
    a = math.radians(deg)
    pts = []
    for dx, dy in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)):
        x, y = cx + dx - px, cy + dy - py
        pts.append((px + x * math.cos(a) - y * math.sin(a), py + x * math.sin(a) + y * math.cos(a)))
    return poly(pts, fill, stroke)


def slash(cx: float, cy: float, r: float) -> Prim:
    """The red stroke that crosses a cost out."""
    return ("line", cx - r, cy + r, cx + r, cy - r, CROSS, r * 0.32)


def no_cost(cx: float, cy: float, s: float) -> list[Prim]:
    """A crossed-out coin: no cost to pay."""
    return coin(cx, cy, s * 0.8) + [slash(cx, cy, s * 0.34)]


def badge(cx: float, cy: float, s: float, text: str, fill: str) -> list[Prim]:
    """A small disc with a number, on the corner of the icon it changes (−1, +1)."""
    r = s * 0.2
    return [("circle", cx, cy, r, fill, "#ffffff"), label(cx, cy, text, r * (1.2 if len(text) < 2 else 1.0), "#ffffff")]


def any_resource(cx: float, cy: float, s: float, vocab: Vocabulary) -> list[Prim]:
    """A disc in wedges of the first resource class's colours: one resource of your choice."""
    names = next(iter(vocab.resource_classes.values()), ()) or vocab.resources[:4]
    r, n = s * 0.42, max(1, len(names))
    out: list[Prim] = []
    for i, name in enumerate(names):
        arc = [(cx + r * math.cos(math.radians(-90 + (i + k / 6) * 360 / n)),
                cy + r * math.sin(math.radians(-90 + (i + k / 6) * 360 / n))) for k in range(7)]
        out.append(poly([(cx, cy), *arc], resource_color(name), None))
    return out + [("circle", cx, cy, r, None, "#333333")]


def resource_badge(cx: float, cy: float, s: float, vocab: Vocabulary, text: str, fill: str) -> list[Prim]:
    return any_resource(cx, cy, s, vocab) + badge(cx + s * 0.34, cy - s * 0.3, s, text, fill)


def no_resource(cx: float, cy: float, s: float, vocab: Vocabulary) -> list[Prim]:
    return any_resource(cx, cy, s, vocab) + [slash(cx, cy, s * 0.34)]


def big_card(cx: float, cy: float, s: float, colors: tuple[str, ...] = ()) -> list[Prim]:
    """A card as large as a coin, in bands of `colors` (blank: a card of any colour): the card a
    power is about, where card_mark is a qualifier."""
    w, h = s * 0.48, s * 0.76
    out: list[Prim] = [("rect", cx - w / 2, cy - h / 2, w, h, "#ffffff", None, s * 0.05)]
    for i, col in enumerate(colors):
        band = h / len(colors)
        out.append(("rect", cx - w / 2, cy - h / 2 + i * band, w, band, color_of(col), None, 0))
    return out + [("rect", cx - w / 2, cy - h / 2, w, h, None, "#333333", s * 0.05)]


def free_card(cx: float, cy: float, s: float, colors: tuple[str, ...] = ()) -> list[Prim]:
    """A card with its cost crossed out: built free."""
    return big_card(cx + s * 0.1, cy, s, colors) + no_cost(cx - s * 0.17, cy - s * 0.24, s * 0.55)


def flow(cx: float, cy: float, s: float) -> list[Prim]:
    """A thin arrow: from what is on its left to what is on its right (not a neighbour)."""
    return [("line", cx - s * 0.22, cy, cx + s * 0.08, cy, INK, s * 0.06),
            poly([(cx + s * 0.22, cy), (cx + s * 0.04, cy - s * 0.12), (cx + s * 0.04, cy + s * 0.12)], INK, None)]


def pile(cx: float, cy: float, s: float) -> list[Prim]:
    """The discard pile: cards face down, askew."""
    return [card_at(cx + dx * s, cy + dy * s, s * 0.42, s * 0.66, deg, BACK, BACK_INK)
            for dx, dy, deg in ((-0.1, 0.06, -24), (0.08, 0.04, 18), (0.0, 0.0, -4))]


def hand(cx: float, cy: float, s: float, text: str) -> list[Prim]:
    """A hand of cards fanned from below, the front one marked `text` (a deck's initial)."""
    out = [card_at(cx, cy - s * 0.06, s * 0.4, s * 0.64, deg, "#ffffff", "#333333", cx, cy + s * 0.5)
           for deg in (-24, 24, 0)]
    return out + [label(cx, cy - s * 0.08, text, s * 0.32)]


def deck_back(cx: float, cy: float, s: float, text: str) -> list[Prim]:
    """A deck face down, its initial on the top card: cards drawn at random from the box."""
    return [card_at(cx + s * 0.06, cy + s * 0.04, s * 0.46, s * 0.72, 0, BACK, BACK_INK),
            card_at(cx - s * 0.03, cy - s * 0.02, s * 0.46, s * 0.72, 0, BACK, BACK_INK),
            label(cx - s * 0.03, cy - s * 0.02, text, s * 0.32, BACK_INK)]


def last_cards(cx: float, cy: float, s: float) -> list[Prim]:
    """The sixth and seventh cards of an age side by side: the last one is played too."""
    return [card_at(cx - s * 0.17, cy + s * 0.02, s * 0.42, s * 0.68, -12, "#ffffff", "#333333"),
            label(cx - s * 0.2, cy + s * 0.02, "6", s * 0.3, "#777777"),
            card_at(cx + s * 0.17, cy, s * 0.42, s * 0.68, 8, "#ffffff", "#333333"),
            label(cx + s * 0.18, cy, "7", s * 0.36)]


def two_cards(cx: float, cy: float, s: float) -> list[Prim]:
    """Two cards played side by side in one turn."""
    return [card_at(cx - s * 0.17, cy, s * 0.42, s * 0.68, -10, "#ffffff", "#333333"),
            card_at(cx + s * 0.17, cy, s * 0.42, s * 0.68, 10, "#ffffff", "#333333"),
            label(cx, cy + s * 0.05, "2", s * 0.4)]


def turns(cx: float, cy: float, s: float, last: bool = False) -> list[Prim]:
    """An age's six turns as six small cards, the first (or last) one marked."""
    out: list[Prim] = []
    for i in range(6):
        on = i == (5 if last else 0)
        w, h = s * (0.28 if on else 0.18), s * (0.44 if on else 0.3)
        x = cx + (i - 2.5) * s * 0.25
        out.append(("rect", x - w / 2, cy - h / 2, w, h, "#f2c230" if on else "#ffffff", "#333333", s * 0.03))
    return out


def copy_card(cx: float, cy: float, s: float, color: str) -> list[Prim]:
    """A card of `color` over its outlined twin: a copy of a neighbour's card."""
    w, h = s * 0.46, s * 0.72
    return [("rect", cx - s * 0.1 - w / 2, cy - s * 0.06 - h / 2, w, h, "#e4e4e4", "#777777", s * 0.05),
            ("rect", cx + s * 0.1 - w / 2, cy + s * 0.06 - h / 2, w, h, color_of(color), "#333333", s * 0.05)]


def bank(cx: float, cy: float, s: float) -> list[Prim]:
    """Columns under a pediment: the bank."""
    w, top = s * 0.38, cy - s * 0.38
    out: list[Prim] = [poly([(cx - w, top + s * 0.2), (cx, top), (cx + w, top + s * 0.2)], STONE, "#6b5a2a"),
                       ("rect", cx - w, cy + s * 0.24, 2 * w, s * 0.1, STONE, "#6b5a2a", 0)]
    out += [("rect", cx + k * w * 0.6 - s * 0.05, top + s * 0.24, s * 0.1, s * 0.38, STONE, "#6b5a2a", 0)
            for k in (-1, 0, 1)]
    return out


def age_badge(cx: float, cy: float, s: float) -> list[Prim]:
    """A dark tag reading I II III: each age, as it starts."""
    return [("rect", cx - s * 0.55, cy - s * 0.26, s * 1.1, s * 0.52, BACK, None, s * 0.08),
            label(cx, cy, "I II III", s * 0.28, BACK_INK)]


def age_end_badge(cx: float, cy: float, s: float) -> list[Prim]:
    """The age tag closed by a bar on its right: each age, as it ends."""
    return age_badge(cx - s * 0.08, cy, s * 0.9) + [
        ("line", cx + s * 0.5, cy - s * 0.3, cx + s * 0.5, cy + s * 0.3, INK, s * 0.08)]


def game_end_badge(cx: float, cy: float, s: float) -> list[Prim]:
    """A dark tag reading END: once, as the game ends, before the scoring."""
    return [("rect", cx - s * 0.45, cy - s * 0.26, s * 0.9, s * 0.52, BACK, None, s * 0.08),
            label(cx, cy, "END", s * 0.3, BACK_INK)]


def defeat(cx: float, cy: float, s: float) -> list[Prim]:
    return token(cx, cy, s, "-1", DEFEAT)


def won(cx: float, cy: float, s: float) -> list[Prim]:
    return token(cx, cy, s, "+", VICTORY)


def counted_shield(cx: float, cy: float, s: float, n: str) -> list[Prim]:
    """A shield with its count on it (a per count, or other cities' strength changed)."""
    return shield(cx, cy, s) + [label(cx, cy - s * 0.08, n, s * 0.3, "#ffffff")]


# --- rows ------------------------------------------------------------------------------

def _cards(colors: tuple[str, ...]) -> Row:
    return [piece(card_mark, c, w=0.5) for c in colors] or [piece(card_mark, "", w=0.5)]


def _target(t: A.Target) -> Row:
    return [piece(stage)] if t.what == "wonder_stage" else [piece(big_card, t.colors, w=0.6)]


def _initial(name: str) -> str:
    return name[:1].upper()


def _free_build(e: A.FreeBuild, vocab: Vocabulary) -> Row:
    """1x card-free / age; the first card of each colour; the first or last turn of each age."""
    if e.period == "colour_first":
        return [word("1st", 0.4), piece(free_card, tuple(vocab.colors[:5]), w=0.9)]
    card = piece(free_card, e.colors, w=0.9)
    if e.period in ("age_first", "age_last"):
        return [piece(turns, e.period == "age_last", w=1.6), card]
    return [word("1x", 0.45), card] + _per_period(e.period)


def _per_period(period: str) -> Row:
    """`/ age` after what happens once in each age (nothing when once in the game)."""
    return [] if period == "game" else [word("/", 0.55), word(period, 0.45)]


def _flanked(row: Row, sides: tuple[str, ...]) -> Row:
    """Full-size neighbour arrows either side of `row` (◄◄ ►► every other city), as the printed
    trading posts set them: whose resources, whose coins."""
    if "others" in sides:
        return [piece(far_arrow, False, w=1.1)] + row + [piece(far_arrow, True, w=1.1)]
    return ([piece(arrow, False)] if "left" in sides else []) + row + ([piece(arrow, True)] if "right" in sides else [])


def _discount(e: A.Discount, vocab: Vocabulary) -> Row | None:
    target = _target(e.target)
    if e.unit == "all":
        if e.target.what == "card":
            target = [piece(free_card, e.target.colors, w=0.9)]
        else:
            target = target + [piece(no_cost, w=0.8)]
        less: Row = []
    elif e.unit == "all_resources":
        less = [piece(no_resource, vocab)]
    elif e.unit == "resource":
        less = [piece(resource_badge, vocab, f"-{e.amount}", CROSS)]
    else:
        less = [piece(coin, f"-{e.amount}")]
    row = target + less
    if e.per is not None:
        rest = per_row(e.per, vocab)
        if rest is None:
            return None
        row += rest
    return row if e.sides == ("self",) else around(row, e.sides)


def _goods(resources: tuple[str, ...], vocab: Vocabulary) -> Row:
    if resources == ("any",):
        return [small(piece(any_resource, vocab), 0.8)]
    return joined([small(piece(resource, r, vocab), 0.8) for r in vocab.expand_resources(resources)])


def _trade(e: A.Trade, vocab: Vocabulary) -> Row:
    """◄ coin goods ► from neighbours; bank, coin, one good of the choice from the bank."""
    if "bank" in e.sides:
        return [piece(bank), piece(coin, str(e.price))] + _goods(e.resources, vocab)
    goods = [small(piece(resource, r, vocab), 0.8) for r in vocab.expand_resources(e.resources)]
    return _flanked([piece(coin, str(e.price))] + goods, e.sides)


_EVENTS: dict[str, Piece] = {"chain": piece(chain), "wonder_stage": piece(stage), "win_conflict": piece(won),
                             "lose_conflict": piece(defeat), "age_start": piece(age_badge, w=1.2),
                             "age_end": piece(age_end_badge, w=1.3), "game_end": piece(game_end_badge, w=1.0)}


def event_row(ev: A.Event, vocab: Vocabulary) -> Row:
    """What sets a trigger off, smaller, in the cities it is heard from (see glyphs.around)."""
    if ev.kind == "build":
        thing = [small(p) for p in _cards(ev.colors)]
    elif ev.kind == "buy":
        thing = [small(piece(arrow, False), 0.6), small(piece(any_resource, vocab)), small(piece(arrow, True), 0.6)]
    elif ev.kind == "take_coins":
        thing = [small(piece(bank)), small(piece(coin, ""))]
    elif ev.kind == "sold":  # resources going out to the buyers (the arrows: who buys)
        thing = [small(piece(any_resource, vocab)), small(piece(flow, w=0.5), 0.8)]
    else:
        thing = [small(_EVENTS[ev.kind])]
    return thing if ev.whose == ("self",) or ev.kind in ("age_start", "age_end", "game_end") \
        else around(thing, ev.whose)


def trigger_row(e: A.Trigger, paid: Row | None, vocab: Vocabulary) -> Row | None:
    """The gain's own icons (`paid`: coins, a laurel, tokens, ...), then `when` and the event."""
    if paid is None:
        return None
    once = [word("1x", 0.4)] if e.once_per else []
    gap: Piece = (0.12, lambda cx, cy, s: [])  # "when" sets wider than word() allows for
    return paid + [gap, word("when", 0.38), gap] + once + event_row(e.event, vocab) \
        + (_per_period(e.once_per) if e.once_per else [])


def _produce(e: A.Produce, vocab: Vocabulary) -> Row:
    """One resource of the choice: +1 of one already produced, or one not produced yet (0)."""
    if e.relative == "produced":
        return [piece(resource_badge, vocab, "+1", "#2e8b57")]
    return [piece(resource_badge, vocab, "0", CROSS)]


def power_row(e: A.Effect, vocab: Vocabulary) -> Row | None:
    """The icon row of a power, or None when `e` is none of these (or counts something with no
    picture)."""
    if isinstance(e, A.Produce) and e.relative:
        return _produce(e, vocab)
    if isinstance(e, A.Shields) and e.sides != ("self",):
        rest = per_row(e.per, vocab) if e.per else []
        return None if rest is None else around([piece(counted_shield, str(e.count))] + rest, e.sides)
    if isinstance(e, A.FreeBuild):
        return _free_build(e, vocab)
    if isinstance(e, A.PlayLastCard):
        if e.two:  # a second card in one turn, once per period
            return [word("1x", 0.5), piece(two_cards, w=1.0), *_per_period(e.two)]
        return [piece(last_cards, w=1.0)]
    if isinstance(e, A.Bury):  # a card of that hand under the stage, points per coin of its cost
        return [piece(hand, _initial(e.hand), w=1.1), piece(flow, w=0.5), piece(stage),
                piece(laurel, str(e.vp)), word("/", 0.55), small(piece(coin, ""), 0.8)]
    if isinstance(e, A.FarTrade):  # buy from the cities N seats away, either side
        return [piece(far_arrow, False, w=1.1), word(str(e.seats), 0.5), piece(any_resource, vocab),
                piece(far_arrow, True, w=1.1)]
    if isinstance(e, A.Exchange):  # N of one resource (the owner's) stand for 1 of any, when paying
        return [word(f"{e.give}=", 0.6), small(piece(any_resource, vocab), 0.8), piece(flow, w=0.5),
                word("1", 0.5), piece(any_resource, vocab)]
    if isinstance(e, A.DiscardOwn):  # one of your own cards to the discard pile, for coins
        return [*_cards(e.colors), piece(flow, w=0.5), piece(pile), piece(coin, str(e.coins))]
    if isinstance(e, A.BuildFromDiscard):
        if e.hand:
            return [piece(hand, _initial(e.hand), w=1.1), piece(flow, w=0.5), piece(card_mark, "", w=0.5)]
        return [piece(pile), piece(flow, w=0.5), piece(free_card, w=0.9)]
    if isinstance(e, A.Draw):
        return [piece(deck_back, _initial(e.deck), w=0.8), piece(flow, w=0.5), word(str(e.count), 0.5),
                piece(hand, _initial(e.deck), w=1.1)]
    if isinstance(e, A.CopyCard):
        copies = [piece(copy_card, c, w=0.9) for c in e.colors]
        return [piece(arrow, False)] + copies + [piece(arrow, True)] if set(e.sides) == {"left", "right"} \
            else around(copies, e.sides)
    if isinstance(e, A.Discount):
        return _discount(e, vocab)
    if isinstance(e, A.Surcharge):  # as a coin discount, with its sign: +N coins on the target
        row = _target(e.target) + [piece(coin, f"+{e.amount}")]
        rest = per_row(e.per, vocab) if e.per is not None else []
        return None if rest is None else (row + rest if e.sides == ("self",) else around(row + rest, e.sides))
    if isinstance(e, A.Trade):
        return _trade(e, vocab)
    if isinstance(e, A.Rebate):
        return _flanked([piece(coin, f"-{e.amount}"), small(piece(any_resource, vocab), 0.8)], e.sides)
    if isinstance(e, A.OthersCoins):
        paid = amount_row(coin, e.amount, e.per, vocab)
        taken = [piece(flow, w=0.5), word("you", 0.45)] if e.to_owner and paid is not None else []
        if paid is not None and e.sides and isinstance(e.sides[0], A.Pick):  # chosen by a count
            return picked_row(paid, e.sides[0]) + taken
        return None if paid is None else _flanked(paid, e.sides) + taken  # (stolen: to you)
    if isinstance(e, A.RuleChange):  # a rules number changed while this holds: its sign on the thing
        kind = e.rule.partition(" ")[2]  # `token KIND`: the kind's token
        what = {"trade_price": [small(piece(any_resource, vocab), 0.8), piece(coin, f"{e.amount:+d}")],
                "sell_coins": [word("SELL", 0.55), piece(coin, f"{e.amount:+d}")],
                "pass": [word("PASS", 0.55), word(f"{e.amount:+d}", 0.55)],
                "science_set": [word("SET", 0.55), piece(laurel, f"{e.amount:+d}")]}.get(
            e.rule, [piece(token, kind[:1].upper(), hashed(kind)), piece(laurel, f"{e.amount:+d}")] if kind else
            [word("WIN" if e.rule == "victory" else "LOSS", 0.55), piece(laurel, f"{e.amount:+d}")])
        return around(what, e.sides)
    if isinstance(e, A.GiveDefeats):
        return [piece(defeat), piece(flow, w=0.5), piece(shield)]
    if isinstance(e, A.Truce):  # no conflict with those cities: a shield at peace, flanked by them
        return _flanked([piece(shield), word("PEACE", 0.5)], e.sides) + (
            [word("ALLY", 0.5)] if A.ALLY in e.sides else [])
    if isinstance(e, A.Advance):  # (a price paid: coins, resources) the track's marker one step on
        paid = [piece(coin, str(e.coins))] if e.coins else []
        for r, n in e.resources:  # each unit drawn, as a cost is
            paid.extend(small(piece(resource, r, vocab), 0.8) for _ in range(n))
        paid += [piece(flow, w=0.5)] if paid else []
        return [*paid, piece(token, e.track[:1].upper(), hashed(e.track)), word("+1", 0.55)]
    return None

"""Card faces draw their effects as icons read from the AST (issue: card faces with icons).

Golden SVGs in tests/golden/faces/ were checked by eye once (rendered to PNG); a change to a
face shows up here. Regenerate after a deliberate change with WONDERS_REGEN_FACES=1.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import get_args

import pytest

from dsl import ast as A
from dsl.loader import load_pack
from dsl.packref import shipped_packs
from dsl.parser import parse_effects
from dsl.registry import PLUGINS, Param, PluginSpec
from dsl.vocab import BASE_VOCABULARY, Vocabulary
from interpreter.printing.cardface import (
    BOARD_H, BOARD_W, CARD_H, CARD_W, board_face, card_face, effect_panel, moved, to_svg)
from interpreter.printing.icons import SHIELD, effect_icons, layout_icons, rows_for
from interpreter.printing.palette import COIN, color_of, hashed
from interpreter.printing.power_icons import BACK, CROSS

GOLDEN = Path(__file__).resolve().parent / "golden" / "faces"
FACES = [("base", "Clay Pit"), ("base", "Lumber Yard"), ("base", "Caravansery"),
         ("base", "Fortifications"), ("base", "Laboratory"), ("base", "Vineyard"),
         ("base", "East Trading Post"), ("base", "Marketplace"), ("base", "Arena"),
         ("base", "Scientists Guild"), ("base", "Spies Guild"), ("leaders", "Archimedes"),
         ("cities", "Residence"), ("cities", "Hideout"),
         # powers (power_icons.py): free builds, trade with the bank, triggers, copies, rebates, ...
         ("leaders", "Maecenas"), ("leaders", "Nero"), ("leaders", "Hatshepsut"), ("leaders", "Bilkis"),
         ("leaders", "Tomyris"), ("leaders", "Courtesans Guild"), ("cities", "Clandestine Dock West"),
         ("cities", "Black Market"), ("cities", "Secret Warehouse"), ("cities", "Architect Cabinet"),
         ("cities", "Sepulcher")]
# boards whose stages (or the board itself) have powers: the discard pile, the last card, free
# builds, a copy, a draw into a second hand, discounts
BOARDS = [("base", "Halikarnassus", "B"), ("base", "Babylon", "B"), ("base", "Olympia", "A"),
          ("base", "Olympia", "B"), ("second-edition", "Olympia", "A"), ("second-edition", "Olympia", "B"),
          ("leaders", "Roma", "B")]
SHIPPED = sorted(shipped_packs())
EXAMPLES = ["designer-ideas", "expansion-carthage", "expansion-heroes", "leaders-cities", "sample-variant",
            "durations"]
PACKS: dict = {}


def pack(name: str):  # type: ignore[no-untyped-def]
    if name not in PACKS:
        PACKS[name] = load_pack(name)
    return PACKS[name]


def card(pack_name: str, name: str):  # type: ignore[no-untyped-def]
    return next(c for c in pack(pack_name).cards if c.name == name)


def slug(pack_name: str, name: str) -> str:
    return f"{pack_name}-" + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


@pytest.mark.parametrize("pack_name,name", FACES)
def test_faces_match_their_golden_svg(pack_name: str, name: str) -> None:
    face = card_face(card(pack_name, name), pack(pack_name).rules.vocab)
    svg = to_svg(face, CARD_W, CARD_H) + "\n"
    path = GOLDEN / f"{slug(pack_name, name)}.svg"
    if os.environ.get("WONDERS_REGEN_FACES") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(svg, encoding="utf-8")
    assert path.exists(), f"no golden face {path.name}: run with WONDERS_REGEN_FACES=1"
    assert svg == path.read_text(encoding="utf-8"), f"{name}'s face changed (WONDERS_REGEN_FACES=1 if meant)"


def matches_golden(svg: str, name: str) -> None:
    path = GOLDEN / f"{name}.svg"
    if os.environ.get("WONDERS_REGEN_FACES") == "1":
        path.write_text(svg, encoding="utf-8")
    assert path.exists(), f"no golden face {path.name}: run with WONDERS_REGEN_FACES=1"
    assert svg == path.read_text(encoding="utf-8"), f"{name} changed (WONDERS_REGEN_FACES=1 if meant)"


@pytest.mark.parametrize("pack_name,wonder,side", BOARDS)
def test_boards_with_powers_match_their_golden_svg(pack_name: str, wonder: str, side: str) -> None:
    w = next(w for w in pack(pack_name).wonders if w.name == wonder)
    svg = to_svg(board_face(w.name, w.sides[side], pack(pack_name).rules.vocab), BOARD_W, BOARD_H) + "\n"
    matches_golden(svg, slug(pack_name, f"{wonder} {side}"))


def faces(pack_name: str) -> list[tuple[str, tuple[A.Effect, ...]]]:
    """Every face of a pack with its effects: each card, each wonder stage, each board's own."""
    p = pack(pack_name)
    out = [(c.name, c.effects) for c in p.cards]
    for w in p.wonders:
        for side in w.sides.values():
            out += [(f"{w.name} {side.name} stage {i + 1}", st.effects) for i, st in enumerate(side.stages)]
            out.append((f"{w.name} {side.name} board", side.effects))
    return out


@pytest.mark.parametrize("pack_name", SHIPPED + [f"examples/{e}" for e in EXAMPLES])
def test_every_effect_of_every_face_has_an_icon(pack_name: str) -> None:
    """Issue 24: a printed or exported deck shows icons, not sentences. A new word of the
    language without an icon fails here (a plug-in word may still fall back to its English)."""
    key = str(Path(__file__).resolve().parents[1] / pack_name) if "/" in pack_name else pack_name
    vocab = pack(key).rules.vocab
    bare = [(name, type(e).__name__) for name, effects in faces(key) for e in effects
            if rows_for(e, vocab) is None]
    assert len(faces(key)) > 40 and not bare, f"faces printed in words: {bare}"


def test_a_board_matches_its_golden_svg() -> None:
    w = pack("base").wonders[0]
    side = list(w.sides.values())[-1]
    svg = to_svg(board_face(w.name, side, pack("base").rules.vocab), BOARD_W, BOARD_H) + "\n"
    path = GOLDEN / "base-board.svg"
    if os.environ.get("WONDERS_REGEN_FACES") == "1":
        path.write_text(svg, encoding="utf-8")
    assert svg == path.read_text(encoding="utf-8")


def polygons(prims: list, fill: str) -> list:
    return [p for p in prims if p[0] == "polygon" and p[2] == fill]


def test_three_shields_are_three_shield_polygons() -> None:
    icons = effect_icons(parse_effects("shields 3"), BASE_VOCABULARY, 0, 0, 40)
    assert icons is not None and len(polygons(icons, SHIELD)) == 3
    assert len(polygons(card_face(card("base", "Fortifications"), BASE_VOCABULARY), SHIELD)) == 3


def test_coins_per_brown_card_in_three_cities_is_a_coin_a_brown_card_and_two_arrows() -> None:
    icons = effect_icons(parse_effects("coins 2 per brown card in left, self, right"), BASE_VOCABULARY, 0, 0, 40)
    assert icons is not None
    coins = [p for p in icons if p[0] == "circle" and p[4] == COIN]
    assert len(coins) == 1 and any(p[0] == "text" and p[3] == "2" for p in icons)
    assert len([p for p in icons if p[0] == "rect" and p[5] == color_of("brown")]) == 1
    arrows = polygons(icons, "#444444")
    assert len(arrows) == 2
    tips = sorted(min(x for x, _ in a[1]) for a in arrows)
    card_x = next(p[1] for p in icons if p[0] == "rect")
    assert tips[0] < card_x < tips[1]  # one arrow each side of the card
    # the two neighbours only: a card at each arrow
    both = effect_icons(parse_effects("vp 1 per red card in neighbors"), BASE_VOCABULARY, 0, 0, 40)
    assert both is not None and len([p for p in both if p[0] == "rect" and p[5] == color_of("red")]) == 2


def test_either_or_production_and_trade() -> None:
    icons = effect_icons(parse_effects("produce ore/clay"), BASE_VOCABULARY, 0, 0, 40) or []
    assert [p[3] for p in icons if p[0] == "text"] == ["Or", "/", "Cl"]
    trade = effect_icons(parse_effects("buy raw from right for 1"), BASE_VOCABULARY, 0, 0, 40) or []
    labels = [p[3] for p in trade if p[0] == "text"]
    assert labels == ["1", "Wo", "St", "Or", "Cl"] and len(polygons(trade, "#444444")) == 1


def test_an_unknown_resource_or_colour_draws_in_its_stable_colour() -> None:
    vocab = Vocabulary(resource_classes={"raw": ("wood",), "manufactured": ("glass",), "exotic": ("spice",)},
                       colors=(*BASE_VOCABULARY.colors, "teal"))
    icons = effect_icons(parse_effects("produce spice; vp 1 per teal card", vocab), vocab, 0, 0, 40) or []
    assert any(p[0] == "polygon" and p[2] == hashed("spice") for p in icons)  # a third class: hexagon
    assert any(p[0] == "rect" and p[5] == hashed("teal") for p in icons)


def test_a_word_without_an_icon_falls_back_to_its_english(plugin_word) -> None:  # type: ignore[no-untyped-def]
    effects = (*parse_effects("vp 2"), plugin_word("levyx", None))
    prims, _, bare = layout_icons(effects, BASE_VOCABULARY, 0, 0, 40, 20)
    assert bare == (effects[1],) and prims
    panel = " ".join(p[3] for p in effect_panel(effects, BASE_VOCABULARY, 0, 0, 45, 50) if p[0] == "text")
    assert "Levy 2 coins from everyone" in panel


@pytest.fixture
def plugin_word():  # type: ignore[no-untyped-def]
    def add(word: str, icon: object) -> A.PluginEffect:
        PLUGINS[word] = PluginSpec(word, (Param("amount", "int", "coins"),), "test", f"{word} 1",
                                   lambda args: f"Levy {args[0]} coins from everyone.", icon=icon)
        return A.PluginEffect(word, (2,))
    yield add
    for w in ("levyx", "levyy", "levyz"):
        PLUGINS.pop(w, None)


def test_a_plugin_word_draws_its_icon_or_its_english(plugin_word) -> None:  # type: ignore[no-untyped-def]
    plain = plugin_word("levyx", None)
    texts = [p[3] for p in effect_panel((plain,), BASE_VOCABULARY, 0, 0, 45, 50) if p[0] == "text"]
    assert "Levy 2 coins from" in " ".join(texts)
    assert effect_icons((plain,), BASE_VOCABULARY, 0, 0, 40) is None
    boxed = effect_icons((plugin_word("levyy", "LEVY {0}"),), BASE_VOCABULARY, 0, 0, 40) or []
    assert any(p[0] == "text" and p[3] == "LEVY 2" for p in boxed)
    star = (("polygon", ((0.5, 0.0), (1.0, 1.0), (0.0, 1.0)), "#123456", None),)
    drawn = effect_icons((plugin_word("levyz", star),), BASE_VOCABULARY, 10, 10, 40) or []
    tri = polygons(drawn, "#123456")
    assert len(tri) == 1 and all(x >= 10 and y >= 10 for x, y in tri[0][1])


def test_polygons_move_with_the_face_and_reach_the_svg() -> None:
    face = card_face(card("base", "Barracks"), BASE_VOCABULARY)
    shifted = moved(face, 10, 20)
    a, b = polygons(face, SHIELD)[0], polygons(shifted, SHIELD)[0]
    assert b[1][0] == (a[1][0][0] + 10, a[1][0][1] + 20)
    assert "<polygon points=" in to_svg(face, CARD_W, CARD_H)


def test_the_pdf_writer_draws_polygons(tmp_path: Path) -> None:
    pytest.importorskip("reportlab")
    from interpreter.cli import main

    out = tmp_path / "base.pdf"
    assert main(["print", "base", "-o", str(out), "--players", "3"]) == 0
    data = out.read_bytes()
    assert data.startswith(b"%PDF") and len(data) > 20000


def test_neighbours_coins_and_a_trigger_have_icons() -> None:
    lose = effect_icons(parse_effects("neighbors lose 2 coins"), BASE_VOCABULARY, 0, 0, 40) or []
    assert len(polygons(lose, "#444444")) == 2 and any(p[0] == "text" and p[3] == "-2" for p in lose)
    when = effect_icons(parse_effects("coins 2 when build yellow card"), BASE_VOCABULARY, 0, 0, 40) or []
    assert any(p[0] == "rect" and p[5] == color_of("yellow") for p in when)
    others = effect_icons(parse_effects("others lose 1 coin"), BASE_VOCABULARY, 0, 0, 40) or []
    assert len(polygons(others, "#444444")) == 4 and any(p[0] == "text" and p[3] == "-1" for p in others)


# one effect of every kind (and every variant a power has) the language parses
EVERY_WORD = ["shields 1 for 2 seats left", "coins 2 for 2 seats right", "vp 1 per red card in 3 seats left, self",
              "copy purple card from 2 seats left", "coins 1 when 2 seats left build red card",
              "vp 3 if more red cards than 2 seats right", "tokens 1 victory for left, 2 seats left",
              "2 seats left lose 1 coin", "rule trade_price +1 for 2 seats right",
              "produce one produced", "produce one unproduced", "shields -1 for neighbors",
              "free build once per age", "free build once per game", "free build once per age on purple cards",
              "free first card of each age", "free last card of each age", "free first card of each colour",
              "play last card", "build from discard", "build from leaders", "draw 4 from leaders",
              "copy purple card from neighbors", "copy white card from neighbors now",
              "discount 1 resource on green cards", "discount 1 resource on wonder stages",
              "discount 2 coins on white cards", "discount 1 coin on white cards for neighbors",
              "discount 1 resource on purple cards per 2 yellow cards", "free white cards",
              "discount all resources on wonder stages", "buy any from bank for 1", "buy raw from left for 1",
              "rebate 1 coin from left", "others lose 1 coin per victory", "neighbors gain 1 coin",
              "give defeats to winner", "truce with left", "truce with ally", "coins 1 when build red card", "coins 2 when build chain",
              "coins 1 when build wonder stage", "coins 1 when buy once per turn", "coins 2 when win conflict",
              "coins 1 when lose conflict", "coins 1 when take coins once per turn", "coins 2 when age starts",
              "coins 2 when age ends", "coins 1 when game ends", "produce wood for neighbors",
              "coins 1 when neighbors build red card", "coins 1 when others buy once per turn",
              "play two cards once per game", "play two cards once per age", "trade 2 seats away",
              "exchange 2 same for 1 any",
              "rule trade_price +1 for all", "rule sell_coins -1", "rule victory +1 for neighbors", "rule defeat -1",
              "rule pass +1 for all", "rule science_set +2",
              "discard own grey card for 3 coins", "bury card from leaders for 2 vp per coin", "discard own card for 5 coins", "vp 2 per stone produced",
              "vp 5 if more blue cards than neighbors", "vp 5 if more coins than others", "vp 4 if most red cards",
              "vp 6 if no defeats", "vp 7 if at most 1 white card",
              "others lose 1 coin when build wonder stage",
              "vp 1 when neighbors build red card", "vp 2 per brown card in self when build card once per age",
              "neighbors lose 1 coin when build red card", "draw 1 from leaders when win conflict",
              "science most", "science swap",
              "vp 1 per point of victory pairs", "tokens 1 victory", "tokens 1 defeat",
              "tokens 1 defeat for the richer neighbor", "tokens 1 defeat for the neighbor with most shields",
              "remove all defeat tokens", "remove 1 victory token for others", "remove 2 defeat tokens",
              "tokens 1 victory for every other city with at least 2 red cards",
              "every city with no defeats gain 2 coins", "the neighbor with fewest coins lose 1 coin", "tokens 1 victory for others", "shields -1 for others",
              "discount 1 coin on white cards for others", "vp 1 per red card in others",
              "produce wood until age ends", "rule pass -2 for all until age ends", "vp 1 per 2 shields",
              "surcharge 1 coin on yellow cards for neighbors", "coins 1 when neighbors buy from you",
              "choose coins 3 or vp 2", "choose one: coins 1 | tokens 1 victory | vp 1 when build red card",
              "tokens 1 defeat for a neighbor of your choice", "the weaker neighbor lose 2 coins",
              "a neighbor of your choice lose 1 coin", "copy purple card from the stronger neighbor",
              "shields -1 for the stronger neighbor", "remove 1 victory token for the richer neighbor",
              "produce wood for the poorer neighbor", "produce loom for a neighbor of your choice",
              "vp 5 if more blue cards than the stronger neighbor", "choose produce wood or produce stone",
              ]


def test_every_effect_kind_and_power_variant_has_an_icon() -> None:
    vocab = pack("leaders").rules.vocab
    kinds = set()
    for text in ["produce wood", "shields 1", "science gear", "coins 1", "vp 1", *EVERY_WORD]:
        effects = parse_effects(text, vocab)
        kinds |= {type(e) for e in effects}
        assert all(rows_for(e, vocab) for e in effects), text
    tokens = parse_effects("tokens 1 diplomacy; rule token debt +1", pack("cities").rules.vocab)
    assert texts(effect_icons(tokens[1:], pack("cities").rules.vocab, 0, 0, 40) or []) == ["D", "+1"]
    kinds |= {type(e) for e in tokens if rows_for(e, pack("cities").rules.vocab)}
    tokens = parse_effects("tokens 1 diplomacy; tokens 1 diplomacy when age starts", pack("cities").rules.vocab)
    assert all(rows_for(e, pack("cities").rules.vocab) for e in tokens)
    kinds |= {type(e) for e in tokens}
    naval = load_pack(str(Path(__file__).resolve().parents[1] / "examples" / "naval-tracks")).rules.vocab
    for text in ("advance red", "advance yellow for 1 coin", "advance red when build red card",
                 "advance blue for 2 wood, 1 coin"):  # a declared track
        kinds |= {type(e) for e in parse_effects(text, naval) if rows_for(e, naval)}
    own = load_pack(str(Path(__file__).resolve().parents[1] / "examples" / "own-words")).rules.vocab
    for text in ("tithe 2", "levy 1 neighbors", "stipend 1 when build yellow card"):  # a pack's own words
        effects = parse_effects(text, own)
        assert all(rows_for(e, own) for e in effects), text
        kinds |= {type(e) for e in effects}
    assert kinds == set(get_args(A.Effect)) - {A.PluginEffect}  # a new kind needs a sample here


def texts(prims: list) -> list[str]:
    return [p[3] for p in prims if p[0] == "text"]


def test_powers_draw_what_they_do() -> None:
    vocab = pack("leaders").rules.vocab

    def icons(text: str) -> list:
        return effect_icons(parse_effects(text, vocab), vocab, 0, 0, 40) or []

    crossed = [p for p in icons("free build once per age") if p[0] == "line" and p[5] == CROSS]
    assert len(crossed) == 1 and texts(icons("free build once per age")) == ["1x", "/", "age"]
    assert len(polygons(icons("build from discard"), BACK)) == 3  # the pile, face down
    assert texts(icons("play last card")) == ["6", "7"]
    assert "-1" in texts(icons("discount 1 resource on green cards"))
    assert any(p[0] == "rect" and p[5] == color_of("green") for p in icons("discount 1 resource on green cards"))
    assert texts(icons("discount 1 coin on white cards for neighbors")).count("-1") == 2  # ◄x x►
    copy = icons("copy purple card from neighbors")
    assert len(polygons(copy, "#444444")) == 2 and any(p[0] == "rect" and p[5] == color_of("purple") for p in copy)
    assert texts(icons("draw 4 from leaders")) == ["L", "4", "L"]
    assert texts(icons("remove all defeat tokens")) == ["all", "-1"]  # all of them, to the pile
    assert texts(icons("remove 2 victory tokens")) == ["+", "+"]
    assert "when" in texts(icons("coins 2 when win conflict")) and "+" in texts(icons("coins 2 when win conflict"))
    # a trigger wraps its gain's own icons: the laurel of `vp 1`, then `when`, then the event
    assert texts(icons("vp 1 when win conflict"))[:2] == texts(icons("vp 1")) + ["when"]
    assert texts(icons("draw 1 from leaders when win conflict"))[:4] == texts(icons("draw 1 from leaders")) + ["when"]
    assert texts(icons("rebate 1 coin from left")) == ["-1"] and len(polygons(icons("rebate 1 coin from left"),
                                                                              "#444444")) == 1
    # a duration: the effect's own icons, then one age; a surcharge: +N coins for each city it reaches
    assert texts(icons("shields 2 until age ends")) == texts(icons("shields 2")) + ["1 AGE"]
    assert texts(icons("surcharge 1 coin on yellow cards for neighbors")).count("+1") == 2  # ◄x x►
    assert texts(icons("neighbors lose 2 coins to you")) == texts(icons("neighbors lose 2 coins")) + ["you"]
    assert len(polygons(icons("vp 1 per 2 shields"), SHIELD)) == 1 and "2" in texts(icons("vp 1 per 2 shields"))


def test_a_seat_at_a_distance_is_a_double_arrow_with_its_distance() -> None:
    """`2 seats left`: ◄◄ 2 before what the seat takes or counts, `3 seats right` after it; the
    neighbours' single arrows stay inside."""
    far = effect_icons(parse_effects("shields 1 for 2 seats left"), BASE_VOCABULARY, 0, 0, 40) or []
    near = effect_icons(parse_effects("shields 1 for left"), BASE_VOCABULARY, 0, 0, 40) or []
    assert "2" in texts(far) and "2" not in texts(near)
    both = effect_icons(parse_effects("vp 1 per red card in left, 3 seats right"), BASE_VOCABULARY, 0, 0, 40) or []
    assert "3" in texts(both)
    assert len(polygons(both, "#444444")) == 1 + 2  # one neighbour arrow, a double arrow of two

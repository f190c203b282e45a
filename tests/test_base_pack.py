"""The shipped base pack is the published 1st-edition card list.

The loaded pack (cards/base/) is compared card by card and wonder side by wonder side with
the project's own golden table tests/golden/published_1e.yaml. The AST is turned into the
table's plain facts by `facts()` below, so these tests do not depend on the printer.
When the shared reference list (../shared/reference/published-cards-1e.json, outside the
repository) is present, the golden table itself is checked against it field by field.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from dsl import ast as A

REPO = Path(__file__).resolve().parents[1]
PACK_DIR = REPO / "cards" / "base"
GOLDEN_PATH = REPO / "tests" / "golden" / "published_1e.yaml"
REFERENCE_PATH = REPO.parent / "shared" / "reference" / "published-cards-1e.json"

RESOURCE_ORDER = ("wood", "stone", "ore", "clay", "glass", "loom", "papyrus")
SIDE_ORDER = ("left", "self", "right")
COLOR_ORDER = ("brown", "grey", "blue", "yellow", "red", "green", "purple")
PLAYER_COUNTS = range(3, 8)


@lru_cache(maxsize=None)
def golden() -> dict[str, Any]:
    return yaml.safe_load(GOLDEN_PATH.read_text(encoding="utf-8"))


GOLDEN_CARDS = golden()["cards"]
GOLDEN_WONDERS = golden()["wonders"]
TOTALS = golden()["totals"]


@pytest.fixture(scope="module")
def pack():
    from dsl.loader import load_pack  # imported here so the reference test runs on its own

    return load_pack("base")


# -- the AST as the golden table's facts -------------------------------------------------

def _ordered(items, order) -> list:
    items = list(items)
    return sorted(items, key=lambda x: order.index(x) if x in order else len(order))


def normalize(fact: dict[str, Any]) -> dict[str, Any]:
    """Put the order-free lists of an effect fact in one order, so facts compare by meaning."""
    out = dict(fact)
    if "produce_choice" in out:
        out["produce_choice"] = _ordered(out["produce_choice"], RESOURCE_ORDER)
    if "trade_discount" in out:
        t = dict(out["trade_discount"])
        t["resources"] = _ordered(t["resources"], RESOURCE_ORDER)
        t["neighbours"] = _ordered(t["neighbours"], SIDE_ORDER)
        out["trade_discount"] = t
    if "per" in out:
        p = dict(out["per"])
        p["in"] = _ordered(p["in"], SIDE_ORDER)
        if p.get("colors") is not None:
            p["colors"] = _ordered(p["colors"], COLOR_ORDER)
        out["per"] = p
    return out


_COUNTED = {"card": "card", "wonder_stage": "wonder_stage", "defeat": "defeat_token",
            "victory": "victory_token"}


def _put(out: dict[str, Any], key: str, value: Any) -> None:
    assert key not in out, f"two effects give '{key}'"
    out[key] = value


def facts(effects: tuple[A.Effect, ...], vocab) -> dict[str, Any]:
    """A card's or stage's effects as one mapping of published facts (see the golden table)."""
    out: dict[str, Any] = {}
    per: dict[str, Any] | None = None

    def add_per(counted: A.Counted, coins: int = 0, vp: int = 0) -> None:
        nonlocal per
        what = _COUNTED[counted.what]
        colors = list(counted.colors) if counted.what == "card" and counted.colors else None
        key = {"what": what, "colors": colors, "in": list(counted.sides)}
        if per is None:
            per = {**key, "coins_now": 0, "vp_end": 0}
        assert {k: per[k] for k in key} == key, "coins and points count different things"
        per["coins_now"] += coins
        per["vp_end"] += vp

    for e in effects:
        if isinstance(e, A.Produce):
            if e.choice:
                assert all(n == 1 for _, n in e.resources)
                _put(out, "produce_choice", [r for r, _ in e.resources])
            else:
                _put(out, "produce", dict(e.resources))
            _put(out, "tradable", e.tradable)
        elif isinstance(e, A.Shields):
            _put(out, "shields", e.count)
        elif isinstance(e, A.Science):
            _put(out, "science", e.symbols[0] if len(e.symbols) == 1 else list(e.symbols))
        elif isinstance(e, A.Coins):
            if e.per is None:
                _put(out, "coins", e.amount)
            else:
                add_per(e.per, coins=e.amount)
        elif isinstance(e, A.VictoryPoints):
            if e.per is None:
                _put(out, "vp", e.amount)
            else:
                add_per(e.per, vp=e.amount)
        elif isinstance(e, A.Trade):
            _put(out, "trade_discount", {"resources": list(vocab.expand_resources(e.resources)),
                                         "neighbours": list(e.sides), "price": e.price})
        elif isinstance(e, A.FreeBuild):
            _put(out, "special", f"free_build_once_per_{e.period}")
        elif isinstance(e, A.PlayLastCard):
            _put(out, "special", "play_last_card")
        elif isinstance(e, A.BuildFromDiscard):
            _put(out, "special", "build_from_discard")
        elif isinstance(e, A.CopyCard):
            if e.colors == ("purple",) and e.sides == ("left", "right"):
                _put(out, "special", "copy_neighbour_guild")
            else:
                _put(out, "special", f"copy_{'_'.join(e.colors)}_from_{'_'.join(e.sides)}")
        else:
            raise AssertionError(f"no published fact for {e!r}")
    if per is not None:
        _put(out, "per", per)
    return normalize(out)


def cost_facts(cost: A.Cost) -> dict[str, int]:
    out = {r: n for r, n in cost.resources if n}
    if cost.coins:
        out["coins"] = cost.coins
    return out


def find_card(pack, name: str, age: int):
    found = [c for c in pack.cards if c.name == name and c.age == age]
    assert len(found) == 1, f"{len(found)} cards named {name!r} in age {age}"
    return found[0]


# -- (a) card by card, side by side ------------------------------------------------------

@pytest.mark.parametrize("g", GOLDEN_CARDS, ids=[f"{g['name']}-age{g['age']}" for g in GOLDEN_CARDS])
def test_card_matches_published(pack, g):
    card = find_card(pack, g["name"], g["age"])
    assert card.color == g["color"]
    assert card.players == (tuple(g["players"]) if g["players"] is not None else None)
    assert cost_facts(card.cost) == g["cost"]
    assert sorted(card.chains_from) == sorted(g["chains_from"])
    assert sorted(card.chains_to) == sorted(g["chains_to"])
    assert facts(card.effects, pack.rules.vocab) == normalize(g["effect"])


def test_pack_has_exactly_the_published_cards(pack):
    in_pack = sorted((c.name, c.age) for c in pack.cards)
    published = sorted((g["name"], g["age"]) for g in GOLDEN_CARDS)
    assert in_pack == published


@pytest.mark.parametrize("g", GOLDEN_WONDERS, ids=[g["name"] for g in GOLDEN_WONDERS])
def test_wonder_matches_published(pack, g):
    wonder = pack.wonder(g["name"])
    assert sorted(wonder.sides) == sorted(g["sides"])
    for side_name, gs in g["sides"].items():
        side = wonder.sides[side_name]
        where = f"{g['name']} {side_name}"
        assert side.alias == gs["alias"], where
        assert side.resource == gs["resource"], where
        assert len(side.stages) == len(gs["stages"]), where
        for i, (stage, gst) in enumerate(zip(side.stages, gs["stages"]), 1):
            assert cost_facts(stage.cost) == gst["cost"], f"{where} stage {i}"
            assert facts(stage.effects, pack.rules.vocab) == normalize(gst["effect"]), \
                f"{where} stage {i}"


def test_pack_has_exactly_the_published_wonders(pack):
    assert sorted(w.name for w in pack.wonders) == sorted(g["name"] for g in GOLDEN_WONDERS)


def test_manifest_and_base_rules(pack):
    assert pack.name == "base"
    assert pack.version == "1.0.0"
    assert pack.extends == ()
    r = pack.rules
    assert (r.min_players, r.max_players, r.ages, r.hand_size) == (2, 7, 3, 7)
    # 2 players: the expert variant's Free City (seed 003), a third city no player owns
    [free] = r.seats
    assert (free.name, free.players, free.controller, free.hand, free.first_holder, free.must_play) == \
        ("Free City", (2,), "holder", "pile", ("left", "right", "left"), True)
    assert r.seats_at(2) == (free,) and r.seats_at(3) == ()
    assert (r.starting_coins, r.sell_coins, r.trade_price, r.treasury) == (3, 3, 2, 3)
    assert r.pass_directions == ("left", "right", "left")
    assert r.victory_tokens == (1, 3, 5) and r.defeat_token == -1
    assert r.science_set_bonus == 7
    assert (r.guild_color, r.guild_extra) == ("purple", 2)
    assert dict(r.vocab.resource_classes) == {"raw": ("wood", "stone", "ore", "clay"),
                                              "manufactured": ("glass", "loom", "papyrus")}
    assert tuple(r.vocab.colors) == COLOR_ORDER
    assert tuple(r.vocab.symbols) == ("compass", "gear", "tablet")
    assert {k: tuple(v) for k, v in r.categories.items()} == {
        "military": ("red",), "civilian": ("blue",), "commercial": ("yellow",),
        "guilds": ("purple",), "science": ("green",)}


# -- (b) totals --------------------------------------------------------------------------

def _guilds(pack):
    return [c for c in pack.cards if c.players is None]


def _non_guilds(pack, age: int):
    return [c for c in pack.cards if c.age == age and c.players is not None]


def test_physical_card_totals(pack):
    guilds = _guilds(pack)
    assert all(g.age == 3 and g.color == "purple" for g in guilds)
    physical = {age: sum(len(c.players) for c in _non_guilds(pack, age)) for age in (1, 2, 3)}
    physical[3] += len(guilds)
    assert physical == {1: 49, 2: 49, 3: 50}
    assert physical == {int(k[-1]): v for k, v in TOTALS["physical_cards"].items()}


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_cards_per_player_count(pack, n):
    in_play = {age: sum(c.copies_at(n) for c in _non_guilds(pack, age)) for age in (1, 2, 3)}
    guilds_drawn = n + pack.rules.guild_extra
    assert in_play[1] == 7 * n
    assert in_play[2] == 7 * n
    assert in_play[3] == 7 * n - (n + 2)
    assert guilds_drawn <= len(_guilds(pack))
    assert in_play[3] + guilds_drawn == 7 * n
    assert TOTALS["per_players"][n] == {"age1": in_play[1], "age2": in_play[2],
                                        "age3_non_guild": in_play[3], "age3_guilds": guilds_drawn}


def test_guilds_are_never_dealt_by_player_count(pack):
    assert all(g.copies_at(n) == 0 for g in _guilds(pack) for n in PLAYER_COUNTS)


# -- (c) chains --------------------------------------------------------------------------

def _by_name(pack, name: str):
    found = [c for c in pack.cards if c.name == name]
    assert len(found) == 1, f"chain names {name!r}, which is {len(found)} cards"
    return found[0]


def test_chains_are_symmetric_and_point_to_earlier_ages(pack):
    links = 0
    for card in pack.cards:
        for name in card.chains_from:
            earlier = _by_name(pack, name)
            assert earlier.age < card.age, f"{card.name} chains from later {name}"
            assert card.name in earlier.chains_to, f"{name} does not chain to {card.name}"
            links += 1
        for name in card.chains_to:
            later = _by_name(pack, name)
            assert later.age > card.age, f"{card.name} chains to earlier {name}"
            assert card.name in later.chains_from, f"{name} does not chain from {card.name}"
    assert links == sum(len(g["chains_from"]) for g in GOLDEN_CARDS) == 26


# -- (d) counts --------------------------------------------------------------------------

def test_distinct_cards_guilds_and_wonders(pack):
    non_guild = {(c.name, c.age) for c in pack.cards if c.players is not None}
    assert len(non_guild) == TOTALS["distinct_age_cards"] == 68
    guilds = _guilds(pack)
    assert len(guilds) == len({g.name for g in guilds}) == TOTALS["guilds"] == 10
    assert len(pack.wonders) == TOTALS["wonders"] == 7
    for w in pack.wonders:
        assert sorted(w.sides) == ["A", "B"], w.name
        assert (w.sides["A"].alias, w.sides["B"].alias) == ("Day", "Night"), w.name
        assert w.sides["A"].resource == w.sides["B"].resource, w.name


# -- the pack's files --------------------------------------------------------------------

def test_pack_files_start_with_the_schema_modeline():
    files = sorted(PACK_DIR.glob("*.yaml"))
    assert {f.name for f in files} >= {"pack.yaml", "age1.yaml", "age2.yaml", "age3.yaml",
                                       "guilds.yaml", "wonders.yaml"}
    for f in files:
        first = f.read_text(encoding="utf-8").splitlines()[0]
        assert first == "# yaml-language-server: $schema=../../dsl/pack.schema.json", f.name


def test_pack_text_is_canonical():
    """Every effect and cost in the YAML is written in its canonical card-language form."""
    from dsl.parser import parse_cost, parse_effects
    from dsl.printer import cost_text, effects_text

    texts = []
    for f in sorted(PACK_DIR.glob("*.yaml")):
        data = yaml.safe_load(f.read_text(encoding="utf-8")) or {}
        for c in data.get("cards") or []:
            texts.append((c["name"], c.get("cost"), c["effect"]))
        for w in data.get("wonders") or []:
            for s, side in w["sides"].items():
                for i, st in enumerate(side["stages"], 1):
                    texts.append((f"{w['name']} {s}{i}", st.get("cost"), st["effect"]))
    assert len(texts) == 68 + 10 + 42
    for name, cost, effect in texts:
        assert effects_text(parse_effects(effect)) == effect, name
        if cost is not None:
            assert cost_text(parse_cost(cost)) == cost, name


# -- (e) the golden table against the shared reference list -------------------------------

# The only naming difference between the reference's facts and the golden table's.
_REFERENCE_SPECIAL = {"play_seventh_card": "play_last_card"}


def _reference_fact(effect_data: dict[str, Any]) -> dict[str, Any]:
    out = dict(effect_data)
    if "special" in out:
        out["special"] = _REFERENCE_SPECIAL.get(out["special"], out["special"])
    return normalize(out)


def _reference_cost(cost: dict[str, int]) -> dict[str, int]:
    return {k: v for k, v in cost.items() if v}


@pytest.mark.skipif(not REFERENCE_PATH.is_file(),
                    reason=f"shared reference list not present ({REFERENCE_PATH})")
def test_golden_table_equals_reference_list():
    ref = json.loads(REFERENCE_PATH.read_text(encoding="utf-8"))
    ref_cards = ref["cards"] + ref["guilds"]
    by_key = {(g["name"], g["age"]): g for g in GOLDEN_CARDS}
    assert len(by_key) == len(GOLDEN_CARDS), "golden table repeats a card"
    assert sorted(by_key) == sorted((c["name"], c["age"]) for c in ref_cards)
    problems = []
    for rc in ref_cards:
        g = by_key[(rc["name"], rc["age"])]
        pairs = {
            "color": (g["color"], rc["color"]),
            "players": (g["players"], rc["players"]),
            "cost": (g["cost"], _reference_cost(rc["cost"])),
            "chains_from": (sorted(g["chains_from"]), sorted(rc["chain_from"])),
            "chains_to": (sorted(g["chains_to"]), sorted(rc["chain_to"])),
            "effect": (normalize(g["effect"]), _reference_fact(rc["effect_data"])),
        }
        problems += [f"{rc['name']} (age {rc['age']}) {k}: golden {a!r} != reference {b!r}"
                     for k, (a, b) in pairs.items() if a != b]

    golden_wonders = {w["name"]: w for w in GOLDEN_WONDERS}
    assert sorted(golden_wonders) == sorted(w["name"] for w in ref["wonders"])
    for rw in ref["wonders"]:
        gw = golden_wonders[rw["name"]]
        assert sorted(gw["sides"]) == sorted(rw["sides"]), rw["name"]
        for s, rs in rw["sides"].items():
            gs = gw["sides"][s]
            where = f"{rw['name']} {s}"
            if gs["alias"] != rs["alias"]:
                problems.append(f"{where} alias: {gs['alias']!r} != {rs['alias']!r}")
            if gs["resource"] != rs["starting_resource"]:
                problems.append(f"{where} resource: {gs['resource']!r} != {rs['starting_resource']!r}")
            if len(gs["stages"]) != len(rs["stages"]):
                problems.append(f"{where}: {len(gs['stages'])} stages != {len(rs['stages'])}")
                continue
            for i, (gst, rst) in enumerate(zip(gs["stages"], rs["stages"]), 1):
                if gst["cost"] != _reference_cost(rst["cost"]):
                    problems.append(f"{where} stage {i} cost: {gst['cost']!r} != {rst['cost']!r}")
                if normalize(gst["effect"]) != _reference_fact(rst["effect_data"]):
                    problems.append(f"{where} stage {i} effect: {gst['effect']!r} != "
                                    f"{rst['effect_data']!r}")

    v = ref["verification"]
    if TOTALS["physical_cards"] != v["total_physical_cards"]:
        problems.append(f"physical cards: {TOTALS['physical_cards']} != {v['total_physical_cards']}")
    for n, p in v["per_player_count"].items():
        want = {"age1": p["age1"]["non_guild_cards"], "age2": p["age2"]["non_guild_cards"],
                "age3_non_guild": p["age3"]["non_guild_cards"], "age3_guilds": p["age3"]["plus_guilds"]}
        if TOTALS["per_players"][int(n)] != want:
            problems.append(f"{n} players: {TOTALS['per_players'][int(n)]} != {want}")
    if len(ref["guilds"]) != TOTALS["guilds"] or len(ref["wonders"]) != TOTALS["wonders"]:
        problems.append("guild or wonder count differs")
    if len({(c["name"], c["age"]) for c in ref["cards"]}) != TOTALS["distinct_age_cards"]:
        problems.append("distinct card count differs")
    assert not problems, "\n".join(problems)


# -- the test's own fact converter ---------------------------------------------------------

def test_facts_converter_on_hand_built_effects():
    """facts() is independent of the parser: check it on AST nodes built by hand."""
    from dsl.vocab import BASE_VOCABULARY as V

    arena = (A.Coins(3, A.Counted("wonder_stage", (), ("self",))),
             A.VictoryPoints(1, A.Counted("wonder_stage", (), ("self",))))
    assert facts(arena, V) == {"per": {"what": "wonder_stage", "colors": None, "in": ["self"],
                                       "coins_now": 3, "vp_end": 1}}
    assert facts((A.Trade(("raw",), ("right",), 1),), V) == {"trade_discount": {
        "resources": ["wood", "stone", "ore", "clay"], "neighbours": ["right"], "price": 1}}
    assert facts((A.Produce((("loom", 1), ("glass", 1)), choice=True, tradable=False),), V) == {
        "produce_choice": ["glass", "loom"], "tradable": False}
    assert facts((A.VictoryPoints(2), A.BuildFromDiscard()), V) == {
        "vp": 2, "special": "build_from_discard"}
    with pytest.raises(AssertionError):
        facts((A.Coins(1), A.Coins(2)), V)

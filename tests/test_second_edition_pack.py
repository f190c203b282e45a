"""The shipped `second-edition` pack is the published 7 Wonders 2nd-edition (2020) card list.

The loaded pack (cards/second-edition/) is compared card by card and board by board with the
facts table tests/golden/published_2e.yaml (its header says where each fact comes from). The
parsed AST is turned into the table's plain facts by `facts()` below (independent of the
printer), copies per player count come from `Card.copies_at`, and 500 seeded games at 3-7
players check that the pack plays to the end with every card in one place and coins never
negative.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from game_checks import card_places
import yaml

from dsl import ast as A
from dsl.loader import load_pack

REPO = Path(__file__).resolve().parents[1]
PACK_DIR = REPO / "cards" / "second-edition"
GOLDEN_PATH = REPO / "tests" / "golden" / "published_2e.yaml"

RESOURCE_ORDER = ("wood", "stone", "ore", "clay", "glass", "loom", "papyrus")
SIDE_ORDER = ("left", "self", "right")
COLOR_ORDER = ("brown", "grey", "blue", "yellow", "red", "green", "purple")
PLAYER_COUNTS = range(3, 8)
SIDE_KEYS = {"day": "A", "night": "B"}  # the table's side names -> the pack's side keys


@lru_cache(maxsize=None)
def golden() -> dict[str, Any]:
    return yaml.safe_load(GOLDEN_PATH.read_text(encoding="utf-8"))


GOLDEN_CARDS = golden()["cards"]
GOLDEN_WONDERS = golden()["wonders"]
TOTALS = golden()["totals"]


@pytest.fixture(scope="module")
def pack():
    return load_pack("second-edition")


# -- the AST as the golden table's facts -------------------------------------------------

def _ordered(items, order) -> list:
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
# the 2nd-edition board powers (FreeBuild periods) as the table names them
_FREE = {"colour_first": "free_first_card_of_each_color", "age_first": "free_first_card_each_age",
         "age_last": "free_last_card_each_age"}


def _put(out: dict[str, Any], key: str, value: Any) -> None:
    assert key not in out, f"two effects give '{key}'"
    out[key] = value


def facts(effects: tuple[A.Effect, ...], vocab) -> dict[str, Any]:
    """A card's or stage's effects as one mapping of published facts (see the golden table)."""
    out: dict[str, Any] = {}
    per: dict[str, Any] | None = None

    def add_per(counted: A.Counted, coins: int = 0, vp: int = 0) -> None:
        nonlocal per
        assert counted.every == 1, "the table has no `per N` counts"
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
            assert e.per is None
            _put(out, "shields", e.count)
        elif isinstance(e, A.Science):
            _put(out, "science", e.symbols[0] if len(e.symbols) == 1 else list(e.symbols))
        elif isinstance(e, A.Coins):
            if e.per is None:
                _put(out, "coins", e.amount)
            else:
                add_per(e.per, coins=e.amount)
        elif isinstance(e, A.VictoryPoints) and e.condition:
            assert e.condition == "wonder_complete" and e.per is None, e
            _put(out, "vp_if_wonder_complete", e.amount)
        elif isinstance(e, A.VictoryPoints):
            if e.per is None:
                _put(out, "vp", e.amount)
            else:
                add_per(e.per, vp=e.amount)
        elif isinstance(e, A.Trade):
            _put(out, "trade_discount", {"resources": list(vocab.expand_resources(e.resources)),
                                         "neighbours": list(e.sides), "price": e.price})
        elif isinstance(e, A.FreeBuild):
            assert not e.colors
            _put(out, "special", _FREE.get(e.period, f"free_build_once_per_{e.period}"))
        elif isinstance(e, A.PlayLastCard):
            _put(out, "special", "play_last_card")
        elif isinstance(e, A.BuildFromDiscard):
            assert e.hand in ("", "discard")
            _put(out, "special", "build_from_discard")
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


# -- (a) card by card, board by board -----------------------------------------------------

@pytest.mark.parametrize("g", GOLDEN_CARDS, ids=[f"{g['name']}-age{g['age']}" for g in GOLDEN_CARDS])
def test_card_matches_published(pack, g):
    card = find_card(pack, g["name"], g["age"])
    assert card.color == g["color"]
    assert card.players == (tuple(g["players"]) if g["players"] is not None else None)
    if g["copies"] is None:
        assert all(card.copies_at(n) == 0 for n in PLAYER_COUNTS)  # a guild is drawn
    else:
        assert {n: card.copies_at(n) for n in PLAYER_COUNTS} == g["copies"]
    assert cost_facts(card.cost) == g["cost"]
    assert sorted(card.chains_from) == sorted(g["chains_from"])
    assert sorted(card.chains_to) == sorted(g["chains_to"])
    assert facts(card.effects, pack.rules.vocab) == normalize(g["effect"])


def test_pack_has_exactly_the_published_cards(pack):
    in_pack = sorted((c.name, c.age) for c in pack.cards)
    published = sorted((g["name"], g["age"]) for g in GOLDEN_CARDS)
    assert in_pack == published
    assert "Pawnshop" not in {c.name for c in pack.cards}
    assert "Strategists Guild" not in {c.name for c in pack.cards}


@pytest.mark.parametrize("g", GOLDEN_WONDERS, ids=[g["name"] for g in GOLDEN_WONDERS])
def test_wonder_matches_published(pack, g):
    wonder = pack.wonder(g["name"])
    assert sorted(wonder.sides) == sorted(SIDE_KEYS[s] for s in g["sides"]) == ["A", "B"]
    for side_name, gs in g["sides"].items():
        side = wonder.sides[SIDE_KEYS[side_name]]
        where = f"{g['name']} {side_name}"
        assert side.alias == side_name.capitalize(), where  # A = Day, B = Night
        assert gs["alias"] == SIDE_KEYS[side_name], where
        assert side.resource == gs["resource"], where
        # the side's own effects: only its starting resource (no power before a stage is built)
        assert facts(side.effects, pack.rules.vocab) == {"produce": {gs["resource"]: 1},
                                                         "tradable": True}, where
        assert len(side.stages) == len(gs["stages"]), where
        powers = []
        for i, (stage, gst) in enumerate(zip(side.stages, gs["stages"]), 1):
            assert cost_facts(stage.cost) == gst["cost"], f"{where} stage {i}"
            got = facts(stage.effects, pack.rules.vocab)
            assert got == normalize(gst["effect"]), f"{where} stage {i}"
            if "special" in got:
                powers.append({"stage": i, "special": got["special"]})
        assert powers == gs["powers"], where


def test_pack_has_exactly_the_published_wonders(pack):
    assert sorted(w.name for w in pack.wonders) == sorted(g["name"] for g in GOLDEN_WONDERS)
    assert len(pack.wonders) == TOTALS["wonders"]


def test_manifest_and_rules(pack):
    assert pack.name == "second-edition"
    assert pack.version == "1.0.0"
    assert pack.extends == ()
    assert "2nd edition" in pack.description and "2020" in pack.description
    r = pack.rules
    assert (r.min_players, r.max_players, r.ages, r.hand_size) == (3, 7, 3, 7)
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


def test_distinct_cards_guilds_and_wonders(pack):
    non_guild = {(c.name, c.age) for c in pack.cards if c.players is not None}
    assert len(non_guild) == TOTALS["distinct_age_cards"] == 70
    assert Counter(age for _, age in non_guild) == {1: 27, 2: 23, 3: 20}
    guilds = _guilds(pack)
    assert len(guilds) == len({g.name for g in guilds}) == TOTALS["guilds"] == 10
    for w in pack.wonders:
        assert (w.sides["A"].alias, w.sides["B"].alias) == ("Day", "Night"), w.name
        assert w.sides["A"].resource == w.sides["B"].resource, w.name


# -- (c) chains --------------------------------------------------------------------------

def _by_name(pack, name: str):
    found = [c for c in pack.cards if c.name == name]
    assert len(found) == 1, f"chain names {name!r}, which is {len(found)} cards"
    return found[0]


def test_chains_are_symmetric_and_are_the_published_links(pack):
    links = set()
    for card in pack.cards:
        for name in card.chains_from:
            earlier = _by_name(pack, name)
            assert earlier.age < card.age, f"{card.name} chains from later {name}"
            assert card.name in earlier.chains_to, f"{name} does not chain to {card.name}"
            links.add((name, card.name))
        for name in card.chains_to:
            later = _by_name(pack, name)
            assert later.age > card.age, f"{card.name} chains to earlier {name}"
            assert card.name in later.chains_from, f"{name} does not chain from {card.name}"
    published = set()
    for ch in golden()["chains"]:
        for f in ch["from"] if isinstance(ch["from"], list) else [ch["from"]]:
            published.add((f, ch["to"]))
    assert links == published
    assert len(links) == 25  # 24 symbols; the market stall links two trading posts to the Forum


# -- (d) the changes from the 1st edition ---------------------------------------------------

def test_differences_from_the_first_edition(pack):
    """Each card the table lists as added, removed or changed is so in the two shipped packs."""
    base = load_pack("base")
    ours = {(c.name, c.age): c for c in pack.cards}
    theirs = {(c.name, c.age): c for c in base.cards}
    for d in golden()["differences_from_1e"]["cards"]:
        key = (d["name"], d["age"])
        if d["change"] == "added":
            assert key in ours and key not in theirs, key
        elif d["change"] == "removed":
            assert key in theirs and key not in ours, key
        else:
            assert key in ours and key in theirs, key
            for field, v in d["fields"].items():
                old, new = theirs[key], ours[key]
                if field == "effect":
                    assert facts(old.effects, base.rules.vocab) == v["1e"], key
                    assert facts(new.effects, pack.rules.vocab) == v["2e"], key
                elif field == "cost":
                    assert (cost_facts(old.cost), cost_facts(new.cost)) == (v["1e"], v["2e"]), key
                elif field == "players":
                    assert (list(old.players), list(new.players)) == (v["1e"], v["2e"]), key
                else:
                    assert (sorted(getattr(old, field)), sorted(getattr(new, field))) == \
                        (sorted(v["1e"]), sorted(v["2e"])), (key, field)
    # every other Age card and guild is the 1st-edition card unchanged
    named = {(d["name"], d["age"]) for d in golden()["differences_from_1e"]["cards"]}
    for key in set(ours) - named:
        a, b = ours[key], theirs[key]
        assert (a.color, a.players, a.cost, a.chains_from, a.chains_to) == \
            (b.color, b.players, b.cost, b.chains_from, b.chains_to), key
        assert facts(a.effects, pack.rules.vocab) == facts(b.effects, base.rules.vocab), key
    unchanged = {(d["name"], SIDE_KEYS[d["side"]]) for d in golden()["differences_from_1e"]["wonders"]
                 if not d["changes"]}
    assert unchanged == {("Gizah", "B"), ("Rhodos", "A"), ("Rhodos", "B")}
    for name, s in unchanged:
        a, b = pack.wonder(name).sides[s], base.wonder(name).sides[s]
        assert a.resource == b.resource and len(a.stages) == len(b.stages)
        for x, y in zip(a.stages, b.stages):
            assert x.cost == y.cost
            assert facts(x.effects, pack.rules.vocab) == facts(y.effects, base.rules.vocab)


# -- the pack's files --------------------------------------------------------------------

def test_pack_files_start_with_the_schema_modeline():
    files = sorted(PACK_DIR.glob("*.yaml"))
    assert {f.name for f in files} == {"pack.yaml", "age1.yaml", "age2.yaml", "age3.yaml",
                                       "guilds.yaml", "wonders.yaml"}
    for f in files:
        first = f.read_text(encoding="utf-8").splitlines()[0]
        assert first == "# yaml-language-server: $schema=../../dsl/pack.schema.json", f.name
    assert (PACK_DIR / "README.md").is_file() and (PACK_DIR / "SOURCES.md").is_file()


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
    assert len(texts) == 70 + 10 + 3 * 7 + 20  # Day sides: 21 stages; Night: 3+2+3+4+3+3+2 = 20
    for name, cost, effect in texts:
        assert effects_text(parse_effects(effect)) == effect, name
        if cost is not None:
            assert cost_text(parse_cost(cost)) == cost, name


def test_facts_converter_on_hand_built_effects():
    """facts() is independent of the parser: check the 2nd-edition words on hand-built nodes."""
    from dsl.vocab import BASE_VOCABULARY as V

    assert facts((A.VictoryPoints(7, None, "wonder_complete"),), V) == {"vp_if_wonder_complete": 7}
    assert facts((A.FreeBuild("colour_first"),), V) == {"special": "free_first_card_of_each_color"}
    assert facts((A.VictoryPoints(2), A.FreeBuild("age_first")), V) == {
        "vp": 2, "special": "free_first_card_each_age"}
    assert facts((A.FreeBuild("age_last"),), V) == {"special": "free_last_card_each_age"}
    red = A.Counted("card", ("red",), ("self",))
    assert facts((A.Coins(3, red), A.VictoryPoints(1, red)), V) == {"per": {
        "what": "card", "colors": ["red"], "in": ["self"], "coins_now": 3, "vp_end": 1}}
    with pytest.raises(AssertionError):
        facts((A.Coins(1), A.Coins(2)), V)


# -- (e) seeded games ----------------------------------------------------------------------

GAMES_PER_COUNT = 100  # 5 player counts x 100 = 500 games


@pytest.fixture(scope="module")
def cp(pack):
    from interpreter.rules.compiled import compile_pack

    return compile_pack(pack)


def _places(g) -> Counter:  # noqa: ANN001
    return card_places(g)


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_seeded_games_finish_with_every_card_in_one_place(cp, n):
    from interpreter.players.bots import GreedyBot, RandomBot
    from interpreter.players.game import Game

    class Checked(Game):
        def resolve(self, *a, **k):  # coins never negative, after every resolution
            out = super().resolve(*a, **k)
            assert all(c.coins >= 0 for c in self.cities), [c.coins for c in self.cities]
            return out

    for i in range(GAMES_PER_COUNT):
        seed = 1000 * n + i
        bots = [GreedyBot() if (i + s) % 3 == 0 else RandomBot() for s in range(n)]
        side = ("A", "B", "random")[i % 3]  # Day, Night and mixed boards
        g = Checked(cp, bots, seed=seed, sides=side)
        scores = g.play()
        assert len(scores["players"]) == n
        assert all(c.coins >= 0 for c in g.cities), seed
        # 7 cards per player in each age, N + 2 guilds among them in Age III
        assert sum(g.dealt.values()) == 3 * 7 * n, seed
        assert sum(v for k, v in g.dealt.items() if k.endswith(" Guild")) == n + 2, seed
        # every dealt card is in exactly one place: a city, under a stage, the discard pile
        assert _places(g) == Counter(g.dealt), seed
        assert all(not h for h in g.hands), seed
        for c in g.cities:  # a city never holds a name twice, and never more stages than its side
            assert len({x.name for x in c.cards}) == len(c.cards), seed
            assert len(c.tucked) == c.stages_built <= len(c.side.stages), seed

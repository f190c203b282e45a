"""The shipped `cities` pack equals the published Cities card list, card by card.

tests/golden/published_cities.yaml is a table of facts independent of the card language
(written from the published cards; its header says where from and which keys it adds). Here
every black card, guild and Petra/Byzantium side of the `cities` pack, and the 6 Cities Leaders
of examples/leaders-cities, are turned into those facts from their parsed effects and compared;
then the rules the cards rely on (3-8 players, hands of 8 and of 7 at 8 players, one black card
per player drawn into each Age, debt -1 on the treasury line, diplomacy sits out).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from dsl import ast as A
from dsl.loader import load_pack
from interpreter.rules.compiled import compile_pack

GOLDEN = Path(__file__).parent / "golden" / "published_cities.yaml"
REPO = Path(__file__).resolve().parents[1]
LEADERS_CITIES = str(REPO / "examples" / "leaders-cities")
_EVENTS = {"build": "build_card", "chain": "build_chain", "buy": "buy_from_neighbour",
           "win_conflict": "win_conflict", "lose_conflict": "lose_conflict",
           "wonder_stage": "build_wonder_stage", "take_coins": "take_coins_from_bank"}
_COUNTED = {"card": "card", "wonder_stage": "wonder_stage", "victory": "victory_token",
            "defeat": "defeat_token", "coin": "coins"}
_WHO = {("others",): "others", ("left", "right"): "neighbours"}
_RELATIVE = {"produced": "produced", "unproduced": "not_produced"}
_GOLDEN_DATA = yaml.safe_load(GOLDEN.read_text(encoding="utf-8"))
CITY_CARDS = [g for g in _GOLDEN_DATA["cards"] if g.get("deck") != "leaders"]
LEADERS = [g for g in _GOLDEN_DATA["cards"] if g.get("deck") == "leaders"]


def _cost(cost: A.Cost) -> dict[str, int]:
    return cost.as_dict()


def _per(p: A.Counted) -> dict[str, Any]:
    return {"what": _COUNTED[p.what], **({"every": p.every} if p.every > 1 else {}),
            "colors": list(p.colors) if p.colors else None, "in": list(p.sides)}


def facts(effects: tuple[A.Effect, ...]) -> dict[str, Any]:
    """Parsed effects -> the published facts' vocabulary (see the golden table's header)."""
    out: dict[str, Any] = {}

    def put(key: str, value: Any) -> None:
        assert key not in out, f"two effects give '{key}'"
        out[key] = value

    def per(counted: A.Counted, coins_now: int = 0, vp_end: int = 0) -> None:
        """`coins N per X; vp M per X` is one published `per` fact (coins_now and vp_end)."""
        if "per" in out:
            got = out["per"]
            assert {k: v for k, v in got.items() if k not in ("coins_now", "vp_end")} == _per(counted), \
                "coins and points count different things"
            got["coins_now"] += coins_now
            got["vp_end"] += vp_end
        else:
            out["per"] = {**_per(counted), "coins_now": coins_now, "vp_end": vp_end}

    for e in effects:
        if isinstance(e, A.VictoryPoints) and e.per is None:
            put("vp", e.amount)
        elif isinstance(e, A.Coins) and e.per is None:
            put("coins", e.amount)
        elif isinstance(e, A.VictoryPoints) and e.per.what == "set":
            put("per_set", {"colors": list(e.per.colors), "vp_end": e.amount})
        elif isinstance(e, A.VictoryPoints) and e.per.what == "science_set":
            put("science_set_bonus", e.amount)
        elif isinstance(e, A.VictoryPoints):
            per(e.per, vp_end=e.amount)
        elif isinstance(e, A.Coins):
            per(e.per, coins_now=e.amount)
        elif isinstance(e, A.Science):
            put("science", e.symbols[0])
        elif isinstance(e, A.Shields) and e.per is None:
            put("shields", e.count)
        elif isinstance(e, A.Shields) and e.per.what == "defeat" and e.per.sides == ("self",):
            put("shields_per_defeat_token", e.count)
        elif isinstance(e, A.Discount) and e.unit == "all":
            put("free_cards", list(e.target.colors))
        elif isinstance(e, A.Discount):
            out.setdefault("discount", []).append({
                "what": e.target.what, "colors": list(e.target.colors) or None,
                "resources": "all" if e.unit == "all_resources" else e.amount if e.unit == "resource" else 0,
                "coins": e.amount if e.unit == "coin" else 0, "for": list(e.sides)})
        elif isinstance(e, A.Trigger):
            limit = None
            if e.once_per_turn:  # `buy` happens once per neighbour paid
                limit = "once_per_turn_per_neighbour" if e.event.kind == "buy" else "once_per_turn"
            assert isinstance(e.effect, A.Coins) and e.effect.per is None, e
            put("trigger", {"event": _EVENTS[e.event.kind], "colors": list(e.event.colors) or None,
                            "coins": e.effect.amount, "limit": limit})
        elif isinstance(e, A.OthersCoins) and e.amount < 0:
            put("lose_coins", {"who": _WHO[e.sides], "amount": -e.amount,
                               "per": None if e.per is None else _COUNTED[e.per.what]})
            if e.per is not None:  # counted in each losing city, never in its neighbours
                assert e.per.sides == ("self",) and not e.per.colors and e.per.every == 1, e
        elif isinstance(e, A.OthersCoins):
            put("gain_coins", {"who": _WHO[e.sides], "amount": e.amount})
        elif isinstance(e, A.Tokens) and e.kind == "diplomacy":
            put("diplomacy", e.count)
        elif isinstance(e, A.CopyCard) and not e.now and e.colors == ("green",):
            put("copy_science_from", list(e.sides))
        elif isinstance(e, A.Rebate):
            put("trade_rebate", {"neighbours": list(e.sides), "coins": e.amount,
                                 "limit": "first_resource_per_turn"})
        elif isinstance(e, A.Produce) and e.relative:
            # the engine counts what neighbours may buy: the board's resource, brown and grey
            put("produce_extra", {"of": _RELATIVE[e.relative], "counted": ["board", "brown", "grey"],
                                  "amount": 1, "limit": "once_per_turn"})
            assert e.choice and not e.resources
            put("tradable", e.tradable)
        elif isinstance(e, A.FreeBuild):
            put("free_build", {"colors": list(e.colors), "period": e.period})
        elif isinstance(e, A.Trade) and e.sides == ("bank",):
            put("bank_trade", {"resources": "any" if e.resources == ("any",) else list(e.resources),
                               "price": e.price, "limit": "once_per_turn"})
        else:
            raise AssertionError(f"no published fact for {e!r}")
    return out


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return _GOLDEN_DATA


@pytest.fixture(scope="module")
def pack():
    return load_pack("cities")


@pytest.fixture(scope="module")
def compiled():
    return compile_pack(load_pack("cities"))


@pytest.fixture(scope="module")
def both():
    return load_pack(LEADERS_CITIES)


def _new_cards(pack, over: str = "base") -> list:
    old = {(c.name, c.age, c.deck) for c in load_pack(over).cards}
    return [c for c in pack.cards if (c.name, c.age, c.deck) not in old]


def test_the_pack_has_exactly_the_published_cards(pack, golden) -> None:
    mine = sorted((c.name, c.deck or c.age) for c in _new_cards(pack))
    theirs = sorted((g["name"], g["age"]) for g in CITY_CARDS)
    assert mine == theirs
    totals = golden["totals"]
    for age in (1, 2, 3):
        black = [c for c in pack.cards if c.color == "black" and c.age == age]
        assert len(black) == totals["city_cards"][f"age{age}"] == golden["rules"]["city_cards_per_age"]
    assert sum(1 for c in _new_cards(pack) if c.color == "purple") == totals["guilds"]
    # no black card of another deck and none outside the three Ages
    assert all(c.age in (1, 2, 3) and not c.deck for c in pack.cards if c.color == "black")


def test_the_example_has_the_published_cards_over_leaders(both, golden) -> None:
    mine = sorted((c.name, c.deck or c.age) for c in _new_cards(both, "leaders"))
    theirs = sorted((g["name"], g.get("deck") or g.get("age")) for g in golden["cards"])
    assert mine == theirs
    assert sum(1 for c in both.cards if c.deck == "leaders") == 36 + golden["totals"]["leaders"]


@pytest.mark.parametrize("name", [g["name"] for g in CITY_CARDS])
def test_card_equals_the_published_card(pack, golden, name: str) -> None:
    g = next(x for x in golden["cards"] if x["name"] == name)
    [c] = [x for x in pack.cards if x.name == name]
    assert (c.age, c.color, c.deck) == (g["age"], g["color"], "")
    assert _cost(c.cost) == (g.get("cost") or {})
    assert c.players is None and g["players"] is None  # one copy, drawn at random
    assert list(c.chains_from) == g["chains_from"] and list(c.chains_to) == g["chains_to"]
    assert facts(c.effects) == g["effect"], name


@pytest.mark.parametrize("name", [g["name"] for g in CITY_CARDS])
def test_the_example_carries_the_same_city_card(pack, both, name: str) -> None:
    [mine] = [x for x in pack.cards if x.name == name]
    [theirs] = [x for x in both.cards if x.name == name]
    assert (theirs.age, theirs.color, theirs.cost, theirs.effects, theirs.players) == \
        (mine.age, mine.color, mine.cost, mine.effects, mine.players)


@pytest.mark.parametrize("name", [g["name"] for g in LEADERS])
def test_cities_leader_equals_the_published_card(both, golden, name: str) -> None:
    g = next(x for x in LEADERS if x["name"] == name)
    [c] = [x for x in both.cards if x.name == name]
    assert (c.deck, c.color, c.age) == ("leaders", g["color"], 0)
    assert _cost(c.cost) == g["cost"]
    assert c.players is None  # the whole Leader deck
    assert facts(c.effects) == g["effect"], name


def test_the_cities_pack_alone_has_no_leader(pack) -> None:
    assert not [c for c in pack.cards if c.deck]
    assert not {g["name"] for g in LEADERS} & {c.name for c in pack.cards}


@pytest.mark.parametrize("ref", ["cities", "leaders-cities"])
@pytest.mark.parametrize("wonder", ["Petra", "Byzantium"])
def test_board_equals_the_published_board(pack, both, golden, ref: str, wonder: str) -> None:
    gw = next(w for w in golden["wonders"] if w["name"] == wonder)
    board = (pack if ref == "cities" else both).wonder(wonder)
    assert sorted(board.sides) == sorted(gw["sides"])
    for s, gs in gw["sides"].items():
        side = board.sides[s]
        assert side.alias == gs["alias"]
        assert side.resource == gs["resource"]
        # the board's own effects: its starting resource, and nothing else (power: {})
        rest = [e for e in side.effects if e != A.Produce(((gs["resource"], 1),))]
        assert len(rest) == len(side.effects) - 1, (wonder, s, side.effects)
        assert facts(tuple(rest)) == gs["power"], s
        assert len(side.stages) == len(gs["stages"])
        for st, gst in zip(side.stages, gs["stages"]):
            assert _cost(st.cost) == gst["cost"], (wonder, s)
            assert facts(st.effects) == gst["effect"], (wonder, s)


def test_the_pack_adds_exactly_two_boards(pack, golden) -> None:
    base = {w.name for w in load_pack("base").wonders}
    new = sorted(w.name for w in pack.wonders if w.name not in base)
    assert new == sorted(w["name"] for w in golden["wonders"])
    assert len(new) == golden["totals"]["wonders"]


def test_cities_rules(pack, golden) -> None:
    r, g = pack.rules, golden["rules"]
    assert (r.min_players, r.max_players) == (g["players"]["min"], g["players"]["max"]) == (3, 8)
    assert r.hand_size == g["hand_size"] == 8
    assert r.hand_size - 1 == g["cards_played_per_age"]
    assert r.hand_size_at(8) == 7 and all(r.hand_size_at(n) == 8 for n in range(3, 8))
    assert r.starting_coins == g["starting_coins"]
    # one black card per player drawn into every Age deck
    assert [(d.color, d.per_player, d.extra, tuple(d.ages)) for d in r.draws] == [("black", 1, 0, (1, 2, 3))]
    # debt: -1 VP each, on the treasury line; the kind taken for unpaid coins of a loss
    debt = r.tokens["debt"]
    assert (debt.vp, debt.line, debt.sit_out) == (g["debt"]["vp_per_token"], g["debt"]["score_line"], False)
    assert r.debt == "debt"
    # diplomacy: no points, sits out the next conflict
    dip = r.tokens["diplomacy"]
    assert (dip.vp, dip.sit_out) == (0, True)
    assert set(r.tokens) == {"debt", "diplomacy"}
    assert r.score_lines == tuple(x for x in g["score_lines"] if x != "leaders")
    assert r.categories["cities"] == ("black",)
    assert "black" in r.vocab.colors


def test_leaders_cities_rules(both, golden) -> None:
    r, g = both.rules, golden["rules"]
    assert (r.min_players, r.max_players) == (3, 8)
    assert r.hand_size == 8 and r.hand_size_at(8) == 7
    assert r.starting_coins == 6  # Leaders
    assert r.score_lines == tuple(g["score_lines"])
    assert r.categories["cities"] == ("black",) and r.categories["leaders"] == ("white",)
    assert r.debt == "debt" and r.tokens["debt"].vp == -1 and r.tokens["debt"].line == "treasury"
    assert r.tokens["diplomacy"].sit_out
    assert [(d.color, d.per_player, tuple(d.ages)) for d in r.draws] == [("black", 1, (1, 2, 3))]
    assert r.decks == ("leaders",)


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("age", [1, 2, 3])
def test_cards_in_play_per_age_match_the_published_counts(golden, compiled, n: int, age: int) -> None:
    cp = compiled
    want = golden["rules"]["per_players"][n]
    deck = cp.deck(age, n)
    assert not any(c.color_name in ("black", "purple") for c in deck)  # both drawn
    black = cp.drawn("black", age)
    assert len(black) == 9
    drawn = n * cp.rules.draws[0].per_player
    guilds = min(len(cp.guilds()), n + cp.rules.guild_extra) if age == 3 else 0
    assert drawn == want["black_per_age"]
    assert len(deck) + drawn + guilds == want[f"age{age}"] == cp.rules.hand_size_at(n) * n


def test_guild_pools() -> None:
    assert len(compile_pack(load_pack("cities")).guilds()) == 10 + 3
    assert len(compile_pack(load_pack(LEADERS_CITIES)).guilds()) == 10 + 4 + 3


def test_eight_players_have_enough_cards_for_hands_of_seven() -> None:
    cp = compile_pack(load_pack("cities"))
    for age in (1, 2, 3):
        guilds = min(len(cp.guilds()), 8 + 2) if age == 3 else 0
        total = len(cp.deck(age, 8)) + 8 + guilds
        assert total == (57 if age < 3 else 58)  # cards/cities/README.md, "Readings"
        assert 7 * 8 <= total < 8 * 8

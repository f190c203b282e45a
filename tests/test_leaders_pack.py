"""The shipped `leaders` pack equals the published Leaders card list, card by card.

tests/golden/published_leaders.yaml is a table of facts independent of the card language
(written from the published list; its header says where from). Here every leader, guild and
Roma side of the pack is turned into those facts from its parsed effects and compared.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from dsl import ast as A
from dsl.loader import load_pack

GOLDEN = Path(__file__).parent / "golden" / "published_leaders.yaml"
_EVENTS = {"build": "build_card", "chain": "build_chain", "buy": "buy_from_neighbour",
           "win_conflict": "win_conflict", "lose_conflict": "lose_conflict",
           "wonder_stage": "build_wonder_stage"}
_COUNTED = {"card": "card", "wonder_stage": "wonder_stage", "victory": "victory_token",
            "defeat": "defeat_token", "coin": "coins"}


def _cost(cost: A.Cost) -> dict[str, int]:
    return cost.as_dict()


def facts(effects: tuple[A.Effect, ...]) -> dict[str, Any]:
    """Parsed effects -> the published facts' vocabulary (see the golden table's header)."""
    out: dict[str, Any] = {}

    def put(key: str, value: Any) -> None:
        assert key not in out, f"two effects give '{key}'"
        out[key] = value

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
            p = e.per
            per = {"what": _COUNTED[p.what], **({"every": p.every} if p.every > 1 else {}),
                   "colors": list(p.colors) if p.colors else None, "in": list(p.sides),
                   "coins_now": 0, "vp_end": e.amount}
            put("per", per)
        elif isinstance(e, A.Science):
            put("science", e.symbols[0])
        elif isinstance(e, A.Shields):
            put("shields", e.count)
        elif isinstance(e, A.Discount) and e.unit == "all":
            put("free_cards", list(e.target.colors))
        elif isinstance(e, A.Discount):
            out.setdefault("discount", []).append({
                "what": e.target.what, "colors": list(e.target.colors) or None,
                "resources": e.amount if e.unit == "resource" else 0,
                "coins": e.amount if e.unit == "coin" else 0, "for": list(e.sides)})
        elif isinstance(e, A.Trigger):
            limit = None
            if e.once_per_turn:  # `buy` happens once per neighbour paid
                limit = "once_per_turn_per_neighbour" if e.event.kind == "buy" else "once_per_turn"
            put("trigger", {"event": _EVENTS[e.event.kind], "colors": list(e.event.colors) or None,
                            "coins": e.effect.amount, "limit": limit})
        elif isinstance(e, A.Trade) and e.sides == ("bank",):
            put("bank_trade", {"resources": "any" if e.resources == ("any",) else list(e.resources),
                               "price": e.price, "limit": "once_per_turn"})
        elif isinstance(e, A.BuildFromDiscard):
            put("special", "recruit_leader_now" if e.hand == "leaders" else "build_from_discard")
        elif isinstance(e, A.GiveDefeats):
            put("special", "defeat_tokens_to_winner")
        elif isinstance(e, A.CopyCard) and e.now and e.colors == ("white",):
            put("special", "copy_neighbour_leader")
        elif isinstance(e, A.Draw) and e.deck == "leaders":
            put("draw_leaders", e.count)
        else:
            raise AssertionError(f"no published fact for {e!r}")
    return out


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return yaml.safe_load(GOLDEN.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def pack():
    return load_pack("leaders")


def _new_cards(pack) -> list:
    base = {(c.name, c.age, c.deck) for c in load_pack("base").cards}
    return [c for c in pack.cards if (c.name, c.age, c.deck) not in base]


def test_the_pack_has_exactly_the_published_cards(pack, golden) -> None:
    mine = sorted((c.name, c.deck or c.age) for c in _new_cards(pack))
    theirs = sorted((g["name"], g.get("deck") or g.get("age")) for g in golden["cards"])
    assert mine == theirs
    assert sum(1 for c in pack.cards if c.deck == "leaders") == 36


@pytest.mark.parametrize("name", [g["name"] for g in yaml.safe_load(GOLDEN.read_text(encoding="utf-8"))["cards"]])
def test_card_equals_the_published_card(pack, golden, name: str) -> None:
    g = next(x for x in golden["cards"] if x["name"] == name)
    c = next(x for x in pack.cards if x.name == name and (x.deck or x.age) == (g.get("deck") or g.get("age")))
    assert c.color == g["color"]
    assert _cost(c.cost) == (g.get("cost") or {})
    assert c.players is None  # leaders: the whole deck; guilds: drawn at random
    assert facts(c.effects) == g["effect"], name


def test_roma_equals_the_published_board(pack, golden) -> None:
    [roma] = [w for w in golden["wonders"]]
    board = pack.wonder(roma["name"])
    assert sorted(board.sides) == sorted(roma["sides"])
    for s, gs in roma["sides"].items():
        side = board.sides[s]
        assert side.alias == gs["alias"]
        assert (side.resource or None) == gs["resource"]
        assert facts(side.effects) == gs["power"], s
        assert len(side.stages) == len(gs["stages"])
        for st, gst in zip(side.stages, gs["stages"]):
            assert _cost(st.cost) == gst["cost"]
            assert facts(st.effects) == gst["effect"], s


def test_leaders_rules(pack) -> None:
    r = pack.rules
    assert r.starting_coins == 6
    assert r.decks == ("leaders",)
    assert r.score_lines[-1] == "leaders" and r.categories["leaders"] == ("white",)
    draft, *recruits = r.phases
    assert (draft.kind, draft.at, draft.deck, draft.deal, draft.pass_to, draft.hand) == \
        ("draft", "start", "leaders", 4, "right", "leaders")
    assert [(p.kind, p.at, p.ages, p.sold, p.rest) for p in recruits] == [
        ("recruit", "before age", (1, 2), "box", "keep"), ("recruit", "before age", (3,), "box", "box")]

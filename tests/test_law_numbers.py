"""More rules numbers a `rule` change may move (issue 23, item 4): the hand passing distance
(`rule pass`), the science set bonus (`rule science_set`) and a token kind's points (`rule token
KIND`); `trade N seats away` pays the changed trade price; a pack changing rules without a
tower is declined by the native core. Expectations are worked out by hand: base passes left 1
in age I, the set bonus is 7, the pack's debt token is worth -1 on the treasury line."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dsl.diagnostics import PackError
from dsl.loader import load_pack
from interpreter.cli import main
from interpreter.game.state import GameState
from interpreter.native.lower import lower
from interpreter.players.game import Game
from interpreter.players.bots import GreedyBot
from interpreter.rules.compiled import compile_pack
from interpreter.rules.far_trade import far_options
from interpreter.rules.moves import LAW, SELL, Move
from interpreter.rules.scoring import science_score, score_table

WONDERS = ["Gizah", "Rhodos", "Babylon", "Ephesos", "Olympia"]
TILES = {"Long Road": "rule pass +1", "Open Hands": "rule sell_coins +2", "Academy": "rule science_set +2",
         "Amnesty": "rule token debt +1", "Plain": "rule sell_coins +1"}


def _pack(tmp_path: Path, tiles: dict[str, str], extra: str = "", cards: str = "", name: str = "p") -> Path:
    pack = tmp_path / name
    pack.mkdir()
    (pack / "pack.yaml").write_text(
        f"name: {name}\nversion: 1.0.0\ndescription: t\nextends: [base]\nrules:\n"
        "  players: {min: 3, max: 5}\n  tokens:\n    debt: {vp: -1, line: treasury}\n" + extra
        + ("  tower:\n    draw: 1\n    tiles:\n" + "".join(f"      - {{name: {k}, effect: {v}}}\n"
                                                          for k, v in tiles.items()) if tiles else ""))
    if cards:
        (pack / "cards.yaml").write_text("cards:\n" + cards)
    return pack


def _game(tmp_path: Path, players: int = 5, **kw: Any) -> tuple[GameState, list[str]]:
    names = list((kw.pop("tiles", None) or TILES))
    cp = compile_pack(load_pack(str(_pack(tmp_path, kw.pop("tiles_map", None) or TILES, **kw))))
    g = GameState(cp, ["x"] * players, seed=1, wonders=WONDERS[:players], log=True)
    for c in g.cities:
        c.laws = []
    g.deal(1)
    g.begin_turn(1)
    return g, names


def _place(g: GameState, names: list[str], tile: str, seat: int = 0) -> None:
    """Seat `seat` places `tile`; every other seat sells its first card; the next turn begins."""
    t = names.index(tile)
    g.cities[seat].laws.append(t)
    g.resolve([Move(0, LAW, stage=t) if s == seat else Move(0, SELL) for s in range(g.n)])
    g.begin_turn(g.turn + 1)


def test_a_longer_pass_moves_each_hand_two_seats_left(tmp_path: Path) -> None:
    g, names = _game(tmp_path)
    _place(g, names, "Long Road")
    assert g.cities[3].shifts == {"pass": 1}
    before = [list(h) for h in g.hands]
    g.pass_hands(1)  # age I: left 1, + 1 = left 2
    assert all(g.hands[(s + 2) % 5] == before[s] for s in range(5))
    g.pass_hands(2)  # age II: right 1, + 1 = right 2: back where they were
    assert g.hands == before


def test_a_shorter_pass_from_two_seats_to_one(tmp_path: Path) -> None:
    g, names = _game(tmp_path, extra="  pass: [left 2, right 2, left 2]\n",
                     tiles_map={"Short Road": "rule pass -1", "A": "rule sell_coins +1", "B": "rule sell_coins +1",
                                "C": "rule sell_coins +1", "D": "rule sell_coins +1"},
                     tiles=["Short Road", "A", "B", "C", "D"])
    _place(g, names, "Short Road")
    before = [list(h) for h in g.hands]
    g.pass_hands(1)  # left 2 - 1 = left 1
    assert all(g.hands[(s + 1) % 5] == before[s] for s in range(5))


def test_a_pass_to_nobody_or_back_to_its_owner_is_refused(tmp_path: Path, capsys: Any) -> None:
    bad = _pack(tmp_path, {"Short Road": "rule pass -1", **{f"T{i}": "rule sell_coins +1" for i in range(4)}})
    assert main(["validate", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "'rule pass -1': with the changes that could hold at once, age 1's hands ('left') could " \
           "move 0 seats: each hand would go to nobody" in err
    assert "pack.yaml:" in err and "Traceback" not in err
    # two +1 tiles: left 1 + 2 = 3 seats, back to the owner at 3 players (one +1 alone is fine)
    twice = _pack(tmp_path, {"L1": "rule pass +1", "L2": "rule pass +1",
                             **{f"T{i}": "rule sell_coins +1" for i in range(3)}}, name="q")
    with pytest.raises(PackError) as e:
        load_pack(str(twice))
    out = e.value.render()
    assert 'law tile "L2"' in out and "could move 3 seats: each hand would go at 3 players back to its owner" in out
    assert 'law tile "L1"' not in out


def test_a_card_changing_the_pass_must_hold_for_all(tmp_path: Path) -> None:
    card = ("  - name: Crossroads\n    age: 1\n    color: yellow\n    players: [3]\n"
            "    effect: rule pass +1\n")
    with pytest.raises(PackError) as e:
        load_pack(str(_pack(tmp_path, {}, cards=card)))
    assert "'rule pass +1': hands pass for the whole table: write 'rule pass +1 for all'" in e.value.render()
    ok = _pack(tmp_path, {}, cards=card.replace("+1\n", "+1 for all\n"), name="ok")
    load_pack(str(ok))  # left 2 at 4 and 5 players, right 2 in age II: no hand comes back


def test_the_science_set_bonus_under_a_law(tmp_path: Path) -> None:
    g, names = _game(tmp_path, players=3)
    city = g.cities[0]
    city.science = [1, 1, 1]  # one set: 1 + 1 + 1 + 7
    assert score_table(g.table, g.rules)[0]["science"] == 10
    _place(g, names, "Academy")
    assert score_table(g.table, g.rules)[0]["science"] == 12  # the set is worth 7 + 2


def test_a_token_kind_worth_less_under_a_law(tmp_path: Path) -> None:
    g, names = _game(tmp_path, players=3)
    city = g.cities[1]
    city.token_counts["debt"] = 3
    coins = city.coins
    assert score_table(g.table, g.rules)[1]["treasury"] == coins // 3 - 3
    _place(g, names, "Amnesty")  # seat 1 sold: 3 coins more; a debt token is worth -1 + 1 = 0
    assert score_table(g.table, g.rules)[1]["treasury"] == (coins + 3) // 3


def test_a_token_kind_may_not_change_sign(tmp_path: Path) -> None:
    with pytest.raises(PackError) as e:
        load_pack(str(_pack(tmp_path, {"Pardon": "rule token debt +2", **{f"T{i}": "rule sell_coins +1"
                                                                         for i in range(4)}})))
    out = e.value.render()
    assert "law tile \"Pardon\": 'rule token debt +2'" in out and "could rise to 1 (above 0)" in out
    with pytest.raises(PackError) as e:
        load_pack(str(_pack(tmp_path, {"Ghost": "rule token dept +1", **{f"T{i}": "rule sell_coins +1"
                                                                        for i in range(4)}}, name="q")))
    assert "unknown token kind 'dept' (kinds: debt); did you mean 'debt'?" in e.value.render()


def test_the_changes_in_force_at_the_end_count_in_the_score(tmp_path: Path) -> None:
    cp = compile_pack(load_pack(str(_pack(tmp_path, TILES))))
    for seed in (1, 2, 3):
        g = Game(cp, [GreedyBot() for _ in range(3)], seed=seed, log=True)
        g.play()
        laws = [e for t in g.visible_laws() for e in cp.rules.tower.tiles[t].effects]
        bonus = 7 + sum(e.amount for e in laws if e.rule == "science_set")
        for seat, c in enumerate(g.cities):
            assert c.shifts.get("science_set", 0) == bonus - 7
            assert g.scores["players"][seat]["science"] == science_score(c.science, c.science_wild, bonus)


def test_far_trade_pays_the_changed_price(tmp_path: Path) -> None:
    card = ("  - name: Caravan\n    age: 1\n    color: yellow\n    players: [5]\n"
            "    effect: trade 2 seats away\n")
    cp = compile_pack(load_pack(str(_pack(tmp_path, {"Toll": "rule trade_price +1", **{
        f"T{i}": "rule sell_coins +1" for i in range(4)}}, cards=card))))
    g = GameState(cp, ["x"] * 5, seed=1, wonders=WONDERS)
    city = g.cities[0]
    city.build_card(cp.card_named("Caravan"))
    clay = cp.rules.vocab.resources.index("clay")  # only the board two seats left (Babylon) makes clay
    assert [c.fixed_trade[clay] for c in g.cities] == [0, 0, 1, 0, 0]
    assert far_options(((clay, 1),), city, g.table) == ((0, 0, 2, 0),)  # the rules' price, 2
    g.tower.append((1, 0))  # the Toll tile on the tower, visible: every price + 1
    g.refresh_rules()
    assert far_options(((clay, 1),), city, g.table) == ((0, 0, 3, 0),)


def test_a_rules_change_without_a_tower_runs_on_the_native_core(tmp_path: Path) -> None:
    """Lowered as a `rule` hook row (H_RULE) for sale coins (1), +1 for its own city; the
    games are compared with the Python engine's in tests/test_native_laws.py."""
    card = ("  - name: Customs\n    age: 1\n    color: yellow\n    players: [3]\n"
            "    effect: rule sell_coins +1\n")
    cp = compile_pack(load_pack(str(_pack(tmp_path, {}, cards=card))))
    assert cp.rules.tower is None
    t = lower(cp)
    assert t["law_changes"] == 1 and t["tower"] is None
    from interpreter.native.lower import H_RULE
    assert [row[:9] for row in t["hooks"] if row[0] == H_RULE] == [[H_RULE, 1, 0, 0, 0, 1, 0, 0, 0]]
    assert [row[14] for row in t["hooks"] if row[0] == H_RULE] == [1]


def test_a_pass_change_on_a_card_holds_for_the_whole_table_wherever_it_stands(tmp_path: Path) -> None:
    """At 5 players seat 2 is no neighbour of seat 0; its card's `rule pass +1 for all` still
    makes every hand move two seats (the passing is the table's, not the neighbours')."""
    card = ("  - name: Post Road\n    age: 1\n    color: yellow\n    players: [3]\n"
            "    effect: rule pass +1 for all\n")
    g, _names = _game(tmp_path, cards=card, tiles_map={"A": "rule sell_coins +1", "B": "rule sell_coins +1",
                                                       "C": "rule sell_coins +1", "D": "rule sell_coins +1",
                                                       "E": "rule sell_coins +1"}, tiles=["A", "B", "C", "D", "E"])
    road = next(c for c in g.cp.cards if c.name == "Post Road")
    g.cities[2].build_card(road)
    g.refresh_rules()
    assert [c.shifts.get("pass", 0) for c in g.cities] == [1, 1, 1, 1, 1]
    before = [list(h) for h in g.hands]
    g.pass_hands(1)  # age I: left 1, + 1 = left 2
    assert all(g.hands[(s + 2) % 5] == before[s] for s in range(5))


def test_a_pass_round_the_whole_table_counts_the_seats_past_it(tmp_path: Path) -> None:
    """Left 7 at 5 players is left 2 (not every hand staying where it is)."""
    g, _names = _game(tmp_path, extra="  pass: [left 7, right 7, left 7]\n", tiles=["A", "B", "C", "D", "E"],
                      tiles_map={k: "rule sell_coins +1" for k in "ABCDE"})
    before = [list(h) for h in g.hands]
    g.pass_hands(1)
    assert all(g.hands[(s + 2) % 5] == before[s] for s in range(5))

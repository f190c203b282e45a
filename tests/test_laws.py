"""Rules numbers changed while something holds (`rule ...`) and the law tower (issue 23, items
4 and 5). Expectations are worked out by hand from the rules: base trade price 2, sale 3,
victory tokens 1/3/5, defeat -1; examples/law-tower's tiles, 3 visible at 3-4 players."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dsl.diagnostics import PackError
from dsl.loader import load_pack
from interpreter.game.state import GameState
from interpreter.native.lower import NotNative, lower
from interpreter.players.bots import GreedyBot, RandomBot
from interpreter.players.game import Game
from interpreter.rules.compiled import compile_pack
from interpreter.rules.moves import LAW, SELL, Move, legal_moves, refusal
from interpreter.rules.scoring import score_table

ROOT = Path(__file__).resolve().parents[1]
PACK = ROOT / "examples" / "law-tower"
_CP: list[Any] = []
TILE = {"Toll Road": 0, "Free Market": 1, "Levy": 2, "Tariffs": 3, "Scrap Dealers": 4, "Open Hands": 5,
        "Booming Port": 6, "Austerity": 7, "War Chest": 8, "Glory": 9, "Veterans": 10, "Blood Feud": 11,
        "Mercy": 12, "Harsh Peace": 13}
WONDERS = ["Gizah", "Rhodos", "Babylon"]  # boards with no trading power


def cp() -> Any:
    if not _CP:
        _CP.append(compile_pack(load_pack(str(PACK))))
    return _CP[0]


def _game(players: int = 3) -> GameState:
    g = GameState(cp(), ["x"] * players, seed=1, wonders=WONDERS[:players], log=True)
    g.deal(1)
    g.begin_turn(1)
    return g


def _place(g: GameState, seat: int, tile: str, others: str = SELL) -> None:
    """Seat `seat` places `tile` (given to it); every other seat sells its first card."""
    g.cities[seat].laws.append(TILE[tile])
    moves = [Move(0, LAW, stage=TILE[tile]) if s == seat else Move(0, others) for s in range(g.n)]
    g.resolve(moves)
    g.begin_turn(g.turn + 1)


def test_the_tiles_are_read_with_their_laws_for_every_city() -> None:
    tower = cp().rules.tower
    assert [t.name for t in tower.tiles] == list(TILE)
    assert tower.visible_at(3) == 3 and tower.visible_at(5) == 4 and tower.draw == 2
    assert [tower.points_for(k) for k in range(5)] == [0, 2, 5, 10, 10]
    tariffs = tower.tiles[TILE["Tariffs"]].effects
    assert [(e.rule, e.amount, e.sides) for e in tariffs] == [
        ("trade_price", 1, ("left", "self", "right")), ("sell_coins", 1, ("left", "self", "right"))]


def test_each_player_draws_two_tiles_and_the_draw_is_seeded() -> None:
    g = GameState(cp(), ["x"] * 5, seed=4)
    held = [t for c in g.cities for t in c.laws]
    assert all(len(c.laws) == 2 for c in g.cities) and len(set(held)) == 10
    assert [c.laws for c in GameState(cp(), ["x"] * 5, seed=4).cities] == [c.laws for c in g.cities]


def test_placing_a_law_spends_the_card_and_the_law_holds_from_the_next_turn() -> None:
    g = _game()
    g.cities[0].laws = []
    card = g.hands[0][0]
    g.cities[0].laws.append(TILE["Toll Road"])
    g.resolve([Move(0, LAW, stage=TILE["Toll Road"]), Move(0, SELL), Move(0, SELL)])
    assert g.tower == [(0, TILE["Toll Road"])] and g.cities[0].laws_placed == 1
    assert card in g.discard and len(g.discard) == 3 and len(g.hands[0]) == 6
    assert [c.coins for c in g.cities] == [3, 6, 6]  # the law gives no coins; sales 3
    assert g.cities[0].prices[1][0] == 2  # this turn's prices were fixed before it
    assert g.log["turns"][-1]["moves"][0]["law"] == "Toll Road"
    g.begin_turn(2)
    assert all(c.prices[side] == [3] * 7 for c in g.cities for side in (1, 2))  # 2 + 1, every city


def test_a_sale_under_a_law_and_the_law_covered_by_later_tiles() -> None:
    g = _game()
    for c in g.cities:
        c.laws = []
    _place(g, 0, "Scrap Dealers")  # sales +2 from turn 2
    before = g.cities[1].coins
    _place(g, 0, "Toll Road")  # turn 2: seats 1 and 2 sell under Scrap Dealers: 3 + 2
    assert g.cities[1].coins == before + 5
    _place(g, 1, "Glory")
    assert g.visible_laws() == [TILE["Scrap Dealers"], TILE["Toll Road"], TILE["Glory"]]
    _place(g, 2, "Mercy")  # a 4th tile covers the oldest (3 visible at 3 players)
    assert g.visible_laws() == [TILE["Toll Road"], TILE["Glory"], TILE["Mercy"]]
    assert g.cities[0].shifts == {"trade_price": 1, "victory": 1, "defeat": 1}
    coins = g.cities[0].coins
    g.resolve([Move(0, SELL), Move(0, SELL), Move(0, SELL)])
    assert g.cities[0].coins == coins + 3  # Scrap Dealers is covered: a sale is 3 again


def test_conflicts_under_laws() -> None:
    g = _game()
    for c in g.cities:
        c.laws = []
    _place(g, 0, "Glory")  # victory +1
    _place(g, 1, "Mercy")  # defeat +1: a defeat is worth 0
    g.cities[0].shields = 3
    g.war(1)
    assert g.cities[0].tokens == [2, 2]  # age I victory 1 + 1, against each neighbour
    assert g.cities[1].tokens == [0] and g.cities[2].tokens == [0]  # -1 + 1; 1 and 2 tie


def test_a_card_changing_the_trade_price_for_its_owner(tmp_path: Path) -> None:
    pack = tmp_path / "p"
    pack.mkdir()
    (pack / "pack.yaml").write_text("name: p\nversion: 1.0.0\ndescription: t\nextends: [base]\n")
    (pack / "cards.yaml").write_text(
        "cards:\n  - name: Customs\n    age: 1\n    color: yellow\n    players: [3]\n"
        "    effect: rule trade_price -1; rule sell_coins +1 for neighbors\n")
    p = compile_pack(load_pack(str(pack)))
    g = GameState(p, ["x"] * 3, seed=1, wonders=WONDERS)
    city = g.cities[0]
    city.build_card(p.card_named("East Trading Post"))  # raw from the right for 1
    city.build_card(p.card_named("Customs"))
    g.refresh_rules()
    assert city.prices[2][:4] == [0, 0, 0, 0] and city.prices[1][:4] == [1, 1, 1, 1]
    assert city.prices[1][4:] == [1, 1, 1] and g.cities[1].prices[1] == [2] * 7
    assert [c.shifts for c in g.cities] == [{"trade_price": -1}, {"sell_coins": 1}, {"sell_coins": 1}]
    city.give_up(p.card_named("Customs"), p)  # the card leaves: its changes end
    g.refresh_rules()
    assert city.prices[2][:4] == [1, 1, 1, 1] and city.prices[1] == [2] * 7 and g.cities[1].shifts == {}


def test_the_tower_scores_by_tiles_placed() -> None:
    g = _game()
    for c in g.cities:
        c.laws = []
    _place(g, 0, "Glory")
    _place(g, 0, "Mercy")
    _place(g, 1, "Levy")
    pad = score_table(g.table, g.rules)
    assert [p["wonder"] for p in pad] == [5, 2, 0]  # no stage built: only the tower's points


def test_law_moves_and_refusals() -> None:
    g = _game()
    city = g.cities[0]
    city.laws = [TILE["Levy"], TILE["Glory"]]
    moves = legal_moves(g.hands[0], city, g.table, False)
    assert sorted({m.stage for m in moves if m.action == LAW}) == [TILE["Levy"], TILE["Glory"]]
    assert sum(1 for m in moves if m.action == LAW) == 2 * len(g.hands[0])
    assert refusal(Move(0, LAW, stage=TILE["Mercy"]), g.hands[0], city, g.table, False) == \
        f"this city holds no law tile #{TILE['Mercy']} (it holds {TILE['Levy']}, {TILE['Glory']})"
    assert refusal(Move(0, LAW, 1, 0, stage=TILE["Levy"]), g.hands[0], city, g.table, False) == \
        "placing a law takes no payment"
    city.laws = []
    assert refusal(Move(0, LAW, stage=0), g.hands[0], city, g.table, False).startswith("no law tile to place")


def test_the_native_core_runs_a_tower() -> None:
    """Lowered with its tiles (tests/test_native_laws.py plays it on both cores); a game of it
    taken native at a decision offers the same moves, the tiles' law moves included."""
    t = lower(cp())
    assert len(t["tower"]["tiles"]) == len(cp().rules.tower.tiles) and t["law_changes"] == 1
    from interpreter.native.bridge import from_decision
    from interpreter.rules.moves import legal_moves
    g = Game(cp(), [GreedyBot() for _ in range(3)], seed=1)
    g.pending()
    moves = legal_moves(g.hands[0], g.cities[0], g.table, g.free_power(0))
    assert any(m.action == LAW for m in moves)
    assert from_decision(g, ["greedy"] * 3).legal_moves(0) == [tuple(m) for m in moves]


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_games_play_at_every_count(players: int) -> None:
    for bot in (GreedyBot, RandomBot):
        g = Game(cp(), [bot() for _ in range(players)], seed=players, log=True)
        g.play()
        placed = sum(c.laws_placed for c in g.cities)
        assert placed == len(g.tower) == sum(1 for t in g.log["turns"] for m in t["moves"] if m["action"] == "law")
        assert placed + sum(len(c.laws) for c in g.cities) == 2 * players
        clone = g.clone()
        assert clone.tower == g.tower and clone.tower is not g.tower


def _bad(tmp_path: Path, tower: str) -> str:
    pack = tmp_path / "bad"
    pack.mkdir()
    (pack / "pack.yaml").write_text("name: bad\nversion: 1.0.0\ndescription: t\nextends: [base]\n"
                                    "rules:\n  tower:\n" + tower)
    with pytest.raises(PackError) as err:
        load_pack(str(pack))
    return err.value.render()


def test_a_law_that_is_not_a_rules_change(tmp_path: Path) -> None:
    out = _bad(tmp_path, "    draw: 1\n    tiles:\n" + "".join(
        f"      - {{name: T{i}, effect: rule sell_coins +1}}\n" for i in range(6))
        + "      - {name: Bad, effect: coins 3}\n      - {name: Some, effect: rule sell_coins +1 for left}\n")
    assert 'law tile "Bad": a law changes rules numbers only' in out
    assert 'law tile "Some": a law holds for every city' in out
    assert "pack.yaml:" in out


def test_too_few_tiles_and_an_unknown_line(tmp_path: Path) -> None:
    out = _bad(tmp_path, "    draw: 3\n    line: towr\n    tiles:\n      - {name: A, effect: rule victory +1}\n")
    assert "7 players drawing 3 tiles each need 21, and the tower has 1" in out
    assert "unknown score-pad line 'towr'" in out


def test_laws_that_could_make_a_price_negative(tmp_path: Path) -> None:
    out = _bad(tmp_path, "    draw: 1\n    tiles:\n" + "".join(
        f"      - {{name: T{i}, effect: rule victory +1}}\n" for i in range(6))
        + "      - {name: Cheap, effect: rule trade_price -2}\n")
    assert "law tile \"Cheap\": 'rule trade_price -2'" in out and "could fall to -1" in out

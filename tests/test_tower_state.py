"""The law tower in STATE files (issue 23, item 5): a game writes the tiles placed (oldest first)
and each player's tiles held and placed; `wonders price` / `wonders score` read them back, so
the visible laws change the prices and the tower scores. Expectations by hand: examples/law-tower
shows 3 tiles at 3 players; base trade price 2; 1 and 2 tiles placed score 2 and 5."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dsl.loader import load_pack
from interpreter.cli import main
from interpreter.players.bots import GreedyBot
from interpreter.players.game import Game
from interpreter.rules.compiled import compile_pack
from interpreter.rules.scoring import score_table
from interpreter.rules.statefile import StateError, build_table

PACK = Path(__file__).resolve().parents[1] / "examples" / "law-tower"
_CP: list[Any] = []


def cp() -> Any:
    if not _CP:
        _CP.append(compile_pack(load_pack(str(PACK))))
    return _CP[0]


def _state(**over: Any) -> dict[str, Any]:
    doc = {"pack": str(PACK), "tower": ["Glory", "Mercy", "Levy", "Toll Road"], "players": [
        {"wonder": "Gizah", "laws": {"held": ["Scrap Dealers"], "placed": 2}, "tokens": [2]},
        {"wonder": "Rhodos", "laws": {"held": [], "placed": 1}, "tokens": [0]},
        {"wonder": "Babylon", "laws": {"held": ["Austerity", "Veterans"], "placed": 1}}]}
    doc.update(over)
    return doc


def test_the_visible_laws_price_and_the_tower_scores() -> None:
    table = build_table(_state(), cp())
    a, b, c = table.cities
    # visible: Mercy, Levy, Toll Road (Glory is covered): trade price 2 + 2 + 1
    assert a.shifts == {"defeat": 1, "trade_price": 3} and a.prices[1] == [5] * 7 and c.prices[2] == [5] * 7
    names = [t.name for t in cp().rules.tower.tiles]
    assert [names[t] for t in a.laws] == ["Scrap Dealers"] and [names[t] for t in c.laws] == ["Austerity", "Veterans"]
    pads = score_table(table, cp().rules)
    assert [p["wonder"] for p in pads] == [5, 2, 2]  # 2 tiles placed: 5; 1 tile: 2
    assert [p["military"] for p in pads] == [2, 0, 0]  # a victory under Glory (1 + 1), a defeat under Mercy


def test_the_price_command_reads_the_tower(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "state.json"
    path.write_text(json.dumps(_state()), encoding="utf-8")
    capsys.readouterr()
    assert main(["price", str(path), "--player", "0", "--card", "Baths", "--json"]) == 0  # Baths: 1 stone
    out = json.loads(capsys.readouterr().out)
    assert out["buildable"] is True  # Gizah makes its stone
    path.write_text(json.dumps(_state(players=[{**p, "coins": 9} for p in _state()["players"]])), encoding="utf-8")
    assert main(["price", str(path), "--player", "1", "--card", "Baths", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["options"] == [{"bank": 0, "left": 0, "right": 5}]  # stone bought from Gizah at 5


def test_a_played_game_writes_the_tower_and_reads_back_the_same() -> None:
    g = Game(cp(), [GreedyBot() for _ in range(4)], seed=3, log=True)
    g.play()
    final = g.log["final"]
    names = [t.name for t in cp().rules.tower.tiles]
    assert final["tower"] == [names[t] for _, t in g.tower]
    assert [p["laws"]["placed"] for p in final["players"]] == [c.laws_placed for c in g.cities]
    table = build_table(json.loads(json.dumps(final)), cp())
    assert [c.shifts for c in table.cities] == [c.shifts for c in g.cities]
    assert [c.laws for c in table.cities] == [c.laws for c in g.cities]
    assert [p["total"] for p in score_table(table, cp().rules)] == [p["total"] for p in g.scores["players"]]


def test_bad_tower_input_is_located_all_at_once() -> None:
    doc = _state(tower=["Glory", "Glorry", "Mercy", "Glory"])
    doc["players"][0]["laws"] = {"held": ["Mercy"], "placed": "two"}
    doc["players"][2]["laws"] = {"held": ["Austerity"], "placed": 1, "kept": 1}
    with pytest.raises(StateError) as err:
        build_table(doc, cp())
    lines = str(err.value).splitlines()
    assert "tower[1]: no law tile 'Glorry'; did you mean 'Glory'?" in lines
    assert "tower[3]: 'Glory' is also tower[0] (each tile is placed once)" in lines
    assert "players[0].laws.placed: a whole number 0..14, not 'two'" in lines
    assert "players[0].laws.held[0]: 'Mercy' is also tower[2] (each tile is in one place)" in lines
    assert any(x.startswith("players[2].laws: expected {\"held\"") for x in lines)
    with pytest.raises(StateError, match="3 tiles placed, and the players' 'placed' counts add up to 4"):
        build_table(_state(tower=["Glory", "Mercy", "Levy"], ), cp())


def test_a_tower_in_a_pack_without_one() -> None:
    base = compile_pack(load_pack("base"))
    doc = {"pack": "base", "tower": ["Glory"], "players": [{"wonder": w} for w in ("Gizah", "Rhodos", "Babylon")]}
    with pytest.raises(StateError, match="this pack has no law tower"):
        build_table(doc, base)

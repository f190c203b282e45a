"""Defects of issue 23 fixed on the way: a board's one-time effect runs as the game begins (it
validated and never ran), and a card costing coins per age is logged as paid, not as free."""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl.loader import load_pack
from interpreter.players.game import Game
from interpreter.players.roster import make_bots
from interpreter.rules.compiled import compile_pack

WONDERS = """wonders:
  - name: Gizah
    replace: true
    sides:
      A:
        resource: stone
        effect: coins 4
        stages:
          - {cost: 2 stone, effect: vp 3}
          - {cost: 3 wood, effect: vp 5}
          - {cost: 4 stone, effect: vp 7}
      B:
        resource: stone
        effect: neighbors lose 2 coins
        stages:
          - {cost: 2 wood, effect: vp 3}
          - {cost: 3 stone, effect: vp 5}
          - {cost: 3 clay, effect: vp 5}
          - {cost: 4 stone, effect: vp 7}
"""


@pytest.fixture(scope="module")
def rich(tmp_path_factory: pytest.TempPathFactory) -> object:
    folder: Path = tmp_path_factory.mktemp("rich")
    (folder / "pack.yaml").write_text("name: rich-boards\nextends: base\n")
    (folder / "wonders.yaml").write_text(WONDERS)
    return compile_pack(load_pack(folder))


def start(cp: object, side: str) -> Game:
    g = Game(cp, make_bots("random", 3), seed=1, sides=side, wonders=["Gizah", "Rhodos", "Babylon"], log=True)
    g.pending()  # plays what needs no decision: the set-up, the deal
    return g


def test_a_boards_coins_arrive_as_the_game_begins(rich: object) -> None:
    g = start(rich, "A")
    assert [c.coins for c in g.cities] == [3 + 4, 3, 3]  # starting coins 3, and the board's 4


def test_a_boards_loss_for_the_neighbours_is_settled_at_once(rich: object) -> None:
    g = start(rich, "B")
    assert [c.coins for c in g.cities] == [3, 1, 1]
    assert g.log["turns"][0]["note"] == "coins lost"
    assert [m["bank"] for m in g.log["turns"][0]["moves"]] == [2, 2]


def test_the_set_up_runs_once_and_survives_a_clone(rich: object) -> None:
    g = start(rich, "A")
    copy = g.clone()
    copy.pending()
    g.pending()
    assert g.cities[0].coins == copy.cities[0].coins == 7


def test_the_native_core_runs_the_one_time_effect_as_python_does(rich: object) -> None:
    """The native core now runs a board's one-time effect as the game begins (or declines
    the pack with a reason): the same games as the Python core."""
    from interpreter import native
    if not native.available():
        pytest.skip("no native core built")
    why = native.unsupported(rich)
    if why:
        assert isinstance(why, str)
        return
    from interpreter.sim.differential import first_difference
    for seed in range(3):
        assert first_difference(rich, seed, 3, "greedy", "random") == ""


def test_a_card_costing_coins_per_age_is_logged_as_paid(tmp_path: Path) -> None:
    (tmp_path / "pack.yaml").write_text("name: toll\nextends: base\n")
    (tmp_path / "cards.yaml").write_text(
        "cards:\n  - name: Lumber Yard\n    replace: true\n    age: 1\n    color: brown\n"
        "    players: [3, 4]\n    cost: 1 coin per age\n    effect: produce 3 wood\n")
    cp = compile_pack(load_pack(tmp_path))
    seen = []
    for seed in range(40):
        g = Game(cp, make_bots("greedy", 3), seed=seed, log=True)
        g.play()
        seen += [m for t in g.log["turns"] for m in t["moves"]
                 if m["card"] == "Lumber Yard" and m["action"] == "build"]
        if seen:
            break
    assert seen, "no game built it"
    for m in seen:
        assert "free" not in m or m["free"] != "cost", m
        assert m["bank"] >= 1 or m.get("free") in ("chain", "power", "discount"), m

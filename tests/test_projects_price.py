"""The join price under wonder-stage cost changes, bank purchases and far trade
(interpreter/game/projects.py, _join_price). A pack made here: examples/projects with three
cards of its own. Prices worked out by hand (trade price 2; Gizah A stage 1: 2 stone; Ring of
Walls, age III: stone and ore; Rhodos makes ore)."""
from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from dsl.loader import load_pack
from interpreter.game.projects import JoinPrice
from interpreter.players.bots import GreedyBot
from interpreter.players.game import Game
from interpreter.rules.compiled import compile_pack
from interpreter.rules.moves import Move, price_stage

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "projects"
CARDS = """cards:
  - {name: Masons Lodge, age: 1, color: yellow, players: [3], effect: discount 1 resource on wonder stages}
  - {name: Bank Counter, age: 1, color: yellow, players: [3], effect: buy any from bank for 1}
  - {name: Far Road, age: 1, color: yellow, players: [4], effect: trade 2 seats away}
"""


@pytest.fixture(scope="module")
def cp(tmp_path_factory: Any) -> Any:
    folder = tmp_path_factory.mktemp("pricepack")
    for name in ("pack.yaml", "projects.yaml"):
        shutil.copy(EXAMPLE / name, folder / name)
    (folder / "more.yaml").write_text(CARDS)
    return compile_pack(load_pack(str(folder)))


def _game(cp: Any, wonders: list[str]) -> Game:
    g = Game(cp, [GreedyBot() for _ in wonders], seed=1, wonders=wonders, sides="A", log=True)
    g.pending()
    g.age = g.table.age = 3
    return g


def _walls(cp: Any) -> Any:
    return cp.project_of(3)


def test_a_stage_discount_leaves_a_stage_unit_out_of_the_whole(cp: Any) -> None:
    """Gizah makes one stone. Its stage (2 stone) takes it and Babylon's Stone Pit (left, 2):
    nothing is left for the join's stone, no join. With the Masons Lodge the stage needs one
    stone, its own: the join buys Babylon's stone (left, 2) and Rhodos's ore (right, 2)."""
    g = _game(cp, ["Gizah", "Babylon", "Rhodos"])
    g.cities[1].build_card(cp.card_named("Stone Pit"))
    assert g._join_price(0, Move(0, "wonder", 2, 0), _walls(cp)) is None
    g.cities[0].build_card(cp.card_named("Masons Lodge"))
    assert price_stage(g.cities[0], g.table).options[0] == (0, 0)  # the stage: its own stone
    assert g._join_price(0, Move(0, "wonder", 0, 0), _walls(cp)) == JoinPrice(0, 2, 2)


def test_a_stage_bought_partly_from_the_bank_is_offered_the_join(cp: Any) -> None:
    """Gizah makes one stone and has the Bank Counter (one unit a turn from the bank for 1).
    Its stage bought a stone from the bank: the join buys Babylon's stone (left, 2) and
    Rhodos's ore (right, 2). Its stage bought Babylon's stone: the join's stone comes from the
    bank (1) and the ore from the right (2)."""
    g = _game(cp, ["Gizah", "Babylon", "Rhodos"])
    g.cities[0].build_card(cp.card_named("Bank Counter"))
    g.cities[1].build_card(cp.card_named("Stone Pit"))
    assert (0, 0, 1) in price_stage(g.cities[0], g.table).bank_options
    assert g._join_price(0, Move(0, "wonder", 0, 0, "", 1), _walls(cp)) == JoinPrice(0, 2, 2)
    assert g._join_price(0, Move(0, "wonder", 2, 0), _walls(cp)) == JoinPrice(1, 0, 2)


def test_far_trade_sells_to_the_join_and_the_far_city_is_paid(cp: Any) -> None:
    """4 players: Gizah (one stone; Far Road), Babylon left, Rhodos opposite (ore, a Stone Pit
    and a Quarry: 3 stone), Ephesos right (papyrus). The stage: its stone and one from Rhodos
    far away (2). Joining: a stone and the ore from Rhodos (far, 4), paid to Rhodos."""
    g = _game(cp, ["Gizah", "Babylon", "Rhodos", "Ephesos"])
    g.cities[0].build_card(cp.card_named("Far Road"))
    g.cities[2].build_card(cp.card_named("Stone Pit"))
    g.cities[2].build_card(cp.card_named("Quarry"))
    price = g._join_price(0, Move(0, "wonder", 0, 0, far=(2, 0)), _walls(cp))
    assert price == JoinPrice(0, 0, 0, (4, 0))
    income = [0, 0, 0, 0]
    g.cities[0].coins = 10
    g.join_projects({0: price}, income)
    assert g.joins["Ring of Walls"] == (0,)
    assert g.cities[0].coins == 6 and income == [0, 0, 4, 0]
    entry = g.log["turns"][-1]["moves"][0]
    assert (entry["action"], entry["far"]) == ("join", [4, 0])

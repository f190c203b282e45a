"""Numbers that depend on the age, in costs too: `cost: 1 coin per age` is 1 coin in age I,
2 in age II, 3 in age III (and `coins 1 per age` in effects)."""
from __future__ import annotations

from pathlib import Path
from textwrap import dedent

from dsl.loader import load_pack
from interpreter.players.bots import RandomBot
from interpreter.rules.compiled import compile_pack
from interpreter.players.game import Game
from interpreter.rules.moves import BUILD, Move, price_card


def test_a_coin_cost_per_age(tmp_path: Path) -> None:
    pack = tmp_path / "tolls"
    pack.mkdir()
    (pack / "pack.yaml").write_text("name: tolls\nextends: [base]\n")
    (pack / "cards.yaml").write_text(dedent("""
        cards:
          - name: Toll Road
            age: 1
            color: yellow
            players: [3]
            cost: 1 coin per age
            effect: coins 2 per age
    """))
    cp = compile_pack(load_pack(str(pack)))
    toll = cp.card_named("Toll Road")
    g = Game(cp, [RandomBot() for _ in range(3)], seed=2, wonders=["Gizah", "Babylon", "Rhodos"])
    city = g.cities[0]
    for age, bank in ((1, 1), (2, 2), (3, 3)):
        g.age = g.table.age = age
        assert price_card(toll, city, g.table).bank == bank
    city.coins = 2
    g.age = g.table.age = 3
    assert not price_card(toll, city, g.table).buildable  # 3 coins needed in age III
    g.age = g.table.age = 2
    g.hands = [[toll], [], []]
    g.begin_turn(1)
    g.resolve([Move(0, BUILD), None, None])
    assert city.coins == 2 - 2 + 2 * 2  # paid 2 coins in age II, took 2 per age

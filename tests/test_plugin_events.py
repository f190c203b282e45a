"""Plug-in words go through the same hooks as built-in ones: they see the turn's events and the
age (issue: plug-ins get the same events and the age), and the greedy bot uses their `value`."""
from __future__ import annotations

from pathlib import Path
from textwrap import dedent

from dsl.loader import load_pack
from interpreter.players.bots import RandomBot, unvalued_words
from interpreter.rules.compiled import compile_pack
from interpreter.players.game import Game

PLUGIN = dedent('''
    from dsl.registry import Param, PluginSpec

    SEEN = []

    class Herald:
        """+1 coin each time its city wins a conflict; at game end 1 point per age played."""

        def on_event(self, table, seat, event, args):
            SEEN.append((table.age, event.kind))
            return args[0] if event.kind == "win_conflict" else 0

        def score(self, table, seat, args):
            return table.age

    PLUGIN_EFFECTS = [PluginSpec(
        word="herald", params=(Param("amount", "int", "coins per conflict won"),),
        summary="Coins for each conflict won; points per age.", example="herald 1",
        english=lambda args: f"{args[0]} coin(s) per conflict won.", handler=Herald(), value=2.0)]
''')


def _pack(tmp_path: Path) -> Path:
    pack = tmp_path / "heralds"
    pack.mkdir()
    (pack / "pack.yaml").write_text("name: heralds\nextends: [base]\nplugins: [herald]\n")
    (pack / "herald.py").write_text(PLUGIN)
    (pack / "cards.yaml").write_text(dedent("""
        cards:
          - name: Herald
            age: 1
            color: red
            players: [3, 3, 3, 4, 5, 6, 7]
            effect: shields 5; herald 2
    """))
    return pack


def test_a_plugin_word_sees_events_and_the_age_and_has_a_value(tmp_path: Path) -> None:
    cp = compile_pack(load_pack(str(_pack(tmp_path)), allow_plugins=True))
    assert unvalued_words(cp) == []  # it declares its value
    herald = cp.card_named("Herald")
    [hook] = [h for h in herald.effect.hooks if hasattr(h, "handler")]
    assert hook.reacts and hook.scores and hook.value == 2.0
    g = Game(cp, [RandomBot() for _ in range(3)], seed=1, wonders=["Gizah", "Babylon", "Rhodos"])
    g.deal(1)
    g.hands[0][0] = herald  # seat 0 builds the Herald on the first turn
    g.age = g.table.age = 1
    g.begin_turn(1)
    from interpreter.rules.moves import BUILD, Move
    g.resolve([Move(0, BUILD), None, None])
    coins = g.cities[0].coins
    g.war(1)  # 5 shields beat both neighbours: two conflicts won, 2 coins each
    assert g.cities[0].coins == coins + 4
    import sys
    seen = next(m for name, m in sys.modules.items() if name.endswith("herald")).SEEN
    assert seen == [(1, "win_conflict"), (1, "win_conflict")]  # not its own building
    g.hands[0][0] = cp.card_named("Lumber Yard")
    g.begin_turn(2)
    g.resolve([Move(0, BUILD), None, None])
    assert seen[-1] == (1, "build")  # a later build is an event it sees, with the age
    g.table.age = 3
    from interpreter.rules.scoring import score_table
    # the military line: two victory tokens of age I (1 + 1) plus the Herald's points, the age (3)
    assert score_table(g.table, cp.rules)[0]["military"] == 2 + 3

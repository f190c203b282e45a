"""What of durations, counted costs, surcharges, shields counted and `buy from you` the native
core runs: a surcharge is a coin cost change of a negative amount and `per N shields` a count the
core counts already, so they play natively and must play move by move as in Python (durations,
costs counted from the state and the `buy from you` event too: tests/test_native_lasting.py;
coins lost to the owner, `... to you`, run natively through the gain primitive:
tests/test_native_gain.py), and `--core auto` plays the example pack natively. A pass distance
below 0 (`rule pass -2 for all`) passes the other
way on both cores. Bad input is located, all at once, exit 1."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from game_checks import base_plus, same_games_on_both_cores

from interpreter import native
from interpreter.cli import main

P = "players: [3, 3, 4, 4, 5, 6, 7]"  # several copies, so the cards are dealt often

NATIVE = f"""cards:
  - {{name: Toll Gate, age: 1, color: yellow, {P}, effect: surcharge 1 coin on yellow cards for neighbors}}
  - {{name: War Tax, age: 2, color: red, {P}, effect: shields 1; surcharge 1 coin on wonder stages for others per red card}}
  - {{name: Veterans Hall, age: 2, color: purple, {P}, effect: vp 1 per 2 shields; vp 3 if most shields}}
  - {{name: Trophy Room, age: 3, color: yellow, {P}, effect: coins 1 per shields in neighbors; vp 2 if more shields than neighbors}}
  - {{name: Turnabout, age: 2, color: yellow, {P}, effect: rule pass -2 for all}}
"""

NOW_NATIVE = ["produce wood until age ends", "produce wood for neighbors until age ends",
              "coins 1 when neighbors buy from you", "neighbors lose 2 coins to you", None]  # None: the cost


@pytest.fixture(scope="module")
def natively(tmp_path_factory) -> Any:
    return base_plus(tmp_path_factory, "dur-native", NATIVE)


@pytest.mark.skipif(not native.available(), reason="no native core built")
@pytest.mark.parametrize("players", [3, 4, 5, 7])
def test_surcharges_shields_counted_and_a_reversed_pass_play_alike_on_both_cores(natively, players) -> None:
    from interpreter.native import lower
    lower(natively)  # not declined
    same_games_on_both_cores(natively, players, range(4))


@pytest.mark.skipif(not native.available(), reason="no native core built")
@pytest.mark.parametrize("effect", NOW_NATIVE)
def test_durations_the_sold_event_and_state_costs_lower(tmp_path_factory, effect) -> None:
    from interpreter.native import lower
    cost = "cost: \"6 coins, 1 less per blue card\"" if effect is None else "cost: wood"
    cp = base_plus(tmp_path_factory, "dur-lowered",
                   f"cards:\n  - {{name: Odd One, age: 1, color: yellow, {P}, {cost}, effect: {effect or 'vp 1'}}}\n")
    lower(cp)


@pytest.mark.skipif(not native.available(), reason="no native core built")
def test_core_auto_plays_the_example_pack_natively(capsys) -> None:
    pack = str(Path(__file__).resolve().parents[1] / "examples" / "durations")
    assert main(["play", "--pack", pack, "--players", "4", "--seed", "2", "--core", "auto", "--json"]) == 0
    out, err = capsys.readouterr()
    assert "which the native core does not run" not in err + out


def test_bad_durations_and_costs_are_located_all_at_once(tmp_path: Path, capsys) -> None:
    (tmp_path / "pack.yaml").write_text("name: bad\nextends: base\n", encoding="utf-8")
    text = """cards:
  - {name: Windfall, age: 1, color: yellow, players: [3], effect: coins 2 until age ends}
  - {name: Forever Mill, age: 1, color: brown, players: [3], effect: produce wood until game ends}
  - {name: Odd Hall, age: 2, color: blue, players: [3], cost: "2 wood, 1 less per blue card", effect: vp 3}
  - {name: Gossip, age: 2, color: yellow, players: [3], effect: coins 1 when buy from you}
  - {name: Grudge, age: 2, color: yellow, players: [3], effect: surcharge 0 coins on cards for neighbors}
"""
    (tmp_path / "cards.yaml").write_text(text, encoding="utf-8")
    lines = text.splitlines()
    at = lambda k, word: f"cards.yaml:{k + 1}:{lines[k].index(word) + 1}: "  # noqa: E731 (1-based)
    before = sorted(p.name for p in tmp_path.iterdir())
    assert main(["validate", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert at(1, "coins 2") + "card \"Windfall\": effect: 'coins' is taken once, when built: a duration " \
           "ends a lasting effect (produce, shields, buy, discount, surcharge, rebate, rule, truce)" in err
    assert at(2, "until game") + "card \"Forever Mill\": effect: 'until game ends' never ends" in err
    assert at(3, "1 less") + "card \"Odd Hall\": cost: '1 less per blue card' lowers coins the cost does not have" in err
    assert "card \"Gossip\": effect: say which neighbours buy from you" in err
    assert "card \"Grudge\": effect: a surcharge takes at least 1 coin, not 0" in err
    assert "5 problem(s)" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing written

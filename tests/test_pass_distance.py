"""Hands passed more than one seat (issue 23: "hands passed two seats" as a rules number):
`pass: [left 2, right, left 2]` moves each hand to the second city on the left in ages I and
III, plays the same on both cores, and a distance that brings hands back to their owner at
some player count is a located error at validate."""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl.loader import load_pack
from dsl.rules import pass_step
from interpreter import native
from interpreter.cli import main
from interpreter.players.game import Game
from interpreter.players.roster import make_bots
from interpreter.rules.compiled import compile_pack


def _pack(tmp_path: Path, passes: str, players: str = "{min: 3, max: 7}") -> Path:
    (tmp_path / "pack.yaml").write_text(f"name: far-pass\nextends: base\nrules:\n  players: {players}\n"
                                        f"  pass: {passes}\n", encoding="utf-8")
    return tmp_path


def test_the_words_read_as_seats() -> None:
    assert [pass_step(d) for d in ("left", "right", "left 2", "right 3")] == [1, -1, 2, -3]


def test_a_hand_goes_to_the_second_city_on_the_left(tmp_path: Path) -> None:
    cp = compile_pack(load_pack(_pack(tmp_path, "[left 2, right, left 2]")))
    g = Game(cp, make_bots("greedy", 5), seed=1, sides="A")
    g.pending()
    before = [list(h) for h in g.hands]
    g.pass_hands(1)  # age I's direction
    assert all(g.hands[(s + 2) % 5] == before[s] for s in range(5))
    g.pass_hands(2)
    assert all(g.hands[(s + 1) % 5] == before[s] for s in range(5))  # then one seat right: net +1


@pytest.mark.skipif(not native.available(), reason="no native core built")
def test_both_cores_play_it_alike(tmp_path: Path) -> None:
    from interpreter.sim.differential import first_difference
    cp = compile_pack(load_pack(_pack(tmp_path, "[left 2, right, right 2]")))
    for n, seed in ((4, 1), (5, 2), (7, 3)):
        assert first_difference(cp, seed, n, "greedy", "random") == ""


def test_a_hand_passed_back_to_its_owner_is_refused_at_validate(tmp_path: Path, capsys) -> None:
    assert main(["validate", str(_pack(tmp_path, "[left 2, right, left 4]", "{min: 3, max: 5}"))]) == 1
    err = capsys.readouterr().err
    assert "'left 4' at 4 players passes every hand back to its owner; did you mean 'left'?" in err
    assert "pack.yaml:5:" in err and "Traceback" not in err
    assert main(["validate", str(_pack(tmp_path, "[lef, right, left]"))]) == 1
    assert "'lef' is not a passing direction" in capsys.readouterr().err

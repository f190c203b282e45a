"""Seats in a ring: no city is ever its own neighbour, and its two neighbours are two cities.
A pack that allows fewer than 3 seats without a seat no player owns is a located error
(a ring of 2 would play a wrong game without a word)."""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl.diagnostics import PackError
from dsl.loader import load_pack
from interpreter.players.bots import RandomBot
from interpreter.rules.compiled import compile_pack
from interpreter.players.game import Game


@pytest.mark.parametrize("pack", ["base", "leaders"])
def test_every_city_has_two_distinct_neighbours_that_are_not_itself(pack: str) -> None:
    cp = compile_pack(load_pack(pack))
    for n in range(cp.rules.min_players, cp.rules.max_players + 1):
        g = Game(cp, [RandomBot() for _ in range(n)], seed=n)
        for seat, city in enumerate(g.cities):
            left, right = g.table.left(seat), g.table.right(seat)
            assert len({id(city), id(left), id(right)}) == 3
            assert g.table.right(left.seat) is city and g.table.left(right.seat) is city


def test_a_two_player_pack_without_a_non_player_seat_is_a_located_error(tmp_path: Path) -> None:
    pack = tmp_path / "duel"
    pack.mkdir()
    (pack / "pack.yaml").write_text("name: duel\nextends: [base]\nrules:\n  players: {min: 2, max: 7}\n"
                                    "  seats: []\n")
    with pytest.raises(PackError) as err:
        load_pack(str(pack))
    [d] = err.value.diagnostics
    assert (d.line, d.column) == (4, 18) and "one opponent is both the left and the right" in d.message


def _seat_pack(tmp_path: Path, seat: str) -> Path:
    pack = tmp_path / "variant"
    pack.mkdir()
    (pack / "pack.yaml").write_text("name: variant\nextends: [base]\nrules:\n  players: {min: 2, max: 7}\n"
                                    "  seats:\n    - " + seat + "\n")
    return pack


def test_an_unknown_controller_rule_is_a_located_error_with_a_suggestion(tmp_path: Path) -> None:
    pack = _seat_pack(tmp_path, "{name: Dummy, players: [2], controller: holdr, first_holder: [left, right, left]}")
    with pytest.raises(PackError) as err:
        load_pack(str(pack))
    msgs = [(d.line, d.message) for d in err.value.diagnostics]
    assert any(line == 6 and "holdr" in m and "did you mean 'holder'" in m for line, m in msgs), msgs


def test_a_holder_needs_a_first_holder_for_each_age(tmp_path: Path) -> None:
    pack = _seat_pack(tmp_path, "{name: Dummy, players: [2], controller: holder, first_holder: [left]}")
    with pytest.raises(PackError) as err:
        load_pack(str(pack))
    assert any("first_holder, one side per age (3), not 1" in d.message for d in err.value.diagnostics)


@pytest.mark.parametrize("controller", ["left", "right"])
def test_a_seat_played_always_by_one_neighbour(tmp_path: Path, controller: str) -> None:
    pack = _seat_pack(tmp_path, f"{{name: Dummy, players: [2], controller: {controller}, hand: own}}")
    cp = compile_pack(load_pack(str(pack)))
    g = Game(cp, [RandomBot(), RandomBot()], seed=3, log=True)
    g.play()
    by = {m["by"] for t in g.log["turns"] for m in t["moves"] if m["player"] == 2}
    assert by == {0 if controller == "left" else 1}  # seat 2's left is seat 0, its right seat 1
    assert 2 not in g.log["scores"]["winners"]

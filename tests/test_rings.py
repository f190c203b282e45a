"""Seats in a ring: no city is ever its own neighbour, and its two neighbours are two cities.
A pack that allows fewer than 3 seats without a seat no player owns is a located error
(a ring of 2 would play a wrong game without a word)."""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl.diagnostics import PackError
from dsl.loader import load_pack
from interpreter.bots import RandomBot
from interpreter.compiled import compile_pack
from interpreter.game import Game


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
    (pack / "pack.yaml").write_text("name: duel\nextends: [base]\nrules:\n  players: {min: 2, max: 7}\n")
    with pytest.raises(PackError) as err:
        load_pack(str(pack))
    [d] = err.value.diagnostics
    assert (d.line, d.column) == (4, 18) and "one opponent is both the left and the right" in d.message

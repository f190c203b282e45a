"""Seats at a distance (`2 seats left`, `3 seats right`) run natively: a pack extending base
whose cards name them in every place the core runs them (counts, shields for, lose/gain,
coins for, copies, conditions, triggers, a counted discount), played seed by seed on both cores
(differential.first_difference) with random and greedy bots at the counts where those seats
are seats of their own (5 to 7 cities: `3 seats ...` only at 7)."""
from __future__ import annotations

from typing import Any

import pytest
from game_checks import base_plus

P = "players: [5, 5, 6, 6, 7]"  # several copies, so the cards are dealt often
CARDS = f"""cards:
  - {{name: Far Watch, age: 1, color: red, {P}, effect: "shields 1; shields 1 for 2 seats left"}}
  - {{name: Far Saboteurs, age: 2, color: red, {P}, effect: "shields 1; shields -1 per defeat for 2 seats right, left"}}
  - {{name: Far Gift, age: 1, color: yellow, {P}, effect: "coins 2 for 2 seats right; 2 seats left lose 1 coin per red card"}}
  - {{name: Far Envoys, age: 2, color: yellow, {P}, effect: "coins 1 per yellow card in 2 seats left, 2 seats right; vp 1 per brown card in 2 seats left, self"}}
  - {{name: Far Rivals, age: 3, color: blue, {P}, effect: "vp 2; vp 4 if more blue cards than 2 seats left, 2 seats right"}}
  - {{name: Far Copy, age: 3, color: yellow, {P}, effect: "copy purple card from 2 seats left, right"}}
  - {{name: Far Prices, age: 2, color: yellow, {P}, effect: "discount 1 coin on yellow cards per red card in 2 seats right"}}
  - {{name: Far Toll, age: 1, color: yellow, {P}, effect: "coins 1 when 2 seats left, 2 seats right build card; vp 1 when 2 seats right build red card"}}
  - {{name: Farthest Seat, age: 2, color: blue, players: [7, 7], effect: "vp 1 per card in 3 seats left; coins 2 for 3 seats right"}}
"""


@pytest.fixture(scope="module")
def pack(tmp_path_factory: Any) -> Any:
    return base_plus(tmp_path_factory, "native-far-seats", CARDS)


def test_the_pack_lowers(native_core: None, pack: Any) -> None:
    from interpreter.native import lower
    lower(pack)


@pytest.mark.parametrize("players", [5, 6, 7])
def test_both_cores_play_the_same_games(native_core: None, pack: Any, players: int) -> None:
    from interpreter.sim.differential import first_difference
    for seed in range(12):
        bots = ("random", "greedy", "random,greedy")[seed % 3]
        diff = first_difference(pack, seed * 11 + players, players, bots, ("A", "B", "random")[seed % 3])
        assert diff == "", diff


def test_the_cards_are_built_in_those_games(pack: Any) -> None:
    """The differential is not empty: the bots build every card (Python games, same seeds' kind)."""
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    built: set[str] = set()
    for players in (5, 7):
        for seed in range(4):
            game = Game(pack, make_bots(("random", "greedy")[seed % 2], players), seed=seed)
            game.play()
            built |= {card.name for c in game.table.cities for card in c.cards}
    assert {"Far Watch", "Far Saboteurs", "Far Gift", "Far Envoys", "Far Rivals", "Far Copy", "Far Prices",
            "Far Toll", "Farthest Seat"} <= built


@pytest.mark.parametrize("text,why", [
    ("vp 1 per red card in left, self, right, 2 seats left", "more than three cities"),
    ("2 seats left, 2 seats right, left, right lose 1 coin", "more than three cities"),
])
def test_the_core_declines_what_its_rows_cannot_hold(text: str, why: str) -> None:
    from test_targets import _hooks
    from interpreter.native.lower import NotNative, _HookLowering
    (hook,) = _hooks(text)
    with pytest.raises(NotNative, match=why):
        _HookLowering(None, [], ["debt"]).row(hook)  # type: ignore[arg-type]


def test_shields_for_a_far_seat_change_its_conflicts_only(pack: Any) -> None:
    """Five cities at 1 shield each; seat 0 builds Far Watch (`shields 1; shields 1 for 2 seats
    left`): seat 0 has 2, seat 2 (two seats left of 0) fights at 2, the others at 1. By hand: seat 0
    beats seats 1 and 4; seat 2 beats seats 1 and 3; seat 1 loses both; seat 3 loses to 2, ties 4;
    seat 4 loses to 0, ties 3 (a tie gives nothing)."""
    from game_checks import at_first_decision
    g = at_first_decision(pack, 5, seed=1)
    for c in g.cities:
        c.shields, c.tokens = 1, []
    g.cities[0].build_card(next(c for c in pack.cards if c.name == "Far Watch"))
    assert [c.shields for c in g.cities] == [2, 1, 1, 1, 1]
    g.war(1)
    assert [sorted(c.tokens) for c in g.cities] == [[1, 1], [-1, -1], [1, 1], [-1], [-1]]

"""A neighbour chosen when counted (issue 23: "the richer neighbour" as a target): `vp 1 per
brown card in richer neighbor` counts in the neighbour with more coins at that moment, the
left one on a tie; poorer, stronger and weaker likewise. Worked by hand."""
from __future__ import annotations

from typing import Any

import pytest
from game_checks import at_first_decision, base_plus

from interpreter.players.game import Game
from interpreter.players.roster import make_bots
from interpreter.rules.counting import Counter, count

CARDS = """cards:
  - {name: Envoy Hall, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: vp 1 per brown card in richer neighbor}
"""


@pytest.fixture(scope="module")
def cp(tmp_path_factory) -> Any:
    return base_plus(tmp_path_factory, "chosen", CARDS)


def test_the_neighbour_is_chosen_when_counted(cp) -> None:
    g = at_first_decision(cp, 4, seed=1)
    me, left, right = g.cities[0], g.cities[1], g.cities[3]  # the left neighbour is the next seat
    brown = cp.colors.index("brown")
    left.color_counts[brown], right.color_counts[brown] = 2, 5
    browns = lambda code: count(g.table, 0, Counter("card", (brown,), (code,)))  # noqa: E731
    left.coins, right.coins = 9, 4
    assert browns(3) == 2 and browns(4) == 5  # richer: left (9 coins); poorer: right
    right.coins = 12
    assert browns(3) == 5 and browns(4) == 2  # the choice follows the coins of the moment
    right.coins = 9
    assert browns(3) == 2 == browns(4)  # a tie: the left one, for both words
    left.shields, right.shields = 1, 3
    assert browns(5) == 5 and browns(6) == 2  # stronger, weaker: by shields
    assert me.color_counts[brown] == 0


def test_games_with_a_chosen_neighbour_play_and_score(cp) -> None:
    from interpreter.native import lower
    lower(cp)  # runs natively too (tests/test_native_constructs.py compares the games)
    for seed in range(3):
        g = Game(cp, make_bots("greedy", 5), seed=seed, sides="random")
        assert len(g.play()["players"]) == 5

"""Effects on other cities' shields (issue 23: "your neighbours have 1 shield less"):
`shields -1 for neighbors` lowers each neighbour's strength in every conflict, not the
owner's, and so can turn a tie into a defeat. Worked by hand from the conflict rules (each
city against each neighbour: more shields wins the age's victory token, fewer takes -1)."""
from __future__ import annotations

from typing import Any

import pytest
from game_checks import at_first_decision, base_plus

from interpreter.players.game import Game
from interpreter.players.roster import make_bots

CARDS = """cards:
  - {name: Saboteurs, age: 1, color: red, players: [3, 4, 5, 6, 7], effect: shields -1 for neighbors}
"""


@pytest.fixture(scope="module")
def cp(tmp_path_factory) -> Any:
    return base_plus(tmp_path_factory, "saboteurs", CARDS)


def test_the_neighbours_lose_a_shield_in_the_conflict(cp) -> None:
    g = at_first_decision(cp, 4, seed=1)
    for c in g.cities:
        c.shields, c.tokens = 1, []
    g.cities[0].build_card(next(c for c in cp.cards if c.name == "Saboteurs"))
    assert g.cities[0].shields == 1  # its own strength is unchanged
    g.war(1)
    # seats 1 and 3 (the neighbours of 0) fight at 0 shields; seat 2 keeps 1
    assert g.cities[0].tokens == [1, 1]  # beats both neighbours (1 against 0)
    assert sorted(g.cities[1].tokens) == [-1, -1]  # 0 against seat 0's 1 and seat 2's 1
    assert sorted(g.cities[3].tokens) == [-1, -1]
    assert g.cities[2].tokens == [1, 1]


def test_the_effect_reads_and_plays_on_both_cores(cp) -> None:
    from interpreter.native import lower
    lower(cp)  # runs natively too (tests/test_native_constructs.py compares the games)
    (hook,) = next(c for c in cp.cards if c.name == "Saboteurs").effect.hooks
    g = Game(cp, make_bots("greedy", 4), seed=2, sides="A")
    g.pending()
    assert hook.worth(g.observe(0), 0) > 0  # weakening both neighbours is worth something
    for seed in range(3):
        assert len(Game(cp, make_bots("greedy", 5), seed=seed, sides="random").play()["players"]) == 5

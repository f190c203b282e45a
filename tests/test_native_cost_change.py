"""The cost change primitive on both cores: the words defined over it (discount and its `free
TARGET` and `all resources` forms, surcharge, rebate) each lower to one native H_COST row with
the unit, amount and seats the Python hook has, and a pack using all of them plays move by move
alike on both cores."""
from __future__ import annotations

from typing import Any

import pytest
from game_checks import base_plus, same_games_on_both_cores

from interpreter import native
from interpreter.native.consts import H_COST, U_ALL, U_ALLRES, U_COIN, U_REBATE, U_RESOURCE

P = "players: [3, 3, 4, 4, 5, 6, 7]"  # several copies, so the cards are dealt and built often
COSTS = f"""cards:
  - {{name: Guild Hall, age: 1, color: yellow, {P}, effect: discount 1 coin on blue cards for neighbors}}
  - {{name: Masons, age: 1, color: yellow, {P}, effect: discount 1 resource on wonder stages}}
  - {{name: Toll Gate, age: 2, color: yellow, {P}, effect: surcharge 1 coin on yellow cards for neighbors}}
  - {{name: Patrons, age: 2, color: yellow, {P}, effect: free red cards}}
  - {{name: Quarry Rights, age: 2, color: yellow, {P}, effect: discount all resources on green cards}}
  - {{name: Market Friends, age: 1, color: yellow, {P}, effect: rebate 1 coin from left}}
  - {{name: Tax Office, age: 3, color: yellow, {P}, effect: surcharge 1 coin on red cards for neighbors per red card}}
"""


@pytest.fixture(scope="module")
def costs(tmp_path_factory) -> Any:
    return base_plus(tmp_path_factory, "cost-change-native", COSTS)


@pytest.mark.skipif(not native.available(), reason="no native core built")
def test_each_defined_word_lowers_to_one_cost_row(costs) -> None:
    """kind H_COST; amount as the hook's (a surcharge's negative); period the unit; seatmask bit
    0 the owner's builds, bits 1 and 2 the neighbours'; a rebate's resources the seats sold from."""
    from interpreter.native import lower
    from interpreter.native.consts import HR_AMOUNT, HR_PERIOD, HR_RESOURCES, HR_SEATMASK, HR_STAGES
    rows = {(r[HR_AMOUNT], r[HR_PERIOD], r[HR_STAGES], r[HR_SEATMASK], r[HR_RESOURCES])
            for r in lower(costs)["hooks"] if r[0] == H_COST}
    neighbours = (1 << 1) | (1 << 2)
    assert (1, U_COIN, 0, neighbours, 0) in rows  # discount 1 coin on blue cards for neighbors
    assert (1, U_RESOURCE, 1, 1, 0) in rows  # discount 1 resource on wonder stages
    assert (-1, U_COIN, 0, neighbours, 0) in rows  # surcharge 1 coin ... for neighbors
    assert (0, U_ALL, 0, 1, 0) in rows  # free red cards
    assert (0, U_ALLRES, 0, 1, 0) in rows  # discount all resources on green cards
    assert (1, U_REBATE, 0, 1, 1 << 1) in rows  # rebate 1 coin from left: seat 1 sold from


@pytest.mark.skipif(not native.available(), reason="no native core built")
@pytest.mark.parametrize("players", [3, 5])
def test_the_cost_change_cards_play_alike_on_both_cores(costs, players) -> None:
    same_games_on_both_cores(costs, players, range(4))


def test_the_games_compared_do_build_the_cost_change_cards(costs) -> None:
    """The comparison above means something: in games of its bots (random ones build what greedy
    rarely does, a surcharge) the cost change cards are built."""
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    built = set()
    for seed in range(4):
        g = Game(costs, make_bots(("random", "greedy")[seed % 2], 4), seed=seed * 11 + 4, sides="A")
        g.play()
        built |= {c.name for city in g.cities for c in city.cards}
    assert {"Guild Hall", "Masons", "Toll Gate", "Patrons", "Quarry Rights", "Market Friends", "Tax Office"} <= built

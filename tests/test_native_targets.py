"""Every target form runs natively (issue 23): tokens for other cities, for a chosen neighbour
or for the cities a count picks; coins lost or gained by the cities a count picks or by a chosen
neighbour (the richer one is the one a count of coins picks: no row of its own); a count in
every other city; a cost change and shields for every other city. Small packs extending base
(and cities, for its debt and diplomacy tokens), played seed by seed on both cores with random
and greedy bots at every player count, equal move by move (differential.first_difference)."""
from __future__ import annotations

from typing import Any

import pytest
from game_checks import packs_of, same_games_on_both_cores

P = "players: [3, 3, 4, 4, 5, 6, 7]"  # several copies, so the cards are dealt often

PACKS = {
    "token-targets": f"""cards:
  - {{name: Tribute Camp, age: 1, color: red, {P}, effect: "shields 1; tokens 1 defeat for neighbors"}}
  - {{name: Heralds, age: 1, color: yellow, {P}, effect: tokens 1 victory for others}}
  - {{name: Patron Hall, age: 2, color: blue, {P}, effect: "vp 2; tokens 1 victory for the richer neighbor"}}
  - {{name: Shared Glory, age: 2, color: red, {P}, effect: "shields 1; tokens 1 victory for left, self"}}
  - {{name: Shamed Rival, age: 3, color: red, {P}, effect: "shields 2; tokens 2 defeat for the stronger neighbor"}}
  - {{name: Victory Games, age: 2, color: yellow, {P}, effect: tokens 1 victory for others when win conflict once per game}}
""",
    "picked-tokens": f"""cards:
  - {{name: Red Censure, age: 1, color: red, {P}, effect: "shields 1; tokens 1 defeat for the neighbor with most red cards"}}
  - {{name: Mercy Fund, age: 1, color: yellow, {P}, effect: tokens 1 victory for every city with no wonder stages}}
  - {{name: Warlord Tax, age: 2, color: red, {P}, effect: "shields 1; tokens 1 defeat for every other city with at least 2 shields"}}
  - {{name: Poor Relief, age: 2, color: blue, {P}, effect: "vp 1; tokens 1 victory for the neighbor with fewest coins"}}
  - {{name: Scholars' Prize, age: 3, color: green, {P}, effect: "science tablet; tokens 1 victory for every city with at least 2 green cards"}}
  - {{name: Rout Herald, age: 2, color: yellow, {P}, effect: tokens 1 defeat for the neighbor with fewest shields when build red card}}
""",
    "picked-coins": f"""cards:
  - {{name: Purge, age: 1, color: red, {P}, effect: "shields 1; every other city with at least 2 red cards lose 1 coin"}}
  - {{name: Dole, age: 1, color: yellow, {P}, effect: the neighbor with fewest coins gain 2 coins}}
  - {{name: Levy, age: 2, color: yellow, {P}, effect: "coins 2; the neighbor with most shields lose 2 coins"}}
  - {{name: Green Grant, age: 2, color: blue, {P}, effect: "vp 2; every city with no green cards gain 1 coin per age"}}
  - {{name: Rich Tithe, age: 3, color: yellow, {P}, effect: "vp 3; the neighbor with most coins lose 1 coin per wonder stage"}}
  - {{name: Bully Pulpit, age: 2, color: red, {P}, effect: "shields 1; the neighbor with most coins lose 1 coin when build red card"}}
  - {{name: Almshouse, age: 3, color: blue, {P}, effect: "vp 2; every other city with no red cards gain 1 coin when age starts"}}
""",
    "counted-in-others": f"""cards:
  - {{name: Envy Hall, age: 1, color: yellow, {P}, effect: coins 1 per 3 brown cards in others}}
  - {{name: Spy Guild, age: 2, color: purple, {P}, effect: vp 1 per 3 red cards in others}}
  - {{name: Siege Works, age: 2, color: red, {P}, effect: shields 1 per 4 wonder stages in others}}
  - {{name: Copycat, age: 3, color: purple, {P}, effect: vp 1 per 2 defeats in others}}
  - {{name: Watch Post, age: 2, color: red, {P}, cost: "needs 4 red cards in others", effect: "shields 2; coins 1 per 2 grey cards in others"}}
""",
    "cost-for-others": f"""cards:
  - {{name: Open Market, age: 1, color: yellow, {P}, effect: "coins 1; discount 1 coin on yellow cards for others"}}
  - {{name: Public Works, age: 1, color: blue, {P}, effect: "vp 1; discount 1 resource on wonder stages for others"}}
  - {{name: Guild Charter, age: 2, color: yellow, {P}, effect: discount 1 resource on blue cards for others per 2 yellow cards}}
  - {{name: Free Forum, age: 3, color: blue, {P}, effect: "vp 2; free red cards for others"}}
  - {{name: Open Quarries, age: 1, color: yellow, {P}, effect: free brown cards for others}}
""",
    "chosen-coins": f"""cards:
  - {{name: Tax Collectors, age: 1, color: yellow, {P}, effect: "coins 1; the richer neighbor lose 2 coins"}}
  - {{name: Alms, age: 1, color: blue, {P}, effect: "vp 1; the poorer neighbor gain 2 coins"}}
  - {{name: Tribute, age: 2, color: red, {P}, effect: "shields 1; the weaker neighbor lose 1 coin per wonder stage"}}
  - {{name: War Bonds, age: 2, color: yellow, {P}, effect: coins 2 for the stronger neighbor}}
  - {{name: Rivals' Toll, age: 3, color: red, {P}, effect: "shields 1; the richer neighbor lose 1 coin when build red card"}}
""",
    "shields-for-others": f"""cards:
  - {{name: Plague Cart, age: 1, color: red, {P}, effect: shields -1 for others}}
  - {{name: Allied Levy, age: 2, color: blue, {P}, effect: "vp 1; shields 1 for others"}}
  - {{name: Terror Raid, age: 2, color: red, {P}, effect: shields -1 per defeat for others}}
""",
}
# packs extending another shipped pack than base: (the pack, its cards)
ON = {"token-targets-cities": ("cities", f"""cards:
  - {{name: Debt Letters, age: 1, color: black, {P}, effect: tokens 1 debt for neighbors}}
  - {{name: Peace Envoys, age: 1, color: black, {P}, effect: tokens 1 diplomacy for the poorer neighbor}}
  - {{name: Ledger Hall, age: 2, color: black, {P}, effect: "coins 3; tokens 1 debt for others"}}
  - {{name: Truce Table, age: 2, color: black, {P}, effect: tokens 1 diplomacy for every other city with at least 3 red cards}}
  - {{name: Debt Collector, age: 3, color: black, {P}, effect: "vp 2; every other city with at least 1 debt token lose 2 coins"}}
  - {{name: Bankers' Row, age: 3, color: black, {P}, effect: tokens 2 debt for the neighbor with most coins}}
""")}

SEEDS = range(12)


@pytest.fixture(scope="module")
def packs(tmp_path_factory: Any) -> dict:
    return packs_of(tmp_path_factory, "natgt", PACKS, ON)


@pytest.mark.parametrize("name", sorted(PACKS) + sorted(ON))
def test_the_pack_lowers(native_core: None, packs: dict, name: str) -> None:
    from interpreter.native import lower
    lower(packs[name])


@pytest.mark.parametrize("name,players", [(p, n) for p in sorted(PACKS) + sorted(ON) for n in range(3, 8)])
def test_both_cores_play_the_same_games(native_core: None, packs: dict, name: str, players: int) -> None:
    same_games_on_both_cores(packs[name], players, SEEDS)


@pytest.mark.parametrize("name,players", [("picked-tokens", 4), ("picked-coins", 5), ("cost-for-others", 6),
                                          ("counted-in-others", 3), ("shields-for-others", 4),
                                          ("token-targets-cities", 5)])
def test_search_playouts_run_natively_as_in_python(native_core: None, packs: dict, name: str, players: int) -> None:
    """The search bot's native playouts (worlds.pxi) value every candidate as the Python playouts."""
    from test_search_native import Probe
    from interpreter.players.bots import RandomBot
    from interpreter.players.game import Game
    probe = Probe()
    Game(packs[name], [probe] + [RandomBot() for _ in range(players - 1)], seed=players, sides="random").play()
    assert probe.compared >= 6


@pytest.mark.parametrize("name", ["picked-tokens", "picked-coins", "cost-for-others", "token-targets-cities"])
def test_taken_native_mid_game_it_plays_on_as_python(native_core: None, packs: dict, name: str) -> None:
    """bridge.from_decision: a game of these packs taken to the native core in age 2 or 3 ends
    with the scores the Python game ends with."""
    from test_native_bridge import played_on_natively
    cp = packs[name]
    assert len(list(played_on_natively(cp, range(6)))) == 6


@pytest.mark.parametrize("name,players", [("picked-coins", 5), ("cost-for-others", 4)])
def test_native_worlds_of_the_target_packs_equal_the_python_ones(native_core: None, packs: dict, name: str,
                                                                  players: int) -> None:
    """The search's determinizations dealt natively (worlds.pxi) are the Python ones card for card."""
    from test_native_worlds import Probe
    from interpreter.players.bots import RandomBot
    from interpreter.players.game import Game
    probe = Probe()
    Game(packs[name], [probe] + [RandomBot() for _ in range(players - 1)], seed=players, sides="random").play()
    assert probe.compared >= 3 * 12, (probe.compared, probe.python_only)

"""Events heard from other cities and from the game (issue 23): `coins 1 when neighbors build
red card` pays its owner for a neighbour's build and not for a city farther away; `coins 2
when age starts` pays at the start of each age after its card is built. Expectations worked
out from the turn order in interpreter/game/turn.py (coins arrive at the end of the turn)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from game_checks import base_plus

from interpreter.players.game import Game
from interpreter.players.roster import make_bots
from interpreter.rules.moves import BUILD, SELL

CARDS = """cards:
  - {name: Watchtower, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: coins 1 when neighbors build red card}
  - {name: Almanac, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: coins 2 when age starts}
  - {name: Drill Yard, age: 1, color: red, players: [3, 4, 5, 6, 7], effect: shields 1}
  - {name: Sentry Post, age: 1, color: red, players: [3, 4, 5, 6, 7], effect: shields 1}
  - {name: Rumour Mill, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: coins 1 when others build card once per turn}
"""


@pytest.fixture(scope="module")
def cp(tmp_path_factory) -> Any:
    return base_plus(tmp_path_factory, "events", CARDS)


def _card(cp: Any, name: str) -> Any:
    return next(c for c in cp.cards if c.name == name)


def _turn(g: Game, builds: dict[int, str]) -> None:
    """One turn: the named seats build the named card (put in their hand first), the others sell."""
    pending = g.pending()
    for seat, name in builds.items():
        g.hands[seat][0] = _card(g.cp, name)
    pending = g.pending()
    answers = {}
    for seat, decision in pending.items():
        want = BUILD if seat in builds else SELL
        answers[seat] = next(m for m in decision.moves if m.card == 0 and m.action == want)
    g.step(answers)


def test_a_neighbours_red_card_pays_the_watcher_and_a_farther_one_does_not(cp) -> None:
    g = Game(cp, make_bots("greedy", 4), seed=1, sides="A")
    g.pending()
    g.cities[0].build_card(_card(cp, "Watchtower"))
    before = [c.coins for c in g.cities]
    # seat 1 is seat 0's left neighbour (the next seat), seat 2 is across the table at 4 players
    _turn(g, {1: "Drill Yard", 2: "Drill Yard"})
    sale = g.rules.sell_coins
    assert g.cities[0].coins == before[0] + sale + 1  # its sale, and 1 for the left neighbour's red card
    assert g.cities[3].coins == before[3] + sale  # no watcher there
    _turn(g, {2: "Sentry Post"})  # only the far city builds red: nothing for seat 0
    assert g.cities[0].coins == before[0] + 2 * sale + 1


def test_the_owners_own_build_is_not_heard_by_a_neighbours_only_trigger(cp) -> None:
    g = Game(cp, make_bots("greedy", 4), seed=2, sides="A")
    g.pending()
    g.cities[0].build_card(_card(cp, "Watchtower"))
    before = g.cities[0].coins
    _turn(g, {0: "Drill Yard"})
    assert g.cities[0].coins == before  # built (free), no sale, and its own red card is not a neighbour's


def test_once_per_turn_counts_each_city_heard_once(cp) -> None:
    g = Game(cp, make_bots("greedy", 4), seed=3, sides="A")
    g.pending()
    g.cities[0].build_card(_card(cp, "Rumour Mill"))
    before = g.cities[0].coins
    _turn(g, {1: "Drill Yard", 2: "Drill Yard", 3: "Drill Yard"})
    assert g.cities[0].coins == before + g.rules.sell_coins + 3  # three other cities built: 1 each


def test_an_age_start_pays_every_age_after_the_card_is_built(cp) -> None:
    g = Game(cp, make_bots("greedy", 3), seed=4, sides="A")
    g.pending()
    city = g.cities[0]
    city.build_card(_card(cp, "Almanac"))
    before = city.coins
    g.age_starts()
    assert city.coins == before + 2
    assert [c.coins for c in g.cities[1:]] == [g.rules.starting_coins] * 2  # nobody else has one


def test_whole_games_with_event_cards_play_the_same_on_both_cores(cp, native_core: None) -> None:
    from interpreter.native import lower
    from interpreter.sim.differential import first_difference
    lower(cp)
    for seed in range(3):
        scores = Game(cp, make_bots("greedy", 5), seed=seed, sides="random").play()
        assert len(scores["players"]) == 5
        assert first_difference(cp, seed, 5, ("greedy", "random", "random,greedy")[seed], "random") == ""


def test_a_watcher_is_valued_by_the_greedy_bot(cp) -> None:
    g = Game(cp, make_bots("greedy", 4), seed=5, sides="A")
    g.pending()
    obs = g.observe(0)
    (hook,) = _card(cp, "Watchtower").effect.hooks
    assert hook.worth(obs, 0) > 0
    (age_hook,) = _card(cp, "Almanac").effect.hooks
    assert age_hook.worth(obs, 0) == pytest.approx(age_hook.inner.worth(obs, 0) * 2)  # ages II and III to come


def test_once_per_game_and_once_per_age(tmp_path_factory) -> None:
    """`once per game`: the first time only; `once per age`: the first time in each age."""
    cp2 = base_plus(tmp_path_factory, "limits", CARDS + """  - {name: Bounty, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: coins 3 when neighbors build red card once per game}
  - {name: Drill Ground, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: coins 2 when build red card once per age}
  - {name: Barracks Yard, age: 1, color: red, players: [3, 4, 5, 6, 7], effect: shields 1}
""")
    g = Game(cp2, make_bots("greedy", 4), seed=6, sides="A")
    g.pending()
    g.cities[0].build_card(_card(cp2, "Bounty"))
    g.cities[2].build_card(_card(cp2, "Drill Ground"))
    start = [c.coins for c in g.cities]
    sale = g.rules.sell_coins
    _turn(g, {1: "Drill Yard", 2: "Drill Yard"})
    assert g.cities[0].coins == start[0] + sale + 3  # the first neighbour's red card
    assert g.cities[2].coins == start[2] + 2  # its own first red card this age
    _turn(g, {3: "Sentry Post", 2: "Sentry Post"})
    assert g.cities[0].coins == start[0] + 2 * sale + 3  # not again: once in the game
    assert g.cities[2].coins == start[2] + 2  # not again this age
    g.clone()  # the limits are part of the state a clone copies
    g.age = 2  # a new age: once per age fires again
    _turn(g, {2: "Barracks Yard"})
    assert g.cities[2].coins == start[2] + 4


BOUNDARY_CARDS = """cards:
  - {name: Harbour Fees, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: coins 2 when age ends}
  - {name: Last Toll, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: coins 5 when game ends}
  - {name: First Toll, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: coins 4 when age ends once per game}
"""


@pytest.fixture(scope="module")
def boundaries(tmp_path_factory) -> Any:
    return base_plus(tmp_path_factory, "boundaries", BOUNDARY_CARDS)


def test_an_age_end_pays_after_the_ages_conflicts_and_once_per_game_only_the_first(boundaries) -> None:
    g = Game(boundaries, make_bots("greedy", 3), seed=5, sides="A")
    g.pending()
    g.cities[0].build_card(_card(boundaries, "Harbour Fees"))
    g.cities[1].build_card(_card(boundaries, "First Toll"))
    for _ in range(g.last_turn):  # everybody sells every card of age 1 (no shields: no tokens)
        _turn(g, {})
    g.pending()  # age 1 ends (its conflicts, then its end), age 2 is dealt
    assert g.age == 2
    sales = g.rules.starting_coins + g.last_turn * g.rules.sell_coins
    assert [c.coins for c in g.cities] == [sales + 2, sales + 4, sales]
    for _ in range(g.last_turn):
        _turn(g, {})
    g.pending()
    assert [c.coins for c in g.cities] == [2 * sales - 3 + 4, 2 * sales - 3 + 4, 2 * sales - 3]


def test_a_game_end_pays_once_after_the_last_conflicts(boundaries) -> None:
    g = Game(boundaries, make_bots("greedy", 4), seed=6, sides="A")
    g.pending()
    g.cities[2].build_card(_card(boundaries, "Last Toll"))
    after_war: list[list[int]] = []
    war = g.war

    def recording_war(age: int) -> None:
        war(age)
        after_war.append([c.coins for c in g.cities])
    g.war = recording_war  # type: ignore[method-assign]
    g.play()
    assert len(after_war) == 3
    final = [c.coins for c in g.cities]
    names = [{x.name for x in c.cards} for c in g.cities]  # the deck's copies may be built too
    assert "Last Toll" in names[2]
    expected = [5 * ("Last Toll" in built) + 2 * ("Harbour Fees" in built) for built in names]
    assert [f - w for f, w in zip(final, after_war[-1])] == expected  # the last age's end, then the game's
    assert g.scores is not None


def test_boundary_triggers_play_the_same_on_both_cores(boundaries, native_core: None) -> None:
    from interpreter.native import lower
    from interpreter.sim.differential import first_difference
    lower(boundaries)
    for seed in range(4):
        assert first_difference(boundaries, seed, 3 + seed, ("greedy", "random")[seed % 2], "random") == ""

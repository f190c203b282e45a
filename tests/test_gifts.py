"""Production given to other cities (issue 23, item 4): `produce wood for neighbors` makes each
neighbour produce one more wood, as its own, for as long as the card stands in the giver's city.
Worked by hand: a gift is folded into the receiver's totals when the card is built, stays when the
receiver's city is made again (it gives up a card of its own), and ends when the giver gives the
card up; a STATE file's cities get the gifts their neighbours' cards make."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from game_checks import base_plus, card_named as _card

from interpreter.players.game import Game
from interpreter.players.roster import make_bots
from interpreter.rules.moves import BUILD, SELL
from interpreter.rules.statefile import build_table

CARDS = """cards:
  - {name: Timber Aid, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: produce wood for neighbors}
  - {name: Glass Loan, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: produce glass/papyrus untradable for left}
  - {name: Scrap Dealer, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: discard own yellow card for 1 coin}
"""


@pytest.fixture(scope="module")
def cp(tmp_path_factory) -> Any:
    return base_plus(tmp_path_factory, "gifts", CARDS)


def _turn(g: Game, builds: dict[int, str]) -> None:
    """One turn: the named seats build the named card (put in their hand), the others sell."""
    g.pending()
    for seat, name in builds.items():
        g.hands[seat][0] = _card(g.cp, name)
    answers = {}
    for s, decision in g.pending().items():
        want = BUILD if s in builds else SELL
        answers[s] = next(m for m in decision.moves if m.card == 0 and m.action == want)
    g.step(answers)


def test_a_gift_reaches_both_neighbours_as_their_own_and_not_the_giver(cp) -> None:
    g = Game(cp, make_bots("greedy", 4), seed=1, sides="A")
    wood = cp.resources.index("wood")
    before = [(c.fixed[wood], c.fixed_trade[wood]) for c in g.cities]
    _turn(g, {0: "Timber Aid"})
    after = [(c.fixed[wood], c.fixed_trade[wood]) for c in g.cities]
    # seat 1 is seat 0's left neighbour, seat 3 its right one; seat 2 sits across the table
    assert after[0] == before[0] and after[2] == before[2]
    for s in (1, 3):
        assert after[s] == (before[s][0] + 1, before[s][1] + 1)  # produced, and sold to neighbours
    assert [len(c.gifted) for c in g.cities] == [0, 1, 0, 1]


def test_an_untradable_either_or_gift_goes_to_the_left_neighbour_only(cp) -> None:
    g = Game(cp, make_bots("greedy", 3), seed=2, sides="A")
    glass, papyrus = cp.resources.index("glass"), cp.resources.index("papyrus")
    choices = [list(c.choices) for c in g.cities]
    trade = [list(c.choices_trade) for c in g.cities]
    _turn(g, {0: "Glass Loan"})
    assert sorted(g.cities[1].choices) == sorted(choices[1] + [(glass, papyrus)])
    assert g.cities[1].choices_trade == trade[1]  # untradable: its neighbours cannot buy it
    assert g.cities[2].choices == choices[2] and g.cities[0].choices == choices[0]


def test_the_gift_stays_when_the_receiver_gives_up_a_card_and_ends_with_the_givers_card(cp) -> None:
    g = Game(cp, make_bots("greedy", 3), seed=3, sides="A")
    wood = cp.resources.index("wood")
    base = [c.fixed[wood] for c in g.cities]
    choices2 = list(g.cities[2].choices)
    _turn(g, {0: "Timber Aid", 1: "Glass Loan"})
    assert [c.fixed[wood] for c in g.cities] == [base[0], base[1] + 1, base[2] + 1]
    # seat 1 gives up its own yellow card (Glass Loan, its only one): its wood gift stays
    g.cities[1].give_up(_card(cp, "Glass Loan"), cp)
    g.refresh_gifts()
    assert g.cities[1].fixed[wood] == base[1] + 1
    assert g.cities[2].choices == choices2  # Glass Loan's glass/papyrus for seat 2 is gone
    assert [seat for seat, _hook in g.cities[2].gifted] == [0]  # only seat 0's wood is left
    # seat 0 gives Timber Aid up: the wood it gave ends in both neighbouring cities
    g.cities[0].give_up(_card(cp, "Timber Aid"), cp)
    g.refresh_gifts()
    assert [c.fixed[wood] for c in g.cities] == base
    assert [c.gifted for c in g.cities] == [(), (), ()]


def test_a_gifted_wood_pays_a_cost_without_buying(cp) -> None:
    from interpreter.rules.moves import legal_moves
    g = Game(cp, make_bots("greedy", 3), seed=4, sides="A")
    g.pending()
    wood = cp.resources.index("wood")
    city = g.cities[1]
    for c in g.cities:  # nobody makes wood: seat 1 can get it only as a gift
        c.fixed[wood] = c.fixed_trade[wood] = 0
        c.choices = [ch for ch in c.choices if wood not in ch]
        c.prod_version += 1
    _turn(g, {0: "Timber Aid"})
    g.pending()
    g.hands[1][0] = _card(cp, "Stockade")  # costs 1 wood (base, age 1 red)
    moves = legal_moves(g.hands[1], city, g.table, g.free_power(1), ("build",))
    stockade = [m for m in moves if m.card == 0 and m.action == BUILD]
    assert stockade and min(m.left + m.right for m in stockade) == 0


def test_a_state_files_cities_get_their_neighbours_gifts(cp, tmp_path: Path) -> None:
    state = {"players": [
        {"wonder": "Rhodos", "side": "A", "cards": ["Timber Aid"]},
        {"wonder": "Alexandria", "side": "A", "cards": []},
        {"wonder": "Babylon", "side": "A", "cards": []}]}
    table = build_table(state, cp)
    wood = cp.resources.index("wood")
    assert [c.fixed[wood] for c in table.cities] == [0, 1, 1]


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_games_with_gifts_play_the_same_on_both_cores(cp, native_core: None, players: int) -> None:
    from interpreter.native import lower
    from interpreter.sim.differential import first_difference
    lower(cp)  # accepted, not declined
    for seed, bots in enumerate(("greedy", "random", "random,greedy")):
        assert first_difference(cp, seed + 10 * players, players, bots, "random") == ""


DISCOUNT = """cards:
  - {name: Open Roads, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: discount 2 coins on red cards for others}
  - {name: Dear Barracks, age: 1, color: red, players: [3, 4, 5, 6, 7], cost: 2 coins, effect: shields 1}
"""


def test_a_cost_change_for_others_reaches_the_cities_beyond_the_neighbours(tmp_path_factory) -> None:
    """`for others` reaches every other city: at 5 players seats 2 and 3 are no neighbours of
    seat 0, and a city-wide cost summary must still see seat 0's change (it once did not)."""
    from interpreter.rules.pricing import mods_for
    cp = base_plus(tmp_path_factory, "far-discount", DISCOUNT)
    g = Game(cp, make_bots("greedy", 5), seed=5, sides="A")
    g.pending()
    red = cp.colors.index("red")
    assert [mods_for(c, g.table) for c in g.cities] == [None] * 5  # nobody has a cost change yet
    g.cities[0].build_card(_card(cp, "Open Roads"))
    got = [mods_for(c, g.table) for c in g.cities]
    assert got[0].cards[red][0] == 0  # not for itself
    assert [m.cards[red][0] for m in got[1:]] == [2, 2, 2, 2]  # both neighbours and both far cities

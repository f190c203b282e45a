"""Free construction by chains, and never two buildings of the same name."""
from __future__ import annotations

import pytest

from interpreter.game.contract import IllegalMove
from interpreter.rules.moves import BUILD, Move, legal_moves, price_card, refusal

# The published 1st-edition chains (predecessor -> successor), ages I->II and II->III.
PUBLISHED_CHAINS = [
    ("Altar", "Temple"), ("Baths", "Aqueduct"), ("Theater", "Statue"),
    ("East Trading Post", "Forum"), ("West Trading Post", "Forum"), ("Marketplace", "Caravansery"),
    ("Apothecary", "Stables"), ("Apothecary", "Dispensary"), ("Workshop", "Archery Range"),
    ("Workshop", "Laboratory"), ("Scriptorium", "Courthouse"), ("Scriptorium", "Library"),
    ("Temple", "Pantheon"), ("Statue", "Gardens"), ("Forum", "Haven"), ("Caravansery", "Lighthouse"),
    ("Dispensary", "Arena"), ("Dispensary", "Lodge"), ("Laboratory", "Siege Workshop"),
    ("Laboratory", "Observatory"), ("Library", "Senate"), ("Library", "University"),
    ("School", "Academy"), ("School", "Study"), ("Training Ground", "Circus"),
    ("Walls", "Fortifications"),
]

# a city that produces nothing useful and has no coins, between two neighbours with nothing
POOR = [{"wonder": "Gizah", "coins": 0}, "Rhodos", "Ephesos"]


def test_every_published_chain_is_in_the_pack(cp):
    pairs = {(pre, c.name) for c in cp.cards for pre in c.chains_from}
    assert pairs == set(PUBLISHED_CHAINS)


@pytest.mark.parametrize("pre, post", PUBLISHED_CHAINS, ids=[f"{a}->{b}" for a, b in PUBLISHED_CHAINS])
def test_chain_build_is_free(cp, table, pre, post):
    with_pre = table([{**POOR[0], "cards": [pre]}, *POOR[1:]])
    p = price_card(cp.card_named(post), with_pre.cities[0], with_pre)
    assert p.buildable and p.free == "chain" and p.options == ((0, 0),) and p.bank == 0
    without = table(POOR)
    q = price_card(cp.card_named(post), without.cities[0], without)
    assert q.free != "chain"
    assert not q.buildable  # no coins, no resources: only the chain makes it buildable


def test_chain_build_through_the_game_costs_nothing(cp, game, Script, turn):
    g = game([{"wonder": "Gizah", "coins": 0, "cards": ["Altar"]}, "Rhodos", "Ephesos"],
             [Script([("build", "Temple", "chain")]), Script([("build", "Altar")]), Script([("build", "Altar")])])
    turn(g, [["Temple"], ["Altar"], ["Altar"]])
    assert "Temple" in g.cities[0].names
    assert [c.coins for c in g.cities] == [0, 3, 3]
    # the chain is offered as the only build, as free == "chain"
    hand, moves = g.bots[0].offers[0]
    assert [m for m in moves if m.action == BUILD] == [Move(0, BUILD, 0, 0, "chain")]


@pytest.mark.parametrize("post", ["East Trading Post", "West Trading Post"])
def test_forum_from_either_trading_post(cp, table, post):
    t = table([{**POOR[0], "cards": [post]}, *POOR[1:]])
    assert price_card(cp.card_named("Forum"), t.cities[0], t).free == "chain"


def test_dispensary_opens_both_arena_and_lodge(cp, table):
    t = table([{**POOR[0], "cards": ["Dispensary"]}, *POOR[1:]])
    for name in ("Arena", "Lodge"):
        assert price_card(cp.card_named(name), t.cities[0], t).free == "chain"


def test_chains_are_not_transitive(cp, table):
    """Theater -> Statue -> Gardens: Theater alone does not make Gardens free."""
    t = table([{**POOR[0], "cards": ["Theater"]}, *POOR[1:]])
    p = price_card(cp.card_named("Gardens"), t.cities[0], t)
    assert p.free != "chain" and not p.buildable


def test_chain_in_a_neighbours_city_does_not_count(cp, table):
    t = table([{"wonder": "Gizah", "coins": 0}, {"wonder": "Rhodos", "cards": ["Altar"]},
               {"wonder": "Ephesos", "cards": ["Altar"]}])
    assert price_card(cp.card_named("Temple"), t.cities[0], t).free != "chain"


def test_claiming_a_chain_without_holding_it_is_refused(cp, table, game, Script):
    t = table([{"wonder": "Alexandria", "cards": ["Lumber Yard", "Clay Pool"]}, "Rhodos", "Ephesos"])
    hand = [cp.card_named("Temple")]
    city = t.cities[0]
    # Temple is payable with own resources, at (0, 0) - but not as a chain
    assert price_card(hand[0], city, t).options == ((0, 0),)
    assert "no chain to Temple" in refusal(Move(0, BUILD, 0, 0, "chain"), hand, city, t, False)
    assert refusal(Move(0, BUILD, 0, 0), hand, city, t, False) == ""
    g = game([{"wonder": "Alexandria", "cards": ["Lumber Yard", "Clay Pool"]}, "Rhodos", "Ephesos"],
             [Script([("raw", BUILD, "Temple", 0, 0, "chain")]), Script(), Script()])
    g.hands = [[cp.card_named("Temple")], [cp.card_named("Altar")], [cp.card_named("Altar")]]
    with pytest.raises(IllegalMove, match="no chain to Temple"):
        g.decide(0)
    # a city that could not build it at all is refused too
    g = game([{"wonder": "Gizah", "coins": 0}, "Rhodos", "Ephesos"],
             [Script([("raw", BUILD, "Temple", 0, 0, "chain")]), Script(), Script()])
    g.hands = [[cp.card_named("Temple")], [cp.card_named("Altar")], [cp.card_named("Altar")]]
    with pytest.raises(IllegalMove):
        g.decide(0)


def test_a_chain_does_not_allow_building_a_name_twice(cp, table):
    t = table([{"wonder": "Gizah", "cards": ["Altar", "Temple"]}, "Rhodos", "Ephesos"])
    p = price_card(cp.card_named("Temple"), t.cities[0], t)
    assert not p.buildable and "already built" in p.reason


def test_never_two_buildings_of_the_same_name_loom_in_ages_one_and_two(cp, table, game, Script, turn):
    loom1, loom2 = cp.card_named("Loom", 1), cp.card_named("Loom", 2)
    assert loom1 is not loom2 and loom1.age == 1 and loom2.age == 2
    t = table([{"wonder": "Gizah", "cards": ["Loom"]}, "Rhodos", "Ephesos"])
    city = t.cities[0]
    p = price_card(loom2, city, t)
    assert not p.buildable and "already built" in p.reason
    moves = legal_moves([loom2], city, t, free_power=True)
    assert BUILD not in {m.action for m in moves} and "sell" in {m.action for m in moves}
    assert "already built" in refusal(Move(0, BUILD), [loom2], city, t, False)
    assert "already built" in refusal(Move(0, BUILD, 0, 0, "power"), [loom2], city, t, True)

    # through the game: the age-I Loom is built on turn 1, the age-II Loom is refused on turn 2
    g = game(["Gizah", "Rhodos", "Ephesos"],
             [Script([("build", "Loom"), ("raw", BUILD, "Loom")]), Script([("build", "Altar")]),
              Script([("build", "Altar")])])
    turn(g, [[loom1], ["Altar"], ["Altar"]], turn=1)
    g.hands = [[loom2], [cp.card_named("Theater")], [cp.card_named("Theater")]]
    with pytest.raises(IllegalMove, match="already built"):
        g.decide(0)


def test_two_copies_in_one_hand_build_only_once(cp, game, Script, turn):
    g = game(["Gizah", "Rhodos", "Ephesos"],
             [Script([("build", "Clay Pool")]), Script([("build", "Altar")]), Script([("build", "Altar")])])
    turn(g, [["Clay Pool", "Clay Pool"], ["Altar"], ["Altar"]], turn=1)
    assert [c.name for c in g.cities[0].cards] == ["Clay Pool"]
    assert not [m for m in g.moves(0) if m.action == BUILD]

"""Wonder boards: every stage's effect on both sides, and the special powers."""
from __future__ import annotations

import pytest

from interpreter.game.contract import IllegalMove
from interpreter.rules.moves import BUILD, SELL, WONDER, Move, price_card, price_stage, refusal
from interpreter.rules.scoring import city_scores, score_table

FREE_CARDS = ["Altar", "Theater", "Lumber Yard", "Stone Pit", "Clay Pool", "Ore Vein", "Glassworks"]


def pads(cp, t):
    return score_table(t, cp.rules)


# -- stages in general -------------------------------------------------------------------------

def test_stages_are_built_in_order_with_any_card_at_the_stage_cost(cp, game, Script, turn):
    # Gizah A: stage 1 = 2 stone (vp 3), stage 2 = 3 wood (vp 5), stage 3 = 4 stone (vp 7)
    g = game([{"wonder": "Gizah", "coins": 0, "cards": ["Stone Pit"]}, "Rhodos", "Ephesos"],
             [Script([("wonder", "Palace"), ("raw", WONDER, "Scientists Guild")]),
              Script([("build", "Altar")]), Script([("build", "Altar")])])
    city = g.cities[0]
    assert price_stage(city, g.table).options == ((0, 0),)  # 2 stone: board + Stone Pit
    assert not price_card(cp.card_named("Palace"), city, g.table).buildable  # the card itself is not
    turn(g, [["Palace"], ["Altar"], ["Altar"]], turn=1)
    assert city.stages_built == 1 and city.coins == 0
    assert [c.name for c in city.cards] == ["Stone Pit"]  # a stage marker is not a building
    assert all(c.name != "Palace" for c in g.discard)  # nor is it discarded
    assert pads(cp, g.table)[0]["wonder"] == 3
    # stage 2 (3 wood) cannot be built: nobody has wood; the card used does not matter
    g.hands = [[cp.card_named("Scientists Guild")], [cp.card_named("Theater")], [cp.card_named("Theater")]]
    assert not [m for m in g.moves(0) if m.action == WONDER]
    with pytest.raises(IllegalMove, match="cannot be produced or bought"):
        g.decide(0)


def test_no_stage_beyond_the_last(cp, table):
    t = table([{"wonder": "Rhodos", "side": "B", "stages": 2}, "Gizah", "Ephesos"])
    city = t.cities[0]
    p = price_stage(city, t)
    assert not p.buildable and "every wonder stage is already built" in p.reason
    assert "every wonder stage is already built" in refusal(Move(0, WONDER), [cp.card_named("Altar")],
                                                            city, t, False)


STAGE_VP = {  # (wonder, side): VP after 1, 2, ... stages
    ("Alexandria", "A"): [3, 3, 10], ("Alexandria", "B"): [0, 0, 7],
    ("Babylon", "A"): [3, 3, 10], ("Babylon", "B"): [3, 3, 3],
    ("Ephesos", "A"): [3, 3, 10], ("Ephesos", "B"): [2, 5, 10],
    ("Gizah", "A"): [3, 8, 15], ("Gizah", "B"): [3, 8, 13, 20],
    ("Halikarnassus", "A"): [3, 3, 10], ("Halikarnassus", "B"): [2, 3, 3],
    ("Olympia", "A"): [3, 3, 10], ("Olympia", "B"): [0, 5, 5],
    ("Rhodos", "A"): [3, 3, 10], ("Rhodos", "B"): [3, 7],
}


@pytest.mark.parametrize("wonder, side", list(STAGE_VP), ids=[f"{w}-{s}" for w, s in STAGE_VP])
def test_stage_victory_points(cp, table, wonder, side):
    others = [w for w in ("Gizah", "Rhodos", "Ephesos") if w != wonder][:2]
    assert len(cp.sides[(wonder, side)].stages) == len(STAGE_VP[(wonder, side)])
    for k, vp in enumerate(STAGE_VP[(wonder, side)], start=1):
        t = table([{"wonder": wonder, "side": side, "stages": k, "coins": 0}, *others])
        assert pads(cp, t)[0]["wonder"] == vp, k


# -- coins (Ephesos, Rhodos B) and shields (Rhodos) -------------------------------------------

@pytest.mark.parametrize("side, stages_before, coins", [("A", 0, 0), ("A", 1, 9), ("A", 2, 0),
                                                        ("B", 0, 4), ("B", 1, 4), ("B", 2, 4)])
def test_ephesos_stage_coins(cp, game, Script, turn, side, stages_before, coins):
    g = game([{"wonder": "Ephesos", "side": side, "stages": stages_before, "coins": 0,
               "cards": ["Quarry", "Sawmill", "Glassworks", "Loom", "Press"]}, "Rhodos", "Gizah"],
             [Script([("wonder", "Altar", (0, 0))]), Script([("build", "Altar")]), Script([("build", "Altar")])])
    turn(g, [["Altar"], ["Altar"], ["Altar"]])
    assert g.cities[0].stages_built == stages_before + 1
    assert g.cities[0].coins == coins


@pytest.mark.parametrize("side, stages_before, shields, coins", [
    ("A", 0, 0, 0), ("A", 1, 2, 0), ("A", 2, 0, 0), ("B", 0, 1, 3), ("B", 1, 1, 4)])
def test_rhodos_stage_shields_and_coins(cp, game, Script, turn, side, stages_before, shields, coins):
    g = game([{"wonder": "Rhodos", "side": side, "stages": stages_before, "coins": 0,
               "cards": ["Sawmill", "Brickyard", "Clay Pool", "Quarry", "Stone Pit", "Foundry", "Ore Vein"]},
              "Gizah", "Ephesos"],
             [Script([("wonder", "Altar", (0, 0))]), Script([("build", "Altar")]), Script([("build", "Altar")])])
    before = g.cities[0].shields
    turn(g, [["Altar"], ["Altar"], ["Altar"]])
    assert g.cities[0].shields - before == shields
    assert g.cities[0].coins == coins


def test_rhodos_total_shields_per_side(cp, table):
    assert table([{"wonder": "Rhodos", "side": "A", "stages": 3}, "Gizah", "Ephesos"]).cities[0].shields == 2
    assert table([{"wonder": "Rhodos", "side": "B", "stages": 2}, "Gizah", "Ephesos"]).cities[0].shields == 2
    assert table([{"wonder": "Rhodos", "side": "B", "stages": 1}, "Gizah", "Ephesos"]).cities[0].shields == 1


# -- Alexandria: production for the owner only -------------------------------------------------

@pytest.mark.parametrize("side, stages, raw, manufactured", [
    ("A", 1, False, False), ("A", 2, True, False), ("B", 1, True, False), ("B", 2, True, True)])
def test_alexandria_stage_production_is_the_owners_only(cp, table, side, stages, raw, manufactured):
    t = table([{"wonder": "Alexandria", "side": side, "stages": stages}, "Gizah", "Ephesos"])
    # Alexandria itself (seat 0): one unit of any raw / manufactured good
    assert price_card(cp.card_named("Stockade"), t.cities[0], t).options == (((0, 0),) if raw else ())
    assert (price_card(cp.card_named("Apothecary"), t.cities[0], t).options == ((0, 0),)) == manufactured
    # one unit only: Caravansery needs 2 wood
    assert not price_card(cp.card_named("Caravansery"), t.cities[0], t, 99).buildable
    # Gizah (seat 1, its right neighbour is Alexandria) can buy only the board's glass
    assert not price_card(cp.card_named("Stockade"), t.cities[1], t, 99).buildable
    assert not price_card(cp.card_named("Apothecary"), t.cities[1], t, 99).buildable
    assert price_card(cp.card_named("Workshop"), t.cities[1], t).options == ((0, 2),)


# -- Olympia A: free build once per age --------------------------------------------------------

def test_olympia_a_free_build(cp, game, Script, turn):
    g = game([{"wonder": "Olympia", "stages": 2, "coins": 0}, "Gizah", "Ephesos"],
             [Script([("build", "Palace", "power"), ("raw", BUILD, "Pantheon", 0, 0, "power")]),
              Script([("build", "Altar")]), Script([("build", "Altar")])])
    g.hands = [[cp.card_named("Palace")], [cp.card_named("Altar")], [cp.card_named("Altar")]]
    assert [m for m in g.moves(0) if m.action == BUILD] == [Move(0, BUILD, 0, 0, "power")]
    assert not [m for m in g.moves(0) if m.action == WONDER and m.free]  # not for stages
    turn(g, None)
    city = g.cities[0]
    assert "Palace" in city.names and city.coins == 0
    g.hands = [[cp.card_named("Pantheon")], [cp.card_named("Theater")], [cp.card_named("Theater")]]
    assert not [m for m in g.moves(0) if m.free == "power"]
    with pytest.raises(IllegalMove, match="no free-build power"):
        g.decide(0)


def test_only_olympia_a_after_its_second_stage_has_the_power(cp, game, Script):
    for who in ({"wonder": "Olympia", "stages": 1}, {"wonder": "Olympia", "side": "B", "stages": 3},
                {"wonder": "Gizah", "stages": 3}):
        g = game([who, "Rhodos", "Ephesos"], [Script([("raw", BUILD, "Palace", 0, 0, "power")]), Script(), Script()])
        g.hands = [[cp.card_named("Palace")], [cp.card_named("Altar")], [cp.card_named("Altar")]]
        assert not [m for m in g.moves(0) if m.free == "power"]
        with pytest.raises(IllegalMove, match="no free-build power"):
            g.decide(0)


def test_olympia_power_gained_mid_age_is_usable_that_age(cp, game, Script, turn):
    g = game([{"wonder": "Olympia", "stages": 1, "cards": ["Quarry"]}, "Gizah", "Ephesos"],
             [Script([("wonder", "Altar"), ("build", "Palace", "power")]),
              Script([("build", "Altar"), ("build", "Theater")]), Script([("build", "Altar"), ("build", "Theater")])])
    turn(g, [["Altar"], ["Altar"], ["Altar"]], turn=1)
    turn(g, [["Palace"], ["Theater"], ["Theater"]], turn=2)
    assert "Palace" in g.cities[0].names


def _power_or_sell(obs, seat, moves):
    power = [m for m in moves if m.free == "power"]
    return power[0] if power else Move(0, SELL)


def _age_hands(age):
    """Hands in which every card has a cost (a costless card offers no free-build move)."""
    pools = {1: [["Clay Pit", "Excavation", "Forest Cave", "Mine", "Timber Yard", "Tree Farm", "Baths"],
                 ["Stockade", "Barracks", "Guard Tower", "Workshop", "Apothecary", "Scriptorium", "Baths"],
                 ["Clay Pit", "Excavation", "Stockade", "Barracks", "Guard Tower", "Workshop", "Apothecary"]],
             2: [["Temple", "Statue", "Aqueduct", "Courthouse", "Walls", "School", "Library"],
                 ["Laboratory", "Dispensary", "Stables", "Archery Range", "Forum", "Caravansery", "Brickyard"],
                 ["Training Ground", "Brickyard", "Foundry", "Quarry", "Sawmill", "Walls", "School"]]}
    return pools[age]


def _power_offers(bot):
    """For each choose() call: was a free-build move offered?"""
    return [any(m.free == "power" for m in moves) for _, moves in bot.offers]


def test_olympia_free_build_resets_each_age(cp, game, Script, rig):
    olympia = Script([_power_or_sell] * 12)
    g = game([{"wonder": "Olympia", "stages": 2}, "Gizah", "Ephesos"], [olympia, Script(), Script()])
    rig(g, {1: _age_hands(1), 2: _age_hands(2)})
    g.play_age(1)
    g.play_age(2)
    assert _power_offers(olympia) == [True] + [False] * 5 + [True] + [False] * 5
    assert [m.free for m in olympia.chosen].count("power") == 2
    assert len(g.cities[0].cards) == 2


def test_unused_olympia_free_build_does_not_carry_over(cp, game, Script, rig):
    olympia = Script([Move(0, SELL)] * 6 + [_power_or_sell] * 6)
    g = game([{"wonder": "Olympia", "stages": 2}, "Gizah", "Ephesos"], [olympia, Script(), Script()])
    rig(g, {1: _age_hands(1), 2: _age_hands(2)})
    g.play_age(1)
    g.play_age(2)
    assert _power_offers(olympia) == [True] * 6 + [True] + [False] * 5
    assert len(g.cities[0].cards) == 1


# -- Olympia B: copy a neighbour's guild -------------------------------------------------------

def _olympia_b_table(table, left_cards, right_cards, own_cards=(), stages=3, opposite_cards=()):
    # 4 players: seat 0 Olympia B; left = seat 1, opposite = seat 2, right = seat 3
    return table([{"wonder": "Olympia", "side": "B", "stages": stages, "coins": 0, "cards": list(own_cards)},
                  {"wonder": "Gizah", "coins": 0, "cards": list(left_cards)},
                  {"wonder": "Ephesos", "coins": 0, "cards": list(opposite_cards)},
                  {"wonder": "Rhodos", "coins": 0, "cards": list(right_cards)}])


def test_olympia_b_copies_the_best_neighbour_guild(cp, table):
    # from Olympia's seat: Spies = red cards in its neighbours (2), Magistrates = blue ones (3);
    # the Builders Guild two seats away would be worth 3 + 0 + 0 = 3... but is not a neighbour's
    t = _olympia_b_table(table, ["Spies Guild", "Stockade", "Altar"],
                         ["Magistrates Guild", "Barracks", "Theater", "Baths"],
                         opposite_cards=["Builders Guild", "Craftsmens Guild", "Loom", "Press"])
    t.cities[1].build_stage()  # Builders would now be worth 3 + 1 + 0 = 4 to Olympia
    pad = pads(cp, t)[0]
    assert pad["copied"] == "Magistrates Guild"
    assert pad["guilds"] == 3
    scores = city_scores(t.cities, t, cp.rules)
    assert scores["players"][0]["copied"] == "Magistrates Guild"
    assert scores["players"][0]["guilds"] == 3
    # the owners still score their own guilds from their seats (copying takes nothing away)
    assert pads(cp, t)[1]["guilds"] == 0  # Spies at seat 1: seats 0 and 2 have no red card
    assert pads(cp, t)[3]["guilds"] == 0  # Magistrates at seat 3: seats 0 and 2 have no blue card


def test_olympia_b_copy_counts_from_olympias_seat(cp, table):
    # Workers Guild on the left counts the brown cards of OLYMPIA's neighbours
    t = _olympia_b_table(table, ["Workers Guild", "Lumber Yard", "Stone Pit"], ["Clay Pool"],
                         own_cards=["Ore Vein"], opposite_cards=["Quarry", "Sawmill"])
    pad = pads(cp, t)[0]
    assert pad["copied"] == "Workers Guild" and pad["guilds"] == 3


def test_olympia_b_copies_the_scientists_guild_for_science(cp, table):
    t = _olympia_b_table(table, ["Scientists Guild"], ["Spies Guild", "Stockade"],
                         own_cards=["Apothecary", "Workshop", "Barracks"])
    pad = pads(cp, t)[0]
    # Spies would give 1 (the Stockade; Olympia's own Barracks does not count);
    # Scientists: compass + gear + wild tablet = 1 + 1 + 1 + 7 = 10 instead of 2 -> +8
    assert pad["copied"] == "Scientists Guild"
    assert pad["science"] == 10 and pad["guilds"] == 0


def test_olympia_b_without_a_neighbour_guild_copies_nothing(cp, table):
    t = _olympia_b_table(table, ["Altar"], ["Stockade"], opposite_cards=["Workers Guild", "Lumber Yard"])
    pad = pads(cp, t)[0]
    assert pad["copied"] is None and pad["guilds"] == 0
    assert city_scores(t.cities, t, cp.rules)["players"][0]["copied"] is None


def test_olympia_b_copy_needs_the_third_stage(cp, table):
    t = _olympia_b_table(table, ["Spies Guild", "Stockade"], ["Magistrates Guild", "Altar"], stages=2)
    pad = pads(cp, t)[0]
    assert "copied" not in pad and pad["guilds"] == 0


# -- Halikarnassus: build from the discard pile ------------------------------------------------

def _hali_players(side, stages, **extra):
    cards = ["Foundry", "Ore Vein", "Brickyard", "Clay Pool", "Glassworks", "Press"]  # 3 ore, 3 clay, ...
    return [{"wonder": "Halikarnassus", "side": side, "stages": stages, "cards": cards, **extra},
            "Gizah", "Ephesos"]


def test_halikarnassus_a_builds_from_the_discard_pile_including_this_turns(cp, game, Script, turn):
    hali = Script([("wonder", "Altar", (0, 0))], discards=["Pantheon"])
    g = game(_hali_players("A", 1), [hali, Script([("sell", "Pantheon")]), Script([("build", "Theater")])])
    g.discard = [cp.card_named("Temple"), cp.card_named("Palace")]
    pending = turn(g, [["Altar"], ["Pantheon"], ["Theater"]])
    assert pending == [0]
    assert set(hali.discard_offers[0]) == {"Temple", "Palace", "Pantheon"}
    city = g.cities[0]
    assert "Pantheon" in city.names and city.coins == 3  # free: no coins, no resources
    assert [c.name for c in g.discard] == ["Temple", "Palace"]
    assert pads(cp, g.table)[0]["civilian"] == 7


def test_halikarnassus_offers_no_name_already_built_and_may_decline(cp, game, Script, turn):
    hali = Script([("wonder", "Altar", (0, 0))], discards=[None])
    players = _hali_players("A", 1)
    players[0]["cards"] = players[0]["cards"] + ["Temple"]
    g = game(players, [hali, Script([("build", "Altar")]), Script([("build", "Theater")])])
    g.discard = [cp.card_named("Temple"), cp.card_named("Palace"), cp.card_named("Glassworks", 2)]
    turn(g, [["Altar"], ["Altar"], ["Theater"]])
    assert hali.discard_offers == [["Palace"]]
    assert "Palace" not in g.cities[0].names and len(g.discard) == 3


def test_halikarnassus_discard_build_gets_the_cards_coins(cp, game, Script, turn):
    hali = Script([("wonder", "Altar", (0, 0))], discards=["Tavern"])
    g = game(_hali_players("A", 1), [hali, Script([("build", "Altar")]), Script([("build", "Theater")])])
    g.discard = [cp.card_named("Tavern")]
    turn(g, [["Altar"], ["Altar"], ["Theater"]])
    assert "Tavern" in g.cities[0].names and g.cities[0].coins == 8


def test_halikarnassus_with_an_empty_discard_pile(cp, game, Script, turn):
    hali = Script([("wonder", "Altar", (0, 0))], discards=["Tavern"])
    g = game(_hali_players("A", 1), [hali, Script([("build", "Altar")]), Script([("build", "Theater")])])
    turn(g, [["Altar"], ["Altar"], ["Theater"]])
    assert hali.discard_offers == [] and g.cities[0].stages_built == 2


@pytest.mark.parametrize("stage", [0, 1, 2])
def test_each_halikarnassus_b_stage_builds_from_the_discard_pile(cp, game, Script, turn, stage):
    hali = Script([("wonder", "Altar", (0, 0))], discards=["Palace"])
    g = game(_hali_players("B", stage), [hali, Script([("build", "Altar")]), Script([("build", "Theater")])])
    g.discard = [cp.card_named("Palace")]
    pending = turn(g, [["Altar"], ["Altar"], ["Theater"]])
    assert pending == [0] and "Palace" in g.cities[0].names and not g.discard


@pytest.mark.parametrize("stage", [0, 2])
def test_other_halikarnassus_a_stages_do_not_build_from_the_discard_pile(cp, game, Script, turn, stage):
    hali = Script([("wonder", "Altar")], discards=["Palace"])
    players = _hali_players("A", stage)
    players[0]["cards"] += ["Loom"]  # stage 3 needs 2 loom
    g = game(players, [hali, Script([("build", "Altar")]), Script([("build", "Theater")])])
    g.discard = [cp.card_named("Palace")]
    assert turn(g, [["Altar"], ["Altar"], ["Theater"]]) == []
    assert hali.discard_offers == [] and "Palace" not in g.cities[0].names


def test_halikarnassus_on_the_last_turn_sees_the_ages_last_cards(cp, game, Script, rig):
    """Stage built on turn 6: the discard build comes after the 7th cards are discarded."""
    # everyone plays card 0; on turn 6 seat s holds the hand dealt to seat s+1 (passing left),
    # so seat 1 holds hand 2, whose last card (Palace) is discarded at the end of the turn
    hali = Script([Move(0, SELL)] * 5 + [("wonder", "Baths", (0, 0))], discards=["Palace"])
    g = game(_hali_players("A", 1), [hali, Script(), Script()])
    hands = [list(FREE_CARDS), ["Baths"] * 7, ["Tavern"] * 6 + ["Palace"]]
    rig(g, {1: hands})
    g.play_age(1)
    assert g.cities[0].stages_built == 2
    assert "Palace" in hali.discard_offers[0] and "Palace" in g.cities[0].names
    assert "Palace" not in [c.name for c in g.discard]


# -- Babylon -----------------------------------------------------------------------------------

def test_babylon_a_second_stage_is_any_science_symbol(cp, table):
    t = table([{"wonder": "Babylon", "stages": 2, "cards": ["Apothecary", "Workshop"]}, "Gizah", "Ephesos"])
    assert pads(cp, t)[0]["science"] == 10
    t = table([{"wonder": "Babylon", "stages": 1, "cards": ["Apothecary", "Workshop"]}, "Gizah", "Ephesos"])
    assert pads(cp, t)[0]["science"] == 2


def test_babylon_b_third_stage_is_any_science_symbol(cp, table):
    t = table([{"wonder": "Babylon", "side": "B", "stages": 3, "cards": ["Apothecary", "Workshop"]},
               "Gizah", "Ephesos"])
    assert pads(cp, t)[0]["science"] == 10


def _babylon_game(game, Script, rig, stages, last, extra_cards=()):
    babylon = Script([Move(0, SELL)] * 6 + [last])
    g = game([{"wonder": "Babylon", "side": "B", "stages": stages, "cards": list(extra_cards)},
              "Gizah", "Ephesos"], [babylon, Script(), Script()])
    rig(g, {1: [list(FREE_CARDS)] * 3})
    g.play_age(1)
    return g, babylon


def test_babylon_b_builds_the_last_card_of_the_age(cp, game, Script, rig):
    g, babylon = _babylon_game(game, Script, rig, 2, lambda obs, seat, moves: next(
        m for m in moves if m.action == BUILD))
    assert len(babylon.offers) == 7 and babylon.offers[6][0] == [FREE_CARDS[6]]
    assert [c.name for c in g.cities[0].cards] == [FREE_CARDS[6]]
    assert len(g.discard) == 20 and g.cities[0].coins == 3 + 6 * 3
    assert all(len(b.offers) == 6 for b in g.bots[1:])
    assert all(not h for h in g.hands)


def test_babylon_b_sells_the_last_card_of_the_age(cp, game, Script, rig):
    g, babylon = _babylon_game(game, Script, rig, 2, Move(0, SELL))
    assert len(g.discard) == 21 and g.cities[0].coins == 3 + 7 * 3


def test_babylon_b_builds_a_stage_with_the_last_card(cp, game, Script, rig):
    # stage 3 of Babylon B: 3 clay + papyrus
    g, babylon = _babylon_game(game, Script, rig, 2, lambda obs, seat, moves: next(
        m for m in moves if m.action == WONDER), extra_cards=["Brickyard", "Press"])
    assert g.cities[0].stages_built == 3 and len(g.discard) == 20


def test_babylon_b_without_the_second_stage_discards_the_last_card(cp, game, Script, rig):
    g, babylon = _babylon_game(game, Script, rig, 1, Move(0, SELL))
    assert len(babylon.offers) == 6
    assert len(g.discard) == 21 and g.cities[0].coins == 3 + 6 * 3


def test_babylon_b_plays_the_last_card_in_every_age(cp, game, Script, rig):
    babylon = Script()  # sells every card, the 7th of each age included
    g = game([{"wonder": "Babylon", "side": "B", "stages": 2}, "Gizah", "Ephesos"], [babylon, Script(), Script()])
    rig(g, {1: [list(FREE_CARDS)] * 3, 2: [["Temple"] * 7] * 3, 3: [["Palace"] * 7] * 3})
    for age in (1, 2, 3):
        g.play_age(age)
        assert len(babylon.offers) == 7 * age
        assert g.cities[0].coins == 3 + 21 * age
        assert [len(b.offers) for b in g.bots[1:]] == [6 * age, 6 * age]

"""Game-end scoring: the score pad's lines, yellow cards' points, treasury, tie-break."""
from __future__ import annotations

import pytest

from interpreter.players.bots import GreedyBot, RandomBot
from interpreter.players.game import Game
from interpreter.rules.scoring import CATEGORIES, city_scores, score_table, winners


def pad0(cp, table, player, *others):
    others = others or ("Rhodos", "Ephesos")
    return score_table(table([player, *others]), cp.rules)[0]


@pytest.mark.parametrize("coins, points", [(0, 0), (2, 0), (3, 1), (5, 1), (8, 2), (9, 3), (17, 5), (30, 10)])
def test_treasury_one_point_per_three_coins(cp, table, coins, points):
    pad = pad0(cp, table, {"wonder": "Gizah", "coins": coins})
    assert pad["treasury"] == points and pad["total"] == points


def test_haven_scores_own_brown_cards(cp, table):
    pad = pad0(cp, table, {"wonder": "Gizah", "coins": 0,
                           "cards": ["Haven", "Lumber Yard", "Stone Pit", "Clay Pool", "Loom"]},
               {"wonder": "Rhodos", "cards": ["Ore Vein", "Sawmill"]}, {"wonder": "Ephesos", "cards": ["Quarry"]})
    assert pad["commercial"] == 3 and pad["total"] == 3


def test_lighthouse_counts_itself(cp, table):
    pad = pad0(cp, table, {"wonder": "Gizah", "coins": 0, "cards": ["Lighthouse", "Marketplace", "Tavern"]},
               {"wonder": "Rhodos", "cards": ["Vineyard"]}, "Ephesos")
    assert pad["commercial"] == 3
    assert pad0(cp, table, {"wonder": "Gizah", "coins": 0, "cards": ["Lighthouse"]})["commercial"] == 1


def test_chamber_of_commerce_two_per_own_grey_card(cp, table):
    pad = pad0(cp, table, {"wonder": "Gizah", "coins": 0, "cards": ["Chamber of Commerce", "Loom", "Press",
                                                                     "Lumber Yard"]},
               {"wonder": "Rhodos", "cards": ["Glassworks"]}, "Ephesos")
    assert pad["commercial"] == 4


@pytest.mark.parametrize("stages, points", [(0, 0), (1, 1), (3, 3)])
def test_arena_one_per_own_wonder_stage(cp, table, stages, points):
    pad = pad0(cp, table, {"wonder": "Gizah", "stages": stages, "coins": 0, "cards": ["Arena"]},
               {"wonder": "Rhodos", "stages": 3}, {"wonder": "Ephesos", "stages": 2})
    assert pad["commercial"] == points


def test_gizah_b_arena_counts_four_stages(cp, table):
    pad = pad0(cp, table, {"wonder": "Gizah", "side": "B", "stages": 4, "coins": 0, "cards": ["Arena"]})
    assert pad["commercial"] == 4 and pad["wonder"] == 20


def test_yellow_points_count_the_city_at_game_end(cp, game, Script, turn):
    """Haven built with two brown cards; two more brown cards later: it scores 4."""
    g = game([{"wonder": "Gizah", "coins": 0, "cards": ["Lumber Yard", "Forum", "Ore Vein", "Loom"]},
              "Rhodos", "Ephesos"],
             [Script([("build", "Haven", "chain"), ("build", "Clay Pool"), ("build", "Stone Pit")]),
              Script([("build", "Altar"), ("build", "Theater"), ("build", "Pawnshop")]),
              Script([("build", "Altar"), ("build", "Theater"), ("build", "Pawnshop")])])
    turn(g, [["Haven"], ["Altar"], ["Altar"]], turn=1)
    assert g.cities[0].coins == 2  # 1 per own brown card when built (Lumber Yard, Ore Vein)
    turn(g, [["Clay Pool"], ["Theater"], ["Theater"]], turn=2)
    turn(g, [["Stone Pit"], ["Pawnshop"], ["Pawnshop"]], turn=3)
    pad = score_table(g.table, cp.rules)[0]
    assert pad["commercial"] == 4  # Lumber Yard, Ore Vein, Clay Pool, Stone Pit
    assert g.cities[0].coins == 2  # the coins were not re-counted


def test_score_pad_categories(cp, table):
    # Altar: civilian 2; Lighthouse: commercial 1; Spies Guild (Stockade on the left): guilds 1;
    # Gizah stage 1: wonder 3; tokens 1 - 1 + 3: military 3; Apothecary + Workshop: science 2;
    # 7 coins: treasury 2; brown, grey and red cards: nothing.
    t = table([{"wonder": "Gizah", "stages": 1, "coins": 7, "tokens": [1, -1, 3],
                "cards": ["Altar", "Lighthouse", "Spies Guild", "Apothecary", "Workshop", "Lumber Yard",
                          "Loom", "Barracks"]},
               {"wonder": "Rhodos", "cards": ["Stockade"]}, "Ephesos"])
    pad = score_table(t, cp.rules)[0]
    assert {k: pad[k] for k in CATEGORIES} == {"military": 3, "treasury": 2, "wonder": 3, "civilian": 2,
                                                "commercial": 1, "guilds": 1, "science": 2}
    assert pad["total"] == 14


def test_blue_cards_are_civilian(cp, table):
    pad = pad0(cp, table, {"wonder": "Gizah", "coins": 0,
                           "cards": ["Altar", "Baths", "Pawnshop", "Theater", "Aqueduct", "Palace"]})
    assert pad["civilian"] == 2 + 3 + 3 + 2 + 5 + 8 and pad["total"] == pad["civilian"]


def test_defeats_make_military_negative(cp, table):
    assert pad0(cp, table, {"wonder": "Gizah", "coins": 0, "tokens": [-1, -1, -1]})["military"] == -3


def test_tie_broken_by_coins(cp, table):
    # seat 0: Altar 2 + 5 coins (1) = 3; seat 1: Altar 2 + 3 coins (1) = 3; seat 2: 1
    t = table([{"wonder": "Gizah", "coins": 5, "cards": ["Altar"]},
               {"wonder": "Rhodos", "coins": 3, "cards": ["Altar"]}, {"wonder": "Ephesos", "coins": 3}])
    scores = city_scores(t.cities, t, cp.rules)
    assert [p["total"] for p in scores["players"]] == [3, 3, 1]
    assert scores["winners"] == [0]


def test_tie_on_coins_is_shared(cp, table):
    t = table([{"wonder": "Gizah", "coins": 4, "cards": ["Altar"]},
               {"wonder": "Rhodos", "coins": 1, "cards": ["Baths"]},  # 3 + 0
               {"wonder": "Ephesos", "coins": 4, "cards": ["Theater"]}])
    scores = city_scores(t.cities, t, cp.rules)
    assert [p["total"] for p in scores["players"]] == [3, 3, 3]
    assert scores["winners"] == [0, 2]


def test_winners_function():
    pads = [{"total": 50}, {"total": 52}, {"total": 52}, {"total": 40}]
    assert winners(pads, [9, 4, 6, 20]) == [2]
    assert winners(pads, [9, 6, 6, 20]) == [1, 2]
    assert winners([{"total": 10}, {"total": 9}], [0, 30]) == [0]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_full_game_pads_add_up(cp, seed):
    g = Game(cp, [GreedyBot(), RandomBot(), GreedyBot(), RandomBot()], seed=seed, sides="random")
    scores = g.play()
    for p, city in zip(scores["players"], g.cities):
        assert p["total"] == sum(p[k] for k in CATEGORIES)
        assert p["treasury"] == city.coins // 3
        assert p["military"] == sum(city.tokens)
        assert len(city.tokens) <= 6
    best = max(p["total"] for p in scores["players"])
    assert all(scores["players"][w]["total"] == best for w in scores["winners"])

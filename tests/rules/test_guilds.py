"""The 10 guilds (001 quick rules), hand-computed.

Four players so that "neighbours" is tested against a city that is not one: seat 0 owns the
guild, seat 1 is its left neighbour, seat 3 its right neighbour, seat 2 sits opposite.
The opposite city is always loaded with what the guild counts, and so is seat 0 itself for the
guilds that count only the neighbours.
"""
from __future__ import annotations

import pytest

from interpreter.rules.scoring import score_table

WONDERS = ("Gizah", "Rhodos", "Babylon", "Ephesos")  # seat 0..3


def guild_table(table, own, left, opposite, right, **extra):
    cities = []
    for seat, cards in enumerate((own, left, opposite, right)):
        p = {"wonder": WONDERS[seat], "cards": list(cards), "coins": 0}
        p.update(extra.get(f"seat{seat}", {}))
        cities.append(p)
    return table(cities)


CASES = {
    # guild: (own cards, left, opposite, right, extra per seat, guild points for seat 0)
    "Workers Guild": (  # 1 per brown card in the two neighbours
        ["Lumber Yard", "Stone Pit"], ["Clay Pool", "Ore Vein"], ["Quarry", "Sawmill", "Foundry"],
        ["Timber Yard", "Loom"], {}, 3),
    "Craftsmens Guild": (  # 2 per grey card in the two neighbours
        ["Loom"], ["Glassworks", "Press", "Lumber Yard"], ["Glassworks", "Press", "Loom"], ["Loom"], {}, 6),
    "Magistrates Guild": (  # 1 per blue card in the two neighbours
        ["Altar"], ["Theater", "Baths"], ["Altar", "Palace"], ["Pawnshop", "Temple", "Statue", "Tavern"], {}, 5),
    "Philosophers Guild": (  # 1 per green card in the two neighbours
        ["Apothecary"], ["Workshop", "Scriptorium"], ["School"], ["Library"], {}, 3),
    "Spies Guild": (  # 1 per red card in the two neighbours (cards, not shields)
        ["Stockade"], ["Barracks", "Walls"], ["Arsenal"], ["Guard Tower"], {}, 3),
    "Traders Guild": (  # 1 per yellow card in the two neighbours
        ["Tavern"], ["Marketplace", "Forum"], ["Bazar"], ["Vineyard"], {}, 3),
    "Strategists Guild": (  # 1 per defeat token in the two neighbours
        [], [], [], [], {"seat0": {"tokens": [-1, -1]}, "seat1": {"tokens": [-1, 3, -1]},
                         "seat2": {"tokens": [-1, -1, -1]}, "seat3": {"tokens": [-1, 5]}}, 3),
    "Builders Guild": (  # 1 per wonder stage in the two neighbours AND the own city
        [], [], [], [], {"seat0": {"stages": 2}, "seat1": {"stages": 1}, "seat2": {"stages": 3},
                         "seat3": {"stages": 3}}, 6),
    "Shipowners Guild": (  # 1 per brown, grey and purple card in the own city, itself included
        ["Lumber Yard", "Stone Pit", "Loom", "Strategists Guild"], ["Quarry", "Press"], ["Sawmill"],
        ["Ore Vein", "Magistrates Guild"], {}, 5),
    "Scientists Guild": (  # no points on the guild line: a science symbol instead
        ["Apothecary"], ["Workshop"], [], [], {}, 0),
}


@pytest.mark.parametrize("guild", list(CASES))
def test_guild_points(cp, table, guild):
    own, left, opposite, right, extra, points = CASES[guild]
    t = guild_table(table, [guild, *own], left, opposite, right, **extra)
    pad = score_table(t, cp.rules)[0]
    assert pad["guilds"] == points
    without = guild_table(table, own, left, opposite, right, **extra)
    base = score_table(without, cp.rules)[0]
    gained = {k: pad[k] - base[k] for k in pad if k != "copied"}
    if guild != "Scientists Guild":
        assert gained["guilds"] == points and gained["total"] == points
        assert all(v == 0 for k, v in gained.items() if k not in ("guilds", "total")), gained


def test_all_ten_guilds_are_tested(cp):
    assert {c.name for c in cp.guilds()} == set(CASES)


def test_shipowners_counts_itself_alone(cp, table):
    t = guild_table(table, ["Shipowners Guild"], ["Lumber Yard"], [], ["Loom"])
    assert score_table(t, cp.rules)[0]["guilds"] == 1


def test_scientists_guild_gives_the_best_symbol(cp, table):
    t = guild_table(table, ["Scientists Guild", "Apothecary", "Workshop"], [], [], [])
    pad = score_table(t, cp.rules)[0]
    assert pad["science"] == 10 and pad["guilds"] == 0  # 1 + 1 + 1 + 7


def test_strategists_counts_defeats_not_victories(cp, table):
    t = guild_table(table, ["Strategists Guild"], [], [], [],
                    seat1={"tokens": [1, 3, 5]}, seat3={"tokens": [5, 5]})
    assert score_table(t, cp.rules)[0]["guilds"] == 0


def test_guilds_in_three_players_count_each_neighbour_once(cp, table):
    t = table([{"wonder": "Gizah", "cards": ["Workers Guild"]},
               {"wonder": "Rhodos", "cards": ["Lumber Yard", "Stone Pit"]},
               {"wonder": "Babylon", "cards": ["Clay Pool"]}])
    assert score_table(t, cp.rules)[0]["guilds"] == 3


def test_two_guilds_add_up(cp, table):
    t = guild_table(table, ["Workers Guild", "Spies Guild"], ["Lumber Yard", "Stockade"], [],
                    ["Barracks", "Walls", "Clay Pool"])
    assert score_table(t, cp.rules)[0]["guilds"] == 2 + 3

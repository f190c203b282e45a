"""Science: for each symbol its count squared, plus 7 per set of three different symbols;
wild symbols (Scientists Guild, Babylon) take whichever symbols score best."""
from __future__ import annotations

import pytest

from interpreter.rules.scoring import science_score, score_table

COMPASS = ["Apothecary", "Dispensary", "Lodge", "Academy"]
GEAR = ["Workshop", "Laboratory", "Observatory", "Study"]
TABLET = ["Scriptorium", "Library", "School", "University"]


def greens(c, g, t):
    return COMPASS[:c] + GEAR[:g] + TABLET[:t]


def science_of(cp, table, cards, wonder="Gizah", side="A", stages=0):
    t = table([{"wonder": wonder, "side": side, "stages": stages, "cards": cards, "coins": 0},
               "Rhodos", "Ephesos"])
    return score_table(t, cp.rules)[0]


@pytest.mark.parametrize("c, g, t, points", [
    (0, 0, 0, 0), (1, 0, 0, 1), (2, 0, 0, 4), (0, 3, 0, 9), (0, 0, 4, 16),
    (1, 1, 1, 10), (2, 1, 1, 13), (3, 2, 1, 21), (2, 2, 2, 26), (3, 3, 2, 22 + 14),
    (4, 4, 4, 48 + 28), (4, 1, 0, 17)])
def test_squares_plus_seven_per_set(cp, table, c, g, t, points):
    pad = science_of(cp, table, greens(c, g, t))
    assert pad["science"] == points
    assert pad["total"] == points  # green cards give nothing else


@pytest.mark.parametrize("c, g, t, points", [
    (2, 2, 1, 26),  # the wild completes a second set
    (3, 0, 0, 16),  # the wild goes on the biggest pile, not on a set
    (0, 0, 0, 1),
    (1, 1, 0, 10),
    (3, 3, 3, 27 + 7 + 21),  # 4/3/3: 16+9+9 + 3 sets
])
def test_one_wild_symbol_scientists_guild(cp, table, c, g, t, points):
    assert science_of(cp, table, greens(c, g, t) + ["Scientists Guild"])["science"] == points


@pytest.mark.parametrize("c, g, t, points", [
    (1, 0, 0, 10),  # the two wilds must differ: (1, 1, 1) = 10 beats (3, 0, 0) = 9
    (2, 2, 0, 26),  # both on the missing symbol
    (0, 0, 0, 4),  # both the same: (2, 0, 0) = 4 beats (1, 1, 0) = 2
    (1, 1, 1, 18),  # (3, 1, 1) = 11 + 7 beats (2, 2, 1) = 9 + 7
    (4, 0, 0, 36),  # (6, 0, 0) = 36 beats (5, 1, 0) = 26 and (4, 1, 1) = 25
])
def test_two_wild_symbols_scientists_guild_and_babylon(cp, table, c, g, t, points):
    cards = greens(c, g, t) + ["Scientists Guild"]
    assert science_of(cp, table, cards, wonder="Babylon", stages=2)["science"] == points
    assert science_of(cp, table, cards, wonder="Babylon", side="B", stages=3)["science"] == points


def test_babylon_wild_alone(cp, table):
    assert science_of(cp, table, greens(2, 2, 1), wonder="Babylon", stages=2)["science"] == 26
    assert science_of(cp, table, greens(2, 2, 1), wonder="Babylon", stages=1)["science"] == 16
    assert science_of(cp, table, greens(2, 2, 1), wonder="Babylon", stages=3)["science"] == 26


def test_science_score_function():
    assert science_score([3, 2, 1], [], 7) == 21
    assert science_score([1, 0, 0], [(0, 1, 2), (0, 1, 2)], 7) == 10
    assert science_score([0, 0, 0], [(0, 1, 2)], 7) == 1
    assert science_score([2, 2, 0], [(0, 1, 2), (0, 1, 2)], 7) == 26

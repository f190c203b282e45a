"""Military conflicts after each age: +1/+3/+5 for more shields than a neighbour, -1 for
fewer, nothing on a tie; each player compares with both neighbours (0, 1 or 2 tokens)."""
from __future__ import annotations

import pytest

from interpreter.rules.moves import BUILD, SELL, Move
from interpreter.rules.scoring import score_table


def tokens(g):
    return [sorted(c.tokens) for c in g.cities]


@pytest.mark.parametrize("age, win", [(1, 1), (2, 3), (3, 5)])
def test_victory_and_defeat_tokens_per_age(game, age, win):
    # shields: seat 0 = 2, seat 1 = 1, seat 2 = 0 (left of 0 is 1, right of 0 is 2)
    g = game([{"wonder": "Gizah", "cards": ["Stockade", "Barracks"]},
              {"wonder": "Olympia", "cards": ["Guard Tower"]}, "Ephesos"])
    g.war(age)
    assert tokens(g) == [[win, win], sorted([win, -1]), [-1, -1]]


def test_a_tie_gives_no_token(game):
    g = game([{"wonder": "Gizah", "cards": ["Stockade"]}, {"wonder": "Olympia", "cards": ["Barracks"]},
              {"wonder": "Ephesos", "cards": ["Guard Tower"]}])
    g.war(3)
    assert tokens(g) == [[], [], []]
    g = game(["Gizah", "Olympia", "Ephesos"])  # 0 shields everywhere
    g.war(1)
    assert tokens(g) == [[], [], []]


def test_mixed_tie_and_win(game):
    g = game([{"wonder": "Gizah", "cards": ["Walls"]},  # 2
              {"wonder": "Olympia", "cards": ["Archery Range"]},  # 2
              {"wonder": "Ephesos", "cards": ["Stockade"]}])  # 1
    g.war(2)
    assert tokens(g) == [[3], [3], [-1, -1]]


def test_shields_count_not_cards(game):
    # one Walls (2 shields) beats two one-shield cards? no: 2 == 2 -> tie; Arsenal (3) wins
    g = game([{"wonder": "Gizah", "cards": ["Walls"]}, {"wonder": "Olympia", "cards": ["Stockade", "Barracks"]},
              {"wonder": "Ephesos", "cards": ["Arsenal"]}])
    g.war(1)
    assert tokens(g) == [[-1], [-1], [1, 1]]


@pytest.mark.parametrize("side, stages, shields, won", [
    ("A", 1, 0, [-1]), ("A", 2, 2, [1, 1]), ("B", 1, 1, [1]), ("B", 2, 2, [1, 1])])
def test_wonder_stage_shields_count(game, side, stages, shields, won):
    # Rhodos between Gizah (Stockade: 1 shield, on its left) and Ephesos (0, on its right)
    g = game([{"wonder": "Rhodos", "side": side, "stages": stages},
              {"wonder": "Gizah", "cards": ["Stockade"]}, "Ephesos"])
    assert g.cities[0].shields == shields
    g.war(1)
    assert sorted(g.cities[0].tokens) == won


def test_only_neighbours_are_compared(game):
    # 4 players: seat 2 sits opposite seat 0 and has the most shields
    g = game(["Gizah", "Olympia", {"wonder": "Ephesos", "cards": ["Arsenal", "Walls"]}, "Rhodos"])
    g.war(3)
    assert tokens(g) == [[], [-1], [5, 5], [-1]]


def test_war_happens_once_at_the_end_of_each_age(cp, game, Script, rig):
    seen = []

    def stockade_then_sell(obs, seat, moves):
        seen.append([list(c.tokens) for c in obs.cities])
        hand = obs.hand
        build = [m for m in moves if m.action == BUILD and hand[m.card].name == "Stockade"]
        return build[0] if build else Move(0, SELL)

    g = game(["Olympia", "Gizah", "Ephesos"], [Script([stockade_then_sell] * 12), Script(), Script()])
    hand = ["Stockade", "Altar", "Theater", "Baths", "Tavern", "Loom", "Press"]
    rig(g, {1: [hand, list(reversed(hand)), hand], 2: [["Temple"] * 7] * 3})
    g.play_age(1)
    assert all(s == [[], [], []] for s in seen)  # no war during the age
    assert tokens(g) == [[1, 1], [-1], [-1]]
    g.play_age(2)  # nobody builds shields: the same standings, age II values
    assert tokens(g) == [[1, 1, 3, 3], [-1, -1], [-1, -1]]
    assert score_table(g.table, cp.rules)[0]["military"] == 8
    assert score_table(g.table, cp.rules)[1]["military"] == -2

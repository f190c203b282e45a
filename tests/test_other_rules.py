"""A game unlike 7 Wonders in every rules parameter (tests/packs/tiny: 2 ages, hands of 4,
its own resources, colours and symbols) plays by its own rules: nothing is hard-wired."""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl.loader import load_pack
from interpreter.players.roster import make_bots
from interpreter.rules.compiled import compile_pack
from interpreter.players.game import Game
from interpreter.rules.moves import SELL, Move
from interpreter.rules.payment import payment_options
from interpreter.rules.scoring import city_scores
from interpreter.rules.statefile import build_table

TINY = str(Path(__file__).parent / "packs" / "tiny")


@pytest.fixture(scope="module")
def cp():
    return compile_pack(load_pack(TINY))


def test_the_rules_parameters_are_read(cp) -> None:
    r = cp.rules
    assert (r.ages, r.hand_size, r.starting_coins, r.sell_coins, r.trade_price) == (2, 4, 5, 2, 3)
    assert cp.resources == ("fish", "salt", "gold") and cp.symbols == ("star", "moon")


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_whole_games_follow_the_packs_rules(cp, players: int, bots: str) -> None:
    for seed in range(25):
        game = Game(cp, make_bots(bots, players), seed=seed, sides="random", log=True)
        assert all(c.coins == 5 for c in game.cities)
        scores = game.play()
        assert game.turns_played == 2 * 3  # two ages of hand_size - 1 turns
        for war in game.log["war"]:
            value = {1: 2, 2: 4}[war["age"]]
            assert all(t in (value, -2) for r in war["results"] for t in r["tokens"])
        for city, pad in zip(game.cities, scores["players"]):
            assert pad["treasury"] == city.coins // 2
            assert pad["military"] == sum(city.tokens)
        dealt = sum(game.dealt.values())
        placed = sum(len(c.cards) + len(c.tucked) for c in game.cities) + len(game.discard)
        assert dealt == placed == 2 * 4 * players
        final = build_table(game.log["final"], cp)
        assert city_scores(final.cities, final, cp.rules) == scores


def test_selling_pays_the_packs_value_and_hands_pass_the_packs_way(cp) -> None:
    game = Game(cp, make_bots("random", 3), seed=1, sides="A")
    game.age = 1
    game.deal(1)
    before = [list(h) for h in game.hands]
    game.resolve([Move(0, SELL)] * 3, 1)
    assert [c.coins for c in game.cities] == [5 + 2] * 3
    game.pass_hands(1)  # age I passes right here: seat i's hand goes to seat i-1
    for seat in range(3):
        assert game.hands[(seat - 1) % 3] == before[seat][1:]


def test_trade_uses_the_packs_price_and_class_names(cp) -> None:
    t = build_table({"players": [
        {"wonder": "Temple", "side": "A", "cards": []},            # gold
        {"wonder": "Tower", "side": "A", "cards": ["Boat"]},       # left: fish x2
        {"wonder": "Well", "side": "A", "cards": ["Market"]}]}, cp)  # right: salt; Market
    fish = cp.resources.index("fish")
    assert payment_options(((fish, 1),), t.cities[0], t.cities[1], t.cities[2]) == ((3, 0),)
    salt = cp.resources.index("salt")
    # seat 2 holds Market: common resources from neighbours for 1 instead of 3
    assert payment_options(((fish, 2),), t.cities[2], t.cities[0], t.cities[1]) == ((0, 2),)
    assert payment_options(((salt, 1),), t.cities[1], t.cities[2], t.cities[0]) == ((3, 0),)

"""Two cards in one turn, once per game (issue 23): `play two cards once per game`. After a
turn's moves, the power's owner may play a second card of its hand (build, stage or sale,
paying with the coins it has then); the hand it passes holds one card fewer, and a hand that
runs out leaves its holder without a move. The real-game analogue is the board power that
plays an age's last card instead of discarding it: on the last turn the two are the same."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from game_checks import base_plus, card_named as _card, card_places

from interpreter.players.bots import GreedyBot
from interpreter.players.game import Game
from interpreter.players.roster import make_bots
from interpreter.rules.moves import SELL

CARDS = """cards:
  - {name: Twin Workshop, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: play two cards once per game}
  - {name: Seasonal Fair, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: play two cards once per age}
"""


@pytest.fixture(scope="module")
def cp(tmp_path_factory) -> Any:
    return base_plus(tmp_path_factory, "second-card", CARDS)


class _Seller:
    """Sells every card; takes a second card on the turns listed (the first of the hand)."""

    name = "seller"

    def __init__(self, turns: set[int]):
        self.turns, self.asked = turns, []

    def choose(self, obs: Any, moves: list[Any]) -> Any:
        return next(m for m in moves if m.action == SELL)

    def choose_card(self, obs: Any, cards: list[Any], purpose: str) -> Any:
        self.asked.append((obs.turn, len(cards), purpose))
        return 0 if obs.turn in self.turns else None


def _game(cp: Any, turns: set[int], power: str = "Twin Workshop", seed: int = 1) -> tuple[Game, _Seller]:
    bot = _Seller(turns)
    g = Game(cp, [bot] + [_Seller(set()) for _ in range(3)], seed=seed, sides="A")
    g.pending()
    g.cities[0].build_card(_card(cp, power))
    return g, bot


def test_a_second_card_is_played_and_the_hand_passed_holds_one_card_fewer(cp) -> None:
    g, bot = _game(cp, {2})
    coins = g.cities[0].coins
    g.step({s: d.moves[-1] for s, d in g.pending().items()})  # turn 1: everyone sells
    assert [t for t, _, _ in bot.asked] == [1]  # asked once, declined
    g.step({s: next(m for m in d.moves if m.action == SELL) for s, d in g.pending().items()})
    sale = g.rules.sell_coins
    assert g.cities[0].coins == coins + 2 * sale  # turn 1's and turn 2's sales
    assert g.turn == 2 and g.sub == "second"  # the second card is a decision of its own
    assert list(g.pending()) == [0] and len(g.hands[0]) == 1  # only that card, every way to play it
    g.step({0: next(m for m in g.pending()[0].moves if m.action == SELL)})
    assert g.cities[0].coins == coins + 3 * sale  # and the second card's
    assert g.turn == 3 and g.cities[0].second_used
    # seat 0's hand (5 cards after turn 2, then 4) went to its left neighbour (age I passes left)
    assert sorted(len(h) for h in g.hands) == [4, 5, 5, 5]
    assert len(g.hands[1]) == 4
    assert [t for t, _, _ in bot.asked] == [1, 2]  # once per game: never asked again
    while g.age == 1:
        g.step({s: next(m for m in d.moves if m.action == SELL) for s, d in g.pending().items()})
    # the short hand ran out on the last turn: nothing of it was left to discard
    assert len(g.discard) == sum(len(c.sold) for c in g.cities) + 3  # three hands' leftover cards


def test_on_the_last_turn_the_second_card_is_the_one_left(cp) -> None:
    g, bot = _game(cp, {6}, "Seasonal Fair")
    while g.turn < 6 or g.sub != "turn":
        g.step({s: next(m for m in d.moves if m.action == SELL) for s, d in g.pending().items()})
    g.step({s: next(m for m in d.moves if m.action == SELL) for s, d in g.pending().items()})
    assert g.sub == "second" and len(g.hands[0]) == 1
    g.step({0: next(m for m in g.pending()[0].moves if m.action == SELL)})
    assert g.age == 2 and not g.cities[0].second_used  # once per age: back for age II
    assert len(g.cities[0].sold) == 7  # all seven cards of age I


def test_greedy_waits_for_a_good_card_and_takes_the_last_chance(cp) -> None:
    g = Game(cp, make_bots("greedy", 4), seed=2, sides="A")
    g.pending()
    obs = g.observe(0)
    bot = GreedyBot()
    weak, strong = _card(cp, "Loom"), _card(cp, "Baths")  # under 3 points in age I / 3 points
    assert bot.choose_card(obs, [weak, weak], "second card once per game") is None
    assert bot.choose_card(obs, [weak, strong], "second card once per game") == 1
    assert bot.choose_card(obs, [_card(cp, "Loom")], "second card once per age") == 0  # else discarded
    assert _card(cp, "Twin Workshop").effect.hooks[0].worth(obs, 0) >= 3


def test_both_cores_play_it_and_games_replay(cp, native_core: None) -> None:
    from interpreter.native import lower
    from interpreter.sim.differential import first_difference
    lower(cp)
    for seed in range(4):  # (tests/test_native_constructs.py plays it at every count)
        assert first_difference(cp, seed, 3 + seed, ("random", "greedy")[seed % 2], "random") == ""
    for seed in range(4):
        one = Game(cp, make_bots("greedy", 4), seed=seed, sides="random", log=True)
        two = Game(cp, make_bots("greedy", 4), seed=seed, sides="random")
        assert one.play() == two.play()
        assert all(not hand for hand in one.hands)
    g = Game(cp, make_bots("random", 5), seed=3)
    g.play()
    assert card_places(g) == Counter(g.dealt)  # every dealt card is in exactly one place

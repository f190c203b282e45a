"""Discarding one of your own built cards for a reward (issue 23): `discard own grey card for
3 coins`. When the card bearing it is built, its player may give up one of its own cards of
those colours: the card goes to the discard pile (where a build from the discard pile may take
it again), its production and points end, and the coins arrive with the turn's other coins.
Worked by hand from the turn order (interpreter/game/turn.py: coins arrive at the end of the turn)."""
from __future__ import annotations

from typing import Any

import pytest
from game_checks import base_plus, card_named as _card

from interpreter.players.bots import GreedyBot
from interpreter.players.game import Game
from interpreter.players.roster import make_bots
from interpreter.rules.moves import BUILD, SELL
from interpreter.rules.scoring import city_scores

CARDS = """cards:
  - {name: Scrap Dealer, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: discard own grey card for 3 coins}
  - {name: Fire Sale, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: discard own card for 9 coins}
"""


@pytest.fixture(scope="module")
def cp(tmp_path_factory) -> Any:
    return base_plus(tmp_path_factory, "discard-own", CARDS)


class _Picks:
    """A bot that sells every turn and answers card choices from a list (None declines)."""

    name = "picks"

    def __init__(self, picks: list[Any]):
        self.picks, self.asked = picks, []

    def choose(self, obs: Any, moves: list[Any]) -> Any:
        return next(m for m in moves if m.action == SELL)

    def choose_card(self, obs: Any, cards: list[Any], purpose: str) -> Any:
        self.asked.append(([c.name for c in cards], purpose))
        return self.picks.pop(0)


def _game(cp: Any, picks: list[Any], seed: int, *built: str) -> tuple[Game, _Picks]:
    """A game whose seat 0 answers card choices from `picks`, with these cards built there."""
    bot = _Picks(picks)
    g = Game(cp, [bot] + make_bots("random", 3), seed=seed, sides="A")
    g.pending()
    for name in built:
        g.cities[0].build_card(_card(cp, name))
    return g, bot


def _build_first(g: Game, seat: int, name: str) -> None:
    """One turn: `seat` builds `name` (put in its hand), every other seat sells."""
    g.pending()
    g.hands[seat][0] = _card(g.cp, name)
    answers = {}
    for s, decision in g.pending().items():
        want = BUILD if s == seat else SELL
        answers[s] = next(m for m in decision.moves if m.card == 0 and m.action == want)
    g.step(answers)


def test_the_discarded_card_leaves_the_city_its_production_ends_and_the_coins_arrive(cp) -> None:
    g, bot = _game(cp, [0], 3, "Loom", "Baths")  # Baths is blue: not a candidate
    city = g.cities[0]
    loom = cp.resources.index("loom")
    made = city.fixed[loom]
    coins = city.coins
    _build_first(g, 0, "Scrap Dealer")
    assert bot.asked == [(["Loom"], "discard own for 3 coins")]
    assert "Loom" not in city.names and "Loom" in [c.name for c in g.discard]
    assert city.fixed[loom] == made - 1 and city.trade_count[loom] == made - 1  # no longer sold either
    assert city.coins == coins + 3  # (the card was free; the coins arrived at the turn's end)
    assert [c.name for c in city.cards][-2:] == ["Baths", "Scrap Dealer"]


def test_declining_keeps_the_card_and_takes_nothing(cp) -> None:
    g, _ = _game(cp, [None], 3, "Press")
    coins = g.cities[0].coins
    _build_first(g, 0, "Scrap Dealer")
    assert "Press" in g.cities[0].names and g.cities[0].coins == coins


def test_the_points_of_a_discarded_card_are_not_scored_and_it_can_be_built_again(cp) -> None:
    g, bot = _game(cp, [0], 4, "Baths")
    city = g.cities[0]
    before = city_scores(g.cities, g.table, g.rules)["players"][0]
    _build_first(g, 0, "Fire Sale")  # any colour: the blue card goes, itself cannot
    assert bot.asked[0][0] == ["Baths"]
    after = city_scores(g.cities, g.table, g.rules)["players"][0]
    assert after["civilian"] == before["civilian"] - 3
    assert g.discard_choices(0)[-1].name == "Baths"  # a build from the discard pile may take it


def test_nothing_is_asked_without_a_card_to_give_up(cp) -> None:
    g, bot = _game(cp, [], 5)
    coins = g.cities[0].coins
    _build_first(g, 0, "Scrap Dealer")
    assert bot.asked == [] and g.cities[0].coins == coins


def test_the_greedy_bot_gives_up_a_card_only_when_the_coins_are_worth_more(cp) -> None:
    g = Game(cp, make_bots("greedy", 4), seed=6, sides="A")
    g.pending()
    obs = g.observe(0)
    bot = GreedyBot()
    cheap, dear = _card(cp, "Loom"), _card(cp, "Baths")
    assert bot.choose_card(obs, [dear], "discard own for 3 coins") is None  # 3 points for 1
    assert bot.choose_card(obs, [dear, cheap], "discard own for 9 coins") == 1
    hook = _card(cp, "Scrap Dealer").effect.hooks[0]
    assert hook.worth(obs, 0) == 0  # no grey card yet
    g.cities[0].build_card(cheap)
    assert hook.worth(g.observe(0), 0) == 0.0 and _card(cp, "Fire Sale").effect.hooks[0].worth(g.observe(0), 0) > 1


def test_both_cores_play_it_and_games_replay(cp, native_core: None) -> None:
    from interpreter.native import lower
    from interpreter.sim.differential import first_difference
    lower(cp)
    for seed in range(4):  # (tests/test_native_constructs.py plays it at every count)
        assert first_difference(cp, seed, 5, ("random", "greedy")[seed % 2], "random") == ""
    for seed in range(3):
        one = Game(cp, make_bots("greedy", 5), seed=seed, sides="random").play()
        two = Game(cp, make_bots("greedy", 5), seed=seed, sides="random").play()
        assert one == two
    g = Game(cp, make_bots("random", 4), seed=9)
    assert len(g.play()["players"]) == 4

"""The planning bot (--bots plan): its budget by decision, the same game for a seed, only what
its seat knows, and stronger than greedy on fixed seeds."""
from __future__ import annotations

import json
from typing import Any

import pytest

from dsl.loader import load_pack
from interpreter.players.bots import GreedyBot
from interpreter.players.game import Game
from interpreter.players.plan import PlanBot
from interpreter.players.roster import bot_warnings, make_bots
from interpreter.players.search import SearchBot, candidates, shortlist
from interpreter.rules.compiled import compile_pack


@pytest.fixture(scope="module")
def base() -> Any:
    return compile_pack(load_pack("base"))


def _budgets(base: Any, bot: PlanBot) -> dict[tuple[int, int], int]:
    """The bot's budget at seat 0's age turns of a greedy game, by (age, cards in hand)."""
    game = Game(base, make_bots("greedy", 4), seed=5)
    out = {}
    while game.pending():
        obs = game.observe(0)
        if obs.sub == "turn":
            out[(obs.age, len(obs.hand))] = bot.budget(obs)
        game.step(game.ask_bots())
    return out


def test_the_budget_goes_where_a_search_changes_the_choice(base) -> None:
    """Base, 3 ages of 7 cards: none at age I's last turn (greedy's choice), 16 at age II's last
    turn and on the last age's hands of 5 cards or fewer, 64 everywhere else."""
    got = _budgets(base, PlanBot(64))
    want = {(age, hand): 64 for age in (1, 2) for hand in range(3, 8)}
    want.update({(1, 2): 0, (2, 2): 16, (3, 7): 64, (3, 6): 64})
    want.update({(3, hand): 16 for hand in range(2, 6)})
    assert got == want


def test_the_first_ages_last_turn_is_greedys_choice_and_no_search(base) -> None:
    game = Game(base, make_bots("greedy", 4), seed=2)
    while not (game.pending() and game.age == 1 and len(game.hands[0]) == 2):
        game.step(game.ask_bots())
    bot = PlanBot(64)
    moves = list(game.pending()[0].moves)
    chosen = bot.choose(game.clone().observe(0), moves)
    assert chosen == GreedyBot().choose(game.clone().observe(0), moves)
    assert bot.searched == 0 and bot.spent == 0


def test_the_same_seed_plays_the_same_game(base) -> None:
    logs = []
    for _ in range(2):
        g = Game(base, make_bots("plan:8,greedy", 3), seed=3, log=True)
        g.play()
        logs.append(json.dumps(g.log))
    assert logs[0] == logs[1]
    other = Game(base, make_bots("plan:8,greedy", 3), seed=4, log=True)
    other.play()
    assert json.dumps(other.log) != logs[0]


def test_where_it_searches_in_full_it_is_the_search_bot(base) -> None:
    """The same stream and worlds: at a decision searched in full, plan:N's values are search:N's."""
    game = Game(base, make_bots("greedy", 4), seed=8)
    game.pending()
    moves = list(game.pending()[0].moves)
    plan, search = PlanBot(16), SearchBot(16)
    assert plan.choose(game.clone().observe(0), moves) == search.choose(game.clone().observe(0), moves)
    assert plan.last_means == search.last_means and len(plan.last_means) == 4


def test_it_decides_on_what_its_seat_knows(base) -> None:
    """Two games that differ only in cards seat 0 has not seen: the same values, the same move."""
    g = Game(base, make_bots("greedy", 4), seed=9)
    g.pending()
    h = g.clone()
    h.hands[1][0], h.hands[2][0] = h.hands[2][0], h.hands[1][0]
    assert [c.name for c in g.hands[1]] != [c.name for c in h.hands[1]]
    a, b = PlanBot(16), PlanBot(16)
    moves = list(g.pending()[0].moves)
    assert a.choose(g.observe(0), moves) == b.choose(h.observe(0), moves)
    assert a.last_means == b.last_means and len(set(a.last_means)) > 1


def test_it_beats_greedy_on_fixed_seeds(base) -> None:
    """Four players, seeds 0-7 (its seat k mod 4): it wins at least 5 of 8 (a fair share is 2),
    and at least 3 more than a greedy bot in its seat on the same deals."""
    wins = {"plan:32": 0.0, "greedy": 0.0}
    for spec in wins:
        for seed in range(8):
            seat = seed % 4
            bots: list[Any] = make_bots("greedy", 4)
            bots[seat] = make_bots(spec, 1)[0]
            winners = Game(base, bots, seed=seed, sides="random").play()["winners"]
            wins[spec] += 1 / len(winners) if seat in winners else 0.0
    assert wins["plan:32"] >= 5
    assert wins["plan:32"] >= wins["greedy"] + 3


def test_bot_options_and_warnings(base) -> None:
    bot = make_bots("plan:48:s2:w3", 1)[0]
    assert isinstance(bot, PlanBot) and (bot.playouts, bot.stream, bot.width) == (48, 2, 3)
    assert make_bots("plan", 1)[0].playouts == 64
    for bad, says in [("plan:0", "number of playouts"), ("plan:12ms", "number of playouts"),
                      ("plan:16:x", "not 'x'")]:
        with pytest.raises(ValueError, match=says):
            make_bots(bad, 4)
    assert any(w.startswith("plan plays out games") for w in bot_warnings(base, "plan,greedy"))


def test_the_shortlist_it_searches_is_greedys(base) -> None:
    """The candidates of a full search are greedy's best 4, as the search bot's."""
    game = Game(base, make_bots("greedy", 4), seed=1)
    game.pending()
    obs = game.observe(0)
    cands = shortlist(obs, candidates(obs, list(game.pending()[0].moves)), 4)
    bot = PlanBot(8)
    bot.choose(game.clone().observe(0), list(game.pending()[0].moves))
    assert len(bot.last_means) == len(cands) == 4

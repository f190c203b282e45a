"""`--bots auto`, the default of simulate and compare (issue 21): the search bot at its stable
budget, or the budget the user's --minutes allows, worked out here from given timings."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.cli import main
from interpreter.cli.packs import compiled
from interpreter.players.determinize import determinize
from interpreter.players.game import Game
from interpreter.players.roster import make_bots
from interpreter.sim.auto_bots import MIN_GAMES, STABLE, Timing, choose, ladder


def timer(greedy: float, search: float, budget: int = STABLE):
    return lambda _b: Timing(greedy, search, budget)


def test_the_ladder_halves_from_the_stable_budget():
    assert ladder()[0] == STABLE
    assert all(a == 2 * b for a, b in zip(ladder(), ladder()[1:]))
    assert ladder()[-1] >= 8


def test_without_minutes_the_stable_budget_when_playouts_run_natively():
    c = choose(None, 4, "random", 500, None, 2, "")
    assert (c.bots, c.games) == (f"search:{STABLE}", 500)
    assert "stable" not in c.why or "stop moving" in c.why


def test_without_minutes_greedy_where_playouts_would_run_in_python():
    c = choose(None, 4, "random", 500, None, 2, "pack 'p' uses a plug-in word")
    assert c.bots == "greedy" and "plug-in word" in c.why and "--minutes" in c.why


def test_minutes_lower_the_budget_until_the_games_fit():
    # a greedy game 0.01 s, a search game at the stable budget 0.5 s: at half of it 0.255 s;
    # 300 games on 2 cores in 60 s need at most 0.4 s a game
    c = choose(None, 4, "random", 300, 1.0, 2, "", timer(0.01, 0.5))
    assert c.bots == f"search:{STABLE // 2}" and c.games == 300
    assert f"below the stable {STABLE}" in c.why


def test_the_stable_budget_when_it_fits_and_never_above_it():
    c = choose(None, 4, "random", 100, 10.0, 2, "", timer(0.01, 0.5))
    assert c.bots == f"search:{STABLE}" and "below" not in c.why


def test_minutes_without_games_play_as_many_as_fit_at_the_largest_budget_with_enough():
    # at the stable budget: 60 * 2 / 0.5 = 240 games, fewer than MIN_GAMES; at half: 120 / 0.255 = 470
    c = choose(None, 4, "random", None, 1.0, 2, "", timer(0.01, 0.5))
    assert MIN_GAMES <= 470
    assert (c.bots, c.games) == (f"search:{STABLE // 2}", 470)


def test_greedy_when_not_even_the_smallest_budget_fits():
    c = choose(None, 4, "random", 10_000, 1.0, 1, "", timer(0.05, 5.0))
    assert c.bots == "greedy" and c.games == 10_000 and "not even" in c.why
    free = choose(None, 4, "random", None, 1.0, 1, "", timer(0.05, 5.0))
    assert free.bots == "greedy" and free.games == 1200  # 60 s / 0.05 s


def test_simulate_defaults_to_search_bots_and_says_why(capsys):
    assert main(["simulate", "--games", "3", "--players", "3", "--workers", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["meta"]["bots"] == f"search:{STABLE}"
    assert "auto chose" in data["meta"]["bots_choice"]


def test_auto_asks_where_the_search_deals_its_worlds():
    """A pack the native core plays may still have the search's worlds dealt in Python (a draft,
    kept cards): one probe game counts the decisions, and auto falls back to greedy with the
    count; a pack whose worlds are all dealt natively keeps the search bot."""
    from interpreter.sim.auto_bots import search_dealt_in_python
    assert search_dealt_in_python(compiled("base"), 4) == ""
    why = search_dealt_in_python(compiled("examples/catan-promo-leaders"), 4)
    assert "deals the search's worlds at only" in why and "dealt in Python" in why
    c = choose(None, 4, "random", 60, None, 2, why)
    assert c.bots == "greedy" and "at only" in c.why


def test_simulate_of_a_pack_whose_search_is_dealt_in_python_plays_greedy(capsys):
    assert main(["simulate", "--pack", "examples/catan-promo-leaders", "--games", "2", "--players", "4",
                 "--workers", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["meta"]["bots"] == "greedy" and "dealt in Python" in data["meta"]["bots_choice"]


@pytest.mark.parametrize("argv, message", [
    (["--minutes", "1", "--bots", "nosuch"], "unknown bot 'nosuch'"),
    (["--minutes", "0", "--games", "3"], "--minutes must be more than 0"),
    ([], "give --games N"),
])
def test_minutes_and_games_refused_with_the_reason(capsys, argv, message):
    assert main(["simulate", "--players", "3", *argv]) == 1
    assert message in capsys.readouterr().err


def test_a_search_over_the_discard_pile_sees_the_pile_it_chooses_from():
    """The seat building from the discard pile looks through it before it chooses (the rules),
    so every world the search deals for that choice offers the same cards, in the same order
    (it used to choose an index into the real list and apply it to a world's other pile)."""
    cp = compiled("base")
    g = Game(cp, make_bots("greedy", 4), seed=3)
    for age in (1,):
        g.play_age(age)
    assert len(g.discard) >= 4
    seat = 0
    cards = g.discard_choices(seat)
    seen = []

    class Spy:
        def choose_card(self, obs, offered, purpose):
            seen.append(obs)
            return 0
    g.bots[seat] = Spy()
    g.choose_card(seat, cards, "discard")
    assert all(m & 1 for m in g.discard_known), "the seat knows every card of the pile"
    for k in range(5):
        world = determinize(seen[0], seen[0].search_rng.fork(f"w{k}"))
        assert [c.name for c in world.discard_choices(seat)] == [c.name for c in cards]


def test_the_experiment_branches_games_of_search_bots(capsys):
    """compare's default bots are search bots: its experiment branches their games too (the
    planted pack at 3 players; a run of a few branched games, not a verdict)."""
    planted = Path(__file__).parent / "packs" / "planted"
    assert main(["compare", "--pack", "base", "--pack", str(planted), "--bots", "search:8", "--games", "2",
                 "--players", "3", "--workers", "1", "--experiment", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["meta"]["bots"] == "search:8" and data["experiment"]["bots"] == "search:8"
    assert data["experiment"]["games"] == 4


def test_minutes_with_named_bots_play_as_many_games_as_fit(capsys):
    assert main(["simulate", "--players", "3", "--minutes", "0.02", "--bots", "greedy", "--workers", "1",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["meta"]["bots"] == "greedy" and data["meta"]["games"] >= 10
    assert "games of greedy fit" in data["meta"]["bots_choice"]

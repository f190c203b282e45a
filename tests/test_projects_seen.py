"""What players see of shared projects (interpreter/players/observation.py): every city's joins
and each project's places left, kept by the search bot's worlds; the greedy bot weighs the
places left. Numbers from examples/projects/projects.yaml, by hand."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from dsl.loader import load_pack
from interpreter.game.rng import Stream
from interpreter.players.bots import GreedyBot
from interpreter.players.determinize import determinize
from interpreter.players.game import Game
from interpreter.rules.compiled import compile_pack
from game_checks import example_pack

PACK = Path(__file__).resolve().parents[1] / "examples" / "projects"


def cp() -> Any:
    return example_pack("projects")


def _game(players: int) -> Game:
    g = Game(cp(), [GreedyBot() for _ in range(players)], seed=1, log=True)
    g.pending()
    return g


def test_every_seat_sees_the_joins_and_the_places_left() -> None:
    g = _game(5)  # 5 players: Harbour Mole and Public Archive need 3, Ring of Walls 3
    g.joins["Harbour Mole"] = (3, 0)
    g.projects_done["Harbour Mole"] = "failed"
    g.joins["Public Archive"] = (4,)
    for seat in range(5):
        obs = g.observe(seat)
        mole, archive, walls = obs.projects
        assert (mole.name, mole.joined, mole.needed, mole.places_left, mole.result) == (
            "Harbour Mole", (3, 0), 3, 1, "failed")
        assert (archive.age, archive.joined, archive.places_left, archive.result) == (2, (4,), 2, "")
        assert (walls.joined, walls.places_left) == ((), 3)
        assert obs.places_left("Public Archive") == 2
        assert obs.places_left("Harbour Mole") == 0  # settled: no place to take
        assert obs.places_left("Nothing") == 0


def test_the_search_bots_worlds_keep_the_joins_apart() -> None:
    g = _game(4)
    g.joins["Harbour Mole"] = (1,)
    world = determinize(g.observe(0), Stream(7, "test"))
    assert world.joins == {"Harbour Mole": (1,)}
    assert world.observe(2).places_left("Harbour Mole") == 1  # 4 players: 2 places
    world.joins["Harbour Mole"] = (1, 2)
    assert g.joins["Harbour Mole"] == (1,)


def _archive(g: Game) -> Any:
    return next(p for p in cp().projects if p.name == "Public Archive")


def test_greedy_weighs_the_places_left() -> None:
    """Public Archive: 3 points to each joiner, -2 to the others when it fails. At 5 players
    it needs 3. With 3 places left a join completes it 1 time in 3: 1/3 x 3 + 2/3 x 2 = 2.33
    points, so 7 coins (2.33) are worth it and 8 (2.67) are not; with 1 place left the join
    completes it: 3 points, 9 coins are worth it."""
    g = _game(5)
    g.age = 2
    card = _archive(g).card
    bot = GreedyBot()
    assert bot.choose_card(g.observe(0), [card], "join project for 7 coins") == 0
    assert bot.choose_card(g.observe(0), [card], "join project for 8 coins") is None
    g.joins["Public Archive"] = (1, 2)
    assert bot.choose_card(g.observe(0), [card], "join project for 9 coins") == 0
    assert bot.choose_card(g.observe(0), [card], "join project for 10 coins") is None

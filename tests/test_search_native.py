"""The search bot's playouts on the native core are the Python playouts, value for value, so
the bot chooses the same move on either core (only faster)."""
from __future__ import annotations

from typing import Any

import pytest

from dsl.loader import load_pack
from interpreter.players.bots import GreedyBot, RandomBot
from interpreter.rules.compiled import compile_pack
from interpreter.players.determinize import determinize
from interpreter.players.game import Game
from interpreter.rules.moves import Move
from interpreter.players.search import SearchBot, candidates, native_playout


class Probe:
    """Plays random moves; at its first decision of each age in turn 2 it compares, for
    every candidate, the Python playout value with the native one over two worlds."""

    name = "random"

    def __init__(self) -> None:
        self.compared = 0

    def choose(self, obs: Any, moves: list[Move]) -> Move:
        if obs.phase.kind == "age" and obs.turn == 2 and obs.sub == "turn":
            search = SearchBot(playouts=4)
            for w in range(2):
                world = determinize(obs, obs.search_rng.fork(f"probe:{w}"), [GreedyBot() for _ in range(obs.n)])
                fast = search.native_world(world, moves)
                assert fast is not None
                for answer in candidates(obs, moves):
                    slow = SearchBot.playout(world.clone(), obs.seat, answer)
                    quick = native_playout(fast.clone(), obs.n, obs.seat, answer, 0.01)
                    assert quick == pytest.approx(slow, abs=1e-12), answer
                    self.compared += 1
        return moves[obs.rng.randrange(len(moves))]

    def choose_card(self, obs: Any, cards: list[Any], purpose: str) -> int | None:
        return 0


@pytest.mark.parametrize("pack,players", [("base", 3), ("base", 4), ("leaders", 4), ("cities", 3)])
def test_native_playouts_equal_the_python_ones(native_core: None, pack: str, players: int) -> None:
    cp = compile_pack(load_pack(pack))
    probe = Probe()
    Game(cp, [probe] + [RandomBot() for _ in range(players - 1)], seed=players, sides="random").play()
    assert probe.compared >= 6


def test_the_search_bot_chooses_the_same_on_both_cores(native_core: None) -> None:
    cp = compile_pack(load_pack("base"))
    logs = []
    for native in (False, True):
        g = Game(cp, [SearchBot(playouts=8, native=native)] + [GreedyBot() for _ in range(2)], seed=5,
                 log=True)
        g.play()
        logs.append(g.log)
    assert logs[0] == logs[1]

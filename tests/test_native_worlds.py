"""Determinizations dealt by the native core are card for card those of determinize(): at every
age decision of whole games, for several world streams, every hidden card, the deal stream and
the bots' streams are equal, so a search decides the same with either dealer."""
from __future__ import annotations

from typing import Any

import pytest

from dsl.loader import load_pack
from interpreter.native.bridge import from_decision
from interpreter.players.bots import GreedyBot, RandomBot
from interpreter.players.determinize import determinize
from interpreter.players.game import Game
from interpreter.players.native_worlds import NativeWorlds
from interpreter.rules.compiled import compile_pack
from interpreter.rules.moves import Move


class Probe(RandomBot):
    """Plays random moves; at each age decision compares three worlds of both dealers."""

    def __init__(self) -> None:
        super().__init__()
        self.compared = 0
        self.python_only = 0

    def choose(self, obs: Any, moves: list[Move]) -> Move:
        if obs.phase.kind == "age" and obs.sub == "turn":
            worlds = NativeWorlds.of(obs)
            if worlds is None:
                self.python_only += 1
            else:
                for w in range(3):
                    stream = obs.search_rng.fork(f"w:{w}")
                    got = worlds.world(stream.copy()).holdings()
                    slow = determinize(obs, stream, [GreedyBot() for _ in range(obs.n)])
                    want = from_decision(slow, ["greedy"] * obs.n).holdings()
                    assert got == want, (obs.age, obs.turn, w)
                    self.compared += 1
        return super().choose(obs, moves)


@pytest.mark.parametrize("pack,players,seed", [("base", 3, 1), ("base", 4, 2), ("base", 7, 3),
                                               ("leaders", 4, 4), ("cities", 5, 5)])
def test_native_worlds_equal_the_python_ones(native_core: None, pack: str, players: int, seed: int) -> None:
    cp = compile_pack(load_pack(pack))
    probe = Probe()
    Game(cp, [probe] + [RandomBot() for _ in range(players - 1)], seed=seed, sides="random").play()
    assert probe.compared >= 3 * 12, (probe.compared, probe.python_only)


def test_a_world_hides_what_the_seat_does_not_know(native_core: None) -> None:
    """The same decision's worlds differ in the other hands; the seat's own hand never moves."""
    cp = compile_pack(load_pack("base"))
    seen: list[Any] = []

    class Look(RandomBot):
        def choose(self, obs: Any, moves: list[Move]) -> Move:
            if obs.age == 1 and obs.turn == 2 and obs.sub == "turn" and not seen:
                worlds = NativeWorlds.of(obs)
                seen.extend(worlds.world(obs.search_rng.fork(f"w:{w}")).holdings() for w in range(4))
                seen.append([c.id for c in obs.hand])
            return super().choose(obs, moves)

    Game(cp, [Look()] + [RandomBot() for _ in range(3)], seed=9).play()
    *worlds, mine = seen
    assert all(w["hands"][0] == mine for w in worlds)
    assert len({repr(w["hands"][2]) for w in worlds}) > 1

"""The planning bot (`--bots plan`): the search bot's playouts, spent where they decide.

The search bot (players/search.py) gives each of greedy's best candidates the same number of
worlds. This bot plays the same worlds (the same determinizations, the same greedy playouts, on
the native core) but allocates them by sequential halving: every candidate is played in the
first worlds, then the worse half is dropped and the rest are played in more worlds, until one
is left; every candidate alive in a round is played in that round's worlds (common random
numbers: the comparison is between moves on the same deals). The budget is in playouts, so a
decision costs what a flat search of that many playouts costs, but the two moves that can be
best are compared on about twice as many worlds.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Sequence

from interpreter.players.determinize import determinize
from interpreter.players.search import SearchBot, native_playout

if TYPE_CHECKING:
    from interpreter.players.observation import Observation

DEFAULT_PLAYOUTS = 48
DEFAULT_WIDTH = 4
DEFAULT_PER_POINT = 0.01


class PlanBot(SearchBot):
    """SearchBot with the playouts of a decision allocated by sequential halving."""

    name = "plan"

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS, width: int = DEFAULT_WIDTH,
                 per_point: float = DEFAULT_PER_POINT, stream: int = 0, halving: bool = True):
        super().__init__(playouts, per_point=per_point, stream=stream, width=width)
        self.halving = halving

    def search(self, obs: "Observation", answers: Sequence[Any]) -> int:
        """The index of the answer left after sequential halving over common worlds."""
        k = len(answers)
        if not self.halving or k <= 2:
            return super().search(obs, answers)
        rng = obs.search_rng.fork(f"decision:{self.stream}" if self.stream else "decision")
        self.searched += 1
        dealer = self.native_dealer(obs, answers)
        self.dealt_natively += dealer is not None
        indexes = dealer.indexes(obs.seat, answers) if dealer is not None else []
        rounds = math.ceil(math.log2(k))
        alive = list(range(k))
        total = [0.0] * k
        w = 0
        for _ in range(rounds):
            worlds = max(1, self.playouts // (rounds * len(alive)))
            for _ in range(worlds):
                stream = rng.fork(f"world:{w}")
                w += 1
                for i, value in zip(alive, self._values(obs, dealer, indexes, answers, alive, stream)):
                    total[i] += value
            self.spent += worlds * len(alive)
            alive = sorted(sorted(alive, key=lambda i: (-total[i], i))[:(len(alive) + 1) // 2])
        return alive[0]

    def _values(self, obs: "Observation", dealer: Any, indexes: list[int], answers: Sequence[Any],
                alive: list[int], stream: Any) -> list[float]:
        """The playout value of each alive answer in the world dealt from `stream`."""
        if dealer is not None:
            return dealer.world(stream).values(obs.seat, [indexes[i] for i in alive], self.per_point)
        world = determinize(obs, stream, [self.policy() for _ in range(obs.n)])
        fast = self.native_world(world, answers) if self.native else None
        out = []
        for j, i in enumerate(alive):
            last = j == len(alive) - 1
            if fast is not None:
                out.append(native_playout(fast if last else fast.clone(), obs.n, obs.seat, answers[i], self.per_point))
            else:
                out.append(self.playout(world if last else world.clone(), obs.seat, answers[i], self.per_point))
        return out

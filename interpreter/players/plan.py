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
REFERENCE_LEFT = 11.5  # cards left to play at an average decision (base, 4 players)


class PlanBot(SearchBot):
    """SearchBot with the playouts of a decision allocated by `mode`: "flat" (even), "halving"
    (sequential halving) or "race" (worlds until every rival is `z` standard errors behind the
    leader on the paired differences, or the budget is spent). `depth`: the budget scaled by
    the cards left to play (a playout near the end is cheaper), so each decision costs alike."""

    name = "plan"

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS, width: int = DEFAULT_WIDTH,
                 per_point: float = DEFAULT_PER_POINT, stream: int = 0, mode: str = "race",
                 depth: bool = False, z: float = 2.0, min_worlds: int = 4, schedule: bool = False,
                 late_hand: int = 5):
        super().__init__(playouts, per_point=per_point, stream=stream, width=width)
        self.mode, self.depth, self.z, self.min_worlds = mode, depth, z, min_worlds
        self.schedule, self.late_hand = schedule, late_hand

    def choose(self, obs: "Observation", moves: list[Any]) -> Any:
        if self.schedule and self.budget(obs) == 0:
            return self.fallback.choose(obs, moves)
        return super().choose(obs, moves)

    def budget(self, obs: "Observation") -> int:
        if self.schedule and obs.phase.kind == "age" and obs.sub == "turn":
            last = obs.age >= obs.rules.ages
            if len(obs.hand) <= 2 and not last:
                return 0  # an age's last turn: greedy's choice (as good as a search's, measured)
            if last and len(obs.hand) <= self.late_hand:
                return max(1, self.playouts // 4)  # the last age's short hands: little hidden
        if not self.depth:
            return self.playouts
        left = len(obs.hand) + sum(obs.deck_sizes.values()) / obs.n  # cards still to play
        return max(1, min(4 * self.playouts, round(self.playouts * REFERENCE_LEFT / max(1.0, left))))

    def search(self, obs: "Observation", answers: Sequence[Any]) -> int:
        """The index of the answer the allocation leaves."""
        k = len(answers)
        rng = obs.search_rng.fork(f"decision:{self.stream}" if self.stream else "decision")
        self.searched += 1
        dealer = self.native_dealer(obs, answers)
        self.dealt_natively += dealer is not None
        indexes = dealer.indexes(obs.seat, answers) if dealer is not None else []
        budget = self.budget(obs)
        values: list[list[float]] = [[] for _ in range(k)]
        w = 0

        def play(alive: list[int], worlds: int) -> None:
            nonlocal w
            for _ in range(worlds):
                stream = rng.fork(f"world:{w}")
                w += 1
                for i, value in zip(alive, self._values(obs, dealer, indexes, answers, alive, stream)):
                    values[i].append(value)
            self.spent += worlds * len(alive)

        def mean(i: int) -> float:
            return sum(values[i]) / len(values[i])

        alive = list(range(k))
        if self.mode == "halving" and k > 2:
            rounds = math.ceil(math.log2(k))
            for _ in range(rounds):
                play(alive, max(1, budget // (rounds * len(alive))))
                alive = sorted(sorted(alive, key=lambda i: (-mean(i), i))[:(len(alive) + 1) // 2])
            return alive[0]
        if self.mode == "race":
            spent = 0
            while len(alive) > 1 and spent + len(alive) <= max(budget, k):
                play(alive, 1)
                spent += len(alive)
                if w >= self.min_worlds:
                    alive = self._race(alive, values)
            return max(alive, key=lambda i: (mean(i), -i))
        play(alive, max(1, budget // k))
        return max(alive, key=lambda i: (mean(i), -i))

    def _race(self, alive: list[int], values: list[list[float]]) -> list[int]:
        """The candidates not yet `z` standard errors behind the leader (paired differences
        over the worlds both were played in: the last len(values[i]) ones)."""
        lead = max(alive, key=lambda i: (sum(values[i]) / len(values[i]), -i))
        keep = []
        for i in alive:
            if i == lead:
                keep.append(i)
                continue
            m = len(values[i])
            d = [a - b for a, b in zip(values[lead][-m:], values[i])]
            mu = sum(d) / m
            var = sum((x - mu) ** 2 for x in d) / (m - 1)
            if mu <= self.z * math.sqrt(var / m) or var == 0 and mu <= 0:
                keep.append(i)
        return keep

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

"""The reference search bot (`--bots search`): information-set Monte Carlo over
determinizations, with the greedy bot as the playout policy.

For each decision: prune the legal moves to candidates, then play out games to the end. A
playout deals a world consistent with what the player knows (interpreter/determinize.py),
applies the candidate for this seat and the policy's choice for every other seat, and plays
on with greedy bots everywhere; its value is the final rank (1 first, 0 last, ties shared)
plus a hundredth of the score margin over the best other player. Every candidate is played
in the same worlds (common random numbers: the comparison is between moves, not deals), and
the budget is spent by sequential halving: rounds over the remaining candidates, each round
keeping the better half. The candidate with the best mean is taken.

It needs no knowledge of any effect: a card, a plug-in's included, is worth what it does in
the playouts. Candidates: one payment per (card, action, free power or not), the cheapest
for the player (fewest coins, then least to the bank); copies of a card in hand count once.
A build from the discard pile is searched the same way; a card choice in the middle of a
turn (a copy) and how much of a coin loss to pay are left to the greedy bot.

Deterministic for a seed: all its random draws come from the seat's "search:<seat>" stream.
A time budget (`ms`) stops early when time is up, and then depends on the machine.
"""
from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

from .bots import GreedyBot
from .compiled import CCard
from .determinize import determinize
from .moves import Move

if TYPE_CHECKING:
    from .game import Game
    from .observation import Observation

DEFAULT_PLAYOUTS = 64


def candidates(obs: "Observation", moves: Sequence[Move]) -> list[Move]:
    """The moves worth searching: one payment per (card, action, power), the cheapest."""
    best: dict[tuple[int, str, bool], Move] = {}
    order: list[tuple[int, str, bool]] = []
    for m in moves:
        key = (id(obs.hand[m.card]), m.action, m.free == "power")
        cost = (m.left + m.right + m.extra, m.extra, m.left, m.right)
        got = best.get(key)
        if got is None:
            order.append(key)
            best[key] = m
        elif cost < (got.left + got.right + got.extra, got.extra, got.left, got.right):
            best[key] = m
    return [best[k] for k in order]


def outcome(game: "Game", seat: int) -> float:
    """A finished game's value to `seat`: rank (1 first .. 0 last; ties by coins, then
    shared) plus a hundredth of its margin over the best other total."""
    players = game.scores["players"]
    n = len(players)
    own = (players[seat]["total"], game.cities[seat].coins)
    better = sum(1 for s in range(n) if s != seat and (players[s]["total"], game.cities[s].coins) > own)
    equal = sum(1 for s in range(n) if s != seat and (players[s]["total"], game.cities[s].coins) == own)
    rank = (n - 1 - better - 0.5 * equal) / (n - 1) if n > 1 else 1.0
    margin = players[seat]["total"] - max(players[s]["total"] for s in range(n) if s != seat)
    return rank + margin / 100


class SearchBot:
    """Flat Monte Carlo over determinizations (see the module docstring). `playouts` is the
    budget per decision; `ms` optionally stops a decision when that much time has passed."""

    name = "search"

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS, ms: Optional[float] = None,
                 policy: Callable[[], Any] = GreedyBot):
        self.playouts = playouts
        self.ms = ms
        self.policy = policy
        self.fallback = GreedyBot()
        self.searched = 0  # decisions searched, and their playouts (for benchmarks)
        self.spent = 0

    # -- the protocol --------------------------------------------------------------------
    def choose(self, obs: "Observation", moves: list[Move]) -> Move:
        cands = candidates(obs, moves)
        if len(cands) == 1 or not _resting(obs, "move"):
            return cands[0] if len(cands) == 1 else self.fallback.choose(obs, moves)
        return cands[self.search(obs, cands)]

    def choose_card(self, obs: "Observation", cards: list[CCard], purpose: str) -> Optional[int]:
        if len(cards) == 1 or purpose != "discard" or not _resting(obs, "discard"):
            return self.fallback.choose_card(obs, cards, purpose)
        return self.search(obs, list(range(len(cards))))

    def choose_payment(self, obs: "Observation", due: int, can: int) -> int:
        return self.fallback.choose_payment(obs, due, can)

    # -- the search ----------------------------------------------------------------------
    def search(self, obs: "Observation", answers: Sequence[Any]) -> int:
        """The index of the best answer, by sequential halving over common worlds."""
        rng = obs.search_rng.fork("decision")
        deadline = time.perf_counter() + self.ms / 1000 if self.ms else None
        k = len(answers)
        total = [0.0] * k
        count = [0] * k
        alive = list(range(k))
        rounds = max(1, math.ceil(math.log2(k)))
        worlds = 0
        self.searched += 1
        for r in range(rounds):
            per = max(1, self.playouts // rounds // len(alive))
            for _ in range(per):
                if deadline is not None and worlds and time.perf_counter() > deadline:
                    break
                world = determinize(obs, rng.fork(f"world:{worlds}"),
                                    [self.policy() for _ in range(obs.n)])
                worlds += 1
                for i in alive:
                    total[i] += self.playout(world.clone(), obs.seat, answers[i])
                    count[i] += 1
                    self.spent += 1
            if len(alive) > 1 and r < rounds - 1:
                alive.sort(key=lambda i: (-total[i] / max(1, count[i]), i))
                alive = sorted(alive[:max(1, math.ceil(len(alive) / 2))])
        return max(range(k), key=lambda i: (total[i] / count[i] if count[i] else -math.inf, -i))

    @staticmethod
    def playout(game: "Game", seat: int, answer: Any) -> float:
        """This seat's answer and the policy's for the others, then the policy to the end."""
        answers: dict[int, Any] = {}
        for s, kind, actions in game.deciders():
            if s == seat:
                answers[s] = answer
            elif kind == "card":
                cards = game.discard_choices(s)
                answers[s] = game.choose_card(s, cards, "discard")
            else:
                answers[s] = game.decide(s, actions)
        game._apply(answers)
        game.play()
        return outcome(game, seat)


def _resting(obs: "Observation", kind: str) -> bool:
    """Whether the game rests at a position this seat decides (not inside a turn's
    resolution, nor a tool calling the bot on its own)."""
    if obs.sub == "settle":
        head = obs.settling[0] if obs.settling else None
        return head is not None and head[1] == obs.seat and (head[0] == "discard") == (kind == "discard")
    return kind == "move" and obs.sub in ("turn", "last", "keep")


"""The reference search bot (`--bots search`): information-set Monte Carlo over
determinizations, with the greedy bot as the playout policy.

For each decision: prune the legal moves to candidates, keep the `width` the greedy bot values
most (the shortlist: the playouts go to moves that can be best, not to the sale of every card),
then play out games to the end. A playout deals a world consistent with what the player knows
(interpreter/players/determinize.py), applies the candidate for this seat and the policy's
choice for every other seat, and plays on with greedy bots everywhere; its value is the final
rank (1 first, 0 last, ties shared) plus a hundredth of the score margin over the best other
player. Every candidate is played in the same worlds (common random numbers: the comparison is
between moves, not deals); the budget is split evenly (flat Monte Carlo: budget // candidates
worlds, at least one), and the candidate with the best mean is taken. (Sequential halving,
which drops the worse half of the candidates after each round, did worse at the same budget:
14 wins in 24 games against flat Monte Carlo's 20, 64 playouts, 4 players, because one world
per candidate is too few to drop any. The shortlist drops candidates before any playout, by
greedy's judgement: at 128 playouts it wins 87% against greedy bots where searching every
candidate wins 77%, docs/bots.md.)

It needs no knowledge of any effect: a card, a plug-in's included, is worth what it does in
the playouts. Candidates: one payment per (card, action, free power or not), the cheapest
for the player (fewest coins, then least to the bank); copies of a card in hand count once.
A build from the discard pile is searched the same way; a card choice in the middle of a
turn (a copy) and how much of a coin loss to pay are left to the greedy bot.

Deterministic for a seed: all its random draws come from the seat's "search:<seat>" stream
(`stream=K`, `search:N:sK`, forks another one: a second sample of the same bot on the same deals).
A time budget (`ms`) stops early when time is up, and then depends on the machine.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

from interpreter.players.bots import GreedyBot
from interpreter.rules.compiled import CCard
from interpreter.players.determinize import determinize
from interpreter.players.native_worlds import NativeWorlds
from interpreter.rules.moves import Move

if TYPE_CHECKING:
    from interpreter.players.game import Game
    from interpreter.players.observation import Observation

DEFAULT_PLAYOUTS = 16  # the smallest budget whose balance a doubling did not move (docs/bots.md)
DEFAULT_WIDTH = 4  # candidates kept, the greedy bot's best first (0: all)


def candidates(obs: "Observation", moves: Sequence[Move]) -> list[Move]:
    """The moves worth searching: one payment per (card, action, power, stage named), the
    cheapest."""
    best: dict[tuple[int, str, bool, int], Move] = {}
    order: list[tuple[int, str, bool, int]] = []
    for m in moves:
        key = (id(obs.hand[m.card]), m.action, m.free == "power", m.stage)
        cost = (m.left + m.right + m.extra, m.extra, m.left, m.right)
        got = best.get(key)
        if got is None:
            order.append(key)
            best[key] = m
        elif cost < (got.left + got.right + got.extra, got.extra, got.left, got.right):
            best[key] = m
    return [best[k] for k in order]


def shortlist(obs: "Observation", cands: list[Move], width: int) -> list[Move]:
    """The `width` candidates the greedy bot values most (its score_move; ties by their
    order), in their order: the playouts go to the moves that can be best, not to the sale
    of every card and the builds greedy ranks far below. Fewer candidates, more worlds each."""
    if not width or len(cands) <= width:
        return cands
    scores = GreedyBot().score_moves(obs, cands)
    keep = sorted(sorted(range(len(cands)), key=lambda i: (-scores[i], i))[:width])
    return [cands[i] for i in keep]


def outcome(game: "Game", seat: int, per_point: float = 0.01) -> float:
    """A finished game's value to `seat`: rank (1 first .. 0 last; ties by coins, then
    shared) plus `per_point` for each point of its margin over the best other total."""
    return value_of([p["total"] for p in game.scores["players"]], [c.coins for c in game.cities],
                    seat, per_point)


def value_of(totals: Sequence[int], coins: Sequence[int], seat: int, per_point: float) -> float:
    """outcome() from the final totals and coins of every seat (either core's)."""
    n = len(totals)
    own = (totals[seat], coins[seat])
    better = sum(1 for s in range(n) if s != seat and (totals[s], coins[s]) > own)
    equal = sum(1 for s in range(n) if s != seat and (totals[s], coins[s]) == own)
    rank = (n - 1 - better - 0.5 * equal) / (n - 1) if n > 1 else 1.0
    return rank + (totals[seat] - max(totals[s] for s in range(n) if s != seat)) * per_point


class SearchBot:
    """Flat Monte Carlo over determinizations (see the module docstring). `playouts` is the
    budget per decision; `ms` optionally stops a decision when that much time has passed;
    `width` candidates at most are searched (shortlist)."""

    name = "search"

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS, ms: Optional[float] = None,
                 policy: Callable[[], Any] = GreedyBot, per_point: float = 0.01,
                 native: bool = True, stream: int = 0, width: int = DEFAULT_WIDTH):
        self.width = width
        self.native = native  # playouts on the native core when it can play them
        self.stream = stream  # 0, or another sample of the same bot (search:N:sK)
        self.playouts = playouts
        self.ms = ms
        self.per_point = per_point
        self.policy = policy
        self.fallback = GreedyBot()
        self.searched = 0  # decisions searched, and their playouts (for benchmarks)
        self.spent = 0
        self.dealt_natively = 0  # decisions whose worlds the native core dealt (auto_bots asks)
        self.last_means: list[float] = []

    # -- the protocol --------------------------------------------------------------------
    def choose(self, obs: "Observation", moves: list[Move]) -> Move:
        cands = candidates(obs, moves)
        if len(cands) == 1 or not _resting(obs, "move"):
            return cands[0] if len(cands) == 1 else self.fallback.choose(obs, moves)
        cands = shortlist(obs, cands, self.width)
        return cands[self.search(obs, cands)]

    def choose_card(self, obs: "Observation", cards: list[CCard], purpose: str) -> Optional[int]:
        if len(cards) == 1 or purpose != "discard" or not _resting(obs, "discard"):
            return self.fallback.choose_card(obs, cards, purpose)
        return self.search(obs, list(range(len(cards))))

    def choose_payment(self, obs: "Observation", due: int, can: int) -> int:
        return self.fallback.choose_payment(obs, due, can)

    # -- the search ----------------------------------------------------------------------
    def search(self, obs: "Observation", answers: Sequence[Any]) -> int:
        """The index of the answer with the best mean over common worlds: each world (one
        determinization) is played out once with every answer."""
        rng = obs.search_rng.fork(f"decision:{self.stream}" if self.stream else "decision")
        deadline = time.perf_counter() + self.ms / 1000 if self.ms else None
        k = len(answers)
        total = [0.0] * k
        worlds = max(1, self.budget(obs) // k)
        played = 0
        self.searched += 1
        dealer = self.native_dealer(obs, answers)
        self.dealt_natively += dealer is not None
        indexes = dealer.indexes(obs.seat, answers) if dealer is not None else []
        for w in range(worlds):
            if deadline is not None and w and time.perf_counter() > deadline:
                break
            stream = rng.fork(f"world:{w}")
            if dealer is not None:  # dealt and played on the core, every candidate in one call
                for i, value in enumerate(dealer.world(stream).values(obs.seat, indexes, self.per_point)):
                    total[i] += value
                played += 1
                continue
            world = determinize(obs, stream, [self.policy() for _ in range(obs.n)])
            fast = self.native_world(world, answers) if self.native else None
            for i in range(k):
                if fast is not None:
                    total[i] += native_playout(fast.clone() if i < k - 1 else fast, obs.n, obs.seat,
                                               answers[i], self.per_point)
                else:
                    total[i] += self.playout(world.clone() if i < k - 1 else world, obs.seat,
                                             answers[i], self.per_point)
            played += 1
        self.spent += played * k
        self.last_means = [t / played for t in total]  # the last decision's values (tests, tools)
        return max(range(k), key=lambda i: (total[i], -i))

    def budget(self, obs: "Observation") -> int:
        """The playouts of this decision (the same at every decision here; plan.py varies it)."""
        return self.playouts

    def native_dealer(self, obs: "Observation", answers: Sequence[Any]) -> Optional[NativeWorlds]:
        """The decision's worlds dealt on the native core (the same worlds as determinize()),
        or None where the core cannot deal or play them."""
        if not self.native or self.policy is not GreedyBot or not all(isinstance(a, Move) for a in answers):
            return None
        return NativeWorlds.of(obs)

    def native_world(self, world: "Game", answers: Sequence[Any]) -> Any:
        """The world on the native core (the same game, move for move: interpreter/native),
        or None when it cannot play it: a policy other than greedy, a pack or a seat it does
        not run, a decision that is not a move of an age's turn."""
        if self.policy is not GreedyBot or world.unowned or not all(isinstance(a, Move) for a in answers):
            return None
        try:
            from interpreter import native
            if not native.available() or native.unsupported(world.cp):
                return None
            from interpreter.native.bridge import from_decision
            return from_decision(world, ["greedy"] * world.n)
        except Exception:  # noqa: BLE001 - NotNative, or no compiled core: play on in Python
            return None

    @staticmethod
    def playout(game: "Game", seat: int, answer: Any, per_point: float = 0.01) -> float:
        """This seat's answer and the policy's for the others, then the policy to the end."""
        answers = game.ask_bots(skip=seat)
        answers[seat] = answer
        game._apply(answers)
        game.play()
        return outcome(game, seat, per_point)


def native_playout(fast: Any, n: int, seat: int, answer: Move, per_point: float) -> float:
    """SearchBot.playout on the native core: the seat's answer, the greedy policy for the
    others and to the end; the same value as outcome() of the same game in Python."""
    fast.step([fast.legal_moves(seat).index(tuple(answer)) if s == seat else None
               for s in range(n)])
    fast.play()
    pads, _winners, _copies = fast.scores()
    return value_of([pad[-1] for pad in pads], [c[2] for c in fast.cities()], seat, per_point)


def _resting(obs: "Observation", kind: str) -> bool:
    """Whether the game rests at a position this seat decides (not inside a turn's
    resolution, nor a tool calling the bot on its own)."""
    if obs.sub == "settle":
        head = obs.settling[0] if obs.settling else None
        return head is not None and head[1] == obs.seat and (head[0] == "discard") == (kind == "discard")
    return kind == "move" and obs.sub in ("turn", "last", "keep")


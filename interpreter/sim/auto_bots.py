"""`--bots auto`, the default of simulate and compare: the bots whose figures a designer can
trust, at the budget the user's time allows.

The search bot's win rates stop moving at its stable budget (docs/bots.md: the smallest budget
whose doubling moves no wonder side outside its interval), and greedy's do not match human
play (one wonder side wins half its games), so auto plays four search bots at that budget. Above it
more playouts buy nothing measurable, so auto never goes higher. With `--minutes M` it times a
game or two first and lowers the budget, halving it, until the games fit in M minutes, saying
that figures below the stable budget are less sure; greedy when not even the smallest budget
fits. Without `--minutes`, the choice does not depend on the machine: the stable budget where
the search's playouts run natively, greedy (with the reason) where they would run in Python,
about 20 times slower. A pack the native core plays may still have its search dealt in Python:
the core deals a decision's worlds only where no draft, kept card or second hand is hidden
(players/native_worlds.py), and elsewhere every world is dealt in Python and rebuilt in the
core (a game 20 times slower: 8.7 s against 0.4 s). One game of search bots at one playout a
decision tells which (search_dealt_in_python); it is a count, not a time, so the machine does
not change it.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Any, Callable

from interpreter.players.search import DEFAULT_PLAYOUTS

STABLE = DEFAULT_PLAYOUTS  # the budget whose doubling moved no side (docs/bots.md)
FLOOR = 8  # below this many playouts a decision is hardly a search
MIN_GAMES = 400  # `--minutes` without `--games`: at least this many (about +-4 points a wonder)
MAX_GAMES = 100_000
NATIVE_SHARE = 0.9  # the decisions whose worlds the core must deal for auto to pick the search
PROBE_SEED = 987_654_321  # the timing and probe games' seed (thrown away: no run's seed)
AUTO = "auto"


@dataclass(frozen=True)
class Choice:
    """The bots auto chose, how many games (None: the user's), and why, in one line."""

    bots: str
    games: int | None
    why: str


def is_auto(spec: str) -> bool:
    return spec.strip().casefold() == AUTO


def ladder() -> list[int]:
    """The budgets auto may choose, largest first: the stable one, then halvings to FLOOR."""
    out, b = [], STABLE
    while b >= FLOOR:
        out.append(b)
        b //= 2
    return out


@dataclass(frozen=True)
class Timing:
    """Seconds one game takes on one core: with greedy bots, and with search at `budget`."""

    greedy: float
    search: float
    budget: int

    def per_game(self, budget: int) -> float:
        """A search game's time grows with its playouts; the greedy game is what is left."""
        extra = max(self.search - self.greedy, 0.0)
        return self.greedy + extra * budget / self.budget


def measure(cp: Any, players: int, sides: str, budget: int, games: int = 2) -> Timing:
    """Time `games` games of greedy bots and of search:budget, on this process (the seeds are
    not those of any run: the games are thrown away)."""
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots

    def clock(spec: str) -> float:
        start = time.perf_counter()
        for k in range(games):
            Game(cp, make_bots(spec, players), seed=987_654_321 + k, sides=sides).play()
        return (time.perf_counter() - start) / games
    return Timing(clock("greedy"), clock(f"search:{budget}"), budget)


def search_dealt_in_python(cp: Any, players: int, sides: str = "random") -> str:
    """'' when the native core deals the search's worlds at nearly every decision of a game of
    this pack, else why not, in words: one game of search bots at one playout a decision
    (what is dealt where does not depend on the budget), the decisions counted."""
    from interpreter.players.game import Game
    from interpreter.players.search import SearchBot
    bots = [SearchBot(playouts=1) for _ in range(players)]
    Game(cp, bots, seed=PROBE_SEED, sides=sides).play()
    searched = sum(b.searched for b in bots)
    native = sum(b.dealt_natively for b in bots)
    if not searched or native >= NATIVE_SHARE * searched:
        return ""
    return (f"the native core deals the search's worlds at only {native} of its {searched} decisions in a "
            f"game of this pack (a draft, kept cards or a second hand are dealt in Python)")


def games_that_fit(cp: Any, players: int, bots: str, minutes: float, workers: int) -> int:
    """How many games of these bots fit in `minutes` on the workers (two games timed first)."""
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    start = time.perf_counter()
    for k in range(2):
        Game(cp, make_bots(bots, players), seed=987_654_321 + k, sides="random").play()
    per_game = max((time.perf_counter() - start) / 2, 1e-6)
    return max(1, min(MAX_GAMES, int(60 * minutes * _cores(workers) / per_game)))


def _cores(workers: int) -> int:
    return max(1, min(workers or os.cpu_count() or 1, os.cpu_count() or 1))


def choose(cp: Any, players: int, sides: str, games: int | None, minutes: float | None, workers: int,
           native_why: str, timer: Callable[[int], Timing] | None = None) -> Choice:
    """The bots for a run of `games` games (None: as many as fit) in `minutes` (None: no limit)
    on `workers` processes. native_why: '' when the search's playouts run natively, else why not.
    timer(budget) times games (the tests give their own)."""
    if minutes is None:
        if native_why:
            return Choice("greedy", games,
                          f"auto chose greedy: the search bot's playouts would run in Python here "
                          f"({native_why}), about 20 times slower; give --minutes M to let auto "
                          f"choose a search budget by time, or --bots search:N")
        return Choice(f"search:{STABLE}", games,
                      f"auto chose search:{STABLE}, the smallest budget at which the bots' win rates "
                      f"per wonder side stop moving (docs/bots.md)")
    seconds = 60.0 * minutes
    cores = _cores(workers)
    budgets = ladder()
    timing = (timer or (lambda b: measure(cp, players, sides, b)))(budgets[-1] if native_why else budgets[0])
    need = games or MIN_GAMES
    for b in budgets:
        fit = int(seconds * cores / max(timing.per_game(b), 1e-6))
        if fit >= need:
            n = games if games else min(fit, MAX_GAMES)
            below = "" if b == STABLE else (f", below the stable {STABLE}: its figures are less sure "
                                             f"than at {STABLE} (docs/bots.md)")
            return Choice(f"search:{b}", n,
                          f"auto chose search:{b} to fit {_games(n)} in {minutes:g} minutes on {cores} "
                          f"core(s) (a game about {timing.per_game(b):.2f} s){below}")
    fit = int(seconds * cores / max(timing.greedy, 1e-6))
    n = games if games else max(1, min(fit, MAX_GAMES))
    return Choice("greedy", n,
                  f"auto chose greedy: not even search:{budgets[-1]} fits {_games(need)} in {minutes:g} "
                  f"minutes (a game about {timing.per_game(budgets[-1]):.2f} s); greedy's figures "
                  f"describe a heuristic's play")


def _games(n: int) -> str:
    return f"{n:,} game" + ("" if n == 1 else "s")

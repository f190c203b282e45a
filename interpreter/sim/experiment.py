"""A card's value by experiment, not by correlation: branch the game where the card could be
built, build it in one branch and play the player's best alternative in the other, play both
out with the same random streams and bots (common random numbers), and take the paired
difference in winning and in points.

Why: comparing the players who built a card with those who passed it measures the position as
much as the card (who builds what depends on the position), and says nothing of a card every
able player builds. The branches share everything but the one choice, so their difference is
the card's own effect at that position; averaged over the games where the card was dealt and
could be built, it is the card's value to the player holding it, with the bots named.

A card's own difference is relative to the player's best alternative, so an ordinary card
scores below 0 (a bot builds it when nothing better is there); the verdict compares it with its
peers, the base cards of its age and colour, each built in its place at the card's position
and the card in theirs at their positions: the hand passed on is the same, so only the two
cards' own effects differ, not the rest of the game, and the difference varies about ten times
less than a pair against the best alternative (benchmarks/verdict_variance.py). The peers' own
pairs are measured too, for the sentence and the report.

When to stop: an always-valid (asymptotic) confidence sequence for the difference in points
between the card and its peers, one observation a game (Waudby-Smith et al., "Time-uniform
central limit theory and asymptotic confidence sequences", 2021: a normal mixture with the
running variance), may be watched after every game without inflating its error: the run stops
once each designer card's sequence lies wholly within the margin (no difference found, at most
+-margin points) or else excludes 0 (stronger, weaker), or the budget is spent; a card keeps
the first verdict decided.
"""
from __future__ import annotations

import math
import multiprocessing as mp
import os
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Generator, Iterable, Iterator, Sequence

from interpreter.players.game import Game
from interpreter.players.roster import make_bots
from interpreter.sim.branching import Branched, _won, branch_game, in_its_place  # noqa: F401 (their home was here)

ALPHA = 0.05
MARGIN = 2.0   # points of score: a smaller difference from the peers is "no difference"
MIN_N = 30     # observations of the card before any verdict (the sequence is valid asymptotically)
RHO2 = 0.01    # the mixture's width (per unit variance): tightest around a hundred games


def radius(n: int, var: float, alpha: float = ALPHA, rho2: float = RHO2) -> float:
    """Half-width at n observations of variance `var` of the 1 - alpha asymptotic confidence
    sequence (a normal mixture, Robbins' boundary with the running variance): valid at every n
    at once, so the run may stop whenever it looks."""
    if n < 2 or var <= 0:
        return math.inf if n < 2 else 0.0
    v = n * var * rho2
    return math.sqrt(2 * var * (v + 1) / (n * n * var * rho2) * math.log(math.sqrt(v + 1) / alpha))


@dataclass
class Paired:
    """One card's paired differences (built minus not built) for the seat that could build it."""

    name: str
    age: int
    color: str
    n: int = 0
    win: float = 0.0
    win_sq: float = 0.0
    points: float = 0  # sums of whole points, or of a peers' mean (in its place)
    points_sq: float = 0
    taken: int = 0  # branch points where the bot itself chose to build it

    def add(self, d_win: float, d_points: float, taken: bool = False) -> None:
        self.n += 1
        self.taken += taken
        self.win += d_win
        self.win_sq += d_win * d_win
        self.points += d_points
        self.points_sq += d_points * d_points

    @property
    def mean_win(self) -> float:
        return self.win / self.n if self.n else 0.0

    @property
    def mean_points(self) -> float:
        return self.points / self.n if self.n else 0.0

    def _variance(self, total: float, squares: float) -> float:
        if self.n < 2:
            return 0.0
        return max(0.0, (squares - total * total / self.n) / (self.n - 1))

    @property
    def var_win(self) -> float:
        return self._variance(self.win, self.win_sq)

    def win_interval(self) -> tuple[float, float]:
        """The always-valid interval of the mean win difference (the variance floored at 1/n: a
        handful of games that all agree prove little)."""
        r = radius(self.n, max(self.var_win, 1.0 / max(self.n, 1)))
        return (self.mean_win - r, self.mean_win + r)

    def points_ci(self) -> tuple[float, float]:
        if self.n < 2:
            return (-math.inf, math.inf)
        half = 1.959963984540054 * math.sqrt(self.var_points / self.n)
        return (self.mean_points - half, self.mean_points + half)

    @property
    def var_points(self) -> float:
        return self._variance(self.points, self.points_sq)

    def as_json(self) -> dict[str, Any]:
        plo, phi = self.points_ci()
        return {"card": self.name, "age": self.age, "color": self.color, "n": self.n, "taken": self.taken,
                "win_diff": round(self.mean_win, 4), "points_diff": round(self.mean_points, 3),
                "points_ci95": [round(plo, 3), round(phi, 3)] if self.n > 1 else None}


@dataclass(frozen=True)
class Verdict:
    """A card against its peers: the difference of their mean points differences, with the
    always-valid interval, and the word."""

    card: str
    delta: float
    low: float
    high: float
    verdict: str  # stronger | weaker | no difference | undecided | rarely buildable
    basis: str = "pairs"  # "in its place": its peers built in its place; "pairs": each against its alternative
    n: int = 0  # the observations the interval is of

    def as_json(self) -> dict[str, Any]:
        return {"card": self.card, "points_vs_peers": round(self.delta, 3),
                "interval": [round(self.low, 3), round(self.high, 3)], "verdict": self.verdict,
                "basis": self.basis, "n_vs_peers": self.n}


def against_peers(card: Paired, peer_rows: Sequence[Paired], games: int, instead: Paired | None = None
                  ) -> Verdict:
    """The card against its peers, with a sequence that may be watched after every game; a
    card seldom buildable where dealt is said so. With `instead` (the card's points minus its
    peers' built in its place, one observation a game) that is the difference, one sequence at
    alpha: the branches differ only in the two cards' own effects, so its variance is 4 to 16
    times smaller than the pairs' (docs/simulation.md). Without it, the card's mean points difference minus its
    peers' pooled one (each pair against the best alternative), two sequences at alpha / 2."""
    pool = [q for q in peer_rows if q.n]
    n_p = sum(q.n for q in pool)
    basis = "pairs"
    if instead is not None and instead.n >= 2:
        n, delta, basis = instead.n, instead.mean_points, "in its place"
        r = radius(n, instead.var_points)
    elif card.n < 2 or n_p < 2:
        word = "rarely buildable" if games >= 50 and card.n < max(2, games // 50) else "undecided"
        return Verdict(card.name, card.mean_points, -math.inf, math.inf, word)
    else:
        mean_p = sum(q.points for q in pool) / n_p
        sq_p = sum(q.points_sq for q in pool)
        var_p = max(0.0, (sq_p - n_p * mean_p * mean_p) / (n_p - 1))
        n, delta = card.n, card.mean_points - mean_p
        # the two means' sequences at the same level, combined (a union of two 1 - alpha/2 ones)
        r = radius(card.n, card.var_points, ALPHA / 2) + radius(n_p, var_p, ALPHA / 2)
    lo, hi = delta - r, delta + r
    if n < MIN_N:
        word = "undecided"
    elif -MARGIN <= lo and hi <= MARGIN:  # the whole interval within the margin: equivalent, even
        word = "no difference"            # where it excludes 0 (a difference too small to matter)
    elif lo > 0:
        word = "stronger"
    elif hi < 0:
        word = "weaker"
    else:
        word = "undecided"
    if games >= 50 and card.n < games // 50:
        word = "rarely buildable"
    return Verdict(card.name, delta, lo, hi, word, basis, n)


@dataclass
class Experiment:
    """Paired differences of some cards over seeded games, stopping as the sequences decide."""

    cp: Any
    players: int
    bots: str = "greedy"
    seed: int = 0
    cards: dict[str, Paired] = field(default_factory=dict)
    games: int = 0
    peer_of: dict[str, list[str]] = field(default_factory=dict)
    baseline: Any = None  # pack A: the intent-to-treat rows compare the seat first dealt a card with it
    itt: dict[str, Paired] = field(default_factory=dict)
    interrupted: bool = False  # Ctrl-C, SIGTERM or SIGHUP stopped the last run (its games so far kept)
    instead: dict[str, Paired] = field(default_factory=dict)  # the card minus its peers in its place
    in_place: bool = True  # measure the peers in the card's place (False: the pairs alone, as before)
    decided: dict[str, Verdict] = field(default_factory=dict)  # each card's first decided verdict

    @classmethod
    def of(cls, cp: Any, names: Iterable[str], players: int, bots: str = "greedy", seed: int = 0) -> "Experiment":
        by = {c.name: c for c in cp.cards}
        cards = {n: Paired(n, by[n].age, by[n].color_name) for n in names if n in by}
        return cls(cp, players, bots, seed, cards)

    def verdict(self, name: str) -> Verdict:
        """The card's verdict: the first one decided (a sequential test stops there; the card's
        sequence goes on only while others are undecided, so it is not asked again), else now."""
        if name in self.decided:
            return self.decided[name]
        v = against_peers(self.cards[name], [self.cards[p] for p in self.peer_of.get(name, ())
                                             if p in self.cards], self.games,
                          self.instead.get(name) if self.in_place else None)
        if v.verdict in ("stronger", "weaker", "no difference"):
            self.decided[name] = v
        return v

    def run(self, budget: int, focus: Sequence[str] = (), on_game: Callable[["Experiment"], None] | None = None,
            at_least: int = 30, deadline: float | None = None, workers: int = 1) -> "Experiment":
        """Up to `budget` more games; stops early (after `at_least`) once every card of `focus`
        (default: all) is decided against its peers (stronger, weaker or no difference), or at
        `deadline` (time.monotonic()): the sequences are valid whenever the run stops. `workers`
        processes play the games ahead; they are taken in seed order, so the answer is the same
        for any number of workers. Ctrl-C (or a signal the command turns into it) stops it too,
        with the games folded so far, and sets `interrupted`; no worker is left."""
        focus = list(focus) or list(self.cards)
        from interpreter.sim.runner import game_seed
        seeds = [game_seed(self.seed, self.games + k) for k in range(budget)]
        games = played(self, seeds, workers)
        self.interrupted = False
        try:
            self._fold(games, focus, on_game, at_least, deadline)
        except KeyboardInterrupt:
            self.interrupted = True
        finally:
            try:
                games.close()  # the workers still playing ahead are ended now
            except KeyboardInterrupt:  # a second signal while they are ended
                self.interrupted = True
        return self

    def _fold(self, games: Iterator[tuple[int, Branched, dict[str, Any] | None]], focus: Sequence[str],
              on_game: Callable[["Experiment"], None] | None, at_least: int, deadline: float | None) -> None:
        for _seed, got, a in games:
            for name, d_win, d_points, taken in got.rows:
                self.cards[name].add(d_win, d_points, taken)
            mine: dict[str, list[tuple[float, int]]] = {}
            for name, _peer, _at_card, d_win, d_points in got.instead:
                mine.setdefault(name, []).append((d_win, d_points))
            for name, diffs in mine.items():  # the game's observation: the mean of its comparisons
                c = self.cards[name]
                self.instead.setdefault(name, Paired(name, c.age, c.color)).add(
                    sum(w for w, _p in diffs) / len(diffs), sum(p for _w, p in diffs) / len(diffs))
            if a is not None:
                self._intent_to_treat(got, a, focus)
            self.games += 1
            for name in self.peer_of:  # each card's verdict is taken when first decided
                if name in self.cards:
                    self.verdict(name)
            if on_game:
                on_game(self)
            if deadline is not None and time.monotonic() >= deadline:
                break
            if self.games >= at_least and all(self.verdict(n).verdict != "undecided"
                                               for n in focus if n in self.cards):
                break

    def one(self, seed: int) -> tuple[int, Branched, dict[str, Any] | None]:
        """One seed's games: the branched game of B and, for intent to treat, A's game."""
        got = branch_game(self.cp, seed, self.players, self.bots, set(self.cards),
                          peer_of=self.peer_of if self.in_place else None)
        a = (Game(self.baseline, make_bots(self.bots, self.players), seed=seed, sides="random").play()
             if self.baseline is not None else None)
        return seed, got, a

    def _intent_to_treat(self, got: Branched, a: dict[str, Any], focus: Sequence[str]) -> None:
        """The seat first dealt each card in B against the same seat of A on the same seed (the
        deal has its own stream, so the seat and its wonder are the same in both): nobody needs
        to pass the card for this to measure it."""
        for name in focus:
            seat = got.dealt.get(name)
            if seat is None:
                continue
            row = self.itt.setdefault(name, Paired(name, self.cards[name].age, self.cards[name].color))
            row.add(_won(got.scores, seat) - _won(a, seat),
                    got.scores["players"][seat]["total"] - a["players"][seat]["total"])


def sentence(p: Paired, v: Verdict, peer_rows: Sequence[Paired], games: int, bots: str) -> str:
    """The designer's answer for one card, in one sentence."""
    where = f"Age {p.age} {p.color} card"
    measured = [q for q in peer_rows if q.n]
    peers_text = ""
    if measured:
        lo, hi = min(q.mean_points for q in measured), max(q.mean_points for q in measured)
        peers_text = f"; its peers, the base {where}s, {lo:+.1f} to {hi:+.1f}"
    tail = f" ({p.n} of {games} branched games could build it{peers_text}; {bots} bots)."
    if v.verdict == "rarely buildable":
        return (f"{p.name}: rarely buildable where dealt: its holder could build it in {p.n} of "
                f"{games} branched games{peers_text}; {bots} bots.")
    if v.verdict == "no difference":
        bound = max(abs(v.low), abs(v.high))
        return (f"{p.name}: no difference found from its peers, at most ±{bound:.1f} points of score "
                f"({v.delta:+.1f}, interval {v.low:+.1f} to {v.high:+.1f}; within ±{MARGIN:g}){tail}")
    if v.verdict == "undecided" and p.n >= MIN_N and v.low <= 0 <= v.high and math.isfinite(v.high - v.low):
        bound = max(abs(v.low), abs(v.high))  # what the games so far rule out, though not yet the margin
        return (f"{p.name}: no difference found from its peers so far, at most ±{bound:.1f} points of "
                f"score ({v.delta:+.1f}, interval {v.low:+.1f} to {v.high:+.1f}; not yet within "
                f"±{MARGIN:g}, where it would be decided: more games would){tail}")
    if v.verdict == "undecided":
        return (f"{p.name}: not decided yet: {v.delta:+.1f} points of score against its peers "
                f"(interval {v.low:+.1f} to {v.high:+.1f}){tail}")
    top = max((q.mean_points for q in measured), default=-math.inf)
    bottom = min((q.mean_points for q in measured), default=math.inf)
    if v.verdict == "stronger":
        lead = f"stronger than every base {where}" if p.mean_points > top else "stronger than its peers"
    else:
        lead = f"weaker than every base {where}" if p.mean_points < bottom else "weaker than its peers"
    return (f"{p.name}: {lead}: building it is worth {p.mean_points:+.1f} points of score "
            f"({100 * p.mean_win:+.0f} points of win rate) against the player's best alternative, "
            f"{v.delta:+.1f} against its peers{' built in its place' if v.basis == 'in its place' else ''} "
            f"(always-valid 95% interval {v.low:+.1f} to {v.high:+.1f})"
            f"{tail}")


def findings(p: Paired, itt: Paired | None, baseline: str = "A") -> str:
    """What the bots did with the card where they could build it, and the intent-to-treat
    figure: neither needs anybody to pass the card."""
    out = []
    if p.n:
        share = p.taken / p.n
        if p.taken == p.n:
            out.append(f"Always taken when affordable: its holder built it at the first chance in all {p.n} games.")
        elif p.taken == 0:
            out.append(f"Never taken at the first chance to build it (0 of {p.n} games).")
        else:
            out.append(f"Its holder built it at the first chance in {100 * share:.0f}% of {p.n} games.")
    if itt is not None and itt.n >= 2:
        lo, hi = itt.win_interval()
        out.append(f"Intent to treat: the player first dealt it won {100 * itt.mean_win:+.1f} points of win "
                   f"rate against the same seat in {baseline} on the same seeds (always-valid 95% interval "
                   f"{100 * max(lo, -1):+.0f} to {100 * min(hi, 1):+.0f}; {itt.mean_points:+.1f} points of "
                   f"score; {itt.n} games).")
    return " ".join(out)


_JOB: list["Experiment"] = []  # the experiment a forked worker plays seeds of (set before the fork)


def _play_seed(seed: int) -> tuple[int, Branched, dict[str, Any] | None]:
    return _JOB[0].one(seed)


def played(e: "Experiment", seeds: Sequence[int], workers: int
           ) -> Generator[tuple[int, Branched, dict[str, Any] | None], None, None]:
    """Each seed's games, in seed order; several processes (forked: the compiled packs are not
    sent) play ahead, and those still playing when the caller stops are ended."""
    workers = min(workers or os.cpu_count() or 1, len(seeds))
    if workers <= 1 or "fork" not in mp.get_all_start_methods():
        yield from (e.one(seed) for seed in seeds)
        return
    from interpreter.sim.runner import forked
    _JOB[:] = [e]
    try:
        yield from forked(_play_seed, seeds, workers)
    finally:
        _JOB.clear()

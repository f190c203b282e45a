"""The native core's figures (issue 15), beside the Python engine's, and the long differential run.

    python benchmarks/native.py                  # the figures (a few minutes)
    python benchmarks/native.py --diff 1000      # 1,000 seeds on both cores, compared move by move
    python benchmarks/native.py --old /work/wt/oldcore --rounds 7   # this build against another

`--old PATH` times this checkout's built core against the one built in the checkout at PATH
(`git worktree add PATH COMMIT`, then `python setup.py build_ext --inplace` there), in one run:
each build in its own worker process (benchmarks/core_worker.py), the rounds interleaved (new,
old, then old, new, ...) so that the machine's load falls on both alike; it prints, for the
greedy playout and random games, each build's best round and the ratio new / old of the time
per unit (below 1: the new core is faster), with the spread of the per-round ratios. Run it
against the same commit first: that ratio's distance from 1 is the noise.

CPU time of this process (one core). Targets: a greedy playout from Age II in <= 50 us at 4
players and <= 90 us at 7; random games >= 30,000/s at 3 players and >= 15,000/s at 7.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

from dsl.loader import load_pack
from interpreter import native
from interpreter.players.roster import make_bots
from interpreter.rules.compiled import compile_pack
from interpreter.players.game import Game
from interpreter.rules.scoring import city_scores


def best_of(rounds: int, work: Callable[[], int]) -> float:
    """Seconds per unit of work, best round (the machine's noise only slows a round down)."""
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        units = work()
        best = min(best, (time.process_time() - start) / units)
    return best


def random_games(cp: Any, n: int, games: int, rounds: int) -> tuple[float, float]:
    """(native games/s, Python games/s), random bots, random sides."""
    nat = best_of(rounds, lambda: len(native.run_games(cp, range(games), n, "random", "random")))
    py_games = max(20, games // 200)

    def python() -> int:
        for seed in range(py_games):
            Game(cp, make_bots("random", n), seed=seed, sides="random").play()
        return py_games
    return 1 / nat, 1 / best_of(rounds, python)


def greedy_from_age_two(cp: Any, n: int, playouts: int, rounds: int) -> tuple[float, float]:
    """(native us, Python us) per greedy playout of Ages II and III and the scoring."""
    start = native.start(cp, 1, n, "greedy", "random")
    start.play_until(2)
    nat = best_of(rounds, lambda: len(native.playouts(start, range(playouts), "greedy")))
    py_games = max(10, playouts // 500)
    # the Python playout is timed inside its loop (Age I is not part of it)
    py = float("inf")
    for _ in range(rounds):
        total = 0.0
        for seed in range(py_games):
            g = Game(cp, make_bots("greedy", n), seed=seed, sides="random")
            g.play_age(1)
            t = time.process_time()
            g.play_age(2)
            g.play_age(3)
            g.table.age = g.rules.ages
            city_scores(g.cities, g.table, g.rules)
            total += time.process_time() - t
        py = min(py, total / py_games)
    return nat * 1e6, py * 1e6


def clone_and_call(cp: Any, n: int, calls: int, rounds: int) -> tuple[float, float]:
    """(us per clone() from Python, us per playouts() call that has nothing to play)."""
    g = native.start(cp, 1, n, "random", "random")
    g.play_until(2)

    def clones() -> int:
        for _ in range(calls):
            g.clone()
        return calls
    over = native.start(cp, 1, n, "random", "random")
    over.play()
    streams = [[1] * n]
    pols = [0] * n

    def empty_calls() -> int:
        for _ in range(calls):
            over.playouts(streams, pols)
        return calls
    return best_of(rounds, clones) * 1e6, best_of(rounds, empty_calls) * 1e6


def figures(rounds: int) -> None:
    cp = compile_pack(load_pack("base"))
    print("| figure | native | Python | native / Python | target |")
    print("|---|---|---|---|---|")
    for n, target in ((4, 50), (7, 90)):
        nat, py = greedy_from_age_two(cp, n, 2000, rounds)
        print(f"| greedy playout from Age II, {n} players | {nat:.1f} us | {py:.0f} us | "
              f"{py / nat:.0f}x faster | <= {target} us |")
    for n, target in ((3, 30_000), (7, 15_000)):
        nat, py = random_games(cp, n, 5000, rounds)
        print(f"| random games, {n} players | {nat:,.0f} /s | {py:,.0f} /s | {nat / py:.0f}x | "
              f">= {target:,} /s |")
    for n in (4, 7):
        clone, call = clone_and_call(cp, n, 20000, rounds)
        print(f"| clone() from Python, {n} players | {clone:.2f} us | | | |")
        print(f"| one playouts() call's overhead, {n} players | {call:.2f} us | | | |")


DIFF_PACKS = ("base", "second-edition", "leaders", "cities", "examples/leaders-cities")


def differential(seeds: int) -> int:
    """Both cores on `seeds` seeds per shipped pack (and Leaders with Cities), every player
    count, random, greedy and mixed bots, all sides; prints the first differences. Returns the
    number of games differing."""
    from interpreter.sim.differential import first_difference
    bad = games = 0
    start = time.perf_counter()
    for name in DIFF_PACKS:
        cp = compile_pack(load_pack(name))
        high = min(cp.rules.max_players, len(cp.wonders))
        # player counts with a seat no player owns (2: the Free City) play on Python only
        low = min(n for n in range(cp.rules.min_players, high + 1) if not cp.rules.seats_at(n))
        for seed in range(seeds):
            n = low + seed % (high - low + 1)
            bots = ("random", "greedy", "random,greedy")[seed // 5 % 3]
            diff = first_difference(cp, seed, n, bots, ("A", "B", "random")[seed // 15 % 3])
            games += 1
            if diff:
                bad += 1
                if bad <= 3:
                    print(diff)
    print(f"{games} games compared ({seeds} seeds x {len(DIFF_PACKS)} packs), {bad} differing, "
          f"{time.perf_counter() - start:.0f} s")
    return bad


class Worker:
    """One checkout's core in a process of its own (benchmarks/core_worker.py)."""

    def __init__(self, root: Path):
        self.proc = subprocess.Popen([sys.executable, str(Path(__file__).with_name("core_worker.py")), str(root)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.core = self.proc.stdout.readline().strip()
        if not self.core or self.core.startswith("ERROR"):
            raise SystemExit(self.core or f"the worker for {root} ended")

    def time(self, kind: str, n: int, units: int) -> float:
        self.proc.stdin.write(f"{kind} {n} {units}\n")
        self.proc.stdin.flush()
        return float(self.proc.stdout.readline())

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


# what --old times: (name, worker kind, players, units per round, how a time is printed)
VERSUS = (("greedy playout from Age II, 4 players", "greedy", 4, 4000, lambda s: f"{s * 1e6:.1f} us"),
          ("greedy playout from Age II, 7 players", "greedy", 7, 2000, lambda s: f"{s * 1e6:.1f} us"),
          ("random games, 3 players", "random", 3, 10000, lambda s: f"{1 / s:,.0f} /s"),
          ("random games, 7 players", "random", 7, 4000, lambda s: f"{1 / s:,.0f} /s"))


def summary(new: list[float], old: list[float]) -> tuple[float, float, float, float]:
    """(best new / best old, then the median, least and greatest of the ratios round by round):
    times per unit, one pair of rounds run back to back each."""
    ratios = [a / b for a, b in zip(new, old)]
    return min(new) / min(old), statistics.median(ratios), min(ratios), max(ratios)


def versus(old: Path, rounds: int) -> None:
    """This checkout's core against the one at `old`, interleaved rounds in one run."""
    new = Worker(Path(__file__).resolve().parents[1])
    was = Worker(old)
    print(f"new: {new.core}\nold: {was.core}\n")
    print("| figure | new (best) | old (best) | new / old time (best) | per-round ratios: median [min, max] |")
    print("|---|---|---|---|---|")
    for name, kind, n, units, show in VERSUS:
        times: dict[str, list[float]] = {"new": [], "old": []}
        new.time(kind, n, units // 10)  # a warm-up round each, not counted
        was.time(kind, n, units // 10)
        for r in range(rounds):
            order = (("new", new), ("old", was)) if r % 2 == 0 else (("old", was), ("new", new))
            for label, w in order:
                times[label].append(w.time(kind, n, units))
        best, median, low, high = summary(times["new"], times["old"])
        print(f"| {name} | {show(min(times['new']))} | {show(min(times['old']))} | {best:.3f} | "
              f"{median:.3f} [{low:.3f}, {high:.3f}] |", flush=True)
    new.close()
    was.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--diff", type=int, metavar="SEEDS", help="run the differential check instead")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--old", type=Path, metavar="PATH",
                    help="time this build against the core built in the checkout at PATH (interleaved rounds)")
    args = ap.parse_args()
    if args.old:
        versus(args.old, args.rounds)
        return 0
    ok, why = native.status()
    if not ok:
        print(f"no native core: {why}")
        return 1
    if args.diff:
        return 1 if differential(args.diff) else 0
    figures(args.rounds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

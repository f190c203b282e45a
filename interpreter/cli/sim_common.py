"""What `simulate`, its sweeps and `compare` share: the options, checking them before any game
is played, running with a progress bar, and the meta block every output carries."""
from __future__ import annotations

import argparse
import re
import sys
import time
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ..sim.aggregate import Aggregate
from ..sim.labels import bot_labels, bot_warnings
from ..sim.runner import SimConfig, bundle_pack, simulate
from .core_opt import add_core_arg, core_line, pick_core
from .common import allow_plugins, check_writable

MAX_GAMES = 10_000_000
MAX_WORKERS = 256
SIDES = ("A", "B", "random")


def add_sim_args(p: argparse.ArgumentParser, minutes: float | None = None, players: str | None = None) -> None:
    """The options simulate and compare share; `minutes`: the time a run without --games gets
    (None: --games or --minutes is required); `players`: its default (None: required)."""
    p.add_argument("--games", type=int, default=None,
                   help="number of games of each pack (in a sweep: per player count and side); without it, "
                        + (f"as many as fit in --minutes (default: {minutes:g})" if minutes
                           else "give --minutes: as many as fit"))
    p.add_argument("--minutes", type=float, metavar="M",
                   help="the time the run may take: --bots auto chooses its search budget (and, without "
                        "--games, the number of games) to fit, from a game or two it times first"
                        + ("; the experiment stops then too" if minutes else ""))
    p.add_argument("--players", required=players is None, default=players, metavar="N|RANGE|LIST",
                   help="players per game: a count (4), or a sweep over a range or list (3-7, 3,5,7)"
                        + (f" (default: {players})" if players else ""))
    p.add_argument("--bots", default="auto",
                   help="comma-separated bots per seat, the last filling the table: random, greedy, search:N "
                        "(N playouts a decision) or auto (the default: search bots at the budget whose win rates "
                        "are stable, or what --minutes allows; docs/simulation.md)")
    p.add_argument("--sides", default=None, metavar="A|B|random[,...]",
                   help="wonder sides: A, B or random (the default), or a list such as A,B that runs each in "
                        "turn (a sweep's default: A,B)")
    p.add_argument("--seed", type=int, default=0, help="master seed; game k's seed derives from it and k")
    p.add_argument("--workers", type=int, default=0, help="processes (default: every core)")
    p.add_argument("--backend", default="local", choices=["local", "ray"], help="where games run")
    p.add_argument("--ray-address", help="an existing Ray cluster (default: start a local Ray)")
    p.add_argument("--report", metavar="OUT.html", help="write a self-contained HTML report")
    p.add_argument("--json", action="store_true", help="print all statistics as JSON (no progress bar)")
    add_core_arg(p)


def parse_players(text: str, lo: int, hi: int, pack: str) -> tuple[list[int], bool]:
    """('3-5,7' -> [3, 4, 5, 7], True): the counts, and whether it asks for a sweep (a range
    or a list); ValueError with a "did you mean" on anything else."""
    raw = str(text).strip()
    numbers = [int(x) for x in re.findall(r"\d+", raw)]
    if not re.fullmatch(r"\d+(-\d+)?(,\d+(-\d+)?)*", raw.replace(" ", "")):
        guess = f"{numbers[0]}-{numbers[-1]}" if len(numbers) > 1 else str(numbers[0]) if numbers else f"{lo}-{hi}"
        raise ValueError(f"--players '{raw}': give a count (4), a range (3-7) or a list (3,5,7); "
                         f"did you mean '{guess}'?")
    counts: list[int] = []
    for part in raw.replace(" ", "").split(","):
        first, _, last = part.partition("-")
        a, b = int(first), int(last or first)
        if a > b:
            raise ValueError(f"--players {raw}: the range {a}-{b} runs backwards; did you mean {b}-{a}?")
        counts.extend(range(a, b + 1))
    counts = sorted(set(counts))
    if counts[0] < lo or counts[-1] > hi:
        inside = [n for n in counts if lo <= n <= hi]
        guess = f"{inside[0]}-{inside[-1]}" if len(inside) > 1 else f"{lo}-{hi}"
        raise ValueError(f"--players {raw}: pack '{pack}' plays {lo}-{hi} players; did you mean {guess}?")
    return counts, bool(re.search(r"[-,]", raw))


def parse_sides(text: str | None, sweep: bool) -> list[str]:
    """The sides of each run: one entry, or one run per entry of a list."""
    if text is None:
        return ["A", "B"] if sweep else ["random"]
    sides = [s.strip() for s in text.split(",") if s.strip()]
    folded = {s.casefold(): s for s in SIDES}
    bad = [s for s in sides if s.casefold() not in folded]
    if bad or not sides:
        import difflib
        close = difflib.get_close_matches(bad[0].casefold() if bad else "", list(folded), n=1, cutoff=0.3)
        hint = f"; did you mean '{folded[close[0]]}'?" if close else ""
        raise ValueError(f"--sides '{text}': sides are A, B or random (or a list such as A,B){hint}")
    return list(dict.fromkeys(folded[s.casefold()] for s in sides))


@dataclass
class Prepared:
    """One run, checked: its configuration, the pack, its compiled form and the warnings."""

    cfg: SimConfig
    pack: Any
    cp: Any
    warnings: list[str]
    label: str  # the pack's name, and what was taken out of it
    core_line: str = ""  # which engine plays, and why (said with the warnings)
    choice: str = ""  # why --bots auto chose these bots

    def meta(self, agg: Aggregate, stopped: bool) -> dict[str, Any]:
        cfg = self.cfg
        return {"pack": self.label, "games": agg.games, "requested": cfg.games, "players": cfg.players,
                "bots": cfg.bots, "bot_labels": bot_labels(cfg.bots, cfg.players), "warnings": self.warnings,
                "sides": cfg.sides, "seed": cfg.seed, "backend": cfg.backend, "interrupted": stopped,
                "core": cfg.core, "bots_choice": self.choice}


def check_run_args(args: argparse.Namespace) -> None:
    """The checks that need no pack, before anything is loaded or played."""
    check_writable(args.report, "--report")
    if args.games is None:
        raise ValueError("give --games N (how many games) or --minutes M (as many as fit in M minutes)")
    if not 1 <= args.games <= MAX_GAMES:
        raise ValueError(f"--games must be 1..{MAX_GAMES}, not {args.games}")
    if not 0 <= args.workers <= MAX_WORKERS:
        raise ValueError(f"--workers must be 0..{MAX_WORKERS} (0 = every core), not {args.workers}")


def resolve_bots(args: argparse.Namespace, packs: list[Any], players: int, runs: int = 1, share: float = 1.0
                 ) -> None:
    """`--bots auto` made concrete once for every run of a command, so all play the same bots:
    args.bots and args.games are set, and args.bots_why says why. runs: how many runs share
    --minutes; share: the part of it they get (compare keeps the rest for its experiment)."""
    from interpreter.rules.compiled import compile_pack
    from ..sim.auto_bots import choose, games_that_fit, is_auto, search_dealt_in_python
    from .core_opt import why_not_native
    args.bots_why = ""
    minutes = getattr(args, "minutes", None)
    args.run_seconds = 60 * minutes * share / runs if minutes else None
    if minutes is not None and not 0 < minutes <= 10_000:
        raise ValueError(f"--minutes must be more than 0 (and at most 10000), not {minutes:g}")
    if not is_auto(args.bots):
        if args.games is None and minutes is not None:  # as many games of these bots as fit
            from interpreter.players.roster import make_bots
            make_bots(args.bots, players)  # a bad spec is refused before any game is timed
            args.games = games_that_fit(compile_pack(packs[-1]), players, args.bots,
                                        minutes * share / runs, args.workers)
            args.bots_why = f"{args.games:,} games of {args.bots} fit in the time given"
        return
    if args.games is None and minutes is None:
        raise ValueError("give --games N (how many games) or --minutes M (as many as fit in M minutes)")
    compiled = [compile_pack(p) for p in packs]
    why = next((w for w in (why_not_native(cp, "greedy", players) for cp in compiled) if w), "")
    if not why and compiled[-1].rules.seats_at(players):  # (players/native_worlds.py declines it)
        why = "the search's playouts at a table with a seat no player owns run in Python"
    if not why and minutes is None:  # (with --minutes, search games are timed as they are)
        why = next((w for w in (search_dealt_in_python(cp, players) for cp in compiled) if w), "")
    choice = choose(compiled[-1], players, "random", args.games, minutes * share / runs if minutes else None,
                    args.workers, why)
    args.bots, args.bots_why = choice.bots, choice.why
    if choice.games is not None:
        args.games = choice.games


def say_warnings(preps: list[Prepared]) -> None:
    """The runs' warnings about the bots, each once, on stderr before any game is played."""
    for warning in dict.fromkeys(w for p in preps for w in p.warnings):
        print(f"warning: {warning}", file=sys.stderr)
    for line in dict.fromkeys(p.choice for p in preps if p.choice):
        print(f"bots: {line}", file=sys.stderr)
    for line in dict.fromkeys(p.core_line for p in preps if p.core_line):
        print(line, file=sys.stderr)


def prepare(args: argparse.Namespace, pack: Any, players: int, sides: str, without: tuple[str, ...] = (),
            blank: bool = False) -> Prepared:
    """Check one run before any game is played (ValueError on bad input); its warnings about
    the bots are for say_warnings."""
    from interpreter.players.roster import make_bots
    from interpreter.rules.compiled import compile_pack
    from ..sim.variants import check_names, deal_problem, without_cards
    check_run_args(args)
    if not pack.rules.min_players <= players <= pack.rules.max_players:
        raise ValueError(f"pack '{pack.name}' plays {pack.rules.min_players}-{pack.rules.max_players} players")
    make_bots(args.bots, players)
    cp = compile_pack(pack)
    label = pack.name
    if without:
        without = check_names(cp, without)
        problem = deal_problem(without_cards(cp, without, blank), players)
        if problem:
            raise ValueError(f"--without {', '.join(without)}: without it {problem}; add --blank to replace "
                             "it by a card that costs and does nothing, so the decks keep their size")
        label = f"{pack.name} without {', '.join(without)}" + (" (blank)" if blank else "")
    warnings = bot_warnings(cp, args.bots, players)
    core, why = pick_core(getattr(args, "core", "python"), cp, args.bots, players,
                          needs_log="cards taken out (--without) are played by the Python engine"
                          if without else "")
    bundle = bundle_pack(pack) if args.backend == "ray" and args.ray_address else ()
    cfg = SimConfig(pack=pack.path, games=args.games, players=players, bots=args.bots, sides=sides,
                    seed=args.seed, workers=args.workers, backend=args.backend, ray_address=args.ray_address,
                    bundle=bundle, allow_plugins=allow_plugins(), without=without, blank=blank, core=core)
    return Prepared(cfg, pack, cp, warnings, label, core_line(core, why), getattr(args, "bots_why", ""))


def run_with_progress(cfg: SimConfig, label: str, quiet: bool,
                      deadline: float | None = None) -> tuple[Aggregate, bool, float]:
    """Play the run with a progress bar (none when quiet); it stops at `deadline` (monotonic
    clock) with the games finished by then, and says so."""
    start = time.perf_counter()
    console = Console(stderr=True)
    if quiet:
        agg, stopped = simulate(cfg, deadline=deadline)
        _say_deadline(cfg, agg, stopped)
        return agg, stopped, time.perf_counter() - start
    with Progress(TextColumn(f"[bold]{label}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.fields[rate]} games/s"), TimeRemainingColumn(),
                  TextColumn("ahead: {task.fields[ahead]}"), console=console, transient=False) as bar:
        task = bar.add_task(label, total=cfg.games, rate="-", ahead="-")

        def progress(agg: Aggregate) -> None:
            dt = time.perf_counter() - start
            bar.update(task, completed=agg.games + agg.errors, rate=f"{(agg.games + agg.errors) / dt:.0f}",
                       ahead=agg.front_runner())
        agg, stopped = simulate(cfg, progress, deadline)
    _say_deadline(cfg, agg, stopped)
    return agg, stopped, time.perf_counter() - start


def deadline_of(args: argparse.Namespace) -> float | None:
    """When a run that starts now must stop: the share of --minutes resolve_bots gave it."""
    seconds = getattr(args, "run_seconds", None)
    return time.monotonic() + seconds if seconds else None


def _say_deadline(cfg: SimConfig, agg: Aggregate, stopped: bool) -> None:
    done = agg.games + agg.errors
    if not stopped and done < cfg.games:
        print(f"stopped at the time limit (--minutes): {done:,} of {cfg.games:,} games played; the "
              "figures are those of the games played", file=sys.stderr)

"""`wonders simulate`: many seeded games on every core (or Ray), as statistics and a report."""
from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ..sim.aggregate import Aggregate
from ..sim.runner import RayMissing, SimConfig, bundle_pack, sigint_ignored, simulate
from .common import allow_plugins, check_writable, fail, load_or_report, print_json, write_output
from .core_opt import add_core_arg, pick_core, say_core

MAX_GAMES = 10_000_000
MAX_WORKERS = 256


def add_sim_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=int, required=True, help="number of games")
    p.add_argument("--players", type=int, required=True, help="players per game")
    p.add_argument("--bots", default="greedy",
                   help="comma-separated bots per seat, the last filling the table (default: greedy; random is twice as fast but "
                        "says little about balance)")
    p.add_argument("--sides", default="random", choices=["A", "B", "random"], help="wonder sides")
    p.add_argument("--seed", type=int, default=0, help="master seed; game k's seed derives from it and k")
    p.add_argument("--workers", type=int, default=0, help="processes (default: every core)")
    p.add_argument("--backend", default="local", choices=["local", "ray"], help="where games run")
    p.add_argument("--ray-address", help="an existing Ray cluster (default: start a local Ray)")
    p.add_argument("--report", metavar="OUT.html", help="write a self-contained HTML report")
    p.add_argument("--json", action="store_true", help="print all statistics as JSON (no progress bar)")
    add_core_arg(p)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play many games and report balance statistics",
                       description="Play many seeded games and report win rates, score breakdowns and "
                                   "card statistics with 95% confidence intervals.")
    p.add_argument("--pack", default="base", help="pack folder or shipped name (default: base)")
    p.add_argument("--baseline", metavar="PACK", help="also run this pack on the same seeds and compare")
    add_sim_args(p)
    p.set_defaults(func=run)


def config(args: argparse.Namespace, pack_ref: str) -> tuple[SimConfig, str]:
    """The run's configuration and the pack's name; the pack is loaded (and reported) once."""
    check_writable(args.report, "--report")  # before any game is played
    if not 1 <= args.games <= MAX_GAMES:
        raise ValueError(f"--games must be 1..{MAX_GAMES}, not {args.games}")
    if not 0 <= args.workers <= MAX_WORKERS:
        raise ValueError(f"--workers must be 0..{MAX_WORKERS} (0 = every core), not {args.workers}")
    pack = load_or_report(pack_ref)  # diagnostics now, before any worker starts
    if not pack.rules.min_players <= args.players <= pack.rules.max_players:
        raise ValueError(f"pack '{pack.name}' plays {pack.rules.min_players}-{pack.rules.max_players} players")
    from ..bots import bot_warnings, make_bots
    make_bots(args.bots, args.players)
    from ..compiled import compile_pack
    cp = compile_pack(pack)
    for warning in bot_warnings(cp, args.bots):  # said before any game is played
        print(f"warning: {warning}", file=sys.stderr)
    core, why = pick_core(args.core, cp, args.bots, args.players)
    say_core(core, why)
    bundle = bundle_pack(pack) if args.backend == "ray" and args.ray_address else ()
    return SimConfig(pack=pack.path, games=args.games, players=args.players, bots=args.bots,
                     sides=args.sides, seed=args.seed, workers=args.workers, backend=args.backend,
                     ray_address=args.ray_address, bundle=bundle,
                     allow_plugins=allow_plugins(), core=core), pack.name


def run_with_progress(cfg: SimConfig, label: str, quiet: bool) -> tuple[Aggregate, bool, float]:
    start = time.perf_counter()
    console = Console(stderr=True)
    if quiet:
        agg, stopped = simulate(cfg)
        return agg, stopped, time.perf_counter() - start
    with Progress(TextColumn(f"[bold]{label}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.fields[rate]} games/s"), TimeRemainingColumn(),
                  TextColumn("ahead: {task.fields[ahead]}"), console=console, transient=False) as bar:
        task = bar.add_task(label, total=cfg.games, rate="-", ahead="-")

        def progress(agg: Aggregate) -> None:
            dt = time.perf_counter() - start
            bar.update(task, completed=agg.games + agg.errors, rate=f"{(agg.games + agg.errors) / dt:.0f}",
                       ahead=agg.front_runner())
        agg, stopped = simulate(cfg, progress)
    return agg, stopped, time.perf_counter() - start


def meta_of(cfg: SimConfig, pack_name: str, seconds: float, stopped: bool, agg: Aggregate) -> dict[str, Any]:
    return {"pack": pack_name, "games": agg.games, "requested": cfg.games, "players": cfg.players,
            "bots": cfg.bots, "sides": cfg.sides, "seed": cfg.seed, "backend": cfg.backend,
            "seconds": round(seconds, 2), "interrupted": stopped, "core": cfg.core}


def summary(console: Console, stats: dict[str, Any], meta: dict[str, Any]) -> None:
    from rich.table import Table
    console.print(f"[bold]{meta['pack']}[/]: {stats['games']} games, {meta['players']} players, "
                  f"{meta['bots']} bots, sides {meta['sides']}, {meta['seconds']} s, {meta['core']} core"
                  + (" [red](interrupted)[/]" if meta["interrupted"] else ""))
    t = Table(title="Win rate per wonder side (95% Wilson CI)")
    for col in ("wonder", "win rate", "95% CI", "mean points"):
        t.add_column(col, justify="right" if col != "wonder" else "left")
    for w, r in sorted(stats["win_rate"]["by_wonder"].items(), key=lambda kv: -kv[1]["rate"]):
        t.add_row(w, f"{100 * r['rate']:.1f}%", f"{100 * r['ci95'][0]:.1f}-{100 * r['ci95'][1]:.1f}%",
                  f"{stats['scores_by_wonder'][w]['total']['mean']:.1f}")
    console.print(t)
    bots = ", ".join(f"{b} {100 * r['rate']:.1f}%" for b, r in stats["win_rate"]["by_bot"].items())
    console.print(f"win rate per bot: {bots}")
    if stats["errors"]:
        console.print(f"[red]{stats['errors']} game(s) failed[/]: {stats['error_samples'][0]}")


def run(args: argparse.Namespace) -> int:
    if args.baseline:
        from .compare_cmd import run_compare
        return run_compare(args, [args.baseline, args.pack])
    try:
        cfg, pack_name = config(args, args.pack)
    except ValueError as err:
        return fail(str(err))
    try:
        agg, stopped, seconds = run_with_progress(cfg, "simulating", args.json)
    except RayMissing as err:
        return fail(str(err))
    with sigint_ignored():  # the results of the finished games are shown and written, whatever
        return finish(args, cfg, pack_name, agg, stopped, seconds)


def finish(args: argparse.Namespace, cfg: SimConfig, pack_name: str, agg: Aggregate, stopped: bool,
           seconds: float) -> int:
    """Print the statistics and write the report (marked when interrupted); the exit status:
    130 when interrupted, 1 when games failed or the report could not be written, else 0."""
    stats = agg.as_json()
    meta = meta_of(cfg, pack_name, seconds, stopped, agg)
    if args.json:
        print_json({"meta": meta, **stats})
    else:
        summary(Console(), stats, meta)
    written = True
    if args.report:
        from ..sim.report_html import render
        title = f"Balance report: {pack_name}" + (" (interrupted)" if stopped else "")
        written = write_output(args.report, render(stats, title, meta), "the report", "--report")
        if written and not args.json:
            print(f"report written to {args.report}")
    if stopped:
        print(f"interrupted: {agg.games} of {cfg.games} games finished", file=sys.stderr)
        return 130
    if agg.errors:
        print(f"error: {agg.errors} of {cfg.games} game(s) failed", file=sys.stderr)
        return 1
    return 0 if written else 1

"""`wonders simulate`: many seeded games on every core (or Ray), as statistics and a report;
`--players 3-7` sweeps player counts (and sides)."""
from __future__ import annotations

import argparse
import sys

from ..sim.runner import RayMissing, sigint_ignored
from .common import fail, load_or_report
from .compare_cmd import run_compare
from .sim_common import (add_sim_args, deadline_of, parse_players, parse_sides, prepare, resolve_bots,
                         run_with_progress, say_warnings)
from .sim_output import finish


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play many games and report balance statistics",
                       description="Play many seeded games and report win rates, score breakdowns and "
                                   "per-card verdicts with confidence intervals corrected for the "
                                   "number of rows tested.")
    p.add_argument("--pack", default="base", help="pack folder or shipped name (default: base)")
    p.add_argument("--baseline", metavar="PACK", help="also run this pack on the same seeds and compare")
    add_sim_args(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.baseline:
        return run_compare(args, [args.baseline, args.pack])
    pack = load_or_report(args.pack)  # diagnostics now, before any worker starts
    try:
        counts, sweep = parse_players(args.players, pack.rules.min_players, pack.rules.max_players, pack.name)
        sides = parse_sides(args.sides, sweep)
        resolve_bots(args, [pack], max(counts), runs=len(counts) * len(sides))
        if sweep or len(sides) > 1:
            from .sweep import run_sweep
            return run_sweep(args, pack, counts, sides)
        prep = prepare(args, pack, counts[0], sides[0])
        say_warnings([prep])
    except ValueError as err:
        return fail(str(err))
    try:
        agg, stopped, seconds = run_with_progress(prep.cfg, "simulating", args.json, deadline_of(args))
    except RayMissing as err:
        return fail(str(err))
    if not args.json:
        print(f"{agg.games + agg.errors} games in {seconds:.1f} s", file=sys.stderr)
    with sigint_ignored():  # the results of the finished games are shown and written, whatever
        return finish(args, prep, agg, stopped)

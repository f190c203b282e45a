"""The end of a `simulate` run: its statistics printed (terminal or JSON), its report written,
and the exit status (shared with `compare`, which ends this way when interrupted)."""
from __future__ import annotations

import argparse
import sys
from typing import Any, Callable

from rich.console import Console

from ..sim.aggregate import Aggregate
from ..sim.variants import own_cards
from .common import print_json, write_output
from .sim_common import Prepared


def stats_of(prep: Prepared, agg: Aggregate, focus: tuple[str, ...] | None = None) -> dict[str, Any]:
    """The statistics, the designer's cards first (by default the pack's own cards), with the
    published human win rates per wonder beside the bots' where the pack ships them."""
    from ..sim.reference import against_humans
    stats = agg.as_json(own_cards(prep.pack) if focus is None else focus)
    human = against_humans(stats, prep.pack, prep.cfg.players) if agg.games else None
    if human:
        stats["human"] = human
    return stats


def output(args: argparse.Namespace, data: dict[str, Any], show: Callable[[], None],
           page: Callable[[], str]) -> bool:
    """The JSON (--json) or the terminal view, then the report (--report); False when the
    report could not be written (the statistics are printed anyway)."""
    if args.json:
        print_json(data)
    else:
        show()
    if not args.report:
        return True
    written = write_output(args.report, page(), "the report", "--report")
    if written and not args.json:
        print(f"report written to {args.report}")
    return written


def status(stopped: str, failed: str, written: bool) -> int:
    """The exit status, its reason on stderr: 130 interrupted, 1 games failed or the report not
    written, else 0 (`stopped`, `failed`: the messages, empty when it did not happen)."""
    if stopped:
        print(f"interrupted: {stopped}", file=sys.stderr)
        return 130
    if failed:
        print(f"error: {failed}", file=sys.stderr)
        return 1
    return 0 if written else 1


def finish(args: argparse.Namespace, prep: Prepared, agg: Aggregate, stopped: bool) -> int:
    """Print the statistics and write the report (marked when interrupted); the exit status:
    130 when interrupted, 1 when games failed or the report could not be written, else 0."""
    from ..sim.report_html import render
    from .sim_view import summary
    stats = stats_of(prep, agg)
    meta = prep.meta(agg, stopped)
    title = f"Balance report: {prep.label}" + (" (interrupted)" if stopped else "")
    written = output(args, {"meta": meta, **stats}, lambda: summary(Console(), stats, meta),
                     lambda: render(stats, title, meta))
    n = prep.cfg.games
    return status(f"{agg.games} of {n} games finished" if stopped else "",
                  f"{agg.errors} of {n} game(s) failed" if agg.errors else "", written)

"""`wonders simulate --players 3-7`: one run per player count and side choice (A, then B by
default), the same seeds in each, and one summary: a table in the terminal, one JSON entry per
player count, one report section (with its own anchor) per player count."""
from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..sim.aggregate import Aggregate
from ..sim.runner import RayMissing, sigint_ignored
from ..sim.variants import own_cards
from .common import fail
from .sim_common import Prepared, deadline_of, prepare, run_with_progress, say_warnings
from .sim_output import output, status


def run_sweep(args: argparse.Namespace, pack: Any, counts: list[int], sides: list[str]) -> int:
    try:
        plan = [[prepare(args, pack, n, side) for side in sides] for n in counts]
    except ValueError as err:
        return fail(str(err))
    say_warnings([p for row in plan for p in row])
    entries: list[dict[str, Any]] = []
    stopped, failed = False, 0
    for row in plan:
        runs: list[tuple[Prepared, Aggregate, bool]] = []
        for prep in row:
            label = f"{prep.cfg.players} players, sides {prep.cfg.sides}"
            try:
                agg, stopped, _ = run_with_progress(prep.cfg, label, args.json, deadline_of(args))
            except RayMissing as err:
                return fail(str(err))
            runs.append((prep, agg, stopped))
            failed += agg.errors
            if stopped:
                break
        entries.append(entry(runs, own_cards(pack)))
        if stopped:
            break
    with sigint_ignored():
        return _finish(args, pack, counts, sides, entries, bool(stopped), failed)


def entry(runs: list[tuple[Prepared, Aggregate, bool]], focus: tuple[str, ...]) -> dict[str, Any]:
    """One player count: each side choice's full statistics, and the wonder sides of all its
    runs together (win rates against the other players, Holm-corrected)."""
    merged = Aggregate()
    out_runs = {}
    for prep, agg, stopped in runs:
        merged.merge(agg)
        out_runs[prep.cfg.sides] = {"meta": prep.meta(agg, stopped), **agg.as_json(focus)}
    wonders = merged.wonder_verdicts()
    flagged = [{"sides": side, "card": r["card"], "age": r["age"], "diff": r["win_diff"]["diff"],
                "p_holm": r["win_diff"]["p_holm"]}
               for side, stats in out_runs.items() for r in stats["verdicts"]["cards"]
               if r["win_diff"] and r["win_diff"]["significant"]]
    return {"players": runs[0][0].cfg.players, "games": merged.games, "errors": merged.errors,
            "win_rate_by_wonder": wonders["wonders"], "wonder_correction": wonders["wonder_correction"],
            "significant_cards": flagged, "runs": out_runs}


def _finish(args: argparse.Namespace, pack: Any, counts: list[int], sides: list[str],
            entries: list[dict[str, Any]], stopped: bool, failed: int) -> int:
    first = next(iter(entries[0]["runs"].values()))["meta"] if entries and entries[0]["runs"] else {}
    meta = {"pack": pack.name, "players": counts, "sides": sides, "games": args.games, "bots": args.bots,
            "bot_labels": first.get("bot_labels", []), "warnings": first.get("warnings", []),
            "seed": args.seed, "backend": args.backend, "interrupted": stopped,
            "designer_cards": list(own_cards(pack))}
    from ..sim.report_sweep import render_sweep
    title = f"Balance sweep: {pack.name}" + (" (interrupted)" if stopped else "")
    written = output(args, {"meta": meta, "sweep": entries}, lambda: summary(Console(), meta, entries),
                     lambda: render_sweep(entries, title, meta))
    return status("the sweep stopped; its finished games are shown" if stopped else "",
                  f"{failed} game(s) failed" if failed else "", written)


def summary(console: Console, meta: dict[str, Any], entries: list[dict[str, Any]]) -> None:
    """One table: a row per wonder side, a column per player count (win rate; * significant)."""
    from .sim_view import bots_line, pct
    console.print(f"[bold]{escape(meta['pack'])}[/]: sweep over {', '.join(map(str, meta['players']))} "
                  f"players, sides {', '.join(meta['sides'])}, {meta['games']} games each, seed {meta['seed']}"
                  + (" [red](interrupted)[/]" if meta["interrupted"] else ""))
    console.print(bots_line(meta))
    for w in meta["warnings"]:
        console.print(f"[yellow]warning[/]: {escape(w)}")
    t = Table(title="Win rate per wonder side and player count (* differs from the other players, "
                    "Holm-corrected within each player count)")
    t.add_column("wonder")
    for e in entries:
        t.add_column(f"{e['players']}p (fair {pct(1 / e['players'])})", justify="right")
    wonders = sorted({w for e in entries for w in e["win_rate_by_wonder"]})
    for w in wonders:
        cells = []
        for e in entries:
            row = e["win_rate_by_wonder"].get(w)
            d = row["diff"] if row else None
            cells.append(f"{pct(row['win_rate']['rate'])}{' *' if d and d['significant'] else ''}" if row else "-")
        t.add_row(escape(w), *cells)
    t.add_row("games", *[str(e["games"]) for e in entries])
    t.add_row("failed", *[str(e["errors"]) for e in entries])
    console.print(t)
    for e in entries:
        flagged = ", ".join(f"{c['card']} ({c['sides']}, {100 * c['diff']:+.1f} pts)" for c in e["significant_cards"])
        console.print(f"{e['players']} players: significant cards: {escape(flagged) or 'none'}")

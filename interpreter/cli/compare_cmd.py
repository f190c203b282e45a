"""`wonders compare --pack A --pack B`: the same seeds on two packs, side by side; the
designer's new or changed cards first. `--pack P --without CARD`: P against P without it."""
from __future__ import annotations

import argparse
import sys
from dataclasses import replace
import time
from typing import Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..sim.aggregate import Aggregate, compare_with_notes
from ..sim.runner import RayMissing, sigint_ignored
from ..sim.variants import changed_cards
from .common import fail, load_or_report, print_json, write_output
from .compare_experiment import cap_of, check_recheck, print_experiment, run_experiment
from .sim_common import (Prepared, add_sim_args, deadline_of, parse_players, parse_sides, prepare, resolve_bots,
                         run_with_progress, say_warnings)
from .sim_output import finish, stats_of


DEFAULT_MINUTES = 10.0  # a compare given neither --games nor --minutes: its runs and experiment together


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("compare", help="did my variant change the balance? (same seeds, two packs)",
                       description="Simulate two packs on the same seeds and show the differences "
                                   "with their significance (B against A), corrected for the number "
                                   "of rows tested; or one pack against itself without a card.")
    p.add_argument("--pack", action="append", required=True, metavar="PACK",
                   help="give twice: --pack A --pack B (A is the baseline); once with --without")
    p.add_argument("--without", action="append", metavar="CARD",
                   help="compare the pack (A) with the same pack without this card (B); repeatable")
    p.add_argument("--blank", action="store_true",
                   help="with --without: replace the card by one of the same age, colour and player "
                        "counts that costs and does nothing, instead of removing it (the decks keep "
                        "their size)")
    p.add_argument("--experiment", type=int, default=None, metavar="GAMES",
                   help="at most this many branched games measure each of the designer's cards in B "
                        "against its peers (build it, or not, from the same position: docs/simulation.md); "
                        "it stops as soon as each card is decided; 0: no experiment (default: with --games alone, "
                        "as many games' worth as each pack's run; else 3000 within the time)")
    p.add_argument("--recheck", default="auto", metavar="BOTS",
                   help="check each verdict again at a second bot strength (at most as many branched games "
                        "as the first took): auto (default) greedy when the experiment's bots search, "
                        "search:16 when they are greedy; a bot spec; or none")
    p.add_argument("--associations", action="store_true",
                   help="also print the association tables (the win rates of the players who built each "
                        "card or passed it: a correlation, not a verdict)")
    add_sim_args(p, minutes=DEFAULT_MINUTES, players="4")
    p.set_defaults(func=lambda a: run_compare(a, a.pack))


def _plan(args: argparse.Namespace, packs: list[str]) -> tuple[list[Prepared], tuple[str, ...], tuple[str, ...]]:
    """The two runs, checked (ValueError), and the cards to show first: (for B, for A)."""
    without = tuple(getattr(args, "without", None) or ())
    blank = bool(getattr(args, "blank", False))
    if without and len(packs) != 1:
        raise ValueError("--without compares one pack with itself without the card: give --pack once")
    if blank and not without:
        raise ValueError("--blank goes with --without CARD")
    if without:
        packs = [packs[0], packs[0]]
    if len(packs) != 2:
        raise ValueError("compare needs exactly two packs: --pack A --pack B (or --pack A --without CARD)")
    loaded = [load_or_report(p) for p in packs]  # diagnostics now, before any worker starts
    for pack in loaded:
        counts, sweep = parse_players(args.players, pack.rules.min_players, pack.rules.max_players, pack.name)
        if sweep:
            raise ValueError(f"--players {args.players}: compare runs one player count; did you mean "
                             f"--players {counts[0]}? (sweeps are for simulate)")
    sides = parse_sides(args.sides, False)
    if len(sides) > 1:
        raise ValueError(f"--sides {args.sides}: compare runs one side choice; did you mean --sides {sides[0]}?")
    if getattr(args, "experiment", None) is not None and not 0 <= args.experiment <= 1_000_000:
        raise ValueError(f"--experiment must be 0..1000000 branched games, not {args.experiment}")
    if hasattr(args, "experiment"):
        check_recheck(args.recheck)
    args.games_given, args.minutes_given = args.games, args.minutes is not None
    experiment = hasattr(args, "experiment") and cap_of(args)[0] > 0 and not without
    args.started = time.monotonic()
    if args.games is None and args.minutes is None and hasattr(args, "experiment"):
        args.minutes = DEFAULT_MINUTES  # `simulate --baseline` asks for --games or --minutes
    resolve_bots(args, loaded, counts[0], runs=2, share=0.5 if experiment else 1.0)
    a = prepare(args, loaded[0], counts[0], sides[0])
    b = prepare(args, loaded[1], counts[0], sides[0], without, blank)
    say_warnings([a, b])
    if without:
        return [a, b], (), b.cfg.without
    new, gone = changed_cards(loaded[0], loaded[1])
    return [a, b], new, (*new, *gone)


def run_compare(args: argparse.Namespace, packs: list[str]) -> int:
    try:
        preps, focus_b, focus_a = _plan(args, packs)
    except ValueError as err:
        return fail(str(err))
    aggs: list[Aggregate] = []
    for label, prep in zip("AB", preps):
        if aggs and aggs[0].games + aggs[0].errors < prep.cfg.games:  # A stopped at its time: B plays as many
            prep.cfg = replace(prep.cfg, games=aggs[0].games + aggs[0].errors)
        try:
            agg, stopped, _seconds = run_with_progress(prep.cfg, f"pack {label}", args.json, deadline_of(args))
        except RayMissing as err:
            return fail(str(err))
        if stopped:  # the finished games of this pack: its statistics and report, marked interrupted
            with sigint_ignored():
                if aggs:
                    print(f"pack A ({preps[0].label}): all {aggs[0].games} games finished; "
                          f"interrupted during pack B ({prep.label})", file=sys.stderr)
                return finish(args, prep, agg, True)
        aggs.append(agg)
    diff, notes = compare_with_notes(aggs[0], aggs[1])
    experiment, stopped = (run_experiment(args, preps, focus_b, diff) if hasattr(args, "experiment")
                           else (None, False))
    with sigint_ignored():
        status = _show(args, preps, aggs, focus_a, focus_b, diff, notes, experiment)
        if stopped:
            print(f"interrupted: during the experiment, after {experiment['games']} branched games; "
                  "the verdicts are those decided so far", file=sys.stderr)
            return 130
        return status


def _meta(args: argparse.Namespace, preps: list[Prepared], aggs: list[Aggregate], notes: dict[str, Any],
          focus_a: tuple[str, ...], focus_b: tuple[str, ...]) -> dict[str, Any]:
    a, b = (p.meta(agg, False) for p, agg in zip(preps, aggs))
    return {"A": a["pack"], "B": b["pack"], "games": args.games, "played": [a["games"], b["games"]],
            "players": a["players"], "bots": args.bots, "bot_labels": a["bot_labels"],
            "bots_choice": a["bots_choice"], "warnings": list(dict.fromkeys(a["warnings"] + b["warnings"])),
            "sides": a["sides"], "seed": args.seed, "without": list(preps[1].cfg.without),
            "designer_cards": list(focus_b or focus_a), "corrections": notes}


def _show(args: argparse.Namespace, preps: list[Prepared], aggs: list[Aggregate], focus_a: tuple[str, ...],
          focus_b: tuple[str, ...], diff: dict[str, Any], notes: dict[str, Any],
          experiment: dict[str, Any] | None) -> int:
    """The outputs. The experiment's verdicts are the cards' verdicts (JSON `verdicts`, one
    entry a card); the built-or-passed figures are associations (`a.associations`,
    `b.associations`), with no verdict, printed only under --associations."""
    stats = [associations(stats_of(preps[0], aggs[0], focus_a)), associations(stats_of(preps[1], aggs[1], focus_b))]
    meta = _meta(args, preps, aggs, notes, focus_a, focus_b)
    meta["interrupted"] = bool(experiment and experiment["stopped_by"] == "interrupted")
    written = True
    if args.report:
        from ..sim.report_html import render_compare
        title = f"{meta['B']} against {meta['A']}" + (" (interrupted)" if meta["interrupted"] else "")
        page = render_compare(diff, title, meta, stats, experiment)
        written = write_output(args.report, page, "the report", "--report")
    failed = aggs[0].errors + aggs[1].errors
    if failed:
        print(f"error: {failed} game(s) failed", file=sys.stderr)
    status = 1 if failed or not written else 0
    if args.json:
        rest = {k: v for k, v in (experiment or {}).items() if k != "cards"}
        print_json({"meta": meta, "verdicts": (experiment or {}).get("cards", {}), "experiment": rest or None,
                    "a": stats[0], "b": stats[1], "diff": diff})
        return status
    if args.report and written:
        print(f"report written to {args.report}")
    # simulate --baseline has no experiment: its associations are all it has, so they are shown
    _print(Console(), diff, meta, stats, experiment, bool(getattr(args, "associations", not hasattr(args, "experiment"))))
    return status


def associations(stats: dict[str, Any]) -> dict[str, Any]:
    """compare's statistics with the built-or-passed figures under `associations`, their rows
    without a verdict word (the experiment gives the cards' verdicts)."""
    v = stats.pop("verdicts")
    cards = [{k: x for k, x in r.items() if k != "verdict"} for r in v["cards"]]
    return {**stats, "associations": {**v, "cards": cards}}


def _print(console: Console, diff: dict[str, Any], meta: dict[str, Any], stats: list[dict[str, Any]],
           experiment: dict[str, Any] | None, show_associations: bool) -> None:
    """The same seeds' A-to-B tables, the associations when asked for, and last the designer's
    answer (the experiment); 80 columns wide."""
    from .sim_view import bots_line, card_notes, chosen_rows, verdict_table
    console.print(bots_line(meta))
    for w in meta["warnings"]:
        console.print(f"[yellow]warning[/]: {escape(w)}")
    console.print(_a_to_b_table(diff, meta))
    for key, title in (("cards_built_share", "build share (built of dealt copies)"),
                       ("cards_win_when_built", "win rate of the players who built it")):
        changed = [(k, v) for k, v in diff[key].items() if v["significant"] or not v["a"]["n"] or not v["b"]["n"]]
        if not changed:
            continue
        t2 = Table(title=f"Cards whose {title} changed significantly (or in one pack only)",
                   box=box.SIMPLE_HEAD, pad_edge=False)
        for col in ("card", "A", "B", "B - A", "p Holm"):
            t2.add_column(col, justify="left" if col == "card" else "right")
        for k, v in changed:
            t2.add_row(escape(k), _pct(v["a"]) if v["a"]["n"] else "-", _pct(v["b"]) if v["b"]["n"] else "-",
                       f"{100 * v['diff']:+.1f} pts", f"{v['p_holm']:.3f}")
        console.print(t2)
    c = meta["corrections"]["win_rate_by_wonder"]
    console.print(f"significant: two-sided p < 0.05 after {c['method']}'s correction within each table "
                  f"(e.g. {c['rows']} wonder-side rows)")
    ours = meta["designer_cards"]
    which = "A" if meta["without"] else "B"
    assoc = stats[0 if meta["without"] else 1]["associations"]
    if show_associations:
        if ours:
            rows = [r for r in assoc["cards"] if r["designer"]]
            console.print(verdict_table(assoc, f"Associations: the designer's cards in {which} "
                                               f"({escape(meta[which])}), built or passed", rows, verdicts_col=False))
        console.print(verdict_table(stats[1]["associations"], f"Associations in B ({escape(meta['B'])}): "
                                    "built or passed", verdicts_col=False))
        card_notes(console, stats[1]["associations"], len(chosen_rows(stats[1]["associations"]["cards"])),
                   verdicts_col=False)
    else:
        console.print("associations (who built or passed each card, a correlation): --associations, "
                      "--json or --report")
    if experiment is not None:
        print_experiment(console, experiment)
    elif ours and not meta["without"] and not show_associations:
        console.print("no experiment (--experiment 0): the designer's cards have no verdict")


def _pct(rate: dict[str, Any]) -> str:
    return f"{100 * rate['rate']:.1f}%"


def _a_to_b_table(diff: dict[str, Any], meta: dict[str, Any]) -> Table:
    played = meta.get("played") or [meta["games"]] * 2
    each = f"{played[0]} games each" if played[0] == played[1] else f"{played[0]} and {played[1]} games"
    t = Table(title=f"{escape(meta['B'])} (B) against {escape(meta['A'])} (A): {each}, "
                    "same seeds", box=box.SIMPLE_HEAD, pad_edge=False)
    for col in ("", "A", "B", "B - A", "p", "p Holm", "sig"):
        t.add_column(col, justify="left" if not col else "right", no_wrap=True)
    for w, v in diff["win_rate_by_wonder"].items():
        t.add_row(f"win {escape(w)}", _pct(v["a"]), _pct(v["b"]), f"{100 * v['diff']:+.1f} pts",
                  f"{v['p']:.3f}", f"{v['p_holm']:.3f}", "[red]yes[/]" if v["significant"] else "")
    for k, v in diff["scores"].items():
        t.add_row(f"points {escape(k)}", f"{v['a']['mean']:.2f}", f"{v['b']['mean']:.2f}", f"{v['diff']:+.2f}",
                  f"{v['p']:.3f}", f"{v['p_holm']:.3f}", "[red]yes[/]" if v["significant"] else "")
    return t

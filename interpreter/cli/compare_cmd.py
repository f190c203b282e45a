"""`wonders compare --pack A --pack B`: the same seeds on two packs, side by side."""
from __future__ import annotations

import argparse
import sys

from rich.console import Console
from rich.table import Table

from ..sim.aggregate import compare
from ..sim.runner import RayMissing, sigint_ignored
from .common import fail, print_json, write_output
from .simulate_cmd import add_sim_args, config, finish, meta_of, run_with_progress


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("compare", help="did my variant change the balance? (same seeds, two packs)",
                       description="Simulate two packs on the same seeds and show the differences "
                                   "with their significance (B against A).")
    p.add_argument("--pack", action="append", required=True, metavar="PACK",
                   help="give twice: --pack A --pack B (A is the baseline)")
    add_sim_args(p)
    p.set_defaults(func=lambda a: run_compare(a, a.pack))


def run_compare(args: argparse.Namespace, packs: list[str]) -> int:
    if len(packs) != 2:
        return fail("compare needs exactly two packs: --pack A --pack B")
    try:
        configs = [config(args, p) for p in packs]
    except ValueError as err:
        return fail(str(err))
    aggs, metas = [], []
    for label, (cfg, name) in zip("AB", configs):
        try:
            agg, stopped, seconds = run_with_progress(cfg, f"pack {label}", args.json)
        except RayMissing as err:
            return fail(str(err))
        if stopped:  # the finished games of this pack: its statistics and report, marked interrupted
            with sigint_ignored():
                if aggs:
                    print(f"pack A ({metas[0]['pack']}): all {aggs[0].games} games finished; "
                          f"interrupted during pack B ({name})", file=sys.stderr)
                return finish(args, cfg, name, agg, True, seconds)
        aggs.append(agg)
        metas.append(meta_of(cfg, name, seconds, stopped, agg))
    with sigint_ignored():
        return _show(args, aggs, metas)


def _show(args: argparse.Namespace, aggs: list, metas: list) -> int:
    diff = compare(aggs[0], aggs[1])
    meta = {"A": metas[0]["pack"], "B": metas[1]["pack"], "games": args.games, "players": args.players,
            "bots": args.bots, "sides": args.sides, "seed": args.seed}
    written = True
    if args.report:
        from ..sim.report_html import render_compare
        written = write_output(args.report, render_compare(diff, f"{meta['B']} against {meta['A']}", meta),
                               "the report", "--report")
    failed = aggs[0].errors + aggs[1].errors
    if failed:
        print(f"error: {failed} game(s) failed", file=sys.stderr)
    status = 1 if failed or not written else 0
    if args.json:
        print_json({"meta": meta, "a": aggs[0].as_json(), "b": aggs[1].as_json(), "diff": diff})
        return status
    console = Console()
    t = Table(title=f"{meta['B']} (B) against {meta['A']} (A): {args.games} games each, same seeds")
    for col in ("", "A", "B", "B - A", "p", "significant"):
        t.add_column(col, justify="left" if not col else "right")
    for w, v in diff["win_rate_by_wonder"].items():
        t.add_row(f"win {w}", f"{100 * v['a']['rate']:.1f}%", f"{100 * v['b']['rate']:.1f}%",
                  f"{100 * v['diff']:+.1f} pts", f"{v['p']:.3f}", "[red]yes[/]" if v["significant"] else "")
    for k, v in diff["scores"].items():
        t.add_row(f"points {k}", f"{v['a']['mean']:.2f}", f"{v['b']['mean']:.2f}", f"{v['diff']:+.2f}",
                  f"{v['p']:.3f}", "[red]yes[/]" if v["significant"] else "")
    console.print(t)
    changed = [(k, v) for k, v in diff["cards_built_share"].items() if v["significant"]
               or not v["a"]["n"] or not v["b"]["n"]]
    if changed:
        t2 = Table(title="cards whose build share changed significantly (or exist in one pack only)")
        for col in ("card", "A", "B", "B - A", "p"):
            t2.add_column(col)
        for k, v in changed:
            t2.add_row(k, f"{100 * v['a']['rate']:.1f}%" if v["a"]["n"] else "-",
                       f"{100 * v['b']['rate']:.1f}%" if v["b"]["n"] else "-",
                       f"{100 * v['diff']:+.1f} pts", f"{v['p']:.3f}")
        console.print(t2)
    console.print("significant: two-sided p < 0.05; with many rows about 1 in 20 is flagged by chance")
    if args.report and written:
        print(f"report written to {args.report}")
    return status

"""`wonders budget PACK [--json] [--players N]`: each card's value estimated from what it does
(interpreter/sim/budget.py), so a designer sees an outlier before simulating."""
from __future__ import annotations

import argparse
from typing import Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .common import fail, print_json
from .packs import compiled


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("budget", help="estimate each card's value from what it does (no games)",
                       description="A power budget before any game: each card's value in points of "
                                   "score against the player's best alternative, predicted by a model "
                                   "fitted on the measured values of the base cards, with its error; "
                                   "cards far outside their base peers (same age and colour) are flagged. "
                                   "A first look: confirm a flagged card with `wonders compare`.")
    p.add_argument("pack", metavar="PACK", help="a shipped pack's name or a pack folder/file")
    p.add_argument("--players", type=int, default=None,
                   help="players at the reference games (default: the measurement's, 4)")
    p.add_argument("--json", action="store_true", help="print the budget as JSON")
    p.set_defaults(func=run)


def budget_json(pack: str, players: int | None) -> dict[str, Any]:
    from interpreter.sim.budget import Model, budget
    cp = compiled(pack)
    model = Model.train(compiled("base"), players)
    out = budget(cp, model, players)
    out["pack"] = pack
    return out


def run(args: argparse.Namespace) -> int:
    cp = compiled(args.pack)  # a broken pack: its diagnostics, exit 1
    lo, hi = cp.rules.min_players, cp.rules.max_players
    if args.players is not None and not lo <= args.players <= hi:
        return fail(f"--players: {args.pack} is for {lo} to {hi} players")
    out = budget_json(args.pack, args.players)
    if args.json:
        print_json(out)
        return 0
    _print(Console(), out)
    return 0


def _print(console: Console, out: dict[str, Any]) -> None:
    t = Table(title=f"Power budget of {escape(out['pack'])}: points against the best alternative",
              box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for col, how in (("card", "left"), ("age", "left"), ("value", "right"), ("measured", "right"),
                     ("peers", "right"), ("flag", "left")):
        t.add_column(col, justify=how, no_wrap=col != "card")
    for r in out["cards"]:
        rng = r["peers_range"]
        flag = r["flag"]
        style = "[red]" if flag.endswith("strong") else "[yellow]" if flag else ""
        t.add_row(escape(r["card"]), f"{r['age']} {escape(r['color'])}",
                  f"{r['predicted']:+.1f} ±{r['error']:.1f}",
                  f"{r['measured']:+.1f}" if "measured" in r else "",
                  f"{rng[0]:+.1f}..{rng[1]:+.1f}" if rng else "-",
                  f"{style}{flag}[/]" if style else "")
    console.print(t)
    m = out["model"]
    meas = m["measurement"]
    flagged = sum(1 for r in out["cards"] if r["flag"])
    console.print(f"{flagged} outlier(s): predicted more than {m['outlier_errors']:g} errors beyond every "
                  f"measured base peer of the card's age and colour.")
    console.print(f"Model: ridge least squares on {len(m['features'])} features ({escape(', '.join(m['features']))}), "
                  f"fitted on {m['fitted_cards']} base cards; leave-one-out error ±{m['loo_rmse']:.2f} points. "
                  f"Measured: {meas['games']} games, {meas['players']} players, {escape(str(meas['bots']))} bots "
                  f"(benchmarks/measure_base_values.py); hooks valued on {m['reference_games']} greedy games "
                  f"at {m['players']} players. A first look: confirm with `wonders compare`.")

"""`wonders score STATE.json`: the score pad of every city in a state file."""
from __future__ import annotations

import argparse

from interpreter.rules.scoring import city_scores
from interpreter.rules.statefile import StateError, build_table, read_state
from .common import fail, print_json
from .packs import compiled
from .scorepad import print_scorepad


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("score", help="score the cities of a STATE file",
                       description="Score every city of a STATE file (see docs/formats.md).")
    p.add_argument("state", metavar="STATE.json")
    p.add_argument("--pack", help="pack to use (default: the state's 'pack', else base)")
    p.add_argument("--json", action="store_true", help="print the score JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        state = read_state(args.state)
        cp = compiled(args.pack) if args.pack else compiled(state.get("pack") or "base", args.state)
        table = build_table(state, cp)
    except StateError as err:
        return fail(str(err))
    scores = city_scores(table.cities, table, cp.rules)
    claimed = [i for i, p in enumerate(state["players"]) if isinstance(p, dict) and p.get("winner") is True]
    if claimed and sorted(claimed) != sorted(scores["winners"]):
        names = ", ".join(f"players[{i}]" for i in scores["winners"])
        return fail(f"{args.state}: the state marks {', '.join(f'players[{i}]' for i in claimed)} "
                    f"as winner, but the score pad makes {names} the winner")
    if args.json:
        print_json(scores)
    else:
        print_scorepad(scores, [(c.side.wonder, c.side.side, "no owner: cannot win" if c.unowned else "")
                                for c in table.cities])
    return 0

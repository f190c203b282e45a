"""`wonders price STATE.json --player I (--card NAME | --stage)`: what building costs now."""
from __future__ import annotations

import argparse
from typing import Any

from interpreter.rules.moves import price_card, price_stage
from interpreter.rules.statefile import StateError, build_table, read_state
from .common import fail, print_json
from .packs import compiled


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("price", help="what a card or the next wonder stage costs a player",
                       description="Every Pareto-optimal way for a player to pay for a card or their "
                                   "next wonder stage, cheapest first.")
    p.add_argument("state", metavar="STATE.json")
    p.add_argument("--player", type=int, required=True, help="the player's index in the state (0-based)")
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--card", help="the card's name")
    what.add_argument("--stage", action="store_true", help="the player's next wonder stage")
    p.add_argument("--pack", help="pack to use (default: the state's 'pack', else base)")
    p.add_argument("--json", action="store_true", help="print the price JSON")
    p.set_defaults(func=run)


def price_json(args: argparse.Namespace) -> dict[str, Any]:
    state = read_state(args.state)
    cp = compiled(args.pack) if args.pack else compiled(state.get("pack") or "base", args.state)
    table = build_table(state, cp)
    if not 0 <= args.player < table.n:
        raise StateError(f"--player must be 0..{table.n - 1}")
    city = table.cities[args.player]
    if args.stage:
        price = price_stage(city, table)
    else:
        try:
            card = cp.card_named(args.card)
        except KeyError:
            from interpreter.rules.statefile import _suggest
            raise StateError(f"no card named '{args.card}'"
                             f"{_suggest(args.card, sorted({c.name for c in cp.cards}))}") from None
        price = price_card(card, city, table)
    out: dict[str, Any] = {"buildable": price.buildable, "free": bool(price.free),
                           "options": [{"bank": 0 if price.free == "chain" else price.bank,
                                        "left": a, "right": b} for a, b in price.options]
                           + [{"bank": price.bank + e, "left": a, "right": b}  # resources from the bank
                              for a, b, e in price.bank_options]}
    if price.free:
        out["free_by"] = price.free
    if not price.buildable:
        out["reason"] = price.reason
    return out


def run(args: argparse.Namespace) -> int:
    try:
        out = price_json(args)
    except StateError as err:
        return fail(str(err))
    if args.json:
        print_json(out)
        return 0
    if not out["buildable"]:
        print(f"cannot build: {out['reason']}")
        return 0
    if out["free"]:
        print(f"free ({out['free_by']})")
        return 0
    for o in out["options"]:
        print(f"bank {o['bank']}, left {o['left']}, right {o['right']}  (total {o['bank'] + o['left'] + o['right']})")
    return 0

"""`wonders packs`: the shipped packs, what each is and for how many players."""
from __future__ import annotations

import argparse
from typing import Any

from dsl.packref import shipped_packs

from .common import load_or_report, print_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("packs", help="list the shipped packs",
                       description="List the packs shipped with wonders: name, version, what each "
                                   "is, player counts and the packs it extends.")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=run)


def pack_rows() -> list[dict[str, Any]]:
    rows = []
    for name in sorted(shipped_packs()):
        pack = load_or_report(name)
        r = pack.rules
        rows.append({"name": pack.name, "version": pack.version, "description": pack.description,
                     "players": {"min": r.min_players, "max": r.max_players},
                     "extends": list(pack.extends), "cards": len(pack.cards),
                     "wonders": len(pack.wonders), "decks": list(r.decks),
                     "phases": [p.name for p in r.phases]})
    return rows


def run(args: argparse.Namespace) -> int:
    rows = pack_rows()
    if args.json:
        print_json({"packs": rows})
        return 0
    from rich.console import Console
    from rich.table import Table
    table = Table(title="Shipped packs", show_lines=True)
    for col in ("name", "version", "players", "extends", "what it is"):
        table.add_column(col)
    for row in rows:
        table.add_row(row["name"], row["version"], f"{row['players']['min']}-{row['players']['max']}",
                      ", ".join(row["extends"]) or "-", row["description"].strip())
    Console().print(table)
    return 0

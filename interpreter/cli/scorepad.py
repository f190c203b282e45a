"""The score pad as printed in the box: one column per player, one row per category."""
from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

ROW_NAMES = {"military": "Military", "treasury": "Treasury", "wonder": "Wonder",
             "civilian": "Civilian", "commercial": "Commercial", "guilds": "Guilds",
             "science": "Science", "total": "Total"}


def print_scorepad(scores: dict[str, Any], seats: list[tuple[str, str, str]],
                   console: Console | None = None) -> None:
    if console is None:
        console = Console()
        if not console.is_terminal:
            console = Console(width=max(100, 16 * (len(seats) + 1)))
    table = Table(title="Score pad", show_lines=False)
    table.add_column("")
    winners = set(scores["winners"])
    for i, (p, (wonder, side, bot)) in enumerate(zip(scores["players"], seats)):
        star = " *" if i in winners else ""
        head = f"{p['name']}{star}\n{wonder} {side}" + (f"\n{bot}" if bot else "")
        table.add_column(head, justify="right")
    lines = [k for k in scores["players"][0] if k not in ("name", "copied")]  # the pack's lines
    for cat in lines:
        style = "bold" if cat == "total" else None
        table.add_row(ROW_NAMES.get(cat, cat.replace("_", " ").capitalize()),
                      *[str(p[cat]) for p in scores["players"]], style=style)
    console.print(table)
    names = ", ".join(scores["players"][w]["name"] for w in scores["winners"])
    console.print(f"Winner{'s' if len(winners) > 1 else ''}: {names}  (* ties broken by coins)")

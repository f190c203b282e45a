"""`wonders play --trace`: each city's balances after each turn (coins, tokens, shields,
production, running score), one compact table per turn, from the game log's "balances"
(interpreter/players/balances.py)."""
from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table


def _tokens(tokens: dict[str, int]) -> str:
    return " ".join(f"{k} {v:+d}" if k == "conflict" else f"{k} {v}" for k, v in tokens.items())


def _production(prod: dict[str, Any]) -> str:
    parts = [f"{n} {r}" for r, n in prod.items() if r != "choice"]
    return ", ".join(parts + list(prod.get("choice", []))) or "-"


def print_trace(doc: dict[str, Any], console: Console | None = None) -> None:
    """A table per logged turn that changed something, the change of coins and score since
    the turn before shown beside them."""
    out = console or Console(highlight=False)
    names = [p["name"] for p in doc["players"]]
    turns = doc.get("turns") or []
    before: list[dict[str, Any]] | None = None
    for snap in doc.get("balances") or []:
        last = turns[snap["after"] - 1] if 0 < snap["after"] <= len(turns) else {}
        phase = last.get("phase", "turn")
        title = f"age {snap['age']}, {phase} {snap['turn']}" + (f" ({last['note']})" if last.get("note") else "")
        table = Table(title=escape(title), box=box.SIMPLE, title_justify="left", pad_edge=False)
        for col, justify in (("city", "left"), ("coins", "right"), ("shields", "right"), ("tokens", "left"),
                             ("production", "left"), ("score", "right")):
            table.add_column(col, justify=justify)  # type: ignore[arg-type]
        for i, city in enumerate(snap["cities"]):
            was = before[i] if before else None
            coins = f"{city['coins']}" + (f" ({city['coins'] - was['coins']:+d})" if was and was["coins"] != city["coins"] else "")
            score = f"{city['score']}" + (f" ({city['score'] - was['score']:+d})" if was and was["score"] != city["score"] else "")
            table.add_row(escape(names[i] if i < len(names) else f"P{i + 1}"), coins, str(city["shields"]),
                          escape(_tokens(city["tokens"])), escape(_production(city["production"])), score)
        out.print(table)
        before = snap["cities"]

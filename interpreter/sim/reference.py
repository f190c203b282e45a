"""Human win rates per wonder beside the bots': a pack (or a pack it extends) may ship a
`human_win_rates.json` of published figures, and every statistic of the bots can then be read
against human play ("the bots give this wonder 44%; humans 31%")."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from dsl.packref import resolve_pack

FILE = "human_win_rates.json"


def human_win_rates(pack: Any, players: int) -> tuple[str, dict[str, float]] | None:
    """(source, {wonder: win rate}) for this player count, from the pack's folder or the first
    extended pack that has the file; None when nobody published any."""
    found = _read(pack, players)
    return (found[0], found[1]) if found else None


def _read(pack: Any, players: int) -> tuple[str, dict[str, float], dict[str, str]] | None:
    """human_win_rates() with the file's caveats per wonder (why a figure may mislead)."""
    folders = [Path(pack.path)] if getattr(pack, "path", "") else []
    for ref in getattr(pack, "extends", ()):
        folder, _ = resolve_pack(ref, Path(pack.path) if pack.path else None)
        if folder is not None:
            folders.append(folder)
    for folder in folders:
        path = folder / FILE
        if path.is_file():
            data = json.loads(path.read_text(encoding="utf-8"))
            rates = data.get("by_players", {}).get(str(players))
            if rates:
                caveats = {str(k): str(v) for k, v in data.get("caveats", {}).items()}
                return (str(data.get("source", path)), {str(k): float(v) for k, v in rates.items()}, caveats)
    return None


def by_wonder(sides: dict[str, dict[str, Any]]) -> dict[str, tuple[float, int]]:
    """Per-side win rates ({"<wonder> B": {"win_rate": {hits, n}}}) merged per wonder: (rate, n)."""
    hits: dict[str, float] = {}
    n: dict[str, int] = {}
    for key, row in sides.items():
        wonder = key.rsplit(" ", 1)[0] if " " in key else key
        rate = row["win_rate"]
        hits[wonder] = hits.get(wonder, 0.0) + rate["hits"]
        n[wonder] = n.get(wonder, 0) + rate["n"]
    return {w: (hits[w] / n[w] if n[w] else 0.0, n[w]) for w in sorted(n)}


def against_humans(stats: dict[str, Any], pack: Any, players: int) -> dict[str, Any] | None:
    """The bots' per-wonder win rates beside the published human ones, where they exist."""
    found = _read(pack, players)
    if found is None:
        return None
    source, human, caveats = found
    bots = by_wonder(stats["verdicts"]["wonders"])
    rows = [{"wonder": w, "bots": round(bots[w][0], 4), "games": bots[w][1], "human": h,
             "diff": round(bots[w][0] - h, 4), **({"caveat": caveats[w]} if w in caveats else {})}
            for w, h in sorted(human.items()) if w in bots]
    return {"source": source, "players": players, "rows": rows} if rows else None

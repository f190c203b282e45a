"""The HTML report of a sweep (`simulate --players 3-7`): one page, a section per player count
with its own anchor (the links at the top act as tabs, no scripts), each with the wonder sides
of all its runs and every run's card verdicts."""
from __future__ import annotations

from typing import Any

from .report_cards import VERDICT_NOTE, card_verdicts, group_table, labels_block, meta_table, wonder_verdicts
from .report_html import CSS, _e, _pct, bar_chart_ci


def _section(e: dict[str, Any]) -> str:
    n = e["players"]
    wonders = e["win_rate_by_wonder"]
    rows = [(w, v["win_rate"]["rate"], *v["win_rate"]["ci95"])
            for w, v in sorted(wonders.items(), key=lambda kv: (-kv[1]["win_rate"]["rate"], kv[0]))]
    chart = bar_chart_ci(rows, f"win rate per wonder side, {n} players", 1 / n)
    table = wonder_verdicts({"verdicts": {"wonders": wonders, "wonder_correction": e["wonder_correction"]}})
    runs = []
    for sides, stats in e["runs"].items():
        runs.append(f'<h3 id="players-{n}-{_e(sides)}">{n} players, sides {_e(sides)}: {stats["games"]} games'
                    f'{" (interrupted)" if stats["meta"]["interrupted"] else ""}</h3>'
                    f'{card_verdicts(stats, f"card verdicts, {n} players, sides {sides}")}{group_table(stats)}')
    return (f'<section id="players-{n}"><h2>{n} players</h2>'
            f'<p class="note">{e["games"]} games, {e["errors"]} failed. The dashed line is the fair share '
            f'(1 in {n}).</p>{chart}{table}{"".join(runs)}</section>')


def render_sweep(entries: list[dict[str, Any]], title: str, meta: dict[str, Any]) -> str:
    nav = " ".join(f'<a href="#players-{e["players"]}">{e["players"]} players</a>' for e in entries)
    summary_rows = []
    wonders = sorted({w for e in entries for w in e["win_rate_by_wonder"]})
    for w in wonders:
        cells = []
        for e in entries:
            v = e["win_rate_by_wonder"].get(w)
            sig = bool(v and v["diff"] and v["diff"]["significant"])
            cells.append(f'<td class="n{" sig" if sig else ""}">{_pct(v["win_rate"]["rate"]) if v else "-"}</td>')
        summary_rows.append(f"<tr><td>{_e(w)}</td>{''.join(cells)}</tr>")
    head = "".join(f"<th>{e['players']} players</th>" for e in entries)
    interrupted = ('<p class="sig" id="interrupted">Interrupted: the sweep stopped; the sections below '
                   'cover the games that finished.</p>' if meta.get("interrupted") else "")
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{_e(title)}</title><style>{CSS}</style></head>
<body>
<h1>{_e(title)}</h1>
<nav>{nav}</nav>
{meta_table(meta)}
{labels_block(meta)}
{interrupted}
<h2 id="summary">Win rate per wonder side and player count</h2>
<p class="note">Bold red: the side's win rate differs from that of the other players at this player
count (Holm-corrected over the sides).</p>
<table><tr><th>wonder side</th>{head}</tr>{''.join(summary_rows)}</table>
{VERDICT_NOTE}
{''.join(_section(e) for e in entries)}
</body></html>
"""

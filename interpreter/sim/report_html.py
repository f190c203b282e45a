"""One self-contained HTML page (inline CSS and SVG, no scripts) from simulation statistics."""
from __future__ import annotations

import html
from typing import Any

from .report_cards import (VERDICT_NOTE, card_verdicts, compare_associations, group_table, labels_block, meta_table,
                           wonder_verdicts)
from .report_plots import forest_plot, human_chart

CAT_COLORS = {"military": "#c0392b", "treasury": "#e67e22", "wonder": "#7f8c8d", "civilian": "#2e86c1",
              "commercial": "#f4d03f", "guilds": "#8e44ad", "science": "#229954"}
CSS = """
body{font-family:system-ui,Segoe UI,Helvetica,Arial,sans-serif;margin:2em auto;max-width:1100px;color:#222}
h1{margin-bottom:.2em} h2{margin-top:1.6em;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.5em 0;font-size:14px} th,td{padding:3px 8px;border-bottom:1px solid #eee}
th{text-align:left;background:#f6f6f6} td.n{text-align:right;font-variant-numeric:tabular-nums}
.note{color:#666;font-size:13px} .sig{font-weight:bold;color:#b03a2e} svg{display:block;margin:.5em 0}
.legend span{display:inline-block;margin-right:1em;font-size:13px} .warn{color:#b03a2e}
nav a{margin-right:1em} table.verdicts{font-size:13px}
.legend i{display:inline-block;width:.9em;height:.9em;margin-right:.3em;vertical-align:-2px}
"""


def _e(x: Any) -> str:
    return html.escape(str(x))


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def bar_chart_ci(rows: list[tuple[str, float, float, float]], title: str, ref: float | None = None,
                 width: int = 760) -> str:
    """Horizontal bars with 95% error bars; values are rates in 0..1."""
    label_w, bar_w, row_h = 170, width - 230, 22
    top = max([hi for _, _, _, hi in rows] + [ref or 0, 0.01])
    scale = bar_w / top
    h = row_h * len(rows) + 40
    out = [f'<svg role="img" aria-label="{_e(title)}" width="{width}" height="{h}" '
           f'xmlns="http://www.w3.org/2000/svg" font-size="12">',
           f'<title>{_e(title)}</title>']
    for i, (label, v, lo, hi) in enumerate(rows):
        y = 10 + i * row_h
        out.append(f'<text x="{label_w - 6}" y="{y + 14}" text-anchor="end">{_e(label)}</text>')
        out.append(f'<rect x="{label_w}" y="{y + 3}" width="{v * scale:.1f}" height="{row_h - 8}" '
                   f'fill="#5d8aa8"><title>{_e(label)}: {_pct(v)} ({_pct(lo)}-{_pct(hi)})</title></rect>')
        out.append(f'<line x1="{label_w + lo * scale:.1f}" x2="{label_w + hi * scale:.1f}" '
                   f'y1="{y + row_h / 2:.1f}" y2="{y + row_h / 2:.1f}" stroke="#222" stroke-width="1.5"/>')
        for x in (lo, hi):
            out.append(f'<line x1="{label_w + x * scale:.1f}" x2="{label_w + x * scale:.1f}" y1="{y + 6}" '
                       f'y2="{y + row_h - 6}" stroke="#222"/>')
        out.append(f'<text x="{label_w + hi * scale + 6:.1f}" y="{y + 14}">{_pct(v)}</text>')
    if ref is not None:
        x = label_w + ref * scale
        out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="5" y2="{h - 25}" stroke="#c0392b" '
                   f'stroke-dasharray="4 3"/><text x="{x + 3:.1f}" y="{h - 10}" fill="#c0392b">'
                   f'fair share {_pct(ref)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def stacked_scores(by_wonder: dict[str, dict[str, Any]], width: int = 760) -> str:
    """Mean score per category, stacked, one bar per wonder side."""
    cats = list(CAT_COLORS)
    label_w, bar_w, row_h = 170, width - 230, 22
    totals = {w: sum(max(0.0, d[c]["mean"]) for c in cats) for w, d in by_wonder.items()}
    top = max(list(totals.values()) + [1.0])
    scale = bar_w / top
    h = row_h * len(by_wonder) + 20
    out = [f'<svg role="img" aria-label="score breakdown per wonder" width="{width}" height="{h}" '
           'xmlns="http://www.w3.org/2000/svg" font-size="12"><title>score breakdown per wonder</title>']
    for i, (w, d) in enumerate(sorted(by_wonder.items())):
        y = 5 + i * row_h
        out.append(f'<text x="{label_w - 6}" y="{y + 14}" text-anchor="end">{_e(w)}</text>')
        x = float(label_w)
        for c in cats:
            v = max(0.0, d[c]["mean"])
            out.append(f'<rect x="{x:.1f}" y="{y + 3}" width="{v * scale:.1f}" height="{row_h - 8}" '
                       f'fill="{CAT_COLORS[c]}"><title>{_e(w)} {c}: {v:.2f}</title></rect>')
            x += v * scale
        out.append(f'<text x="{x + 6:.1f}" y="{y + 14}">{d["total"]["mean"]:.1f}</text>')
    out.append("</svg>")
    legend = "".join(f'<span><i style="background:{col}"></i>{c}</span>' for c, col in CAT_COLORS.items())
    return "\n".join(out) + f'<div class="legend">{legend}</div>'


def _rate_table(title: str, rates: dict[str, dict[str, Any]]) -> str:
    rows = "".join(f'<tr><td>{_e(k)}</td><td class="n">{_pct(v["rate"])}</td>'
                   f'<td class="n">{_pct(v["ci95"][0])} - {_pct(v["ci95"][1])}</td><td class="n">{v["n"]}</td></tr>'
                   for k, v in rates.items())
    return (f"<table><caption>{_e(title)}</caption><tr><th></th><th>win rate</th><th>95% CI (Wilson)</th>"
            f"<th>players</th></tr>{rows}</table>")


def render(stats: dict[str, Any], title: str, meta: dict[str, Any]) -> str:
    players = meta.get("players", 0) or 1
    fair = 1 / players
    wins = stats["win_rate"]
    wonder_rows = [(k, v["rate"], v["ci95"][0], v["ci95"][1])
                   for k, v in sorted(wins["by_wonder"].items(), key=lambda kv: -kv[1]["rate"])]
    score_rows = "".join(
        f'<tr><td>{_e(k)}</td><td class="n">{v["mean"]:.2f}</td><td class="n">{v["sd"]:.2f}</td>'
        f'<td class="n">{v["ci95"][0]:.2f} - {v["ci95"][1]:.2f}</td></tr>' for k, v in stats["scores"].items())
    cards = stats["cards"]
    by_share = sorted(((k, v) for k, v in cards.items() if v["built_share"] is not None),
                      key=lambda kv: -kv[1]["built_share"])
    card_rows = "".join(
        f'<tr><td>{_e(k)}</td><td class="n">{v["dealt_per_game"]:.2f}</td><td class="n">{_pct(v["built_share"])}</td>'
        f'<td class="n">{v["built_per_game"]:.2f}</td><td class="n">{v["sold_per_game"]:.2f}</td>'
        f'<td class="n">{v["wonder_per_game"]:.2f}</td>'
        f'<td class="n">{_pct(v["win_rate_when_built"]["rate"])}</td></tr>' for k, v in by_share)
    build_chart = bar_chart_ci([(k, v["built_share"], *v["built_share_ci95"]) for k, v in by_share],
                               "card build rate (share of dealt copies built, 95% Wilson CI)")
    length = stats["game_length"]
    errors = ""
    if meta.get("interrupted"):
        errors = (f'<p class="sig" id="interrupted">Interrupted: {stats["games"]} of '
                  f'{_e(meta.get("requested", "?"))} games finished; these statistics cover those only.</p>')
    if stats["errors"]:
        errors += (f'<p class="sig">{stats["errors"]} game(s) failed: '
                  + "; ".join(_e(s) for s in stats["error_samples"]) + "</p>")
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{_e(title)}</title><style>{CSS}</style></head>
<body>
<h1>{_e(title)}</h1>
<p class="note">{stats['games']} games. Win rates with 95% Wilson intervals; a shared win counts for each
tied player. Card win rates are correlation, not cause. The numbers describe how the bots below play,
not how people do.</p>
{meta_table(meta)}
{labels_block(meta)}
{errors}
<h2>Win rate per wonder side</h2>
<p class="note">The dashed line is the fair share (1 in {players}). A bar whose interval does not cross it
is stronger or weaker than average.</p>
{bar_chart_ci(wonder_rows, "win rate per wonder side", fair)}
{_rate_table("win rate per wonder side", wins["by_wonder"])}
{wonder_verdicts(stats)}
{human_chart(stats.get("human"))}
<h2>Seats and bots</h2>
{_rate_table("win rate per seat", wins["by_seat"])}
{_rate_table("win rate per bot", wins["by_bot"])}
<h2>Score breakdown</h2>
{stacked_scores(stats["scores_by_wonder"])}
<table><caption>points per player</caption><tr><th>category</th><th>mean</th><th>sd</th><th>95% CI</th></tr>
{score_rows}</table>
<h2>Cards</h2>
{build_chart}
<table><caption>per card</caption><tr><th>card</th><th>dealt/game</th><th>built share</th><th>built/game</th>
<th>sold/game</th><th>wonder/game</th><th>win rate when built</th></tr>{card_rows}</table>
<h2 id="verdicts">Card verdicts</h2>
{VERDICT_NOTE}
{card_verdicts(stats)}
{group_table(stats)}
<h2>Game length</h2>
<p>turns per game: {length['turns']['mean']:.1f}; actions per game: {length['actions']['mean']:.1f};
games stopped by a safety cap: {stats['stopped_by_cap']}.</p>
</body></html>
"""


def _diff_rows(section: dict[str, Any], fmt: Any) -> str:
    out = []
    for k, v in section.items():
        a = v["a"].get("rate", v["a"].get("mean"))
        b = v["b"].get("rate", v["b"].get("mean"))
        cls = ' class="sig"' if v["significant"] else ""
        d = f"{100 * v['diff']:+.1f} pts" if fmt is _pct else f"{v['diff']:+.2f}"
        sig = "yes" if v["significant"] else ""
        out.append(f'<tr{cls}><td>{_e(k)}</td><td class="n">{fmt(a)}</td><td class="n">{fmt(b)}</td>'
                   f'<td class="n">{d}</td><td class="n">{v["p"]:.3f}</td>'
                   f'<td class="n">{v.get("p_holm", v["p"]):.3f}</td><td>{sig}</td></tr>')
    return "".join(out)


def render_compare(diff: dict[str, Any], title: str, meta: dict[str, Any],
                   stats: list[dict[str, Any]] | None = None, experiment: dict[str, Any] | None = None) -> str:
    """The designer's cards by experiment (their verdicts) first, then the differences (B - A)
    with Holm-corrected significance; with `stats` (A's and B's), the associations in an
    appendix."""
    head = "<tr><th></th><th>A</th><th>B</th><th>B - A</th><th>p</th><th>p (Holm)</th><th>significant</th></tr>"
    num = lambda x: f"{x:.2f}"  # noqa: E731
    appendix = compare_associations(stats, meta) if stats else ""
    section = _experiment_section(experiment)
    human = human_chart(stats[1].get("human")) if stats else ""
    sections = "".join(f"<h2>{h}</h2><table>{head}{_diff_rows(diff.get(k, {}), f)}</table>" for h, k, f in (
        ("Win rate per wonder side", "win_rate_by_wonder", _pct), ("Points per player", "scores", num),
        ("Card build share", "cards_built_share", _pct),
        ("Win rate when built", "cards_win_when_built", _pct)) if k in diff)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{_e(title)}</title><style>{CSS}</style></head>
<body><h1>{_e(title)}</h1>{meta_table(meta)}
{labels_block(meta)}
<p class="note">Same seeds on both packs. Significant = two-sided p &lt; 0.05 after Holm's correction
within each table (rates: two-proportion z-test; means: Welch), so a row is flagged by chance in at most
1 table in 20.</p>
{section}
<section id="diff">{sections}</section>
{human}
{appendix}
</body></html>
"""


def _experiment_section(experiment: dict[str, Any] | None) -> str:
    """The designer's cards by experiment: a sentence each and the forest plot."""
    if not experiment:
        return ""
    items = "".join(f"<li>{_e(c['sentence'])} {_e(c['findings'])}</li>" for c in experiment["cards"].values())
    stopped = ("<p><b>Interrupted</b>: the verdicts are those decided when it was stopped.</p>"
               if experiment["stopped_by"] == "interrupted" else "")
    if experiment.get("recheck_skipped"):
        stopped += f'<p class="note">Not checked at a second bot strength: {_e(experiment["recheck_skipped"])}.</p>'

    return (f'<section id="experiment"><h2>The designer\'s cards by experiment</h2>{stopped}'
            f'<p class="note">{experiment["games"]} branched games, {_e(experiment["bots"])} bots: at the first '
            f"position where a player could build the card, the game is played on twice, building it and "
            f"playing the best alternative, with the same random streams. The card (bold) with its peers "
            f"(the base cards of its age and colour, grey; their mean dashed).</p><ul>{items}</ul>"
            f"{forest_plot(experiment)}</section>")

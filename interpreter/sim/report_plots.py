"""The report's plots of the designer's answer: a forest plot of each designer card's value
by experiment with its peers, and the bots' per-wonder win rates beside human play (inline
SVG, no script, so the page stays one self-contained file)."""
from __future__ import annotations

from html import escape
from typing import Any, Sequence


def _e(x: Any) -> str:
    return escape(str(x), quote=True)


def forest_plot(experiment: dict[str, Any], width: int = 760) -> str:
    """Each designer card's points against the player's best alternative (95% interval), its
    peers beneath it in grey and the peers' mean dashed: where the card sits among the base
    cards of its age and colour."""
    rows: list[tuple[str, float, float, float, bool]] = []
    groups: list[tuple[int, int, float]] = []  # (first row, last row, peers' mean)
    peers = experiment.get("peers", {})
    for name, card in experiment["cards"].items():
        ci = card.get("points_ci95")
        if not card["n"] or not ci:
            continue
        first = len(rows)
        rows.append((f"{name} ({card['verdict']})", card["points_diff"], ci[0], ci[1], True))
        measured = [peers[p] for p in card["peers"] if p in peers and peers[p]["n"] > 1]
        for p in sorted(measured, key=lambda r: -r["points_diff"]):
            rows.append((p["card"], p["points_diff"], p["points_ci95"][0], p["points_ci95"][1], False))
        total = sum(p["n"] for p in measured)
        mean = sum(p["points_diff"] * p["n"] for p in measured) / total if total else 0.0
        groups.append((first, len(rows) - 1, mean))
    if not rows:
        return '<p class="note">No designer card could be measured.</p>'
    return _plot(rows, groups, "points of score against the player's best alternative (95% interval)", width)


def _plot(rows: Sequence[tuple[str, float, float, float, bool]], groups: Sequence[tuple[int, int, float]],
          title: str, width: int) -> str:
    label_w, right, row_h = 220, 20, 20
    lo = min(0.0, *(r[2] for r in rows))
    hi = max(0.0, *(r[3] for r in rows))
    span = (hi - lo) or 1.0
    plot_w = width - label_w - right
    x = lambda v: label_w + (v - lo) / span * plot_w  # noqa: E731
    h = row_h * len(rows) + 50
    out = [f'<svg role="img" aria-label="{_e(title)}" width="{width}" height="{h}" '
           f'xmlns="http://www.w3.org/2000/svg" font-size="12"><title>{_e(title)}</title>',
           f'<line x1="{x(0):.1f}" x2="{x(0):.1f}" y1="5" y2="{h - 35}" stroke="#999"/>']
    for first, last, mean in groups:
        out.append(f'<line x1="{x(mean):.1f}" x2="{x(mean):.1f}" y1="{10 + first * row_h}" '
                   f'y2="{10 + (last + 1) * row_h}" stroke="#c0392b" stroke-dasharray="4 3">'
                   f'<title>peers\' mean {mean:+.2f}</title></line>')
    for i, (label, v, a, b, ours) in enumerate(rows):
        y = 10 + i * row_h + row_h / 2
        colour = "#1f4e79" if ours else "#888"
        weight = ' font-weight="bold"' if ours else ""
        out.append(f'<text x="{label_w - 8}" y="{y + 4:.1f}" text-anchor="end"{weight}>{_e(label)}</text>')
        out.append(f'<line x1="{x(a):.1f}" x2="{x(b):.1f}" y1="{y:.1f}" y2="{y:.1f}" stroke="{colour}" '
                   f'stroke-width="2"/>')
        out.append(f'<rect x="{x(v) - 4:.1f}" y="{y - 4:.1f}" width="8" height="8" fill="{colour}">'
                   f'<title>{_e(label)}: {v:+.2f} ({a:+.2f} to {b:+.2f})</title></rect>')
    for tick in _ticks(lo, hi):
        out.append(f'<text x="{x(tick):.1f}" y="{h - 20}" text-anchor="middle">{tick:+g}</text>')
    out.append(f'<text x="{label_w}" y="{h - 5}" fill="#555">{_e(title)}</text></svg>')
    return "\n".join(out)


def _ticks(lo: float, hi: float) -> list[float]:
    step = next(s for s in (0.5, 1, 2, 5, 10, 20, 50) if (hi - lo) / s <= 10)
    first = int(lo // step) * step
    return [first + k * step for k in range(int((hi - first) // step) + 1) if first + k * step >= lo]


def human_chart(human: dict[str, Any] | None, width: int = 760) -> str:
    """The bots' win rate per wonder (both sides) with the published human figure marked."""
    if not human:
        return ""
    rows = human["rows"]
    label_w, row_h = 170, 24
    top = max([max(r["bots"], r["human"]) for r in rows] + [0.01]) * 1.15
    scale = (width - label_w - 80) / top
    h = row_h * len(rows) + 30
    out = [f'<h2>Beside human play</h2><p class="note">Bots\' win rate per wonder (both sides, '
           f'{human["players"]} players) as bars; the published human figure as a red mark: '
           f'{_e(human["source"])}.</p>',
           f'<svg role="img" aria-label="win rate per wonder beside human play" width="{width}" height="{h}" '
           f'xmlns="http://www.w3.org/2000/svg" font-size="12"><title>win rate per wonder beside human play</title>']
    for i, r in enumerate(rows):
        y = 8 + i * row_h
        out.append(f'<text x="{label_w - 6}" y="{y + 15}" text-anchor="end">{_e(r["wonder"])}</text>')
        out.append(f'<rect x="{label_w}" y="{y + 3}" width="{r["bots"] * scale:.1f}" height="{row_h - 8}" '
                   f'fill="#5d8aa8"><title>bots {100 * r["bots"]:.1f}% over {r["games"]} seats</title></rect>')
        hx = label_w + r["human"] * scale
        out.append(f'<line x1="{hx:.1f}" x2="{hx:.1f}" y1="{y}" y2="{y + row_h - 2}" stroke="#c0392b" '
                   f'stroke-width="3"><title>humans {100 * r["human"]:.0f}%</title></line>')
        out.append(f'<text x="{label_w + max(r["bots"], r["human"]) * scale + 8:.1f}" y="{y + 15}">'
                   f'bots {100 * r["bots"]:.1f}%, humans {100 * r["human"]:.0f}%</text>')
    out.append("</svg>")
    out.extend(f'<p class="note">Humans\' {_e(r["wonder"])}: {_e(r["caveat"])}.</p>' for r in rows if r.get("caveat"))
    return "\n".join(out)

"""The page `wonders tune --report` writes: the answer, the values tried, and a plot of the
card's points against its peers by value with the fitted line and the even value's interval."""
from __future__ import annotations

import html
import math
from typing import Any

from .report_html import CSS


def _e(x: Any) -> str:
    return html.escape(str(x))


def value_plot(result: dict[str, Any], width: int = 760, height: int = 360) -> str:
    """Each value tried (x) against the card's points minus its peers' (y), with its 95%
    interval; the fitted line; 0 (even) dashed; the even value and its interval shaded."""
    rows = [r for r in result["values"] if r["delta"] is not None]
    if not rows:
        return '<p class="note">No value could be measured: the card was never buildable where dealt.</p>'
    even = result["even"]
    xs = [r["value"] for r in rows] + [x for x in (even["estimate"], even["low"], even["high"])
                                       if x is not None and math.isfinite(x)]
    x0, x1 = min(xs) - 0.5, max(xs) + 0.5
    fit = result.get("fit")
    line = [fit["intercept"] + fit["slope"] * x for x in (x0, x1)] if fit else []
    ys = [0.0, *line] + [y for r in rows for y in (r["delta"], *(r["interval"] or ()))]
    y0, y1 = min(ys) - 0.5, max(ys) + 0.5
    left, right, top, bottom = 70, 20, 20, 45
    px = lambda v: left + (v - x0) / (x1 - x0) * (width - left - right)  # noqa: E731
    py = lambda v: top + (y1 - v) / (y1 - y0) * (height - top - bottom)  # noqa: E731
    title = f"{result['card']}: points against its peers by {result['field']['field']}"
    out = [f'<svg role="img" aria-label="{_e(title)}" width="{width}" height="{height}" '
           f'xmlns="http://www.w3.org/2000/svg" font-size="12"><title>{_e(title)}</title>']
    if even["estimate"] is not None and math.isfinite(even["low"]) and math.isfinite(even["high"]):
        out.append(f'<rect x="{px(even["low"]):.1f}" y="{top}" width="{px(even["high"]) - px(even["low"]):.1f}" '
                   f'height="{height - top - bottom}" fill="#f5b7b1" opacity="0.5"><title>even value, 95% '
                   f'interval {even["low"]:.2f} to {even["high"]:.2f}</title></rect>')
    out.append(f'<line x1="{left}" x2="{width - right}" y1="{py(0):.1f}" y2="{py(0):.1f}" stroke="#999" '
               f'stroke-dasharray="4 3"><title>even with its peers</title></line>')
    if fit:
        a, b = fit["intercept"], fit["slope"]
        out.append(f'<line x1="{px(x0):.1f}" x2="{px(x1):.1f}" y1="{py(a + b * x0):.1f}" y2="{py(a + b * x1):.1f}" '
                   f'stroke="#2e86c1"><title>fitted line: {a:+.2f} {b:+.2f} per unit</title></line>')
    for r in rows:
        lo, hi = r["interval"] or (r["delta"], r["delta"])
        x = px(r["value"])
        out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{py(lo):.1f}" y2="{py(hi):.1f}" stroke="#222"/>'
                   f'<circle cx="{x:.1f}" cy="{py(r["delta"]):.1f}" r="4" fill="#222"><title>{r["value"]}: '
                   f'{r["delta"]:+.2f} ({lo:+.2f} to {hi:+.2f}; {r["n"]} games could build it)</title></circle>')
    for v in sorted({r["value"] for r in rows}):
        out.append(f'<text x="{px(v):.1f}" y="{height - bottom + 15}" text-anchor="middle">{v}</text>')
    for v in (y0 + 0.5, 0.0, y1 - 0.5):
        out.append(f'<text x="{left - 6}" y="{py(v) + 4:.1f}" text-anchor="end">{v:+.1f}</text>')
    out.append(f'<text x="{(left + width - right) / 2:.0f}" y="{height - 8}" text-anchor="middle">'
               f'{_e(result["field"]["field"])} (now {result["field"]["value"]})</text>')
    out.append(f'<text x="14" y="{(top + height - bottom) / 2:.0f}" text-anchor="middle" '
               f'transform="rotate(-90 14 {(top + height - bottom) / 2:.0f})">points against its peers</text>')
    out.append("</svg>")
    return "".join(out)


def render_tune(result: dict[str, Any]) -> str:
    rows = "".join(
        f'<tr><td class="n">{r["value"]}</td><td class="n">{r["n"]}</td>'
        f'<td class="n">{"-" if r["delta"] is None else format(r["delta"], "+.2f")}</td>'
        f'<td class="n">{"-" if not r["interval"] else "{:+.2f} to {:+.2f}".format(*r["interval"])}</td></tr>'
        for r in result["values"])
    interrupted = " (interrupted)" if result["stopped_by"] == "interrupted" else ""
    title = f"Tuning {result['card']}'s {result['field']['field']}{interrupted}"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{_e(title)}</title><style>{CSS}</style></head>
<body><h1>{_e(title)}</h1>
<p><b>{_e(result['sentence'])}</b></p>
<p class="note">{_e(result['how'])}</p>
{value_plot(result)}
<table><tr><th>value</th><th>games it could be built</th><th>points against its peers</th>
<th>95% interval (bootstrap)</th></tr>{rows}</table>
</body></html>
"""

"""HTML pieces of the reports beyond the charts: who played (and the warnings), the wonder-side
and card verdicts with their corrections, the age-and-colour breakdown."""
from __future__ import annotations

import html
from typing import Any

META_HIDDEN = ("bot_labels", "warnings", "corrections", "designer_cards")  # shown in their own blocks


def _e(x: Any) -> str:
    return html.escape(str(x))


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _span(ci: list[float]) -> str:
    return f"{100 * ci[0]:+.1f} to {100 * ci[1]:+.1f}"


def meta_table(meta: dict[str, Any]) -> str:
    def text(v: Any) -> str:
        return ", ".join(map(str, v)) if isinstance(v, (list, tuple)) else str(v)
    rows = "".join(f"<tr><th>{_e(k)}</th><td>{_e(text(v))}</td></tr>" for k, v in meta.items()
                   if k not in META_HIDDEN)
    return f"<table>{rows}</table>"


def labels_block(meta: dict[str, Any]) -> str:
    """Which bots played, what each is, and the warnings: said on every report."""
    items = []
    for e in meta.get("bot_labels", []):
        kind = "<b>heuristic</b>: " if e["heuristic"] else ""
        seats = ", ".join(str(s) for s in e["seats"])
        items.append(f"<li><b>{_e(e['bot'])}</b> (seats {_e(seats)}): {kind}{_e(e['label'])}</li>")
    warnings = "".join(f'<li class="warn">warning: {_e(w)}</li>' for w in meta.get("warnings", []))
    return (f'<div id="bots"><p class="note">Bots that played (the figures describe their play, not '
            f'people\'s):</p><ul>{"".join(items)}{warnings}</ul></div>')


def _row_class(test: dict[str, Any] | None) -> str:
    return ' class="sig"' if test and test["significant"] else ""


def wonder_verdicts(stats: dict[str, Any]) -> str:
    v = stats["verdicts"]
    c = v["wonder_correction"]
    rows = []
    for w, row in sorted(v["wonders"].items(), key=lambda kv: (-kv[1]["win_rate"]["rate"], kv[0])):
        r, d = row["win_rate"], row["diff"]
        cells = (f'<td class="n">{100 * d["diff"]:+.1f}</td><td class="n">{_span(d["ci"])}</td>'
                 f'<td class="n">{d["p_holm"]:.3g}</td><td>{"yes" if d["significant"] else ""}</td>'
                 if d else '<td colspan="4">not tested</td>')
        rows.append(f'<tr{_row_class(d)}><td>{_e(w)}</td><td class="n">{_pct(r["rate"])}</td>'
                    f'<td class="n">{_pct(row["others"]["rate"])}</td>{cells}</tr>')
    return (f'<table><caption>{_e(c["text"])}; {_e(c["interval"])} intervals</caption>'
            "<tr><th>wonder side</th><th>win rate</th><th>others</th><th>difference (pts)</th>"
            f"<th>simultaneous 95% CI</th><th>p (Holm)</th><th>significant</th></tr>{''.join(rows)}</table>")


def card_verdicts(stats: dict[str, Any], caption: str = "card verdicts", key: str = "verdicts") -> str:
    """Every card's verdict, the designer's cards first (marked *), significant rows marked;
    key "associations" (compare's appendix): the same figures with no verdict word and nothing
    marked (the experiment gives the cards' verdicts)."""
    v = stats[key]
    words = key == "verdicts"
    c = v["card_correction"]
    rows = []
    for r in v["cards"]:
        d = r["win_diff"]
        share = r["built_when_dealt"]
        test = (f'<td class="n">{100 * d["diff"]:+.1f}</td><td class="n">{_span(d["ci"])}</td>'
                f'<td class="n">{d["p_holm"]:.3g}</td>' + (f'<td>{_e(r["verdict"])}</td>' if words else "")
                if d else f'<td colspan="{4 if words else 3}">{_e(r["untested"])}</td>')
        passed = r["win_rate_passed"]
        rows.append(
            f'<tr{_row_class(d) if words else ""}><td>{"* " if r["designer"] else ""}{_e(r["card"])}</td>'
            f'<td class="n">{r["age"]}</td><td>{_e(r["color"])}</td><td class="n">{r["dealt"]}</td>'
            f'<td class="n">{_pct(share["rate"]) if share else "-"}</td>'
            f'<td class="n">{_pct(r["win_rate_built"]["rate"]) if r["builds"] else "-"} ({r["builds"]})</td>'
            f'<td class="n">{_pct(passed["rate"]) if passed["n"] else "-"} ({passed["n"]})</td>{test}'
            f'<td class="n">{r["points_per_build"]["mean"]:.2f}</td>'
            f'<td class="n">{r["coins_per_build"]["mean"]:.2f}</td></tr>')
    head = ("<tr><th>card</th><th>age</th><th>colour</th><th>dealt</th><th>built when dealt</th>"
            "<th>win rate built (n)</th><th>win rate passed (n)</th><th>difference (pts)</th>"
            "<th>simultaneous 95% CI</th><th>p (Holm)</th>" + ("<th>verdict</th>" if words else "") +
            "<th>points</th><th>coins</th></tr>")
    return (f'<table class="verdicts"><caption>{_e(caption)}: {_e(c["text"])}; {_e(c["interval"])} '
            f'intervals</caption>{head}'
            f'{"".join(rows)}</table>')


def compare_associations(stats: list[dict[str, Any]], meta: dict[str, Any]) -> str:
    """The compare report's appendix: the built-or-passed figures of the designer's cards (in
    B; in A for --without, where B lacks them), then of every card of B; associations, no
    verdicts (those are the experiment's)."""
    which = "A" if meta.get("without") else "B"
    ours = ""
    if meta.get("designer_cards"):
        v = stats["AB".index(which)]["associations"]
        only = {"associations": {**v, "cards": [r for r in v["cards"] if r["designer"]]}}
        ours = card_verdicts(only, f"the designer's cards in {which} ({meta.get(which, which)})", "associations")
    every = card_verdicts(stats[1], f"every card in B ({meta.get('B', 'B')})", "associations")
    return (f'<section id="associations"><h2>Appendix: associations (built or passed)</h2>'
            f'<p class="note">Who built a card and who passed it, and how often each won: a correlation '
            f'(who builds a card depends on the position), not a verdict. The verdicts are the '
            f'experiment\'s, above.</p>{VERDICT_NOTE}{ours}{every}</section>')


def group_table(stats: dict[str, Any]) -> str:
    rows = []
    for g in stats["verdicts"]["groups"]:
        share = g["built_when_dealt"]
        rows.append(f'<tr><td class="n">{g["age"]}</td><td>{_e(g["color"])}</td><td class="n">{g["cards"]}</td>'
                    f'<td class="n">{_pct(share["rate"]) if share else "-"}</td>'
                    f'<td class="n">{_pct(g["win_rate_built"]["rate"]) if g["builds"] else "-"}</td>'
                    f'<td class="n">{_pct(g["win_rate_passed"]["rate"]) if g["win_rate_passed"]["n"] else "-"}</td>'
                    f'<td class="n">{g["points_per_build"]["mean"]:.2f}</td>'
                    f'<td class="n">{g["coins_per_build"]["mean"]:.2f}</td></tr>')
    return ("<table><caption>by age and colour</caption><tr><th>age</th><th>colour</th><th>cards</th>"
            "<th>built when dealt</th><th>win rate built</th><th>win rate passed</th><th>points/build</th>"
            f"<th>coins/build</th></tr>{''.join(rows)}</table>")


VERDICT_NOTE = """<p class="note">Dealt: player-games in which the card was in the player's hand at
one of their decisions. Built when dealt: the share of those in which they built it. Win rate built /
passed: the players who built it, and those who could have built it (a legal build at one of their
decisions) and did not. The difference carries a simultaneous 95% interval (Agresti-Caffo, Bonferroni
over the rows tested) and a Holm-corrected p-value; significant rows are marked. With bots that choose
at random the split is a coin flip, so the difference is the card's effect on their play; with other
bots it is correlation, not cause. Points: the card's own victory points plus the science line it
adds; coins: what its effects gave its owner (see docs/simulation.md).</p>"""

"""The terminal views of the simulation statistics: who played, the wonder sides, the card
verdicts and their corrections (rich tables; the JSON and HTML carry the same figures)."""
from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

SHOWN = 10  # card rows shown besides the designer's and the significant ones


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def span(ci: list[float]) -> str:
    """An interval of rate differences in points of percentage, signed ('+3.1 to +9.0')."""
    return f"{100 * ci[0]:+.1f} to {100 * ci[1]:+.1f}"


VERDICT_STYLE = {"stronger": "[red]stronger[/]", "weaker": "[blue]weaker[/]"}


def mark(test: dict[str, Any] | None) -> str:
    return "[red]yes[/]" if test and test["significant"] else ""


def bots_line(meta: dict[str, Any]) -> str:
    """'bots: greedy x4 (heuristic: ...)': said in every terminal output."""
    parts = []
    for e in meta["bot_labels"]:
        kind = "heuristic: " if e["heuristic"] else ""
        parts.append(f"{e['bot']} x{len(e['seats'])} ({kind}{e['label']})")
    return "bots: " + escape(", ".join(parts))


def header(console: Console, stats: dict[str, Any], meta: dict[str, Any]) -> None:
    console.print(f"[bold]{escape(meta['pack'])}[/]: {stats['games']} games, {meta['players']} players, "
                  f"sides {meta['sides']}, seed {meta['seed']}"
                  + (" [red](interrupted)[/]" if meta["interrupted"] else ""))
    console.print(bots_line(meta))
    for w in meta.get("warnings", []):
        console.print(f"[yellow]warning[/]: {escape(w)}")


def wonder_table(stats: dict[str, Any]) -> Table:
    v = stats["verdicts"]
    c = v["wonder_correction"]
    t = Table(title=f"Win rate per wonder side, 95% Wilson CI; against the others: {c['method']}-corrected "
                    f"over {c['rows']} sides", box=box.SIMPLE_HEAD, pad_edge=False)
    for col in ("wonder", "win rate [CI]", "vs others [CI]", "p Holm", "sig", "points"):
        t.add_column(col, justify="left" if col == "wonder" else "right", no_wrap=True)
    rows = sorted(v["wonders"].items(), key=lambda kv: (-kv[1]["win_rate"]["rate"], kv[0]))
    for w, row in rows:
        r, d = row["win_rate"], row["diff"]
        t.add_row(escape(w), f"{pct(r['rate'])} [{100 * r['ci95'][0]:.0f},{100 * r['ci95'][1]:.0f}]",
                  f"{100 * d['diff']:+.1f} {short_span(d['ci'])}" if d else "-",
                  f"{d['p_holm']:.3g}" if d else "-", mark(d),
                  f"{stats['scores_by_wonder'][w]['total']['mean']:.1f}")
    return t


def chosen_rows(rows: list[dict[str, Any]], shown: int = SHOWN) -> list[dict[str, Any]]:
    """The designer's cards, then the significant ones, then the smallest corrected p-values,
    at least `shown` rows in all."""
    ours = [r for r in rows if r["designer"]]
    tested = sorted((r for r in rows if not r["designer"] and r["win_diff"]),
                    key=lambda r: (r["win_diff"]["p_holm"], r["win_diff"]["p"], r["card"], r["age"]))
    sig = [r for r in tested if r["win_diff"]["significant"]]
    rest = [r for r in tested if not r["win_diff"]["significant"]]
    return ours + sig + rest[:max(0, shown - len(ours) - len(sig))]


def short_span(ci: list[float]) -> str:
    """'[-12,+32]': an interval of rate differences in whole points of percentage."""
    return f"[{100 * ci[0]:+.0f},{100 * ci[1]:+.0f}]"


def verdict_table(verdicts: dict[str, Any], title: str, rows: list[dict[str, Any]] | None = None,
                  verdicts_col: bool = True) -> Table:
    """The card rows (by default chosen_rows), narrow enough for 80 columns: the JSON and the
    HTML report carry every figure (p-values, points and coins per build). Without
    `verdicts_col` (compare's associations) nothing is called stronger or weaker: the last
    column only says why a card has no figure."""
    rows = chosen_rows(verdicts["cards"]) if rows is None else rows
    t = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False)
    for col in ("card", "age", "dealt", "built", "win b/p", "diff [95%]", "verdict" if verdicts_col else "note"):
        t.add_column(col, justify="left" if col in ("card", "age", "verdict") else "right",
                     no_wrap=col != "card")
    for r in rows:
        d = r["win_diff"]
        share = r["built_when_dealt"]
        built = f"{100 * r['win_rate_built']['rate']:.0f}" if r["builds"] else "-"
        passed = f"{100 * r['win_rate_passed']['rate']:.0f}" if r["win_rate_passed"]["n"] else "-"
        t.add_row(escape(("* " if r["designer"] else "") + r["card"]), f"{r['age']} {escape(r['color'])}",
                  str(r["dealt"]), f"{100 * share['rate']:.0f}%" if share else "-", f"{built}/{passed}%",
                  f"{100 * d['diff']:+.0f} {short_span(d['ci'])}" if d else "-",
                  (VERDICT_STYLE.get(r["verdict"], "") if verdicts_col else "") if d else escape(_untested(r)))
    return t


def _untested(r: dict[str, Any]) -> str:
    """Why a card has no built-or-passed figure, in a word or two."""
    why = r.get("untested") or ""
    if "never built" in why:
        return "never built"
    if "always" in why:
        return "always taken"
    return "untested"


def group_table(verdicts: dict[str, Any]) -> Table:
    t = Table(title="By age and colour (all cards of the group together)", box=box.SIMPLE_HEAD, pad_edge=False)
    for col in ("age", "colour", "cards", "built", "win built", "win passed", "points", "coins"):
        t.add_column(col, justify="left" if col == "colour" else "right")
    for g in verdicts["groups"]:
        share = g["built_when_dealt"]
        t.add_row(str(g["age"]), escape(g["color"]), str(g["cards"]), pct(share["rate"]) if share else "-",
                  pct(g["win_rate_built"]["rate"]) if g["builds"] else "-",
                  pct(g["win_rate_passed"]["rate"]) if g["win_rate_passed"]["n"] else "-",
                  f"{g['points_per_build']['mean']:.2f}" if g["builds"] else "-",
                  f"{g['coins_per_build']['mean']:.2f}" if g["builds"] else "-")
    return t


def card_notes(console: Console, verdicts: dict[str, Any], shown: int, verdicts_col: bool = True) -> None:
    corr = verdicts["card_correction"]
    word = (f"verdict: stronger or weaker when the {corr['method']}-corrected p over {corr['rows']} card rows "
            f"is below {corr['alpha']:g}. " if verdicts_col else "")
    console.print(f"* the designer's cards. dealt: player-games in which it was in hand at a decision; "
                  f"built: share of those in which it was built; win b/p: win rates of the "
                  f"players who built it and of those who could have built it and did not; "
                  f"diff: their difference in points of percentage, with {escape(corr['interval'])} "
                  f"intervals (Agresti-Caffo); {word}"
                  f"A correlation, not a cause: who builds a card depends on the position "
                  f"(`wonders compare` measures the designer's cards by experiment).")
    total = len(verdicts["cards"])
    if total > shown:
        console.print(f"{shown} of {total} cards shown: --json or --report for all of them")


def designer_verdicts(console: Console, verdicts: dict[str, Any]) -> None:
    """Each of the designer's cards in one sentence: is it stronger than what its holders
    played instead?"""
    for r in (r for r in verdicts["cards"] if r["designer"]):
        d, name = r["win_diff"], escape(r["card"])
        if d is None:
            console.print(f"{name}: {escape(r['untested'] or 'untested')} (dealt {r['dealt']} times): a finding, "
                          "not a sign that it is fine; nobody passed it to compare with")
            continue
        gap = f"{100 * d['diff']:+.1f} points of win rate ({span(d['ci'])}, Holm p {d['p_holm']:.3g})"
        if r["verdict"] == "not shown":
            console.print(f"{name}: not shown stronger or weaker than the plays its holders chose instead "
                          f"over {r['dealt']} hands: {gap}")
        else:
            console.print(f"{name}: {VERDICT_STYLE[r['verdict']]} than the plays its holders chose instead: "
                          f"its builders won {gap} against those who passed it")


def summary(console: Console, stats: dict[str, Any], meta: dict[str, Any]) -> None:
    """The whole terminal summary of one run."""
    header(console, stats, meta)
    console.print(wonder_table(stats))
    bots = ", ".join(f"{b} {pct(r['rate'])}" for b, r in stats["win_rate"]["by_bot"].items())
    console.print(f"win rate per bot: {escape(bots)}")
    human_line(console, stats)
    v = stats["verdicts"]
    rows = chosen_rows(v["cards"])
    console.print(verdict_table(v, "Card verdicts (designer's cards first, then the strongest evidence)"))
    console.print(group_table(v))
    card_notes(console, v, len(rows))
    designer_verdicts(console, v)
    if stats["errors"]:
        console.print(f"[red]{stats['errors']} game(s) failed[/]: {escape(stats['error_samples'][0])}")


def human_line(console: Console, stats: dict[str, Any]) -> None:
    """The bots' per-wonder win rates beside human play, where the pack ships the figures."""
    human = stats.get("human")
    if not human:
        return
    rows = "; ".join(f"{r['wonder']} {pct(r['bots'])} (humans {pct(r['human'])})" for r in human["rows"])
    console.print(f"beside human play ({escape(human['source'])}): {escape(rows)}")
    for r in human["rows"]:
        if r.get("caveat"):
            console.print(f"  (humans' {escape(r['wonder'])}: {escape(r['caveat'])})")

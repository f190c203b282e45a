"""Does the search bot's balance depend on its budget? Not run in CI (minutes to an hour).

    python benchmarks/search_budget.py --games 400 --players 4 --budgets 16,32,64 --noise --save runs/
    python benchmarks/search_budget.py ... --width 0   # every candidate searched (search:N:w0)

Self-play (every seat a search bot) on the same seeds at each budget, through `wonders simulate
--json` as a user runs it. For every wonder side, and every wonder with both sides together: the
win rate with its 95% Wilson interval at each budget; whether the rate at the next budget falls
outside the interval at this one (the issue's test: "doubling the budget moves no side by more
than its CI"); and the difference with a two-proportion test, Holm-corrected over the rows.

Chance alone moves some rows outside a 95% interval: two independent estimates of one rate differ
by more than one interval's half-width in about 17% of cases, so with 14 sides a row or two is
expected to cross even when nothing changed. The corrected test is the one that says a move is
real. --noise measures that floor: each budget again with another search stream (search:N:s1),
the same bot on the same deals. Figures go to docs/bots.md.
"""
from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from interpreter.sim.correction import holm
from interpreter.sim.stats import Rate, compare_rates

ROOT = Path(__file__).resolve().parent.parent


def wilson(hits: float, n: int) -> tuple[float, float]:
    return Rate(hits, n).wilson()  # type: ignore[arg-type]


def p_two(a: tuple[float, int], b: tuple[float, int]) -> float:
    """Two-sided p of a two-proportion z test (pooled), unrounded."""
    p = compare_rates(Rate(*a), Rate(*b), raw=True)["p_raw"]  # type: ignore[arg-type]
    return 1.0 if p is None else p


def run(bot: str, args: argparse.Namespace) -> tuple[dict[str, tuple[float, int]], float | None]:
    """(side -> (wins, games)) of a self-play run, and its wall time (None: read from --save)."""
    saved = Path(args.save) / f"{bot.replace(':', '-')}-{args.games}.json" if args.save else None
    wall = None
    if saved and saved.exists():
        out = saved.read_text()
    else:
        cmd = [sys.executable, "-c", "from interpreter.cli import console; console()", "simulate",
               "--pack", args.pack, "--bots", bot, "--games", str(args.games), "--players",
               str(args.players), "--workers", str(args.workers), "--seed", str(args.seed), "--json"]
        start = time.perf_counter()
        out = subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True).stdout
        wall = time.perf_counter() - start
        if saved:
            saved.parent.mkdir(parents=True, exist_ok=True)
            saved.write_text(out)
    data: dict[str, Any] = json.loads(out)
    rows = {side: (float(r["hits"]), int(r["n"])) for side, r in data["win_rate"]["by_wonder"].items()}
    return rows, wall


def with_wonders(rows: dict[str, tuple[float, int]]) -> dict[str, tuple[float, int]]:
    """The sides, then each wonder with both its sides."""
    out = dict(sorted(rows.items()))
    for side, (h, n) in sorted(rows.items()):
        wonder = side.rsplit(" ", 1)[0] + " (both)"
        ph, pn = out.get(wonder, (0.0, 0))
        out[wonder] = (ph + h, pn + n)
    return out


def z_two(a: tuple[float, int], b: tuple[float, int]) -> float:
    """The pooled two-proportion z of b against a (0 when there is nothing to test)."""
    (h0, n0), (h1, n1) = a, b
    if not n0 or not n1:
        return 0.0
    pooled = (h0 + h1) / (n0 + n1)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n0 + 1 / n1))
    return (h1 / n1 - h0 / n0) / se if se > 0 else 0.0


def chi2_sf(x: float, df: int) -> float:
    """P(chi-square with df degrees of freedom > x), df even (closed form)."""
    m, term, total = df // 2, 1.0, 1.0
    for i in range(1, m):
        term *= (x / 2) / i
        total += term
    return min(1.0, math.exp(-x / 2) * total)


def report(title: str, lo: dict[str, tuple[float, int]], hi: dict[str, tuple[float, int]]) -> None:
    """Each row at both settings, whether it left the first one's interval, Holm's test; then
    one test of all the sides at once: the sum of their squared z (chi-square, one degree of
    freedom a side, when nothing changed), which does not depend on where an interval's edge
    falls as the count of sides outside does (about 2.4 of 14 by chance alone)."""
    print(f"\n{title}")
    names = list(lo)
    ps = holm([p_two(lo[k], hi[k]) for k in names])
    crossed = 0
    for k, p in zip(names, ps):
        (h0, n0), (h1, n1) = lo[k], hi[k]
        a, b = wilson(h0, n0)
        c, d = wilson(h1, n1)
        r0, r1 = h0 / n0 if n0 else 0.0, h1 / n1 if n1 else 0.0
        out = not a <= r1 <= b
        crossed += out and "(both)" not in k
        print(f"  {k:22} {r0:6.1%} ({a:.0%}-{b:.0%}) n={n0:<4} -> {r1:6.1%} ({c:.0%}-{d:.0%}) "
              f"n={n1:<4} {'OUTSIDE' if out else 'inside ':8} Holm p={p:.3f}"
              f"{'  SIGNIFICANT' if p < 0.05 else ''}")
    sides = [k for k in names if "(both)" not in k]
    chi2 = sum(z_two(lo[k], hi[k]) ** 2 for k in sides)
    moved = max(abs(hi[k][0] / hi[k][1] - lo[k][0] / lo[k][1]) for k in sides if lo[k][1] and hi[k][1])
    df = len(sides) + len(sides) % 2  # (chi2_sf takes an even count; the base game has 14 sides)
    print(f"  {crossed} of {len(sides)} sides moved outside the first interval; "
          f"{sum(p < 0.05 for p in ps)} rows differ significantly after Holm; "
          f"all sides at once: chi2 = {chi2:.1f} on {df} df, p = {chi2_sf(chi2, df):.2f}; "
          f"largest move {moved:.1%}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pack", default="base")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--budgets", default="64,128", help="playouts per decision, comma-separated")
    ap.add_argument("--noise", action="store_true",
                    help="also run each budget with another search stream (search:N:s1): how far "
                         "two runs of the same bot on the same deals differ")
    ap.add_argument("--width", type=int, default=None,
                    help="candidates searched per decision (search:N:wM; default: the bot's own)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--save", help="a folder keeping each run's JSON (a run found there is not played again)")
    args = ap.parse_args()
    budgets = [int(b) for b in args.budgets.split(",")]
    w = f":w{args.width}" if args.width is not None else ""
    bots = [f"search:{b}{w}" for b in budgets] + ([f"search:{b}{w}:s1" for b in budgets] if args.noise else [])
    runs = {}
    for bot in bots:
        rows, wall = run(bot, args)
        runs[bot] = with_wonders(rows)
        took = f"{wall:.0f} s wall ({args.workers} workers)" if wall is not None else "saved"
        print(f"{bot}: {args.games} games, {args.players} players, {took}", flush=True)
    same = f"self-play, {args.games} games from seed {args.seed}, the same deals"
    for lo, hi in zip(budgets, budgets[1:]):
        report(f"search:{lo}{w} -> search:{hi}{w} ({same})", runs[f"search:{lo}{w}"], runs[f"search:{hi}{w}"])
    if args.noise:
        for b in budgets:
            report(f"search:{b}{w} -> search:{b}{w}:s1, the same bot with another search stream ({same})",
                   runs[f"search:{b}{w}"], runs[f"search:{b}{w}:s1"])
        pooled = {b: {k: (runs[f"search:{b}{w}"][k][0] + runs[f"search:{b}{w}:s1"][k][0],
                          runs[f"search:{b}{w}"][k][1] + runs[f"search:{b}{w}:s1"][k][1])
                      for k in runs[f"search:{b}{w}"]}
                  for b in budgets}
        for lo, hi in zip(budgets, budgets[1:]):
            report(f"search:{lo}{w} -> search:{hi}{w}, both streams of each pooled (every deal counted twice: "
                   f"the intervals are a little too narrow)", pooled[lo], pooled[hi])
        for lo in budgets[:-2]:
            report(f"search:{lo}{w} -> search:{budgets[-1]}{w} (the largest budget), both streams of each pooled",
                   pooled[lo], pooled[budgets[-1]])


if __name__ == "__main__":
    main()

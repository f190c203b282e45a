"""Does the search bot's balance depend on its budget? Not run in CI (minutes to an hour).

    python benchmarks/search_budget.py --games 400 --players 4 --budgets 64,128,256 --workers 2

Self-play (every seat a search bot) on the same seeds at each budget, through `wonders simulate
--json` as a user runs it. For every wonder side, and every wonder with both sides together: the
win rate with its 95% Wilson interval at each budget; whether the rate at the next budget falls
outside the interval at this one (the issue's test: "doubling the budget moves no side by more
than its CI"); and the difference with a two-proportion test, Holm-corrected over the rows.

Chance alone moves some rows outside a 95% interval: two independent estimates of one rate differ
by more than one interval's half-width in about 17% of cases, so with 14 sides a row or two is
expected to cross even when nothing changed. The corrected test is the one that says a move is
real. Figures go to docs/bots.md.
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

ROOT = Path(__file__).resolve().parent.parent


def wilson(hits: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def p_two(a: tuple[float, int], b: tuple[float, int]) -> float:
    """Two-sided p of a two-proportion z test (pooled)."""
    (ha, na), (hb, nb) = a, b
    if not na or not nb:
        return 1.0
    pool = (ha + hb) / (na + nb)
    se = math.sqrt(pool * (1 - pool) * (1 / na + 1 / nb))
    if se == 0:
        return 1.0
    z = abs(ha / na - hb / nb) / se
    return math.erfc(z / math.sqrt(2))


def holm(ps: list[float]) -> list[float]:
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    out = [1.0] * len(ps)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(ps) - rank) * ps[i]))
        out[i] = running
    return out


def run(budget: int, args: argparse.Namespace) -> tuple[dict[str, tuple[float, int]], float]:
    """(side -> (wins, games)) of a self-play run, and its wall time."""
    cmd = [sys.executable, "-c", "from interpreter.cli import console; console()", "simulate", "--pack", args.pack,
           "--bots", f"search:{budget}", "--games", str(args.games), "--players", str(args.players),
           "--workers", str(args.workers), "--seed", str(args.seed), "--json"]
    start = time.perf_counter()
    out = subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True).stdout
    wall = time.perf_counter() - start
    data: dict[str, Any] = json.loads(out)
    if args.save:
        Path(args.save).mkdir(parents=True, exist_ok=True)
        (Path(args.save) / f"search-{budget}.json").write_text(out)
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pack", default="base")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--budgets", default="64,128", help="playouts per decision, comma-separated")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--save", help="a folder for each run's JSON")
    args = ap.parse_args()
    budgets = [int(b) for b in args.budgets.split(",")]
    runs = {}
    for b in budgets:
        rows, wall = run(b, args)
        runs[b] = with_wonders(rows)
        print(f"search:{b}: {args.games} games, {args.players} players, {wall:.0f} s wall "
              f"({args.workers} workers)", flush=True)
    names = list(runs[budgets[0]])
    for lo, hi in zip(budgets, budgets[1:]):
        print(f"\nsearch:{lo} -> search:{hi} (self-play, seeds {args.seed}-based, same deals)")
        ps = holm([p_two(runs[lo][k], runs[hi][k]) for k in names])
        crossed = 0
        for k, p in zip(names, ps):
            (h0, n0), (h1, n1) = runs[lo][k], runs[hi][k]
            a, b = wilson(h0, n0)
            r0, r1 = h0 / n0 if n0 else 0.0, h1 / n1 if n1 else 0.0
            out = not a <= r1 <= b
            crossed += out and "(both)" not in k
            c, d = wilson(h1, n1)
            print(f"  {k:24} {r0:6.1%} ({a:.0%}-{b:.0%}) n={n0:<4} -> {r1:6.1%} ({c:.0%}-{d:.0%}) "
                  f"n={n1:<4} {'OUTSIDE' if out else 'inside ':8} Holm p={p:.3f}"
                  f"{'  SIGNIFICANT' if p < 0.05 else ''}")
        sides = sum("(both)" not in k for k in names)
        print(f"  {crossed} of {sides} sides moved outside the {lo}-playout interval; "
              f"{sum(p < 0.05 for p in ps)} rows differ significantly after Holm")


if __name__ == "__main__":
    main()

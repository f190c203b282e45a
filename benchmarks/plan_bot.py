"""Bots side by side against greedy: win rate, margin and CPU time per decision, one run.

    python benchmarks/plan_bot.py --games 400 --players 4 --bots search,search:64,plan --workers 2

Each bot of --bots plays the same games: game k (seed k, random sides) puts it at seat k mod N
and greedy bots everywhere else, so every bot meets the same deals at the same seats. For each:
its win rate (ties shared) with a 95% Wilson interval, its mean margin over the best other
player, and two costs, both CPU time (time.process_time, so the other jobs on the machine are not
counted, though they slow the CPU's caches): `ms/decision`, the game's time (greedy seats and the
engine included) over every decision the bot was asked; `bot ms/call`, the bot's own time over
the same; `ms/searched`, the game's time over the decisions it searched, as
benchmarks/search_strength.py counts it (for the figures before). Then each bot against the first
(the same seeds): the difference of win rates with a paired 95% interval. The machine's load
average is printed beside, since CPU time on a shared machine drifts with it.
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import os
import time
from typing import Any

from interpreter.sim.stats import Rate

_CP: dict[str, Any] = {}


def _cp(pack: str) -> Any:
    if pack not in _CP:
        from dsl.loader import load_pack
        from interpreter.rules.compiled import compile_pack
        _CP[pack] = compile_pack(load_pack(pack))
    return _CP[pack]


def _warm(pack: str, players: int) -> None:
    """A worker's first game, untimed: the pack compiled and taken to the native core once."""
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    Game(_cp(pack), make_bots("search:4,greedy", players), seed=10**9).play()


class _Timed:
    """A bot whose calls are timed (CPU), answering as the bot does."""

    def __init__(self, bot: Any):
        self.bot, self.name, self.seconds, self.calls = bot, getattr(bot, "name", "bot"), 0.0, 0

    def _timed(self, method: str, *args: Any) -> Any:
        start = time.process_time()
        try:
            return getattr(self.bot, method)(*args)
        finally:
            self.seconds += time.process_time() - start
            self.calls += 1

    def choose(self, obs: Any, moves: Any) -> Any:
        return self._timed("choose", obs, moves)

    def choose_card(self, obs: Any, cards: Any, purpose: str) -> Any:
        return self._timed("choose_card", obs, cards, purpose)

    def choose_payment(self, obs: Any, due: int, can: int) -> int:
        return self._timed("choose_payment", obs, due, can)


def play_one(job: tuple[str, int, str, int]) -> dict[str, Any]:
    """Game k with `spec` at seat k mod N and greedy elsewhere."""
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    pack, players, spec, k = job
    seat = k % players
    bots = make_bots("greedy", players)
    bot = make_bots(spec, 1)[0]
    bots[seat] = timed = _Timed(bot)
    cp = _cp(pack)
    start = time.process_time()
    scores = Game(cp, bots, seed=k, sides="random").play()
    seconds = time.process_time() - start
    winners = scores["winners"]
    totals = [p["total"] for p in scores["players"]]
    return {"spec": spec, "k": k, "share": 1 / len(winners) if seat in winners else 0.0,
            "margin": totals[seat] - max(t for s, t in enumerate(totals) if s != seat),
            "decisions": getattr(bot, "searched", 0), "playouts": getattr(bot, "spent", 0),
            "seconds": seconds, "bot_seconds": timed.seconds, "calls": timed.calls}


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    g = len(rows)
    wins = sum(r["share"] for r in rows)
    low, high = Rate(wins, g).wilson()  # type: ignore[arg-type]  # ties shared
    decisions = max(1, sum(r["decisions"] for r in rows))
    return {"games": g, "win_rate": round(wins / g, 3), "ci95": [round(low, 3), round(high, 3)],
            "mean_margin": round(sum(r["margin"] for r in rows) / g, 2),
            # the game's CPU time (greedy seats, engine) over the bot's decisions (every call)
            "ms_per_decision": round(1000 * sum(r["seconds"] for r in rows) / max(1, sum(r["calls"] for r in rows)), 2),
            # the same over its searched decisions only, as benchmarks/search_strength.py counts
            "ms_per_searched": round(1000 * sum(r["seconds"] for r in rows) / decisions, 2),
            "bot_ms_per_call": round(1000 * sum(r["bot_seconds"] for r in rows)
                                     / max(1, sum(r["calls"] for r in rows)), 2),
            "playouts_per_decision": round(sum(r["playouts"] for r in rows) / decisions, 1)}


def paired(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> dict[str, Any]:
    """b's win share minus a's on the same seeds: the mean and a normal 95% interval."""
    d = [y["share"] - x["share"] for x, y in zip(a, b)]
    n = len(d)
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    return {"difference": round(mean, 3), "ci95": [round(mean - half, 3), round(mean + half, 3)]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pack", default="base")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bots", default="search,search:64,plan", help="roster specs, the first the reference")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0, help="the first seed")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    specs = [s.strip() for s in args.bots.split(",") if s.strip()]
    # interleaved (game by game, bot by bot) so that the machine's drift falls on every bot alike
    jobs = [(args.pack, args.players, spec, k) for k in range(args.seed, args.seed + args.games) for spec in specs]
    load_before = os.getloadavg()
    start = time.time()
    with mp.get_context("fork").Pool(args.workers, _warm, (args.pack, args.players)) as pool:
        rows = pool.map(play_one, jobs, chunksize=1)
    by_spec = {spec: sorted((r for r in rows if r["spec"] == spec), key=lambda r: r["k"]) for spec in specs}
    out: dict[str, Any] = {
        "pack": args.pack, "players": args.players, "seeds": [args.seed, args.seed + args.games - 1],
        "workers": args.workers, "wall_seconds": round(time.time() - start, 1),
        "load_average": {"before": [round(x, 1) for x in load_before], "after": [round(x, 1) for x in os.getloadavg()]},
        "fair_share": round(1 / args.players, 3),
        "bots": {spec: summary(by_spec[spec]) for spec in specs},
        "against_first": {spec: paired(by_spec[specs[0]], by_spec[spec]) for spec in specs[1:]}}
    if args.json:
        print(json.dumps(out, indent=2))
        return
    print(f"{args.pack}, {args.players} players, seeds {out['seeds'][0]}-{out['seeds'][1]}, "
          f"{args.workers} workers, {out['wall_seconds']} s wall; load average {out['load_average']['before']} "
          f"before, {out['load_average']['after']} after; fair share {out['fair_share']:.1%}")
    print(f"{'bot':<16} {'games':>5} {'wins (95% CI)':>22} {'margin':>7} {'ms/decision':>11} "
          f"{'bot ms/call':>11} {'ms/searched':>11} {'playouts':>8}  vs {specs[0]} (paired 95% CI)")
    for spec in specs:
        s = out["bots"][spec]
        vs = out["against_first"].get(spec)
        versus = f"{vs['difference']:+.1%} ({vs['ci95'][0]:+.1%} to {vs['ci95'][1]:+.1%})" if vs else ""
        print(f"{spec:<16} {s['games']:>5} {s['win_rate']:>7.1%} ({s['ci95'][0]:.1%}-{s['ci95'][1]:.1%})"
              f" {s['mean_margin']:>+7.2f} {s['ms_per_decision']:>11.2f} {s['bot_ms_per_call']:>11.2f}"
              f" {s['ms_per_searched']:>11.2f}"
              f" {s['playouts_per_decision']:>8.1f}  {versus}")


if __name__ == "__main__":
    main()

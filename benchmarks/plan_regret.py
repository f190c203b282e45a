"""How well does a bot's search choose, at what cost? Regret against a large search, per decision.

    python benchmarks/plan_regret.py --games 12 --bots search:32,search:64,plan --reference 512

Positions: the age turns of greedy games (base, 4 players, seeds 0..G-1, random sides), one seat
a game (game k: seat k mod N), each turn of it with more than one candidate. At each, a reference
search (flat Monte Carlo over greedy's best 4 candidates, --reference playouts, another search
stream) values every candidate; each bot of --bots then decides on a copy of the position, and
its regret is the reference value of the reference's best candidate less that of the one it
chose (0: it chose as the large search does; the value is the search's: rank 1..0 plus a
hundredth a point of margin). --by-turn splits the regret and time by age and hand size,
--gaps by greedy's score gap between its best two candidates. Far less noisy than win rates (a decision, not a game, is the
unit) and it says nothing about value shaping (the reference has its own); the CPU time is the
bot's own per decision. Bots are roster specs: search:N, plan:N with its options.
"""
from __future__ import annotations

import argparse
import math
import multiprocessing as mp
import time
from typing import Any


def positions(job: tuple[int, int, list[str], int]) -> list[dict[str, Any]]:
    """Game k's decisions of seat k mod N: the reference values and each bot's regret and time."""
    from dsl.loader import load_pack
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    from interpreter.players.bots import GreedyBot
    from interpreter.players.search import candidates, shortlist
    from interpreter.rules.compiled import compile_pack
    k, players, specs, reference = job
    cp = _CP.get("base") or _CP.setdefault("base", compile_pack(load_pack("base")))
    seat = k % players
    game = Game(cp, make_bots("greedy", players), seed=k, sides="random")
    rows = []
    while (pending := game.pending()):
        d = pending.get(seat)
        if d is not None and d.kind == "move" and game.sub == "turn":
            obs = game.clone().observe(seat)
            cands = shortlist(obs, candidates(obs, list(d.moves)), 4)
            if len(cands) > 1:
                ref = _Values(reference, stream=7)
                ref.search(obs, cands)
                best = max(ref.means)
                row: dict[str, Any] = {"regret": {}, "ms": {}, "where": (obs.age, len(obs.hand))}
                sc = sorted(GreedyBot().score_moves(obs, cands), reverse=True)
                row["gap"] = sc[0] - sc[1]
                for spec in specs:
                    bot = make_bots(spec, 1)[0]
                    o = game.clone().observe(seat)
                    start = time.process_time()
                    move = bot.choose(o, list(d.moves))
                    row["ms"][spec] = 1000 * (time.process_time() - start)
                    keys = [(m.card, m.action, m.free == "power", m.stage) for m in cands]
                    mine = (move.card, move.action, move.free == "power", move.stage)
                    # a move outside the shortlist (never for these bots) counts the worst regret
                    row["regret"][spec] = best - (ref.means[keys.index(mine)] if mine in keys else min(ref.means))
                rows.append(row)
        game.step(game.ask_bots())
    return rows


_CP: dict[str, Any] = {}


class _Values:
    """A flat search that keeps each candidate's mean."""

    def __init__(self, playouts: int, stream: int):
        from interpreter.players.search import SearchBot
        self.bot = SearchBot(playouts, stream=stream, width=0)
        self.means: list[float] = []

    def search(self, obs: Any, cands: list[Any]) -> None:
        bot = self.bot
        dealer = bot.native_dealer(obs, cands)
        indexes = dealer.indexes(obs.seat, cands)
        rng = obs.search_rng.fork(f"decision:{bot.stream}")
        total = [0.0] * len(cands)
        worlds = max(1, bot.playouts // len(cands))
        for w in range(worlds):
            for i, v in enumerate(dealer.world(rng.fork(f"world:{w}")).values(obs.seat, indexes, bot.per_point)):
                total[i] += v
        self.means = [t / worlds for t in total]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bots", default="search:32,search:64,plan")
    ap.add_argument("--reference", type=int, default=512)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--by-turn", action="store_true", help="regret and ms by age and hand size")
    ap.add_argument("--gaps", action="store_true", help="regret by greedy's score gap (best - second)")
    args = ap.parse_args()
    specs = [s.strip() for s in args.bots.split(",") if s.strip()]
    jobs = [(k, args.players, specs, args.reference) for k in range(args.games)]
    with mp.get_context("fork").Pool(args.workers) as pool:
        rows = [r for rs in pool.map(positions, jobs, chunksize=1) for r in rs]
    n = len(rows)
    print(f"{n} decisions, {args.games} games, reference {args.reference} playouts")
    print(f"{'bot':<24} {'mean regret (95% CI)':>26} {'as the reference':>16} {'bot ms/decision':>15}")
    for spec in specs:
        r = [row["regret"][spec] for row in rows]
        mu = sum(r) / n
        se = math.sqrt(sum((x - mu) ** 2 for x in r) / max(1, n - 1) / n)
        same = sum(1 for x in r if x <= 1e-12) / n
        ms = sum(row["ms"][spec] for row in rows) / n
        print(f"{spec:<24} {mu:>10.4f} ({mu - 1.96 * se:.4f}-{mu + 1.96 * se:.4f}) {same:>16.1%} {ms:>15.2f}")
    if args.gaps:
        for lo, hi in [(0, 0.25), (0.25, 0.5), (0.5, 1), (1, 2), (2, 4), (4, 99)]:
            sel = [row for row in rows if lo <= row["gap"] < hi]
            if sel:
                print(f"greedy gap {lo}-{hi}: {len(sel)} decisions; " + ", ".join(
                    f"{spec} {sum(r['regret'][spec] for r in sel) / len(sel):.4f}" for spec in specs))
    if args.by_turn:
        wheres = sorted({row["where"] for row in rows})
        print("mean regret by (age, cards in hand): " + "  ".join(f"{a}/{h}" for a, h in wheres))
        for spec in specs:
            cells = []
            for wh in wheres:
                r = [row["regret"][spec] for row in rows if row["where"] == wh]
                ms = [row["ms"][spec] for row in rows if row["where"] == wh]
                cells.append(f"{sum(r) / len(r):.3f}/{sum(ms) / len(ms):.1f}")
            print(f"{spec:<24} " + " ".join(cells))


if __name__ == "__main__":
    main()

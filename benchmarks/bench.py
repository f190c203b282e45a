"""Games per second per core, and payment-search time (cold and cached).

    python benchmarks/bench.py                 # the full table
    python benchmarks/bench.py --games 300 --players 3 --bots random

Measured with CPU time of this process (time.process_time), so other load on the
machine disturbs it less than wall time would. One process = one core.
"""
from __future__ import annotations

import argparse
import json
import random
import time

from dsl.loader import load_pack
from interpreter.players.roster import make_bots
from interpreter.rules.compiled import compile_pack
from interpreter.players.game import Game
from interpreter.rules.payment import _SHAPES, _search, clear_cache, payment_options
from interpreter.rules.city import Table


def games_per_second(cp, players: int, bots: str, games: int, sides: str = "random",
                     rounds: int = 5) -> tuple[float, float]:
    """(best, median) rate over `rounds` rounds of games/rounds games each: the machine's
    noise only ever slows a round down, so the best round is the steadiest figure."""
    Game(cp, make_bots(bots, players), seed=10_000, sides=sides).play()  # warm-up
    per_round = max(1, games // rounds)
    rates = []
    for r in range(rounds):
        start = time.process_time()
        for seed in range(r * per_round, (r + 1) * per_round):
            Game(cp, make_bots(bots, players), seed=seed, sides=sides).play()
        rates.append(per_round / (time.process_time() - start))
    rates.sort()
    return rates[-1], rates[len(rates) // 2]


def machine_reference() -> float:
    """Milliseconds for a fixed pure-Python workload (best of 5): how fast this machine is
    right now. The project's VMs drift by 2x over minutes; compare runs by this number."""
    def work() -> int:
        d: dict[int, int] = {}
        total = 0
        for i in range(200_000):
            d[i & 1023] = i
            total += d.get(i & 511, 0) % 7
        return total
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best * 1000


def payment_timing(cp, samples: int = 3000) -> dict[str, float]:
    """Collect real (cost, city, neighbours) queries from games, then time them cold and cached."""
    queries = []
    rng = random.Random(7)
    for seed in range(40):
        g = Game(cp, make_bots("random", 5), seed=seed, sides="random")
        for age in range(1, cp.rules.ages + 1):
            g.play_age(age)
            t: Table = g.table
            for seat in range(t.n):
                for card in rng.sample(list(cp.cards), 12):
                    if card.cost:
                        queries.append((card.cost, t.cities[seat], t.left(seat), t.right(seat)))
    queries = queries[:samples]
    # cold: the search itself, both cache levels empty
    start = time.process_time()
    for cost, city, left, right in queries:
        need = tuple((r, n - city.fixed[r]) for r, n in cost if n > city.fixed[r])
        if need:
            _SHAPES.clear()
            _search(need, city, left, right)
    cold = (time.process_time() - start) / len(queries)
    clear_cache()
    for q in queries:
        payment_options(*q)
    start = time.process_time()
    for _ in range(5):
        for q in queries:
            payment_options(*q)
    cached = (time.process_time() - start) / (5 * len(queries))
    return {"queries": len(queries), "cold_us": cold * 1e6, "cached_us": cached * 1e6}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=500, help="games per measurement (5 rounds)")
    ap.add_argument("--players", type=int, nargs="*", default=[3, 5, 7])
    ap.add_argument("--bots", nargs="*", default=["random", "greedy"])
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    cp = compile_pack(load_pack("base"))
    ref = machine_reference()
    if not args.json:
        print(f"machine reference: {ref:.1f} ms (a fixed pure-Python loop; lower = faster machine)")
    rows = []
    for bots in args.bots:
        for n in args.players:
            best, median = games_per_second(cp, n, bots, args.games)
            rows.append({"bots": bots, "players": n, "games_per_s": round(best, 1),
                         "median_round": round(median, 1)})
            if not args.json:
                print(f"{bots:7} {n} players: {best:7.1f} games/s per core (median round {median:.1f})")
    pay = payment_timing(cp)
    if args.json:
        print(json.dumps({"machine_reference_ms": round(ref, 1), "games": rows, "payment": pay}, indent=2))
    else:
        print(f"payment search over {pay['queries']} real queries: cold {pay['cold_us']:.1f} us, "
              f"cached {pay['cached_us']:.2f} us per call")


if __name__ == "__main__":
    main()

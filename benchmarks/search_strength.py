"""How strong is the search bot? Not run in CI (minutes to hours).

    python benchmarks/search_strength.py --games 100 --players 4 --playouts 128 --workers 2
    python benchmarks/search_strength.py --games 40 --players 4 --playouts 128 --self-play

One search bot against greedy bots (its seat rotates: game k puts it at seat k mod N, seeds
0..G-1, random sides): its win rate (ties shared) with a 95% Wilson interval against the fair
share 1/N, its mean margin over the best other player, and the time and playouts per decision.
With --self-play, every seat is a search bot: the win rate of each seat.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing as mp
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


def play_one(args: tuple[str, int, int, int, bool, Any]) -> dict[str, Any]:
    """Game k: the search seat, winners' shares, margins, the search bots' time and work."""
    from interpreter.players.roster import make_bots
    from interpreter.players.game import Game
    from interpreter.players.search import SearchBot
    pack, players, playouts, k, self_play, width = args
    seat = k % players
    bots = make_bots("greedy", players)
    for s in range(players):
        if self_play or s == seat:
            bots[s] = SearchBot(playouts) if width is None else SearchBot(playouts, width=width)
    start = time.process_time()
    scores = Game(_cp(pack), bots, seed=k, sides="random").play()
    seconds = time.process_time() - start
    winners = scores["winners"]
    totals = [p["total"] for p in scores["players"]]
    searchers = [b for b in bots if isinstance(b, SearchBot)]
    return {"seat": seat, "share": [1 / len(winners) if s in winners else 0.0 for s in range(players)],
            "margin": totals[seat] - max(t for s, t in enumerate(totals) if s != seat),
            "decisions": sum(b.searched for b in searchers), "playouts": sum(b.spent for b in searchers),
            "seconds": seconds}


def wilson(wins: float, n: int) -> tuple[float, float]:
    return Rate(wins, n).wilson()  # type: ignore[arg-type]  # wins: ties shared


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pack", default="base")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--playouts", type=int, default=128)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--width", type=int, default=None, help="candidates searched (default: the bot's)")
    ap.add_argument("--self-play", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    jobs = [(args.pack, args.players, args.playouts, k, args.self_play, args.width) for k in range(args.games)]
    start = time.time()
    with mp.get_context("fork").Pool(args.workers) as pool:
        rows = pool.map(play_one, jobs, chunksize=1)
    wall = time.time() - start
    n, g = args.players, len(rows)
    decisions = sum(r["decisions"] for r in rows)
    out: dict[str, Any] = {
        "pack": args.pack, "players": n, "games": g, "playouts": args.playouts, "width": args.width,
        # the games' CPU time (greedy seats included: a small part) per searched decision
        "ms_per_decision": round(1000 * sum(r["seconds"] for r in rows) / max(1, decisions), 1),
        "playouts_per_decision": round(sum(r["playouts"] for r in rows) / max(1, decisions), 1),
        # playouts per second of CPU, determinizing included (the whole decision's cost)
        "playouts_per_second": round(sum(r["playouts"] for r in rows) / max(1e-9, sum(r["seconds"] for r in rows))),
        "wall_seconds": round(wall, 1)}
    if args.self_play:
        by_seat = [sum(r["share"][s] for r in rows) for s in range(n)]
        out["seat_win_rate"] = [{"seat": s, "rate": round(w / g, 3),
                                 "ci95": [round(x, 3) for x in wilson(w, g)]} for s, w in enumerate(by_seat)]
    else:
        wins = sum(r["share"][r["seat"]] for r in rows)
        low, high = wilson(wins, g)
        out.update({"search_wins": wins, "win_rate": round(wins / g, 3), "ci95": [round(low, 3), round(high, 3)],
                    "fair_share": round(1 / n, 3), "mean_margin": round(sum(r["margin"] for r in rows) / g, 2)})
    if args.json:
        print(json.dumps(out, indent=2))
        return
    for k, v in out.items():
        print(f"{k}: {v}")


if __name__ == "__main__":
    main()

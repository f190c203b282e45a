"""What the search bot's parts cost: Game.clone, determinize, one playout (greedy bots to the
end), and where a playout's time goes. Not run in CI.

    python benchmarks/search_speed.py                 # 3, 4 and 7 players, base pack
    python benchmarks/search_speed.py --profile 4     # and the top functions of 4-player playouts

CPU time of one process, best of 5 rounds (the machine's speed drifts: noise only slows a round
down). Positions: the first decision of the game (a playout from there is a whole game) and
the first decision of age II; greedy bots got the games there, seed 1, random sides.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import time
from typing import Any, Callable

from dsl.loader import load_pack
from interpreter.bots import GreedyBot, make_bots
from interpreter.compiled import compile_pack
from interpreter.determinize import determinize
from interpreter.game import Game
from interpreter.rng import Stream
from interpreter.search import SearchBot


def position(cp: Any, players: int, age: int, seed: int = 1) -> Game:
    """A greedy game at the first decision of `age`."""
    g = Game(cp, make_bots("greedy", players), seed=seed, sides="random")
    g.pending()
    while g.age < age:
        g.step(g.ask_bots())
        g.pending()
    return g


def best_of(rounds: int, repeat: int, fn: Callable[[int], Any]) -> float:
    """Seconds per call of fn(k), the best round."""
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        for k in range(repeat):
            fn(k)
        best = min(best, (time.process_time() - start) / repeat)
    return best


def playout(g: Game, k: int) -> float:
    seat = g.deciders()[0][0]
    world = determinize(g.observe(seat), Stream(k, "bench"), [GreedyBot() for _ in range(g.n)])
    move = world.moves(seat)[0] if world.deciders()[0][1] == "move" else 0
    return SearchBot.playout(world, seat, move)


def measure(cp: Any, players: int) -> dict[str, Any]:
    start, mid = position(cp, players, 1), position(cp, players, 2)
    seat = start.deciders()[0][0]
    obs = mid.observe(seat)
    return {
        "players": players,
        "clone_us": round(1e6 * best_of(5, 2000, lambda k: mid.clone()), 1),
        "determinize_us": round(1e6 * best_of(5, 200, lambda k: determinize(obs, Stream(k))), 1),
        "playout_ms_from_start": round(1e3 * best_of(5, 20, lambda k: playout(start, k)), 2),
        "playout_ms_from_age2": round(1e3 * best_of(5, 20, lambda k: playout(mid, k)), 2),
    }


def profile(cp: Any, players: int, playouts: int = 60, top: int = 15) -> str:
    g = position(cp, players, 1)
    pr = cProfile.Profile()
    pr.enable()
    for k in range(playouts):
        playout(g, k)
    pr.disable()
    out = io.StringIO()
    pstats.Stats(pr, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pack", default="base")
    ap.add_argument("--players", type=int, nargs="*", default=[3, 4, 7])
    ap.add_argument("--profile", type=int, default=0, help="profile playouts at this many players")
    args = ap.parse_args()
    cp = compile_pack(load_pack(args.pack))
    position(cp, 3, 1).play()  # warm the caches
    for n in args.players:
        print(json.dumps(measure(cp, n)))
    if args.profile:
        print(profile(cp, args.profile))


if __name__ == "__main__":
    main()

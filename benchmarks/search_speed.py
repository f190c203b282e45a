"""What the search bot's parts cost: Game.clone, determinize, one playout (greedy bots to the
end) in Python and on the native core, and where a search decision's time goes. Not run in CI.

    python benchmarks/search_speed.py                 # 3, 4 and 7 players, base pack
    python benchmarks/search_speed.py --profile 4     # and where 4-player playouts' time goes
    python benchmarks/search_speed.py --decisions 4   # and where a search decision's time goes

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
from interpreter.players.bots import GreedyBot
from interpreter.players.roster import make_bots
from interpreter.rules.compiled import compile_pack
from interpreter.players.determinize import determinize
from interpreter.players.game import Game
from interpreter.game.rng import Stream
from interpreter.players.search import SearchBot


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


def native_world(g: Game) -> tuple[Any, Game, int]:
    """A determinized world of the deciding seat on the native core, as the search bot makes it."""
    from interpreter.native.bridge import from_decision
    seat = g.deciders()[0][0]
    world = determinize(g.observe(seat), Stream(0, "bench"), [GreedyBot() for _ in range(g.n)])
    return from_decision(world, ["greedy"] * g.n), world, seat


def native_playout(fast: Any, world: Game, seat: int) -> float:
    """One candidate's playout on the native core from a world made once (clone, the move, to
    the end, the value), as the search bot plays every candidate but the last."""
    from interpreter.players.search import native_playout as play
    return play(fast.clone(), world.n, seat, world.moves(seat)[0], 0.01)


def fresh_dealer(game: Any, seat: int) -> Any:
    """The decision's native dealer (what the seat knows worked out anew, as once per decision)."""
    from interpreter.players.native_worlds import NativeWorlds
    return NativeWorlds.of(game.observe(seat))


def measure(cp: Any, players: int) -> dict[str, Any]:
    start, mid = position(cp, players, 1), position(cp, players, 2)
    seat = start.deciders()[0][0]
    obs = mid.observe(seat)
    native: dict[str, Any] = {}
    from interpreter import native as core
    if core.available() and not core.unsupported(cp):
        from interpreter.native.bridge import from_decision
        first, second = native_world(start), native_world(mid)
        dealer = fresh_dealer(mid, seat)
        native = {
            "bridge_us": round(1e6 * best_of(5, 200, lambda k: from_decision(second[1], ["greedy"] * players)), 1),
            "native_clone_us": round(1e6 * best_of(5, 2000, lambda k: second[0].clone()), 2),
            "native_world_us": round(1e6 * best_of(5, 2000, lambda k: dealer.world(Stream(k))), 2),
            "native_dealer_us": round(1e6 * best_of(5, 200, lambda k: fresh_dealer(mid, seat)), 1),
            "native_playout_us_from_start": round(1e6 * best_of(5, 200, lambda k: native_playout(*first)), 1),
            "native_playout_us_from_age2": round(1e6 * best_of(5, 200, lambda k: native_playout(*second)), 1),
        }
    return native | {
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


def decisions(cp: Any, players: int, games: int = 4, top: int = 12) -> str:
    """Where a search decision's time goes: one search bot (the default budget, native
    playouts when built) against greedy bots, profiled over whole games."""
    pr = cProfile.Profile()
    bot = SearchBot()
    start = time.process_time()
    for seed in range(games):
        bots = make_bots("greedy", players)
        bots[seed % players] = bot
        g = Game(cp, bots, seed=seed, sides="random")
        pr.enable()
        g.play()
        pr.disable()
    cpu = time.process_time() - start
    out = io.StringIO()
    pstats.Stats(pr, stream=out).sort_stats("cumulative").print_stats(top)
    return (f"{bot.searched} decisions, {bot.spent} playouts, {1e3 * cpu / bot.searched:.1f} ms of CPU a "
            f"decision under the profiler, whole games included\n" + out.getvalue())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pack", default="base")
    ap.add_argument("--players", type=int, nargs="*", default=[3, 4, 7])
    ap.add_argument("--profile", type=int, default=0, help="profile playouts at this many players")
    ap.add_argument("--decisions", type=int, default=0, help="profile search decisions at this many players")
    args = ap.parse_args()
    cp = compile_pack(load_pack(args.pack))
    position(cp, 3, 1).play()  # warm the caches
    for n in args.players:
        print(json.dumps(measure(cp, n)))
    if args.profile:
        print(profile(cp, args.profile))
    if args.decisions:
        print(decisions(cp, args.decisions))


if __name__ == "__main__":
    main()

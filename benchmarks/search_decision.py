"""CPU time per searched decision: one search bot against greedy bots, whole games of base.

    python benchmarks/search_decision.py --playouts 128 --games 6 [--python-worlds]

--python-worlds determinizes each world in Python (the dealer before the native one), to compare:
the games are the same move for move (the final scores printed are equal), only the time differs.
The time is the game's CPU time (the greedy seats included) over the searched decisions.
"""
from __future__ import annotations

import argparse
import time

from dsl.loader import load_pack
from interpreter.players.bots import GreedyBot
from interpreter.players.game import Game
from interpreter.players.search import SearchBot
from interpreter.rules.compiled import compile_pack


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--playouts", type=int, default=128)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--python-worlds", action="store_true")
    args = ap.parse_args()
    if args.python_worlds:
        SearchBot.native_dealer = lambda self, obs, answers: None  # type: ignore[method-assign]
    cp = compile_pack(load_pack("base"))
    spent, decisions, scores = 0.0, 0, []
    for seed in range(args.games):
        bot = SearchBot(playouts=args.playouts)
        start = time.process_time()
        game = Game(cp, [bot] + [GreedyBot() for _ in range(args.players - 1)], seed=seed)
        game.play()
        spent += time.process_time() - start
        decisions += bot.searched
        scores.append(game.scores["players"][0]["total"])
    print(f"{args.playouts} playouts, {'Python' if args.python_worlds else 'native'} worlds: "
          f"{1000 * spent / decisions:.2f} ms per decision ({decisions} decisions); scores {scores}")


if __name__ == "__main__":
    main()

"""Where the experiment's noise comes from, and so what would reduce it (docs/simulation.md,
"What would decide neutral cards sooner").

At each branch position (the first where a seat can build the card) the pair of branches
(build it / the best alternative) is played R times: replicate 0 with the game's own streams,
as the experiment plays it, the others with the deal's and bots' streams re-seeded, the same for
both branches of a replicate (common random numbers within it). From the points differences:

- the within-position variance (what replicated or antithetic playouts would average away) and
  the between-position variance (what only more positions reduce);
- for R pairs per position, the variance of a position's mean times its cost in games (the main
  game, pack A's game for intent to treat, and 2R branches), against R = 1 (the experiment's);
- control variates from the position before the branch: the squared correlation of the
  difference with the seat's score then, its coins, and the age (1 - rho^2 is what a control
  variate with a known mean would leave of the variance).

    python benchmarks/experiment_variance.py --games 40 --replicates 3
"""
from __future__ import annotations

import argparse
import statistics
import time

from interpreter.cli.packs import compiled
from interpreter.game.rng import Stream
from interpreter.players.game import Game
from interpreter.players.roster import make_bots
from interpreter.rules.moves import BUILD
from interpreter.sim.runner import game_seed


def reseed(g: Game, seed: int) -> None:
    """New deal and bot streams for a replicate (the same for both of its branches)."""
    g.rng = Stream(seed, "deal")
    g.bot_rngs = [Stream(seed, f"bot:{s}") for s in range(g.n)]


def positions(cp, seed: int, players: int, bots: str, cards: set[str], replicates: int):
    """For each card, at its first buildable position: (features before the branch, [the points
    difference of each replicate])."""
    g = Game(cp, make_bots(bots, players), seed=seed, sides="random")
    out = {}
    while not g.over:
        pending = g.pending()
        if not pending:
            break
        answers = g.ask_bots()
        for seat, decision in sorted(pending.items()):
            if decision.kind != "move" or seat in g.unowned:
                continue
            for idx, card in enumerate(g.hands[seat]):
                if card.name not in cards or card.name in out:
                    continue
                builds = [m for m in decision.moves if m.card == idx and m.action == BUILD]
                if not builds:
                    continue
                others = [m for m in decision.moves if not (m.card == idx and m.action == BUILD)]
                chosen = answers[seat]
                if chosen.card == idx and chosen.action == BUILD:
                    probe = g.clone()
                    chosen = probe.bots[seat].choose(probe.observe(seat), others)
                diffs = []
                for r in range(replicates):
                    totals = []
                    for move in (builds[0], chosen):
                        branch = g.clone()
                        if r:
                            reseed(branch, seed * 1000 + r)
                        branch.step({**answers, seat: move})
                        totals.append(branch.play()["players"][seat]["total"])
                    diffs.append(totals[0] - totals[1])
                features = {"age": g.age, "coins": g.cities[seat].coins, "hand": len(g.hands[seat])}
                out[card.name] = (features, diffs)
        g.step(answers)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pack", default="base")
    ap.add_argument("--cards", default="Altar,Pawnshop,Theater,Lumber Yard")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--replicates", type=int, default=3)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    cp = compiled(args.pack)
    cards = set(args.cards.split(","))
    start = time.perf_counter()
    rows = []  # (card, features, diffs)
    for k in range(args.games):
        for name, (features, diffs) in positions(cp, game_seed(args.seed, k), args.players, args.bots, cards,
                                                 args.replicates).items():
            rows.append((name, features, diffs))
    took = time.perf_counter() - start
    # centre each card's differences on its own mean: the spread, not the cards' levels
    by = {}
    for name, _f, diffs in rows:
        by.setdefault(name, []).append(statistics.mean(diffs))
    centre = {n: statistics.mean(v) for n, v in by.items()}
    within = statistics.mean(statistics.variance(d) for _n, _f, d in rows)
    first = [d[0] - centre[n] for n, _f, d in rows]  # what the experiment sees: replicate 0
    total = statistics.variance(first)
    between = max(0.0, total - within)
    print(f"{len(rows)} positions ({args.games} games, {args.replicates} replicates, {args.bots} bots, "
          f"{args.players} players), {took:.0f} s")
    print(f"points difference: variance {total:.1f} = between positions {between:.1f} + within a position "
          f"{within:.1f} ({100 * within / total:.0f}% within)")
    print("pairs per position R: variance of a position's mean x its cost in games (main + A's game + 2R)")
    base = (between + within) * (2 + 2)
    for r in (1, 2, 3, 4):
        cost = 2 + 2 * r
        v = between + within / r
        print(f"  R = {r}: {v:.1f} x {cost} = {v * cost:.0f} ({100 * v * cost / base:.0f}% of R = 1's)")
    k = len(by)
    print(f"the same with the {k} cards measured in each game sharing its main game and A's game "
          f"(cost a card: (2 + 2kR) / k), as compare measures a designer card with its peers:")
    base_k = (between + within) * (2 + 2 * k) / k
    for r in (1, 2, 3, 4):
        cost = (2 + 2 * k * r) / k
        v = between + within / r
        print(f"  R = {r}: {v:.1f} x {cost:.2f} = {v * cost:.0f} ({100 * v * cost / base_k:.0f}% of R = 1's)")
    for feature in ("age", "coins", "hand"):
        xs = [f[feature] for _n, f, _d in rows]
        if len(set(xs)) > 1:
            rho = statistics.correlation(xs, first)
            print(f"control variate '{feature}' before the branch: rho^2 = {rho * rho:.3f} "
                  f"(would leave {100 * (1 - rho * rho):.0f}% of the variance)")
        else:
            print(f"control variate '{feature}': the same at every position (no use)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Why a neutral card's interval is about ±3 after 5 minutes, and what narrows it: each idea's
interval half-width at the same CPU time (docs/simulation.md, "What would decide neutral cards
sooner").

On seeded games of one planted pack (greedy bots, 4 players), at the designer card's first
buildable position and at each peer's, this plays every branch the ideas below need and times
each kind of playout; the half-widths are then those each design would reach in the same CPU
seconds (its games in that time: the seconds over its own cost a game):

- pairs, two sequences (as it was): the card's and its peers' build-minus-best-alternative
  pairs, each mean with its own sequence at alpha/2, the two radii added (rho^2 = 0.01); the
  same with the mixture tuned to the points' scale (tightest near 300 observations);
- pairs, one sequence: a game's card difference minus its peers' mean difference in the same
  game, one sequence at alpha; the same with the outcome the seat's margin over the others'
  mean; the same with the bots' tie-breaking streams re-seeded each turn from (game, age, turn),
  so that both branches draw the same numbers after they part;
- a peer in its place: at the card's position, the card built against each affordable peer
  built in its place (the same hand passed on, only the two cards' own effects differ), one
  sequence; its cost with the peers' pairs kept (compare plays them for the report) and
  without; and the variance left within strata of the holder's wonder;
- both ways (what compare does now): the same and, at each peer's own position, the card built
  in the peer's place, a game's observation the mean of its comparisons (the card's positions
  alone favour it where it is cheaper than its peers there).

    python benchmarks/verdict_variance.py --pack benchmarks/planted/neutral-shrine --card Shrine --games 40
"""
from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import defaultdict
from typing import Any

from interpreter.cli.packs import compiled
from interpreter.game.rng import Stream
from interpreter.players.game import Game
from interpreter.players.roster import make_bots
from interpreter.rules.moves import BUILD
from interpreter.sim.experiment import ALPHA, RHO2, in_its_place, radius
from interpreter.sim.runner import game_seed


def keyed_play(g: Game, seed: int) -> dict[str, Any]:
    """The game to its end, each bot's stream re-seeded every turn from (seed, age, turn)."""
    while True:
        deciding = g.advance()
        if not deciding:
            return g.scores
        key = seed * 1_000_003 + g.age * 1000 + g.turns_played
        g.bot_rngs = [Stream(key, f"bot:{s}") for s in range(g.n)]
        g._bots_play(deciding)


def outcome(scores: dict[str, Any], seat: int) -> tuple[int, float]:
    totals = [p["total"] for p in scores["players"]]
    others = [t for i, t in enumerate(totals) if i != seat]
    return totals[seat], totals[seat] - sum(others) / len(others)


def one_game(cp: Any, seed: int, players: int, card: str, peers: list[str], clock: dict[str, float]
             ) -> dict[str, Any]:
    by = {c.name: c for c in cp.cards}
    g = Game(cp, make_bots("greedy", players), seed=seed, sides="random")
    rows: dict[str, Any] = {}
    names = {card, *peers}
    while not g.over:
        pending = g.pending()
        if not pending:
            break
        answers = g.ask_bots()
        for seat, decision in sorted(pending.items()):
            if decision.kind != "move" or seat in g.unowned:
                continue
            for idx, c in enumerate(g.hands[seat]):
                if c.name not in names or c.name in rows:
                    continue
                builds = [m for m in decision.moves if m.card == idx and m.action == BUILD]
                if not builds:
                    continue
                others = [m for m in decision.moves if not (m.card == idx and m.action == BUILD)]
                chosen = answers[seat]
                if chosen.card == idx and chosen.action == BUILD:
                    chosen = g.clone().bots[seat].choose(g.observe(seat), others)
                row: dict[str, Any] = {}
                for kind, play in (("plain", lambda b: b.play()), ("keyed", lambda b: keyed_play(b, seed))):
                    got = []
                    for move in (builds[0], chosen):
                        t0 = time.process_time()
                        b = g.clone()
                        b.step({**answers, seat: move})
                        got.append(outcome(play(b), seat))
                        clock[kind] += time.process_time() - t0
                    row[kind] = got
                if c.name == card:  # each peer built in its place
                    t0 = time.process_time()
                    got = in_its_place(g, seat, idx, answers, [by[p] for p in peers])
                    row["instead"] = [outcome(s, seat) for _n, s in got]
                    row["wonder"] = g.cities[seat].name
                    clock["instead"] += time.process_time() - t0
                else:  # the card built in this peer's place
                    t0 = time.process_time()
                    row["reverse"] = [outcome(s, seat) for _n, s in in_its_place(g, seat, idx, answers, [by[card]])]
                    clock["reverse"] += time.process_time() - t0
                rows[c.name] = row
        g.step(answers)
    return rows


def width(n: int, var: float, alpha: float, rho2: float) -> float:
    return radius(n, var, alpha, rho2) if n > 1 else float("inf")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pack", default="benchmarks/planted/neutral-shrine")
    ap.add_argument("--card", default="Shrine", help="the designer card (default Shrine)")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--seconds", type=float, default=480.0, help="the CPU time compared (2 cores x 4 min)")
    args = ap.parse_args()
    cp, base = compiled(args.pack), compiled("base")
    card = args.card
    me = next(c for c in cp.cards if c.name == card)
    mine = {c.name for c in base.cards}
    peers = [c.name for c in cp.cards if c.name in mine and c.name != card and c.age == me.age
             and c.color_name == me.color_name and not c.deck]
    clock: dict[str, float] = defaultdict(float)
    t0 = time.process_time()
    games = [one_game(cp, game_seed(args.seed, k), args.players, card, peers, clock) for k in range(args.games)]
    clock["main"] = time.process_time() - t0 - clock["plain"] - clock["keyed"] - clock["instead"]
    # the cost a game of each design, in CPU seconds: the main game and pack A's (as long), and its branches
    main_s = clock["main"] / args.games
    per_pair = {k: clock[k] / max(1, sum(len(g) for g in games)) for k in ("plain", "keyed")}
    n_peers = sum(len(g) for g in games) / args.games - 1
    cost = {"plain": 2 * main_s + per_pair["plain"] * (1 + n_peers),
            "keyed": 2 * main_s + per_pair["keyed"] * (1 + n_peers),
            "instead": 2 * main_s + per_pair["plain"] + clock["instead"] / args.games}  # no peers' pairs
    print(f"{args.pack}: {card} against {', '.join(peers)}; {args.games} games, {args.players} players, greedy; "
          f"CPU a game: main {main_s:.2f} s, a branch pair {per_pair['plain']:.2f} s (keyed "
          f"{per_pair['keyed']:.2f} s), the peers in its place {clock['instead'] / args.games:.2f} s")

    def diffs(g: dict[str, Any], name: str, kind: str, which: int) -> float | None:
        row = g.get(name)
        return None if row is None else row[kind][0][which] - row[kind][1][which]

    table = []
    for label, kind, which, rho2, single in (("pairs, two sequences (as it was)", "plain", 0, RHO2, False),
                                             ("  the same, the mixture tuned to the points' scale", "plain", 0, None,
                                              False),
                                             ("pairs, one sequence of a game's difference", "plain", 0, RHO2, True),
                                             ("  the same, the outcome a margin over the others", "plain", 1, RHO2,
                                              True),
                                             ("  the same, the bots' streams keyed by the turn", "keyed", 0, RHO2,
                                              True)):
        cd = [d for g in games if (d := diffs(g, card, kind, which)) is not None]
        pd = [d for g in games for p in peers if (d := diffs(g, p, kind, which)) is not None]
        n_games = args.seconds / cost[kind]
        share_c, share_p = len(cd) / args.games, len(pd) / args.games
        if single:
            z = [diffs(g, card, kind, which) - statistics.mean(x for p in peers
                                                                if (x := diffs(g, p, kind, which)) is not None)
                 for g in games if g.get(card) and any(g.get(p) for p in peers)]
            var = statistics.variance(z)
            n = int(n_games * len(z) / args.games)
            r = width(n, var, ALPHA, rho2 or tuned(var))
            table.append((label, statistics.mean(z), var, cost[kind], n, r))
        else:
            vc, vp = statistics.variance(cd), statistics.variance(pd)
            nc, np_ = int(n_games * share_c), int(n_games * share_p)
            r = width(nc, vc, ALPHA / 2, rho2 or tuned(vc)) + width(np_, vp, ALPHA / 2, rho2 or tuned(vp))
            table.append((label, statistics.mean(cd) - statistics.mean(pd), f"{vc:.1f} / {vp:.1f}", cost[kind], nc, r))
    z = []
    for g in games:
        row = g.get(card)
        if row and row["instead"]:
            z.append(row["plain"][0][0] - statistics.mean(v[0] for v in row["instead"]))
    if len(z) > 1:
        var = statistics.variance(z)
        for label, c in (("a peer in its place, one sequence (the peers' pairs kept)",
                          cost["plain"] + clock["instead"] / args.games),
                         ("a peer in its place, without the peers' pairs", cost["instead"])):
            n = int(args.seconds / c * len(z) / args.games)
            table.append((label, statistics.mean(z), var, c, n, width(n, var, ALPHA, RHO2)))
        strata: dict[str, list[float]] = defaultdict(list)
        for g, x in zip([g for g in games if g.get(card) and g[card]["instead"]], z):
            strata[g[card]["wonder"]].append(x)
        within = sum(len(v) * statistics.variance(v) for v in strata.values() if len(v) > 1) / len(z)
        table.append(("  the same, stratified by the holder's wonder (variance within)", statistics.mean(z),
                      within, c, n, width(n, within, ALPHA, RHO2)))
    both = []  # both ways (compare): at the card's position and, the card in its place, at each peer's
    for g in games:
        diffs = [] if not g.get(card) else [g[card]["plain"][0][0] - v[0] for v in g[card]["instead"]]
        diffs += [v[0] - g[p]["plain"][0][0] for p in peers if g.get(p) for v in g[p]["reverse"]]
        if diffs:
            both.append(statistics.mean(diffs))
    if len(both) > 1:
        var = statistics.variance(both)
        c = cost["plain"] + (clock["instead"] + clock["reverse"]) / args.games
        n = int(args.seconds / c * len(both) / args.games)
        table.append(("both ways: its peers in its place and it in theirs (compare now)", statistics.mean(both),
                      var, c, n, width(n, var, ALPHA, RHO2)))
    print(f"| design | mean vs peers | variance | CPU s a game | observations in {args.seconds:.0f} CPU s "
          "| half-width |")
    print("|---|---|---|---|---|---|")
    for label, mean, var, c, n, r in table:
        v = var if isinstance(var, str) else f"{var:.1f}"
        print(f"| {label} | {mean:+.2f} | {v} | {c:.2f} | {n} | ±{r:.2f} |")
    return 0


def tuned(var: float) -> float:
    """The mixture over the standardized sum, tightest near 300 observations whatever the
    variance (Waudby-Smith et al.'s rho for a target time: rho^2 t* = -2 log a + log(1 - 2 log a))."""
    return (-2 * math.log(ALPHA) + math.log(1 - 2 * math.log(ALPHA))) / 300 / var


if __name__ == "__main__":
    raise SystemExit(main())

"""Which of a pack's own cards a bot never builds: seeded games, each card counted where it was
dealt (in a hand at a decision) and where it was built. A card greedy never builds though dealt
is one whose value the bot cannot see (an optional choice, a pass change): its verdicts by
experiment describe a bot that would not play it.

    .venv/bin/python benchmarks/never_played.py examples/designer-ideas --games 50 --bots greedy
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from interpreter.cli.packs import compiled  # noqa: E402
from interpreter.players.game import Game  # noqa: E402
from interpreter.players.roster import make_bots  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pack")
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--players", type=int, nargs="+", default=[4, 5])
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    cp = compiled(a.pack)
    own = {c.name for c in cp.cards} - {c.name for c in compiled("base").cards}  # the pack's own
    dealt = dict.fromkeys(sorted(own), 0)
    built = dict.fromkeys(sorted(own), 0)
    for players in a.players:
        for k in range(a.games):
            g = Game(cp, make_bots(a.bots, players), seed=a.seed + k, sides="random")
            seen: set[tuple[int, str]] = set()
            while not g.over:
                if not g.pending():
                    break
                for seat in range(g.n):
                    seen.update((seat, c.name) for c in g.hands[seat] if c.name in own)
                g.step(g.ask_bots())
            for seat, name in seen:
                dealt[name] += 1
            for city in g.cities:
                for name in own & set(city.names):
                    built[name] += 1
    print(f"{a.pack}, {a.bots} bots, {a.games} games at each of {a.players} players: built / dealt")
    for name in sorted(own, key=lambda n: built[n] / max(dealt[n], 1)):
        mark = "  NEVER" if dealt[name] and not built[name] else ""
        print(f"  {name:24} {built[name]:4} / {dealt[name]:4}{mark}")


if __name__ == "__main__":
    main()

"""Which of a pack's own cards a bot never builds, and which optional choices it never takes:
seeded games, each card counted where it was dealt (in a hand at a decision) and where it was
built; each question a bot was asked mid-turn (`discard own`, `choose`, a paid step, a second
card, a project to join) counted where asked and where taken, by age. A card greedy never builds
though dealt, or a choice it never takes, is one whose value the bot cannot see (an optional
choice, a pass change): its verdicts by experiment describe a bot that would not play it.

    .venv/bin/python benchmarks/never_played.py examples/designer-ideas --games 50 --bots greedy
    .venv/bin/python benchmarks/never_played.py examples/durations --games 50 --players 4
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from interpreter.cli.packs import compiled  # noqa: E402
from interpreter.players.game import Game  # noqa: E402
from interpreter.players.roster import make_bots  # noqa: E402

OPTIONAL = ("discard own", "choose one", "advance", "second card", "join project")  # may be declined


class Asked:
    """A seat's bot, its mid-turn questions counted: (question, age) asked and taken; for a
    choice, the option taken."""

    def __init__(self, bot: Any, tally: Counter):
        self.bot, self.tally, self.name = bot, tally, bot.name

    def choose(self, obs: Any, moves: list[Any]) -> Any:
        return self.bot.choose(obs, moves)

    def choose_card(self, obs: Any, cards: list[Any], purpose: str) -> Any:
        pick = self.bot.choose_card(obs, cards, purpose) if hasattr(self.bot, "choose_card") else 0
        kind = next((k for k in OPTIONAL if purpose.startswith(k)), None)
        if kind is not None:
            self.tally[(kind, obs.age, "asked")] += 1
            if pick is not None and kind != "choose one":
                self.tally[(kind, obs.age, "taken")] += 1
            if kind == "choose one":
                self.tally[(f"choose one: {cards[0 if pick is None else pick].name}", obs.age, "taken")] += 1
        return pick

    def choose_payment(self, obs: Any, due: int, can: int) -> int:
        return self.bot.choose_payment(obs, due, can) if hasattr(self.bot, "choose_payment") else can


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
    tally: Counter = Counter()
    for players in a.players:
        for k in range(a.games):
            bots = [Asked(b, tally) for b in make_bots(a.bots, players)]
            g = Game(cp, bots, seed=a.seed + k, sides="random")
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
    questions = sorted({(q, age) for q, age, _ in tally})
    if questions:
        print("questions asked mid-turn: taken / asked, by age (a choice: how often each option)")
        for q, age in questions:
            asked = tally[(q, age, "asked")]
            if q.startswith("choose one: "):
                total = sum(tally[(o, age, "taken")] for o, a2 in questions
                            if a2 == age and o.startswith("choose one: "))
                print(f"  age {age} {q:40} {tally[(q, age, 'taken')]:4} / {total:4}")
            elif asked and q != "choose one":  # (a choice's count: its options' total)
                mark = "  NEVER" if not tally[(q, age, "taken")] else ""
                print(f"  age {age} {q:40} {tally[(q, age, 'taken')]:4} / {asked:4}{mark}")


if __name__ == "__main__":
    main()

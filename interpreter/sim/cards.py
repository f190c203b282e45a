"""Per-card verdicts: how often a card is built when dealt, whether its builders win more
than the players who could have built it and did not, and what it produced (points, coins),
with the rows corrected for being tested together (interpreter/sim/correction.py).

Every accumulator is an integer count or sum, so partial results merge exactly in any order.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from . import correction
from .stats import Rate, Tally, diff_rates
from .watch import Play

CardKey = tuple[str, int]


@dataclass
class CardTally:
    rank: int = 0  # the colour's index in the pack
    color: str = ""
    dealt: int = 0  # player-games in which the card was in hand at one of the player's decisions
    built_dealt: int = 0  # ... and the player built it
    built: Rate = field(default_factory=Rate)  # wins of the players who built it (n = builds)
    passed: Rate = field(default_factory=Rate)  # wins of those who could have built it, did not
    points: Tally = field(default_factory=Tally)  # points per build
    coins: Tally = field(default_factory=Tally)  # coins per build

    def _colour(self, rank: int, color: str) -> None:
        """A card keeps one colour; were two ever reported, the smaller wins, so merging in
        any order gives the same result."""
        self.rank, self.color = min((self.rank, self.color), (rank, color)) if self.color else (rank, color)

    def add(self, won: bool, play: Play | tuple[Any, ...]) -> None:
        rank, color, seen, could, built, points, coins = play
        if color != self.color or rank != self.rank:
            self._colour(rank, color)
        if seen:
            self.dealt += 1
            self.built_dealt += built
        # the Rate and Tally updates written out: this runs ~60 times per player per game
        if built:
            r, p, c = self.built, self.points, self.coins
            r.n += 1
            r.hits += won
            p.n += 1
            p.total += points
            p.squares += points * points
            c.n += 1
            c.total += coins
            c.squares += coins * coins
        elif could:
            self.passed.n += 1
            self.passed.hits += won

    def merge(self, o: "CardTally") -> None:
        if o.color and (o.color != self.color or o.rank != self.rank):
            self._colour(o.rank, o.color)
        self.dealt += o.dealt
        self.built_dealt += o.built_dealt
        # written out: the main process merges every chunk's tallies (about 75 cards a chunk)
        a, b = self.built, o.built
        a.hits += b.hits
        a.n += b.n
        a, b = self.passed, o.passed
        a.hits += b.hits
        a.n += b.n
        p, q = self.points, o.points
        p.n += q.n
        p.total += q.total
        p.squares += q.squares
        p, q = self.coins, o.coins
        p.n += q.n
        p.total += q.total
        p.squares += q.squares

    def as_tuple(self) -> tuple[Any, ...]:
        """Every field as plain values (CardVerdicts pickles these)."""
        return (self.rank, self.color, self.dealt, self.built_dealt, self.built.hits, self.built.n,
                self.passed.hits, self.passed.n, self.points.n, self.points.total, self.points.squares,
                self.coins.n, self.coins.total, self.coins.squares)

    @classmethod
    def of_tuple(cls, v: tuple[Any, ...]) -> "CardTally":
        return cls(v[0], v[1], v[2], v[3], Rate(v[4], v[5]), Rate(v[6], v[7]), Tally(v[8], v[9], v[10]),
                   Tally(v[11], v[12], v[13]))


@dataclass
class CardVerdicts:
    cards: dict[CardKey, CardTally] = field(default_factory=dict)

    def add_player(self, won: bool, plays: dict[CardKey, Play | tuple[Any, ...]]) -> None:
        cards = self.cards
        for key, play in plays.items():
            t = cards.get(key)
            if t is None:
                t = cards[key] = CardTally()
            t.add(won, play)

    def merge(self, o: "CardVerdicts") -> None:
        cards = self.cards
        for key, t in o.cards.items():
            ours = cards.get(key)
            if ours is None:
                ours = cards[key] = CardTally()
            ours.merge(t)

    def __getstate__(self) -> dict[CardKey, tuple[Any, ...]]:
        """Pickled as plain tuples: each chunk of games sends its tallies to the main process,
        and nested dataclasses pickle several times slower."""
        return {key: t.as_tuple() for key, t in self.cards.items()}

    def __setstate__(self, state: dict[CardKey, tuple[Any, ...]]) -> None:
        self.cards = {key: CardTally.of_tuple(v) for key, v in state.items()}

    def as_json(self, focus: Iterable[str] = ()) -> dict[str, Any]:
        """Rows in a fixed order: the designer's cards (`focus`, by name) first, then by age,
        colour (the pack's order) and name; the win-rate differences corrected together."""
        focus = set(focus)

        def order(kv: tuple[CardKey, CardTally]) -> tuple[Any, ...]:
            (name, age), t = kv
            return (name not in focus, age, t.rank, t.color, name)
        items = sorted(self.cards.items(), key=order)
        m = sum(1 for _, t in items if t.built.n and t.passed.n)
        z = correction.simultaneous_z(m)
        tests = [diff_rates(t.built, t.passed, z) for _, t in items]
        m = correction.apply(tests)
        rows = [_row(name, age, t, name in focus, test) for ((name, age), t), test in zip(items, tests)]
        return {"card_correction": correction.describe(m, "card win-rate differences"),
                "cards": rows, "groups": _groups(items)}


def _share(t: CardTally) -> dict[str, Any] | None:
    if not t.dealt:
        return None
    return Rate(t.built_dealt, t.dealt).as_json()


def _row(name: str, age: int, t: CardTally, designer: bool, test: dict[str, Any] | None) -> dict[str, Any]:
    why = None
    if test is None:  # one of the two groups is empty
        why = "never built" if not t.built.n else "always taken when affordable"
    return {"card": name, "age": age, "color": t.color, "designer": designer, "verdict": _verdict(test),
            "dealt": t.dealt, "built_when_dealt": _share(t), "builds": t.built.n,
            "win_rate_built": t.built.as_json(), "win_rate_passed": t.passed.as_json(),
            "win_diff": test, "untested": why,
            "points_per_build": t.points.as_json(), "coins_per_build": t.coins.as_json()}


def _verdict(test: dict[str, Any] | None) -> str:
    """In a word, after the correction: did building it win more often than the other plays of
    the players who held it ("stronger"), less often ("weaker"), or can these games not tell?"""
    if test is None:
        return "untested"
    if not test["significant"]:
        return "not shown"
    return "stronger" if test["diff"] > 0 else "weaker"


def _groups(items: list[tuple[CardKey, CardTally]]) -> list[dict[str, Any]]:
    """The same figures summed over the cards of each (age, colour)."""
    groups: dict[tuple[int, str], CardTally] = {}
    names: dict[tuple[int, str], int] = {}
    for (_name, age), t in items:
        g = groups.setdefault((age, t.color), CardTally(rank=t.rank, color=t.color))
        g.merge(t)
        names[(age, t.color)] = names.get((age, t.color), 0) + 1
    out = []
    for (age, color) in sorted(groups, key=lambda k: (k[0], groups[k].rank, k[1])):
        g = groups[(age, color)]
        out.append({"age": age, "color": color, "cards": names[(age, color)], "dealt": g.dealt,
                    "built_when_dealt": _share(g), "builds": g.built.n,
                    "win_rate_built": g.built.as_json(), "win_rate_passed": g.passed.as_json(),
                    "points_per_build": g.points.as_json(), "coins_per_build": g.coins.as_json()})
    return out

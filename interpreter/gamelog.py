"""Games whose log can be replayed exactly: the deal of each age is written to the log, and a
replayed game takes its hands from there.

Bots draw on the game's one random generator (greedy breaks ties at random), so the seed alone
does not give back later ages' deals once the moves come from a log; the recorded deal does.
"""
from __future__ import annotations

from typing import Any, Sequence

from .game import Game


class RecordedGame(Game):
    """A Game that writes each age's hands to log["deals"] (card names by seat)."""

    def deal(self, age: int) -> None:
        super().deal(age)
        self.log.setdefault("deals", []).append([[c.name for c in hand] for hand in self.hands])


class ReplayedGame(Game):
    """A Game dealt from a log's recorded hands (the seed's deal when the log has none)."""

    def __init__(self, *args: Any, deals: Sequence[Sequence[Sequence[str]]] = (), **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.recorded = list(deals)

    def deal(self, age: int) -> None:
        super().deal(age)
        if len(self.recorded) < age:
            return
        by_name = {c.name: c for c in self.cp.cards if c.age == age}
        hands = self.recorded[age - 1]
        if len(hands) != self.n:
            raise ValueError(f"the deal of age {age} has {len(hands)} hands for {self.n} players")
        unknown = [name for hand in hands for name in hand if name not in by_name]
        if unknown:
            raise ValueError(f"the deal of age {age} names {unknown[0]!r}, no age {age} card of this pack")
        self.hands = [[by_name[name] for name in hand] for hand in hands]

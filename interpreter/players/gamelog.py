"""Games whose log can be replayed exactly: every random deal is written to the log (each
age's hands, each draft's hands, each random draw from the box), and a replayed game takes
them from there.

The deal has its own random stream (interpreter/game/rng.py), apart from the bots' streams, but a
log may come from another pack version or a human's game in the browser; the recorded deals
make a replay exact whatever produced them.
"""
from __future__ import annotations

from typing import Any, Sequence

from interpreter.rules.compiled import CCard
from interpreter.players.game import Game


class RecordedGame(Game):
    """A Game that writes its deals to log["deals"] (ages), log["drafts"] and log["draws"],
    and (logging) keeps each city's balances after each turn (interpreter/players/balances.py)."""

    balances: list[dict[str, Any]] | None = None

    def advance(self, stop_at_done: bool = False) -> list[tuple[int, tuple[str, ...]]]:
        deciding = super().advance(stop_at_done)
        if self.logging:  # a rest: the turns logged since the last one are over
            from .balances import snapshot
            kept = self.__dict__.setdefault("balances", [])
            if len(self.log["turns"]) > (kept[-1]["after"] if kept else 0):
                kept.append(snapshot(self))
        return deciding

    def clone(self, bots: Any = None) -> Any:
        new = super().clone(bots)
        if self.balances is not None:
            new.balances = list(self.balances)
        return new

    def deal(self, age: int) -> None:
        super().deal(age)
        self.log.setdefault("deals", []).append([[c.name for c in hand] for hand in self.hands])

    def deal_deck(self, decl: Any) -> list[list[CCard]]:
        hands = super().deal_deck(decl)
        self.log.setdefault("drafts", []).append([[c.name for c in hand] for hand in hands])
        return hands

    def drawn_from(self, pool: list[CCard], count: int) -> list[CCard]:
        got = super().drawn_from(pool, count)
        self.log.setdefault("draws", []).append([c.name for c in got])
        return got


class ReplayedGame(Game):
    """A Game dealt from a log's recorded deals (the seed's deal when the log has none)."""

    def __init__(self, *args: Any, deals: Sequence[Sequence[Sequence[str]]] = (),
                 drafts: Sequence[Sequence[Sequence[str]]] = (), draws: Sequence[Sequence[str]] = (),
                 **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.recorded = list(deals)
        self.drafts = list(drafts)
        self.draws = list(draws)

    def _named(self, names: Sequence[str], pool: list[CCard], what: str) -> list[CCard]:
        by_name = {c.name: c for c in pool}
        unknown = [n for n in names if n not in by_name]
        if unknown:
            raise ValueError(f"the log's {what} names {unknown[0]!r}, not a card it can hold")
        return [by_name[n] for n in names]

    def deal(self, age: int) -> None:
        super().deal(age)
        if len(self.recorded) < age:
            return
        hands = self.recorded[age - 1]
        if len(hands) != self.n:
            raise ValueError(f"the deal of age {age} has {len(hands)} hands for {self.n} players")
        pool = [c for c in self.cp.cards if c.age == age and not c.deck]
        self.hands = [self._named(hand, pool, f"deal of age {age}") for hand in hands]

    def deal_deck(self, decl: Any) -> list[list[CCard]]:
        hands = super().deal_deck(decl)
        if not self.drafts:
            return hands
        logged = self.drafts.pop(0)
        pool = self.cp.deck_cards(decl.deck, self.n)
        out = [self._named(hand, pool, f"draft '{decl.name}'") for hand in logged]
        dealt = {id(c) for hand in out for c in hand}
        self.box[:] = [c for c in self.box if c.deck != decl.deck] + \
            [c for c in pool if id(c) not in dealt]
        return out

    def drawn_from(self, pool: list[CCard], count: int) -> list[CCard]:
        if not self.draws:
            return super().drawn_from(pool, count)
        return self._named(self.draws.pop(0), pool, "draw from the box")

"""`vp`: victory points at game end, flat or counted then, if a condition holds then
(`if wonder complete`, `if more blue cards than neighbors`, `if most coins`, `if no defeats`,
`if at most 1 white card`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.counting import Counter, count, in_city, target_cities
from interpreter.rules.effects.base import Builder, counter, handles, target_codes


@dataclass(frozen=True)
class CountTest:
    """A compiled condition on a count in the owner's city (see dsl.ast.Condition): `than` holds
    seat codes (1 left, 2 right, N seats away, a neighbour chosen at game end), or is empty for every
    other city."""

    kind: str
    counter: Counter
    than: tuple[int, ...] = ()
    limit: int = 0

    def holds(self, table: Any, seat: int) -> bool:
        own = in_city(table.cities[seat], self.counter)
        if self.kind == "none":
            return own == 0
        if self.kind == "at_most":
            return own <= self.limit
        if self.than:
            rivals = target_cities(table, seat, self.than)
        else:  # every other city, a seat no player owns included
            rivals = [c for i, c in enumerate(table.cities) if i != seat]
        theirs = [in_city(c, self.counter) for c in rivals]
        if self.kind == "more":
            return all(own > t for t in theirs)
        return all(own >= t for t in theirs)  # "most": a tie counts


class VictoryHook(Hook):
    """Points at game end (flat, or per counted thing then), if its condition holds then."""

    scores = True

    def __init__(self, amount: int, counter: Counter | None, condition: str | CountTest = ""):
        self.amount, self.counter, self.condition = amount, counter, condition
        self.science_set = counter is not None and counter.what == "science_set" \
            and counter.seats == (0,) and counter.every == 1 and not condition

    def score(self, table: Any, seat: int) -> int:
        if self.condition == "wonder_complete":
            city = table.cities[seat]
            if city.stages_built < len(city.side.stages):
                return 0
        elif isinstance(self.condition, CountTest) and not self.condition.holds(table, seat):
            return 0
        if self.counter is None:
            return self.amount
        return self.amount * count(table, seat, self.counter)

    def worth(self, obs: Any, seat: int) -> float:
        """What it would score if the game ended now (a condition as it stands now)."""
        return float(self.score(obs.table, seat))


def _test(cond: A.Condition, ix: Any) -> CountTest:
    c = counter(cond.counted, ix)
    assert c is not None
    than = () if cond.than == ("others",) else target_codes(cond.than, ix)
    if cond.kind == "most":
        than = ()
    return CountTest(cond.kind, c, than, cond.limit)


@handles("vp", "amount", "per", "condition")
def _vp(n: A.VictoryPoints, b: Builder, ix: Any) -> None:
    cond = _test(n.condition, ix) if isinstance(n.condition, A.Condition) else n.condition
    b.hooks.append(VictoryHook(n.amount, counter(n.per, ix), cond))

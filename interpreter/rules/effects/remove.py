"""`remove N|all KIND tokens [for TARGET]`: when built, the owner's city (or each city of TARGET)
gives tokens back; of conflict tokens worth different points each city chooses which
(interpreter/game/conflicts.py: remove_tokens asks it)."""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.counting import seats_at
from interpreter.rules.effects.base import Builder, handles, target_codes


class RemoveTokensHook(Hook):
    """When built: each city of `seats` (target codes, counting.py) gives back `count` tokens of
    `kind` (0: all of them)."""

    builds = True

    def __init__(self, count: int, kind: str, seats: tuple[int, ...] = (0,)):
        self.count, self.kind, self.seats = count, kind, seats

    def givers(self, game: Any, seat: int) -> list[int]:
        return [seat] if self.seats == (0,) else seats_at(game.table, seat, self.seats)

    def when_built(self, game: Any, seat: int) -> int:
        for s in self.givers(game, seat):
            game.remove_tokens(s, self.kind, self.count)
        return 0

    def worth(self, obs: Any, seat: int) -> float:
        """The points the tokens given back are worth now (those worth least go first, as a bot
        gives them): lost by the owner's city, half of them gained against each other city."""
        v = 0.0
        for s in self.givers(obs, seat):
            lost = self.points(obs, s)
            v += -lost if s == seat else 0.5 * lost
        return v

    def points(self, obs: Any, s: int) -> float:
        city = obs.cities[s]
        if self.kind not in A.CONFLICT_TOKENS:
            kind = obs.rules.tokens.get(self.kind)
            held = city.token_counts.get(self.kind, 0)
            return float((min(held, self.count) if self.count else held) * (kind.vp if kind else 0))
        held = sorted(t for t in city.tokens if (t > 0 if self.kind == "victory" else t < 0))
        return float(sum(held[:self.count] if self.count else held))


@handles("remove", "count", "kind", "sides")
def _remove(n: A.RemoveTokens, b: Builder, ix: Any) -> None:
    b.hooks.append(RemoveTokensHook(n.count, n.kind, target_codes(n.sides, ix)))  # chosen when built

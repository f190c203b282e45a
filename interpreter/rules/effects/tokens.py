"""`tokens`: tokens of a kind the pack declares (debt, diplomacy), or military conflict tokens
taken outside a war (`tokens 1 victory`), when built.
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.counting import seats_at
from interpreter.rules.effects.base import Builder, ages_left, handles, target_codes
from interpreter.rules.track_worth import track_gain


class TokensHook(Hook):
    """When built: take tokens of a declared kind; with `seats` (target codes, counting.py) the
    cities there take them, chosen as this applies (`for the richer neighbor`)."""

    builds = True

    def __init__(self, count: int, kind: str, seats: tuple[int, ...] = (0,)):
        self.count, self.kind, self.seats = count, kind, seats

    def takers(self, game: Any, seat: int) -> list[int]:
        return [seat] if self.seats == (0,) else seats_at(game.table, seat, self.seats)

    def when_built(self, game: Any, seat: int) -> int:
        for s in self.takers(game, seat):
            game.give_tokens(s, self.kind, self.count)
        return 0

    def worth(self, obs: Any, seat: int) -> float:
        kind = obs.rules.tokens.get(self.kind)
        if kind is None:
            return 0.0
        v = kind.vp + (1.5 if kind.sit_out and ages_left(obs) >= 0 else 0.0)
        v = self.count * v * self._share(obs, seat)
        if self.seats == (0,):  # strength in a conflict along a track that counts them
            for k, counted in enumerate(obs.cp.track_strength):
                if counted is not None and counted.what == "token" and counted.token == self.kind:
                    v += track_gain(obs, seat, k, self.count * sum(1 for s in counted.seats if s == 0))
        return v

    def _share(self, obs: Any, seat: int) -> float:
        """+1 for the owner's own tokens, -1/2 for each other city's (a rough rival's gain)."""
        if self.seats == (0,):
            return 1.0
        return sum(1.0 if s == seat else -0.5 for s in self.takers(obs, seat))


class ConflictTokensHook(TokensHook):
    """When built: take military victory (the current age's) or defeat tokens outside a war."""

    def when_built(self, game: Any, seat: int) -> int:
        for s in self.takers(game, seat):
            game.take_conflict_tokens(s, self.kind, self.count)
        return 0

    def worth(self, obs: Any, seat: int) -> float:
        """The points of the tokens (the military line counts them at game end)."""
        rules = obs.rules
        v = rules.victory_tokens[max(1, obs.age) - 1] if self.kind == "victory" else rules.defeat_token
        return float(self.count * v) * self._share(obs, seat)


@handles("tokens", "count", "kind", "sides")
def _tokens(n: A.Tokens, b: Builder, ix: Any) -> None:
    hook = ConflictTokensHook if n.kind in A.CONFLICT_TOKENS else TokensHook
    b.hooks.append(hook(n.count, n.kind, target_codes(n.sides, ix)))  # chosen as it applies

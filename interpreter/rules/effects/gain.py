"""The gain primitive: a quantity of some cities changes once by an amount, when built (or when
a trigger fires). The words `coins`, `tokens` and `lose`/`gain` are definitions over it
(dsl/definitions.py); this module is all the Python engine runs of them.

Coins for the owner alone arrive with the turn's income (a loss of its own: never below 0);
other cities' coins from the bank come with theirs (GameState.give_coins), and their losses are
settled at the end of the turn, with debt when unpaid (interpreter/game/losses.py), paid to the
owner with `to you`. Tokens of a declared kind are counted on the city; victory and defeat tokens
are taken as a war would give them now (Conflicts.take_conflict_tokens). The amount per COUNT is
counted in each city that gains or loses.
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.counting import Counter, count, seats_at
from interpreter.rules.effects.base import Builder, ages_left, counter, handles, target_codes
from interpreter.rules.track_worth import track_gain

OWNER = (0,)  # the owner's city alone (a target's seat codes, counting.py)


class GainHook(Hook):
    """When built: `amount` (times `counter` counted in each taking city) of `quantity` for the
    cities at `seats` (target codes; a count's pick chosen as it applies)."""

    builds = True
    to_owner = False  # (set on the hook only when true)

    def __init__(self, quantity: str, amount: int, kind: str, counter: Counter | None,
                 seats: tuple[Any, ...] = OWNER, to_owner: bool = False):
        self.quantity, self.amount, self.kind, self.counter, self.seats = quantity, amount, kind, counter, seats
        if to_owner:
            self.to_owner = True

    def takers(self, table: Any, seat: int) -> list[int]:
        return [seat] if self.seats == OWNER else seats_at(table, seat, self.seats)

    def due(self, table: Any, target: int) -> int:
        """The amount, unsigned, for one taking city (counted there)."""
        a = abs(self.amount)
        return a if self.counter is None else a * count(table, target, self.counter)

    def when_built(self, game: Any, seat: int) -> int:
        if self.quantity == "coins":
            if self.seats == OWNER:  # the owner's own: the turn's income
                return self.amount * (1 if self.counter is None else count(game.table, seat, self.counter))
            for t in self.takers(game.table, seat):
                due = self.due(game.table, t)
                if not due:
                    continue
                if self.amount > 0:
                    game.give_coins(t, due)
                elif self.to_owner:  # stolen: paid to the owner
                    game.owe_loss(t, due, seat, True)
                else:
                    game.owe_loss(t, due, seat)
        elif self.kind in A.CONFLICT_TOKENS:
            for t in self.takers(game.table, seat):
                game.take_conflict_tokens(t, self.kind, self.amount)
        else:
            for t in self.takers(game.table, seat):
                game.give_tokens(t, self.kind, self.amount)
        return 0

    def worth(self, obs: Any, seat: int) -> float:
        """The greedy bot's estimate: coins a third of a point each (a rival's loss a quarter,
        a third more when the owner takes it; a rival's gain -0.15); tokens their points (a
        declared kind's, +1.5 if it sits a city out of a war), a rival's half against."""
        if self.quantity == "coins":
            if self.seats == OWNER:
                return self.when_built(obs, seat) / 3
            hurt = sum(self.due(obs.table, t) for t in self.takers(obs.table, seat))
            return (0.25 + (1 / 3 if self.to_owner else 0) if self.amount < 0 else -0.15) * hurt
        if self.kind in A.CONFLICT_TOKENS:
            rules = obs.rules
            v = rules.victory_tokens[max(1, obs.age) - 1] if self.kind == "victory" else rules.defeat_token
            return float(self.amount * v) * self._share(obs, seat)
        kind = obs.rules.tokens.get(self.kind)
        if kind is None:
            return 0.0
        v = self.amount * (kind.vp + (1.5 if kind.sit_out and ages_left(obs) >= 0 else 0.0)) * self._share(obs, seat)
        if self.seats == OWNER:  # strength in a conflict along a track that counts them
            for k, counted in enumerate(obs.cp.track_strength):
                if counted is not None and counted.what == "token" and counted.token == self.kind:
                    v += track_gain(obs, seat, k, self.amount * sum(1 for s in counted.seats if s == 0))
        return v

    def _share(self, obs: Any, seat: int) -> float:
        """+1 for the owner's own tokens, -1/2 for each other city's (a rough rival's gain)."""
        if self.seats == OWNER:
            return 1.0
        return sum(1.0 if s == seat else -0.5 for s in self.takers(obs.table, seat))


@handles("gain", "quantity", "amount", "kind", "per", "sides", "to_owner")
def _gain(n: A.QuantityGain, b: Builder, ix: Any) -> None:
    b.hooks.append(GainHook(n.quantity, n.amount, n.kind, counter(n.per, ix), target_codes(n.sides, ix), n.to_owner))

"""`shields`' hook forms: military strength counted anew at each conflict (`per ...`), or
other cities' strength (`for SIDES`). Its flat form, the city's own shields, is a definition over
the hold primitive (dsl/definitions.py, effects/hold.py).
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.counting import Counter, count
from interpreter.rules.effects.base import Builder, ages_left, counter, handles, target_codes


class StrengthHook(Hook):
    """Shields counted anew at each conflict (`shields 1 per defeat`), or shields of other
    cities (`shields -1 for neighbors`: `seats` holds LEFT/RIGHT, or a city chosen at each
    conflict; the conflict adds them to those cities' strength, game/conflicts.py)."""

    def __init__(self, amount: int, counter: Counter | None, seats: tuple[int, ...] = (0,)):
        self.amount, self.counter, self.seats = amount, counter, seats

    def attach(self, city: Any) -> None:
        if self.seats == (0,):
            city.strength.append(self)
        else:
            city.strength_out.append(self)

    def shields(self, table: Any, seat: int) -> int:
        """The shields this gives, counted in the owner's city (`seat`)."""
        if self.counter is None:
            return self.amount
        return self.amount * count(table, seat, self.counter)

    def worth(self, obs: Any, seat: int) -> float:
        if self.seats == (0,):
            return 0.5 * self.amount * (ages_left(obs) + 1)
        return -0.4 * self.amount * len([s for s in self.seats if s]) * (ages_left(obs) + 1)


@handles("shields", "count", "per", "sides")
def _shields(n: A.Shields, b: Builder, ix: Any) -> None:
    """The forms the definition's `only` leaves out (compile_node turns the flat one into hold)."""
    seats = target_codes(n.sides, ix) if n.sides != ("self",) else (0,)
    b.hooks.append(StrengthHook(n.count, counter(n.per, ix), seats))

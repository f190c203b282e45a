"""`lose` / `gain`: other cities lose coins (settled at the end of the turn, with debt as
the fallback: interpreter/game/losses.py) or gain coins from the bank.
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.counting import FAR_LEFT, Counter, PickSeats, count, far_seat, seat_code, seats_at
from interpreter.rules.effects.base import Builder, counter, handles


class OthersCoinsHook(Hook):
    """When built: other cities lose coins (or take debt) or take coins from the bank; with
    `to_owner`, what they pay goes to the owner (`neighbors lose 2 coins to you`)."""

    builds = True
    to_owner = False  # (set on the hook only when true: the native core declines it, lower.py)

    def __init__(self, amount: int, sides: tuple[str, ...], counter: Counter | None,
                 pick: PickSeats | None = None, to_owner: bool = False):
        self.amount, self.sides, self.counter, self.pick = amount, sides, counter, pick
        if to_owner:
            self.to_owner = True

    def targets(self, game: Any, seat: int) -> list[int]:
        if self.pick is not None:  # chosen by a count as it applies
            return seats_at(game.table, seat, (self.pick,))  # type: ignore[arg-type]
        n = game.n
        if self.sides == ("others",):
            return [s for s in range(n) if s != seat]
        out = []
        for side in self.sides:
            code = seat_code(side) or 0
            s = far_seat(seat, code, n) if code >= FAR_LEFT else (seat + 1) % n if side == "left" else (seat - 1) % n
            if s != seat and s not in out:
                out.append(s)
        return out

    def due(self, game: Any, target: int) -> int:
        if self.counter is None:
            return abs(self.amount)
        return abs(self.amount) * count(game.table, target, self.counter)

    def when_built(self, game: Any, seat: int) -> int:
        for t in self.targets(game, seat):
            due = self.due(game, t)
            if due:
                if self.amount < 0:
                    if self.to_owner:  # stolen: paid to the owner
                        game.owe_loss(t, due, seat, True)
                    else:
                        game.owe_loss(t, due, seat)
                else:
                    game.give_coins(t, due)
        return 0

    def worth(self, obs: Any, seat: int) -> float:
        hurt = sum(self.due(obs, t) for t in self.targets(obs, seat))
        return (0.25 + (1 / 3 if self.to_owner else 0) if self.amount < 0 else -0.15) * hurt


@handles("lose", "amount", "sides", "per", "to_owner")
def _others_coins(n: A.OthersCoins, b: Builder, ix: Any) -> None:
    pick = None
    if n.sides and isinstance(n.sides[0], A.Pick):
        p = n.sides[0]
        found = counter(p.counted, ix)
        assert found is not None
        pick = PickSeats(p.how, found, p.at_least, p.other)
    b.hooks.append(OthersCoinsHook(n.amount, () if pick else n.sides, counter(n.per, ix), pick, n.to_owner))

"""`rule trade_price +1 for all`: a rules number changed while the source holds.

The hook only says what changes for whom (attach puts it in its city's `rule_changes`); the
game sums every change in force at the start of each turn (interpreter/rules/laws.py), where
the law tower's visible tiles add theirs.
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.counting import seats_of
from interpreter.rules.effects.base import Builder, ages_left, handles

# the greedy bot's guess, in points per unit of change per age left, for the city it holds for
RULE_WORTH = {"trade_price": -0.5, "sell_coins": 0.15, "victory": 0.6, "defeat": 0.4,
              "science_set": 0.3, "pass": 0.0}  # a token kind's points: its count is not known


class RuleChangeHook(Hook):
    """`amount` added to the rules number `rule` for the cities `seats` (0 self, 1 left,
    2 right) while the card is in its city."""

    changes_rules = True  # (the native core runs it too: interpreter/native/laws.pxi)

    def __init__(self, rule: str, amount: int, seats: tuple[int, ...]):
        self.rule, self.amount, self.seats = rule, amount, seats

    def attach(self, city: Any) -> None:
        city.rule_changes.append((self.rule, self.amount, self.seats))

    def worth(self, obs: Any, seat: int) -> float:
        """Good for the owner when it holds for the owner, bad when it helps its neighbours:
        a simple documented guess (docs/effects.md)."""
        each = RULE_WORTH.get(self.rule, 0.0) * self.amount * ages_left(obs)
        own = each if 0 in self.seats else 0.0
        return own - 0.5 * each * sum(1 for s in self.seats if s)


@handles("rule", "rule", "amount", "sides")
def _rule(n: A.RuleChange, b: Builder, ix: Any) -> None:
    b.hooks.append(RuleChangeHook(n.rule, n.amount, seats_of(n.sides)))

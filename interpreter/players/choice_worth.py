"""What the greedy bot weighs of the choices the language offers a player that are worth a plan
rather than an immediate gain (docs/bots.md "The choices greedy weighs"): a built card kept or
given up, a change of the passing. The native core's greedy
(interpreter/native/choice_worth.pxi) computes the same numbers in the same float order, so the
two play move for move alike."""
from __future__ import annotations

from typing import Any, Sequence

from dsl.rules import pass_step
from interpreter.rules.laws import farther

GreedyBot = _Now = Any  # (interpreter/players/bots.py, which imports this module)


def lost_production(now: "_Now", effect: Any) -> float:
    """What a built card's production still gives its city, as the city would lose it: each
    unit the greedy unit worth (1.2 a point per age left + 0.3) divided by one more than the
    city's other sources of that resource (its other fixed units and either/or cards; for an
    either/or unit, of the least made of its resources). A resource the city makes twice is
    worth half as much to keep."""
    city = now.city
    unit = 1.2 * now.ages_left + 0.3
    v = 0.0
    fixed, private = effect.fixed, effect.fixed_private
    for r in range(len(fixed)):
        a = fixed[r] + private[r]
        if a:
            others = city.fixed[r] - a + city.choice_count[r]
            v += a * unit / (1 + (others if others > 0 else 0))
    for ch in effect.choices + effect.choices_private:
        others = min(city.fixed[r] + city.choice_count[r] for r in ch) - 1
        v += unit / (1 + (others if others > 0 else 0))
    return v


def discard_worth(bot: "GreedyBot", now: "_Now", hook: Any) -> float:
    """`discard own ... card for N coins`, weighed as greedy will answer it: the coins (a third
    of a point each) less what the card it would give up still gives (the least kept of the
    candidates, GreedyBot.kept), when that is a gain; nothing without a card to give up."""
    cands = hook.candidates(now.city.cards)
    if not cands:
        return 0.0
    low = min(bot.kept(now, c) for c in cands)
    gain = hook.coins / 3 - low
    return gain if gain > 0.0 else 0.0


def pass_amount(effect: Any) -> int:
    """The change to the pass distance an effect makes (`rule pass -2`, held or until age ends)."""
    amount = 0
    for h in effect.hooks:
        if getattr(h, "rule", None) == "pass":
            amount += h.amount
        held = getattr(h, "held", None)
        if held is not None:
            amount += pass_amount(held)
    return amount


def pass_worth(bot: "GreedyBot", now: "_Now", amount: int, rest: Sequence[Any]) -> float:
    """A change of the passing (`rule pass`), built now (or a law tile placed with a card of the
    hand, which `rest` leaves out): it holds from the next turn on, so the
    hand that turn passes on is the first to go the new way. When the new way reverses the old,
    the hand received the turn after next is `rest` (the hand it passes now, less the card it
    plays) less the one card the neighbour takes from it next turn, where the old way brings a
    hand it has not seen. Worth the expected best card of `rest` after the neighbour's pick (any
    one of them, as likely: ((m-1) best + second best) / m), less a card of an unseen hand,
    estimated at the mean of `rest`; each card its worth as if built less its coins (as a
    draft keep). Any other change (a hand from farther away), no turn after next in this age,
    or a phase other than an age's turns: 0."""
    obs = now.obs
    phase = obs.phase
    if not amount or phase is None or phase.kind != "age" or obs.turn + 2 > now.rules.hand_size_at(obs.n) - 1:
        return 0.0
    m = len(rest)
    if m < 2:
        return 0.0
    n = obs.n
    shift = now.city.shifts.get("pass", 0)
    step = pass_step(now.rules.pass_directions[now.age - 1])
    old, new = farther(step, {"pass": shift}), farther(step, {"pass": shift + amount})
    if (old + new) % n or not (new - old) % n:  # not a reversal: from a hand it has not seen
        return 0.0
    vals = [bot._value(now, c.effect) - c.cost_coins / 3 for c in rest]
    total = 0.0
    best = 0
    for i in range(m):
        total += vals[i]
        if vals[i] > vals[best]:
            best = i
    second = -1
    for i in range(m):
        if i != best and (second < 0 or vals[i] > vals[second]):
            second = i
    return ((m - 1) * vals[best] + vals[second]) / m - total / m

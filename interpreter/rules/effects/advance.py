"""`advance TRACK [for N coins]`: the owner's marker moves one step on a declared track.

A paid step is the owner's choice: its player is asked (choose_card, purpose
`advance TRACK for N coins`, the step as a card) when the city holds the coins; a free one
always happens. A price in resources (`advance red for 1 wood`) is priced as a wonder stage
(GameState.step_price: the city's own resources or bought from the neighbours, paid at once)
and asked about when it can be paid (purpose `advance red for wood (2 coins in all)`).

The step reached gives its reward once, through the same machinery as a card built then:
its totals and hooks join the city (points on the track's score line) and its when-built
hooks run now, their coins arriving with the turn's other coins.
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A
from dsl.printer import cost_text

from interpreter.rules.contribution import Hook
from interpreter.rules.effects.base import Builder, ages_left, handles, nested_worth


class AdvanceHook(Hook):
    """When built: one step on track `track` (an index of CompiledPack.tracks), paying `coins`
    and the resources `cost` ((resource, n), ...: priced as a wonder stage, `price` as printed)."""

    builds = True

    def __init__(self, track: int, coins: int, cost: tuple[tuple[int, int], ...] = (), price: str = ""):
        self.track, self.coins, self.cost, self.price = track, coins, cost, price

    def when_built(self, game: Any, seat: int) -> int:
        city = game.cities[seat]
        track = game.cp.tracks[self.track]
        pos = city.track_pos[self.track]
        if pos >= len(track.steps):
            return 0  # at the end of the track: the marker stays
        if self.cost:  # resources: own or bought from the neighbours, as for a stage
            paid = game.step_price(seat, self.coins, self.cost)
            if paid is None or not game.advance_chosen(seat, track.cards[pos], sum(paid), self.price, paid):
                return 0
            game.pay_step(seat, *paid)
        else:
            if city.coins < self.coins:
                return 0  # cannot pay: the marker stays
            if self.coins and not game.advance_chosen(seat, track.cards[pos], self.coins):
                return 0  # a paid step is the owner's choice
            city.coins -= self.coins
        city.track_pos[self.track] = pos + 1
        step = track.steps[pos]
        city.add(step, track.line)
        return game.when_built(seat, step) if step.built_hooks else 0

    def worth(self, obs: Any, seat: int) -> float:
        """The reward of the step it would reach, less its price (a resource at 2 coins)."""
        track = obs.cp.tracks[self.track]
        pos = obs.table.cities[seat].track_pos[self.track]
        if pos >= len(track.steps):
            return 0.0
        return step_worth(obs, seat, track.steps[pos]) - (self.coins + 2 * sum(n for _, n in self.cost)) / 3


def step_worth(obs: Any, seat: int, step: Any) -> float:
    """A rough estimate of a step's reward in points: its hooks' own, plus shields and
    production as the greedy bot weighs them (without the war's details)."""
    v = sum(nested_worth(h, obs, seat) for h in step.hooks)
    v += 1.5 * step.shields * (ages_left(obs) + 1)
    units = sum(step.fixed) + sum(step.fixed_private) + len(step.choices) + len(step.choices_private)
    v += units * (1.2 * ages_left(obs) + 0.3)
    return v + 2.0 * (sum(step.science) + len(step.science_wild))


@handles("advance", "track", "coins", "resources")
def _advance(n: A.Advance, b: Builder, ix: Any) -> None:
    price = cost_text(A.Cost(n.coins, n.resources)) if n.resources else ""
    b.hooks.append(AdvanceHook(ix.tracks[n.track], n.coins, ix.cost(A.Cost(resources=n.resources)), price))

"""`advance TRACK [for N coins]`: the owner's marker moves one step on a declared track.

A paid step is the owner's choice: its player is asked (choose_card, purpose
`advance TRACK for N coins`, the step as a card) when the city holds the coins; a free one
always happens.

The step reached gives its reward once, through the same machinery as a card built then:
its totals and hooks join the city (points on the track's score line) and its when-built
hooks run now, their coins arriving with the turn's other coins.
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.effects.base import Builder, ages_left, handles


class AdvanceHook(Hook):
    """When built: one step on track `track` (an index of CompiledPack.tracks), paying `coins`."""

    builds = True

    def __init__(self, track: int, coins: int):
        self.track, self.coins = track, coins

    def when_built(self, game: Any, seat: int) -> int:
        city = game.cities[seat]
        track = game.cp.tracks[self.track]
        pos = city.track_pos[self.track]
        if pos >= len(track.steps) or city.coins < self.coins:
            return 0  # at the end of the track, or cannot pay: the marker stays
        if self.coins and not game.advance_chosen(seat, track.cards[pos], self.coins):
            return 0  # a paid step is the owner's choice
        city.coins -= self.coins
        city.track_pos[self.track] = pos + 1
        step = track.steps[pos]
        city.add(step, track.line)
        return game.when_built(seat, step) if step.built_hooks else 0

    def worth(self, obs: Any, seat: int) -> float:
        """The reward of the step it would reach, less its price."""
        track = obs.cp.tracks[self.track]
        pos = obs.table.cities[seat].track_pos[self.track]
        if pos >= len(track.steps):
            return 0.0
        return step_worth(obs, seat, track.steps[pos]) - self.coins / 3


def step_worth(obs: Any, seat: int, step: Any) -> float:
    """A rough estimate of a step's reward in points: its hooks' own, plus shields and
    production as the greedy bot weighs them (without the war's details)."""
    v = sum(h.worth(obs, seat) for h in step.hooks)
    v += 1.5 * step.shields * (ages_left(obs) + 1)
    units = sum(step.fixed) + sum(step.fixed_private) + len(step.choices) + len(step.choices_private)
    v += units * (1.2 * ages_left(obs) + 0.3)
    return v + 2.0 * (sum(step.science) + len(step.science_wild))


@handles("advance", "track", "coins")
def _advance(n: A.Advance, b: Builder, ix: Any) -> None:
    b.hooks.append(AdvanceHook(ix.tracks[n.track], n.coins))

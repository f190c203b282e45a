"""What one card, stage or board adds to a city: a flat fast path plus hooks.

The fast path (production, shields, science, trade prices) is what the payment search
and the war read on every turn, so it stays plain tuples folded into running totals.
Every other effect is a Hook: one object per compiled effect that says when it acts by
the flags it sets, and the game dispatches on those flags, never on the effect's word.
This module imports nothing of ours, so every other module can import it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class Hook:
    """One compiled effect off the fast path.

    Flags say when the game calls it:
      builds        when_built(game, seat) -> coins gained, once, after the turn's builds
      scores        score(table, seat) -> points at game end, on the card's score line
      reacts        react(game, seat, event) -> coins gained when an event happens in its city
      changes_cost  cost_change(): consulted by the price of cards and stages
    attach(city) runs when the effect enters a city (powers set their flags there).
    worth(obs, seat) is the greedy bot's estimate in points, from the seat's observation
    (interpreter/players/observation.py: rules, age, n, table of read-only city views, discard_size,
    second_hands), never the game; every built-in word has one.
    """

    builds = False
    scores = False
    reacts = False
    changes_cost = False
    science_set = False  # points per complete science set (scoring places wild symbols for them)
    valued = True  # False: the greedy bot has no estimate for it (it warns)

    def attach(self, city: Any) -> None:
        return None

    def when_built(self, game: Any, seat: int) -> int:
        return 0

    def score(self, table: Any, seat: int) -> int:
        return 0

    def react(self, game: Any, seat: int, event: Any) -> int:
        return 0

    def worth(self, obs: Any, seat: int) -> float:
        return 0.0


@dataclass(frozen=True)
class Contribution:
    """Fast-path vectors, plus the hooks of every other effect."""

    fixed: tuple[int, ...]  # tradable fixed production per resource
    fixed_private: tuple[int, ...]
    choices: tuple[tuple[int, ...], ...]  # tradable either/or production
    choices_private: tuple[tuple[int, ...], ...]
    shields: int = 0
    science: tuple[int, ...] = ()
    science_wild: tuple[tuple[int, ...], ...] = ()
    discounts: tuple[tuple[frozenset[int], tuple[int, ...], int], ...] = ()  # resources, seats, price
    hooks: tuple[Hook, ...] = ()
    # the hooks by when they act, sorted once here so the game loop never asks each hook
    built_hooks: tuple[Hook, ...] = field(init=False, repr=False)
    score_hooks: tuple[Hook, ...] = field(init=False, repr=False)
    react_hooks: tuple[Hook, ...] = field(init=False, repr=False)
    attach_hooks: tuple[Hook, ...] = field(init=False, repr=False)
    produces: bool = field(init=False, repr=False)  # any production at all (read on every build)

    def __post_init__(self) -> None:
        object.__setattr__(self, "produces", any(self.fixed) or any(self.fixed_private)
                           or bool(self.choices or self.choices_private))
        hooks = self.hooks
        object.__setattr__(self, "built_hooks", tuple(h for h in hooks if h.builds))
        object.__setattr__(self, "score_hooks", tuple(h for h in hooks if h.scores))
        object.__setattr__(self, "react_hooks", tuple(h for h in hooks if h.reacts))
        object.__setattr__(self, "attach_hooks",
                           tuple(h for h in hooks if type(h).attach is not Hook.attach))

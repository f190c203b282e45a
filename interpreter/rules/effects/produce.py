"""`produce`'s hook forms: `produce one produced|unproduced`, production that follows the
city's own; `produce ... for SIDES`, production given to other cities while the card stands
(GameState.refresh_gifts). Its flat form (the city's own production, fixed or either/or,
tradable or not) is a definition over the hold primitive (dsl/definitions.py, effects/hold.py).
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Contribution, Hook
from interpreter.rules.counting import OTHERS, seats_at, seats_of
from interpreter.rules.effects.base import Builder, ages_left, compile_node, handles, target_codes


class RelativeProduction(Hook):
    """One unit of a resource the city sells (or does not sell) to its neighbours; the choice
    follows its production as it grows."""

    def __init__(self, relative: str):
        self.relative = relative

    def attach(self, city: Any) -> None:
        city.add_relative(self.relative)

    def worth(self, obs: Any, seat: int) -> float:
        return 1.2 * ages_left(obs) + 0.3


class GiftHook(Hook):
    """Production given to other cities: each city it names folds `gift` into its own totals
    for as long as the card stands in the owner's city. The game keeps the gifts in step with
    the cards built and given up (GameState.refresh_gifts), so a city made again keeps them."""

    builds = True  # when built, the gifts are dealt again (the game's refresh)

    def __init__(self, gift: Contribution, seats: tuple[int, ...]):
        self.gift, self.seats = gift, seats
        self.units = sum(gift.fixed) + sum(gift.fixed_private) + len(gift.choices) + len(gift.choices_private)

    def attach(self, city: Any) -> None:
        city.gives.append(self)

    def when_built(self, game: Any, seat: int) -> int:
        game.refresh_gifts()
        return 0

    def targets(self, table: Any, seat: int) -> list[int]:
        return seats_at(table, seat, self.seats)

    def worth(self, obs: Any, seat: int) -> float:
        """Production handed to rivals: a small loss for each unit and city, for the ages left."""
        cities = sum(1 for s in self.seats if s) if self.seats != (OTHERS,) else obs.n - 1
        return -0.3 * self.units * cities * (ages_left(obs) + 1) + 0.3 * self.units * (0 in self.seats)


@handles("produce", "resources", "choice", "tradable", "relative", "sides")
def _produce(n: A.Produce, b: Builder, ix: Any) -> None:
    """The forms the definition's `only` leaves out (compile_node turns the flat one into hold)."""
    if n.relative:
        b.hooks.append(RelativeProduction(n.relative))
        return
    if isinstance(n.sides[0], A.Pick) or n.sides[0] in A.CHOSEN_NEIGHBOURS:
        from interpreter.rules.effects.choose import choice_hook  # (it compiles through this handler)
        sides = ("left",), ("right",)  # the neighbour the rules choose when built, then kept
        options = tuple(A.Produce(n.resources, n.choice, n.tradable, sides=s) for s in sides)
        b.hooks.append(choice_hook(options, ix, target_codes(n.sides, ix)))
        return
    # the production of other cities: a contribution they fold in
    inner = Builder(len(ix.res), len(ix.sym))
    compile_node(A.Produce(n.resources, n.choice, n.tradable), inner, ix)  # the hold primitive
    gift = Contribution(tuple(inner.fixed), tuple(inner.fixed_private), tuple(inner.choices),
                        tuple(inner.choices_private))
    b.hooks.append(GiftHook(gift, seats_of(n.sides)))

"""`produce`: resources every turn, fixed or either/or, tradable or not; `produce one
produced|unproduced`, production that follows the city's own; `produce ... for SIDES`,
production given to other cities while the card stands (GameState.refresh_gifts).
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Contribution, Hook
from interpreter.rules.counting import OTHERS, seats_at, seats_of
from interpreter.rules.effects.base import Builder, ages_left, handles, target_codes


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
    if n.relative:
        b.hooks.append(RelativeProduction(n.relative))
        return
    if n.sides and (isinstance(n.sides[0], A.Pick) or n.sides[0] in A.CHOSEN_NEIGHBOURS):
        from interpreter.rules.effects.choose import choice_hook  # (it compiles through this handler)
        sides = ("left",), ("right",)  # the neighbour the rules choose when built, then kept
        options = tuple(A.Produce(n.resources, n.choice, n.tradable, sides=s) for s in sides)
        b.hooks.append(choice_hook(options, ix, target_codes(n.sides, ix)))
        return
    if n.sides != ("self",):  # the production of other cities: a contribution they fold in
        inner = Builder(len(ix.res), len(ix.sym))
        _produce(A.Produce(n.resources, n.choice, n.tradable), inner, ix)
        gift = Contribution(tuple(inner.fixed), tuple(inner.fixed_private), tuple(inner.choices),
                            tuple(inner.choices_private))
        b.hooks.append(GiftHook(gift, seats_of(n.sides)))
        return
    if n.choice:  # `wood/wood` is one wood: a resource named twice is one choice, not two
        options = tuple(dict.fromkeys(ix.res[r] for r, _ in n.resources))
        (b.choices if n.tradable else b.choices_private).append(options)
    else:
        vec = b.fixed if n.tradable else b.fixed_private
        for r, k in n.resources:
            vec[ix.res[r]] += k

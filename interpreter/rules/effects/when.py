"""`when`: a trigger, a one-time gain each time an event happens in the owner's city, or in
the cities it names (`when neighbors build red card`), or to every city (`when age starts|ends`, `when game ends`);
GameState.fire (interpreter/game/turn.py) dispatches them, once per turn if asked.

The gain is any word of dsl.registry.TRIGGERED, run through its own handler's hook as if
built at that moment (coins, tokens, a track's step, cards drawn, coins other cities lose);
points (`vp 1 when ...`) are counted then and kept on the city (City.gained), scored at the
end on the trigger's card's line.
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.counting import FAR_LEFT, far_seat, seats_of
from interpreter.rules.effects.base import Builder, Event, ages_left, compile_node, handles, nested_worth


class TriggerHook(Hook):
    """A one-time gain each time an event happens in the owner's city (or those it hears)."""

    reacts = True

    def __init__(self, kind: str, colors: frozenset[int], inner: Hook, once_per_turn: bool,
                 whose: tuple[str, ...] = ("self",), limit: str = ""):
        self.kind, self.colors, self.inner, self.once = kind, colors, inner, once_per_turn
        self.whose = whose
        self.limit = limit  # "age" | "game": fires at most once in each age / in the game
        self.own = "self" in whose  # heard in the owner's city
        self.others = whose != ("self",)  # heard in other cities (GameState.watching)
        self.far = tuple(c for c in seats_of(whose) if c >= FAR_LEFT)  # N seats left|right
        self.scores = inner.scores  # points: counted when it fires, scored at the end

    def hears(self, owner: int, seat: int, n: int) -> bool:
        """Whether an event in `seat`'s city is heard by this trigger of `owner`'s city (a
        city's left neighbour is the next seat)."""
        if seat == owner:
            return self.own
        whose = self.whose
        if whose == ("others",):
            return True
        return ("left" in whose and seat == (owner + 1) % n) or ("right" in whose and seat == (owner - 1) % n) \
            or any(seat == far_seat(owner, c, n) for c in self.far)

    def matches(self, event: Event) -> bool:
        if event.kind != self.kind:
            return False
        return not self.colors or event.color in self.colors

    def react(self, game: Any, seat: int, event: Event) -> int:
        if getattr(self.inner, "chooses", False):  # `choose ...`: asked now, its points kept here
            return self.inner.apply(game, seat, self)
        if self.scores:  # points as they count now (`vp 1 per brown card in self when ...`)
            got = self.inner.score(game.table, seat)
            if got:
                gained = game.cities[seat].gained
                gained[self] = gained.get(self, 0) + got
            return 0
        return self.inner.when_built(game, seat)

    def score(self, table: Any, seat: int) -> int:
        return table.cities[seat].gained.get(self, 0)

    def worth(self, obs: Any, seat: int) -> float:
        cities = self.own + (obs.n - 1 if self.whose == ("others",) else
                             ("left" in self.whose) + ("right" in self.whose) + len(self.far))
        if self.limit == "game":
            return nested_worth(self.inner, obs, seat)
        if self.kind == "age_start":
            return nested_worth(self.inner, obs, seat) * ages_left(obs)  # the ages still to start
        if self.kind == "game_end":
            return nested_worth(self.inner, obs, seat)
        if self.kind == "age_end":  # this age's end and those of the ages left
            return nested_worth(self.inner, obs, seat) * (ages_left(obs) + 1)
        if self.limit == "age":
            return nested_worth(self.inner, obs, seat) * (ages_left(obs) + 1)
        return nested_worth(self.inner, obs, seat) * (1.5 * ages_left(obs) + 1) * max(1, cities)


@handles("when", "effect", "event", "once_per_turn", "once_per")
def _trigger(n: A.Trigger, b: Builder, ix: Any) -> None:
    inner = Builder(len(ix.res), len(ix.sym))
    compile_node(n.effect, inner, ix)
    (hook,) = inner.hooks
    colors = frozenset(ix.col[c] for c in n.event.colors)
    whose = n.event.whose
    if n.event.kind == "sold":  # heard in the owner's (the seller's) city, from the buyers' sides
        colors, whose = frozenset(seats_of(whose)), ("self",)  # (Event.color: 1 left, 2 right)
    b.hooks.append(TriggerHook(n.event.kind, colors, hook, n.once_per_turn, whose, n.once_per))

"""An alliance's cards as the offers a player picks among (phase kind `alliance`,
interpreter/game/alliances.py): each offer a card never dealt, whose effect is what the city
would hold for the age with its ally on that side, so every player (the bots by the effect's
worth, a person by its name) answers it as it answers a draft pick."""
from __future__ import annotations

from functools import lru_cache

from dsl import ast as A
from dsl.model import Card

from interpreter.rules.compiled import CCard, CompiledPack, Indexes
from interpreter.rules.effects import compile_effects

OFFERS = ("offer alliance left", "offer alliance right", "no alliance")  # the offers, by name
SIDES = ("left", "right")  # the side each of the first two offers names


def pact_effects(cp: CompiledPack, deck: str, side: str) -> tuple[A.Effect, ...]:
    """The effects of the deck's cards for a city whose ally sits at `side`, each held until
    the age ends (`ally` replaced by the side)."""
    out: list[A.Effect] = []
    for c in cp.pack.cards:
        if c.deck == deck:
            for e in A.expanded(c.effects):
                e = A.with_ally(e, side)
                out.append(e if isinstance(e, A.Lasting) else A.Lasting(e, "age"))
    return tuple(out)


@lru_cache(maxsize=64)
def offers(cp: CompiledPack, deck: str, age: int) -> tuple[CCard, ...]:
    """The three offers of an age's alliance (compiled anew per age: an alliance's effects end
    with its age, and an ended effect is never held again)."""
    ix = Indexes(cp.rules)
    out = []
    for k, name in enumerate(OFFERS):
        effects = pact_effects(cp, deck, SIDES[k]) if k < 2 else ()
        out.append(CCard(-4000 - 10 * age - k, name, age, -1, "alliance", 0, (), frozenset(),
                         compile_effects(effects, ix), "wonder",
                         Card(name, age, "alliance", (), A.Cost(), effects), "alliance"))
    return tuple(out)

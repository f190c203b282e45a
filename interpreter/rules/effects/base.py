"""What every effect word's handler shares: the builder it writes into, events, the registry.

A word's module (interpreter/rules/effects/<word>.py) defines its hooks and one handler,
registered with @handles(word, *fields): the fields of the word's AST node (dsl/ast.py) the
handler reads. The package checks at import that the handlers cover dsl.registry.EFFECTS
exactly and that each reads every field of its node, so a word can never parse but silently
do nothing, nor a parameter be silently ignored.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, NamedTuple

from dsl import ast as A
from dsl.definitions import primitive

from interpreter.rules.contribution import Hook
from interpreter.rules.counting import Counter, PickSeats, seats_of


class Event(NamedTuple):
    """Something that happened in a city this turn (or this conflict)."""

    kind: str  # dsl.ast.EVENT_KINDS
    color: int = -1  # the built card's colour index ("build", "chain"); the side paid ("buy": 1 left, 2 right)
    card: int = -1  # the built card's id (a card's own trigger ignores its own building)


def ages_left(obs: Any) -> int:
    return max(0, obs.rules.ages - obs.age)


# how deep a hook's worth may ask another's (a trigger's gain, a track step's reward, a copied
# card's hooks): past it a hook is worth 0, as in the native core's greedy.pxi `worth`; a track
# whose step advances that same track asked it without end (RecursionError, found by the fuzzer)
MAX_DEPTH = 4
_depth = [0]


def nested_worth(hook: Any, obs: Any, seat: int) -> float:
    """hook.worth(obs, seat) one level deeper than the hook asking (0 past MAX_DEPTH)."""
    if _depth[0] >= MAX_DEPTH:
        return 0.0
    _depth[0] += 1
    try:
        return hook.worth(obs, seat)
    finally:
        _depth[0] -= 1


class Builder:
    """The compiled parts of one card's effects, filled by the handlers in turn."""

    def __init__(self, n_res: int, n_sym: int):
        self.fixed = [0] * n_res
        self.fixed_private = [0] * n_res
        self.choices: list[tuple[int, ...]] = []
        self.choices_private: list[tuple[int, ...]] = []
        self.shields = 0
        self.science = [0] * n_sym
        self.science_wild: list[tuple[int, ...]] = []
        self.discounts: list[tuple[frozenset[int], tuple[int, ...], int]] = []
        self.hooks: list[Hook] = []


def counter(c: A.Counted | None, ix: Any) -> Counter | None:
    if c is None:
        return None
    if c.what == "card":
        colors = tuple(ix.col[x] for x in c.colors) if c.colors else tuple(range(len(ix.col)))
    else:
        colors = tuple(ix.col[x] for x in c.colors)
    resource = ix.res[c.resource] if c.what == "produced" else -1
    stage = getattr(ix, "stage", -1) if c.what == "tucked" else -1  # set while a stage compiles
    return Counter(c.what, colors, seats_of(c.sides), c.every, c.token, resource, stage)


def target_codes(sides: tuple[Any, ...], ix: Any) -> tuple[Any, ...]:
    """A TARGET compiled: seat codes (counting.py), or the one count-chosen target (PickSeats),
    resolved where the word acts (counting.seats_at: when built, at each conflict, at game end)."""
    if sides and isinstance(sides[0], A.Pick):
        p = sides[0]
        found = counter(p.counted, ix)
        assert found is not None
        return (PickSeats(p.how, found, p.at_least, p.other),)
    return seats_of(sides)


def resources(names: tuple[str, ...], ix: Any) -> frozenset[int]:
    if names == ("any",):
        return frozenset(range(len(ix.res)))
    return frozenset(ix.res[r] for r in ix.rules.vocab.expand_resources(names))


Handler = Callable[[Any, Builder, Any], None]
HANDLERS: dict[str, Handler] = {}  # registry word (or primitive, dsl/definitions.py) -> handler
READS: dict[str, tuple[str, ...]] = {}  # registry word -> the fields of its AST node it reads
_BY_NODE: dict[type, Handler] = {}


def handles(word: str, *reads: str) -> Callable[[Handler], Handler]:
    """Register the decorated function as the handler of the registry word `word`."""
    def register(fn: Handler) -> Handler:
        if word in HANDLERS:  # pragma: no cover - two modules claiming one word
            raise RuntimeError(f"two handlers for the effect word '{word}'")
        HANDLERS[word] = fn
        READS[word] = reads
        return fn
    return register


def compile_node(node: Any, b: Builder, ix: Any) -> None:
    """One AST effect into the builder, by its word's handler (a trigger's inner effect too)."""
    if not _BY_NODE:
        from dsl.definitions import PRIMITIVES
        from dsl.registry import EFFECTS
        _BY_NODE.update({EFFECTS[w].node: h for w, h in HANDLERS.items() if w in EFFECTS})
        _BY_NODE.update({p.node: HANDLERS[p.name] for p in PRIMITIVES.values()})
    if getattr(node, "sides", None) == (A.OWNER_CHOICE,):  # a neighbour of the owner's choice:
        sides = ("left",), ("right",)                    # a choice between the two effects
        node = A.Choice(tuple(dataclasses.replace(node, sides=s) for s in sides))
    node = primitive(node)  # a word defined over a primitive: the primitive's node
    _BY_NODE[type(node)](node, b, ix)

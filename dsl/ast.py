"""Typed AST of the card language.

Nodes are frozen so compiled packs can share them freely; source positions
(line/column inside the effect text, 1-based) never take part in equality, so
`parse(print(ast)) == ast` compares meaning, not layout.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

SIDE_ORDER = ("left", "self", "right")


def _pos() -> int:
    return field(default=0, compare=False, repr=False)  # type: ignore[return-value]


@dataclass(frozen=True)
class Produce:
    """Resources made each turn: all of them, or one of them when `choice`."""

    resources: tuple[tuple[str, int], ...]
    choice: bool = False
    tradable: bool = True
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class Shields:
    count: int
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class Science:
    """One science symbol; several names (or "any") mean the owner picks one at game end."""

    symbols: tuple[str, ...]
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class Counted:
    """What a `per` clause counts: cards of some colours, wonder stages, defeat or victory tokens."""

    what: str  # "card" | "wonder_stage" | "defeat" | "victory"
    colors: tuple[str, ...] = ()  # for "card": empty = any colour
    sides: tuple[str, ...] = ("self",)
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class Coins:
    """Coins taken once, when the card is built (flat, or per counted thing at that moment)."""

    amount: int
    per: Counted | None = None
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class VictoryPoints:
    """Points counted at game end (flat, or per counted thing at game end)."""

    amount: int
    per: Counted | None = None
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class Trade:
    """Buy the named resources (or resource classes) from the named neighbours at `price`."""

    resources: tuple[str, ...]
    sides: tuple[str, ...]
    price: int
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class FreeBuild:
    """Build one structure from hand for free, once per `period`."""

    period: str = "age"
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class PlayLastCard:
    """Play the last card of each age instead of discarding it."""

    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class BuildFromDiscard:
    """At the end of the turn, build one discarded card for free."""

    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class CopyCard:
    """At game end, copy one card of these colours built by one of these neighbours."""

    colors: tuple[str, ...]
    sides: tuple[str, ...]
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class PluginEffect:
    """An effect word registered by a plug-in; `args` are checked against its declared params."""

    word: str
    args: tuple[Union[int, str, tuple[str, ...]], ...] = ()
    line: int = _pos()
    column: int = _pos()


Effect = Union[
    Produce, Shields, Science, Coins, VictoryPoints, Trade,
    FreeBuild, PlayLastCard, BuildFromDiscard, CopyCard, PluginEffect,
]


@dataclass(frozen=True)
class Cost:
    """What building something takes: coins to the bank plus resources."""

    coins: int = 0
    resources: tuple[tuple[str, int], ...] = ()

    @property
    def is_free(self) -> bool:
        return self.coins == 0 and not self.resources

    def as_dict(self) -> dict[str, int]:
        out = {name: n for name, n in self.resources if n}
        if self.coins:
            out["coins"] = self.coins
        return out


def normalize_sides(sides: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Expand "neighbors"/"all" and order sides left, self, right without repeats."""
    wanted: set[str] = set()
    for s in sides:
        if s in ("neighbors", "neighbours"):
            wanted.update(("left", "right"))
        elif s == "all":
            wanted.update(SIDE_ORDER)
        else:
            wanted.add(s)
    return tuple(s for s in SIDE_ORDER if s in wanted)

"""The one table of effect kinds: word, AST node, parameters, phase and documentation.

The interpreter keys its handlers by `word` (and checks it covers every entry);
`docs/effects.md` is generated from this table; plug-ins add rows at run time.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from . import ast as A


@dataclass(frozen=True)
class Param:
    name: str
    kind: str  # "int" | "word" | "sides" | "resources" | "colors" | "symbols" | "counted"
    doc: str
    optional: bool = False


@dataclass(frozen=True)
class EffectSpec:
    word: str
    node: type
    phase: str  # when it acts: "production" | "when built" | "game end" | "passive" | "power"
    summary: str
    params: tuple[Param, ...]
    examples: tuple[str, ...]
    syntax: str


_SIDES = Param("sides", "sides", "whose cities: left, self, right, neighbors (= left, right) or all")
_PER = Param("per", "counted", "optional `per THING in SIDES`: THING is `COLOUR[/COLOUR...] card`, "
             "`card` (any colour), `wonder stage`, `defeat` or `victory`; SIDES defaults to self",
             optional=True)

EFFECTS: dict[str, EffectSpec] = {s.word: s for s in (
    EffectSpec("produce", A.Produce, "production",
               "Produces resources every turn: all listed ones, or one of a `/` choice. "
               "`untradable` production cannot be bought by neighbours.",
               (Param("resources", "resources", "`N resource, ...` (all) or `a/b/c` (one of them)"),
                Param("untradable", "word", "neighbours may not buy it", optional=True)),
               ("produce 2 clay", "produce ore/clay", "produce glass/loom/papyrus untradable"),
               "produce [N] RESOURCE[, [N] RESOURCE...] | produce R/R[/R...] [untradable]"),
    EffectSpec("shields", A.Shields, "passive", "Military strength, compared with each neighbour at the end of every age.",
               (Param("count", "int", "number of shields"),), ("shields 2",), "shields N"),
    EffectSpec("science", A.Science, "game end",
               "One science symbol; with several names (or `any`) the owner picks one at game end, "
               "whichever scores best.",
               (Param("symbols", "symbols", "a symbol, `a/b` to choose, or `any`"),),
               ("science gear", "science any"), "science SYMBOL[/SYMBOL...] | science any"),
    EffectSpec("coins", A.Coins, "when built",
               "Coins taken once, when built; with `per`, counting what is in play at that moment "
               "(including what neighbours build the same turn).",
               (Param("amount", "int", "coins (per counted thing)"), _PER),
               ("coins 5", "coins 1 per brown card in left, self, right", "coins 3 per wonder stage in self"),
               "coins N [per THING [in SIDES]]"),
    EffectSpec("vp", A.VictoryPoints, "game end",
               "Victory points counted at game end; with `per`, counting what is in play then.",
               (Param("amount", "int", "points (per counted thing)"), _PER),
               ("vp 3", "vp 1 per defeat in neighbors", "vp 1 per brown/grey/purple card in self"),
               "vp N [per THING [in SIDES]]"),
    EffectSpec("buy", A.Trade, "passive",
               "Trade discount: buy these resources (or resource classes) from these neighbours "
               "at this price instead of the rules' trade price.",
               (Param("resources", "resources", "resources or classes (raw, manufactured)"),
                _SIDES, Param("price", "int", "coins per resource")),
               ("buy raw from right for 1", "buy manufactured from neighbors for 1"),
               "buy R[/R...] from SIDES for N"),
    EffectSpec("free", A.FreeBuild, "power", "Build one structure from hand for free, once per age (or game).",
               (Param("period", "word", "age or game"),), ("free build once per age",),
               "free build once per age|game"),
    EffectSpec("play", A.PlayLastCard, "power",
               "Play the last card of each age (build, wonder stage or sell) instead of discarding it.",
               (), ("play last card",), "play last card"),
    EffectSpec("build", A.BuildFromDiscard, "power",
               "At the end of the turn, build one card from the discard pile for free "
               "(this turn's discards included).",
               (), ("build from discard",), "build from discard"),
    EffectSpec("copy", A.CopyCard, "game end",
               "At game end, copy one card of these colours built by one of these neighbours "
               "(the best one for you).",
               (Param("colors", "colors", "colours that may be copied"), _SIDES),
               ("copy purple card from neighbors",), "copy COLOUR[/COLOUR...] card from SIDES"),
)}

SPEC_BY_NODE: dict[type, EffectSpec] = {s.node: s for s in EFFECTS.values()}


@dataclass(frozen=True)
class PluginSpec:
    """An effect word added by a plug-in: positional params, English text and a handler.

    `handler` is an object the interpreter calls; see interpreter/effects.py for its hooks.
    """

    word: str
    params: tuple[Param, ...]
    summary: str
    example: str
    english: Callable[[tuple[Any, ...]], str]
    handler: Any = None
    phase: str = "when built"
    module: str = field(default="", compare=False)


PLUGINS: dict[str, PluginSpec] = {}


def register_plugin(spec: PluginSpec) -> None:
    """Add an effect word; registering the same word twice from different specs is an error."""
    if spec.word in EFFECTS:
        raise ValueError(f"'{spec.word}' is a built-in effect word")
    old = PLUGINS.get(spec.word)
    if old is not None and old != spec:
        raise ValueError(f"effect word '{spec.word}' is already registered by {old.module or 'another plug-in'}")
    PLUGINS[spec.word] = spec

"""The words a pack may use: resources, colours, science symbols, plug-in and defined effects.

Names in effects are checked against a Vocabulary taken from the pack's rules, so a
variant that adds a resource or a colour needs no code change.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from .words import WordDef

BASE_RESOURCE_CLASSES: dict[str, tuple[str, ...]] = {
    "raw": ("wood", "stone", "ore", "clay"),
    "manufactured": ("glass", "loom", "papyrus"),
}
BASE_COLORS = ("brown", "grey", "blue", "yellow", "red", "green", "purple")
BASE_SYMBOLS = ("compass", "gear", "tablet")
RESOURCE_ALIASES = {"cloth": "loom", "textile": "loom", "gray": "grey", "wheel": "gear"}


@dataclass(frozen=True)
class Vocabulary:
    resource_classes: Mapping[str, tuple[str, ...]] = field(
        default_factory=lambda: dict(BASE_RESOURCE_CLASSES))
    colors: tuple[str, ...] = BASE_COLORS
    symbols: tuple[str, ...] = BASE_SYMBOLS
    plugin_words: frozenset[str] = frozenset()
    decks: tuple[str, ...] = ()  # decks besides the age decks (their hands share the name)
    tokens: tuple[str, ...] = ()  # token kinds the pack declares (debt, diplomacy, ...)
    tracks: tuple[str, ...] = ()  # per-city tracks the pack declares (`advance TRACK`)
    words: Mapping[str, WordDef] = field(default_factory=dict)  # the pack's defined words (dsl/words.py)

    @property
    def resources(self) -> tuple[str, ...]:
        return tuple(r for rs in self.resource_classes.values() for r in rs)

    def expand_resources(self, names: tuple[str, ...]) -> tuple[str, ...]:
        """Resource names with class names ("raw") replaced by their members."""
        out: list[str] = []
        for n in names:
            for r in self.resource_classes.get(n, (n,)):
                if r not in out:
                    out.append(r)
        return tuple(out)


BASE_VOCABULARY = Vocabulary()

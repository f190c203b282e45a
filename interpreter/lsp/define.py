"""Go to definition: where the name under the cursor is defined.

One finder per kind of name, in `FINDERS`: a pack an `extends` entry names (its manifest), a
card a chain names or a card or wonder a `remove` names (where the pack or an extended pack writes it),
and an effect word a pack defines: a plug-in's word (the line of its PluginSpec) or a word under
`words:` in a manifest of the pack or of a pack it extends (that key). A new kind of
definition is one more finder."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from dsl.loader import MANIFEST
from dsl.model import Pack
from dsl.packref import resolve_extends
from dsl.safeio import ReadProblem, read_bounded

from .locate import Spot, card_name_at, parse_doc, word_at
from .packs import Packs, resolved


@dataclass(frozen=True)
class Place:
    file: Path
    line: int  # 0-based
    character: int


Finder = Callable[[Spot, Path, Pack | None, Packs], list[Place]]


def _pack_of_extends(spot: Spot, folder: Path, pack: Pack | None, packs: Packs) -> list[Place]:
    if spot.field != "extends":
        return []
    target, _problem = resolve_extends(spot.text, folder, folder.parent.resolve())
    return [Place(target / MANIFEST, 0, 0)] if target else []


def _named_card(spot: Spot, folder: Path, pack: Pack | None, packs: Packs) -> list[Place]:
    name = card_name_at(spot)
    if not name or pack is None:
        return []
    items = [*pack.cards, *(pack.wonders if spot.field == "remove" else ())]
    return [Place(resolved(i.source.file), max(0, i.source.line - 1), max(0, i.source.column - 1))
            for i in items if i.name == name and i.source.file]


def _text(path: Path, packs: Packs) -> str:
    held = packs.text(path)
    if held is not None:
        return held
    try:
        return read_bounded(path, path.parent)
    except (OSError, ReadProblem):
        return ""


def _manifests(folder: Path, pack: Pack | None) -> list[Path]:
    """The pack's manifest, then those of the packs it extends (nearest first)."""
    folders = [folder]
    if pack is not None:
        folders += [Path(e.key) for e in reversed(pack.meta.get("lineage", [])) if e.key]
    return [f / MANIFEST for f in dict.fromkeys(folders)]


def _defined_word(spot: Spot, folder: Path, pack: Pack | None, packs: Packs) -> list[Place]:
    if not spot.card_text:
        return []
    word, _ = word_at(spot.text, spot.offset)
    if not word:
        return []
    for manifest in _manifests(folder, pack):
        doc = parse_doc(_text(manifest, packs), str(manifest))
        if doc is None or not isinstance(doc.data, dict):
            continue
        words = doc.data.get("words")
        key: tuple[object, ...] | None = None
        if isinstance(words, dict) and word in words:
            key = ("words", word)
        elif isinstance(words, list):
            key = next((("words", i, "name") for i, w in enumerate(words)
                        if isinstance(w, dict) and w.get("name") == word), None)
        if key is not None:
            line, col = doc.key_where(key) if key[-1] == word else doc.where(key)
            return [Place(manifest.resolve(), line - 1, col - 1)]
        for module in _plugin_modules(doc.data):
            source = manifest.parent / f"{module}.py"
            found = re.search(r"""PluginSpec\(\s*(?:word\s*=\s*)?["']""" + re.escape(word) + "[\"']",
                              _text(source, packs))
            if found:
                text = _text(source, packs)
                line = text.count("\n", 0, found.start())
                return [Place(source.resolve(), line, found.start() - (text.rfind("\n", 0, found.start()) + 1))]
    return []


def _plugin_modules(manifest: dict[str, object]) -> list[str]:
    mods = manifest.get("plugins") or []
    return [m for m in ([mods] if isinstance(mods, str) else mods) if isinstance(m, str)
            and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", m)]


FINDERS: tuple[Finder, ...] = (_pack_of_extends, _named_card, _defined_word)


def definition(spot: Spot, folder: Path, pack: Pack | None, packs: Packs) -> list[Place]:
    for find in FINDERS:
        places = find(spot, folder, pack, packs)
        if places:
            return places
    return []

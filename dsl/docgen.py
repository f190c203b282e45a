"""docs/effects.md, generated from the effect registry so it cannot drift from the language."""
from __future__ import annotations

from pathlib import Path
from typing import Mapping

from .english import cost_english, effects_english
from .parser import parse_cost, parse_effects
from .printer import cost_text, effects_text
from .registry import EFFECTS, PluginSpec
from .vocab import Vocabulary

DOC_PATH = Path(__file__).resolve().parent.parent / "docs" / "effects.md"
HEADER = """# Effect reference

<!-- Generated from dsl/registry.py by `wonders docs -o docs/effects.md`; do not edit by hand. -->

A card's `effect` is one or more effects joined by `;`, e.g. `vp 2; coins 4`. Each effect starts with
its word. Names (resources, colours, science symbols) come from the pack's rules; the base game's are
wood, stone, ore, clay (class `raw`), glass, loom, papyrus (class `manufactured`; `cloth` is accepted
for loom); brown, grey, blue, yellow, red, green, purple; compass, gear, tablet.

Sides name cities: `self` (yours), `left`, `right`, `neighbors` (= left, right; `neighbours` too) and
`all` (= left, self, right); `buy` also takes `bank`. `wonders explain "TEXT"` shows how any text is
read.

| word | when it acts | syntax |
|---|---|---|
"""


def _example_rows(examples: tuple[str, ...]) -> str:
    rows = ["| you write | canonical form | a player reads |", "|---|---|---|"]
    for ex in examples:
        ast = parse_effects(ex)
        rows.append(f"| `{ex}` | `{effects_text(ast)}` | {effects_english(ast)} |")
    return "\n".join(rows)


def render(plugins: list[PluginSpec] | None = None, vocab: Vocabulary | None = None,
           handlers: Mapping[str, tuple[str, str]] | None = None) -> str:
    """The reference for the built-in words, plus the given plug-in words; `handlers` (word ->
    its handler's file and docstring, from the interpreter) says where each word runs."""
    plugins = plugins or []
    out = [HEADER]
    for spec in EFFECTS.values():
        syntax = spec.syntax.replace("|", "\\|")
        out.append(f"| [`{spec.word}`](#{spec.word}) | {spec.phase} | `{syntax}` |\n")
    for spec in EFFECTS.values():
        out.append(f"\n## {spec.word}\n\n{spec.summary}\n\nSyntax: `{spec.syntax}` (acts: {spec.phase})\n")
        if handlers and spec.word in handlers:
            path, doc = handlers[spec.word]
            out.append(f"\nRuns in [`{path}`](../{path}): {doc}\n")
        if spec.params:
            out.append("\n| parameter | kind | meaning |\n|---|---|---|\n")
            for p in spec.params:
                opt = " (optional)" if p.optional else ""
                out.append(f"| {p.name}{opt} | {p.kind} | {p.doc} |\n")
        out.append("\n" + _example_rows(spec.examples) + "\n")
    out.append("\n## Costs\n\nA `cost` lists coins and resources, joined by commas; `free` (or no cost) "
               "costs nothing. `needs N THING [in SIDES]` (THING as in `per`) is a prerequisite: the "
               "card or stage may be built, by any means (paid, chain, power, from the discard "
               "pile), only while the city counts at least N.\n\n"
               "| you write | canonical form | a player reads |\n|---|---|---|\n")
    for ex in ("free", "1 coin", "2 stone, ore", "3 coins, 2 wood, cloth", "1 coin per age",
               "2 stone, needs 3 green cards", "needs 1 red card in neighbors"):
        c = parse_cost(ex)
        out.append(f"| `{ex}` | `{cost_text(c)}` | {cost_english(c)} |\n")
    out.append("\n## Plug-in effect words\n\nA pack can add effect words with a Python plug-in "
               "(see docs/modding.md). Each declares its parameters, which are checked like the "
               "built-in ones; `wonders docs --pack PACK` lists the words a pack's plug-ins add.\n")
    for spec in sorted(plugins, key=lambda s: s.word):
        params = " ".join(p.name.upper() for p in spec.params)
        out.append(f"\n### {spec.word}\n\n{spec.summary}\n\nSyntax: `{spec.word} {params}` "
                   f"(acts: {spec.phase})\n\n| parameter | kind | meaning |\n|---|---|---|\n")
        for p in spec.params:
            out.append(f"| {p.name} | {p.kind} | {p.doc} |\n")
        out.append(f"\nExample: `{spec.example}`: {spec.english(parse_effects(spec.example, vocab)[0].args)}\n")
    out.append("\n## A pack's own words\n\nA pack can define words from the language itself (`words:` in "
               "pack.yaml, see docs/pack-format.md): a use reads as the word's body with its arguments "
               "filled in. `wonders docs --pack PACK` lists the words a pack defines.\n")
    for d in (vocab.words.values() if vocab else ()):
        kinds = ", ".join(f"{p.name.upper()}: {p.kind}" for p in d.params)
        out.append(f"\n### {d.name}\n\n{d.english}\n\nSyntax: `{d.usage()}`"
                   + (f" ({kinds})" if kinds else "") + f"; defined in pack '{d.pack}' as `{d.body}`"
                   + (f". {d.doc}" if d.doc else "") + "\n")
    return "".join(out)


def write(path: Path = DOC_PATH) -> None:
    path.write_text(render(), encoding="utf-8")

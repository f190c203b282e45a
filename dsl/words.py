"""Words a pack defines (`words:` in pack.yaml): a name, typed parameters, an English template
and a body of card text over the language (and over other defined words).

A use such as `tithe 2` is read once, when the text is parsed: the body with its parameters
filled in (`coins {n}` -> `coins 2`) is parsed like any card text, and the use keeps that
expansion (dsl.ast.DefinedEffect). So a defined word needs no handler, no native code and no
bot valuation of its own: the engines run the expansion. How definitions are read and checked
from a pack: dsl/wordload.py; how a use is parsed: dsl/parser.py and the transformer's
`plugin_effect`, the one call form shared with plug-in words.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from .printer import sides_text
from .registry import Param

# the kinds a defined word's parameter may take, and what a use must write for each
PARAM_KINDS: dict[str, str] = {
    "int": "a number (`2`, `-1`)",
    "sides": "whose cities: left, self, right, neighbors, all or others (or `left, self`)",
    "resource": "a resource of the pack (`wood`)",
    "color": "a card colour of the pack (`red`)",
    "symbol": "a science symbol of the pack (`gear`)",
    "token": "a token kind the pack declares, or victory or defeat",
    "track": "a track the pack declares",
    "deck": "a deck the pack declares",
}
HOLE = re.compile(r"\{([^{}]*)\}")  # `{n}`: a parameter in a body or an English template


@dataclass(frozen=True)
class WordDef:
    """One defined word. `broken`: its definition has problems (reported where it is written),
    so a use is checked for its arguments but not expanded (no second report of the same
    fault). `cache` keeps each expansion, by its arguments and the vocabulary it was read in."""

    name: str
    params: tuple[Param, ...]
    english: str
    body: str
    doc: str = ""
    pack: str = field(default="", compare=False)
    broken: bool = field(default=False, compare=False)
    cache: dict[Any, Any] = field(default_factory=dict, init=False, compare=False, repr=False, hash=False)

    def instantiate(self, args: tuple[Any, ...]) -> str:
        """The body with each `{param}` replaced by the argument's card text."""
        return fill(self.body, {p.name: arg_text(a) for p, a in zip(self.params, args)})[0]

    def usage(self) -> str:
        return " ".join((self.name, *(p.name.upper() for p in self.params)))


def arg_text(a: Any) -> str:
    """An argument as card text: `2`, `wood`, `neighbors`, `left, self`."""
    if isinstance(a, tuple):
        return sides_text(a)
    return str(a)


Where = Callable[[int, int], tuple[int, int]]


def fill(template: str, values: dict[str, str]) -> tuple[str, Where]:
    """The template with each `{name}` of `values` replaced (others left as written), and a map
    from a 1-based (line, column) in the result back to the template (a column inside a filled
    value maps to its `{`), so an error in the filled text points into what the designer wrote."""
    out_lines: list[str] = []
    segments: list[list[tuple[int, int, int, bool]]] = []  # per line: (out start, src start, out length, hole)
    for line in template.split("\n"):
        out, segs, pos = "", [], 0
        for m in HOLE.finditer(line):
            if m.group(1) not in values:
                continue
            if m.start() > pos:
                segs.append((len(out), pos, m.start() - pos, False))
            out += line[pos:m.start()]
            value = values[m.group(1)]
            segs.append((len(out), m.start(), len(value), True))
            out += value
            pos = m.end()
        segs.append((len(out), pos, len(line) - pos + 1, False))
        out += line[pos:]
        out_lines.append(out)
        segments.append(segs)

    def where(line: int, column: int) -> tuple[int, int]:
        if not 1 <= line <= len(segments):
            return line, column
        c = column - 1
        for start, src, length, hole in segments[line - 1]:
            if start <= c < start + length:
                return line, src + 1 + (0 if hole else c - start)
        last = segments[line - 1][-1]
        return line, last[1] + 1 + c - last[0]
    return "\n".join(out_lines), where


def holes(text: str) -> list[tuple[str, int, int]]:
    """Every `{name}` of a text: (name, 1-based line, 1-based column)."""
    found = []
    for i, line in enumerate(text.split("\n"), 1):
        found.extend((m.group(1), i, m.start() + 1) for m in HOLE.finditer(line))
    return found


def used_words(body: str, words: Iterable[str]) -> list[str]:
    """The defined words a body uses: a use is the first word of an effect (the call form
    `WORD ARG...`), so each `;`-separated effect's first word is looked at."""
    known = set(words)
    out = []
    for part in body.split(";"):
        first = part.split(None, 1)[:1]
        if first and first[0] in known and first[0] not in out:
            out.append(first[0])
    return out


def cycles(graph: dict[str, list[str]]) -> list[list[str]]:
    """Each cycle of `uses` edges once, as the path that closes it (`a -> b -> a`), from the
    first word (in the graph's order) on it."""
    found: list[list[str]] = []
    seen_on: set[frozenset[str]] = set()
    state: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(w: str, path: list[str]) -> None:
        state[w] = 1
        path.append(w)
        for nxt in graph.get(w, ()):
            if state.get(nxt) == 1:
                loop = path[path.index(nxt):] + [nxt]
                key = frozenset(loop)
                if key not in seen_on:
                    seen_on.add(key)
                    found.append(loop)
            elif nxt in graph and state.get(nxt) is None:
                visit(nxt, path)
        path.pop()
        state[w] = 2
    for w in graph:
        if w not in state:
            visit(w, [])
    return found


def dependency_order(graph: dict[str, list[str]]) -> list[str]:
    """The words with every word a body uses before it (the graph has no cycle left)."""
    order: list[str] = []
    done: set[str] = set()

    def visit(w: str, depth: int) -> None:
        if w in done or depth > len(graph):
            return
        done.add(w)
        for nxt in graph.get(w, ()):
            if nxt in graph:
                visit(nxt, depth + 1)
        order.append(w)
    for w in graph:
        visit(w, 0)
    return order

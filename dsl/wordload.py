"""Read and check the words a pack defines (`words:` in pack.yaml; what a word is: dsl/words.py).

Every problem is reported where the designer wrote it, all at once: a name the language or a
plug-in already has, a word defined twice or again over an extended pack's, a word defined
through itself (the cycle named), a `{param}` the word does not have, a parameter the body
never uses (or the English never says), a body that does not read as card text (inside the
body string). A word with a problem stays known, so its uses are checked for their arguments
but not expanded (no second report of its fault).
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Callable

from . import ast as A
from .grammar import KEYWORDS
from .limits import LIMITS
from .parser import parse_effects
from .registry import EFFECTS, Param
from .text_errors import CardTextError
from .vocab import Vocabulary
from .words import WordDef, cycles, dependency_order, fill, holes, used_words
from .yamlsource import YamlDoc

Report = Callable[..., None]
_SIDE_WORDS = ("left", "self", "right", "neighbors", "neighbours", "all", "others")


def inherited_words(parents: list[Any], spots: list[tuple[tuple[int, int], int]], manifest: YamlDoc,
                    report: Report) -> dict[str, WordDef]:
    """The extended packs' words; two packs defining one name differently is a conflict,
    reported at the later pack's `extends` entry (as for cards)."""
    words: dict[str, WordDef] = {}
    for i, p in enumerate(parents):
        for name, d in p.rules.vocab.words.items():
            old = words.get(name)
            if old is not None and old != d:
                pos, length = spots[i] if i < len(spots) else (manifest.where(("extends",)), 1)
                report(manifest, pos, f"extends: packs '{old.pack}' and '{d.pack}' both define the word "
                       f"'{name}' differently; only one may define it", kind="conflict", length=length)
                continue
            words.setdefault(name, d)
    return words


def _samples(kind: str, vocab: Vocabulary, k: int) -> str | None:
    """An argument of the kind, to read a body with (the k-th of three tries): None when the
    pack has none (a track parameter in a pack without tracks)."""
    pick = {"int": ("1", "2", "3"), "sides": ("left", "neighbors", "others"),
            "resource": vocab.resources, "color": vocab.colors, "symbol": vocab.symbols,
            "token": (*vocab.tokens, "victory"), "track": vocab.tracks, "deck": vocab.decks}[kind]
    return pick[min(k, len(pick) - 1)] if pick else None


class _Reader:
    """One pack's `words:`: its entries read, then checked together."""

    def __init__(self, manifest: YamlDoc, pack: str, vocab: Vocabulary, inherited: dict[str, WordDef],
                 report: Report) -> None:
        self.doc, self.pack, self.vocab, self.report = manifest, pack, vocab, report
        self.words = dict(inherited)
        self.own: dict[str, tuple[int, WordDef]] = {}

    def at(self, path: tuple[Any, ...], message: str, subject: str, length: int | None = None,
           pos: tuple[int, int] | None = None) -> None:
        self.report(self.doc, pos or self.doc.where(("words", *path)), message, subject, kind="words",
                    length=self.doc.width(("words", *path)) if length is None else length)

    def read(self) -> dict[str, WordDef]:
        raw = self.doc.data.get("words") or []
        for i, entry in enumerate(raw if isinstance(raw, list) else []):
            if isinstance(entry, dict) and isinstance(entry.get("name"), str):
                self._entry(i, entry)
        graph = {name: used_words(d.body, self.words) for name, (_i, d) in self.own.items()}
        for loop in cycles(graph):
            self._cycle(loop)
        for name in dependency_order({n: [w for w in ws if w in self.own] for n, ws in graph.items()}):
            if not self.words[name].broken:
                self._body(*self.own[name])
        return self.words

    def _entry(self, i: int, e: dict[str, Any]) -> None:
        name, subject = str(e["name"]), f"word \"{e['name']}\""
        clash = ("a built-in effect word" if name in EFFECTS else
                 "a word of the language" if name in KEYWORDS or name in _SIDE_WORDS else
                 "a plug-in's word" if name in self.vocab.plugin_words else "")
        if clash:
            self.at((i, "name"), f"'{name}' is {clash}; choose another name", subject)
            return
        if name in self.own:
            self.at((i, "name"), f"'{name}' is defined twice in this pack (first at entry "
                    f"{self.own[name][0] + 1})", subject)
            return
        if name in self.words:
            self.at((i, "name"), f"'{name}' is already defined in pack '{self.words[name].pack}'; "
                    "choose another name", subject)
            return
        params = tuple(Param(str(p), str(k), "") for p, k in (e.get("params") or {}).items())
        d = WordDef(name, params, str(e.get("english", "")), str(e.get("body", "")),
                    str(e.get("doc", "")), self.pack)
        broken = not self._holes(i, d, subject)
        for p in params:
            if p.kind in ("track", "deck") and _samples(p.kind, self.vocab, 0) is None:
                self.at((i, "params", p.name), f"'{p.kind}': the pack declares no {p.kind}s "
                        f"(rules: {p.kind}s)", subject)
                broken = True
        self.own[name] = (i, replace(d, broken=broken))
        self.words[name] = self.own[name][1]

    def _holes(self, i: int, d: WordDef, subject: str) -> bool:
        """Every `{name}` of the body and the English is a parameter; every parameter is used
        by the body and said by the English. False when the body cannot be read."""
        ok = True
        names = [p.name for p in d.params]
        for key, text in (("body", d.body), ("english", d.english)):
            found = [(inner.partition(" ")[0] if key == "english" else inner, inner, line, column)
                     for inner, line, column in holes(text)]  # English: `{n coin}` says "2 coins"
            for name, inner, line, column in found:
                counted = name != inner and any(p.name == name and p.kind == "int" for p in d.params)
                if name not in names or (name != inner and not counted):
                    token = "{" + inner + "}"
                    pos = self.doc.inner(("words", i, key), line, column, token)
                    known = ", ".join(names) or "none"
                    why = (f"'{token}' is not a parameter of '{d.name}' (parameters: {known})"
                           if name not in names else f"'{token}': only a number (int) parameter takes a "
                           "noun to count (`{n coin}`: 1 coin, 2 coins)")
                    self.at((i, key), f"{key}: {why}", subject, len(token), pos)
                    ok = ok and key != "body"  # a fault of the English leaves the body readable
            for p in d.params:
                if p.name not in {h[0] for h in found}:
                    what = "never used in the body" if key == "body" else "never said in the English"
                    self.at((i, "params", p.name), f"parameter '{p.name}' is {what}",
                            subject, len(p.name), self.doc.key_where(("words", i, "params", p.name)))
        return ok

    def _cycle(self, loop: list[str]) -> None:
        """A word defined through itself: reported at the first word's use of the next."""
        first, nxt = loop[0], loop[1]
        i, d = self.own[first]
        for line_no, line in enumerate(d.body.split("\n"), 1):
            m = re.search(rf"(?<![a-z_]){re.escape(nxt)}(?![a-z_])", line)
            if m:
                pos = self.doc.inner(("words", i, "body"), line_no, m.start() + 1, nxt)
                break
        else:
            pos = self.doc.where(("words", i, "body"))
        self.at((i, "body"), f"'{first}' is defined through itself: its use of '{nxt}' leads back to it "
                f"({' -> '.join(loop)})",
                f"word \"{first}\"", len(nxt), pos)
        for w in loop[:-1]:
            self.words[w] = replace(self.words[w], broken=True)
            self.own[w] = (self.own[w][0], self.words[w])

    def _body(self, i: int, d: WordDef) -> None:
        """The body read as card text, its parameters filled with arguments of their kinds
        (three tries, so `trade {n} seats away` is not refused for reading `trade 1 ...`);
        the first try's problems are reported inside the body string."""
        vocab = replace(self.vocab, words=self.words)
        first: tuple[Any, Any] | None = None
        for k in range(3):
            values = {p.name: _samples(p.kind, vocab, k) or "" for p in d.params}
            text, where = fill(d.body, values)
            try:
                size = len(A.expanded(parse_effects(text, vocab)))
            except CardTextError as err:
                first = first or (err, where)
                continue
            if size > LIMITS.expansion:
                self.at((i, "body"), f"body: it expands to {size} effects, more than the limit of "
                        f"{LIMITS.expansion}", f"word \"{d.name}\"", 1)
                break
            return
        err, where = first or (CardTextError("", []), None)
        lines = d.body.split("\n")
        for e in err.errors:
            line, column = where(e.line, e.column)
            token = lines[line - 1][column - 1:column - 1 + e.length] if line <= len(lines) else ""
            pos = self.doc.inner(("words", i, "body"), line, column, token)
            self.at((i, "body"), f"body: {e.message}", f"word \"{d.name}\"", e.length, pos)
        self.words[d.name] = replace(d, broken=True)
        self.own[d.name] = (i, self.words[d.name])


def read_words(manifest: YamlDoc, pack: str, vocab: Vocabulary, inherited: dict[str, WordDef],
               report: Report) -> dict[str, WordDef]:
    """The pack's words (the extended packs' first), checked; problems go to `report`."""
    return _Reader(manifest, pack, vocab, inherited, report).read()

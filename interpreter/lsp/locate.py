"""What stands under the cursor in a pack file: card text (an effect or a cost, with the
cursor's place inside the string), a card name (a chain, a `remove` entry, a card's own name),
an `extends` entry, or nothing we know.

Positions here are 0-based (line, character), as the protocol counts them; YAML spans
(dsl/yamlsource.py) are 1-based. A buffer that is not valid YAML while being typed is read
line by line instead, so completion keeps working on the line being written."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import yaml

from dsl.yamlsource import Span, YamlDoc, load_yaml

EFFECT_FIELDS = ("effect", "reward", "penalty")  # card text read as effects
NAME_FIELDS = ("chains_from", "chains_to", "remove")  # fields naming a card (or a wonder)


@dataclass(frozen=True)
class Spot:
    """A string value under the cursor: `field` says what it is ("effect", "cost", "steps"
    (a track step: an effect), "chains_to", "extends", "name", ...), `offset` is the cursor's
    index into `text`, `start` the file position of text[0] (when the string sits on one
    line, else None)."""

    field: str
    path: tuple[Any, ...]
    text: str
    offset: int
    start: tuple[int, int] | None

    @property
    def card_text(self) -> str:
        """'effect', 'cost' or '' (not card text)."""
        if self.field in EFFECT_FIELDS or self.field == "steps":
            return "effect"
        return "cost" if self.field == "cost" else ""


def parse_doc(text: str, file: str = "<buffer>") -> YamlDoc | None:
    try:
        return load_yaml(text, file)
    except (yaml.YAMLError, RecursionError, ValueError):
        return None


def _field(path: tuple[Any, ...]) -> str:
    """The name of the field a value belongs to (a list item belongs to its list's field)."""
    for key in reversed(path):
        if isinstance(key, str):
            return key
    return ""


def _contains(span: Span, line: int, col: int, lines: list[str]) -> bool:
    """Whether 1-based (line, col) falls in the span: its end column included (the cursor just
    after the last character still edits that value), and blanks typed after a plain value
    (`vp 1 per `: YAML leaves the trailing blank out of the value) too."""
    if (line, col) < (span.line, span.column):
        return False
    if (line, col) <= (span.end_line, span.end_column):
        return True
    if line != span.end_line or span.style is not None or not 0 < line <= len(lines):
        return False
    return lines[line - 1][span.end_column - 1:col - 1].strip(" ") == ""


def spot_at(doc: YamlDoc, line: int, character: int) -> Spot | None:
    """The innermost string value holding the 0-based position."""
    ln, col = line + 1, character + 1
    lines = doc.lines
    best: tuple[tuple[Any, ...], Span] | None = None
    for path, span in doc.values.items():
        if not path or not _contains(span, ln, col, lines):
            continue
        if best is None or len(path) > len(best[0]):
            best = (path, span)
    if best is None:
        return None
    path, span = best
    value = value_at(doc.data, path)
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        return None
    text = str(value)
    quote = 1 if span.style in ("'", '"') else 0
    if span.line == span.end_line and span.style not in ("|", ">"):
        first = span.column + quote  # 1-based column of text[0]
        typed = lines[span.line - 1][first - 1:col - 1] if span.style is None else ""
        if len(typed) > len(text) and typed.startswith(text):
            text = typed  # the blanks typed after the value belong to it while typing
        offset = max(0, min(len(text), col - first))
        return Spot(_field(path), path, text, offset, (span.line - 1, first - 1))
    return Spot(_field(path), path, text, _block_offset(doc, span, text, ln, col), None)


def _block_offset(doc: YamlDoc, span: Span, text: str, ln: int, col: int) -> int:
    """The cursor's index into a string written over several lines (a block scalar, or
    plain text folded over lines): the text before the cursor on its line, found in `text`."""
    lines = doc.lines
    if not 0 < ln <= len(lines):
        return len(text)
    before = lines[ln - 1][:col - 1].strip()
    if ln == span.line:
        before = before.split(":", 1)[-1].strip().lstrip("|>-+").strip()
    if not before:
        return 0
    at = text.find(before)
    return at + len(before) if at >= 0 else len(text)


def value_at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        try:
            data = data[key]
        except (KeyError, IndexError, TypeError):
            return None
    return data


_LINE = re.compile(r"^(\s*(?:-\s+)?)([a-z_]+)\s*:\s+(['\"]?)(.*?)(['\"]?)\s*$")


def spot_on_line(text: str, line: int, character: int) -> Spot | None:
    """The `key: value` on one line, for a buffer that is not valid YAML as it is typed."""
    lines = text.splitlines()
    if not 0 <= line < len(lines):
        return None
    m = _LINE.match(lines[line])
    if not m:
        return None
    first = m.start(4)
    value = lines[line][first:]  # blanks typed at the end belong to the text being typed
    quote = m.group(3)
    if quote and value.rstrip().endswith(quote):
        value = value.rstrip()[:-1]
    if character < first:
        return None
    offset = min(len(value), character - first)
    return Spot(m.group(2), (m.group(2),), value, offset, (line, first))


def locate(doc: YamlDoc | None, text: str, line: int, character: int) -> Spot | None:
    if doc is not None:
        return spot_at(doc, line, character)
    return spot_on_line(text, line, character)


_WORD = re.compile(r"[A-Za-z_][A-Za-z_]*")


def word_at(text: str, offset: int) -> tuple[str, int]:
    """The word of card text holding `offset` (or just before it) and where it starts."""
    for m in _WORD.finditer(text):
        if m.start() <= offset <= m.end():
            return m.group(), m.start()
    return "", offset


def card_name_at(spot: Spot) -> str:
    """The card a chain or a `remove` entry names (a list entry or a single string)."""
    if spot.field in NAME_FIELDS:
        return spot.text
    return ""

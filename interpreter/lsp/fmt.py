"""Formatting: each effect and cost of a file rewritten in its canonical form (dsl/printer.py),
the form `wonders cards` and `wonders explain` print. Text that does not read (the
diagnostics say why), text written over several lines, and text whose canonical form would
need quotes it does not have are left as they are; nothing else in the file is touched."""
from __future__ import annotations

from dataclasses import dataclass

from dsl.parser import parse_cost, parse_effects
from dsl.printer import cost_text, effects_text
from dsl.text_errors import CardTextError
from dsl.vocab import Vocabulary
from dsl.yamlsource import YamlDoc

from .locate import EFFECT_FIELDS, Spot, value_at

_PLAIN_UNSAFE = (": ", " #", "\t")


@dataclass(frozen=True)
class Edit:
    line: int  # 0-based, as the protocol counts
    start: int
    end: int
    text: str


class _Seen:
    """Canonical forms already worked out, for the vocabulary they were read in (formatting a
    file again after an edit parses only the texts that changed)."""

    vocab: Vocabulary | None = None
    texts: dict[tuple[str, str], str | None] = {}


def canonical_text(text: str, what: str, vocab: Vocabulary) -> str | None:
    if _Seen.vocab is not vocab or len(_Seen.texts) > 20_000:
        _Seen.vocab, _Seen.texts = vocab, {}
    key = (what, text)
    if key not in _Seen.texts:
        try:
            _Seen.texts[key] = (cost_text(parse_cost(text, vocab)) if what == "cost"
                                else effects_text(parse_effects(text, vocab)))
        except CardTextError:
            _Seen.texts[key] = None
    return _Seen.texts[key]


def _what(path: tuple[object, ...]) -> str:
    spot = Spot(next((k for k in reversed(path) if isinstance(k, str)), ""), path, "", 0, None)
    return spot.card_text


def format_edits(doc: YamlDoc, vocab: Vocabulary) -> list[Edit]:
    edits = []
    lines = doc.lines
    for path, span in doc.values.items():
        if not path or span.line != span.end_line or span.style in ("|", ">"):
            continue
        what = _what(path)
        if not what or (path[-1] not in (*EFFECT_FIELDS, "cost") and path[-2:-1] != ("steps",)):
            continue
        value = value_at(doc.data, path)
        if not isinstance(value, str):
            continue
        quote = 1 if span.style in ("'", '"') else 0
        first = span.column - 1 + quote
        source = lines[span.line - 1][first:first + len(value)]
        if source != value:  # escapes or folding: the file's text is not the value's
            continue
        new = canonical_text(value, what, vocab)
        if new is None or new == value:
            continue
        if not quote and (any(m in new for m in _PLAIN_UNSAFE) or new[:1] in "!&*[]{}|>%@`'\""):
            continue
        if span.style == "'" and "'" in new or span.style == '"' and ('"' in new or "\\" in new):
            continue
        edits.append(Edit(span.line - 1, first, first + len(value), new))
    return edits


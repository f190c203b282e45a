"""Parse effect and cost text into the typed AST, with errors a modder can act on.

One module-level LALR parser (dsl/grammar.py) serves both entry points. Syntax errors stop at
the first problem (with what was expected: dsl/text_errors.py); name errors (unknown resource,
colour, symbol, effect word) are collected by the transformer (dsl/transformer.py) so one pass
reports all of them.
"""
from __future__ import annotations

from typing import Any

from lark.exceptions import UnexpectedInput, VisitError

from . import ast as A
from .grammar import PARSER
from .text_errors import CardTextError, LanguageError, syntax_error
from .transformer import ToAst
from .vocab import Vocabulary


def _parse(text: str, start: str, vocab: Vocabulary | None) -> Any:
    try:
        tree = PARSER.parse(text, start=start)
    except UnexpectedInput as err:
        raise CardTextError(text, [syntax_error(text, err, start)]) from None
    tx = ToAst(vocab)
    try:
        result = tx.transform(tree)
    except VisitError as err:  # pragma: no cover - a bug in the transformer
        raise CardTextError(text, [LanguageError(str(err.orig_exc), 1, 1)]) from None
    if tx.errors:
        raise CardTextError(text, sorted(tx.errors, key=lambda e: (e.line, e.column)))
    return result


def parse_effects(text: str, vocab: Vocabulary | None = None) -> tuple[A.Effect, ...]:
    """Parse `effect; effect; ...`. With a vocabulary, unknown names are errors."""
    return _parse(text, "effects", vocab)


def parse_effect(text: str, vocab: Vocabulary | None = None) -> A.Effect:
    effects = parse_effects(text, vocab)
    if len(effects) != 1:
        raise CardTextError(text, [LanguageError("expected exactly one effect", 1, 1)])
    return effects[0]


def parse_cost(text: str, vocab: Vocabulary | None = None) -> A.Cost:
    """Parse a cost such as `2 stone, ore, 1 coin` or `free`."""
    return _parse(text, "cost", vocab)

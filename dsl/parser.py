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
from .limits import LIMITS
from .vocab import Vocabulary
from .words import WordDef


def _parse(text: str, start: str, vocab: Vocabulary | None) -> Any:
    try:
        tree = PARSER.parse(text, start=start)
    except UnexpectedInput as err:
        raise CardTextError(text, [syntax_error(text, err, start)]) from None
    tx = ToAst(vocab, expand_use)
    try:
        result = tx.transform(tree)
    except VisitError as err:  # pragma: no cover - a bug in the transformer
        raise CardTextError(text, [LanguageError(str(err.orig_exc), 1, 1)]) from None
    if tx.errors:
        raise CardTextError(text, sorted(tx.errors, key=lambda e: (e.line, e.column)))
    return result


def expand_use(word: WordDef, args: tuple[Any, ...], vocab: Vocabulary
               ) -> tuple[str, tuple[A.Effect, ...], list[str]]:
    """A use of a defined word read once: its body with the arguments filled in, parsed in the
    pack's vocabulary (other defined words in it expanded too) and flattened; with the
    problems the arguments bring. Each (arguments, vocabulary) is read once (the word's cache),
    so nested words cost one parse per distinct use."""
    key = (args, _signature(vocab))
    hit = word.cache.get(key)
    if hit is None:
        text = word.instantiate(args)
        try:
            got, problems = A.expanded(parse_effects(text, vocab)), []
        except CardTextError as err:
            got, problems = (), [e.message for e in err.errors]
        if len(got) > LIMITS.expansion:
            got, problems = (), [f"it expands to {len(got)} effects, more than the limit of "
                                 f"{LIMITS.expansion}"]
        hit = word.cache[key] = (text, got, problems)
    return hit


def _signature(vocab: Vocabulary) -> tuple[Any, ...]:
    """What a body's reading depends on: the names the vocabulary knows."""
    return (tuple((k, tuple(v)) for k, v in vocab.resource_classes.items()), vocab.colors, vocab.symbols,
            vocab.plugin_words, vocab.decks, vocab.tokens, vocab.tracks,
            tuple(vocab.words.items()))


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

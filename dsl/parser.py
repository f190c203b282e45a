"""Parse effect and cost text into the typed AST, with errors a modder can act on.

One module-level LALR parser serves both entry points. Syntax errors stop at the
first problem (with what was expected); name errors (unknown resource, colour,
symbol, effect word) are collected so one pass reports all of them.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any, Iterable

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import (UnexpectedCharacters, UnexpectedEOF, UnexpectedInput,
                             UnexpectedToken, VisitError)

from . import ast as A
from .limits import LIMITS
from .registry import PLUGINS
from .vocab import BASE_VOCABULARY, RESOURCE_ALIASES, Vocabulary

_KIND_TEXT = {"int": "a number", "sides": "sides (left, self, right, neighbors)", "word": "a word",
              "resource": "a resource", "color": "a colour", "symbol": "a science symbol"}

PARSER = Lark.open("effects.lark", rel_to=__file__, parser="lalr",
                   start=["effects", "cost"], propagate_positions=True,
                   maybe_placeholders=False, cache=True)

_KEYWORDS = sorted({t.pattern.value for t in PARSER.terminals
                    if t.pattern.type == "str" and t.pattern.value.isalpha()})
EFFECT_WORDS = ("produce", "shields", "science", "coins", "vp", "buy", "free",
                "play", "build", "copy")


@dataclass(frozen=True)
class LanguageError:
    """One problem in a piece of card text; line/column are 1-based inside that text."""

    message: str
    line: int
    column: int
    length: int = 1

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: {self.message}"


class CardTextError(Exception):
    """Raised by parse_* when the text has problems; `errors` holds all of them."""

    def __init__(self, text: str, errors: list[LanguageError]):
        self.text = text
        self.errors = errors
        super().__init__("; ".join(str(e) for e in errors))

    def render(self) -> str:
        """Each error with the offending line and a caret under it."""
        lines = self.text.splitlines() or [""]
        out = []
        for e in self.errors:
            src = lines[e.line - 1] if 0 < e.line <= len(lines) else ""
            out.append(f"{e.line}:{e.column}: {e.message}\n  {src}\n  "
                       f"{' ' * (e.column - 1)}{'^' * max(1, e.length)}")
        return "\n".join(out)


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, [c for c in choices if c != word], n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""


def _name(tok: Token) -> str:
    v = str(tok)
    return RESOURCE_ALIASES.get(v, v)


_SIDE_WORDS = {"left", "self", "right", "neighbors", "neighbours", "all"}


class _SidesArg(tuple):
    """A plug-in argument's side list, with where it was written (for error positions)."""

    def __new__(cls, sides: tuple[str, ...], meta: Any) -> "_SidesArg":
        self = super().__new__(cls, sides)
        self.line, self.column = meta.line, meta.column
        self.width = meta.end_column - meta.column if meta.end_line == meta.line else 1
        return self


def _plugin_arg(a: Any) -> Any:
    if isinstance(a, Token):
        if a.type == "SIGNED_INT":
            return int(a) if len(a) <= 10 else 0  # a longer number is reported by _num
        if str(a) in _SIDE_WORDS:
            return A.normalize_sides([str(a)])
        return str(a)
    return a


class _ToAst(Transformer):
    """Lark tree -> frozen AST; checks names against the vocabulary as it goes."""

    def __init__(self, vocab: Vocabulary | None):
        super().__init__()
        self.vocab = vocab
        self.errors: list[LanguageError] = []

    # -- name checks -------------------------------------------------------
    def _check(self, tok: Token, known: Iterable[str], what: str) -> str:
        name = _name(tok)
        if self.vocab is not None and name not in known:
            self.errors.append(LanguageError(
                f"unknown {what} '{tok}'{did_you_mean(str(tok), known)}",
                tok.line, tok.column, len(tok)))
        return name

    def _resource(self, tok: Token) -> str:
        v = self.vocab or BASE_VOCABULARY
        return self._check(tok, v.resources, "resource")

    def _color(self, tok: Token) -> str:
        v = self.vocab or BASE_VOCABULARY
        return self._check(tok, v.colors, "colour")

    def _num(self, tok: Token, limit: int, what: str) -> int:
        """A number of the text, at most `limit` in size (a located error otherwise)."""
        text = str(tok)
        if len(text.lstrip("-")) > len(str(limit)) or abs(int(text)) > limit:
            self.errors.append(LanguageError(f"{what} {text[:12]}{'...' if len(text) > 12 else ''} "
                                             f"is more than the limit of {limit}",
                                             tok.line, tok.column, len(tok)))
            return 0
        return int(text)

    def _wide(self, toks: list[Any], what: str) -> None:
        if len(toks) > LIMITS.choice_width:
            t = toks[LIMITS.choice_width]
            self.errors.append(LanguageError(f"more than {LIMITS.choice_width} {what} (the limit)",
                                             getattr(t, "line", 1), getattr(t, "column", 1)))

    # -- effects -----------------------------------------------------------
    def effects(self, children: list[Any]) -> tuple[A.Effect, ...]:
        if len(children) > LIMITS.effects_per_text:
            e = children[LIMITS.effects_per_text]
            self.errors.append(LanguageError(
                f"more than {LIMITS.effects_per_text} effects in one text (the limit)",
                getattr(e, "line", None) or 1, getattr(e, "column", None) or 1))
        return tuple(children)

    @v_args(meta=True)
    def produce(self, meta: Any, children: list[Any]) -> A.Produce:
        kind, items = children[0]
        tradable = not (len(children) > 1 and str(children[1]) == "untradable")
        return A.Produce(tuple(items), choice=(kind == "choice"), tradable=tradable,
                         line=meta.line, column=meta.column)

    def amounts(self, children: list[Any]) -> tuple[str, list[tuple[str, int]]]:
        merged: dict[str, int] = {}
        for name, n in children:
            merged[name] = merged.get(name, 0) + n
        return "amounts", list(merged.items())

    def amount(self, children: list[Any]) -> tuple[str, int]:
        n = self._num(children[0], LIMITS.units, "amount") if len(children) == 2 else 1
        return self._resource(children[-1]), n

    def choice(self, children: list[Token]) -> tuple[str, list[tuple[str, int]]]:
        self._wide(children, "resources in one choice")
        return "choice", [(self._resource(t), 1) for t in children]

    @v_args(meta=True)
    def shields(self, meta: Any, children: list[Token]) -> A.Shields:
        return A.Shields(self._num(children[-1], LIMITS.amount, "shields"), line=meta.line, column=meta.column)

    @v_args(meta=True)
    def science(self, meta: Any, children: list[Token]) -> A.Science:
        v = self.vocab or BASE_VOCABULARY
        self._wide(children, "symbols in one choice")
        names = tuple(self._check(t, (*v.symbols, "any"), "science symbol") for t in children)
        return A.Science(names, line=meta.line, column=meta.column)

    @v_args(meta=True)
    def coins(self, meta: Any, children: list[Any]) -> A.Coins:
        per = children[1] if len(children) > 1 else None
        return A.Coins(self._num(children[0], LIMITS.amount, "coins"), per, line=meta.line, column=meta.column)

    @v_args(meta=True)
    def vp(self, meta: Any, children: list[Any]) -> A.VictoryPoints:
        per = children[1] if len(children) > 1 else None
        return A.VictoryPoints(self._num(children[0], LIMITS.amount, "vp"), per, line=meta.line,
                               column=meta.column)

    @v_args(meta=True)
    def per(self, meta: Any, children: list[Any]) -> A.Counted:
        what, colors = children[0]
        sides = children[1] if len(children) > 1 else ("self",)
        return A.Counted(what, colors, sides, line=meta.line, column=meta.column)

    def card_count(self, children: list[Any]) -> tuple[str, tuple[str, ...]]:
        return "card", (children[0] if children else ())

    def stage_count(self, _: list[Any]) -> tuple[str, tuple[str, ...]]:
        return "wonder_stage", ()

    def defeat_count(self, _: list[Any]) -> tuple[str, tuple[str, ...]]:
        return "defeat", ()

    def victory_count(self, _: list[Any]) -> tuple[str, tuple[str, ...]]:
        return "victory", ()

    def colors(self, children: list[Token]) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self._color(t) for t in children))

    def sides(self, children: list[str]) -> tuple[str, ...]:
        return A.normalize_sides(children)

    @v_args(meta=True)
    def sides_arg(self, meta: Any, children: list[str]) -> "_SidesArg":
        return _SidesArg(A.normalize_sides(children), meta)

    def side(self, children: list[Token]) -> str:
        return str(children[0])

    @v_args(meta=True)
    def trade(self, meta: Any, children: list[Any]) -> A.Trade:
        *names, sides, price = children
        v = self.vocab or BASE_VOCABULARY
        known = (*v.resource_classes, *v.resources)
        res = tuple(dict.fromkeys(self._check(t, known, "resource or resource class")
                                  for t in names))
        self._neighbours_only(sides, meta, "buy")
        return A.Trade(res, sides, self._num(price, LIMITS.amount, "price"), line=meta.line, column=meta.column)

    def _neighbours_only(self, sides: tuple[str, ...], meta: Any, word: str) -> None:
        if "self" in sides:
            self.errors.append(LanguageError(
                f"'{word}' works with neighbours only: use left, right or neighbors, not self",
                meta.line, meta.column, len(word)))

    @v_args(meta=True)
    def free_build(self, meta: Any, children: list[Token]) -> A.FreeBuild:
        return A.FreeBuild(str(children[-1]), line=meta.line, column=meta.column)

    @v_args(meta=True)
    def play_last(self, meta: Any, _: list[Any]) -> A.PlayLastCard:
        return A.PlayLastCard(line=meta.line, column=meta.column)

    @v_args(meta=True)
    def discard_build(self, meta: Any, _: list[Any]) -> A.BuildFromDiscard:
        return A.BuildFromDiscard(line=meta.line, column=meta.column)

    @v_args(meta=True)
    def copy_card(self, meta: Any, children: list[Any]) -> A.CopyCard:
        self._neighbours_only(children[1], meta, "copy")
        return A.CopyCard(children[0], children[1], line=meta.line, column=meta.column)

    @v_args(meta=True)
    def plugin_effect(self, meta: Any, children: list[Any]) -> A.PluginEffect:
        word = children[0]
        vocab = self.vocab or BASE_VOCABULARY
        for a in children[1:]:
            if isinstance(a, Token) and a.type == "SIGNED_INT":
                self._num(a, LIMITS.amount, "number")
        args = tuple(tuple(a) if isinstance(a, tuple) else a for a in map(_plugin_arg, children[1:]))
        if word not in vocab.plugin_words:
            self.errors.append(LanguageError(
                f"unknown effect word '{word}'"
                f"{did_you_mean(str(word), [*EFFECT_WORDS, *vocab.plugin_words])}",
                word.line, word.column, len(word)))
        else:
            self._check_plugin_args(word, args, children[1:], vocab)
        return A.PluginEffect(str(word), args, line=meta.line, column=meta.column)

    def _check_plugin_args(self, word: Token, args: tuple[Any, ...], raw: list[Any],
                           vocab: Vocabulary) -> None:
        """Plug-in words declare their parameters; wrong count or kind is an error here."""
        spec = PLUGINS.get(str(word))
        if spec is None:
            return
        params = spec.params
        required = [p for p in params if not p.optional]
        usage = f"usage: {spec.word} " + " ".join(
            (f"[{p.name}]" if p.optional else p.name.upper()) for p in params)
        if not len(required) <= len(args) <= len(params):
            self.errors.append(LanguageError(
                f"'{word}' takes {len(required)}"
                + (f" to {len(params)}" if len(params) != len(required) else "")
                + f" argument(s), not {len(args)} ({usage})", word.line, word.column, len(word)))
            return
        known = {"resource": vocab.resources, "color": vocab.colors, "symbol": vocab.symbols}
        for p, a, tok in zip(params, args, raw):
            line, col = getattr(tok, "line", word.line), getattr(tok, "column", word.column)
            width = len(tok) if isinstance(tok, Token) else getattr(tok, "width", 1)
            ok = {"int": isinstance(a, int), "sides": isinstance(a, tuple)}.get(
                p.kind, isinstance(a, str))
            if not ok:
                hint = did_you_mean(str(a), sorted(_SIDE_WORDS)) if p.kind == "sides" else ""
                self.errors.append(LanguageError(
                    f"'{word}' argument {p.name} must be {_KIND_TEXT.get(p.kind, p.kind)} ({usage})"
                    f"{hint}", line, col, width))
            elif p.kind in known and a not in known[p.kind]:
                self.errors.append(LanguageError(
                    f"unknown {p.kind} '{a}'{did_you_mean(str(a), known[p.kind])}", line, col, len(str(a))))

    # -- cost --------------------------------------------------------------
    def free_cost(self, _: list[Any]) -> A.Cost:
        return A.Cost()

    def cost(self, children: list[tuple[str, int]]) -> A.Cost:
        if sum(n for name, n in children if name != "coins") > LIMITS.cost_units:
            self.errors.append(LanguageError(f"a cost of more than {LIMITS.cost_units} resources "
                                             "(the limit)", 1, 1))
        if len({name for name, _ in children if name != "coins"}) > LIMITS.cost_resources:
            self.errors.append(LanguageError(f"a cost of more than {LIMITS.cost_resources} different "
                                             "resources (the limit)", 1, 1))
        coins = 0
        res: dict[str, int] = {}
        for name, n in children:
            if name == "coins":
                coins += n
            else:
                res[name] = res.get(name, 0) + n
        return A.Cost(coins, tuple(res.items()))

    def cost_item(self, children: list[Token]) -> tuple[str, int]:
        tok = children[-1]
        coins = str(tok) in ("coin", "coins")
        n = self._num(children[0], LIMITS.amount if coins else LIMITS.units,
                      "coins" if coins else "amount") if len(children) == 2 else 1
        if coins:
            return "coins", n
        return self._resource(tok), n


_TERMINAL_WORDS = {"NEIGHBORS": ("neighbors", "neighbours"), "PERIOD": ("age", "game"),
                   "UNTRADABLE": ("untradable",)}


def _expected_words(expected: Iterable[str]) -> list[str]:
    """The literal words the parser would have accepted (for "did you mean")."""
    words: list[str] = []
    for term in expected:
        if term in _TERMINAL_WORDS:
            words.extend(_TERMINAL_WORDS[term])
            continue
        try:
            pat = PARSER.get_terminal(term).pattern
        except KeyError:
            continue
        if pat.type == "str" and pat.value.isalpha():
            words.append(pat.value)
    return words


def _expected_marks(expected: Iterable[str]) -> list[str]:
    """The punctuation the parser would have accepted, e.g. ',' or ';'."""
    marks: list[str] = []
    for term in expected:
        try:
            pat = PARSER.get_terminal(term).pattern
        except KeyError:
            continue
        if pat.type == "str" and not pat.value.isalnum():
            marks.append(pat.value)
    return marks


def _describe_expected(expected: Iterable[str]) -> str:
    expected = set(expected)
    names = [f"'{w}'" for w in sorted(dict.fromkeys(_expected_words(expected)))]
    names.extend(f"'{m}'" for m in sorted(dict.fromkeys(_expected_marks(expected))))
    if "NAME" in expected:
        names.append("a name")
    if expected & {"INT", "SIGNED_INT"}:
        names.append("a number")
    if expected & {"$END", "<END-OF-FILE>"}:
        names.append("end of text")
    if not names:
        names = sorted(expected)
    if len(names) > 10:
        names = names[:10] + ["..."]
    return ", ".join(names)


def _syntax_error(text: str, err: UnexpectedInput, start: str) -> LanguageError:
    line, col = getattr(err, "line", 1) or 1, getattr(err, "column", 1) or 1
    if isinstance(err, UnexpectedCharacters):
        lines = text.splitlines()
        ch = lines[line - 1][col - 1] if line <= len(lines) and col <= len(lines[line - 1]) else "?"
        hint = "; card text is written in lower case" if ch.isupper() else ""
        return LanguageError(f"unexpected character '{ch}'{hint}", line, col)
    if isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken)
                                          and err.token.type == "$END"):
        expected = _describe_expected(err.expected)
        if start == "effects" and (text.strip() == "" or text.rstrip().endswith(";")):
            expected = f"an effect word ({', '.join(EFFECT_WORDS)})"
        lines = text.splitlines() or [""]
        return LanguageError(f"text ends too early; expected {expected}",
                             len(lines), len(lines[-1]) + 1)
    assert isinstance(err, UnexpectedToken)
    tok = err.token
    hint = ""
    expected = _describe_expected(err.expected)
    before = text[:tok.start_pos].rstrip() if tok.start_pos is not None else ""
    if start == "effects" and (before == "" or before.endswith(";")):
        expected = f"an effect word ({', '.join(EFFECT_WORDS)})"
        if tok.type in ("INT", "SIGNED_INT"):
            hint = " (the word comes first: 'coins 3', 'vp 2', 'shields 1')"
    elif tok.type == "NAME":
        hint = did_you_mean(str(tok), _expected_words(err.expected))
    elif start == "cost" and tok.type in ("INT", "SIGNED_INT"):
        hint = " (the number comes first: '3 coins', '2 wood')"
    return LanguageError(f"unexpected '{tok}'; expected {expected}{hint}",
                         tok.line, tok.column, max(1, len(str(tok))))


def _parse(text: str, start: str, vocab: Vocabulary | None) -> Any:
    try:
        tree = PARSER.parse(text, start=start)
    except UnexpectedInput as err:
        raise CardTextError(text, [_syntax_error(text, err, start)]) from None
    tx = _ToAst(vocab)
    try:
        result = tx.transform(tree)
    except VisitError as err:  # pragma: no cover - a bug in the transformer
        raise CardTextError(text, [LanguageError(str(err.orig_exc), 1, 1)]) from None
    if tx.errors:
        raise CardTextError(text, tx.errors)
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

"""Errors in card text a modder can act on: where (line, column, length), what, and a "did
you mean"; syntax errors say what the grammar would have accepted instead."""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Iterable

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .grammar import EFFECT_WORDS, PARSER
from .registry import TRIGGERED


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


_TERMINAL_WORDS = {"NEIGHBORS": ("neighbors", "neighbours"), "PERIOD": ("age", "game"),
                   "UNTRADABLE": ("untradable",)}


def expected_words(expected: Iterable[str]) -> list[str]:
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


# the words naming whose city: listed as one item when a place takes any of them
_SIDE_WORDS = ("left", "self", "right", "neighbors", "neighbours", "all", "others")


def _picks_here(text: str, at: int | None) -> bool:
    """Whether the effect being written takes a target chosen by a count (`tokens ... for`, or a
    target opening `lose|gain`): only there are those forms offered."""
    effect = text[:at].rsplit(";", 1)[-1].split() if at is not None else []
    return bool(effect) and effect[0] in ("tokens", "token", "the", "every") and "when" not in effect


def _describe_expected(expected: Iterable[str], picks_ok: bool = False) -> str:
    expected = set(expected) - {"ALLY"}  # `ally`: on an alliance's cards only, never offered
    words = sorted(dict.fromkeys(expected_words(expected)))
    sides = [w for w in words if w in _SIDE_WORDS]
    chosen = bool(sides) and "the" in words  # a TARGET: `the richer neighbor` is one item
    picks = chosen and "every" in words  # ... and the targets chosen by a count, two items
    if chosen:
        words = [w for w in words if w not in ("the", "every", "neighbor", "neighbour", "a")]
    crowded = len(sides) > 2 and len(expected) - 3 * picks > 10  # "a side (left, ...)", not a cut list
    if crowded:
        words = [w for w in words if w not in _SIDE_WORDS]
    names = [f"'{w}'" for w in words]
    if crowded:
        names.append(f"a side ({', '.join(w for w in _SIDE_WORDS if w in sides and w != 'neighbours')})")
    far = len(sides) >= 6 and "INT" in expected  # a TARGET's `2 seats left`: its number is no count
    if chosen:
        names.append("'the richer|poorer|stronger|weaker neighbor'")
    if far:
        names.append("'N seats left|right'")
    if picks and picks_ok:
        names.append("'the neighbor with most|fewest COUNT'")
        names.append("'every [other] city with no|at least N COUNT'")
        names.append("'a neighbor of your choice'")
    names.extend(f"'{m}'" for m in sorted(dict.fromkeys(_expected_marks(expected))))
    if "NAME" in expected:
        names.append("a name")
    if expected & {"INT", "SIGNED_INT"} and not (far and "SIGNED_INT" not in expected):
        names.append("a number")
    if expected & {"$END", "<END-OF-FILE>"}:
        names.append("end of text")
    if not names:
        names = sorted(expected)
    if len(names) > 10 + far:  # a TARGET's seats at a distance are one more item, never cut
        names = names[:10 + far] + ["..."]
    return ", ".join(names)


def _accepted(err: UnexpectedInput) -> Iterable[str]:
    """What the parser would really take next. LALR merges the look-ahead sets of states
    shared by several rules (the state after a side word serves `buy`, `copy`, `per`...),
    so `err.expected` may list words that fit elsewhere; feeding each one tells them apart."""
    ip = getattr(err, "interactive_parser", None)
    if ip is not None:
        try:
            return ip.accepts()
        except Exception:  # pragma: no cover - fall back to Lark's own list
            pass
    return err.expected


def _offered(err: UnexpectedInput, text: str, at: int | None) -> Iterable[str]:
    """What to offer next: the parser's list, less `when` after an effect a trigger cannot
    carry (`produce wood` ... `when` would parse, then be refused as a lasting effect)."""
    accepted = set(_accepted(err))
    effect = text[:at].rsplit(";", 1)[-1].split() if at is not None else []
    if effect and effect[0] not in TRIGGERED and effect[0] not in ("neighbors", "neighbours", "left",
                                                                  "right", "others", "all", "self"):
        accepted.discard("WHEN")
    return accepted


def syntax_error(text: str, err: UnexpectedInput, start: str) -> LanguageError:
    line, col = getattr(err, "line", 1) or 1, getattr(err, "column", 1) or 1
    if isinstance(err, UnexpectedCharacters):
        lines = text.splitlines()
        ch = lines[line - 1][col - 1] if line <= len(lines) and col <= len(lines[line - 1]) else "?"
        hint = "; card text is written in lower case" if ch.isupper() else ""
        return LanguageError(f"unexpected character '{ch}'{hint}", line, col)
    if isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken)
                                          and err.token.type == "$END"):
        offered = set(_offered(err, text, len(text)))
        last = text.rstrip().rsplit(None, 1)[-1] if text.strip() else ""
        if offered == {"WITH"} and last in ("neighbor", "neighbour"):  # `in neighbour`: a target's start
            lines = text.rstrip().splitlines()
            at = len(text.rstrip()) - len(last)
            sides = ["ALL", "LEFT", "NEIGHBORS", "OTHERS", "RIGHT", "SELF", "THE", "EVERY", "INT"]
            return LanguageError(
                f"unexpected '{last}'; expected {_describe_expected(sides, _picks_here(text, at))}; "
                f"did you mean '{last}s'?", len(lines), len(lines[-1]) - len(last) + 1, len(last))
        expected = _describe_expected(offered, _picks_here(text, len(text)))
        if start == "effects" and (text.strip() == "" or text.rstrip().endswith(";")):
            expected = f"an effect word ({', '.join(EFFECT_WORDS)})"
        lines = text.splitlines() or [""]
        return LanguageError(f"text ends too early; expected {expected}",
                             len(lines), len(lines[-1]) + 1)
    assert isinstance(err, UnexpectedToken)
    tok = err.token
    hint = ""
    accepted = _offered(err, text, tok.start_pos)
    expected = _describe_expected(accepted, _picks_here(text, tok.start_pos))
    before = text[:tok.start_pos].rstrip() if tok.start_pos is not None else ""
    number = re.search(r"(?:^|;)\s*([0-9]+)$", before)
    if start == "effects" and number and str(tok) not in ("seat", "seats"):  # `3 coins`, not `2 seats left ...`
        at = number.start(1)
        line = text.count("\n", 0, at) + 1
        return LanguageError(f"unexpected '{number.group(1)}'; expected an effect word ({', '.join(EFFECT_WORDS)})"
                             " (the word comes first: 'coins 3', 'vp 2', 'shields 1')",
                             line, at - (text.rfind("\n", 0, at) + 1) + 1, len(number.group(1)))
    if start == "effects" and (before == "" or before.endswith(";")):
        expected = f"an effect word ({', '.join(EFFECT_WORDS)})"
        if tok.type in ("INT", "SIGNED_INT"):
            hint = " (the word comes first: 'coins 3', 'vp 2', 'shields 1')"
    elif tok.type == "NAME" or str(tok).isalpha():  # a misspelling, or a keyword out of place
        hint = did_you_mean(str(tok), expected_words(accepted))
    elif tok.type in ("INT", "SIGNED_INT") and "BANK" in accepted and text[tok.end_pos:].lstrip().startswith("seat"):
        hint = " (buy from a neighbour or the bank; to buy from the cities N seats away: 'trade N seats away')"
    elif start == "cost" and tok.type in ("INT", "SIGNED_INT"):
        hint = " (the number comes first: '3 coins', '2 wood')"
    return LanguageError(f"unexpected '{tok}'; expected {expected}{hint}",
                         tok.line, tok.column, max(1, len(str(tok))))

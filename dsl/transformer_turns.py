"""Grammar rules of the effects that bend a turn's usual shape (a second card in one turn,
trade beyond the neighbours, a built card given up): a mixin of the transformer (dsl/
transformer.py), kept apart so that module does not grow further past its size."""
from __future__ import annotations

from typing import Any

from lark import Token, v_args

from . import ast as A
from .laws import RULE_NUMBERS
from .limits import LIMITS
from .text_errors import LanguageError, did_you_mean


class TurnRules:
    """Rule methods mixed into ToAst (they use its errors list and number checks)."""

    errors: list[LanguageError]
    vocab: Any  # the pack's vocabulary (token kinds), or None

    def _int(self, tok: Token) -> int:  # pragma: no cover - ToAst's
        raise NotImplementedError

    def _acts(self, sides: Any, word: str, *, chosen: bool = True, others: bool = True) -> tuple[str, ...]:
        raise NotImplementedError  # pragma: no cover - ToAst's

    @v_args(meta=True)
    def play_two(self, meta: Any, children: list[Any]) -> A.PlayLastCard:
        return A.PlayLastCard(str(children[-1]), line=meta.line, column=meta.column)

    @v_args(meta=True)
    def far_trade(self, meta: Any, children: list[Any]) -> A.FarTrade:
        seats = children[0]
        if self._int(seats) < 2:
            self.errors.append(LanguageError(
                f"{seats} seat away is a neighbour, who sells already: write 'trade 2 seats away' "
                "or more (or 'buy ... from neighbors for N' for a cheaper price)",
                seats.line, seats.column, len(seats)))
        return A.FarTrade(self._int(seats), line=meta.line, column=meta.column)

    @v_args(meta=True)
    def exchange(self, meta: Any, children: list[Any]) -> A.Exchange:
        give, get = children
        if self._int(get) != 1:
            self.errors.append(LanguageError(
                f"an exchange gives 1 unit of any resource, not {get}: write 'exchange N same for 1 any'",
                get.line, get.column, len(get)))
        if self._int(give) < 2:
            self.errors.append(LanguageError(
                f"exchanging {give} unit for 1 of any resource makes every unit any resource: "
                "exchange at least 2 same units (or write 'produce ...' with a '/' choice)",
                give.line, give.column, len(give)))
        return A.Exchange(self._int(give), line=meta.line, column=meta.column)

    @v_args(meta=True)
    def bury(self, meta: Any, children: list[Any]) -> A.Bury:
        hand, amount = children
        if self._int(amount) < 1:
            self.errors.append(LanguageError("a buried card is worth at least 1 vp per coin",
                                             amount.line, amount.column, len(amount)))
        return A.Bury(str(hand), self._int(amount), line=meta.line, column=meta.column)

    @v_args(meta=True)
    def discard_own(self, meta: Any, children: list[Any]) -> A.DiscardOwn:
        colors = next((c for c in children if isinstance(c, tuple)), ())
        amount = next(c for c in children if isinstance(c, Token) and c.type == "INT")
        if self._int(amount) < 1:
            self.errors.append(LanguageError(
                "discarding a card of your own takes a reward of at least 1 coin",
                amount.line, amount.column, len(amount)))
        return A.DiscardOwn(colors, self._int(amount), line=meta.line, column=meta.column)

    @v_args(meta=True)
    def rule_change(self, meta: Any, children: list[Any]) -> A.RuleChange:
        name, *rest = children
        kind = rest.pop(0) if isinstance(rest[0], Token) and rest[0].type == "NAME" else None
        if rest[0] == "+":
            rest.pop(0)
        delta, *rest = rest
        sides = self._acts(rest[0], "rule", chosen=False) if rest else ("self",)
        rule = str(name)
        if rule not in RULE_NUMBERS:
            self.errors.append(LanguageError(
                f"unknown rules number '{name}' (one of: {', '.join(RULE_NUMBERS)})"
                + did_you_mean(str(name), RULE_NUMBERS), name.line, name.column, len(name)))
        elif (kind is not None) != (rule == "token"):
            at = kind if kind is not None else name
            self.errors.append(LanguageError(
                f"'rule {name} {kind}': only `token` names a kind (`rule token debt -1`)" if kind is not None
                else "`rule token` names the token kind: `rule token debt -1`", at.line, at.column, len(at)))
        elif kind is not None:
            kinds = self.vocab.tokens if getattr(self, "vocab", None) is not None else None
            if kinds is not None and str(kind) not in kinds:
                self.errors.append(LanguageError(
                    f"unknown token kind '{kind}'" + (f" (kinds: {', '.join(kinds)})" if kinds else
                                                      " (the pack declares none under rules: tokens)")
                    + did_you_mean(str(kind), kinds), kind.line, kind.column, len(kind)))
            rule = f"token {kind}"
        digits = str(delta).lstrip("-")
        amount = int(digits) if len(digits) <= len(str(LIMITS.amount)) else LIMITS.amount + 1
        if amount > LIMITS.amount:
            self.errors.append(LanguageError(f"a rules change of {str(delta)[:12]} is more than the "
                                             f"limit of {LIMITS.amount}", delta.line, delta.column, len(delta)))
            amount = LIMITS.amount
        elif amount == 0:
            self.errors.append(LanguageError("a rules change of 0 changes nothing: write +1, -1, ...",
                                             delta.line, delta.column, len(delta)))
        elif delta.type == "SIGNED_INT" and not str(delta).startswith("-"):
            self.errors.append(LanguageError(f"a rules change takes its sign: +{delta} or -{delta}",
                                             delta.line, delta.column, len(delta)))
        amount = -amount if str(delta).startswith("-") else amount
        return A.RuleChange(rule, amount, sides, line=meta.line, column=meta.column)

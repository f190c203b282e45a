"""Grammar rules of the effects that bend a turn's usual shape (a second card in one turn,
trade beyond the neighbours, a built card given up): a mixin of the transformer (dsl/
transformer.py), kept apart so that module does not grow further past its size."""
from __future__ import annotations

from typing import Any

from lark import Token, v_args

from . import ast as A
from .text_errors import LanguageError


class TurnRules:
    """Rule methods mixed into ToAst (they use its errors list and number checks)."""

    errors: list[LanguageError]

    def _int(self, tok: Token) -> int:  # pragma: no cover - ToAst's
        raise NotImplementedError

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

"""Grammar rules of durations, costs counted from the state, surcharges, shields counted, the
`buy from you` event and stealing (`... lose N coins to you`): a mixin of the transformer
(dsl/transformer.py), kept apart so that module does not grow further past its size."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token, v_args

from . import ast as A
from .registry import EFFECTS, LASTING
from .text_errors import LanguageError

_WORD_OF = {spec.node: w for w, spec in reversed(EFFECTS.items())}


class DurationRules:
    """Rule methods mixed into ToAst (they use its errors list and number checks)."""

    errors: list[LanguageError]

    def _int(self, tok: Token) -> int:  # pragma: no cover - ToAst's
        raise NotImplementedError

    def _acts(self, sides: Any, word: str, *, chosen: bool = True, others: bool = True,
              far: bool = True) -> tuple[str, ...]:
        raise NotImplementedError  # pragma: no cover - ToAst's

    @v_args(meta=True)
    def lasting(self, meta: Any, children: list[Any]) -> A.Lasting:
        """`EFFECT until age ends`: only a lasting effect can end; `until game ends` never ends
        before the game does (every lasting effect holds that long already)."""
        effect, period = children
        word = _WORD_OF.get(type(effect), getattr(effect, "word", "this effect"))
        line, column = getattr(effect, "line", 0) or meta.line, getattr(effect, "column", 0) or meta.column
        if word not in LASTING:
            why = "is taken once, when built" if EFFECTS.get(word) and EFFECTS[word].phase == "when built" \
                else "scores at the game's end" if word in ("vp", "science", "copy") else "is not a lasting effect"
            self.errors.append(LanguageError(
                f"'{word}' {why}: a duration ends a lasting effect ({', '.join(LASTING)})",
                line, column, len(str(word))))
        if str(period) == "game":
            self.errors.append(LanguageError(
                "'until game ends' never ends: a lasting effect holds to the game's end already; "
                "leave it out, or write 'until age ends'", period.line, period.column - len("until "),
                len("until game ends")))
        return A.Lasting(effect, str(period), line=meta.line, column=meta.column)

    @v_args(meta=True)
    def surcharge(self, meta: Any, children: list[Any]) -> A.Surcharge:
        amount, target, *rest = children
        per = rest.pop() if rest and isinstance(rest[-1], A.Counted) else None
        sides = self._acts(rest[0], "surcharge", chosen=False, far=False) if rest else ("self",)
        if self._int(amount) < 1:
            self.errors.append(LanguageError(f"a surcharge takes at least 1 coin, not {amount}",
                                             amount.line, amount.column, len(amount)))
        return A.Surcharge(self._int(amount), target, sides, per, line=meta.line, column=meta.column)

    def to_you(self, _: list[Any]) -> str:
        return "to you"

    def _to_you(self, effect: A.OthersCoins, meta: Any) -> A.OthersCoins:
        """`TARGET lose N coins to you`: the owner takes what each losing city pays (stealing)."""
        if effect.amount > 0:
            self.errors.append(LanguageError(
                "coins gained come from the bank: 'to you' goes with 'lose' (the owner takes what "
                "they pay)", meta.line, meta.column))
        return replace(effect, to_owner=True)

    def shields_count(self, _: list[Any]) -> tuple[str, tuple[str, ...]]:
        return "shield", ()

    def sold_event(self, _: list[Any]) -> A.Event:
        return A.Event("sold")

    def _sold(self, event: A.Event, meta: Any) -> A.Event:
        """`when neighbors buy from you`: the buyers are the owner's neighbours (left, right)."""
        if event.whose == ("self",) or not set(event.whose) <= {"left", "right"}:
            self.errors.append(LanguageError(
                "say which neighbours buy from you: 'when neighbors buy from you', 'when left buy "
                "from you' or 'when right buy from you'", meta.line, meta.column))
        return event

    @v_args(meta=True)
    def less(self, meta: Any, children: list[Any]) -> tuple[str, tuple[int, A.Counted]]:
        """`1 less per blue card` in a cost: the coins before it lowered by a count."""
        amount, per = children
        if self._int(amount) < 1:
            self.errors.append(LanguageError(f"a cost is lowered by at least 1 coin per thing counted, "
                                             f"not {amount}", amount.line, amount.column, len(amount)))
        self._less_at = (amount.line, amount.column, len(amount))
        return "less", (self._int(amount), per)

    def _less_checked(self, coins: int, per_age: int, less: tuple[int, A.Counted] | None) -> None:
        """A cost lowered by a count needs coins to lower (the price stops at 0 coins)."""
        if less is not None and not coins and not per_age:
            self.errors.append(LanguageError(
                f"'{less[0]} less {_per_text(less[1])}' lowers coins the cost does not have: write the "
                f"coins first, as in '6 coins, {less[0]} less {_per_text(less[1])}' (a cost never goes "
                "below 0 coins, and resources are not lowered)", *getattr(self, "_less_at", (1, 1, 1))))


def _per_text(c: A.Counted) -> str:
    from .printer import counted_text
    return counted_text(c).removesuffix(" in self")

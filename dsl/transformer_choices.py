"""Grammar rules of choices: `choose A or B` (the owner's player picks one option as it applies)
and the targets chosen as an effect applies (`the richer neighbor`, `the neighbor with most
shields`, `a neighbor of your choice`), which words may take them and when each is resolved. A
mixin of the transformer (dsl/transformer.py), kept apart so that module does not grow further."""
from __future__ import annotations

from typing import Any

from lark import v_args

from . import ast as A
from .printer import canonical
from .registry import TRIGGERED
from .text_errors import LanguageError

# The words that act on a target chosen as they apply, and when it is chosen: `the richer|poorer|
# stronger|weaker neighbor`, `the neighbor with most|fewest COUNT`, `every [other] city with ...`.
# A lasting effect whose cities would change turn by turn (production, cost changes, rules changes,
# trade, triggers' listeners) takes fixed cities only.
CHOSEN_WHEN = {"tokens": "when built", "remove": "when built", "lose": "when built",
               "gain": "when built", "coins ... for": "when built", "copy": "when the copy is made "
               "(when built with `now`, else at game end)", "shields": "at each conflict",
               "vp ... if more": "at game end", "produce": "when built (then kept while the card stands)"}
# the words a neighbour of the owner's choice may take: one-time effects, asked as they apply
OWNER_WORDS = ("tokens", "remove", "lose", "gain", "coins ... for", "produce")


class ChoiceRules:
    """Rule methods mixed into ToAst (they use its errors list and its pending picks)."""

    errors: list[LanguageError]
    _picks: list[Any]

    @v_args(meta=True)
    def choose(self, meta: Any, children: list[Any]) -> A.Choice:
        return self._choice(meta, children)

    @v_args(meta=True)
    def choose_listed(self, meta: Any, children: list[Any]) -> A.Choice:
        return self._choice(meta, children)

    def _choice(self, meta: Any, options: list[Any]) -> A.Choice:
        """Two or more one-time gains, each other than the rest; a choice holds no choice."""
        gains = frozenset(_gain_nodes())
        seen: set[str] = set()
        for opt in options:
            line, column = getattr(opt, "line", 0) or meta.line, getattr(opt, "column", 0) or meta.column
            if isinstance(opt, A.Choice) or getattr(opt, "sides", None) == (A.OWNER_CHOICE,):
                self.errors.append(LanguageError(
                    "a choice's option cannot itself be a choice (write its options side by side: "
                    "'choose A or B or C')", line, column, 6))
            elif _lasting(opt):
                pass  # production, shields, a symbol: kept while the card stands (not in a trigger)
            elif type(opt) not in gains:
                word = canonical(opt).split(" ")[0] if not isinstance(opt, A.PluginEffect) else opt.word
                self.errors.append(LanguageError(
                    f"'{word}' cannot be chosen: a choice's options are one-time gains ("
                    + ", ".join(w if w != "lose" else "lose/gain" for w in TRIGGERED if w != "choose")
                    + ", or what lasts: produce, shields, science); a word that asks for a card, or "
                    "a power, has no place in one",
                    line, column, len(word)))
            else:
                text = canonical(opt)
                if text in seen:
                    self.errors.append(LanguageError(f"the option '{text}' is written twice", line, column,
                                                     len(text)))
                seen.add(text)
        if len(options) < 2:
            self.errors.append(LanguageError(
                "a choice needs at least two options: 'choose one: coins 3 | vp 2'",
                meta.line, meta.column, len("choose")))
        return A.Choice(tuple(options), line=meta.line, column=meta.column)

    def _lasting_in_trigger(self, choice: A.Choice, meta: Any) -> None:
        """A trigger's choice gives one-time gains only (nothing could end a lasting option)."""
        for opt in choice.options:
            if _lasting(opt):
                word = canonical(opt).split(" ")[0]
                self.errors.append(LanguageError(
                    f"'{word}' lasts: a choice carried by a trigger gives one-time gains only",
                    getattr(opt, "line", 0) or meta.line, getattr(opt, "column", 0) or meta.column, len(word)))

    @v_args(meta=True)
    def owner_target(self, meta: Any, children: list[Any]) -> Any:
        from .transformer import _SidesArg  # the side-list type with its position
        return _SidesArg((A.OWNER_CHOICE,), meta)

    def _resolve_pick(self, sides: Any) -> None:
        """A word that acts on a target chosen by a count takes it (no error at the end)."""
        self._picks[:] = [p for p in self._picks if p is not sides]

    def _chosen_where(self, sides: Any, word: str) -> str:
        """Why `word` cannot act on these chosen cities ("" when it can)."""
        if not sides:
            return ""
        head = sides[0]
        if head == A.OWNER_CHOICE and word not in OWNER_WORDS:
            return ("a neighbour of the owner's choice (only " + ", ".join(f"'{w}'" for w in OWNER_WORDS)
                    + " act on one: they apply once, as the owner's player chooses)")
        if (head in A.CHOSEN_NEIGHBOURS or isinstance(head, A.Pick)) and word not in CHOSEN_WHEN:
            return ("a city chosen as it applies (only " + ", ".join(f"'{w}'" for w in CHOSEN_WHEN)
                    + " act on one; a lasting effect's cities are fixed)")
        return ""


def _lasting(opt: Any) -> bool:
    """An option that lasts while its card stands: the city's own production (not `produce one
    ...`, not for others), its own shields, a science symbol."""
    if isinstance(opt, A.Produce):
        return not opt.relative and opt.sides == ("self",)
    if isinstance(opt, A.Shields):
        return opt.sides == ("self",)
    return isinstance(opt, A.Science)


def _gain_nodes() -> list[type]:
    from .registry import EFFECTS
    return [EFFECTS[w].node for w in TRIGGERED if w != "choose"]

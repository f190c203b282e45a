"""The Lark parse tree of card text into the typed AST (dsl/ast.py): one method per grammar
rule, checking names against the pack's vocabulary and numbers against the limits as it goes.

This module is over 400 lines for a reason: the transformer is one class with one small method
per rule of dsl/effects.lark, in the grammar's order; split, a rule would sit apart from its
neighbours.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable

from lark import Token, Transformer, v_args

from . import ast as A
from .grammar import EFFECT_WORDS
from .limits import LIMITS
from .printer import sides_text
from .registry import CHOOSING, EFFECTS, PLUGINS, TRIGGERED
from .text_errors import LanguageError, did_you_mean
from .transformer_durations import DurationRules
from .transformer_choices import CHOSEN_WHEN, ChoiceRules
from .transformer_turns import TurnRules
from .vocab import BASE_VOCABULARY, RESOURCE_ALIASES, Vocabulary
from .words import arg_text

_KIND_TEXT = {"int": "a number", "sides": "sides (left, self, right, neighbors)", "word": "a word",
              "resource": "a resource", "color": "a colour", "symbol": "a science symbol",
              "token": "a token kind", "track": "a track", "deck": "a deck"}


def _name(tok: Token) -> str:
    v = str(tok)
    return RESOURCE_ALIASES.get(v, v)


_GAIN_NODES = frozenset(EFFECTS[w].node for w in TRIGGERED)
_WORD_OF = {spec.node: w for w, spec in reversed(EFFECTS.items())}  # a node's first registry word

_SIDE_WORDS = {"left", "self", "right", "neighbors", "neighbours", "all", "others"}


class _SidesArg(tuple):
    """A side list (a plug-in argument, `in SIDES`) with where it was written, for error positions."""

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


def _counted(what: str, names: tuple[str, ...], sides: tuple[str, ...], every: int, **pos: int) -> A.Counted:
    """A count from its parsed THING: colours, or the one token kind / resource it names."""
    if what == "token":
        return A.Counted("token", (), sides, every, names[0], **pos)
    if what == "produced":
        return A.Counted("produced", (), sides, every, resource=names[0], **pos)
    return A.Counted(what, names, sides, every, **pos)


class ToAst(TurnRules, DurationRules, ChoiceRules, Transformer):
    """Lark tree -> frozen AST; checks names against the vocabulary as it goes."""

    def __init__(self, vocab: Vocabulary | None, expand: Any = None):
        super().__init__()
        self.vocab = vocab
        self.expand = expand  # a defined word's use -> (its text, expansion, problems): dsl/parser.py
        self.errors: list[LanguageError] = []
        self._big: set[tuple[int, int]] = set()
        self._picks: list[_SidesArg] = []  # targets chosen by a count, until a word takes them

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

    def _int(self, tok: Token) -> int:
        """A number of the text, at most LIMITS.amount (reported once; clamped to it)."""
        text = str(tok)
        if len(text.lstrip("-")) > len(str(LIMITS.amount)) or abs(int(text)) > LIMITS.amount:
            if (tok.line, tok.column) not in self._big:
                self._big.add((tok.line, tok.column))
                self._num(tok, LIMITS.amount, "number")
            return LIMITS.amount
        return int(text)

    def _wide(self, toks: list[Any], what: str) -> None:
        if len(toks) > LIMITS.choice_width:
            t = toks[LIMITS.choice_width]
            self.errors.append(LanguageError(f"more than {LIMITS.choice_width} {what} (the limit)",
                                             getattr(t, "line", 1), getattr(t, "column", 1)))

    # -- effects -----------------------------------------------------------
    def effects(self, children: list[Any]) -> tuple[A.Effect, ...]:
        for arg in self._picks:  # a target chosen by a count that no word resolving it took
            self.errors.append(LanguageError(
                "only " + ", ".join(f"'{w}'" for w in CHOSEN_WHEN) + f" can act on {sides_text(tuple(arg))}, chosen as it applies: "
                "name left, right, neighbors, all, others, N seats left|right or the richer|poorer|stronger|weaker neighbor",
                arg.line, arg.column, arg.width))
        self._picks.clear()
        if len(children) > LIMITS.effects_per_text:
            e = children[LIMITS.effects_per_text]
            self.errors.append(LanguageError(
                f"more than {LIMITS.effects_per_text} effects in one text (the limit)",
                getattr(e, "line", None) or 1, getattr(e, "column", None) or 1))
        return tuple(children)

    @v_args(meta=True)
    def relative_produce(self, meta: Any, children: list[Any]) -> A.Produce:
        return A.Produce((), choice=True, tradable=False, relative=str(children[-1]),
                         line=meta.line, column=meta.column)

    @v_args(meta=True)
    def produce(self, meta: Any, children: list[Any]) -> A.Produce:
        kind, items = children[0]
        tradable = not any(isinstance(c, Token) and str(c) == "untradable" for c in children[1:])
        arg = next((c for c in children[1:] if isinstance(c, tuple)), ("self",))
        sides = self._acts(arg, "produce")
        if sides and isinstance(sides[0], A.Pick) and sides[0].how not in ("most", "fewest"):
            self.errors.append(LanguageError(
                "production goes to one neighbour chosen when built: 'for the neighbor with most|fewest "
                "COUNT'", arg.line, arg.column, arg.width))
        return A.Produce(tuple(items), choice=(kind == "choice"), tradable=tradable, sides=sides,
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
    def shields(self, meta: Any, children: list[Any]) -> A.Shields:
        count = next(c for c in children if isinstance(c, Token) and c.type == "SIGNED_INT")
        per = next((c for c in children if isinstance(c, A.Counted)), None)
        arg = next((c for c in children if isinstance(c, tuple)), ("self",))
        sides = self._acts(arg, "shields")
        if sides and isinstance(sides[0], A.Pick) and sides[0].how in ("none", "at_least") and not sides[0].other:
            self.errors.append(LanguageError(
                "'shields ... for' acts on other cities: write 'every other city with ...'",
                arg.line, arg.column, arg.width))
        amount = self._num(count, LIMITS.amount, "shields")
        if amount < 0 and "self" in sides:
            self.errors.append(LanguageError(
                f"a city's own shields cannot be {amount}: write 'shields {amount} for neighbors' to "
                "weaken other cities", count.line, count.column, len(count)))
        return A.Shields(amount, per, sides, line=meta.line, column=meta.column)

    @v_args(meta=True)
    def science(self, meta: Any, children: list[Token]) -> A.Science:
        v = self.vocab or BASE_VOCABULARY
        self._wide(children, "symbols in one choice")
        names = tuple(self._check(t, (*v.symbols, *A.SCIENCE_WILDS), "science symbol") for t in children)
        alone = [t for t in children if _name(t) in A.SCIENCE_ALONE]
        if alone and len(children) > 1:
            t = alone[0]
            self.errors.append(LanguageError(
                f"'science {t}' stands alone: it is not one of several symbols to choose from",
                t.line, t.column, len(t)))
        return A.Science(names, line=meta.line, column=meta.column)

    @v_args(meta=True)
    def coins(self, meta: Any, children: list[Any]) -> A.Coins | A.OthersCoins:
        """`coins N [per ...] for TARGET` is `TARGET gain N coins [per ...]` (one AST, printed that
        way); `for self` is plain `coins N`."""
        per = next((c for c in children[1:] if isinstance(c, A.Counted)), None)
        sides = next((c for c in children[1:] if isinstance(c, _SidesArg)), None)
        if sides is not None and tuple(sides) != ("self",):
            return self._others_coins(meta, sides, "gain", children[0], per, "coins ... for")
        return A.Coins(self._num(children[0], LIMITS.amount, "coins"), per, line=meta.line, column=meta.column)

    def condition(self, _: list[Any]) -> str:
        return "wonder_complete"

    # -- conditions on a count (`vp 5 if more blue cards than neighbors`) --------------
    def _tested(self, meta: Any, counted: tuple[str, tuple[str, ...]]) -> A.Counted:
        """The count a condition tests, in the owner's city; the age and the tucked colour are
        not things a city holds more or fewer of."""
        what, names = counted
        if what in ("age", "tucked"):
            self.errors.append(LanguageError(
                f"a condition compares things a city holds, not {'the age' if what == 'age' else 'the tucked colour'}"
                ": count cards, wonder stages, defeats, victories, coins or tokens",
                meta.line, meta.column))
        return _counted(what, names, ("self",), 1, line=meta.line, column=meta.column)

    @v_args(meta=True)
    def cond_more(self, meta: Any, children: list[Any]) -> A.Condition:
        than = self._acts(children[1], "vp ... if more")
        if than and isinstance(than[0], A.Pick) and than[0].how not in ("most", "fewest"):
            arg = children[1]
            self.errors.append(LanguageError(
                "compare with one neighbour chosen at game end: 'than the neighbor with most|fewest COUNT'",
                arg.line, arg.column, arg.width))
        if "self" in than:
            self.errors.append(LanguageError(
                "a city is not compared with itself: write 'than neighbors', 'than left', "
                "'than right' or 'than others'", meta.line, meta.column))
        return A.Condition("more", self._tested(meta, children[0]),
                           tuple(s for s in than if s != "self"), line=meta.line, column=meta.column)

    @v_args(meta=True)
    def cond_most(self, meta: Any, children: list[Any]) -> A.Condition:
        return A.Condition("most", self._tested(meta, children[0]), ("others",),
                           line=meta.line, column=meta.column)

    @v_args(meta=True)
    def cond_none(self, meta: Any, children: list[Any]) -> A.Condition:
        return A.Condition("none", self._tested(meta, children[0]), line=meta.line, column=meta.column)

    @v_args(meta=True)
    def cond_at_most(self, meta: Any, children: list[Any]) -> A.Condition:
        limit = self._num(children[0], LIMITS.amount, "at most")
        return A.Condition("at_most", self._tested(meta, children[1]), limit=limit,
                           line=meta.line, column=meta.column)

    @v_args(meta=True)
    def free_first_colour(self, meta: Any, _: list[Any]) -> A.FreeBuild:
        return A.FreeBuild("colour_first", line=meta.line, column=meta.column)

    @v_args(meta=True)
    def free_first_age(self, meta: Any, _: list[Any]) -> A.FreeBuild:
        return A.FreeBuild("age_first", line=meta.line, column=meta.column)

    @v_args(meta=True)
    def free_last_age(self, meta: Any, _: list[Any]) -> A.FreeBuild:
        return A.FreeBuild("age_last", line=meta.line, column=meta.column)

    @v_args(meta=True)
    def vp(self, meta: Any, children: list[Any]) -> A.VictoryPoints:
        per = next((c for c in children[1:] if isinstance(c, A.Counted)), None)
        cond = next((c for c in children[1:] if isinstance(c, A.Condition)
                     or (isinstance(c, str) and not isinstance(c, Token))), "")
        return A.VictoryPoints(self._num(children[0], LIMITS.amount, "vp"), per, cond,
                               line=meta.line, column=meta.column)

    @v_args(meta=True)
    def per(self, meta: Any, children: list[Any]) -> A.Counted:
        every_tok = children.pop(0) if isinstance(children[0], Token) and children[0].type == "INT" \
            else None
        what, colors = children[0]
        where = children[1] if len(children) > 1 else None
        every = self._int(every_tok) if every_tok is not None else 1
        if what == "age":
            if every_tok is not None:
                self.errors.append(LanguageError(
                    f"the age is not counted in groups: write 'per age', not 'per {every_tok} age'",
                    every_tok.line, every_tok.column, len(every_tok)))
            if where is not None:
                self.errors.append(LanguageError(
                    "'per age' counts the current age, not things in cities: leave out 'in ...'",
                    where.line, where.column, where.width))
            return A.Counted("age", (), (), line=meta.line, column=meta.column)
        if every < 1:
            self.errors.append(LanguageError(
                f"count groups of at least 1, not {every}", every_tok.line, every_tok.column,
                len(every_tok)))
        sides = tuple(where) if where is not None else ("self",)
        self._not_owner(where, "a count")
        return _counted(what, colors, sides, every, line=meta.line, column=meta.column)

    @v_args(meta=True)
    def in_sides(self, meta: Any, children: list[Any]) -> "_SidesArg":
        """The target, placed where `in ...` starts (an error about it points at the whole)."""
        return _SidesArg(tuple(children[0]), meta)

    def card_count(self, children: list[Any]) -> tuple[str, tuple[str, ...]]:
        return "card", (children[0] if children else ())

    def stage_count(self, _: list[Any]) -> tuple[str, tuple[str, ...]]:
        return "wonder_stage", ()

    def defeat_count(self, _: list[Any]) -> tuple[str, tuple[str, ...]]:
        return "defeat", ()

    def victory_count(self, _: list[Any]) -> tuple[str, tuple[str, ...]]:
        return "victory", ()

    def victory_pair_count(self, _: list[Any]) -> tuple[str, tuple[str, ...]]:
        return "victory_pair", ()

    def coin_count(self, _: list[Any]) -> tuple[str, tuple[str, ...]]:
        return "coin", ()

    def set_count(self, children: list[Any]) -> tuple[str, tuple[str, ...]]:
        return "set", children[0]

    def science_set_count(self, _: list[Any]) -> tuple[str, tuple[str, ...]]:
        return "science_set", ()

    def token_count(self, children: list[Token]) -> tuple[str, tuple[str, ...]]:
        tok = children[0]
        kinds = self.vocab.tokens if self.vocab is not None else ()
        if self.vocab is not None and str(tok) not in kinds:
            known = ["card", "wonder stage", "defeat", "victory", "coin", "age", *kinds]
            self.errors.append(LanguageError(
                f"cannot count '{tok}': not a token kind this pack declares"
                + (f" ({', '.join(kinds)})" if kinds else "") + did_you_mean(str(tok), known),
                tok.line, tok.column, len(tok)))
        return "token", (str(tok),)

    def produced_count(self, children: list[Token]) -> tuple[str, tuple[str, ...]]:
        tok = children[0]
        known = self.vocab.resources if self.vocab is not None else ()
        if self.vocab is not None and str(tok) not in known:
            self.errors.append(LanguageError(
                f"unknown resource '{tok}' (what is produced is a resource: {', '.join(known)})"
                + did_you_mean(str(tok), known), tok.line, tok.column, len(tok)))
        return "produced", (str(tok),)

    def tucked_count(self, _: list[Any]) -> tuple[str, tuple[str, ...]]:
        return "tucked", ()

    def age_count(self, _: list[Any]) -> tuple[str, tuple[str, ...]]:
        return "age", ()

    def colors(self, children: list[Token]) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self._color(t) for t in children))

    @v_args(meta=True)
    def target(self, meta: Any, children: list[Token]) -> "_SidesArg":
        """A side list; `others` already means every other city, so it stands alone."""
        if "others" in children and len(children) > 1:
            t = next(c for c in children if c == "others")
            self.errors.append(LanguageError(
                "'others' stands alone: it already means every city but the owner's "
                "(write 'others', or name sides: left, right, neighbors)", t.line, t.column, len(t)))
        return _SidesArg(A.normalize_sides(children), meta)

    def seat_at(self, children: list[Token]) -> Token:
        """`2 seats left` (a side string, at the distance's position); `1 seat left` is `left`."""
        n, way = children[0], children[-1]
        if self._int(n) < 1:
            self.errors.append(LanguageError(
                f"'{n} seats {way}': count at least 1 seat (the owner's own city is 'self')",
                n.line, n.column, len(n)))
        elif self._int(n) > LIMITS.players:
            self.errors.append(LanguageError(
                f"'{n} seats {way}': more seats than a table has (at most {LIMITS.players} players)",
                n.line, n.column, len(n)))
        return Token.new_borrow_pos("SEAT_AT", A.seat_side(min(max(1, self._int(n)), LIMITS.players), str(way)), n)

    @v_args(meta=True)
    def chosen_target(self, meta: Any, children: list[Token]) -> "_SidesArg":
        return _SidesArg((str(children[0]),), meta)

    @v_args(meta=True)
    def pick_most(self, meta: Any, children: list[Any]) -> "_SidesArg":
        return self._pick(meta, A.Pick("most", children[-1]))

    @v_args(meta=True)
    def pick_fewest(self, meta: Any, children: list[Any]) -> "_SidesArg":
        return self._pick(meta, A.Pick("fewest", children[-1]))

    @v_args(meta=True)
    def pick_none(self, meta: Any, children: list[Any]) -> "_SidesArg":
        return self._pick(meta, A.Pick("none", children[-1], other=len(children) > 1))

    @v_args(meta=True)
    def pick_at_least(self, meta: Any, children: list[Any]) -> "_SidesArg":
        n = children[-2]
        if self._int(n) < 1:
            self.errors.append(LanguageError(f"'at least {n}': write at least 1 (for none, write 'with no')",
                                             n.line, n.column, len(n)))
        return self._pick(meta, A.Pick("at_least", children[-1], self._int(n), other=len(children) > 2))

    @v_args(meta=True)
    def pick_count(self, meta: Any, children: list[Any]) -> A.Counted:
        """The count a target is chosen by, counted in one city (no `in`, no groups, not the age)."""
        what, names = children[0]
        kinds = self.vocab.tokens if self.vocab is not None else ()
        if what == "token" and self.vocab is not None and names[0] not in kinds:
            bad = self.errors.pop()  # token_count's own message, retold for a target
            known = ["shields", "coins", "cards", "defeats", "victories", "wonder stages", *kinds]
            self.errors.append(LanguageError(
                f"cannot choose a city by '{names[0]}': count shields, coins, cards, defeats, victories, "
                "wonder stages" + (f" or a token kind ({', '.join(kinds)})" if kinds else "")
                + did_you_mean(names[0], known), bad.line, bad.column, bad.length))
        if what in ("age", "tucked"):
            self.errors.append(LanguageError(
                f"a city cannot be chosen by {'the age' if what == 'age' else 'the tucked colour'}: "
                "count something in it (coins, shields, red cards, defeats, a token kind)",
                meta.line, meta.column, meta.end_column - meta.column if meta.end_line == meta.line else 1))
        return _counted(what, names, (), 1)

    def _pick(self, meta: Any, pick: A.Pick) -> "_SidesArg":
        """A target chosen by a count; only `tokens ... for` resolves it (others are refused at the end)."""
        arg = _SidesArg((pick,), meta)  # type: ignore[arg-type]
        self._picks.append(arg)
        return arg

    def _acts(self, sides: Any, word: str, *, chosen: bool = True, others: bool = True,
              far: bool = True) -> tuple[str, ...]:
        """The cities `word` acts on, refused with a located reason when it cannot act there."""
        what = self._chosen_where(sides, word) if sides and sides[0] == A.OWNER_CHOICE else ""
        seat = next((s for s in sides if A.seat_distance(s)), "")
        if sides and isinstance(sides[0], A.Pick):
            if not self._chosen_where(sides, word):
                self._resolve_pick(sides)  # a word that acts on it as it applies (else: reported at the end)
        elif not what and (not chosen or self._chosen_where(sides, word)) and sides and sides[0] in A.CHOSEN_NEIGHBOURS:
            what = f"a neighbour chosen when it applies ('the {sides[0]} neighbor')"
        elif not far and seat:
            what = f"a seat at a distance ('{seat}')"
        elif not others and sides == ("others",):
            what = "'others' (every city but the owner's)"
        if what and isinstance(sides, _SidesArg):
            self.errors.append(LanguageError(
                f"'{word}' cannot act on {what}: name left, right, neighbors"
                + ("" if not others else ", all or others"), sides.line, sides.column, sides.width))
        return tuple(sides)

    def _not_owner(self, where: Any, what: str) -> None:
        """A count is made in cities named or chosen by the rules, never asked of a player."""
        if where is not None and tuple(where)[:1] == (A.OWNER_CHOICE,):
            self.errors.append(LanguageError(
                f"{what} counts in cities the rules name, not in a neighbour of the owner's choice: name left, right, "
                "neighbors or the richer|poorer|stronger|weaker neighbor", where.line, where.column, where.width))

    @v_args(meta=True)
    def sides_arg(self, meta: Any, children: list[str]) -> "_SidesArg":
        return _SidesArg(A.normalize_sides(children), meta)

    def side(self, children: list[Token]) -> Token:
        return children[0]  # the token (a str), so callers can still point at it

    def trade_sides(self, children: list[Token]) -> tuple[str, ...]:
        banks = [t for t in children if t == "bank"]
        if not banks:
            return A.normalize_sides(children)
        if len(children) > len(banks):
            t = banks[0]
            self.errors.append(LanguageError(
                "'bank' cannot be mixed with other sides: write 'from bank' or 'from left, right'",
                t.line, t.column, len(t)))
        return ("bank",)

    @v_args(meta=True)
    def trade(self, meta: Any, children: list[Any]) -> A.Trade:
        *names, sides, price = children
        v = self.vocab or BASE_VOCABULARY
        known = (*v.resource_classes, *v.resources)
        bank = sides == ("bank",)
        res = []
        for t in names:
            if t == "any":
                if not bank:
                    self.errors.append(LanguageError(
                        "'any' resource is bought from the bank only: 'buy any from bank for N'",
                        t.line, t.column, len(t)))
                elif len(names) > 1:
                    self.errors.append(LanguageError(
                        "'any' stands alone: 'buy any from bank for N'", t.line, t.column, len(t)))
                res.append("any")
            else:
                res.append(self._check(t, known, "resource or resource class"))
        if not bank:
            self._neighbours_only(sides, meta, "buy")
        return A.Trade(tuple(dict.fromkeys(res)), sides, self._num(price, LIMITS.amount, "price"),
                       line=meta.line, column=meta.column)

    def _neighbours_only(self, sides: tuple[str, ...], meta: Any, word: str, far: bool = False) -> None:
        """Words that act on the owner's neighbours (and, with `far`, on seats at a distance)."""
        seat = next((s for s in sides if A.seat_distance(s)), "")
        if seat and not far:
            self.errors.append(LanguageError(
                f"'{word}' works with neighbours only: use left, right or neighbors, not {seat}",
                meta.line, meta.column, len(word)))
        elif "self" in sides or sides == ("others",) or (sides and sides[0] in (*A.CHOSEN_NEIGHBOURS, A.OWNER_CHOICE)):
            self.errors.append(LanguageError(
                f"'{word}' works with neighbours only: use left, "
                f"right or neighbors, not {sides_text(tuple(sides))}",
                meta.line, meta.column, len(word)))

    @v_args(meta=True)
    def free_build(self, meta: Any, children: list[Any]) -> A.FreeBuild:
        period = next(str(c) for c in children if isinstance(c, Token) and c.type == "PERIOD")
        colors = next((c for c in children if isinstance(c, tuple)), ())
        return A.FreeBuild(period, colors, line=meta.line, column=meta.column)

    @v_args(meta=True)
    def play_last(self, meta: Any, _: list[Any]) -> A.PlayLastCard:
        return A.PlayLastCard(line=meta.line, column=meta.column)

    @v_args(meta=True)
    def discard_build(self, meta: Any, children: list[Token]) -> A.BuildFromDiscard:
        name = str(children[0])
        if name == "discard":
            return A.BuildFromDiscard(line=meta.line, column=meta.column)
        self._deck(children[0], "hand")
        return A.BuildFromDiscard(name, line=meta.line, column=meta.column)

    def _deck(self, tok: Token, what: str) -> str:
        v = self.vocab
        if v is not None and str(tok) not in v.decks:
            known = ["discard", *v.decks] if what == "hand" else list(v.decks)
            self.errors.append(LanguageError(
                f"unknown {what} '{tok}' (" + (", ".join(known) or "the pack declares no decks")
                + f"){did_you_mean(str(tok), known)}", tok.line, tok.column, len(tok)))
        return str(tok)

    @v_args(meta=True)
    def draw(self, meta: Any, children: list[Token]) -> A.Draw:
        n = self._int(children[0])
        if n < 1:
            self.errors.append(LanguageError("draw at least 1 card", children[0].line,
                                             children[0].column, len(children[0])))
        return A.Draw(n, self._deck(children[1], "deck"), line=meta.line, column=meta.column)

    @v_args(meta=True)
    def tokens(self, meta: Any, children: list[Token]) -> A.Tokens:
        count, kind = children[0], children[1]
        self._token_kind(kind)
        if self._int(count) < 1:
            self.errors.append(LanguageError("take at least 1 token", count.line, count.column,
                                             len(count)))
        sides = tuple(children[2]) if len(children) > 2 else ("self",)
        self._picks[:] = [p for p in self._picks if p is not children[-1]]  # tokens resolve it now
        return A.Tokens(self._int(count), str(kind), sides, line=meta.line, column=meta.column)

    def _token_kind(self, kind: Token) -> None:
        """A token kind the pack declares, or a conflict token (victory, defeat)."""
        if self.vocab is not None and str(kind) not in (*self.vocab.tokens, *A.CONFLICT_TOKENS):
            kinds = self.vocab.tokens
            self.errors.append(LanguageError(
                f"unknown token kind '{kind}'" + (f" (kinds: {', '.join(kinds)})" if kinds else
                                                  " (declare it in the rules: tokens)")
                + did_you_mean(str(kind), (*kinds, *A.CONFLICT_TOKENS)), kind.line, kind.column, len(kind)))

    @v_args(meta=True)
    def remove_tokens(self, meta: Any, children: list[Any]) -> A.RemoveTokens:
        count, kind = children[0], children[1]
        self._token_kind(kind)
        every = str(count) == "all"
        if not every and self._int(count) < 1:
            self.errors.append(LanguageError("remove at least 1 token (or write 'all')", count.line,
                                             count.column, len(count)))
        sides = self._acts(children[2], "remove") if len(children) > 2 else ("self",)
        return A.RemoveTokens(0 if every else self._int(count), str(kind), sides, line=meta.line,
                              column=meta.column)

    @v_args(meta=True)
    def advance(self, meta: Any, children: list[Token]) -> A.Advance:
        track = children[0]
        tracks = self.vocab.tracks if self.vocab is not None else ()
        if self.vocab is not None and str(track) not in tracks:
            self.errors.append(LanguageError(
                f"unknown track '{track}'" + (f" (tracks: {', '.join(tracks)})" if tracks else
                                              " (declare it in the rules: tracks)")
                + did_you_mean(str(track), tracks), track.line, track.column, len(track)))
        coins, res = 0, {}
        for name, n in children[1:]:  # the price, written as a cost (step_item)
            if name == "coins":
                coins += n
            else:
                res[name] = res.get(name, 0) + n
        if len(children) > 1 and coins + sum(res.values()) < 1:
            self.errors.append(LanguageError("a step's price is at least 1 coin (or write none)",
                                             meta.line, meta.column, len("advance")))
        return A.Advance(str(track), coins, tuple(res.items()), line=meta.line, column=meta.column)

    def lose_word(self, _: list[Any]) -> str:
        return "lose"

    def gain_word(self, _: list[Any]) -> str:
        return "gain"

    @v_args(meta=True)
    def others_coins(self, meta: Any, children: list[Any]) -> A.OthersCoins:
        sides, verb, amount = children[:3]
        per = next((c for c in children[3:] if isinstance(c, A.Counted)), None)
        got = self._others_coins(meta, sides, str(verb), amount, per)
        return self._to_you(got, meta) if "to you" in children[3:] else got

    def _others_coins(self, meta: Any, sides: Any, verb: str, amount: Token, per: A.Counted | None,
                      word: str = "") -> A.OthersCoins:
        """Coins other cities lose or gain (`TARGET lose|gain N coins`, `coins N for TARGET`)."""
        word = word or verb
        arg = sides
        sides = self._acts(sides, word)
        if sides and isinstance(sides[0], A.Pick):  # chosen by a count: resolved as it applies
            if verb == "lose" and sides[0].how in ("none", "at_least") and not sides[0].other:
                self.errors.append(LanguageError(
                    "'lose' acts on other cities: write 'every other city with ...'",
                    arg.line, arg.column, arg.width))
        if "self" in sides:
            self.errors.append(LanguageError(
                f"'{word}' acts on other cities: name left, right, neighbors or others, not self"
                + (" (the owner's own coins: 'coins N')" if word != verb else ""),
                meta.line, meta.column, 1))
        if per is not None and per.what != "age" and per.sides != ("self",):
            self.errors.append(LanguageError(
                "the count is made in each city that loses or gains: leave out 'in ...'",
                per.line, per.column, 3))
        if self._int(amount) < 1:
            self.errors.append(LanguageError(
                f"{verb} at least 1 coin" if word == verb else "coins given to other cities are at least "
                "1 (to take coins from them, write 'TARGET lose N coins')", amount.line, amount.column,
                len(amount)))
        signed = -self._int(amount) if verb == "lose" else self._int(amount)
        return A.OthersCoins(signed, tuple(sides), per, line=meta.line, column=meta.column)

    @v_args(meta=True)
    def rebate(self, meta: Any, children: list[Any]) -> A.Rebate:
        amount, sides = children[0], children[-1]
        self._neighbours_only(sides, meta, "rebate")
        if self._int(amount) < 1:
            self.errors.append(LanguageError("a rebate takes at least 1 coin", amount.line,
                                             amount.column, len(amount)))
        return A.Rebate(self._int(amount), tuple(sides), line=meta.line, column=meta.column)

    @v_args(meta=True)
    def give_defeats(self, meta: Any, _: list[Any]) -> A.GiveDefeats:
        return A.GiveDefeats(line=meta.line, column=meta.column)

    @v_args(meta=True)
    def truce(self, meta: Any, children: list[Any]) -> A.Truce:
        """`truce with TARGET`: fixed cities other than the owner's (a conflict has two sides)."""
        sides = self._acts(children[0], "truce", chosen=False)
        if "self" in sides and isinstance(children[0], _SidesArg):
            t = children[0]
            self.errors.append(LanguageError(
                "a city has no conflict with itself: 'truce with' names left, right, neighbors or ally",
                t.line, t.column, t.width))
        return A.Truce(sides, line=meta.line, column=meta.column)

    @v_args(meta=True)
    def copy_card(self, meta: Any, children: list[Any]) -> A.CopyCard:
        sides = children[1]
        head = sides[0] if sides else ""
        if head in A.CHOSEN_NEIGHBOURS or isinstance(head, A.Pick):  # chosen when the copy is made
            self._acts(sides, "copy")
            if isinstance(head, A.Pick) and head.how not in ("most", "fewest"):
                self.errors.append(LanguageError(
                    "'copy' takes a neighbour's card: choose the neighbour with 'the neighbor with "
                    "most|fewest COUNT'", sides.line, sides.column, sides.width))
        elif head == A.OWNER_CHOICE:
            self.errors.append(LanguageError(
                "'copy' already lets its owner choose the card among the cities named: write "
                "'from neighbors'", sides.line, sides.column, sides.width))
        else:
            self._neighbours_only(sides, meta, "copy", far=True)
        now = len(children) > 2 and str(children[2]) == "now"
        return A.CopyCard(children[0], tuple(children[1]), now=now, line=meta.line, column=meta.column)

    # -- cost changes ------------------------------------------------------
    @v_args(meta=True)
    def discount(self, meta: Any, children: list[Any]) -> A.Discount:
        amount, unit, target, *rest = children
        per = rest.pop() if rest and isinstance(rest[-1], A.Counted) else None
        sides = self._acts(rest[0], "discount", chosen=False, far=False) if rest else ("self",)
        if self._int(amount) < 1:
            self.errors.append(LanguageError(
                f"a discount takes at least 1 {unit}, not {amount}",
                amount.line, amount.column, len(amount)))
        return A.Discount(unit, target, self._int(amount), sides, per, line=meta.line, column=meta.column)

    @v_args(meta=True)
    def discount_all(self, meta: Any, children: list[Any]) -> A.Discount:
        sides = self._acts(children[1], "discount", chosen=False, far=False) if len(children) > 1 else ("self",)
        return A.Discount("all_resources", children[0], 0, sides, line=meta.line, column=meta.column)

    @v_args(meta=True)
    def free_target(self, meta: Any, children: list[Any]) -> A.Discount:
        sides = self._acts(children[1], "discount", chosen=False, far=False) if len(children) > 1 else ("self",)
        return A.Discount("all", children[0], 0, sides, line=meta.line, column=meta.column)

    def unit_resource(self, _: list[Any]) -> str:
        return "resource"

    def unit_coin(self, _: list[Any]) -> str:
        return "coin"

    def card_target(self, children: list[Any]) -> A.Target:
        return A.Target("card", children[0] if children else ())

    def stage_target(self, _: list[Any]) -> A.Target:
        return A.Target("wonder_stage")

    def for_sides(self, children: list[Any]) -> "_SidesArg":
        return children[0]

    # -- triggers ----------------------------------------------------------
    def _gain(self, effect: Any, meta: Any) -> None:
        """A trigger carries a one-time gain (dsl.registry.TRIGGERED); anything else is refused
        here, at the effect's own position, with the reason."""
        if type(effect) in _GAIN_NODES:
            if isinstance(effect, A.Choice):
                self._lasting_in_trigger(effect, meta)
            return
        if isinstance(effect, A.DefinedEffect):  # a defined word: the one gain it expands to
            inner = effect.expansion
            if not inner or (len(inner) == 1 and type(inner[0]) in _GAIN_NODES):
                return
            word, why = effect.word, (f"expands to {len(inner)} effects" if len(inner) > 1 else
                                      f"expands to '{_WORD_OF.get(type(inner[0]), 'an effect')}'")
        elif isinstance(effect, A.PluginEffect):
            word, why = effect.word, "a plug-in word listens to events through its own hooks"
        else:
            word = _WORD_OF.get(type(effect), "this effect")
            why = ("asks its owner to choose a card, and a trigger fires where no one is asked"
                   if word in CHOOSING else "asks cities which tokens to give back, and a trigger "
                   "fires where no one is asked" if word == "remove" else "is a lasting effect")
        allowed = ", ".join(w if w != "lose" else "lose/gain" for w in TRIGGERED)
        self.errors.append(LanguageError(
            f"'{word}' {why}; a trigger gives one-time gains: {allowed}",
            getattr(effect, "line", 0) or meta.line, getattr(effect, "column", 0) or meta.column,
            len(word)))

    @v_args(meta=True)
    def trigger(self, meta: Any, children: list[Any]) -> A.Trigger:
        effect, *rest = children
        self._gain(effect, meta)
        whose = self._acts(rest.pop(0), "when", chosen=False) if isinstance(rest[0], tuple) else ("self",)
        event = replace(rest[0], whose=whose)
        if event.kind == "sold":
            event = self._sold(event, meta)
        limit = rest[1] if len(rest) > 1 else False
        return A.Trigger(effect, event, limit is True, limit if isinstance(limit, str) else "",
                         line=meta.line, column=meta.column)

    @v_args(meta=True)
    def age_start_trigger(self, meta: Any, children: list[Any]) -> A.Trigger:
        """`when age starts`: heard by every city at once, so it names no cities."""
        return self._boundary("age_start", meta, children)

    @v_args(meta=True)
    def age_end_trigger(self, meta: Any, children: list[Any]) -> A.Trigger:
        return self._boundary("age_end", meta, children)

    @v_args(meta=True)
    def game_end_trigger(self, meta: Any, children: list[Any]) -> A.Trigger:
        return self._boundary("game_end", meta, children)

    def _boundary(self, kind: str, meta: Any, children: list[Any]) -> A.Trigger:
        """A phase boundary every city meets at once (an age starts or ends, the game ends)."""
        self._gain(children[0], meta)
        limit = children[1] if len(children) > 1 else False
        return A.Trigger(children[0], A.Event(kind), limit is True, limit if isinstance(limit, str) else "",
                         line=meta.line, column=meta.column)

    def build_event(self, children: list[Any]) -> A.Event:
        return A.Event("build", children[0] if children else ())

    def chain_event(self, _: list[Any]) -> A.Event:
        return A.Event("chain")

    def stage_event(self, _: list[Any]) -> A.Event:
        return A.Event("wonder_stage")

    def take_coins_event(self, _: list[Any]) -> A.Event:
        return A.Event("take_coins")

    def buy_event(self, _: list[Any]) -> A.Event:
        return A.Event("buy")

    def win_event(self, _: list[Any]) -> A.Event:
        return A.Event("win_conflict")

    def lose_event(self, _: list[Any]) -> A.Event:
        return A.Event("lose_conflict")

    def once_per_turn(self, _: list[Any]) -> bool:
        return True

    def once_per_period(self, children: list[Token]) -> str:
        return str(children[0])

    @v_args(meta=True)
    def plugin_effect(self, meta: Any, children: list[Any]) -> A.PluginEffect:
        word = children[0]
        vocab = self.vocab or BASE_VOCABULARY
        for a in children[1:]:
            if isinstance(a, Token) and a.type == "SIGNED_INT":
                self._num(a, LIMITS.amount, "number")
        args = tuple(tuple(a) if isinstance(a, tuple) else a for a in map(_plugin_arg, children[1:]))
        if word in EFFECTS and word not in EFFECT_WORDS:  # `when`: written after its effect
            spec = EFFECTS[str(word)]
            self.errors.append(LanguageError(
                f"'{word}' comes after the effect it adds to, as in '{spec.examples[0]}'",
                word.line, word.column, len(word)))
        elif str(word) in vocab.words:
            return self._defined(word, args, children[1:], vocab, meta)
        elif word not in vocab.plugin_words:
            self.errors.append(LanguageError(
                f"unknown effect word '{word}'"
                f"{did_you_mean(str(word), [*EFFECT_WORDS, 'others', *vocab.plugin_words, *vocab.words])}",
                word.line, word.column, len(word)))
        elif str(word) in PLUGINS:
            self._check_args(word, PLUGINS[str(word)].params, args, children[1:], vocab)
        return A.PluginEffect(str(word), args, line=meta.line, column=meta.column)

    def _defined(self, word: Token, args: tuple[Any, ...], raw: list[Any], vocab: Vocabulary,
                 meta: Any) -> A.DefinedEffect:
        """A use of a word the pack defines: its arguments checked like a plug-in word's, then
        read as its definition's body says (dsl/words.py); a fault the arguments bring into
        the body is reported at the use."""
        d = vocab.words[str(word)]
        expansion: tuple[A.Effect, ...] = ()
        if self._check_args(word, d.params, args, raw, vocab) and not d.broken and self.expand:
            text, expansion, problems = self.expand(d, args, vocab)
            for problem in problems:
                self.errors.append(LanguageError(
                    f"'{' '.join((str(word), *map(arg_text, args)))}' reads '{text}': {problem}",
                    word.line, word.column,
                    meta.end_column - meta.column if meta.end_line == meta.line else len(word)))
        return A.DefinedEffect(str(word), args, expansion, line=meta.line, column=meta.column)

    def _check_args(self, word: Token, params: tuple[Any, ...], args: tuple[Any, ...], raw: list[Any],
                    vocab: Vocabulary) -> bool:
        """Plug-in and defined words declare their parameters; a wrong count or kind is an error
        here. True when the arguments fit."""
        required = [p for p in params if not p.optional]
        usage = f"usage: {word} " + " ".join(
            (f"[{p.name}]" if p.optional else p.name.upper()) for p in params)
        if not len(required) <= len(args) <= len(params):
            self.errors.append(LanguageError(
                f"'{word}' takes {len(required)}"
                + (f" to {len(params)}" if len(params) != len(required) else "")
                + f" argument(s), not {len(args)} ({usage})", word.line, word.column, len(word)))
            return False
        before = len(self.errors)
        known = {"resource": vocab.resources, "color": vocab.colors, "symbol": vocab.symbols,
                 "token": (*vocab.tokens, *A.CONFLICT_TOKENS), "track": vocab.tracks, "deck": vocab.decks}
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
        return len(self.errors) == before

    # -- cost --------------------------------------------------------------
    def free_cost(self, _: list[Any]) -> A.Cost:
        return A.Cost()

    def needs(self, children: list[Any]) -> list[tuple[str, Any]]:
        return [("needs", need) for need in children]

    def cost(self, children: list[Any]) -> A.Cost:
        children = [x for c in children for x in (c if isinstance(c, list) else [c])]
        less = next((n for name, n in children if name == "less"), None)
        children = [(name, n) for name, n in children if name != "less"]
        if sum(n for name, n in children if name not in ("coins", "coins per age", "needs")) > LIMITS.cost_units:
            self.errors.append(LanguageError(f"a cost of more than {LIMITS.cost_units} resources "
                                             "(the limit)", 1, 1))
        if len({name for name, _ in children if name not in ("coins", "coins per age", "needs")}) > LIMITS.cost_resources:
            self.errors.append(LanguageError(f"a cost of more than {LIMITS.cost_resources} different "
                                             "resources (the limit)", 1, 1))
        coins = per_age = 0
        res: dict[str, int] = {}
        needs: list[tuple[int, A.Counted]] = []
        for name, n in children:
            if name == "coins":
                coins += n
            elif name == "coins per age":
                per_age += n
            elif name == "needs":
                needs.append(n)
            else:
                res[name] = res.get(name, 0) + n
        self._less_checked(coins, per_age, less)
        return A.Cost(coins, tuple(res.items()), per_age, tuple(needs), less)

    @v_args(meta=True)
    def need(self, meta: Any, children: list[Any]) -> tuple[int, A.Counted]:
        """`3 green cards [in SIDES]` after `needs`: a prerequisite, at least that many now."""
        at_least, (what, colors) = self._int(children[0]), children[1]
        where = children[2] if len(children) > 2 else None
        if what == "age":
            self.errors.append(LanguageError("a prerequisite counts things in cities, not the age",
                                             meta.line, meta.column))
        sides = tuple(where) if where is not None else ("self",)
        self._not_owner(where, "a prerequisite")
        return at_least, _counted(what, colors, sides, 1)

    def cost_per_age(self, children: list[Token]) -> tuple[str, int]:
        name, n = self.cost_item(children[:-1])
        if name != "coins":
            tok = children[-2]
            self.errors.append(LanguageError(
                "only coins can depend on the age ('1 coin per age'), not resources",
                tok.line, tok.column, len(tok)))
        return "coins per age", n

    def step_item(self, children: list[Token]) -> tuple[str, int]:
        """A unit of a track step's price (`advance red for 2 wood, 1 coin`), as in a cost."""
        return self.cost_item(children)

    def cost_item(self, children: list[Token]) -> tuple[str, int]:
        tok = children[-1]
        coins = str(tok) in ("coin", "coins")
        n = self._num(children[0], LIMITS.amount if coins else LIMITS.units,
                      "coins" if coins else "amount") if len(children) == 2 else 1
        if coins:
            return "coins", n
        return self._resource(tok), n

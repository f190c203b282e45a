"""Plain-English card text, as a player would read it off the printed card.

The module is over 400 lines for a reason: it is one sentence-maker per construct of the
language (a single dispatch table), and the sentences share their small phrase helpers; split,
a construct's English would sit apart from its neighbours' and from the helpers they share."""
from __future__ import annotations

from functools import singledispatch

from . import ast as A
from .phrases import _CLASS_NAMES, _cards, _or_list, _plural, counted, neighbours, place, whose
from .english_counts import condition_english, cost_english, needed_english  # noqa: F401 - re-exported
from .definitions import BY_NODE, DEFINITIONS, primitive
from .laws import rule_english
from .registry import PLUGINS
from .vocab import BASE_VOCABULARY, Vocabulary
from .words import fill, holes

@singledispatch
def english(node: object, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    raise TypeError(f"no English for {type(node).__name__}")


@english.register
def _(n: A.VictoryPoints, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    if n.condition == "wonder_complete":
        plain = english(A.VictoryPoints(n.amount, n.per), vocab).rstrip(".")
        return f"{plain}, if every stage of your wonder is built at game end."
    if isinstance(n.condition, A.Condition):
        plain = english(A.VictoryPoints(n.amount, n.per), vocab).rstrip(".").removesuffix(", at game end")
        return f"{plain}, if at game end {condition_english(n.condition)}."
    if n.amount < 0:
        minus = _plural(-n.amount, "victory point")
        return f"Minus {minus}." if n.per is None else \
            f"Minus {minus} {counted(n.per, vocab)}, at game end."
    if n.per is None:
        return f"{_plural(n.amount, 'victory point')}."
    return f"{_plural(n.amount, 'victory point')} {counted(n.per, vocab)}, at game end."


_ONE_OF_CLASS = {"raw": "raw material", "manufactured": "manufactured good"}


@english.register
def _(n: A.Trade, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    if n.sides == ("bank",):
        if n.resources == ("any",):
            what = "1 resource of your choice"
        elif len(n.resources) == 1 and n.resources[0] in _ONE_OF_CLASS:
            what = f"1 {_ONE_OF_CLASS[n.resources[0]]} of your choice"
        else:
            what = "1 " + _or_list([_CLASS_NAMES.get(r, r) for r in n.resources])
        return f"Once per turn, buy {what} from the bank for {_plural(n.price, 'coin')}."
    names = [_CLASS_NAMES.get(r, r) for r in n.resources]
    return (f"Buy {_or_list(names)} from {neighbours(n.sides)} "
            f"for {_plural(n.price, 'coin')} each.")


@english.register
def _(n: A.FreeBuild, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    turn = {"colour_first": "The first card of each colour you build costs nothing",
            "age_first": "The card you build on the first turn of each age costs nothing",
            "age_last": "The card you build on the last turn of each age costs nothing"}.get(n.period)
    if turn:
        return turn + " (from the age this is built)."
    what = _cards(n.colors, False) if n.colors else "structure"
    return f"Once per {n.period}, build a {what} from your hand for free."


@english.register
def _(n: A.PlayLastCard, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    if n.two:
        return (f"Once per {n.two}, play a second card of your hand in the same turn, after the "
                "first (build it, use it for a wonder stage or sell it); the hand you pass on "
                "holds one card fewer.")
    return ("Play the last card of each age instead of discarding it "
            "(build it, use it for a wonder stage or sell it).")


@english.register
def _(n: A.BuildFromDiscard, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    # Once, when the stage is built (not every turn): the published board's wording.
    if n.hand:
        return (f"At the end of the turn in which this is built, play one card of your {n.hand} "
                "hand, paying its cost.")
    return ("At the end of the turn in which this is built, build one card from the "
            "discard pile for free.")


@english.register
def _(n: A.Draw, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    return (f"When built, draw {_plural(n.count, 'card')} of the {n.deck} deck at random from "
            f"the box into your {n.deck} hand.")


@english.register
def _(n: A.GiveDefeats, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    return "Each defeat token you would receive goes to the neighbour who beat you."


@english.register
def _(n: A.Truce, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    return f"No conflict between you and {whose(n.sides)}: neither takes a token from the other."


@english.register
def _(n: A.CopyCard, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    colours = _or_list(list(n.colors))
    if n.now:
        return (f"When built, copy one {colours} card built by {neighbours(n.sides)}: "
                "its whole effect is yours from then on.")
    return f"At game end, copy one {colours} card built by {neighbours(n.sides)}."


@english.register
def _(n: A.FarTrade, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    return (f"You may also buy resources from the cities {n.seats} seats away on either side, at "
            "the usual trade price.")


@english.register
def _(n: A.Exchange, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    return (f"When you pay a cost, {n.give} identical resources you produce may stand for 1 "
            "resource of your choice, as often as you have them.")


@english.register
def _(n: A.Bury, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    return (f"When built, you may bury one card of your {n.hand} hand (it leaves the game): "
            f"{_plural(n.vp, 'victory point')} for each coin of its cost, at game end.")


@english.register
def _(n: A.DiscardOwn, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    which = f"one of your own {_or_list(list(n.colors))} cards" if n.colors else "one of your own cards"
    return (f"When built, you may discard {which} (it goes to the discard pile and its effects "
            f"end) to take {_plural(n.coins, 'coin')}.")


def _target(t: A.Target) -> str:
    return "wonder stages" if t.what == "wonder_stage" else _cards(t.colors, True)


_EVENTS = {"chain": "build a card for free through a chain", "wonder_stage": "build a wonder stage",
           "buy": "buy resources from a neighbour", "win_conflict": "win a conflict",
           "lose_conflict": "lose a conflict", "take_coins": "take coins from the bank",
           "sold": "buy resources from you"}


def event_english(e: A.Event) -> str:
    if e.kind == "build":
        what = _cards(e.colors, False)
        return f"build {'an' if what[0] in 'aeiou' else 'a'} {what}"
    return _EVENTS[e.kind]


def _gain(c: A.Gain, vocab: Vocabulary) -> str:
    """What a trigger gives, as the rest of a sentence: 'take 2 coins', 'score 1 victory point'."""
    d = BY_NODE.get(type(c))
    if d is not None and d.clause:  # a defined word's own clause ('take 2 coins')
        return defined_english(c, vocab, d.clause)
    if isinstance(c, A.VictoryPoints):
        verb = "score" if c.amount >= 0 else "lose"
        per = f" {counted(c.per, vocab)} then" if c.per else ""
        if isinstance(c.condition, A.Condition):  # tested as the trigger fires, as it is scored
            per += f", if at that moment {condition_english(c.condition)}"
        elif c.condition:
            per += ", if every stage of your wonder is built then"
        return f"{verb} {_plural(abs(c.amount), 'victory point')}{per} (kept to the game's end)"
    text = english(c, vocab).rstrip(".")  # a when-built word: its own sentence, without "When built"
    return text[len("When built, "):] if text.startswith("When built, ") else text[0].lower() + text[1:]


@english.register
def _(n: A.Trigger, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    gain = _gain(n.effect, vocab)
    if n.event.kind == "age_start":
        when = "At the start of the next age" if n.once_per == "game" else "At the start of each age"
        return f"{when}, {gain}."
    if n.event.kind == "age_end":
        when = "At the end of this age (after its conflicts)" if n.once_per == "game" else \
            "At the end of each age (after its conflicts)"
        return f"{when}, {gain}."
    if n.event.kind == "game_end":
        return f"When the game ends (before the scoring), {gain}."
    if n.once_per == "game":
        return f"The first time {_subject(n.event)}, {gain} (once in the game)."
    if n.once_per == "age":
        return f"The first time in each age {_subject(n.event)}, {gain}."
    once = " (at most once per turn)" if n.once_per_turn else ""
    return f"Each time {_subject(n.event)}{once}, {gain}."


def _subject(e: A.Event) -> str:
    """'you build a red card', 'either neighbour builds a red card', 'another city or you ...'."""
    phrase = event_english(e)
    verb, _, rest = phrase.partition(" ")
    heard = [s for s in e.whose if s != "self"]
    if not heard:
        return f"you {phrase}"
    if heard == ["others"]:
        who = "another city"
    elif heard == ["left", "right"]:
        who = "either neighbour"
    elif len(heard) == 1 and heard[0] in ("left", "right"):
        who = f"your {heard[0]} neighbour"
    else:  # with seats at a distance: 'your left neighbour or the city 2 seats to your left'
        who = neighbours(tuple(heard))
    third = f"{who} {verb}s {rest}".rstrip()
    return f"you or {third}" if "self" in e.whose else third


@english.register
def _(n: A.PluginEffect, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    spec = PLUGINS.get(n.word)
    return spec.english(n.args) if spec else f"{n.word} {n.args}"


@english.register
def _(n: A.DefinedEffect, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    """A defined word's English: its definition's template with the arguments in words (without
    the pack's vocabulary, the English of its expansion)."""
    d = vocab.words.get(n.word)
    if d is None:
        return effects_english(n.expansion, vocab)
    said = {p.name: (whose(a) if "self" in a else _whom(a)) if isinstance(a, tuple) else str(a)
            for p, a in zip(d.params, n.args)}
    counts = {p.name: a for p, a in zip(d.params, n.args) if isinstance(a, int)}
    for inner, _line, _col in holes(d.english):  # `{n coin}`: "1 coin", "2 coins"
        name, _, noun = inner.partition(" ")
        if noun and name in counts:
            said[inner] = _plural(counts[name], noun)
    return fill(d.english, said)[0]


# A built-in word defined over a primitive (dsl/definitions.py) reads as its row's first template
# whose FLAGS all hold, its HOLES filled from the primitive its parse becomes.
FLAGS = {
    "loss": lambda p: p.amount < 0,
    "per": lambda p: p.per is not None,
    "owner": lambda p: p.sides == ("self",),  # the owner alone
    "conflict": lambda p: p.kind in A.CONFLICT_TOKENS,
}


def _many(p: A.QuantityGain) -> tuple[bool, bool]:
    """(several cities named, every city passing a test or every other city)."""
    every = p.sides == ("others",) or (bool(p.sides) and isinstance(p.sides[0], A.Pick)
                                        and p.sides[0].how in ("none", "at_least"))
    who = "" if p.sides == ("self",) else whose(p.sides)
    return "two" in who or " and " in who or every, every


HOLES = {
    "amount coin": lambda p, v: _plural(abs(p.amount), "coin"),
    "amount token": lambda p, v: _plural(p.amount, ("military " if p.kind in A.CONFLICT_TOKENS else "")
                                         + p.kind + " token"),
    "per": lambda p, v: f" {counted(p.per, v)}" if p.per else "",  # counted from the owner's side
    "per its": lambda p, v: "" if p.per is None else  # counted in each city that gains or loses
    " " + counted(p.per, v).replace("in your city", "it has").replace("your ", "its "),
    "who": lambda p, v: whose(p.sides),
    "whom": lambda p, v: _whom(p.sides),
    "takes": lambda p, v: "take" if _many(p) == (True, False) else "takes",
    "each": lambda p, v: " each" if _many(p)[0] else "",
    "of the age": lambda p, v: " of the current age" if p.kind == "victory" else "",
    "to you": lambda p, v: " to you" if p.to_owner else "",  # (stealing: you take what it pays)
}

# the cost change primitive's flags and holes (discount, surcharge, rebate)
FLAGS.update({
    "whole cost": lambda p: p.unit == "all",
    "no resources": lambda p: p.unit == "all_resources",  # coins still paid
    "resources": lambda p: p.unit == "resource",
})
HOLES.update({
    "Who": lambda p, v: _capital(whose(p.sides)),  # whose builds ({who}), a sentence's first word
    "Target": lambda p, v: _capital(_target(p.target)),
    "target": lambda p, v: _target(p.target),
    "amount unit": lambda p, v: _plural(abs(p.amount), p.unit),  # "1 resource", "2 coins"
    "per price": lambda p, v: f" {counted(p.per, v)}, counted when the price is asked" if p.per else "",
    "from": lambda p, v: neighbours(p.from_sides),  # a rebate's sellers
})


def _capital(text: str) -> str:
    """The text with its first letter a capital (a sentence's first word)."""
    return text[0].upper() + text[1:]


# --- hold: the flat forms of produce, shields, science (their other forms: OWN_FORMS) ---
FLAGS.update({
    "choice": lambda p: p.choice,  # one of the resources each turn
    "most": lambda p: p.symbols == ("most",),
    "swap": lambda p: p.symbols == ("swap",),
    "wild": lambda p: p.symbols == ("any",) or len(p.symbols) > 1,
})
HOLES.update({
    "one of": lambda p, v: _or_list([r for r, _ in p.resources]),
    "resources": lambda p, v: _or_list([f"{k} {r}" for r, k in p.resources], "and"),
    "unsold": lambda p, v: "" if p.tradable else " (neighbours cannot buy it)",
    "shields shield": lambda p, v: _plural(p.shields, "shield"),
    "symbols": lambda p, v: _or_list(list(v.symbols if p.symbols in (("any",), ("swap",)) else p.symbols)),
    "symbol": lambda p, v: p.symbols[0],
})


def _produce_hook(n: A.Produce, vocab: Vocabulary) -> str:
    """`produce one produced|unproduced`, and production given to other cities."""
    if n.relative == "produced":
        return ("Each turn, one more unit of a resource of your choice that your city already "
                "produces for its neighbours to buy (neighbours cannot buy it).")
    if n.relative:
        return ("Each turn, one unit of a resource of your choice that your city does not produce "
                "for its neighbours to buy (neighbours cannot buy it).")
    # given to other cities (one chosen when built: kept from then on)
    text = english(A.Produce(n.resources, n.choice), vocab).rstrip(".")
    who = whose(n.sides).replace(" at that moment", " when this is built")
    many = "two" in who or " and " in who
    its = "their" if many else "its"
    text = f"{who[0].upper()}{who[1:]} {'produce' if many else 'produces'}" \
        + text[len("Produces"):] + f", as {its} own, while this card stands"
    return text + ("" if n.tradable else f" ({its} neighbours cannot buy it)") + "."


def _shields_hook(n: A.Shields, vocab: Vocabulary) -> str:
    """Shields counted anew at each conflict, or other cities' shields."""
    if n.sides != ("self",):
        more = "more" if n.count >= 0 else "fewer"
        each = f" {counted(n.per, vocab)}" if n.per is not None else ""
        who = whose(n.sides)
        many = "two" in who or " and " in who
        return (f"In each conflict, {who} {'have' if many or who == 'you' else 'has'} "
                f"{_plural(abs(n.count), 'shield')} {more}{each}.")
    return f"In each conflict, {_plural(n.count, 'shield')} {counted(n.per, vocab)}."


OWN_FORMS = {A.Produce: _produce_hook, A.Shields: _shields_hook}  # forms a row's `only` leaves out
# --- end hold ---


def defined_english(n: object, vocab: Vocabulary = BASE_VOCABULARY,
                    cases: tuple[tuple[tuple[str, ...], str], ...] | None = None) -> str:
    """A defined word's sentence (or `cases`: its clause) from its definition's templates; a
    form its row does not cover, from the word's own English (OWN_FORMS)."""
    p = primitive(n)
    if p is n:
        return OWN_FORMS[type(n)](n, vocab)
    for flags, template in cases if cases is not None else BY_NODE[type(n)].english:
        if all(FLAGS[f](p) for f in flags):
            return fill(template, {name: HOLES[name](p, vocab) for name, _, _ in holes(template)})[0]
    raise ValueError(f"no English template of '{BY_NODE[type(n)].word}' fits")  # pragma: no cover


for _d in DEFINITIONS.values():
    english.register(_d.node)(defined_english)


def stage_english(effects: tuple[A.Effect, ...], copy: str, number: int,
                  vocab: Vocabulary = BASE_VOCABULARY) -> str:
    """A wonder stage's reward in words; a stage written `copy: left|right` says whose it takes."""
    if copy:
        return f"As the {copy} neighbour's stage {number}: its cost and its reward, if it has one."
    return effects_english(effects, vocab)


def effects_english(effects: tuple[A.Effect, ...], vocab: Vocabulary = BASE_VOCABULARY) -> str:
    return " ".join(english(e, vocab) for e in effects)


@english.register
def _(n: A.RemoveTokens, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    noun = ("military " if n.kind in A.CONFLICT_TOKENS else "") + n.kind + " token"
    who = "" if n.sides == ("self",) else whose(n.sides)
    many = ("two" in who or " and " in who) and n.sides != ("others",)  # "their", "discard ... each"
    own = "your" if not who else "their" if many else "its"
    choice = f" of {own} choice" if n.kind in A.CONFLICT_TOKENS else ""
    what = f"all {own} {noun}s" if not n.count else f"{_plural(n.count, noun)}{choice}" + " each" * many
    return f"When built, {who} {'discard' if many else 'discards'} {what}." if who else f"When built, discard {what}."


@english.register
def _(n: A.Advance, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    if n.resources:
        return (f"When built, you may pay {cost_english(A.Cost(n.coins, n.resources))}, as for a wonder "
                "stage (your own resources, or bought from your neighbours, who are paid at once), "
                f"to move your {n.track} marker one step along its track; you gain the reward of "
                "the step it reaches.")
    if n.coins:
        return (f"When built, you may pay {_plural(n.coins, 'coin')} (if you then have {_them(n.coins)}) "
                f"to move your {n.track} marker one step along its track; you gain the reward of "
                "the step it reaches.")
    return (f"When built, move your {n.track} marker one step along its track; "
            "you gain the reward of the step it reaches.")


def _them(n: int) -> str:
    return "it" if n == 1 else "them"


def _whom(sides: tuple[str, ...]) -> str:
    if sides == ("others",):
        return "every other city"
    if sides and (isinstance(sides[0], A.Pick) or sides[0] in (*A.CHOSEN_NEIGHBOURS, A.OWNER_CHOICE)):
        return whose(sides)
    if any(map(A.seat_distance, sides)):  # several cities, each on its own
        who = whose(sides)
        return f"each of {who}" if " and " in who else who
    return "each of your two neighbours" if set(sides) >= {"left", "right"} else neighbours(sides)


english.register(A.RuleChange)(rule_english)  # dsl/laws.py: the rules numbers' own wording


@english.register
def _(n: A.Lasting, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    return english(n.effect, vocab).rstrip(".") + ", until the end of the age it is built in."


@english.register
def _(n: A.Choice, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    """'When built, choose one: take 3 coins, or score 2 victory points (kept to the game's end).'"""
    return f"When built, choose one: {_or_list([_option(o, vocab) for o in n.options], 'or')}."


def _option(o: A.Effect, vocab: Vocabulary) -> str:
    """A choice's option as the rest of its sentence; what lasts says so."""
    if isinstance(o, (A.Produce, A.Shields, A.Science)):
        text = english(o, vocab).rstrip(".").replace("Produces ", "produce ", 1)
        return f"{text[0].lower()}{text[1:]} (while this card stands)"
    return _gain(o, vocab)


def option_english(option: A.Gain, vocab: Vocabulary = BASE_VOCABULARY) -> str:
    """One option of a choice as its player reads it when asked: 'Score 2 victory points (kept
    to the game's end).'"""
    text = _option(option, vocab)
    return f"{text[0].upper()}{text[1:]}."

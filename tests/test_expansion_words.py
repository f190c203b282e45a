"""The card-language words added for the expansions (docs/effects.md, docs/pack-format.md).

Counting (`per N THING`, coins, sets, science sets, the age), cost changes (`discount`,
`free TARGET`), triggers (`... when EVENT [once per turn]`), buying from the bank and
`copy ... now`: the exact tree, the canonical text, the English, the positions and every
error a modder can make with them (message, line, column, width).
"""
from __future__ import annotations

import pytest

from dsl import ast as A
from dsl.english import effects_english
from dsl.grammar import EFFECT_WORDS
from dsl.parser import parse_effects
from dsl.text_errors import CardTextError, LanguageError
from dsl.printer import effects_text
from dsl.registry import EFFECTS, PHASES
from dsl.vocab import BASE_COLORS, Vocabulary

# the Leaders pack's colours: the base ones plus white
LV = Vocabulary(colors=(*BASE_COLORS, "white"))
SELF, NEIGHBORS = ("self",), ("left", "right")
WHITE = A.Target("card", ("white",))

# (text as the pack writes it, tree, canonical text, English)
CASES = [
    ("vp 1 per 3 coins", A.VictoryPoints(1, A.Counted("coin", (), SELF, every=3)),
     "vp 1 per 3 coins in self", "1 victory point for every 3 coins in your treasury, at game end."),
    ("vp 1 per coin", A.VictoryPoints(1, A.Counted("coin", (), SELF)),
     "vp 1 per coin in self", "1 victory point for each coin in your treasury, at game end."),
    ("vp 3 per set of red/blue/green cards",
     A.VictoryPoints(3, A.Counted("set", ("red", "blue", "green"), SELF)),
     "vp 3 per set of red/blue/green cards in self",
     "3 victory points for each set of one red, one blue and one green card in your city, at game end."),
    ("vp 3 per science set", A.VictoryPoints(3, A.Counted("science_set", (), SELF)),
     "vp 3 per science set in self",
     "3 victory points for each set of compass, gear and tablet science symbols in your city, at game end."),
    ("vp 1 per victory", A.VictoryPoints(1, A.Counted("victory", (), SELF)),
     "vp 1 per victory in self", "1 victory point for each victory token in your city, at game end."),
    ("vp 2 per white card in neighbors", A.VictoryPoints(2, A.Counted("card", ("white",), NEIGHBORS)),
     "vp 2 per white card in neighbors",
     "2 victory points for each white card in your two neighbours' cities, at game end."),
    ("coins 1 per age", A.Coins(1, A.Counted("age", (), ())), "coins 1 per age",
     "1 coin for each age so far (the current one included), taken when built."),
    ("discount 1 resource on green cards", A.Discount("resource", A.Target("card", ("green",)), 1),
     "discount 1 resource on green cards", "Green cards cost you 1 resource less (of your choice)."),
    ("discount 2 resources on wonder stages", A.Discount("resource", A.Target("wonder_stage"), 2),
     "discount 2 resources on wonder stages", "Wonder stages cost you 2 resources less (of your choice)."),
    ("discount 2 coins on white cards", A.Discount("coin", WHITE, 2),
     "discount 2 coins on white cards", "White cards cost you 2 coins less."),
    ("discount 1 coin on white cards for neighbors", A.Discount("coin", WHITE, 1, NEIGHBORS),
     "discount 1 coin on white cards for neighbors", "White cards cost your two neighbours 1 coin less."),
    ("discount 1 resource on cards", A.Discount("resource", A.Target("card"), 1),
     "discount 1 resource on cards", "Cards cost you 1 resource less (of your choice)."),
    ("free white cards", A.Discount("all", WHITE, 0), "free white cards", "You build white cards for free."),
    ("free purple/white cards for neighbors",
     A.Discount("all", A.Target("card", ("purple", "white")), 0, NEIGHBORS),
     "free purple/white cards for neighbors", "Your two neighbours build purple or white cards for free."),
    ("coins 2 when build yellow card", A.Trigger(A.Coins(2), A.Event("build", ("yellow",))),
     "coins 2 when build yellow card", "Each time you build a yellow card, take 2 coins."),
    ("coins 2 when build card", A.Trigger(A.Coins(2), A.Event("build", ())),
     "coins 2 when build card", "Each time you build a card, take 2 coins."),
    ("coins 2 when build chain", A.Trigger(A.Coins(2), A.Event("chain")),
     "coins 2 when build chain", "Each time you build a card for free through a chain, take 2 coins."),
    ("coins 1 when build wonder stage", A.Trigger(A.Coins(1), A.Event("wonder_stage")),
     "coins 1 when build wonder stage", "Each time you build a wonder stage, take 1 coin."),
    ("coins 1 when buy once per turn", A.Trigger(A.Coins(1), A.Event("buy"), once_per_turn=True),
     "coins 1 when buy once per turn",
     "Each time you buy resources from a neighbour (at most once per turn), take 1 coin."),
    ("coins 2 when win conflict", A.Trigger(A.Coins(2), A.Event("win_conflict")),
     "coins 2 when win conflict", "Each time you win a conflict, take 2 coins."),
    ("coins 1 when lose conflict", A.Trigger(A.Coins(1), A.Event("lose_conflict")),
     "coins 1 when lose conflict", "Each time you lose a conflict, take 1 coin."),
    ("coins 1 per white card in all when build white card",
     A.Trigger(A.Coins(1, A.Counted("card", ("white",), ("left", "self", "right"))),
               A.Event("build", ("white",))),
     "coins 1 per white card in left, self, right when build white card",
     "Each time you build a white card, take 1 coin for each white card in your city and in your "
     "two neighbours' cities."),
    ("buy any from bank for 1", A.Trade(("any",), ("bank",), 1), "buy any from bank for 1",
     "Once per turn, buy 1 resource of your choice from the bank for 1 coin."),
    ("buy raw from bank for 2", A.Trade(("raw",), ("bank",), 2), "buy raw from bank for 2",
     "Once per turn, buy 1 raw material of your choice from the bank for 2 coins."),
    ("copy white card from neighbors", A.CopyCard(("white",), NEIGHBORS),
     "copy white card from neighbors", "At game end, copy one white card built by either neighbour."),
    ("copy white card from neighbors now", A.CopyCard(("white",), NEIGHBORS, now=True),
     "copy white card from neighbors now",
     "When built, copy one white card built by either neighbour: its whole effect is yours from then on."),
]


@pytest.mark.parametrize("text,tree,canon,eng", CASES, ids=[c[0] for c in CASES])
def test_tree_canonical_text_and_english(text: str, tree: A.Effect, canon: str, eng: str) -> None:
    assert parse_effects(text, LV) == (tree,)
    assert parse_effects(text) == (tree,)  # no vocabulary: the same tree
    assert effects_text((tree,)) == canon
    assert parse_effects(canon, LV) == (tree,)
    assert effects_english((tree,), LV) == eng


def test_the_night_side_of_the_leaders_note_reads_as_written() -> None:
    text = "discount 2 coins on white cards; discount 1 coin on white cards for neighbors"
    effects = parse_effects(text, LV)
    assert effects == (A.Discount("coin", WHITE, 2), A.Discount("coin", WHITE, 1, NEIGHBORS))
    assert effects_text(effects) == text


def test_free_build_still_parses_after_free() -> None:
    # LALR: after `free`, the keyword `build` is a power, a colour name starts a cost change
    assert parse_effects("free build once per age; free white cards", LV) == (
        A.FreeBuild("age"), A.Discount("all", WHITE, 0))


def test_positions_of_the_new_nodes() -> None:
    d, t, b, c = parse_effects("vp 1;\n  discount 1 coin on white cards;\n coins 2 per age when buy;"
                               "\nbuy any from bank for 1; copy white card from left now", LV)[1:]
    assert (d.line, d.column) == (2, 3)
    assert (t.line, t.column) == (3, 2)
    assert (t.effect.line, t.effect.column) == (3, 2)
    assert (t.effect.per.line, t.effect.per.column) == (3, 10)
    assert (b.line, b.column) == (4, 1)
    assert (c.line, c.column) == (4, 26)


def test_effect_words_come_from_the_registry() -> None:
    # every registry word that starts an effect, in registry order; `when` and `until` follow
    # their effect, and `lose` (`others lose 1 coin`) comes after the cities it names
    assert EFFECT_WORDS == tuple(w for w in EFFECTS if w not in ("when", "lose", "until"))
    assert "discount" in EFFECT_WORDS


def test_registry_phases() -> None:
    assert EFFECTS["discount"].phase == "cost change"
    assert EFFECTS["when"].phase == "on an event"
    assert {s.phase for s in EFFECTS.values()} <= set(PHASES)
    assert EFFECTS["discount"].node is A.Discount and EFFECTS["when"].node is A.Trigger


# (text, line, column, width, message): errors found after parsing, at the offending word
ERRORS = [
    ("coins 1 per 2 age", 1, 13, 1, "the age is not counted in groups: write 'per age', not 'per 2 age'"),
    ("vp 1 per 3 age", 1, 10, 1, "the age is not counted in groups: write 'per age', not 'per 3 age'"),
    ("coins 1 per age in self", 1, 17, 7,
     "'per age' counts the current age, not things in cities: leave out 'in ...'"),
    ("vp 1 per 0 coins", 1, 10, 1, "count groups of at least 1, not 0"),
    ("vp 1 per 0 brown cards", 1, 10, 1, "count groups of at least 1, not 0"),
    ("buy raw from left, bank for 1", 1, 20, 4,
     "'bank' cannot be mixed with other sides: write 'from bank' or 'from left, right'"),
    ("buy raw from bank, neighbors for 1", 1, 14, 4,
     "'bank' cannot be mixed with other sides: write 'from bank' or 'from left, right'"),
    ("buy any from left for 1", 1, 5, 3, "'any' resource is bought from the bank only: 'buy any from bank for N'"),
    ("buy any/wood from bank for 1", 1, 5, 3, "'any' stands alone: 'buy any from bank for N'"),
    ("buy raw from self for 1", 1, 1, 3,
     "'buy' works with neighbours only: use left, right or neighbors, not self"),
    ("discount 0 resources on green cards", 1, 10, 1, "a discount takes at least 1 resource, not 0"),
    ("discount 0 coins on white cards", 1, 10, 1, "a discount takes at least 1 coin, not 0"),
    ("when build yellow card", 1, 1, 4,
     "'when' comes after the effect it adds to, as in 'coins 2 when build yellow card'"),
    ("discont 1 coin on white cards", 1, 1, 7, "unknown effect word 'discont'; did you mean 'discount'?"),
    ("free whte cards", 1, 6, 4, "unknown colour 'whte'; did you mean 'white'?"),
    ("coins 2 when build yelow card", 1, 20, 5, "unknown colour 'yelow'; did you mean 'yellow'?"),
    ("copy whit card from neighbors now", 1, 6, 4, "unknown colour 'whit'; did you mean 'white'?"),
    # syntax errors (the first one only)
    ("coins 2 when biuld yellow card", 1, 14, 5,
     "unexpected 'biuld'; expected 'age', 'build', 'buy', 'game', 'lose', 'take', 'win', a side (left, self, right, neighbors, all, others), 'the richer|poorer|stronger|weaker neighbor', 'N seats left|right'; did you mean 'build'?"),
    ("coins 2 when bye", 1, 14, 3,
     "unexpected 'bye'; expected 'age', 'build', 'buy', 'game', 'lose', 'take', 'win', a side (left, self, right, neighbors, all, others), 'the richer|poorer|stronger|weaker neighbor', 'N seats left|right'; did you mean 'buy'?"),
    ("coins 2 when win", 1, 17, 1, "text ends too early; expected 'conflict'"),
    ("coins 1 when buy once per week", 1, 27, 4, "unexpected 'week'; expected 'age', 'game', 'turn'"),
    ("shields 1 when win conflict", 1, 1, 7, "'shields' is a lasting effect; a trigger gives one-time gains: "
     "coins, vp, tokens, advance, draw, lose/gain, choose"),  # vp may be triggered now; shields last
    ("discount 1 resource on wonder stage for", 1, 40, 1,
     "text ends too early; expected 'all', 'left', 'neighbors', 'neighbours', 'others', 'right', "
     "'self', 'the richer|poorer|stronger|weaker neighbor', 'N seats left|right'"),
    ("discount 1 resource on wonder stage for bank", 1, 41, 4,
     "unexpected 'bank'; expected 'all', 'left', 'neighbors', 'neighbours', 'others', 'right', "
     "'self', 'the richer|poorer|stronger|weaker neighbor', 'N seats left|right'"),
    ("discount 1 wood on green cards", 1, 12, 4,
     "unexpected 'wood'; expected 'coin', 'coins', 'resource', 'resources'"),
    ("discount 1 resource for green cards", 1, 21, 3, "unexpected 'for'; expected 'on'"),
    ("discount resource on green cards", 1, 10, 8, "unexpected 'resource'; expected 'all', a number"),
    ("free white", 1, 11, 1, "text ends too early; expected 'card', 'cards', '/'"),
    ("free build once per turn", 1, 21, 4, "unexpected 'turn'; expected 'age', 'game'"),
    ("buy any from bank", 1, 18, 1, "text ends too early; expected 'for', ','"),
    ("buy any from bnak for 1", 1, 14, 4,
     "unexpected 'bnak'; expected 'all', 'bank', 'left', 'neighbors', 'neighbours', 'others', 'right', 'self'; "
     "did you mean 'bank'?"),
    ("copy white card from neighbors later", 1, 32, 5,
     "unexpected 'later'; expected 'now', 'until', ',', ';', end of text"),
    # a misspelt `science` reads as a colour name: the error is at the word after it
    ("vp 3 per sciense set", 1, 18, 3,
     "unexpected 'set'; expected 'card', 'cards', 'if', 'in', 'produced', 'until', 'when', '/', ';', end of text"),
]


def _errors(text: str) -> list[LanguageError]:
    with pytest.raises(CardTextError) as info:
        parse_effects(text, LV)
    return info.value.errors


@pytest.mark.parametrize("text,line,column,width,message", ERRORS, ids=[e[0] for e in ERRORS])
def test_error(text: str, line: int, column: int, width: int, message: str) -> None:
    errs = _errors(text)
    assert len(errs) == 1, errs
    e = errs[0]
    assert (e.line, e.column, e.message) == (line, column, message)
    assert e.length == width


def test_structural_errors_are_reported_without_a_vocabulary_too() -> None:
    for text in ("coins 1 per 2 age", "buy raw from left, bank for 1", "buy any from left for 1",
                 "discount 0 coins on cards", "vp 1 per 0 coins", "coins 1 per age in all"):
        with pytest.raises(CardTextError):
            parse_effects(text)


def test_all_errors_of_the_new_words_at_once() -> None:
    errs = _errors("coins 1 per 2 age; discount 0 coin on whte cards; buy any from left, bank for 1")
    assert [(e.column, e.message.split(":")[0].split(";")[0]) for e in errs] == [
        (13, "the age is not counted in groups"),
        (29, "a discount takes at least 1 coin, not 0"),
        (39, "unknown colour 'whte'"),
        (70, "'bank' cannot be mixed with other sides"),
    ]


def test_error_render_points_at_the_word() -> None:
    err = pytest.raises(CardTextError, parse_effects, "vp 1;\ncoins 1 per age in self", LV).value
    assert err.render() == ("2:17: 'per age' counts the current age, not things in cities: "
                            "leave out 'in ...'\n"
                            "  coins 1 per age in self\n"
                            "                  ^^^^^^^")

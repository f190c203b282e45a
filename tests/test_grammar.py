"""The card language's grammar: the exact AST of every effect kind and cost, and the errors.

Every effect word of dsl.registry.EFFECTS is covered in every form the grammar allows; errors
are checked for their message and their 1-based line/column inside the card text.
"""
from __future__ import annotations

import pytest

from dsl import ast as A
from dsl.parser import parse_cost, parse_effect, parse_effects
from dsl.text_errors import CardTextError, LanguageError
from dsl.registry import EFFECTS, SPEC_BY_NODE
from dsl.vocab import BASE_VOCABULARY, Vocabulary

V = Vocabulary(colors=(*BASE_VOCABULARY.colors, "black"), decks=("heroes",),
               tokens=("debt", "diplomacy"), tracks=("red", "yellow"))  # the base words, plus a deck,
#                a colour, token kinds, tracks
SELF, LEFT, RIGHT = ("self",), ("left",), ("right",)
NEIGHBORS = ("left", "right")
ALL = ("left", "self", "right")


def one(text: str) -> A.Effect:
    return parse_effect(text, V)


def errors(text: str, cost: bool = False) -> list[LanguageError]:
    with pytest.raises(CardTextError) as info:
        (parse_cost if cost else parse_effects)(text, V)
    return info.value.errors


def error(text: str, cost: bool = False) -> LanguageError:
    errs = errors(text, cost)
    assert len(errs) == 1, errs
    return errs[0]


# -- every effect kind --------------------------------------------------------------------

PRODUCE = [
    ("produce wood", A.Produce((("wood", 1),))),
    ("produce 2 clay", A.Produce((("clay", 2),))),
    ("produce glass, loom", A.Produce((("glass", 1), ("loom", 1)))),
    ("produce 2 stone, ore", A.Produce((("stone", 2), ("ore", 1)))),
    ("produce wood, wood", A.Produce((("wood", 2),))),  # repeats add up
    ("produce ore/clay", A.Produce((("ore", 1), ("clay", 1)), choice=True)),
    ("produce wood/stone/ore/clay", A.Produce(
        (("wood", 1), ("stone", 1), ("ore", 1), ("clay", 1)), choice=True)),
    ("produce glass/loom/papyrus untradable", A.Produce(
        (("glass", 1), ("loom", 1), ("papyrus", 1)), choice=True, tradable=False)),
    ("produce clay untradable", A.Produce((("clay", 1),), tradable=False)),
    ("produce 2 papyrus untradable", A.Produce((("papyrus", 2),), tradable=False)),
    ("produce cloth", A.Produce((("loom", 1),))),  # alias
    ("produce textile/glass", A.Produce((("loom", 1), ("glass", 1)), choice=True)),
]

SHIELDS = [
    ("shields 1", A.Shields(1)),
    ("shields 3", A.Shields(3)),
    ("shield 2", A.Shields(2)),
]

SCIENCE = [
    ("science gear", A.Science(("gear",))),
    ("science compass", A.Science(("compass",))),
    ("science tablet", A.Science(("tablet",))),
    ("science wheel", A.Science(("gear",))),  # alias
    ("science any", A.Science(("any",))),
    ("science compass/tablet", A.Science(("compass", "tablet"))),
    ("science compass/gear/tablet", A.Science(("compass", "gear", "tablet"))),
]

COINS = [
    ("coins 5", A.Coins(5)),
    ("coins 0", A.Coins(0)),
    ("coins -2", A.Coins(-2)),
    ("coins 1 per brown card in left, self, right", A.Coins(1, A.Counted("card", ("brown",), ALL))),
    ("coins 2 per grey card in left, self, right", A.Coins(2, A.Counted("card", ("grey",), ALL))),
    ("coins 1 per yellow card", A.Coins(1, A.Counted("card", ("yellow",), SELF))),
    ("coins 3 per wonder stage in self", A.Coins(3, A.Counted("wonder_stage", (), SELF))),
    ("coins 1 per card in all", A.Coins(1, A.Counted("card", (), ALL))),
    ("coins 1 per victory in neighbors", A.Coins(1, A.Counted("victory", (), NEIGHBORS))),
    ("coins 2 per defeat", A.Coins(2, A.Counted("defeat", (), SELF))),
]

VP = [
    ("vp 3", A.VictoryPoints(3)),
    ("vp 7", A.VictoryPoints(7)),
    ("vp -1", A.VictoryPoints(-1)),
    # every counted kind
    ("vp 1 per brown card", A.VictoryPoints(1, A.Counted("card", ("brown",), SELF))),
    ("vp 1 per brown cards", A.VictoryPoints(1, A.Counted("card", ("brown",), SELF))),
    ("vp 1 per brown/grey/purple card in self",
     A.VictoryPoints(1, A.Counted("card", ("brown", "grey", "purple"), SELF))),
    ("vp 1 per gray card", A.VictoryPoints(1, A.Counted("card", ("grey",), SELF))),  # alias
    ("vp 1 per brown/brown card", A.VictoryPoints(1, A.Counted("card", ("brown",), SELF))),
    ("vp 1 per card", A.VictoryPoints(1, A.Counted("card", (), SELF))),
    ("vp 1 per cards in all", A.VictoryPoints(1, A.Counted("card", (), ALL))),
    ("vp 1 per wonder stage in left, self, right",
     A.VictoryPoints(1, A.Counted("wonder_stage", (), ALL))),
    ("vp 1 per wonder stages", A.VictoryPoints(1, A.Counted("wonder_stage", (), SELF))),
    ("vp 1 per defeat in neighbors", A.VictoryPoints(1, A.Counted("defeat", (), NEIGHBORS))),
    ("vp 1 per defeats in self", A.VictoryPoints(1, A.Counted("defeat", (), SELF))),
    ("vp 1 per victory", A.VictoryPoints(1, A.Counted("victory", (), SELF))),
    ("vp 2 per victories in all", A.VictoryPoints(2, A.Counted("victory", (), ALL))),
    # every sides form
    ("vp 1 per blue card in left", A.VictoryPoints(1, A.Counted("card", ("blue",), LEFT))),
    ("vp 1 per blue card in self", A.VictoryPoints(1, A.Counted("card", ("blue",), SELF))),
    ("vp 1 per blue card in right", A.VictoryPoints(1, A.Counted("card", ("blue",), RIGHT))),
    ("vp 1 per blue card in neighbors", A.VictoryPoints(1, A.Counted("card", ("blue",), NEIGHBORS))),
    ("vp 1 per blue card in neighbours", A.VictoryPoints(1, A.Counted("card", ("blue",), NEIGHBORS))),
    ("vp 1 per blue card in all", A.VictoryPoints(1, A.Counted("card", ("blue",), ALL))),
    ("vp 1 per blue card in left, right", A.VictoryPoints(1, A.Counted("card", ("blue",), NEIGHBORS))),
    ("vp 1 per blue card in right, left", A.VictoryPoints(1, A.Counted("card", ("blue",), NEIGHBORS))),
    ("vp 1 per blue card in self, left", A.VictoryPoints(1, A.Counted("card", ("blue",), ("left", "self")))),
    ("vp 1 per blue card in neighbors, self", A.VictoryPoints(1, A.Counted("card", ("blue",), ALL))),
    ("vp 1 per blue card in left, left", A.VictoryPoints(1, A.Counted("card", ("blue",), LEFT))),
]

BUY = [
    ("buy raw from right for 1", A.Trade(("raw",), RIGHT, 1)),
    ("buy raw from left for 1", A.Trade(("raw",), LEFT, 1)),
    ("buy manufactured from neighbors for 1", A.Trade(("manufactured",), NEIGHBORS, 1)),
    ("buy manufactured from left, right for 1", A.Trade(("manufactured",), NEIGHBORS, 1)),
    ("buy raw/manufactured from neighbors for 0", A.Trade(("raw", "manufactured"), NEIGHBORS, 0)),
    ("buy wood/clay from left for 1", A.Trade(("wood", "clay"), LEFT, 1)),
    ("buy glass/loom/papyrus from neighbours for 1",
     A.Trade(("glass", "loom", "papyrus"), NEIGHBORS, 1)),
    ("buy cloth from right for 1", A.Trade(("loom",), RIGHT, 1)),
]

POWERS = [
    ("free build once per age", A.FreeBuild("age")),
    ("free build once per game", A.FreeBuild("game")),
    ("play last card", A.PlayLastCard()),
    ("build from discard", A.BuildFromDiscard()),
    ("copy purple card from neighbors", A.CopyCard(("purple",), NEIGHBORS)),
    ("copy purple cards from left", A.CopyCard(("purple",), LEFT)),
    ("copy green/purple card from left, right", A.CopyCard(("green", "purple"), NEIGHBORS)),
    ("copy blue card from left", A.CopyCard(("blue",), LEFT)),
]

# `per` gains: N of a thing, coins, sets of colours, science sets, the age
COUNTING = [
    ("vp 1 per 3 coins", A.VictoryPoints(1, A.Counted("coin", (), SELF, every=3))),
    ("vp 1 per coin", A.VictoryPoints(1, A.Counted("coin", (), SELF))),
    ("vp 1 per coins in neighbors", A.VictoryPoints(1, A.Counted("coin", (), NEIGHBORS))),
    ("vp 1 per 1 coin", A.VictoryPoints(1, A.Counted("coin", (), SELF))),
    ("vp 3 per set of red/blue/green cards",
     A.VictoryPoints(3, A.Counted("set", ("red", "blue", "green"), SELF))),
    ("vp 3 per sets of red/blue card in all", A.VictoryPoints(3, A.Counted("set", ("red", "blue"), ALL))),
    ("vp 5 per 2 sets of red/blue cards", A.VictoryPoints(5, A.Counted("set", ("red", "blue"), SELF, every=2))),
    ("vp 3 per science set", A.VictoryPoints(3, A.Counted("science_set", (), SELF))),
    ("vp 3 per science sets in left", A.VictoryPoints(3, A.Counted("science_set", (), LEFT))),
    ("vp 1 per 2 science sets", A.VictoryPoints(1, A.Counted("science_set", (), SELF, every=2))),
    ("coins 1 per age", A.Coins(1, A.Counted("age", (), ()))),
    ("vp 2 per age", A.VictoryPoints(2, A.Counted("age", (), ()))),
    ("vp 1 per 2 brown cards", A.VictoryPoints(1, A.Counted("card", ("brown",), SELF, every=2))),
    ("vp 1 per 2 brown card", A.VictoryPoints(1, A.Counted("card", ("brown",), SELF, every=2))),
    ("vp 1 per 3 cards in all", A.VictoryPoints(1, A.Counted("card", (), ALL, every=3))),
    ("vp 1 per 2 wonder stages", A.VictoryPoints(1, A.Counted("wonder_stage", (), SELF, every=2))),
    ("vp 1 per 2 defeats in neighbors", A.VictoryPoints(1, A.Counted("defeat", (), NEIGHBORS, every=2))),
    ("coins 1 per 2 victories", A.Coins(1, A.Counted("victory", (), SELF, every=2))),
    ("vp 2 per card in neighbors", A.VictoryPoints(2, A.Counted("card", (), NEIGHBORS))),
]

BANK = [
    ("buy any from bank for 1", A.Trade(("any",), ("bank",), 1)),
    ("buy raw from bank for 2", A.Trade(("raw",), ("bank",), 2)),
    ("buy glass/loom from bank for 1", A.Trade(("glass", "loom"), ("bank",), 1)),
    ("buy manufactured from bank, bank for 0", A.Trade(("manufactured",), ("bank",), 0)),
]

COPY_NOW = [
    ("copy purple card from neighbors now", A.CopyCard(("purple",), NEIGHBORS, now=True)),
    ("copy blue/green cards from right now", A.CopyCard(("blue", "green"), RIGHT, now=True)),
]

GREEN, WHITEISH = A.Target("card", ("green",)), A.Target("card", ("purple",))
DISCOUNT = [
    ("discount 1 resource on green cards", A.Discount("resource", GREEN, 1)),
    ("discount 2 resources on wonder stages", A.Discount("resource", A.Target("wonder_stage"), 2)),
    ("discount 1 resources on wonder stage", A.Discount("resource", A.Target("wonder_stage"), 1)),
    ("discount 2 coins on purple cards", A.Discount("coin", WHITEISH, 2)),
    ("discount 1 coin on purple cards for neighbors", A.Discount("coin", WHITEISH, 1, NEIGHBORS)),
    ("discount 1 coin on purple card for left", A.Discount("coin", WHITEISH, 1, LEFT)),
    ("discount 1 coins on purple cards for self", A.Discount("coin", WHITEISH, 1)),
    ("discount 1 resource on cards", A.Discount("resource", A.Target("card"), 1)),
    ("discount 1 resource on blue/green cards for all",
     A.Discount("resource", A.Target("card", ("blue", "green")), 1, ALL)),
    ("free purple cards", A.Discount("all", WHITEISH, 0)),
    ("free blue/purple cards for neighbors",
     A.Discount("all", A.Target("card", ("blue", "purple")), 0, NEIGHBORS)),
    ("free purple card for right, self", A.Discount("all", WHITEISH, 0, ("self", "right"))),
    ("free cards", A.Discount("all", A.Target("card"), 0)),
    ("free wonder stages", A.Discount("all", A.Target("wonder_stage"), 0)),
]

TRIGGER = [
    ("coins 2 when build yellow card", A.Trigger(A.Coins(2), A.Event("build", ("yellow",)))),
    ("coins 2 when build yellow/red cards", A.Trigger(A.Coins(2), A.Event("build", ("yellow", "red")))),
    ("coins 2 when build card", A.Trigger(A.Coins(2), A.Event("build"))),
    ("coins 2 when build chain", A.Trigger(A.Coins(2), A.Event("chain"))),
    ("coins 1 when build wonder stage", A.Trigger(A.Coins(1), A.Event("wonder_stage"))),
    ("coins 1 when build wonder stages", A.Trigger(A.Coins(1), A.Event("wonder_stage"))),
    ("coins 1 when buy once per turn", A.Trigger(A.Coins(1), A.Event("buy"), once_per_turn=True)),
    ("coins 1 when buy", A.Trigger(A.Coins(1), A.Event("buy"))),
    ("coins 2 when win conflict", A.Trigger(A.Coins(2), A.Event("win_conflict"))),
    ("coins 1 when lose conflict", A.Trigger(A.Coins(1), A.Event("lose_conflict"))),
    ("coins 2 when build yellow card once per turn",
     A.Trigger(A.Coins(2), A.Event("build", ("yellow",)), once_per_turn=True)),
    ("coins 1 per brown card in neighbors when build card",
     A.Trigger(A.Coins(1, A.Counted("card", ("brown",), NEIGHBORS)), A.Event("build"))),
    ("coins 1 per age when win conflict",
     A.Trigger(A.Coins(1, A.Counted("age", (), ())), A.Event("win_conflict"))),
    ("coins -1 when lose conflict", A.Trigger(A.Coins(-1), A.Event("lose_conflict"))),
]

HANDS_AND_RULES = [
    ("tokens 1 diplomacy", A.Tokens(1, "diplomacy")),
    ("remove all defeat tokens", A.RemoveTokens(0, "defeat")),
    ("remove 1 victory token for others", A.RemoveTokens(1, "victory", ("others",))),
    ("remove 2 diplomacy tokens for left, right", A.RemoveTokens(2, "diplomacy", ("left", "right"))),
    ("others lose 1 coin", A.OthersCoins(-1, ("others",))),
    ("neighbors lose 2 coins per victory", A.OthersCoins(-2, ("left", "right"), A.Counted("victory"))),
    ("neighbors gain 1 coin", A.OthersCoins(1, ("left", "right"))),
    ("left lose 3 coins per wonder stage", A.OthersCoins(-3, ("left",), A.Counted("wonder_stage"))),
    ("rebate 1 coin from left", A.Rebate(1, ("left",))),
    ("discount all resources on wonder stages", A.Discount("all_resources", A.Target("wonder_stage"))),
    ("free build once per age on black cards", A.FreeBuild("age", ("black",))),
    ("coins 1 when take coins once per turn",
     A.Trigger(A.Coins(1), A.Event("take_coins"), once_per_turn=True)),
    ("shields 1 per defeat", A.Shields(1, A.Counted("defeat"))),
    ("produce one produced", A.Produce((), True, False, "produced")),
    ("produce one unproduced", A.Produce((), True, False, "unproduced")),
    ("vp 1 per debt", A.VictoryPoints(1, A.Counted("token", token="debt"))),
    ("build from heroes", A.BuildFromDiscard("heroes")),
    ("draw 4 from heroes", A.Draw(4, "heroes")),
    ("draw 1 from heroes", A.Draw(1, "heroes")),
    ("give defeats to winner", A.GiveDefeats()),
    ("truce with left", A.Truce(("left",))),
    ("truce with neighbors", A.Truce(("left", "right"))),
    ("truce with ally", A.Truce(("ally",))),
    ("buy raw/manufactured from ally for 1", A.Trade(("raw", "manufactured"), ("ally",), 1)),
    ("give defeat to winner", A.GiveDefeats()),
    ("discard own grey card for 3 coins", A.DiscardOwn(("grey",), 3)),
    ("play two cards once per game", A.PlayLastCard("game")),
    ("trade 2 seats away", A.FarTrade(2)),
    ("exchange 2 same for 1 any", A.Exchange(2)),
    ("discard own cards for 1 coin", A.DiscardOwn((), 1)),
    ("bury card from leaders for 2 vp per coin", A.Bury("leaders", 2)),
    ("advance red", A.Advance("red")),
    ("advance yellow for 1 coin", A.Advance("yellow", 1)),
    ("advance red for 3 coins", A.Advance("red", 3)),
    ("advance red for wood, 2 stone", A.Advance("red", 0, (("wood", 1), ("stone", 2)))),
    ("advance red for 2 coins, glass", A.Advance("red", 2, (("glass", 1),))),
    ("rule trade_price +1 for all", A.RuleChange("trade_price", 1, ("left", "self", "right"))),
    ("rule sell_coins -2", A.RuleChange("sell_coins", -2)),
    ("rule defeat -1 for left", A.RuleChange("defeat", -1, ("left",))),
]
DURATIONS = [  # a lasting effect with an end; a cost change raising coins; shields counted
    ("produce wood until age ends", A.Lasting(A.Produce((("wood", 1),)), "age")),
    ("rule pass -2 for all until age ends", A.Lasting(A.RuleChange("pass", -2, ("left", "self", "right")))),
    ("shields 2 until age ends", A.Lasting(A.Shields(2))),
    ("surcharge 1 coin on yellow cards for neighbors",
     A.Surcharge(1, A.Target("card", ("yellow",)), ("left", "right"))),
    ("surcharge 2 coins on wonder stages per red card",
     A.Surcharge(2, A.Target("wonder_stage"), ("self",), A.Counted("card", ("red",)))),
    ("vp 1 per 2 shields", A.VictoryPoints(1, A.Counted("shield", every=2))),
    ("vp 3 if most shields", A.VictoryPoints(3, None, A.Condition("most", A.Counted("shield"), ("others",)))),
    ("coins 1 when neighbors buy from you", A.Trigger(A.Coins(1), A.Event("sold", (), ("left", "right")))),
]

# choices (the owner's player picks one option) and targets chosen as an effect applies
_MOST_SHIELDS = A.Pick("most", A.Counted("shield", (), ()))
CHOICES = [
    ("choose coins 3 or vp 2", A.Choice((A.Coins(3), A.VictoryPoints(2)))),
    ("choose one: coins 3 | vp 2 | tokens 1 diplomacy",
     A.Choice((A.Coins(3), A.VictoryPoints(2), A.Tokens(1, "diplomacy")))),
    ("choose coins 2 or vp 1 when build red card",
     A.Trigger(A.Choice((A.Coins(2), A.VictoryPoints(1))), A.Event("build", ("red",)))),
    ("tokens 1 defeat for a neighbor of your choice", A.Tokens(1, "defeat", (A.OWNER_CHOICE,))),
    ("the neighbour of your choice lose 2 coins", A.OthersCoins(-2, (A.OWNER_CHOICE,))),
    ("the weaker neighbor lose 2 coins", A.OthersCoins(-2, ("weaker",))),
    ("copy purple card from the stronger neighbor", A.CopyCard(("purple",), ("stronger",))),
    ("copy purple card from the neighbor with most shields now", A.CopyCard(("purple",), (_MOST_SHIELDS,), now=True)),
    ("shields -1 for the stronger neighbor", A.Shields(-1, None, ("stronger",))),
    ("remove 1 victory token for the neighbor with most shields", A.RemoveTokens(1, "victory", (_MOST_SHIELDS,))),
]
ALL_EFFECTS = (PRODUCE + SHIELDS + SCIENCE + COINS + VP + BUY + POWERS
               + COUNTING + BANK + COPY_NOW + DISCOUNT + TRIGGER + HANDS_AND_RULES + DURATIONS + CHOICES)


@pytest.mark.parametrize("text,expected", ALL_EFFECTS, ids=[t for t, _ in ALL_EFFECTS])
def test_effect_ast(text: str, expected: A.Effect) -> None:
    got = one(text)
    assert got == expected
    assert type(got) is type(expected)
    # without a vocabulary the same text gives the same tree
    assert parse_effects(text) == (expected,)


def test_every_effect_word_is_covered_here() -> None:
    words = {SPEC_BY_NODE[type(e)].word for _, e in ALL_EFFECTS}
    assert words == set(EFFECTS)


@pytest.mark.parametrize("word", sorted(EFFECTS))
def test_registry_examples_parse_to_their_node(word: str) -> None:
    spec = EFFECTS[word]
    assert spec.examples, f"registry entry '{word}' has no examples"
    for example in spec.examples:
        effects = parse_effects(example, V)
        assert len(effects) == 1, example
        assert type(effects[0]) is spec.node, example
        assert SPEC_BY_NODE[spec.node] is spec


def test_registry_nodes_are_distinct() -> None:
    nodes = [s.node for s in EFFECTS.values()]
    assert len(nodes) == len(set(nodes))


def test_keyword_spelling_and_spacing_is_free() -> None:
    assert one("  vp   1  per  brown   card  in  left ,right ") == \
        A.VictoryPoints(1, A.Counted("card", ("brown",), NEIGHBORS))
    assert parse_effects("coins 2;\n  vp 1 per\n  brown card", V) == (
        A.Coins(2), A.VictoryPoints(1, A.Counted("card", ("brown",), SELF)))


def test_several_effects_joined_by_semicolons() -> None:
    assert parse_effects("shields 1; vp 3; coins 2", V) == (A.Shields(1), A.VictoryPoints(3), A.Coins(2))
    assert parse_effects("science any;produce wood", V) == (A.Science(("any",)), A.Produce((("wood", 1),)))


def test_positions_are_recorded_but_not_compared() -> None:
    first, second = parse_effects("vp 3;\n  coins 2 per brown card", V)
    assert (first.line, first.column) == (1, 1)
    assert (second.line, second.column) == (2, 3)
    assert (second.per.line, second.per.column) == (2, 11)
    assert second == A.Coins(2, A.Counted("card", ("brown",), SELF))


def test_parse_effect_wants_exactly_one() -> None:
    err = pytest.raises(CardTextError, parse_effect, "vp 1; vp 2", V).value
    assert [str(e) for e in err.errors] == ["1:1: expected exactly one effect"]


def test_vocabulary_from_the_rules_decides_the_names() -> None:
    vocab = Vocabulary(resource_classes={"raw": ("wood", "spice")}, colors=("brown", "black"),
                       symbols=("gear", "rune"))
    assert parse_effect("produce spice", vocab) == A.Produce((("spice", 1),))
    assert parse_effect("vp 1 per black card", vocab) == \
        A.VictoryPoints(1, A.Counted("card", ("black",), SELF))
    assert parse_effect("science rune", vocab) == A.Science(("rune",))
    for text, message in [("produce glass", "unknown resource 'glass'"),
                          ("vp 1 per blue card", "unknown colour 'blue'"),
                          ("science tablet", "unknown science symbol 'tablet'")]:
        with pytest.raises(CardTextError) as info:
            parse_effects(text, vocab)
        assert info.value.errors[0].message.startswith(message)


# -- costs ---------------------------------------------------------------------------------

COSTS = [
    ("free", A.Cost()),
    ("1 coin", A.Cost(1)),
    ("coin", A.Cost(1)),
    ("2 coins", A.Cost(2)),
    ("3 coins, 2 wood", A.Cost(3, (("wood", 2),))),
    ("2 stone, ore", A.Cost(0, (("stone", 2), ("ore", 1)))),
    ("ore, 2 stone", A.Cost(0, (("ore", 1), ("stone", 2)))),
    ("cloth", A.Cost(0, (("loom", 1),))),
    ("textile, papyrus", A.Cost(0, (("loom", 1), ("papyrus", 1)))),
    ("2 stone, 2 clay, glass", A.Cost(0, (("stone", 2), ("clay", 2), ("glass", 1)))),
    ("wood, 1 coin, wood", A.Cost(1, (("wood", 2),))),  # repeats add up, coins anywhere
    ("1 coin, 2 coins", A.Cost(3)),
]


@pytest.mark.parametrize("text,expected", COSTS, ids=[t for t, _ in COSTS])
def test_cost_ast(text: str, expected: A.Cost) -> None:
    assert parse_cost(text, V) == expected
    assert parse_cost(text) == expected


def test_cost_helpers() -> None:
    assert parse_cost("free").is_free
    assert not parse_cost("1 coin").is_free
    assert parse_cost("3 coins, 2 wood, cloth").as_dict() == {"coins": 3, "wood": 2, "loom": 1}
    assert parse_cost("free").as_dict() == {}


# -- errors --------------------------------------------------------------------------------

EFFECT_LIST = "produce, shields, science, coins, vp, buy, free, play, build, copy, discount, draw, tokens, remove, rebate, discard, trade, exchange, bury, advance, give, truce, rule, surcharge, choose"

SYNTAX_ERRORS = [
    ("3 coins", 1, 1,
     f"unexpected '3'; expected an effect word ({EFFECT_LIST}) "
     "(the word comes first: 'coins 3', 'vp 2', 'shields 1')"),
    ("coins", 1, 6, "text ends too early; expected a number"),
    ("vp", 1, 3, "text ends too early; expected a number"),
    ("produce", 1, 8, "text ends too early; expected 'one', a name, a number"),
    ("science", 1, 8, "text ends too early; expected a name"),
    ("", 1, 1, f"text ends too early; expected an effect word ({EFFECT_LIST})"),
    ("coins 2;", 1, 9, f"text ends too early; expected an effect word ({EFFECT_LIST})"),
    ("coins 2; ;", 1, 10, f"unexpected ';'; expected an effect word ({EFFECT_LIST})"),
    ("shields two", 1, 9, "unexpected 'two'; expected a number"),
    ("produce wood & clay", 1, 14, "unexpected character '&'"),
    ("Produce wood", 1, 1, "unexpected character 'P'; card text is written in lower case"),
    ("vp 1 per brown card in up", 1, 24,
     "unexpected 'up'; expected 'all', 'left', 'neighbors', 'neighbours', 'others', 'right', 'self', 'the richer|poorer|stronger|weaker neighbor', 'N seats left|right'"),
    ("vp 1 per brown card in left,, right", 1, 29,
     "unexpected ','; expected 'all', 'left', 'neighbors', 'neighbours', 'others', 'right', 'self', 'N seats left|right'"),
    ("buy raw from left", 1, 18, "text ends too early; expected 'for', ','"),
    ("buy raw from left for", 1, 22, "text ends too early; expected a number"),
    ("copy purple from neighbors", 1, 13, "unexpected 'from'; expected 'card', 'cards', '/'"),
    ("free build once per turn", 1, 21, "unexpected 'turn'; expected 'age', 'game'"),
    ("free build once per gam", 1, 21, "unexpected 'gam'; expected 'age', 'game'; did you mean 'game'?"),
    ("play last", 1, 10, "text ends too early; expected 'card'"),
    ("produce wood clay", 1, 14, "unexpected 'clay'; expected 'for', 'until', 'untradable', ',', '/', ';', end of text"),
    ("produce 2 clay/wood", 1, 15, "unexpected '/'; expected 'for', 'until', 'untradable', ',', ';', end of text"),
    ("vp 3 coins 2", 1, 6, "unexpected 'coins'; expected 'if', 'per', 'until', 'when', ';', end of text"),
    # only the words that fit here, not those of other rules sharing the state after a side
    ("copy purple card from left later", 1, 28, "unexpected 'later'; expected 'now', 'until', ',', ';', end of text"),
    ("buy raw from left now", 1, 19, "unexpected 'now'; expected 'for', ','"),
    # (a keyword of another rule ends the side list first: what may follow the whole clause)
    ("vp 1 per card in left now", 1, 23, "unexpected 'now'; expected 'if', 'until', 'when', ';', end of text"),
    # the new words
    ("coins 2 when biuld yellow card", 1, 14,
     "unexpected 'biuld'; expected 'age', 'build', 'buy', 'game', 'lose', 'take', 'win', a side (left, self, right, neighbors, all, others), 'the richer|poorer|stronger|weaker neighbor', 'N seats left|right'; did you mean 'build'?"),
    ("coins 2 when win conflcit", 1, 18,
     "unexpected 'conflcit'; expected 'conflict'; did you mean 'conflict'?"),
    ("coins 2 when", 1, 13, "text ends too early; expected 'age', 'build', 'buy', 'game', 'lose', 'take', 'win', a side (left, self, right, neighbors, all, others), 'the richer|poorer|stronger|weaker neighbor', 'N seats left|right'"),
    ("coins 1 when buy once per week", 1, 27, "unexpected 'week'; expected 'age', 'game', 'turn'"),
    ("coins 2 when build yellow card once", 1, 36, "text ends too early; expected 'per'"),
    ("vp 2 when biuld card", 1, 11, "unexpected 'biuld'; expected 'age', 'build', 'buy', 'game', 'lose', 'take', 'win', a side (left, self, right, neighbors, all, others), 'the richer|poorer|stronger|weaker neighbor', 'N seats left|right'; did you mean 'build'?"),
    ("produce wood when build card", 1, 1, "'produce' is a lasting effect; a trigger gives one-time gains: "
     "coins, vp, tokens, advance, draw, lose/gain, choose"),  # a trigger carries one-time gains only
    ("discount 1 resource on wonder stage for", 1, 40,
     "text ends too early; expected 'all', 'left', 'neighbors', 'neighbours', 'others', 'right', 'self', 'the richer|poorer|stronger|weaker neighbor', 'N seats left|right'"),
    ("discount 1 resurce on cards", 1, 12,
     "unexpected 'resurce'; expected 'coin', 'coins', 'resource', 'resources'; did you mean 'resource'?"),
    ("discount 1 resource green cards", 1, 21, "unexpected 'green'; expected 'on'"),
    ("discount 1 resource on wonder", 1, 30, "text ends too early; expected 'stage', 'stages'"),
    ("discount -1 coin on cards", 1, 10, "unexpected '-1'; expected 'all', a number"),
    ("free", 1, 5, "text ends too early; expected 'build', 'card', 'cards', 'first', 'last', 'wonder', a name"),
    ("free purple", 1, 12, "text ends too early; expected 'card', 'cards', '/'"),
    ("vp 1 per set of red", 1, 20, "text ends too early; expected 'card', 'cards', '/'"),
    ("vp 1 per science", 1, 17, "text ends too early; expected 'set', 'sets'"),
    ("buy any from bank", 1, 18, "text ends too early; expected 'for', ','"),
    ("vp 1 per green crad", 1, 16,
     "unexpected 'crad'; expected 'card', 'cards', 'if', 'in', 'produced', 'until', 'when', '/', ';', end of text; "
     "did you mean 'card'?"),  # 'green produced' parses too, then fails as no resource
    ("coins 1;\nvp 2;\nshields x", 3, 9, "unexpected 'x'; expected a number"),
]


@pytest.mark.parametrize("text,line,column,message", SYNTAX_ERRORS, ids=[t[0] or "<empty>" for t in SYNTAX_ERRORS])
def test_syntax_error(text: str, line: int, column: int, message: str) -> None:
    e = error(text)
    assert (e.line, e.column, e.message) == (line, column, message)


NAME_ERRORS = [
    ("prodce wood", 1, 1, 6, "unknown effect word 'prodce'; did you mean 'produce'?"),
    ("sheilds 2", 1, 1, 7, "unknown effect word 'sheilds'; did you mean 'shields'?"),
    ("coin 3", 1, 1, 4, "unknown effect word 'coin'; did you mean 'coins'?"),
    ("victory 3", 1, 1, 7, "unknown effect word 'victory'"),
    ("produce clai", 1, 9, 4, "unknown resource 'clai'; did you mean 'clay'?"),
    ("produce wood/stonee", 1, 14, 6, "unknown resource 'stonee'; did you mean 'stone'?"),
    ("vp 1 per brwn card", 1, 10, 4, "unknown colour 'brwn'; did you mean 'brown'?"),
    ("vp 1 per pink card", 1, 10, 4, "unknown colour 'pink'"),
    ("science gears", 1, 9, 5, "unknown science symbol 'gears'; did you mean 'gear'?"),
    ("buy rw from left for 1", 1, 5, 2, "unknown resource or resource class 'rw'; did you mean 'raw'?"),
    ("copy purpel card from left", 1, 6, 6, "unknown colour 'purpel'; did you mean 'purple'?"),
    ("coins 2;\nvp 1 per brwn card", 2, 10, 4, "unknown colour 'brwn'; did you mean 'brown'?"),
    ("discont 1 coin on cards", 1, 1, 7, "unknown effect word 'discont'; did you mean 'discount'?"),
    ("discount 1 coin on yelow cards", 1, 20, 5, "unknown colour 'yelow'; did you mean 'yellow'?"),
    ("free purpel cards", 1, 6, 6, "unknown colour 'purpel'; did you mean 'purple'?"),
    ("coins 2 when build yelow card", 1, 20, 5, "unknown colour 'yelow'; did you mean 'yellow'?"),
    ("vp 3 per set of red/blu cards", 1, 21, 3, "unknown colour 'blu'; did you mean 'blue'?"),
    ("buy rw from bank for 1", 1, 5, 2, "unknown resource or resource class 'rw'; did you mean 'raw'?"),
]


@pytest.mark.parametrize("text,line,column,length,message", NAME_ERRORS, ids=[t[0] for t in NAME_ERRORS])
def test_name_error(text: str, line: int, column: int, length: int, message: str) -> None:
    e = error(text)
    assert (e.line, e.column, e.length, e.message) == (line, column, length, message)
    # the position is the offending word
    assert text.splitlines()[line - 1][column - 1:column - 1 + length] == message.split("'")[1]


def test_name_errors_are_all_reported_at_once() -> None:
    errs = errors("produce clai; vp 1 per brwn card; science gears")
    assert [(e.line, e.column, e.message.split(";")[0]) for e in errs] == [
        (1, 9, "unknown resource 'clai'"),
        (1, 24, "unknown colour 'brwn'"),
        (1, 43, "unknown science symbol 'gears'"),
    ]


def test_error_render_shows_line_and_caret() -> None:
    err = pytest.raises(CardTextError, parse_effects, "coins 2;\nvp 1 per brwn card", V).value
    assert err.render() == ("2:10: unknown colour 'brwn'; did you mean 'brown'?\n"
                            "  vp 1 per brwn card\n"
                            "           ^^^^")
    assert str(err) == "2:10: unknown colour 'brwn'; did you mean 'brown'?"


COST_ERRORS = [
    ("3 coins, 2 wod", 1, 12, "unknown resource 'wod'; did you mean 'wood'?"),
    ("", 1, 1, "text ends too early; expected 'free', 'needs', a name, a number"),
    ("2", 1, 2, "text ends too early; expected a name"),
    ("coins 3", 1, 7, "unexpected '3'; expected 'per', ',', end of text (the number comes first: '3 coins', '2 wood')"),
    ("free, wood", 1, 5, "unexpected ','; expected end of text"),
    ("2 stone ore", 1, 9, "unexpected 'ore'; expected 'per', ',', end of text"),
    ("2 stone; ore", 1, 8, "unexpected ';'; expected 'per', ',', end of text"),
    ("silk", 1, 1, "unknown resource 'silk'"),
]


@pytest.mark.parametrize("text,line,column,message", COST_ERRORS, ids=[t[0] or "<empty>" for t in COST_ERRORS])
def test_cost_error(text: str, line: int, column: int, message: str) -> None:
    e = error(text, cost=True)
    assert (e.line, e.column, e.message) == (line, column, message)


def test_cost_text_is_not_an_effect_and_back() -> None:
    assert error("2 wood").message.startswith("unexpected '2'; expected an effect word")
    assert error("vp", cost=True).message == "unknown resource 'vp'"
    assert error("vp 3", cost=True).message.startswith("unexpected '3'; expected 'per', ','")


@pytest.mark.parametrize("text", ["buy raw from self for 1", "buy raw/glass from all for 3",
                                  "copy purple card from self", "copy purple card from all"])
def test_trade_and_copy_take_neighbours_only(text: str) -> None:
    with pytest.raises(CardTextError) as err:
        parse_effects(text, BASE_VOCABULARY)
    assert "neighbours only" in err.value.errors[0].message

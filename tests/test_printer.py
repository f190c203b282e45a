"""The canonical printer and the English renderer.

Exact strings for every effect kind, then the round-trip property on random ASTs of every kind
(`parse_effects(effects_text(ast)) == ast`, `parse_cost(cost_text(c)) == c`), then the same
round trip on every effect and cost of the shipped base pack.
"""
from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dsl import ast as A
from dsl.english import cost_english, effects_english, english
from dsl.limits import LIMITS
from dsl.grammar import KEYWORDS as _KEYWORDS
from dsl.parser import parse_cost, parse_effects
from dsl.printer import canonical, cost_text, effects_text
from dsl.registry import EFFECTS, SPEC_BY_NODE
from dsl.vocab import BASE_VOCABULARY, Vocabulary

V = Vocabulary(colors=(*BASE_VOCABULARY.colors, "black"), decks=("heroes",),
               tokens=("debt", "diplomacy"), tracks=("red", "yellow"))  # the base words, plus a deck,
#                a colour, token kinds, tracks

# (card text as a modder may write it, canonical text, English text)
CASES = [
    # durations, surcharges, shields counted, the buy-from-you event
    ("produce wood until age ends", "produce wood until age ends",
     "Produces 1 wood each turn, until the end of the age it is built in."),
    ("shields 2 until age ends", "shields 2 until age ends", "2 shields, until the end of the age it is built in."),
    ("surcharge 1 coins on yellow cards for neighbours", "surcharge 1 coin on yellow cards for neighbors",
     "Yellow cards cost your two neighbours 1 coin more."),
    ("vp 1 per 2 shields", "vp 1 per 2 shields in self", "1 victory point for every 2 shields in your city, at game end."),
    ("coins 1 when neighbors buy from you", "coins 1 when neighbors buy from you",
     "Each time either neighbour buys resources from you, take 1 coin."),
    # produce
    ("produce wood", "produce wood", "Produces 1 wood each turn."),
    ("produce 2 clay", "produce 2 clay", "Produces 2 clay each turn."),
    ("produce glass,loom", "produce glass, loom", "Produces 1 glass and 1 loom each turn."),
    ("produce 2 stone, ore", "produce 2 stone, ore", "Produces 2 stone and 1 ore each turn."),
    ("produce ore / clay", "produce ore/clay", "Produces one of ore or clay each turn."),
    ("produce glass/loom/papyrus untradable", "produce glass/loom/papyrus untradable",
     "Produces one of glass, loom or papyrus each turn (neighbours cannot buy it)."),
    ("produce clay untradable", "produce clay untradable",
     "Produces 1 clay each turn (neighbours cannot buy it)."),
    ("produce cloth", "produce loom", "Produces 1 loom each turn."),
    # shields
    ("shields 1", "shields 1", "1 shield."),
    ("shield 3", "shields 3", "3 shields."),
    # science
    ("science gear", "science gear", "Science symbol: gear."),
    ("science wheel", "science gear", "Science symbol: gear."),
    ("science any", "science any",
     "One science symbol of your choice (compass, gear or tablet), chosen at game end."),
    ("science compass/tablet", "science compass/tablet",
     "One science symbol of your choice (compass or tablet), chosen at game end."),
    # coins
    ("coins 5", "coins 5", "Take 5 coins when built."),
    ("coins 1", "coins 1", "Take 1 coin when built."),
    ("coins 1 per brown card in left, self, right", "coins 1 per brown card in left, self, right",
     "1 coin for each brown card in your city and in your two neighbours' cities, taken when built."),
    ("coins 2 per grey card in neighbours, self", "coins 2 per grey card in left, self, right",
     "2 coins for each grey card in your city and in your two neighbours' cities, taken when built."),
    ("coins 3 per wonder stage", "coins 3 per wonder stage in self",
     "3 coins for each wonder stage built in your city, taken when built."),
    ("coins 1 per yellow/red cards in left", "coins 1 per yellow/red card in left",
     "1 coin for each yellow or red card in your left neighbour's city, taken when built."),
    ("coins 2 per card in all", "coins 2 per card in left, self, right",
     "2 coins for each card in your city and in your two neighbours' cities, taken when built."),
    ("coins 1 per victory in right", "coins 1 per victory in right",
     "1 coin for each victory token in your right neighbour's city, taken when built."),
    # vp
    ("vp 3", "vp 3", "3 victory points."),
    ("vp 1", "vp 1", "1 victory point."),
    ("vp 1 per defeat in neighbors", "vp 1 per defeat in neighbors",
     "1 victory point for each defeat token in your two neighbours' cities, at game end."),
    ("vp 1 per defeats in right, left", "vp 1 per defeat in neighbors",
     "1 victory point for each defeat token in your two neighbours' cities, at game end."),
    ("vp 1 per wonder stages in all", "vp 1 per wonder stage in left, self, right",
     "1 victory point for each wonder stage built in your city and in your two neighbours' cities, "
     "at game end."),
    ("vp 1 per brown/grey/purple card in self", "vp 1 per brown/grey/purple card in self",
     "1 victory point for each brown, grey or purple card in your city, at game end."),
    ("vp 2 per grey card in neighbours", "vp 2 per grey card in neighbors",
     "2 victory points for each grey card in your two neighbours' cities, at game end."),
    ("vp 1 per card", "vp 1 per card in self", "1 victory point for each card in your city, at game end."),
    ("vp 1 per victories in left", "vp 1 per victory in left",
     "1 victory point for each victory token in your left neighbour's city, at game end."),
    ("vp 1 per brown card in right", "vp 1 per brown card in right",
     "1 victory point for each brown card in your right neighbour's city, at game end."),
    # buy
    ("buy raw from right for 1", "buy raw from right for 1",
     "Buy raw materials from your right neighbour for 1 coin each."),
    ("buy raw from left, right for 1", "buy raw from neighbors for 1",
     "Buy raw materials from either neighbour for 1 coin each."),
    ("buy manufactured from neighbours for 1", "buy manufactured from neighbors for 1",
     "Buy manufactured goods from either neighbour for 1 coin each."),
    ("buy glass/cloth from left for 2", "buy glass/loom from left for 2",
     "Buy glass or loom from your left neighbour for 2 coins each."),
    # powers
    ("free build once per age", "free build once per age",
     "Once per age, build a structure from your hand for free."),
    ("free build once per game", "free build once per game",
     "Once per game, build a structure from your hand for free."),
    ("play last card", "play last card",
     "Play the last card of each age instead of discarding it "
     "(build it, use it for a wonder stage or sell it)."),
    ("build from discard", "build from discard", None),  # English checked below
    ("build from heroes", "build from heroes",
     "At the end of the turn in which this is built, play one card of your heroes hand, paying its cost."),
    ("draw 4 from heroes", "draw 4 from heroes",
     "When built, draw 4 cards of the heroes deck at random from the box into your heroes hand."),
    ("truce with neighbours", "truce with neighbors", "No conflict between you and your two neighbours: "
     "neither takes a token from the other."),
    ("give defeat to winner", "give defeats to winner",
     "Each defeat token you would receive goes to the neighbour who beat you."),
    ("token 1 diplomacy", "tokens 1 diplomacy", "When built, take 1 diplomacy token."),
    ("advance red", "advance red",
     "When built, move your red marker one step along its track; you gain the reward of the step it reaches."),
    ("advance  yellow for 2 coins", "advance yellow for 2 coins",
     "When built, you may pay 2 coins (if you then have them) to move your yellow marker one step "
     "along its track; you gain the reward of the step it reaches."),
    ("others lose 2 coins", "others lose 2 coins",
     "When built, every other city loses 2 coins (or takes a debt token for each coin it does not pay)."),
    ("neighbours lose 1 coin per victory", "neighbors lose 1 coin per victory",
     "When built, each of your two neighbours loses 1 coin for each victory token it has "
     "(or takes a debt token for each coin it does not pay)."),
    ("neighbors gain 1 coin", "neighbors gain 1 coin",
     "When built, each of your two neighbours takes 1 coin from the bank."),
    ("rebate 1 coin from right", "rebate 1 coin from right",
     "Each turn, the first resource you buy from your right neighbour costs 1 coin less."),
    ("copy purple card from neighbors", "copy purple card from neighbors",
     "At game end, copy one purple card built by either neighbour."),
    ("copy purple cards from left", "copy purple card from left",
     "At game end, copy one purple card built by your left neighbour."),
    ("copy green/purple card from right", "copy green/purple card from right",
     "At game end, copy one green or purple card built by your right neighbour."),
    # counting: N of a thing, coins, sets, science sets, the age
    ("vp 1 per 3 coins", "vp 1 per 3 coins in self",
     "1 victory point for every 3 coins in your treasury, at game end."),
    ("vp 1 per coins", "vp 1 per coin in self",
     "1 victory point for each coin in your treasury, at game end."),
    ("coins 1 per 2 coin in neighbours", "coins 1 per 2 coins in neighbors",
     "1 coin for every 2 coins in your two neighbours' treasuries, taken when built."),
    ("vp 3 per set of red/blue/green card", "vp 3 per set of red/blue/green cards in self",
     "3 victory points for each set of one red, one blue and one green card in your city, at game end."),
    ("vp 1 per 2 set of red/blue cards in left", "vp 1 per 2 sets of red/blue cards in left",
     "1 victory point for every 2 sets of one red and one blue card in your left neighbour's city, "
     "at game end."),
    ("vp 3 per science sets", "vp 3 per science set in self",
     "3 victory points for each set of compass, gear and tablet science symbols in your city, "
     "at game end."),
    ("coins 1 per age", "coins 1 per age",
     "1 coin for each age so far (the current one included), taken when built."),
    ("vp 1 per 2 brown card", "vp 1 per 2 brown cards in self",
     "1 victory point for every 2 brown cards in your city, at game end."),
    ("vp 1 per 2 wonder stage in all", "vp 1 per 2 wonder stages in left, self, right",
     "1 victory point for every 2 wonder stages built in your city and in your two neighbours' "
     "cities, at game end."),
    ("vp 1 per 2 victory", "vp 1 per 2 victories in self",
     "1 victory point for every 2 victory tokens in your city, at game end."),
    ("vp -1 per 3 defeat", "vp -1 per 3 defeats in self",
     "Minus 1 victory point for every 3 defeat tokens in your city, at game end."),
    # buying from the bank
    ("buy any from bank for 1", "buy any from bank for 1",
     "Once per turn, buy 1 resource of your choice from the bank for 1 coin."),
    ("buy raw from bank for 2", "buy raw from bank for 2",
     "Once per turn, buy 1 raw material of your choice from the bank for 2 coins."),
    ("buy glass/cloth from bank for 1", "buy glass/loom from bank for 1",
     "Once per turn, buy 1 glass or loom from the bank for 1 coin."),
    # copy now
    ("copy purple cards from neighbours now", "copy purple card from neighbors now",
     "When built, copy one purple card built by either neighbour: its whole effect is yours "
     "from then on."),
    # a built card given up
    ("discard own grey cards for 3 coins", "discard own grey card for 3 coins",
     "When built, you may discard one of your own grey cards (it goes to the discard pile and "
     "its effects end) to take 3 coins."),
    # trade beyond the neighbours
    ("trade 2 seat away", "trade 2 seats away",
     "You may also buy resources from the cities 2 seats away on either side, at the usual trade price."),
    # two identical resources of one's own stand for one of any (when paying)
    ("exchange 2 same for 1 any", "exchange 2 same for 1 any",
     "When you pay a cost, 2 identical resources you produce may stand for 1 resource of your "
     "choice, as often as you have them."),
    # rules numbers changed while the card holds
    ("rule trade_price +2 for left, self, right", "rule trade_price +2 for all",
     "While this holds, each resource every city buys from a neighbour costs 2 coins more."),
    ("rule defeat -1", "rule defeat -1", "While this holds, each defeat token you take is worth 1 point less."),
    # a card of a second hand buried
    ("bury card from leaders for 2 vp per coin", "bury card from leaders for 2 vp per coin",
     "When built, you may bury one card of your leaders hand (it leaves the game): 2 victory points "
     "for each coin of its cost, at game end."),
    # tokens given back
    ("remove all defeat token; remove 1 victory tokens for others",
     "remove all defeat tokens; remove 1 victory token for others",
     "When built, discard all your military defeat tokens. When built, every other city discards 1 "
     "military victory token of its choice."),
    # cost changes
    ("discount 1 resources on green card", "discount 1 resource on green cards",
     "Green cards cost you 1 resource less (of your choice)."),
    ("discount 2 resource on wonder stage", "discount 2 resources on wonder stages",
     "Wonder stages cost you 2 resources less (of your choice)."),
    ("discount 2 coin on purple cards for self", "discount 2 coins on purple cards",
     "Purple cards cost you 2 coins less."),
    ("discount 1 coins on yellow cards for left, right", "discount 1 coin on yellow cards for neighbors",
     "Yellow cards cost your two neighbours 1 coin less."),
    ("discount 1 resource on cards for right", "discount 1 resource on cards for right",
     "Cards cost your right neighbour 1 resource less (of the builder's choice)."),
    ("free purple card", "free purple cards", "You build purple cards for free."),
    ("free blue/purple cards for neighbours", "free blue/purple cards for neighbors",
     "Your two neighbours build blue or purple cards for free."),
    ("free wonder stage for all", "free wonder stages for left, self, right",
     "You and your two neighbours build wonder stages for free."),
    # triggers
    ("coins 2 when build yellow cards", "coins 2 when build yellow card",
     "Each time you build a yellow card, take 2 coins."),
    ("coins 2 when build card", "coins 2 when build card", "Each time you build a card, take 2 coins."),
    ("coins 2 when build chain", "coins 2 when build chain",
     "Each time you build a card for free through a chain, take 2 coins."),
    ("coins 1 when build wonder stages", "coins 1 when build wonder stage",
     "Each time you build a wonder stage, take 1 coin."),
    ("coins 1 when buy once per turn", "coins 1 when buy once per turn",
     "Each time you buy resources from a neighbour (at most once per turn), take 1 coin."),
    ("coins 2 when win conflict", "coins 2 when win conflict", "Each time you win a conflict, take 2 coins."),
    ("coins 1 when lose conflict", "coins 1 when lose conflict", "Each time you lose a conflict, take 1 coin."),
    ("coins 2 when build yellow/red card once per turn", "coins 2 when build yellow/red card once per turn",
     "Each time you build a yellow or red card (at most once per turn), take 2 coins."),
    ("coins 1 per brown card when build card", "coins 1 per brown card in self when build card",
     "Each time you build a card, take 1 coin for each brown card in your city."),
    ("coins -1 when lose conflict", "coins -1 when lose conflict",
     "Each time you lose a conflict, lose 1 coin."),
    # choices, and targets chosen as the effect applies
    ("choose coins 3 or vp 2", "choose coins 3 or vp 2",
     "When built, choose one: take 3 coins or score 2 victory points (kept to the game's end)."),
    ("choose one: coins 3 | vp 2 | tokens 1 diplomacy", "choose coins 3 or vp 2 or tokens 1 diplomacy",
     "When built, choose one: take 3 coins, score 2 victory points (kept to the game's end) or take "
     "1 diplomacy token."),
    ("choose coins 2 or vp 1 when build red card", "choose coins 2 or vp 1 when build red card",
     "Each time you build a red card, choose one: take 2 coins or score 1 victory point (kept to the "
     "game's end)."),
    ("tokens 1 defeat for the neighbour of your choice", "tokens 1 defeat for a neighbor of your choice",
     "When built, a neighbour of your choice takes 1 military defeat token, as a war gives it."),
    ("the weaker neighbour lose 2 coins", "the weaker neighbor lose 2 coins",
     "When built, your neighbour with fewer shields at that moment (the left one on a tie) loses 2 coins "
     "(or takes a debt token for each coin it does not pay)."),
    ("copy purple card from the stronger neighbor", "copy purple card from the stronger neighbor",
     "At game end, copy one purple card built by your neighbour with more shields at that moment (the "
     "left one on a tie)."),
    # several effects
    ("coins 2;vp 1 per brown card ; shields 1", "coins 2; vp 1 per brown card in self; shields 1",
     "Take 2 coins when built. 1 victory point for each brown card in your city, at game end. 1 shield."),
]


@pytest.mark.parametrize("text,canon,_", CASES, ids=[c[0] for c in CASES])
def test_canonical_text(text: str, canon: str, _: str) -> None:
    effects = parse_effects(text, V)
    assert effects_text(effects) == canon
    assert parse_effects(canon, V) == effects
    assert effects_text(parse_effects(canon, V)) == canon  # canonical text is a fixed point


@pytest.mark.parametrize("text,_,eng", CASES, ids=[c[0] for c in CASES])
def test_english_text(text: str, _: str, eng: str | None) -> None:
    out = effects_english(parse_effects(text, V), V)
    if eng is None:
        assert out.startswith("At the end of the turn") and "discard pile for free" in out
    else:
        assert out == eng


def test_cases_cover_every_effect_word() -> None:
    assert {SPEC_BY_NODE[type(e)].word for t, _, _ in CASES for e in parse_effects(t, V)} == set(EFFECTS)


def test_english_of_single_nodes() -> None:
    assert english(A.Shields(2)) == "2 shields."
    assert english(A.Science(("any",)), Vocabulary(symbols=("gear", "rune"))) == \
        "One science symbol of your choice (gear or rune), chosen at game end."


COSTS = [
    ("free", "free", "free"),
    ("1 coin", "1 coin", "1 coin"),
    ("coin", "1 coin", "1 coin"),
    ("2 coins", "2 coins", "2 coins"),
    ("3 coins, 2 wood", "3 coins, 2 wood", "3 coins and 2 wood"),
    ("2 stone, ore", "2 stone, ore", "2 stone and 1 ore"),
    ("cloth", "loom", "1 loom"),
    ("2 stone,2 clay,glass", "2 stone, 2 clay, glass", "2 stone, 2 clay and 1 glass"),
    ("wood, 1 coin, wood", "1 coin, 2 wood", "1 coin and 2 wood"),
]


@pytest.mark.parametrize("text,canon,eng", COSTS, ids=[c[0] for c in COSTS])
def test_cost_text_and_english(text: str, canon: str, eng: str) -> None:
    cost = parse_cost(text, V)
    assert cost_text(cost) == canon
    assert cost_english(cost) == eng
    assert parse_cost(canon, V) == cost


def test_canonical_rejects_unknown_nodes() -> None:
    with pytest.raises(TypeError):
        canonical(object())
    with pytest.raises(TypeError):
        english(object())


# -- round trip on random ASTs ----------------------------------------------------------

def unique(elements, min_size=1, max_size=None):
    return st.lists(st.sampled_from(elements), min_size=min_size, max_size=max_size,
                    unique=True).map(tuple)


SIDES = unique(A.SIDE_ORDER).map(A.normalize_sides)
NEIGHBOUR_SIDES = unique(("left", "right")).map(A.normalize_sides)
OTHERS = st.just(("others",))
CHOSEN = st.sampled_from(A.CHOSEN_NEIGHBOURS).map(lambda w: (w,))
# seats at a distance (`2 seats left`), with or without sides near the owner
FAR = st.builds(A.seat_side, st.integers(2, 6), st.sampled_from(A.SEAT_WAYS))
WITH_FAR = st.tuples(unique(A.SIDE_ORDER, 0), st.lists(FAR, min_size=1, max_size=3)).map(
    lambda t: A.normalize_sides([*t[0], *t[1]]))
OTHERS_FAR = st.tuples(unique(("left", "right"), 0), st.lists(FAR, min_size=1, max_size=3)).map(
    lambda t: A.normalize_sides([*t[0], *t[1]]))  # other cities only
# a TARGET (dsl effects.lark): a side list, others, a neighbour chosen when the effect applies,
# or seats at a distance
TARGETS = SIDES | OTHERS | CHOSEN | WITH_FAR
COLORS = V.colors
RESOURCES = V.resources
SYMBOLS = V.symbols


@st.composite
def counted(draw) -> A.Counted:
    what = draw(st.sampled_from(A.COUNTED_KINDS))
    if what == "age":
        return A.Counted("age", (), ())
    colors = {"card": unique(COLORS, 0, 3), "set": unique(COLORS, 1, 3)}.get(what, st.just(()))
    token = draw(st.sampled_from(V.tokens)) if what == "token" else ""
    resource = draw(st.sampled_from(RESOURCES)) if what == "produced" else ""  # `per stone produced`
    sides = draw(TARGETS)  # sides, others or a chosen neighbour
    return A.Counted(what, draw(colors), sides, draw(st.integers(1, 5)), token, resource)


@st.composite
def picks(draw) -> tuple[A.Pick]:
    """A target chosen by a count (`the neighbor with most shields`, `every other city with no
    defeats`): the count is of one city, never the age or the tucked colour."""
    c = draw(counted().filter(lambda c: c.what not in ("age", "tucked")))
    c = dataclasses.replace(c, sides=(), every=1, line=0, column=0)
    if draw(st.booleans()):
        c = A.Counted("shield", (), ())
    how = draw(st.sampled_from(A.PICK_HOWS))
    if how in ("most", "fewest"):
        return (A.Pick(how, c),)
    return (A.Pick(how, c, draw(st.integers(1, 9)) if how == "at_least" else 0, draw(st.booleans())),)


@st.composite
def others_coins(draw) -> A.OthersCoins:
    sides = draw(st.just(("others",)) | NEIGHBOUR_SIDES | OTHERS_FAR | picks() | CHOSEN | OWNER)
    amount = draw(st.integers(1, 9)) * draw(st.sampled_from([-1, 1]))
    if amount < 0 and isinstance(sides[0], A.Pick) and sides[0].how in ("none", "at_least"):
        sides = (dataclasses.replace(sides[0], other=True),)  # `lose` acts on other cities only
    per = draw(st.none() | counted())
    if per is not None and per.what != "age":
        per = dataclasses.replace(per, sides=("self",))  # counted in each city
    return A.OthersCoins(amount, sides, per, amount < 0 and draw(st.booleans()))  # `... to you`: stolen


@st.composite
def discounts(draw) -> A.Discount:
    target = draw(st.builds(A.Target, st.just("card"), unique(COLORS, 0, 3))
                  | st.just(A.Target("wonder_stage")))
    unit = draw(st.sampled_from(["resource", "coin", "all", "all_resources"]))
    amount = 0 if unit in ("all", "all_resources") else draw(st.integers(1, 5))
    per = None if unit in ("all", "all_resources") else draw(st.none() | counted())  # a counted discount
    return A.Discount(unit, target, amount, draw(SIDES | OTHERS), per)


@st.composite
def events(draw) -> A.Event:
    kind = draw(st.sampled_from(A.EVENT_KINDS))
    whose = ("self",) if kind in ("age_start", "age_end", "game_end") else \
        draw(NEIGHBOUR_SIDES) if kind == "sold" else \
        draw(st.just(("self",)) | st.just(("others",)) | SIDES | WITH_FAR)
    return A.Event(kind, draw(unique(COLORS, 0, 3)) if kind == "build" else (), whose)


@st.composite
def triggers(draw) -> A.Trigger:
    """A trigger, limited once per turn, or once per age or game, or not at all."""
    event = draw(events())
    limit = "" if event.kind == "game_end" else draw(st.sampled_from(["", "turn", "age", "game"]))
    return A.Trigger(draw(st.builds(A.Coins, AMOUNT, st.none() | counted())), event,
                     limit == "turn", limit if limit in ("age", "game") else "")


@st.composite
def shields(draw) -> A.Shields:
    """Own shields (never negative), or shields of other cities (`for neighbors`, any sign)."""
    sides = draw(st.just(("self",)) | NEIGHBOUR_SIDES | OTHERS | OTHERS_FAR | CHOSEN
                 | picks().filter(lambda p: p[0].how in ("most", "fewest") or p[0].other))
    count = draw(st.integers(0, 9) if sides == ("self",) else st.integers(-9, 9))
    return A.Shields(count, draw(st.none() | counted()), sides)


@st.composite
def trades(draw) -> A.Trade:
    price = draw(st.integers(0, 5))
    if draw(st.booleans()):  # from neighbours
        return A.Trade(draw(unique((*V.resource_classes, *RESOURCES), 1, 4)), draw(NEIGHBOUR_SIDES), price)
    names = draw(st.just(("any",)) | unique((*V.resource_classes, *RESOURCES), 1, 4))
    return A.Trade(names, ("bank",), price)


@st.composite
def produce(draw) -> A.Produce:
    tradable = draw(st.booleans())
    if draw(st.integers(0, 5)) == 0:
        return A.Produce((), True, False, draw(st.sampled_from(["produced", "unproduced"])))
    sides = draw(st.just(("self",)) | NEIGHBOUR_SIDES | OTHERS)  # given to other cities, or not
    if draw(st.booleans()):
        names = draw(unique(RESOURCES, 2, 4))
        return A.Produce(tuple((r, 1) for r in names), choice=True, tradable=tradable, sides=sides)
    names = draw(unique(RESOURCES, 1, 4))
    amounts = draw(st.lists(st.integers(1, 5), min_size=len(names), max_size=len(names)))
    return A.Produce(tuple(zip(names, amounts)), choice=False, tradable=tradable, sides=sides)


AMOUNT = st.integers(-5, 20)
OWNER = st.just((A.OWNER_CHOICE,))


@st.composite
def choices(draw) -> A.Choice:
    """Two to four different one-time gains (no choice inside a choice)."""
    gain = (st.builds(A.Coins, AMOUNT, st.none() | counted()) | st.builds(A.VictoryPoints, AMOUNT)
            | st.builds(A.Tokens, st.integers(1, 5), st.sampled_from(V.tokens), TARGETS | picks())
            | st.builds(A.Draw, st.integers(1, 9), st.just("heroes")) | others_coins().filter(
                lambda o: o.sides != (A.OWNER_CHOICE,))
            | produce().filter(lambda p: not p.relative and p.sides == ("self",))  # what lasts
            | st.builds(A.Shields, st.integers(0, 9), st.none()))
    options = draw(st.lists(gain, min_size=2, max_size=4, unique_by=canonical))
    return A.Choice(tuple(options))
EFFECT_STRATEGIES = {
    "produce": produce(),
    "shields": shields(),
    "science": unique((*SYMBOLS, "any"), 1, 4).map(A.Science)
    | st.sampled_from([("most",), ("swap",)]).map(A.Science),
    "coins": st.builds(A.Coins, AMOUNT, st.none() | counted()),
    "vp": st.builds(A.VictoryPoints, AMOUNT, st.none() | counted()),
    "buy": trades(),
    "free": st.builds(A.FreeBuild, st.sampled_from(["age", "game"]), unique(COLORS, 0, 2)),
    "play": st.sampled_from(["", "age", "game"]).map(A.PlayLastCard),
    "build": st.builds(A.BuildFromDiscard, st.sampled_from(["", "heroes"])),
    "draw": st.builds(A.Draw, st.integers(1, 9), st.just("heroes")),
    "give": st.just(A.GiveDefeats()),
    "truce": st.builds(A.Truce, st.sampled_from([("left",), ("right",), ("left", "right"), ("ally",)])),
    "tokens": st.builds(A.Tokens, st.integers(1, 5), st.sampled_from((*V.tokens, *A.CONFLICT_TOKENS)), TARGETS | picks()),
    "remove": st.builds(A.RemoveTokens, st.integers(0, 5), st.sampled_from((*V.tokens, *A.CONFLICT_TOKENS)),
                        SIDES | OTHERS | CHOSEN | picks() | OWNER),
    "lose": others_coins(),
    "rebate": st.builds(A.Rebate, st.integers(1, 3), unique(("left", "right")).map(A.normalize_sides)),
    "copy": st.builds(A.CopyCard, unique(COLORS, 1, 3), NEIGHBOUR_SIDES | OTHERS_FAR | CHOSEN
                      | picks().filter(lambda p: p[0].how in ("most", "fewest")), st.booleans()),
    "choose": choices(),
    "discount": discounts(),
    "when": triggers(),
    "discard": st.builds(A.DiscardOwn, unique(COLORS, 0, 3), st.integers(1, 20)),
    "trade": st.builds(A.FarTrade, st.integers(2, 6)),
    "exchange": st.builds(A.Exchange, st.integers(2, 5)),
    "bury": st.builds(A.Bury, st.sampled_from(["leaders", "heroes"]), st.integers(1, 5)),
    "advance": st.builds(A.Advance, st.sampled_from(V.tracks), st.integers(0, 9),
                         st.lists(st.tuples(st.sampled_from(V.resources), st.integers(1, 3)), max_size=2,
                                  unique_by=lambda x: x[0]).map(tuple)),
    "rule": st.builds(A.RuleChange, st.sampled_from(["trade_price", "sell_coins", "victory", "defeat"]),
                      st.integers(-9, 9).filter(bool),
                      unique(("left", "self", "right"), 1, 3).map(A.normalize_sides) | OTHERS | WITH_FAR),
}
EFFECT_STRATEGIES["surcharge"] = st.builds(
    A.Surcharge, st.integers(1, 5), st.builds(A.Target, st.just("card"), unique(COLORS, 0, 3))
    | st.just(A.Target("wonder_stage")), SIDES | OTHERS, st.none() | counted())
EFFECT_STRATEGIES["until"] = st.builds(A.Lasting, st.one_of(
    *(EFFECT_STRATEGIES[w] for w in ("produce", "shields", "buy", "discount", "surcharge", "rebate", "rule", "truce"))))
ANY_EFFECT = st.one_of(*EFFECT_STRATEGIES.values())


def test_strategies_cover_the_registry() -> None:
    assert set(EFFECT_STRATEGIES) == set(EFFECTS)


@pytest.mark.parametrize("word", sorted(EFFECT_STRATEGIES))
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_round_trip_each_kind(word: str, data: st.DataObject) -> None:
    effect = data.draw(EFFECT_STRATEGIES[word])
    text = effects_text((effect,))
    parsed = parse_effects(text, V)
    assert parsed == (effect,), text
    assert type(parsed[0]) is EFFECTS[word].node
    assert effects_text(parsed) == text
    assert effects_english(parsed, V)  # every valid tree has an English text


@settings(max_examples=300, deadline=None)
@given(st.lists(ANY_EFFECT, min_size=1, max_size=5).map(tuple))
def test_round_trip_effect_lists(effects: tuple[A.Effect, ...]) -> None:
    text = effects_text(effects)
    assert parse_effects(text, V) == effects, text
    assert parse_effects(text) == effects, text  # no vocabulary: same tree


@st.composite
def costs(draw) -> A.Cost:
    names = draw(unique(RESOURCES, 0, 4))
    amounts = draw(st.lists(st.integers(1, 5), min_size=len(names), max_size=len(names)))
    most = max(1, LIMITS.cost_units // max(1, len(names)))  # a cost holds at most 12 resources
    amounts = [min(a, most) for a in amounts]
    needs = draw(st.lists(st.tuples(st.integers(1, 9), counted().filter(lambda c: c.what != "age")), max_size=2))
    needs = [(n, dataclasses.replace(c, every=1)) for n, c in needs]  # at least n, not groups
    return A.Cost(draw(st.integers(0, 12)), tuple(zip(names, amounts)), 0, tuple(needs))


@settings(max_examples=300, deadline=None)
@given(costs())
def test_round_trip_costs(cost: A.Cost) -> None:
    text = cost_text(cost)
    assert parse_cost(text, V) == cost, text
    assert cost_text(parse_cost(text, V)) == text
    assert cost_english(cost)


# -- plug-in effects: word, then numbers, words and side lists ---------------------------

# words no test registers with PLUGINS (a registered word has its arguments checked)
PLUGIN_VOCAB = Vocabulary(plugin_words=frozenset({"zz_levy", "zz_tithe"}))
# Known limits of plug-in arguments (effects.lark), not generated here:
# - a lone side word is read as the start of a side list, and side lists need two sides;
# - a word that may follow a side list elsewhere (`for` of `buy ... from SIDES for N` and
#   `discount ... for SIDES`, `now` of `copy`, `when` of a trigger, `until` of a duration, `if` of `vp`, `lose`/`gain` of
#   `others lose 1 coin`, the events of `when SIDES build|buy|win|lose|take ...`, `and` of a
#   cost's `needs ... in SIDES and ...`, `per` of `discount ... for SIDES per ...`) is read as that
#   keyword right after a side list (the LALR state after a side is shared), so `tax left, right
#   for` fails.
# - `or` of `choose A or B`: a plug-in word may be an option, so `or` after its arguments is read
#   as the choice's; `to` of `SIDES lose N coins to you` after a side list.
_SIDE_WORDS = {"left", "self", "right", "neighbors", "neighbours", "all", "others"}
_NOT_WORD_ARGS = _SIDE_WORDS | {"for", "now", "when", "lose", "gain", "if", "build", "buy", "win", "take",
                                "and", "per", "until", "or", "to", "ally"}
PLUGIN_ARG = st.one_of(
    st.integers(-9, 99),
    st.from_regex(r"\A[a-z][a-z_]{0,7}\Z").filter(lambda w: w not in _NOT_WORD_ARGS),
    st.sampled_from([k for k in _KEYWORDS if k not in _NOT_WORD_ARGS]),  # keywords are words here
    unique(A.SIDE_ORDER, 2, 3).map(A.normalize_sides),
)


@settings(max_examples=200, deadline=None)
@given(st.builds(A.PluginEffect, st.sampled_from(["zz_levy", "zz_tithe"]),
                 st.lists(PLUGIN_ARG, max_size=4).map(tuple)))
def test_round_trip_plugin_effects(effect: A.PluginEffect) -> None:
    text = effects_text((effect,))
    assert parse_effects(text, PLUGIN_VOCAB) == (effect,), text


# -- the shipped base pack --------------------------------------------------------------

@pytest.fixture(scope="module")
def base_pack():
    from dsl.loader import load_pack
    return load_pack("base")


def test_base_pack_cards_round_trip(base_pack) -> None:
    vocab = base_pack.rules.vocab
    assert base_pack.cards
    for card in base_pack.cards:
        text = effects_text(card.effects)
        assert parse_effects(text, vocab) == card.effects, (card.name, text)
        assert parse_cost(cost_text(card.cost), vocab) == card.cost, card.name
        assert effects_english(card.effects, vocab), card.name


def test_base_pack_wonder_stages_round_trip(base_pack) -> None:
    vocab = base_pack.rules.vocab
    stages = [(w.name, side.name, i, stage) for w in base_pack.wonders
              for side in w.sides.values() for i, stage in enumerate(side.stages, 1)]
    assert stages
    for wonder, side, i, stage in stages:
        text = effects_text(stage.effects)
        assert parse_effects(text, vocab) == stage.effects, (wonder, side, i, text)
        assert parse_cost(cost_text(stage.cost), vocab) == stage.cost, (wonder, side, i)
    for w in base_pack.wonders:
        for side in w.sides.values():
            assert parse_effects(effects_text(side.effects), vocab) == side.effects

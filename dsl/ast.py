"""Typed AST of the card language.

Nodes are frozen so compiled packs can share them freely; source positions
(line/column inside the effect text, 1-based) never take part in equality, so
`parse(print(ast)) == ast` compares meaning, not layout. It is over 400 lines for a reason: one node
per construct of the language, so its whole shape is read in one place.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Union

SIDE_ORDER = ("left", "self", "right")
# a neighbour chosen when counted or when an effect applies (`per brown card in richer neighbor`,
# `tokens 1 defeat for the richer neighbor`): by coins or shields; on a tie, the left one
CHOSEN_NEIGHBOURS = ("richer", "poorer", "stronger", "weaker")
# a seat at a distance round the ring (`2 seats left`): one side string, its own canonical text;
# N >= 2 (`1 seat left` is written `left`), valid only where that seat is strictly nearer going
# that way (dsl/checks.py: check_seat_distances)
SEAT_WAYS = ("left", "right")
# a neighbour the owner's player chooses as the effect applies (`tokens 1 defeat for a neighbor of
# your choice`): one side string, standing alone; it compiles as a choice (Choice) between the
# effect for the left neighbour and for the right one
OWNER_CHOICE = "your choice"
# the city allied with the owner for the age (a card of an alliance phase's deck, `buy raw from
# ally for 1`): one side string, replaced by the side the ally sits on when the alliance forms
# (with_ally); refused on any other card (dsl/alliances.py)
ALLY = "ally"


def seat_side(distance: int, way: str) -> str:
    """The side string of the seat `distance` seats to the `way` (`left` for 1 seat left)."""
    return way if distance == 1 else f"{distance} seats {way}"


def seat_distance(side: object) -> tuple[int, str] | None:
    """(distance, way) of a side written `N seats left|right`; None for any other side."""
    if not isinstance(side, str) or not side[:1].isdigit():
        return None
    n, _, way = side.split(" ")
    return int(n), way


def _pos() -> int:
    return field(default=0, compare=False, repr=False)  # type: ignore[return-value]


@dataclass(frozen=True)
class Produce:
    """Resources made each turn: all of them, or one of them when `choice`.

    `relative` ("produced" / "unproduced"): one unit of a resource the city already produces,
    or does not produce, in what its neighbours may buy from it (`produce one produced`); such
    production is never tradable and `resources` is empty.

    `sides` other than ("self",): the production goes to those cities instead, as their own,
    for as long as the card stands in the owner's city (`produce wood for neighbors`)."""

    resources: tuple[tuple[str, int], ...]
    choice: bool = False
    tradable: bool = True
    relative: str = ""
    sides: tuple[str, ...] = ("self",)
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class Shields:
    """Military strength; with `per`, counted again at each conflict (`shields 1 per defeat`);
    with `sides` other than self, the strength of those cities (`shields -1 for neighbors`)."""

    count: int
    per: "Counted | None" = None
    sides: tuple[str, ...] = ("self",)
    line: int = _pos()
    column: int = _pos()


# science words that are not symbols: `any` (a symbol of the owner's choice), `most` (one more
# of the symbol the city has most of), `swap` (one of the city's symbols becomes any symbol)
SCIENCE_WILDS = ("any", "most", "swap")
SCIENCE_ALONE = ("most", "swap")  # never one of several choices
# `tokens N victory|defeat`: conflict tokens taken outside a war, worth what a war gives now
CONFLICT_TOKENS = ("victory", "defeat")


@dataclass(frozen=True)
class Science:
    """One science symbol; several names (or "any") mean the owner picks one at game end;
    "most" is one more of the city's most common symbol, "swap" turns one of its symbols into
    any symbol (both settled at game end, whichever scores best)."""

    symbols: tuple[str, ...]
    line: int = _pos()
    column: int = _pos()


COUNTED_KINDS = ("card", "wonder_stage", "defeat", "victory", "coin", "set", "science_set", "age",
                 "token", "produced", "tucked", "victory_pair", "shield")


@dataclass(frozen=True)
class Counted:
    """What a `per` clause counts, and in whose cities.

    what: "card" (of `colors`, empty = any), "wonder_stage", "defeat", "victory", "coin",
    "set" (complete sets of one card of each of `colors`), "science_set" (complete sets of
    the science symbols) or "age" (the current age; no cities). `every` > 1 counts whole
    groups: `per 3 coins` is floor(coins / 3). "token" counts tokens of the declared kind `token`
    (`per debt`, `per diplomacy`). "produced" counts the units of `resource` the city produces
    for its neighbours to buy (`per stone produced`: its tradable production, an either/or card
    counting one); "tucked" counts cards of the colour of the card used to build the wonder stage
    this effect is on (`per card of the tucked colour`; only in a stage's effect);
    "victory_pair" counts points of victory tokens held in pairs of one value, each pair its
    value once (`per point of victory pairs`: two 5s and three 1s count 5 + 1). "shield" counts
    the city's own shields (its cards', stages' and board's, as `the stronger neighbor` compares
    them; not those counted anew at a conflict)."""

    what: str
    colors: tuple[str, ...] = ()
    sides: tuple[str, ...] = ("self",)
    every: int = 1
    token: str = ""
    resource: str = ""
    line: int = _pos()
    column: int = _pos()


PICK_HOWS = ("most", "fewest", "none", "at_least")


@dataclass(frozen=True)
class Pick:
    """A target chosen by a count when the effect applies (one element of a `sides` tuple):
    `the neighbor with most|fewest COUNT` (tie: the left one), or `every [other] city with no COUNT`
    / `... with at least N COUNT` (the owner's city included unless `other`). `counted` counts in
    the city looked at (its sides are unused); "shield" counts shields, for this target only."""

    how: str
    counted: Counted
    at_least: int = 0
    other: bool = False


@dataclass(frozen=True)
class Coins:
    """Coins taken once, when the card is built (flat, or per counted thing at that moment)."""

    amount: int
    per: Counted | None = None
    line: int = _pos()
    column: int = _pos()


CONDITION_KINDS = ("more", "most", "none", "at_most")


@dataclass(frozen=True)
class Condition:
    """A test on the owner's city at game end, on a count (`counted`, in the owner's city):

    "more": more than each city of `than` counted separately (("left", "right") or ("others",),
    every other city): a tie is not more. "most": no other city has more (a tie counts).
    "none": the count is 0. "at_most": the count is at most `limit`."""

    kind: str
    counted: Counted
    than: tuple[str, ...] = ()
    limit: int = 0
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class VictoryPoints:
    """Points counted at game end (flat, or per counted thing at game end); with `condition`
    ("wonder_complete", or a Condition on a count) only if it holds then."""

    amount: int
    per: Counted | None = None
    condition: "str | Condition" = ""
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class Trade:
    """Buy the named resources (or resource classes) from the named neighbours at `price`;
    with sides ("bank",), buy one unit per build from the bank (`resources` may be ("any",))."""

    resources: tuple[str, ...]
    sides: tuple[str, ...]
    price: int
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class FreeBuild:
    """Build one structure from hand for free, once per `period` (only of `colors` if given).

    Periods beyond "age" and "game": "colour_first" (a card of a colour the city does not have
    yet is free), "age_first" / "age_last" (the card played on the first / last turn of each
    age is free)."""

    period: str = "age"
    colors: tuple[str, ...] = ()
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class PlayLastCard:
    """Play the last card of each age instead of discarding it; with `two` ("age" or
    "game"), instead play a second card of the hand in one turn, once per that period."""

    two: str = ""

    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class BuildFromDiscard:
    """At the end of the turn it is built: build one discarded card for free or, with `hand`,
    play one card of that second hand, paying its cost (`build from heroes`)."""

    hand: str = ""
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class Draw:
    """When built: draw `count` cards of `deck` at random from the box into the hand of the
    same name."""

    count: int
    deck: str
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class Tokens:
    """When built, take `count` tokens of a kind the pack declares (`tokens 1 diplomacy`);
    with `sides`, the cities there take them (`for others`, `for the richer neighbor`: chosen as
    the effect applies)."""

    count: int
    kind: str
    sides: tuple[str, ...] = ("self",)
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class RemoveTokens:
    """When built, the cities at `sides` (default the owner's) give back `count` tokens of
    `kind` (0: every one they hold); of conflict tokens worth different points, each city
    chooses which (`remove 1 victory token for others`)."""

    count: int
    kind: str
    sides: tuple[str, ...] = ("self",)
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class OthersCoins:
    """When built, the cities at `sides` (left, right, or "others": every other city) lose
    (`amount` < 0) or take from the bank (`amount` > 0) coins, flat or per thing counted in
    each of those cities; a city that cannot or will not pay a loss takes the pack's debt
    tokens instead. `to_owner`: what a losing city pays goes to the owner, not the bank
    (`neighbors lose 2 coins to you`)."""

    amount: int
    sides: tuple[str, ...]
    per: "Counted | None" = None
    to_owner: bool = False
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class QuantityGain:
    """The gain primitive (dsl/definitions.py): a quantity of some cities changes by an amount.
    No card writes it: the words `coins`, `tokens` and `lose`/`gain` are definitions whose parse
    becomes one (dsl.definitions.primitive), and the engines run only this.

    quantity: "coins" or "tokens" (of `kind`: a declared kind, or the conflict tokens victory /
    defeat); amount: signed (< 0 a loss), times `per` counted in each target city; sides: the
    target (("self",): the owner alone, whose coins come with the turn's income); to_owner: what a
    losing city pays goes to the owner. A loss of coins another city cannot pay becomes debt."""

    quantity: str
    amount: int
    kind: str = ""
    per: "Counted | None" = None
    sides: tuple[str, ...] = ("self",)
    to_owner: bool = False
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class Hold:
    """The hold primitive (dsl/definitions.py): what a city holds while the source holds (its
    card stands, its stage is built): a contribution folded into the city's totals. No card
    writes it: the flat forms of `produce`, `shields` and `science` are definitions whose parse
    becomes one, and the engines run only this.

    resources: fixed production (all of them), or one of them each turn when `choice` (a
    resource named twice is one option); tradable: neighbours may buy it; shields: military
    strength; symbols: one science symbol, or a wild one (several names or "any": one of them,
    chosen at game end; "most", "swap": settled at game end)."""

    resources: tuple[tuple[str, int], ...] = ()
    choice: bool = False
    tradable: bool = True
    shields: int = 0
    symbols: tuple[str, ...] = ()
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class Rebate:
    """Each turn, the first resource bought from the neighbour at `side` costs `amount` less."""

    amount: int
    sides: tuple[str, ...]
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class Advance:
    """When built, the owner's marker on a track the pack declares moves one step on, and the
    reward of the step reached applies (`advance red`; `advance red for 1 coin`: only if the
    owner then holds the coins, which it pays; `advance red for 1 wood`: resources priced as a
    wonder stage's, its own or bought from the neighbours)."""

    track: str
    coins: int = 0
    resources: tuple[tuple[str, int], ...] = ()
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class Truce:
    """A conflict rule: no conflict between the owner and the cities at `sides` (`truce with
    left`, `truce with ally`): neither takes a token from the other at an age's end."""

    sides: tuple[str, ...]
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class GiveDefeats:
    """A conflict rule: the defeat tokens this city would receive go to the neighbour that
    beat it (`give defeats to winner`)."""

    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class CopyCard:
    """Copy one card of these colours built by one of these neighbours: at game end (its
    points), or `now` (chosen when built; its whole effect applies from then on)."""

    colors: tuple[str, ...]
    sides: tuple[str, ...]
    now: bool = False
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class DiscardOwn:
    """When built, the owner may discard one of its own built cards of these colours (any
    colour when empty) for `coins`: the card goes to the discard pile and its effects end."""

    colors: tuple[str, ...]
    coins: int
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class FarTrade:
    """The owner may also buy resources from the cities `seats` seats away on either side, at
    the rules' trade price (no discount names them)."""

    seats: int
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class Exchange:
    """When its owner pays a cost, `give` units of one resource the owner produces may stand for
    one unit of any resource, as often as it has such groups; an exchange is the owner's own,
    never sold to a neighbour."""

    give: int
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class RuleChange:
    """A rules number changed by `amount` for the cities `sides` while the source holds
    (`rule trade_price +1 for all`); the names are dsl/laws.py's RULE_NUMBERS."""

    rule: str
    amount: int
    sides: tuple[str, ...] = ("self",)
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class Bury:
    """When built, the owner may take one card of its second hand `hand` out of the game (buried
    under the stage): `vp` points per coin of that card's cost, at game end."""

    hand: str
    vp: int
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class Target:
    """What a cost change applies to: cards of some colours (empty = any) or wonder stages."""

    what: str  # "card" | "wonder_stage"
    colors: tuple[str, ...] = ()


@dataclass(frozen=True)
class Discount:
    """A cost change on the builds of the cities at `sides` (self: the owner's own builds).

    unit "resource": `amount` units fewer, of the builder's choice; "coin": the coin cost
    lowered by `amount` (never below 0); "all": the whole cost waived (`free white cards`).
    `per`: the amount counted, as the price is asked (`discount 1 coin on purple cards per
    yellow card`: the owner's yellow cards then)."""

    unit: str  # "resource" | "coin" | "all" | "all_resources"
    target: Target
    amount: int = 0
    sides: tuple[str, ...] = ("self",)
    per: Counted | None = None
    line: int = _pos()
    column: int = _pos()


EVENT_KINDS = ("build", "chain", "wonder_stage", "buy", "win_conflict", "lose_conflict",
               "take_coins", "age_start", "age_end", "game_end", "sold")


@dataclass(frozen=True)
class Event:
    """Something that happens in a city: a card built (of `colors`, empty = any), a card
    built through a chain, a wonder stage built, resources bought from a neighbour, a
    conflict won or lost; or to every city at once: an age starts, an age ends (after its
    conflicts), the game ends (before the scoring). `whose`: the cities it is
    heard from, relative to the owner (self, left, right, neighbors, others, all). "sold": a
    neighbour bought resources from the owner's city (`when neighbors buy from you`); its `whose`
    names the buyers (left, right), the event happening in the owner's city."""

    kind: str  # one of EVENT_KINDS
    colors: tuple[str, ...] = ()
    whose: tuple[str, ...] = ("self",)


@dataclass(frozen=True)
class Trigger:
    """A one-time gain run each time `event` happens in the owner's city (at most once
    per turn with `once_per_turn`); the card's own building does not trigger it. `effect` is
    one of the words dsl.registry.TRIGGERED names (coins, vp, tokens, advance, draw, lose/gain):
    a lasting effect (produce, shields, a discount) has no one-time meaning, so it is refused."""

    effect: "Gain"
    event: Event
    once_per_turn: bool = False
    once_per: str = ""  # "age" | "game": at most once in each age, or in the whole game
    line: int = _pos()
    column: int = _pos()


# what a trigger may carry: a gain applied once each time its event fires
Gain = Union["Coins", "VictoryPoints", "Tokens", "Advance", "Draw", "OthersCoins", "Choice"]


@dataclass(frozen=True)
class PluginEffect:
    """An effect word registered by a plug-in; `args` are checked against its declared params."""

    word: str
    args: tuple[Union[int, str, tuple[str, ...]], ...] = ()
    line: int = _pos()
    column: int = _pos()


# the lasting effects a duration may end (`until age ends`): what a city holds while the
# source holds, nothing it took once
DURATIONS = ("age",)


@dataclass(frozen=True)
class Lasting:
    """A lasting effect with an end (`produce wood until age ends`): it holds from the turn its
    source is built to the end of that age (after the age's conflicts and its `when age ends`
    triggers), then ends as if its source were gone (interpreter/rules/durations.py)."""

    effect: "Effect"
    until: str = "age"  # one of DURATIONS
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class Surcharge:
    """A cost change raising the coin cost of the builds of the cities at `sides` by `amount`
    (`surcharge 1 coin on yellow cards for neighbors`); with `per`, counted as the price is asked.
    Coin changes reaching a build add up (discounts less surcharges), the price never below 0."""

    amount: int
    target: Target
    sides: tuple[str, ...] = ("self",)
    per: Counted | None = None
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class CostChangeOp:
    """The cost change primitive (dsl/definitions.py): while its source holds, the price of some
    builds changes. No card writes it: `discount` (and `free TARGET`), `surcharge` and `rebate`
    are definitions whose parse becomes one (dsl.definitions.primitive), and the engines run only
    this.

    unit: "resource" (`amount` units fewer, of the builder's choice), "coin" (the coin cost
    changed by `amount`: > 0 lowered, < 0 raised; the changes reaching a build add up, the price
    never below 0), "all" (nothing to pay), "all_resources" (no resources, coins still paid) or
    "rebate" (the first resource bought each turn from a neighbour at `from_sides` costs `amount`
    less); target: the builds it changes (cards of some colours or wonder stages; None: any
    purchase, a rebate's); sides: whose builds (("self",): the owner's); per: `amount` per
    counted thing, counted each time a price is asked."""

    unit: str
    amount: int = 0
    target: "Target | None" = None
    sides: tuple[str, ...] = ("self",)
    per: "Counted | None" = None
    from_sides: tuple[str, ...] = ()
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class DefinedEffect:
    """A use of a word the pack defines (`words:` in pack.yaml; dsl/words.py): the word and its
    arguments as written, and `expansion`, what the definition's body reads as with them (flat:
    words used inside it are expanded too). The printers show the use; compiled packs, the native
    core and the bots see only the expansion (`expanded`)."""

    word: str
    args: tuple[Union[int, str, tuple[str, ...]], ...] = ()
    expansion: tuple["Effect", ...] = ()
    line: int = _pos()
    column: int = _pos()


@dataclass(frozen=True)
class Choice:
    """One of `options` (one-time gains: dsl.registry.TRIGGERED, never a choice; or, outside a
    trigger, the owner's production, shields or a science symbol, kept while the card stands),
    chosen by the owner's player when it applies: when built, or each time its trigger's event
    fires (`choose coins 3 or vp 2`); points are counted then and kept to the game's end."""

    options: tuple["Gain", ...]
    line: int = _pos()
    column: int = _pos()


Effect = Union[
    Produce, Shields, Science, Coins, VictoryPoints, Trade,
    FreeBuild, PlayLastCard, BuildFromDiscard, CopyCard, Discount, Trigger, Draw, GiveDefeats, Truce,
    Tokens, RemoveTokens, OthersCoins, Rebate, DiscardOwn, FarTrade, Exchange, Bury, Advance, RuleChange, PluginEffect,
    Lasting, Surcharge, DefinedEffect, Choice,
]


def unwrapped(effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """The effects with each duration's effect in its place (for checks on what an effect does)."""
    return tuple(e.effect if isinstance(e, Lasting) else e for e in effects)


def expanded(effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """The effects with every use of a defined word replaced by its expansion (a trigger whose
    gain is a defined word carries the one gain it expands to): what the engines run."""
    out: list[Effect] = []
    for e in effects:
        if isinstance(e, DefinedEffect):
            out.extend(e.expansion)
        elif isinstance(e, Trigger) and isinstance(e.effect, DefinedEffect):
            out.extend(replace(e, effect=gain) for gain in e.effect.expansion[:1])
        else:
            out.append(e)
    return tuple(out)


@dataclass(frozen=True)
class Cost:
    """What building something takes: coins to the bank plus resources."""

    coins: int = 0
    resources: tuple[tuple[str, int], ...] = ()
    coins_per_age: int = 0  # `1 coin per age`: 1 in age I, 2 in age II, ...
    needs: tuple[tuple[int, "Counted"], ...] = ()  # prerequisites: (at least N, of what counted)
    # `6 coins, 1 less per blue card`: (coins less, per what counted), the coins never below 0
    less: "tuple[int, Counted] | None" = None

    @property
    def is_free(self) -> bool:
        return self.coins == 0 and not self.resources and not self.coins_per_age

    def as_dict(self) -> dict[str, int]:
        out = {name: n for name, n in self.resources if n}
        if self.coins:
            out["coins"] = self.coins
        if self.coins_per_age:
            out["coins_per_age"] = self.coins_per_age
        return out


def normalize_sides(sides: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Expand "neighbors"/"all" and order sides left, self, right, then seats at a distance (left
    ones first, nearest first), without repeats ("others", every city but one's own, stands alone)."""
    if "others" in sides:
        return ("others",)
    wanted: set[str] = set()
    for s in sides:
        if s in ("neighbors", "neighbours"):
            wanted.update(("left", "right"))
        elif s == "all":
            wanted.update(SIDE_ORDER)
        else:
            wanted.add(s)
    far = sorted((dw[1] != "left", dw[0]) for dw in map(seat_distance, wanted) if dw)
    return tuple(s for s in SIDE_ORDER if s in wanted) + tuple(
        seat_side(d, "right" if right else "left") for right, d in far) + ((ALLY,) if ALLY in wanted else ())


def names_ally(node: object) -> bool:
    """Whether an effect (any node inside it) names the owner's ally (`from ally`)."""
    if isinstance(node, str):
        return False
    if isinstance(node, tuple):
        return ALLY in node or any(names_ally(x) for x in node)
    fields = getattr(node, "__dataclass_fields__", None)
    return bool(fields) and any(names_ally(getattr(node, f)) for f in fields)


def with_ally(node: object, side: str) -> object:
    """The effect with every `ally` replaced by `side` (left or right): what an alliance's card
    does for the city whose ally sits there (sides written twice count once)."""
    if isinstance(node, str):
        return node
    if isinstance(node, tuple):
        if ALLY in node:
            return tuple(dict.fromkeys(side if x == ALLY else x for x in node))
        return tuple(with_ally(x, side) for x in node)
    fields = getattr(node, "__dataclass_fields__", None)
    if not fields:
        return node
    changed = {f: with_ally(getattr(node, f), side) for f in fields}
    return replace(node, **{f: v for f, v in changed.items() if v is not getattr(node, f)})

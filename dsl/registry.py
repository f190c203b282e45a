"""The one table of effect kinds: word, AST node, parameters, phase and documentation.

The interpreter keys its handlers by `word` (and checks it covers every entry);
`docs/effects.md` is generated from this table; plug-ins add rows at run time.

The module is over 400 lines for a reason: it is the one table of every word of the language,
one entry each, and the design wants it in one place (a new mechanic is one new row here).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from . import ast as A


@dataclass(frozen=True)
class Param:
    name: str
    kind: str  # "int" | "word" | "sides" | "resources" | "colors" | "symbols" | "counted"
    #            | "target" | "event" | "effect"
    doc: str
    optional: bool = False


@dataclass(frozen=True)
class EffectSpec:
    word: str
    node: type
    phase: str  # when it acts: one of PHASES
    summary: str
    params: tuple[Param, ...]
    examples: tuple[str, ...]
    syntax: str


# The words a trigger may carry (`vp 1 when neighbors build red card`): one-time gains, applied
# to the owner each time the event fires. The others are refused: they last (production,
# shields, discounts, powers: a trigger has no moment at which they would end) or ask their
# owner to choose a card (a trigger fires in the middle of a turn, where no one is asked).
TRIGGERED = ("coins", "vp", "tokens", "advance", "draw", "lose", "choose")
CHOOSING = ("build", "copy", "discard", "bury")
# The words a duration may end (`produce wood until age ends`): what a city holds while the
# source holds (production, strength, prices, cost changes, rules numbers), made again without
# it when it ends; a one-time gain or points at the game's end have nothing to end.
LASTING = ("produce", "shields", "buy", "discount", "surcharge", "rebate", "rule", "truce")

# When an effect acts (EffectSpec.phase).
PHASES = ("production", "when built", "game end", "passive", "power", "cost change", "on an event")

_SIDES = Param("sides", "sides", "whose cities (TARGET): left, self, right, neighbors (= left, right), all "
               "or others (every city but the owner's), or `N seats left|right` (the city N seats round "
               "the ring; it must be nearer that way than the other at every player count the card "
               "plays at: `2 seats left` from 5 cities), or `ally` (on a card of an alliance "
               "phase's deck only: the city allied with the owner that age)")
_PER = Param("per", "counted",
             "optional `per [N] THING [in SIDES]`. THING is `COLOUR[/COLOUR...] card`, `card` "
             "(any colour), `wonder stage`, `defeat`, `victory`, `coin`, `set of COLOUR/COLOUR... "
             "cards` (complete sets: one card of each colour), `science set` (complete sets of the "
             "science symbols), a token kind the pack declares (`debt`, `diplomacy`), `RESOURCE "
             "produced` (`stone produced`: the units of it the city produces for its neighbours to "
             "buy, an either/or card counting one), `card of the tucked colour` (only in a wonder "
             "stage's effect: cards of the colour of the card used to build that stage), `point of "
             "victory pairs` (each pair of victory tokens of one value counts that value once), "
             "`shields` (the city's own shields: its cards', stages' and board's) "
             "or `age` "
             "(the current age's number; no `N`, no `in SIDES`). "
             "`N` counts whole groups: `vp 1 per 3 coins` is 1 point for every full 3 coins. "
             "SIDES (a TARGET) defaults to self; `in others` counts in every other city; "
             "`in 2 seats left` in the city two seats round the ring to the left; "
             "`in [the] richer|poorer|stronger|weaker neighbor` counts in the "
             "neighbour with more (fewer) coins or shields at that moment, the left one on a tie",
             optional=True)
_TARGET = Param("target", "target", "what gets cheaper: `COLOUR[/COLOUR...] cards`, `cards` (any "
                "colour) or `wonder stages`")
_FOR = Param("for", "sides", "`for SIDES`: whose builds (left, self, right, neighbors, all, others); "
             "default self, the owner", optional=True)

EFFECTS: dict[str, EffectSpec] = {s.word: s for s in (
    EffectSpec("produce", A.Produce, "production",
               "Produces resources every turn: all listed ones, or one of a `/` choice. "
               "`untradable` production cannot be bought by neighbours. `produce one produced` "
               "makes one more unit of a resource the city already sells to its neighbours (its "
               "tradable production), `produce one unproduced` one unit of a resource it does not; "
               "both follow the city's production as it grows and cannot be bought. With `for SIDES` "
               "the production goes to those cities instead, as their own (tradable unless "
               "`untradable`), for as long as the card stands in the owner's city; `for the poorer "
               "neighbor` (or `the neighbor with most|fewest COUNT`) is the neighbour chosen when the "
               "card is built, who keeps it; `for a neighbor of your choice` asks the owner's player "
               "then (see `choose`).",
               (Param("resources", "resources", "`N resource, ...` (all) or `a/b/c` (one of them)"),
                Param("untradable", "word", "neighbours may not buy it", optional=True),
                Param("for", "sides", "`for SIDES`: the cities that produce it (default self)", optional=True)),
               ("produce 2 clay", "produce ore/clay", "produce glass/loom/papyrus untradable", "produce one produced",
                "produce one unproduced", "produce wood for neighbors", "produce glass/papyrus untradable for left"),
               "produce [N] RESOURCE[, ...] | produce R/R[/R...] [untradable] [for SIDES] | produce one produced|unproduced"),
    EffectSpec("shields", A.Shields, "passive",
               "Military strength, compared with each neighbour at the end of every age; with "
               "`per`, counted anew at each conflict (`shields 1 per defeat`); with `for SIDES`, "
               "the strength of those cities instead (`shields -1 for neighbors`: each neighbour "
               "has one shield fewer in every conflict; a city's own shields are never negative; "
               "`for the stronger neighbor`, `for the neighbor with most COUNT`: chosen at each conflict).",
               (Param("count", "int", "number of shields (negative only with `for SIDES`)"), _PER,
                Param("sides", "sides", "`for SIDES`: whose strength (left, right, neighbors, others, "
                      "N seats left|right); "
                      "default self, the owner", optional=True)),
               ("shields 2", "shields 1 per defeat", "shields -1 for neighbors"),
               "shields N [per THING]"),
    EffectSpec("science", A.Science, "game end",
               "One science symbol; with several names (or `any`) the owner picks one at game end, "
               "whichever scores best. `science most`: one more of the symbol the city has most "
               "of (its wild symbols counted as chosen; on a tie, whichever scores best). "
               "`science swap`: at game end one of the city's symbols becomes any symbol.",
               (Param("symbols", "symbols", "a symbol, `a/b` to choose, `any`, `most` or `swap`"),),
               ("science gear", "science any", "science most", "science swap"),
               "science SYMBOL[/SYMBOL...] | science any | science most | science swap"),
    EffectSpec("coins", A.Coins, "when built",
               "Coins taken once, when built; with `per`, counting what is in play at that moment "
               "(including what neighbours build the same turn). `coins N [per THING] for TARGET` "
               "gives them to other cities instead: it is `TARGET gain N coins [per THING]` (see "
               "`lose`), the one form `wonders fmt` prints; `for self` is plain `coins N`.",
               (Param("amount", "int", "coins (per counted thing)"), _PER),
               ("coins 5", "coins 1 per brown card in left, self, right", "coins 3 per wonder stage in self",
                "coins 1 per age"),
               "coins N [per [N] THING [in SIDES]] | coins N [per THING] for TARGET"),
    EffectSpec("vp", A.VictoryPoints, "game end",
               "Victory points counted at game end; with `per`, counting what is in play then; "
               "with `if wonder complete`, only when every stage of the owner's wonder is built; "
               "with a condition on a count in the owner's city at game end, only if it holds then: "
               "`if more THING than SIDES` (more than each of those cities, counted separately: a "
               "tie is not more; `than others`: every other city; `than the stronger neighbor` or `than the neighbor "
               "with most|fewest COUNT`: the one chosen at game end), `if most THING` (no other city "
               "has more: a tie counts), `if no THING`, `if at most N THING`.",
               (Param("amount", "int", "points (per counted thing)"), _PER,
                Param("if", "word", "`if wonder complete`, `if more THING than SIDES|others`, "
                      "`if most THING`, `if no THING`, `if at most N THING`", optional=True)),
               ("vp 3", "vp 1 per defeat in neighbors", "vp 1 per brown/grey/purple card in self",
                "vp 1 per 3 coins", "vp 3 per set of red/blue/green cards", "vp 3 per science set",
                "vp 7 if wonder complete", "vp 2 per stone produced",
                "vp 1 per card of the tucked colour in neighbors", "vp 5 if more blue cards than neighbors",
                "vp 4 if most coins", "vp 6 if no defeats", "vp 7 if at most 1 purple card"),
               "vp N [per [N] THING [in SIDES]] [if wonder complete | if more THING than SIDES|others "
               "| if most THING | if no THING | if at most N THING]"),
    EffectSpec("buy", A.Trade, "passive",
               "Trade discount: buy these resources (or resource classes) from these neighbours "
               "at this price instead of the rules' trade price. `from bank`: once per turn, buy "
               "one unit of them (`any`: of any resource) from the bank at this price.",
               (Param("resources", "resources", "resources or classes (raw, manufactured); "
                      "`any` (from the bank only)"),
                Param("sides", "sides", "neighbours (left, right, neighbors), or `bank` alone"),
                Param("price", "int", "coins per resource")),
               ("buy raw from right for 1", "buy manufactured from neighbors for 1",
                "buy any from bank for 1"),
               "buy R[/R...] from SIDES for N | buy any|R[/R...] from bank for N"),
    EffectSpec("free", A.FreeBuild, "power",
               "Build one structure from hand for free, once per age (or game); with `on COLOURS "
               "cards`, only a card of those colours. `free first card of each colour`: a card of "
               "a colour the city does not have yet costs nothing; `free first|last card of each "
               "age`: the card built on the first (last) turn of each age costs nothing, from the "
               "age this is built. (`free TARGET`, such as `free purple cards`, "
               "is a cost change: see `discount`.)",
               (Param("period", "word", "age or game"),
                Param("colors", "colors", "`on COLOUR[/COLOUR...] cards`", optional=True)),
               ("free build once per age", "free build once per age on black cards",
                "free first card of each colour", "free first card of each age",
                "free last card of each age"),
               "free build once per age|game [on COLOURS cards] | free first card of each "
               "colour|age | free last card of each age"),
    EffectSpec("play", A.PlayLastCard, "power",
               "Play the last card of each age (build, wonder stage or sell) instead of discarding "
               "it. `play two cards once per game` (or `age`): once in that period, after a turn's "
               "moves, its player may play a second card of its hand the same way (paying with the "
               "coins it has then, the first card's coins included). The hand it passes on holds "
               "one card fewer, so a hand can run out a turn early (its holder then plays nothing "
               "that turn); on an age's last turn the second card is the one that would have been "
               "discarded. A seat no player owns never plays a second card.",
               (Param("two", "word", "`two cards once per age|game`: a second card in one turn, "
                      "once in that period", optional=True),),
               ("play last card", "play two cards once per game"),
               "play last card | play two cards once per age|game"),
    EffectSpec("build", A.BuildFromDiscard, "when built",
               "At the end of the turn it is built, build one card from the discard pile for free "
               "(this turn's discards included); or, naming a second hand (one a draft filled), "
               "play one card of that hand at once, paying its cost (nothing happens when none "
               "can be paid for).",
               (Param("hand", "word", "`discard` or the name of a second hand"),),
               ("build from discard", "build from heroes"), "build from discard | build from HAND"),
    EffectSpec("copy", A.CopyCard, "game end",
               "At game end, copy one card of these colours built by one of these neighbours "
               "(the best one for you). With `now`, the card is chosen when this is built and its "
               "whole effect applies from then on. `from the stronger neighbor` (or `the neighbor with "
               "most|fewest COUNT`): the neighbour chosen when the copy is made.",
               (Param("colors", "colors", "colours that may be copied"), _SIDES,
                Param("now", "word", "choose when built; the copy's whole effect applies",
                      optional=True)),
               ("copy purple card from neighbors", "copy purple card from left now"),
               "copy COLOUR[/COLOUR...] card from SIDES [now]"),
    EffectSpec("discount", A.Discount, "cost change",
               "A cost change while the card is in play: builds of the target cost fewer resources "
               "(of the builder's choice) or fewer coins (never below 0); `discount all resources` "
               "waives the resources but not the coins; `free TARGET` waives the whole cost. It applies to the owner's builds, or with `for SIDES` to those cities' "
               "builds. With `per`, the amount is counted in the owner's city (or the cities "
               "named) each time a price is asked. Trade prices are unchanged.",
               (Param("amount", "int", "resources or coins off (at least 1)"),
                Param("unit", "word", "`resource`/`resources` or `coin`/`coins`"),
                _TARGET, _FOR, _PER),
               ("discount 1 resource on green cards", "discount 2 resources on wonder stages",
                "discount 2 coins on purple cards", "discount 1 coin on yellow cards for neighbors",
                "discount 1 coin on purple cards per yellow card",
                "free blue cards", "free red/blue cards for neighbors"),
               "discount N resource|resources|coin|coins on TARGET [for SIDES] [per ...] | free TARGET [for SIDES]"),
    EffectSpec("when", A.Trigger, "on an event",
               "A trigger: the one-time gain before `when` is applied to the owner each time the "
               "event happens in the owner's city, or in the cities named before the event "
               "(`neighbors`, `left`, `right`, `others`, `all`), after this card is built (at most "
               "once per turn with `once per turn`, counted per city heard); `age starts` happens "
               "to every city as each age begins, `age ends` after each age's conflicts, `game ends` "
               "once after the last age, before the scoring. The gain is one of: coins (arriving with the "
               "turn's other coins), vp (counted when the event fires and kept to the game's end, "
               "on the card's score line), tokens, advance, draw, lose/gain. Lasting effects "
               "(produce, shields, science, discounts, powers) and words that ask the owner to "
               "choose a card are refused: a trigger gives one-time gains.",
               (Param("effect", "effect", "a one-time gain: coins, vp, tokens, advance, draw or "
                      "lose/gain, flat or with `per` (counted when the event fires)"),
                Param("event", "event", "[SIDES|others] then `build COLOUR[/COLOUR...] card`, `build card` (any "
                      "colour), `build chain` (a card built for free through a chain), `build "
                      "wonder stage`, `buy` (resources bought from a neighbour: once per "
                      "neighbour paid), `neighbors buy from you` (a neighbour bought resources from the "
                      "owner: once per neighbour paying; `left|right buy from you`: that one), `win conflict` or `lose conflict` (once per token), `take coins` "
                      "(coins taken from the bank: a sale, a card's coins, ...); or `age starts`, `age ends`, "
                      "`game ends`"),
                Param("once per turn", "word", "at most once each turn for each distinct "
                      "occurrence (for `buy`: each neighbour)", optional=True),
                Param("once per", "word", "`once per age` or `once per game`: the first time only, "
                      "in each age or in the whole game", optional=True)),
               ("coins 2 when build yellow card", "coins 2 when build chain",
                "coins 1 when buy once per turn", "coins 2 when win conflict",
                "coins 1 when lose conflict", "coins 1 when build wonder stage",
                "coins 1 per brown card in self when build card", "coins 1 when take coins once per turn",
                "coins 1 when neighbors build red card", "coins 1 when others buy once per turn",
                "coins 2 when age starts", "coins 3 when neighbors lose conflict once per game",
                "vp 1 when neighbors build red card", "vp 1 per brown card in self when build card once per age",
                "neighbors lose 1 coin when build red card", "coins 2 when age ends",
                "tokens 1 diplomacy when game ends", "coins 1 when neighbors buy from you"),
               "GAIN when [SIDES|others] EVENT [once per turn|age|game] | GAIN when age starts|ends | "
               "GAIN when game ends (GAIN: coins, vp, tokens, advance, "
               "draw, lose/gain)"),
    EffectSpec("draw", A.Draw, "when built",
               "When built, draw cards of a deck the pack declares at random from the box (the "
               "deck's undealt or put-away cards) into the owner's hand of the same name.",
               (Param("count", "int", "how many cards"), Param("deck", "word", "a declared deck")),
               ("draw 4 from heroes",), "draw N from DECK"),
    EffectSpec("tokens", A.Tokens, "when built",
               "When built, take tokens of a kind the pack declares in its rules (`tokens:`), "
               "e.g. diplomacy tokens; a kind's rules say what a token does and is worth. "
               "`victory` and `defeat` are military conflict tokens, taken outside a war: the "
               "current age's victory token (a defeat token), worth what a war would give the "
               "city now; no conflict is won or lost (no trigger fires). `for TARGET`: the cities "
               "there take them instead (`for others`, `for the richer neighbor`: the neighbour with "
               "more coins when the effect applies, the left one on a tie; `for a neighbor of your "
               "choice`: its player chooses, see `choose`). A TARGET may be chosen by a count as the "
               "effect applies (here, and on `remove`, `lose`/`gain`, `copy`, `shields ... for`, `vp ... "
               "if more`): `for the neighbor with most|fewest "
               "COUNT` (COUNT: shields, coins, red cards, defeats (`defeat tokens`), a token kind...; "
               "a tie goes to the left one), or `for every [other] city with no COUNT | with at least "
               "N COUNT` (every city passing, the owner's included unless `other`).",
               (Param("count", "int", "how many tokens"),
                Param("kind", "word", "a declared token kind, `victory` or `defeat`"),
                Param("sides", "sides", "`for TARGET`: who takes them (left, right, neighbors, all, "
                      "others, N seats left|right, the richer|poorer|stronger|weaker neighbor, the neighbor with "
                      "most|fewest COUNT, every [other] city with no|at least N COUNT); default self",
                      optional=True)),
               ("tokens 1 diplomacy", "tokens 1 victory", "tokens 1 defeat for the richer neighbor",
                "tokens 1 defeat for the neighbor with most shields",
                "tokens 1 victory for every other city with no defeats"),
               "tokens N KIND|victory|defeat [for TARGET]"),
    EffectSpec("remove", A.RemoveTokens, "when built",
               "When built, the owner's city (or each city of `for TARGET`: left, right, neighbors, "
               "all, others, a neighbour chosen then: `the richer neighbor`, `the neighbor with most "
               "COUNT`, `a neighbor of your choice`) gives back N tokens of a declared kind or military `victory` / `defeat` "
               "tokens (`all`: every one; a city holding fewer gives what it has). Conflict tokens not "
               "all worth the same: its player chooses which, one token at a time (a bot: the one "
               "worth least). Conflicts won or lost stay so; only the tokens go.",
               (Param("count", "int", "how many tokens each city gives back, or `all`"),
                Param("kind", "word", "a declared token kind, `victory` or `defeat`"),
                Param("sides", "sides", "`for TARGET`: whose tokens (left, right, neighbors, all, "
                      "others); default self", optional=True)),
               ("remove all defeat tokens", "remove 1 victory token for others",
                "remove 1 diplomacy token for neighbors"),
               "remove N|all KIND|victory|defeat token[s] [for TARGET]"),
    EffectSpec("lose", A.OthersCoins, "when built",
               "When built, other cities lose coins to the bank (`lose`) or take coins from it "
               "(`gain`): the left or right neighbour, both (`neighbors`), every other city "
               "(`others`), the city N seats round the ring (`2 seats left`), `the richer|poorer|"
               "stronger|weaker neighbor` or `a neighbor of your choice` (see `choose`), or cities chosen by a count as it applies: `the neighbor with most|fewest "
               "COUNT` (a tie: the left one), `every [other] city with no COUNT | with at least N COUNT` "
               "(the owner's included unless `other`; `lose` needs `other`); flat, or per thing counted "
               "in each of those cities. A city that "
               "cannot or will not pay a loss takes one of the pack's debt tokens for each coin "
               "it does not pay (its player chooses). Losses are paid at the end of the turn, "
               "after the turn's coins have arrived. `coins N for TARGET` is another way to write "
               "`TARGET gain N coins`.",
               (Param("sides", "sides", "left, right, neighbors, others, N seats left|right, the "
                      "neighbor with most|fewest COUNT or every [other] city with no|at least N COUNT"),
                Param("amount", "int", "coins"), _PER,
                Param("to you", "word", "after `lose`: what each city pays goes to the owner instead "
                      "of the bank (stealing; a debt token taken instead pays the owner nothing)",
                      optional=True)),
               ("others lose 1 coin", "neighbors lose 2 coins per victory", "neighbors gain 1 coin",
                "every city with no defeats gain 2 coins", "2 seats left gain 2 coins",
                "neighbors lose 2 coins to you"),
               "SIDES lose|gain N coin[s] [per THING] [to you]"),
    EffectSpec("rebate", A.Rebate, "cost change",
               "Each turn, the first resource bought from that neighbour costs this much less "
               "(never below 0), on top of any trade discount.",
               (Param("amount", "int", "coins less"),
                Param("sides", "sides", "the neighbour it applies to: left, right or neighbors")),
               ("rebate 1 coin from left",), "rebate N coin[s] from SIDE"),
    EffectSpec("discard", A.DiscardOwn, "when built",
               "When built, the owner may discard one of its own built cards (of these colours; "
               "any colour without them) for coins: the card goes to the discard pile, where a "
               "power that builds from it may take it again, and its effects end (its production, "
               "shields, science, powers and points at game end; coins it gave stay). Its player "
               "chooses the card, or none; the coins arrive with the turn's other coins. The card "
               "bearing this effect cannot discard itself.",
               (Param("colors", "colors", "`COLOUR[/COLOUR...] card`: which cards may go; "
                      "`card` alone: any", optional=True),
                Param("coins", "int", "coins taken when a card is discarded (at least 1)")),
               ("discard own grey card for 3 coins", "discard own card for 5 coins"),
               "discard own [COLOUR[/COLOUR...]] card for N coins"),
    EffectSpec("trade", A.FarTrade, "passive",
               "The owner may also buy resources from the cities N seats away on either side (their "
               "tradable production, each unit once a turn, as from a neighbour), at the rules' "
               "trade price: `buy` discounts name neighbours only. Such a purchase is one payment of "
               "its own (no resource left out by a discount, none from the bank in the same "
               "payment) and hears no `buy` trigger. A city that far away that is also a neighbour "
               "(or the owner) does not count twice: at 4 players the city opposite is the one seller "
               "2 seats away, and a card with `trade 2 seats away` in play at 3 players, where both "
               "are neighbours, is an error.",
               (Param("seats", "int", "how far away (2 or more)"),),
               ("trade 2 seats away",), "trade N seats away"),
    EffectSpec("exchange", A.Exchange, "passive",
               "When the owner pays the resources of a cost, N units of one resource it produces "
               "itself (fixed or either/or, tradable or not) may stand for 1 unit of any resource, "
               "as many times in one payment as it has such groups (`exchange 2 same for 1 any` "
               "with 4 wood pays 2 units of anything). Units given in an exchange pay nothing else; "
               "the unit received is the owner's alone: neighbours never buy it, and resources "
               "bought from neighbours are never exchanged. A payment that buys from cities N seats "
               "away (`trade N seats away`) uses no exchange.",
               (Param("give", "int", "how many identical units make one unit of any resource "
                      "(at least 2)"),),
               ("exchange 2 same for 1 any", "exchange 3 same for 1 any"),
               "exchange N same for 1 any"),
    EffectSpec("bury", A.Bury, "when built",
               "When built, the owner may bury one card of its second hand of that name (such as "
               "the hand a draft fills): the card leaves the game (to the box), and at game end the "
               "owner scores the points per coin of the card's printed coin cost, on the line of the "
               "card bearing this (a wonder stage: the wonder line). Its player chooses the card, or "
               "none; with an empty hand nothing happens. Each such effect scores its own card.",
               (Param("hand", "word", "the second hand a card is taken from"),
                Param("vp", "int", "points per coin of the buried card's cost (at least 1)")),
               ("bury card from leaders for 2 vp per coin",), "bury card from HAND for N vp per coin"),
    EffectSpec("advance", A.Advance, "when built",
               "When built, the owner's marker on a track the pack declares (`rules: tracks`) "
               "moves one step on, and the reward of the step it reaches (an effect in the card "
               "language) applies once, as if built then. With `for N coins` the step is the owner's "
               "choice: when it holds N coins at that moment (after the turn's payments, before "
               "its income) its player is asked, and pays them to move. A price in resources "
               "(`for 1 wood`, `for 2 stone, 1 coin`: written as a cost) is priced as a wonder stage "
               "is: the city's own resources, or bought from its neighbours (paid at once; no bank "
               "purchase, no far trade), the cheapest way first; the player is asked when it can pay. "
               "A marker at the track's end stays (nothing is paid).",
               (Param("track", "word", "a declared track"),
                Param("coins", "int", "`for N coins`: the price of the step", optional=True),
                Param("resources", "resources", "`for 1 wood`: resources of the price", optional=True)),
               ("advance red", "advance yellow for 1 coin", "advance red for 1 wood"),
               "advance TRACK [for COST]"),
    EffectSpec("give", A.GiveDefeats, "passive",
               "A conflict rule: each defeat token the owner would receive goes to the neighbour "
               "who beat it instead.",
               (), ("give defeats to winner",), "give defeats to winner"),
    EffectSpec("truce", A.Truce, "passive",
               "A conflict rule: while it holds, the owner and the cities named fight no conflict "
               "with each other at an age's end (neither takes a token from the other; each still "
               "fights its other neighbour). One side's truce is enough. On a card of an alliance "
               "phase's deck, `truce with ally` keeps two allies from fighting that age.",
               (Param("sides", "sides", "the cities spared: left, right, neighbors or ally"),),
               ("truce with left", "truce with ally"), "truce with TARGET"),
    EffectSpec("rule", A.RuleChange, "passive",
               "Changes one of the pack's rules numbers by a signed amount while its source holds: "
               "a built card while it is in its city, a law tile while it is visible on the tower. "
               "The change holds for the cities `for` names (default: the owner; on a law tile: "
               "every city). Rules numbers: `trade_price` (coins per resource bought from a "
               "neighbour, far trade included; discounted prices shift too), `sell_coins` (coins "
               "for selling a card), `victory` (points of each victory token taken), `defeat` "
               "(points of each defeat token taken), `pass` (seats a hand moves in the age's "
               "direction; the whole table's: `for all` on a card), `science_set` (points of each "
               "complete science set), `token KIND` (points of each token of a declared kind at "
               "the game's end). Several changes add up (in any order, the same sum); a change takes "
               "effect at the end of the turn it starts to hold (a card built this turn changes "
               "nothing in this turn's payments or pass). A pack where the changes could make a "
               "price, a sale or a set bonus negative, a victory worth less than 0, a defeat worth "
               "more than 0, a token kind's points change sign, or a hand go to nobody or back to "
               "its owner at a player count is an error; a pass distance below 0 passes the other "
               "way (`rule pass -2 for all` reverses a pass of 1 seat).",
               (Param("rule", "word", "the rules number: trade_price, sell_coins, victory, defeat, "
                      "pass, science_set or token KIND"),
                Param("amount", "int", "the change, with its sign: +1, -2"),
                _FOR),
               ("rule trade_price +1 for all", "rule sell_coins +2", "rule victory -1 for neighbors",
                "rule pass +1 for all", "rule science_set +2"),
               "rule NAME [KIND] +N|-N [for SIDES]"),
    EffectSpec("until", A.Lasting, "passive",
               "A duration: the lasting effect before `until age ends` holds from the turn its card "
               "(or stage) is built until the end of that age, then ends as if its card were gone. "
               "It ends after the age's conflicts and its `when age ends` triggers, so shields `until "
               "age ends` count in that age's conflict, and production is usable on every turn of the "
               "age from the one after it is built (a card's effects start at the end of its turn). "
               "A duration on a board or an earlier card ends at the end of the first age. Lasting "
               "effects: produce, shields, buy, discount, surcharge, rebate, rule (`rule pass -2 "
               "for all until age ends` reverses the passing for the rest of the age). A one-time "
               "gain (coins, tokens, ...), points or a power has no duration; `until game ends` is "
               "what a lasting effect does without one, so it is refused.",
               (Param("effect", "effect", "a lasting effect: produce, shields, buy, discount, "
                      "surcharge, rebate or rule"),
                Param("until", "word", "`age`: it ends when the age it was built in ends")),
               ("produce wood until age ends", "shields 2 until age ends",
                "rule pass -2 for all until age ends", "discount 2 coins on blue cards until age ends",
                "buy raw from neighbors for 1 until age ends"),
               "EFFECT until age ends"),
    EffectSpec("surcharge", A.Surcharge, "cost change",
               "A cost change while the card is in play: builds of the target cost more coins, the "
               "owner's or, with `for SIDES`, those cities' (`surcharge 1 coin on yellow cards for "
               "neighbors`). The coin changes reaching a build add up (discounts less surcharges) "
               "before they apply, and a price never falls below 0; a card that is otherwise free "
               "costs the surcharge. With `per`, the amount is counted in the owner's city (or the "
               "cities named) each time a price is asked. Trade prices are unchanged.",
               (Param("amount", "int", "coins more (at least 1)"), _TARGET, _FOR, _PER),
               ("surcharge 1 coin on yellow cards for neighbors", "surcharge 2 coins on wonder stages for others",
                "surcharge 1 coin on red cards for neighbors per red card"),
               "surcharge N coin|coins on TARGET [for SIDES] [per ...]"),
    EffectSpec("choose", A.Choice, "when built",
               "The owner's player chooses one of the options, each a one-time gain (`coins`, `vp`, "
               "`tokens`, `advance`, `draw`, `lose`/`gain`) or, outside a trigger, something that lasts "
               "while the card stands (the city's own `produce`, `shields`, `science`: it ends if the "
               "card is discarded), when the card is built, or, carried by a "
               "trigger, each time its event fires; the option chosen applies as if written alone "
               "(its coins arrive with the turn's other coins; points are counted then and kept to "
               "the game's end, on the card's line). It is asked as a card choice: at the terminal, in "
               "the browser, written to the game's log (a resumed game replays it) and decided by every "
               "bot (the greedy bot takes the option it values most, as it values the words alone). "
               "`choose one: A | B | C` lists three or more. A TARGET `a neighbor of your choice` "
               "(on `tokens ... for`, `remove ... for`, `lose`/`gain`, `coins ... for`) is such a "
               "choice: the effect for the left neighbour or for the right one. A choice of lasting "
               "effects, a word that asks for a card, or a choice inside a choice is an error. The "
               "native core does not run choices: a pack with one plays on the Python engine "
               "(`--core auto` says so).",
               (Param("options", "effect", "two or more one-time gains or lasting effects, joined by "
                      "`or` (or listed after `choose one:`, joined by `|`)"),),
               ("choose coins 3 or vp 2", "choose one: coins 3 | vp 2 | tokens 1 diplomacy",
                "choose produce wood or produce stone",
                "choose neighbors lose 1 coin or coins 2"),
               "choose GAIN or GAIN [or GAIN...] | choose one: GAIN | GAIN [| GAIN...]"),
)}

SPEC_BY_NODE: dict[type, EffectSpec] = {s.node: s for s in EFFECTS.values()}


@dataclass(frozen=True)
class PluginSpec:
    """An effect word added by a plug-in: positional params, English text and a handler.

    `handler` is an object the interpreter calls; see interpreter/rules/effects/ for its hooks.
    `icon` is what card faces draw for the word: a short label shown in a rounded box (its
    `{0}`, `{1}` filled with the arguments: "TAX {0}"), or a tuple of face primitives drawn in a
    unit square (0..1, y down); without one the face prints the word's English.
    """

    word: str
    params: tuple[Param, ...]
    summary: str
    example: str
    english: Callable[[tuple[Any, ...]], str]
    handler: Any = None
    phase: str = "when built"
    module: str = field(default="", compare=False)
    value: float | None = None  # what the greedy bot counts it as, in points (None: it cannot)
    icon: Any = None  # str label or tuple of primitives in a unit square (see the docstring)


PLUGINS: dict[str, PluginSpec] = {}


def register_plugin(spec: PluginSpec) -> None:
    """Add an effect word; registering the same word twice from different specs is an error."""
    if spec.word in EFFECTS:
        raise ValueError(f"'{spec.word}' is a built-in effect word")
    old = PLUGINS.get(spec.word)
    if old is not None and old != spec:
        raise ValueError(f"effect word '{spec.word}' is already registered by {old.module or 'another plug-in'}")
    PLUGINS[spec.word] = spec

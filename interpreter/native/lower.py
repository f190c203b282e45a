"""A CompiledPack lowered once into plain integer tables the native core copies into C arrays.

Besides the effect words, a card row carries its cost's count (`N less per THING`, a row read
when the price is asked) and the name it upgrades (`upgrades:`); the rules' `scored_hands` is a
mask of hand ids.

Which compiled effects the native core runs is decided here, by hook class (_HookLowering.row):
`NATIVE_KINDS` lists them by registry word, `PHASE_KINDS` the phase kinds. A pack using anything
else (or larger than the core's fixed arrays) raises NotNative naming it, and the game runs on
the Python engine instead. Plug-in words never run natively: their handlers are Python code.

The module is over 400 lines for a reason: each effect kind's table sits beside the checks that
decline what the core cannot run of it, so a kind's lowering and its limits are read together.
"""
from __future__ import annotations

from typing import Any

from dsl.limits import LIMITS
from dsl.projects import WHEN_FULL
from dsl.rules import pass_step
from interpreter.rules import effects as E
from interpreter.rules.compiled import CompiledPack
from interpreter.rules.contribution import Contribution
from interpreter.rules.counting import FAR_LEFT, OTHERS, Counter, PickSeats, seats_of
from interpreter.rules.science import MOST, SWAP
from interpreter.rules.scoring import partners
from interpreter.rules.effects.advance import AdvanceHook
from interpreter.rules.effects.exchange import ExchangeHook
from interpreter.rules.effects.play import PlayTwoPower
from interpreter.rules.effects.produce import GiftHook
from interpreter.rules.effects.remove import RemoveTokensHook
from interpreter.rules.effects.rule import RULE_WORTH, RuleChangeHook
from interpreter.rules.effects.trade import FarTradeHook
from interpreter.rules.effects.until import LastingHook
from interpreter.rules.effects.vp import CountTest
from interpreter.game.rng import fnv1a, mix

from interpreter.native.consts import (
    A_BUILD, A_SELL, A_WONDER, CT_ATMOST, CT_MORE, CT_MOST, CT_NONE, E_AGEEND, E_AGESTART, E_BUILD,
    E_BUY, E_CHAIN, E_GAMEEND, E_LOSE, E_SOLD, E_STAGE, E_TAKE, E_WIN, H_ADVANCE, H_BURY, H_COPYEND,
    H_COPYNOW, H_COST, H_DISCARD, H_DISCOWN, H_DRAW, H_EXCHANGE, H_FARTRADE, H_FREE,
    H_GAIN, H_GIFT, H_GIVEDEF, H_HANDBUILD, H_HOLD, H_PLAYLAST, H_PLAYTWO, H_RELATIVE, H_REMOVE, H_RULE,
    H_STRENGTH, H_TRIGGER, H_VP, HELD, HR_COND, HR_INNER, HR_KIND, LIM_AGE, LIM_GAME,
    LIM_NONE, MAXADV, MAXBOX, MAXBUILT, MAXHELD,
    MAXC, MAXCH, MAXCHAIN, MAXCOPY, MAXCOST, MAXDISC, MAXDRAW, MAXGIFT, MAXHAND, MAXLAWFX, MAXNH, MAXP,
    MAXPROJ, MAXR, MAXRULE, MAXS, MAXSTG, MAXTILES, MAXTK, MAXTOWER, MAXTRACKS, MAXTSTEPS, MAXTWARS,
    MAXWILD, PER_AGE, PER_AGEFIRST, PER_AGELAST, PER_GAME, PERC, PH_AGE, PH_DRAFT, PH_RECRUIT,
    PK_ATLEAST, PK_FEWEST, PK_MOST, PK_NONE, Q_COINS, Q_CTOKENS, Q_TOKENS, RS_DEFEAT, RS_PASS,
    RS_SCISET, RS_SELL, RS_TRADE,
    RS_VICTORY, SCI_MOST, SCI_SWAP, SEAT_OTHERS, U_ALL, U_ALLRES, U_BANK, U_COIN, U_FIRST, U_REBATE,
    U_RESOURCE, W_AGE, W_CARD, W_COIN, W_DEFEAT, W_PRODUCED, W_SCISET, W_SET, W_SHIELD, W_STAGE,
    W_TOKEN, W_TUCKED, W_VICTORY, W_VPAIR)

# the core's numbers are interpreter/native/consts.py's (consts.pxi is generated from it); the words
# Python keys them by are here. Two of them mirror Python rules' values: checked here.
PER_CONTRIB = PERC
if HELD != LIMITS.held or SEAT_OTHERS != OTHERS:  # pragma: no cover - caught by the test suite too
    raise RuntimeError("interpreter/native/consts.py's HELD or SEAT_OTHERS differs from the Python rules'")
# the rules numbers a `rule` change moves (a token kind k: RS_TOKEN + k)
SHIFT = {"trade_price": RS_TRADE, "sell_coins": RS_SELL, "victory": RS_VICTORY, "defeat": RS_DEFEAT,
         "pass": RS_PASS, "science_set": RS_SCISET}
# counted things (Counter.what)
WHAT = {"card": W_CARD, "wonder_stage": W_STAGE, "defeat": W_DEFEAT, "victory": W_VICTORY,
        "coin": W_COIN, "set": W_SET, "science_set": W_SCISET, "age": W_AGE, "token": W_TOKEN,
        "produced": W_PRODUCED, "tucked": W_TUCKED, "victory_pair": W_VPAIR,
        "shield": W_SHIELD}  # shields: only a target chosen by a count counts them
PICK = {"most": PK_MOST, "fewest": PK_FEWEST, "none": PK_NONE, "at_least": PK_ATLEAST}  # PickSeats.how
PERIOD = {"age": PER_AGE, "game": PER_GAME, "age_first": PER_AGEFIRST, "age_last": PER_AGELAST}
UNIT = {"resource": U_RESOURCE, "coin": U_COIN, "all": U_ALL, "all_resources": U_ALLRES,
        "bank": U_BANK, "rebate": U_REBATE, "first_of_color": U_FIRST}
EVENT = {"build": E_BUILD, "chain": E_CHAIN, "wonder_stage": E_STAGE, "buy": E_BUY,
         "win_conflict": E_WIN, "lose_conflict": E_LOSE, "take_coins": E_TAKE,
         "age_start": E_AGESTART, "age_end": E_AGEEND, "game_end": E_GAMEEND, "sold": E_SOLD}
TEST = {"none": CT_NONE, "at_most": CT_ATMOST, "more": CT_MORE, "most": CT_MOST}  # CountTest.kind
LIMIT = {"": LIM_NONE, "age": LIM_AGE, "game": LIM_GAME}  # a trigger's once per age / game
SETTLED = {MOST: SCI_MOST, SWAP: SCI_SWAP}  # science.MOST, SWAP
MAXSETTLED = 4  # `science most|swap` symbols a pack may hold: the core tries every order of them
PHASE = {"age": PH_AGE, "draft": PH_DRAFT, "recruit": PH_RECRUIT}
ACTION_BITS = {"build": 1 << A_BUILD, "wonder": 1 << A_WONDER, "sell": 1 << A_SELL}

# effect kinds the native core runs, by registry word (with the hook class that carries each)
NATIVE_KINDS: dict[str, str] = {
    "produce": "fixed and either/or production, tradable or not; `one produced|unproduced`; "
               "given to other cities (`for SIDES`)",
    "shields": "shields, flat or counted anew at each conflict (`per ...`); for other cities "
               "(neighbours or every other city)",
    "science": "science symbols, wild ones included; `science most|swap` settled after the others",
    "buy": "cheaper trade with neighbours; one resource a turn from the bank",
    "coins": "coins when built, flat or per counted thing (the gain primitive)",
    "vp": "points at game end: flat, per counted thing, per science set, `if wonder complete`, "
          "`if more|most|no|at most N THING` (than neighbours, one side or all others)",
    "free": "build once per age or game, first / last card of each age, first card of each "
            "colour, cards of some colours",
    "play": "play the last card of each age; two cards in one turn once per age or game",
    "build": "build from the discard pile, or from a second hand",
    "copy": "copy a neighbour's card at game end, or now",
    "give": "defeat tokens go to the winner",
    "discount": "coins, resources or the whole cost off, for the owner, its neighbours or every other city; "
                "counted per thing",
    "when": "triggers: build, chain, wonder stage, buy, neighbours buying from you, win or lose a conflict, take coins, "
            "age starts or ends, game ends; once per turn, age or game; heard in other cities (`when neighbors ...`); "
            "points gained when one fires (kept per trigger, scored at the end)",
    "draw": "cards drawn from the box into a second hand",
    "tokens": "tokens of the pack's kinds (debt, diplomacy); conflict tokens outside a war; "
              "for other cities, every other city, a chosen neighbour or cities chosen by a count "
              "(the gain primitive)",
    "lose": "others lose coins (or take debt), to the bank or to the owner (`to you`), or gain "
            "coins; the cities chosen by a count (the gain primitive)",
    "rebate": "coins off the first purchase from a side each turn",
    "discard": "a built card of one's own given up for coins (its effects end)",
    "trade": "trade with the cities N seats away too",
    "bury": "a card of a second hand taken out of the game for points by its coin cost",
    "advance": "a marker one step on a track, free or paid (the owner's choice); the step's "
               "reward joins the city; conflicts along tracks of every city against every other",
    "exchange": "N identical resources of one's own exchanged for one of any when paying",
    "remove": "tokens given back (conflict tokens of the city's choice), by the owner or other cities",
    "rule": "rules numbers changed while a card or stage holds: prices, sales, conflict tokens, "
            "the pass distance, the set bonus, token kinds' points",
    "until": "a lasting effect (production, shields, trade, cost changes, surcharges, rebates, rules "
             "changes) held until the age it is built in ends (after its conflicts and `when age ends`)",
    "surcharge": "the coins of other cities' (or one's own) builds raised, flat or counted per thing",
}
ENDS = {"age": E_AGEEND}  # the event a duration ends with (LastingHook.until)
PHASE_KINDS = ("age", "draft", "recruit")  # the phase kinds the native core runs
# what a shared project's reward or penalty may do natively: effects that need no card of their
# own (coins, points, tokens, shields, cost changes, powers); the rest runs in Python
PROJECT_HOOKS = {H_GAIN: "coins, tokens, lose/gain", H_VP: "vp", H_STRENGTH: "shields", H_COST: "discount",
                 H_FREE: "free", H_PLAYLAST: "play", H_FARTRADE: "trade", H_GIVEDEF: "give", H_RELATIVE: "produce"}
# the words of the hook kinds a reward or penalty cannot carry natively (for the reason given)
_CARD_WORDS = {H_TRIGGER: "when", H_DISCARD: "build", H_HANDBUILD: "build", H_COPYEND: "copy",
               H_COPYNOW: "copy", H_DRAW: "draw", H_DISCOWN: "discard", H_BURY: "bury", H_PLAYTWO: "play"}


class NotNative(Exception):
    """The pack uses something the native core does not run; the message names it."""


def _known(seats: tuple[Any, ...], what: str, far: bool = True) -> tuple[int, ...]:
    """Seat codes the core resolves (counting.py: 0-2, the chosen neighbours 3-6, 7 every other
    city, and with `far` N seats round the ring: 100 + N, 200 + N, city.pxi ring_seat), at most
    three; any other target runs in Python."""
    if len(seats) > 3 or any(not isinstance(s, int) or not (0 <= s <= OTHERS or far and s >= FAR_LEFT)
                             for s in seats):
        raise NotNative(f"{what} in cities the native core cannot name")
    return seats


def _counter(c: Counter | None, tokens: list[str]) -> list[int]:
    """[has, what, colour mask, every, token kind, n seats, seat...]."""
    if c is None:
        return [0, 0, 0, 1, -1, 0]
    _known(c.seats, "a count")
    if c.what == "produced":  # the resource in the token slot
        return [1, WHAT[c.what], 0, c.every, c.resource, len(c.seats), *c.seats]
    if c.what == "tucked":  # the stage in the token slot
        return [1, WHAT[c.what], 0, c.every, c.stage, len(c.seats), *c.seats]
    mask = 0
    for col in c.colors:
        mask |= 1 << col
    token = tokens.index(c.token) if c.token in tokens else -1
    return [1, WHAT[c.what], mask, c.every, token, len(c.seats), *c.seats]


def _row(kind: int, amount: int = 0, cond: int = 0, period: int = 0, colors: Any = (),
         seats: tuple[int, ...] = (), sciset: int = 0, stages: int = 0, seatmask: int = 0,
         resources: Any = (), inner: int = -1, ref: int = 0,
         counter: list[int] | None = None) -> list[int]:
    """[kind, amount, cond, period, colour mask, n seats, seat x3, sciset, stages, seat mask,
    resource mask, inner, ref, counter...] (defs.pxi: HookC)."""
    padded = list(seats) + [0] * (3 - len(seats))
    return [kind, amount, cond, period, sum(1 << c for c in colors), len(seats), *padded[:3],
            sciset, stages, seatmask, sum(1 << r for r in resources), inner, ref,
            *(counter or [0, 0, 0, 1, -1, 0])]


class _HookLowering:
    """Compiled hooks as rows; a trigger's inner hook goes to a list appended after the rest."""

    def __init__(self, cp: CompiledPack, hands: list[str], tokens: list[str]):
        self.cp, self.hands, self.tokens = cp, hands, tokens
        self.inner: list[list[int]] = []
        self.contrib: Any = None  # _Tables.contrib: a gift's production is a contribution row
        self.advances: list[list[list[int]]] = []  # the resources of `advance ... for RESOURCES`

    def row(self, h: E.Hook) -> list[int]:
        t, tk = type(h), self.tokens
        far = _far(h)
        if far:
            raise NotNative(far)
        if t is E.GainHook:
            return self.gain(h)
        if t is E.VictoryHook:
            if isinstance(h.condition, CountTest):  # cond 2: the test is the row at `inner`
                test = h.condition
                if _chosen(test.than):
                    raise NotNative("a count compared with a neighbour chosen at game end")
                self.inner.append(_row(0, test.limit, cond=TEST[test.kind], seats=test.than,
                                       counter=_counter(test.counter, tk)))
                return _row(H_VP, h.amount, cond=2, sciset=int(h.science_set), inner=-len(self.inner),
                            counter=_counter(h.counter, tk))
            return _row(H_VP, h.amount, cond=int(bool(h.condition)), sciset=int(h.science_set),
                        counter=_counter(h.counter, tk))
        if t is E.FreeBuildPower:
            return _row(H_FREE, period=PERIOD.get(h.period, 1), colors=h.colors)
        if t in (E.PlayLastPower, E.DiscardBuildHook, E.GiveDefeatsRule):
            return _row({E.PlayLastPower: H_PLAYLAST, E.DiscardBuildHook: H_DISCARD,
                         E.GiveDefeatsRule: H_GIVEDEF}[t])
        if t in (E.CopyAtEnd, E.CopyNow, E.StrengthHook) and _chosen(h.seats):
            raise NotNative(("a copy" if t is not E.StrengthHook else "shields") + " for a neighbour chosen "
                            "as it applies (the richer|poorer|stronger|weaker neighbor, the neighbor with most|fewest ...)")
        if t in (E.CopyAtEnd, E.CopyNow):
            return _row(H_COPYEND if t is E.CopyAtEnd else H_COPYNOW, colors=h.colors, seats=h.seats)
        if t is E.CostChange and h.unit in UNIT:  # counted: the amount per thing (amount_at)
            return _row(H_COST, h.amount, period=UNIT[h.unit], colors=h.colors, stages=int(h.stages),
                        seatmask=sum(1 << (3 if s == OTHERS else s) for s in _known(h.seats, "a cost change", far=False)),
                        resources=h.resources,
                        counter=_counter(getattr(h, "counter", None), tk))
        if t is E.TriggerHook:
            if getattr(h.inner, "not_native", ""):  # a gain the core declines names itself
                raise NotNative(h.inner.not_native)
            if h.kind not in EVENT:
                raise NotNative(f"the event '{h.kind}'")
            if h.scores and not isinstance(h.inner, E.VictoryHook):  # points kept: City.gained
                raise NotNative(f"points gained when a trigger fires from {type(h.inner).__name__}")
            self.inner.append(self.row(h.inner))
            return _row(H_TRIGGER, cond=int(h.once), period=EVENT[h.kind], colors=h.colors,
                        inner=-len(self.inner), ref=LIMIT[h.limit], seatmask=_heard(h), seats=h.far)
        if t is E.DrawHook:
            return _row(H_DRAW, h.count, ref=self.hands.index(h.deck))
        if t is E.HandBuildHook:
            return _row(H_HANDBUILD, ref=self.hands.index(h.hand))
        if t is E.RelativeProduction:
            return _row(H_RELATIVE, ref=int(h.relative == "produced"))
        if t is E.StrengthHook:  # cond 1: shields for other cities (the seats), not its own
            out = h.seats != (0,)
            if len(h.seats) > 3:
                raise NotNative("shields for more than three sides")
            return _row(H_STRENGTH, h.amount, cond=int(out), seats=_known(h.seats, "shields") if out else (),
                        counter=_counter(h.counter, tk))
        if t is E.DiscardOwnHook:
            return _row(H_DISCOWN, h.coins, colors=h.colors)
        if t is FarTradeHook:
            return _row(H_FARTRADE, h.price, ref=h.distance)
        if t is GiftHook:  # the gift's production as a contribution of its own (`inner`)
            if len(h.seats) > 3:
                raise NotNative("production given to more than three sides")
            return _row(H_GIFT, h.units, seats=h.seats, inner=self.contrib(h.gift, "wonder"))
        if t is E.BuryHook:
            return _row(H_BURY, h.vp, ref=self.hands.index(h.hand))
        if t is AdvanceHook and h.cost:  # inner: its price in resources (advances)
            if len(h.cost) > MAXCOST or len(self.advances) >= MAXADV:
                raise NotNative(f"more than {MAXADV} steps priced in resources, or one of more than {MAXCOST} resources")
            self.advances.append([list(x) for x in h.cost])
            return _row(H_ADVANCE, h.coins, ref=h.track, inner=len(self.advances) - 1)
        if t is AdvanceHook:  # ref: the track, amount: the coins a paid step costs
            return _row(H_ADVANCE, h.coins, ref=h.track)
        if t is RemoveTokensHook:
            return _remove_row(h, tk)
        if t is ExchangeHook:
            return _row(H_EXCHANGE, h.give)
        if t is RuleChangeHook:  # ref: the rules number (SHIFT, or 6 + the token kind)
            return _row(H_RULE, h.amount, seats=_known(h.seats, "a rules change", far=False), ref=_shift(h.rule, tk))
        if t is LastingHook:  # inner: the held contribution, period: the event that ends it
            if h.until not in ENDS:
                raise NotNative(f"a duration until '{h.until}'")
            return _row(H_HOLD, period=ENDS[h.until], inner=self.contrib(h.held, "wonder"))
        if t is PlayTwoPower:  # (a count with seats no player owns never plays natively)
            return _row(H_PLAYTWO, period={"game": 1, "age": 2}[h.period])
        if getattr(h, "not_native", ""):  # a construct the core declines names itself
            raise NotNative(h.not_native)
        if isinstance(h, E.PluginHook):
            raise NotNative(f"the plug-in word '{h.word}'")
        raise NotNative(f"the effect {type(h).__name__}")


    def gain(self, h: Any) -> list[int]:
        """The gain primitive (GainHook): amount signed, period the quantity (Q_*), ref the token
        kind (conflict tokens: 1 victory, 0 defeat), seatmask 1 when a loss is paid to the owner,
        the counter counted in each taking city, the target as `targeted` writes it."""
        if h.quantity == "coins":
            quantity, ref = Q_COINS, 0
        elif h.kind in ("victory", "defeat"):
            quantity, ref = Q_CTOKENS, int(h.kind == "victory")
        elif h.kind in self.tokens:
            quantity, ref = Q_TOKENS, self.tokens.index(h.kind)
        else:  # pragma: no cover - the parser refuses an undeclared kind
            raise NotNative(f"tokens of the undeclared kind '{h.kind}'")
        row = _row(H_GAIN, h.amount, period=quantity, ref=ref, seatmask=int(h.to_owner),
                   counter=_counter(h.counter, self.tokens))
        return self.targeted(row, h.seats)

    def targeted(self, row: list[int], seats: tuple[Any, ...]) -> list[int]:
        """A when-built hook's target (GainHook.takers):
        none for the owner alone (seats (0,)); the seat codes in order (0-6, 7 every other city);
        or cond 1 and a pick row at `inner` (amount: at least, cond: PICK, period: 1 other)."""
        if seats == (0,):
            return row
        if isinstance(seats[0], PickSeats):
            p = seats[0]
            self.inner.append(_row(0, p.at_least, cond=PICK[p.how], period=int(p.other),
                                   counter=_counter(p.counter, self.tokens)))
            row[HR_COND], row[HR_INNER] = 1, -len(self.inner)
            return row
        _known(seats, "an effect")
        row[5:9] = [len(seats), *(list(seats) + [0] * (3 - len(seats)))]
        return row


def _chosen(seats: tuple[Any, ...]) -> bool:
    """Whether a target names a city chosen as it applies (codes 3-6, or a count's pick), which the
    core's copies and shields for others do not resolve (a gain does: `targeted`)."""
    return any(not isinstance(s, int) or 3 <= s < OTHERS for s in seats)


def _far(h: Any) -> str:
    """Why the core cannot run a hook's seats at a distance (N seats round the ring: the seat
    codes 100 + N, 200 + N, ring_seat in city.pxi), or "": it runs them in counts, shields for,
    lose/gain, copies, conditions and triggers (their seats: the far seats heard), in at most
    three cities."""
    if len(getattr(h, "far", ())) > 3:
        return "a trigger heard from more than three seats at a distance"
    cond = getattr(h, "condition", None)
    sides = getattr(h, "sides", ())
    lists = [tuple(getattr(h, "seats", ())), tuple(getattr(cond, "than", ())),
             seats_of(tuple(s for s in sides if isinstance(s, str)))]
    for c in (getattr(h, "counter", None), getattr(cond, "counter", None)):
        if isinstance(c, Counter):
            lists.append(c.seats)
            if c.what == "tucked" and any(isinstance(s, int) and s >= FAR_LEFT for s in c.seats):
                return "cards of the tucked colour counted in a seat at a distance"
    if any(len(seats) > 3 and any(isinstance(s, int) and s >= FAR_LEFT for s in seats) for seats in lists):
        return "seats at a distance with more than three cities in one target"
    return ""


def _remove_row(h: RemoveTokensHook, tokens: list[str]) -> list[int]:
    """[H_REMOVE, count, victory 1 / defeat 2 / kind 0, ...]: the givers as seat codes (self,
    left, right) or every other city (seat mask 1)."""
    if OTHERS in h.seats and len(h.seats) > 1 or any(not isinstance(c, int) or 2 < c != OTHERS
                                                     for c in h.seats):
        raise NotNative("tokens given back by cities chosen as the effect applies")
    cond = {"victory": 1, "defeat": 2}.get(h.kind, 0)
    ref = 0 if cond else tokens.index(h.kind)
    others = OTHERS in h.seats
    return _row(H_REMOVE, h.count, cond=cond, seats=() if others else h.seats, seatmask=int(others), ref=ref)


def _heard(h: Any) -> int:
    """Where a trigger hears its event (TriggerHook.hears): bits 0 its own city, 1 the left
    neighbour, 2 the right, 3 every other city, 4 any other city at all (its city listens)."""
    w = h.whose
    return (int(h.own) | ("left" in w) << 1 | ("right" in w) << 2 | (w == ("others",)) << 3
            | int(h.others) << 4)


def _mask(choice: tuple[int, ...]) -> int:
    m = 0
    for r in choice:
        m |= 1 << r
    return m


def _wild(w: tuple[int, ...]) -> int:
    """A wild symbol's choices as a bit mask; `science most|swap` as the core's two codes."""
    return SETTLED[w[0]] if w and w[0] in SETTLED else _mask(w)


class _Tables:
    """Contributions and hooks numbered in the order they are first met."""

    def __init__(self, cp: CompiledPack, lines: list[str], hooks: _HookLowering):
        self.cp, self.lines, self.lowering = cp, lines, hooks
        hooks.contrib = self.contrib
        self.contribs: list[list[Any]] = []
        self.hooks: list[list[int]] = []
        self.prereqs: list[list[int]] = []  # prerequisites as rows (amount: at least), after the hooks
        self.steps: list[int] = []  # the track steps' contributions (any city may reach them all)

    def needs(self, needs: tuple[tuple[int, Any, str], ...]) -> list[int]:
        """[first, count]: the prerequisites' rows (moves.unmet), numbered from the hooks' end."""
        first = len(self.prereqs)
        for at_least, counter, _words in needs:
            self.prereqs.append(_row(0, at_least, counter=_counter(counter, self.lowering.tokens)))
        return [-1 - first if needs else 0, len(needs)]

    def contrib(self, c: Contribution, line: str) -> int:
        if len(c.choices) + len(c.choices_private) > PER_CONTRIB or len(c.science_wild) > PER_CONTRIB \
                or len(c.discounts) > PER_CONTRIB:
            raise NotNative("more than 12 either/or, wild or trade effects on one card")
        rows = [self.lowering.row(h) for h in c.hooks]  # a held contribution's rows go first
        hook0 = len(self.hooks)
        self.hooks.extend(rows)
        discounts = []
        for resources, seats, price in c.discounts:
            discounts.append([sum(1 << r for r in resources), sum(1 << s for s in seats), price])
        sci = list(c.science) + [0] * (MAXS - len(c.science))
        if any(list(w) != sorted(w) for w in c.science_wild):
            raise NotNative("a wild science symbol whose choices are not in the rules' order")
        self.contribs.append([
            list(c.fixed), list(c.fixed_private), [_mask(ch) for ch in c.choices],
            [_mask(ch) for ch in c.choices_private], c.shields, sci,
            [_wild(w) for w in c.science_wild], discounts, hook0, len(c.hooks),
            self.lines.index(line)])
        return len(self.contribs) - 1

    def all_hooks(self) -> list[list[int]]:
        """The hooks, then the triggers' inner hooks (their indexes fixed up)."""
        base = len(self.hooks)
        out = self.hooks + self.lowering.inner
        for row in out:
            if (row[HR_KIND] == H_TRIGGER or row[HR_KIND] == H_VP and row[HR_COND] == 2
                    or row[HR_KIND] == H_GAIN and row[HR_COND] == 1) and row[HR_INNER] < 0:
                row[HR_INNER] = base + (-row[HR_INNER] - 1)
        return out + self.prereqs

    def less(self, less: tuple[int, Counter] | None) -> int:
        """A cost's `N less per THING` (cost_now.printed_coins) as a row after the hooks (amount:
        the coins off per thing counted), numbered by fix_needs; -1: none."""
        if less is None:
            return -1
        self.prereqs.append(_row(0, less[0], counter=_counter(less[1], self.lowering.tokens)))
        return len(self.prereqs) - 1

    def fix_needs(self, rows: list[list[Any]]) -> None:
        """A card's or stage's first prerequisite row and its cost's count (`less`), now that
        the hooks are numbered."""
        start = len(self.hooks) + len(self.lowering.inner)
        for row in rows:
            if row[-2] < 0:
                row[-2] = start + (-row[-2] - 1)
            if row[-3] >= 0:
                row[-3] += start


def _flat(hooks: Any) -> list[Any]:
    """Hooks with those a duration holds (LastingHook.held) in their place."""
    return [x for h in hooks for x in (h.held.hooks if isinstance(h, LastingHook) else (h,))]


def _rule_changes(cp: CompiledPack) -> list[RuleChangeHook]:
    """The `rule` hooks of the pack's cards, boards and stages (held for a while too)."""
    effects: list[Any] = [c.effect for c in cp.cards]
    for side in cp.sides.values():
        effects.append(side.board)
        effects.extend(s.effect for s in side.stages)
    return [h for e in effects for h in _flat(e.hooks) if isinstance(h, RuleChangeHook)]


def _scored_kinds(cp: CompiledPack) -> set[str]:
    """Token kinds whose points can be other than 0: worth points, or changed by `rule token`."""
    rules = [h.rule for h in _rule_changes(cp)]
    if cp.rules.tower is not None:  # and the law tiles' changes
        rules.extend(e.rule for t in cp.rules.tower.tiles for e in t.effects)
    changed = {r.partition(" ")[2] for r in rules if r.startswith("token ")}
    return {k.name for k in cp.rules.tokens.values() if k.vp or (k.name in changed and k.line)}


def _check_rule_changes(cp: CompiledPack) -> None:
    """What the core's arrays hold of `rule`: one card of each name and the largest side."""
    per_name: dict[str, int] = {}
    for c in cp.cards:
        per_name[c.name] = max(per_name.get(c.name, 0), sum(isinstance(h, RuleChangeHook) for h in _flat(c.effect.hooks)))
    side = max((sum(isinstance(h, RuleChangeHook) for e in (s.board, *(st.effect for st in s.stages))
                    for h in _flat(e.hooks)) for s in cp.sides.values()), default=0)
    if sum(per_name.values()) + side > MAXRULE:
        raise NotNative("more rules changes (`rule`) in one city than the native core holds")
    held: dict[str, int] = {}
    for c in cp.cards:
        held[c.name] = max(held.get(c.name, 0), sum(isinstance(h, LastingHook) for h in c.effect.hooks))
    side = max((sum(isinstance(h, LastingHook) for e in (s.board, *(st.effect for st in s.stages))
                    for h in e.hooks) for s in cp.sides.values()), default=0)
    if sum(held.values()) + side > MAXHELD:
        raise NotNative("more durations (`until age ends`) in one city than the native core holds")


def _lowest_price(cp: CompiledPack, n: int, copies: dict[int, int]) -> int:
    """The lowest trade price a city could pay at `n` players with every lowering change that
    could reach it holding at once: the cheapest price written (the rules', a discount's, a far
    trade's), each card copy dealt at that count held by a different city, every city's side as
    lowering as the worst one, every law tile visible."""
    def falls(hooks: Any, times: int) -> int:
        total = 0
        for h in _flat(hooks):
            if isinstance(h, RuleChangeHook) and h.rule == "trade_price" and h.amount < 0:
                others = sum(1 for s in h.seats if s)
                total += h.amount * ((times * others) + (0 in h.seats))
        return total
    effects = [c.effect for c in cp.cards] + [e for s in cp.sides.values()
                                               for e in (s.board, *(st.effect for st in s.stages))]
    effects += [h.held for e in effects for h in e.hooks if isinstance(h, LastingHook)]  # held a while
    written = [cp.rules.trade_price] + [p for e in effects for _, _, p in e.discounts] \
        + [h.price for e in effects for h in e.hooks if isinstance(h, FarTradeHook)]
    low = min(written) + sum(falls(c.effect.hooks, copies.get(c.id, 0)) for c in cp.cards if c.id in copies)
    low += n * min([0] + [falls([h for e in (s.board, *(st.effect for st in s.stages)) for h in e.hooks], n)
                          for s in cp.sides.values()])
    if cp.rules.tower is not None:
        low += sum(min(0, e.amount) for t in cp.rules.tower.tiles for e in t.effects if e.rule == "trade_price")
    return low


def _shift(rule: str, tokens: list[str]) -> int:
    """The core's code of a rules number (defs.pxi RS_*; `token KIND`: after them, by kind)."""
    return SHIFT[rule] if rule in SHIFT else len(SHIFT) + tokens.index(rule.partition(" ")[2])


def _tower(rules: Any, lines: list[str], tokens: list[str]) -> dict[str, Any] | None:
    """The law tower: each tile's changes [code, amount], the tiles visible by player count,
    the tiles each player draws, the points for 1, 2, ... tiles placed and their line."""
    tower = rules.tower
    if tower is None:
        return None
    return {"tiles": [[[_shift(e.rule, tokens), e.amount] for e in t.effects] for t in tower.tiles],
            "visible": [tower.visible_at(n) for n in range(MAXP + 1)], "draw": tower.draw,
            "points": list(tower.points), "line": lines.index(tower.line)}


def _lines(cp: CompiledPack) -> list[str]:
    """The score pad's lines, then any line an effect writes that the pad does not print."""
    lines = list(cp.rules.score_lines)
    for needed in ("military", "treasury", "science"):
        if needed not in lines:
            raise NotNative(f"a score pad without the '{needed}' line")
    scored = _scored_kinds(cp)
    tokens = [k.line for k in cp.rules.tokens.values() if k.name in scored]
    for extra in ("wonder", *(c.category for c in cp.cards), *tokens, *(t.line for t in cp.tracks)):
        if extra not in lines:
            lines.append(extra)
    return lines


def _check_rules(cp: CompiledPack) -> None:
    rules = cp.rules
    if len(cp.projects) > MAXPROJ:
        raise NotNative("more shared projects than the native core holds")
    playable = set(range(rules.min_players, rules.max_players + 1))
    if any(playable & set(seat.players) for seat in rules.seats) \
            and any(abs(pass_step(d)) > 1 for d in rules.pass_directions):
        raise NotNative("hands passed more than one seat at a table with seats no player owns")
    if rules.tower is not None and any(p.kind != "age" for p in rules.phases):
        raise NotNative("a law tower with drafts or recruitments (which of their moves may place a tile)")
    if rules.tower is not None and (len(rules.tower.tiles) > MAXTILES or rules.tower.draw > MAXDRAW
                                    or rules.tower.draw * rules.max_players > MAXTOWER
                                    or len(rules.tower.points) > 8
                                    or any(len(t.effects) > MAXLAWFX for t in rules.tower.tiles)):
        raise NotNative("a law tower larger than the native core holds")
    kinds = [p.kind for p in rules.phases if p.kind not in PHASE_KINDS]
    if kinds:
        raise NotNative(f"the phase kind '{kinds[0]}'")
    if any(p.kind == "draft" and not 0 < p.deal <= MAXHAND for p in rules.phases):
        raise NotNative("a draft dealing more cards than the native core holds")
    if len(cp.tracks) > MAXTRACKS or sum(len(t.steps) for t in cp.tracks) > MAXTSTEPS:
        raise NotNative(f"more than {MAXTRACKS} tracks or {MAXTSTEPS} track steps")
    if len(rules.track_conflicts) > MAXTWARS:
        raise NotNative(f"more than {MAXTWARS} conflicts along tracks")
    if any(len(w.victory) < rules.ages or len(w.defeat) < rules.ages or len(w.victory) > 16
           for w in rules.track_conflicts):
        raise NotNative("a conflict along a track without a victory or defeat token for an age")
    if len(rules.tokens) > MAXTK:
        raise NotNative("more token kinds than the native core holds")
    if len(cp.resources) > MAXR or len(cp.colors) > MAXC or len(cp.symbols) > MAXS:
        raise NotNative("more resources, colours or science symbols than the native core holds")
    if rules.max_players > MAXP:
        raise NotNative(f"more than {MAXP} players")
    sizes = [rules.hand_size, *rules.hand_sizes.values()]
    stages = max((len(s.stages) for s in cp.sides.values()), default=0)
    if max(sizes) > MAXHAND or min(sizes) < 2 or rules.ages * max(sizes) + stages + 1 > MAXBUILT \
            or rules.ages * rules.max_players * max(sizes) > MAXDISC:
        raise NotNative("hands or ages larger than the native core holds")
    if len(rules.pass_directions) < rules.ages or len(rules.victory_tokens) < rules.ages \
            or len(rules.victory_tokens) > 16:
        raise NotNative("a passing direction or victory token missing for an age")


def _check_city_bounds(cp: CompiledPack, t: _Tables, cards: list[list[Any]],
                       sides: list[list[Any]], extras: list[tuple[int, int]] = ()) -> None:
    """Either/or production and wild symbols one city can gather fit the core's arrays: its
    side's, one card of each name, what its copy powers can copy (the most of their colours),
    and each shared project's reward or penalty (`extras`: their contributions)."""
    hooks = t.hooks
    per_set = any(h[0] == H_VP and h[9] for h in hooks)
    gifts = [row for row in hooks if row[0] == H_GIFT]  # a city takes each from up to every other
    most = cp.rules.max_players - 1
    if sum(most if 7 in row[6:6 + row[5]] else sum(1 for s in row[6:6 + row[5]] if s) for row in gifts) > MAXGIFT:
        raise NotNative("more production given to other cities than the native core holds")
    gifted = most * sum(len(t.contribs[row[13]][2]) + len(t.contribs[row[13]][3]) for row in gifts)
    for slot, limit, what in ((None, MAXCH, "either/or production"), (6, MAXWILD - 2, "wild science symbols"),
                              (7, 3 if per_set else MAXWILD, "wild science symbols with points per set")):
        def size(k: int) -> int:  # slot 7: the wilds tried one by one (not `science most|swap`)
            c = t.contribs[k]
            held = sum(size(row[HR_INNER]) for row in hooks[c[8]:c[8] + c[9]] if row[0] == H_HOLD)
            if slot == 7:
                return held + sum(1 for w in c[6] if w not in SETTLED.values())
            return held + (len(c[2]) + len(c[3]) if slot is None else len(c[slot]))

        def copied(k: int) -> int:  # the most a contribution's copy powers can bring in
            c = t.contribs[k]
            total = 0
            for row in hooks[c[8]:c[8] + c[9]]:
                if row[0] in (H_COPYEND, H_COPYNOW):
                    total += max((size(card[5]) for card in cards if row[4] >> card[0] & 1), default=0)
            return total
        by_name: dict[int, int] = {}
        for card in cards:
            by_name[card[4]] = max(by_name.get(card[4], 0), size(card[5]) + copied(card[5]))
        side = max((size(b) + copied(b) + sum(size(st[3]) + copied(st[3]) for st in stages)
                    for b, stages, _ in sides), default=0) + sum(size(k) + copied(k) for k in t.steps)
        side += sum(max(size(a), size(b)) for a, b in extras)
        # (slot 7, paid per science set: Python tries every choice in order, <= 64 of them)
        copies = max((sum(1 for row in hooks[t.contribs[b][8]:t.contribs[b][8] + t.contribs[b][9]]
                          if row[0] in (H_COPYEND, H_COPYNOW)) for b, _, _ in sides), default=0)
        copies += sum(1 for row in hooks if row[0] in (H_COPYEND, H_COPYNOW))
        if copies > MAXCOPY or sum(by_name.values()) + side + (gifted if slot is None else 0) > limit:
            raise NotNative(f"more {what} in one city than the native core holds")
    settled = {card[4] for card in cards for w in t.contribs[card[5]][6] if w in SETTLED.values()}
    settled_sides = sum(1 for k in [b for b, stages, _ in sides] + [st[3] for _, stages, _ in sides
                                                                    for st in stages] + t.steps
                        for w in t.contribs[k][6] if w in SETTLED.values())
    if len(settled) + settled_sides > MAXSETTLED:
        raise NotNative(f"more than {MAXSETTLED} `science most|swap` symbols in a pack")


def hand_names(cp: CompiledPack) -> list[str]:
    """Second hands and named decks by name (the phases', the draws' and the builds from a
    hand), sorted: a draw takes cards of a deck into the hand of the same name."""
    names = {p.hand for p in cp.rules.phases if p.hand} | {p.deck for p in cp.rules.phases if p.deck}
    for c in [c.effect for c in cp.cards] + [x for s in cp.sides.values()
                                             for x in (s.board, *(st.effect for st in s.stages))] \
            + [step for t in cp.tracks for step in t.steps]:  # a track step's reward (an island)
        for h in c.hooks:
            if isinstance(h, E.DrawHook):
                names.add(h.deck)
            elif isinstance(h, (E.HandBuildHook, E.BuryHook)):
                names.add(h.hand)
    if len(names) > MAXNH:
        raise NotNative("more second hands than the native core holds")
    return sorted(names)


def _steps(cp: CompiledPack, hands: list[str], decks: list[str]) -> list[list[int]]:
    """The schedule (phases.schedule) as [kind, age, at end, deck, deal, pass, hand, actions,
    sold to the box, rest]."""
    from interpreter.game.phases import schedule
    out = []
    for step in schedule(cp.rules.phases, cp.rules.ages):
        d = step.decl
        out.append([PHASE[d.kind], step.age, int(d.at == "end"),
                    decks.index(d.deck) if d.deck in decks else -1, d.deal,
                    1 if d.pass_to == "left" else -1, hands.index(d.hand) if d.hand in hands else -1,
                    sum(ACTION_BITS.get(a, 0) for a in d.actions), int(d.sold == "box"),
                    {"keep": 0, "box": 1, "discard": 2}.get(d.rest, 0)])
    if len(out) > 64:
        raise NotNative("more phases than the native core holds")
    return out


def lower(cp: CompiledPack) -> dict[str, Any]:
    """The pack as integer tables (raises NotNative). Decks are per player count: `deals`."""
    _check_rules(cp)
    _check_rule_changes(cp)
    rules = cp.rules
    lines = _lines(cp)
    scored = _scored_kinds(cp)
    hands = hand_names(cp)
    tokens = list(rules.tokens)
    t = _Tables(cp, lines, _HookLowering(cp, hands, tokens))
    scored_hands = _scored_hands(cp, hands)
    names: dict[str, int] = {}
    for c in cp.cards:
        names.setdefault(c.name, len(names))
    cards = []
    for c in cp.cards:
        if len(c.cost) > MAXCOST:
            raise NotNative("a cost of more than 8 resources")
        chains = [names[x] for x in sorted(c.chains_from) if x in names]
        if len(chains) > MAXCHAIN:
            raise NotNative("more than 8 chains into one card")
        if c.upgrades and c.upgrades not in names:
            raise NotNative(f"an upgrade of '{c.upgrades}', which is no card of the pack")
        cards.append([c.color, c.cost_coins, c.cost_per_age, [list(x) for x in c.cost],
                      names[c.name], t.contrib(c.effect, c.category), chains,
                      names[c.upgrades] if c.upgrades else -1, t.less(c.less), *t.needs(c.needs)])
    sides, wonders = [], []
    side_index: dict[tuple[str, str], int] = {}
    for (w, s), side in cp.sides.items():
        side_index[(w, s)] = len(sides)
        if len(side.stages) > MAXSTG:
            raise NotNative("more wonder stages on a side than the native core holds")
        stages = []
        for st in side.stages:
            if len(st.cost) > MAXCOST:
                raise NotNative("a cost of more than 8 resources")
            stages.append([st.cost_coins, st.cost_per_age, [list(x) for x in st.cost],
                           t.contrib(st.effect, "wonder"), {"": 0, "left": 1, "right": 2}[st.copy],
                           t.less(st.less), *t.needs(st.needs)])
        sides.append([t.contrib(side.board, "wonder"), stages, int(side.any_order)])
    for w in cp.wonders:
        options = sorted(s for (name, s) in cp.sides if name == w)
        wonders.append([side_index[(w, s)] for s in options])
    tracks = [[t.contrib(step, track.line) for step in track.steps] for track in cp.tracks]
    t.steps = [k for steps in tracks for k in steps]
    projects = _projects(cp, t)
    _check_city_bounds(cp, t, cards, sides, [(p[4], p[5]) for p in projects])
    t.fix_needs(cards + [st for _, stages, _ in sides for st in stages])
    start = len(t.hooks) + len(t.lowering.inner)
    for p in projects:  # a join's cost counted from the state (`less`): its row numbered too
        p[-1] += start if p[-1] >= 0 else 0
    kinds = list(rules.tokens.values())
    wars = [[int(counted is None), _counter(counted, tokens), list(w.victory), list(w.defeat)]
            for w, counted in zip(rules.track_conflicts, cp.track_strength)]
    return {
        "n_res": len(cp.resources), "n_col": len(cp.colors), "n_sym": len(cp.symbols),
        "lines": lines, "n_print": len(rules.score_lines), "ages": rules.ages,
        "starting_coins": rules.starting_coins, "sell_coins": rules.sell_coins,
        "trade_price": rules.trade_price, "treasury": rules.treasury,
        "set_bonus": rules.science_set_bonus, "defeat": rules.defeat_token,
        "victory": list(rules.victory_tokens),
        "pass": [pass_step(d) for d in rules.pass_directions][:rules.ages],
        "cards": cards, "contribs": t.contribs, "hooks": t.all_hooks(), "sides": sides,
        "wonders": wonders, "n_names": len(names), "steps": _steps(cp, hands, hands),
        "n_hands": len(hands), "deck_of": [hands.index(c.deck) if c.deck in hands else -1
                                           for c in cp.cards],
        "tokens": [[k.vp, lines.index(k.line) if k.name in scored else 0, int(k.sit_out)] for k in kinds],
        "law_changes": int(rules.tower is not None or any(row[0] == H_RULE for row in t.hooks)),
        "tower": _tower(rules, lines, tokens),
        "rule_worth": [RULE_WORTH.get(name, 0.0) for name in SHIFT] + [0.0] * MAXTK,
        "debt": tokens.index(rules.debt) if rules.debt in tokens else -1,
        "tracks": tracks, "track_wars": wars, "advances": t.lowering.advances,
        "projects": projects,
        "start_box": _start_box(cp),
        "scored_hands": scored_hands,
    }


def _scored_hands(cp: CompiledPack, hands: list[str]) -> int:
    """The second hands whose cards score for their holder at the end (`scored_hands`), as a
    mask of hand ids; a card that may sit there with points other than `vp` (kept by a trigger,
    a burial's) is declined: the core scores a hand card's `vp` hooks only."""
    scored = cp.rules.scored_hands
    if not scored:
        return 0
    decks = set(scored) | {p.deck for p in cp.rules.phases if p.hand in scored and p.deck}
    for c in cp.cards:
        if c.deck in decks and any(not isinstance(h, E.VictoryHook) for h in c.effect.score_hooks):
            raise NotNative("a card scored in a hand at the game's end (`scored_hands`) with points "
                            "other than `vp` (kept by a trigger, or a burial's)")
    return sum(1 << hands.index(h) for h in scored if h in hands)


def _projects(cp: CompiledPack, t: _Tables) -> list[list[Any]]:
    """The shared projects as [age, coins, coins per age, cost, reward, penalty (contributions,
    scored on the wonder line), joiners needed by player count 0..MAXP, 1 if paid when full,
    its cost's count (`less`: a row after the hooks, numbered once they are; -1 none)];
    a reward or penalty doing what needs a card of its own (a trigger, a build, a copy) or a
    `science most|swap` symbol declines the pack."""
    out = []
    for p in cp.projects:
        card = p.card
        if len(card.cost) > MAXCOST:
            raise NotNative("a cost of more than 8 resources")
        ks = []
        for what, effect in (("reward", card.effect), ("penalty", p.penalty)):
            k = t.contrib(effect, "wonder")
            row0, nrows = t.contribs[k][8], t.contribs[k][9]
            for h, row in zip(effect.hooks, t.hooks[row0:row0 + nrows]):
                if row[0] not in PROJECT_HOOKS:
                    word = getattr(h, "word", "") or _CARD_WORDS.get(row[0], type(h).__name__)
                    raise NotNative(f"a shared project's {what} with the effect '{word}' (natively a reward or "
                                    f"penalty gives only {', '.join(sorted(set(PROJECT_HOOKS.values())))})")
            if any(w in SETTLED.values() for w in t.contribs[k][6]):
                raise NotNative(f"a shared project's {what} with a `science most|swap` symbol")
            ks.append(k)
        out.append([p.age, card.cost_coins, card.cost_per_age, [list(x) for x in card.cost], ks[0], ks[1],
                    [p.needed_at(n) for n in range(MAXP + 1)], int(p.completes == WHEN_FULL), t.less(card.less)])
    return out


def _start_box(cp: CompiledPack) -> list[int]:
    """phases.boxed_at_start: the ids of the decks no draft deals, in the box from the start
    (the same at every player count: a card of such a deck with player counts is declined)."""
    from interpreter.game.phases import boxed_at_start
    boxed = boxed_at_start(cp, cp.rules.max_players)
    if any(c.card.players is not None for c in boxed) or len(boxed) > MAXBOX:
        raise NotNative("a deck no draft deals with cards by player count, or larger than the box")
    return [c.id for c in boxed]


def deals(cp: CompiledPack, n: int) -> tuple[list[list[Any]], list[list[int]]]:
    """(per age: [deck card ids, [[pool ids, k], ...]]: the deck as Game.deal builds it before
    its samples (the guilds in the last age, then each draw rule), then one shuffle;
    per second hand's name: the cards of the deck of that name, as Game.deal_deck takes them)."""
    rules = cp.rules
    out = []
    named = [[c.id for c in cp.deck_cards(name, n)] for name in hand_names(cp)]
    if any(len(d) > MAXBOX for d in named):
        raise NotNative("a deck larger than the native core's box")
    for p in rules.phases:
        if p.kind == "draft" and len(cp.deck_cards(p.deck, n)) < p.deal * n:
            raise NotNative(f"the draft '{p.name}' has too few cards for {n} players")
    copies: dict[int, int] = {}  # each card id dealt (or drawable) at this count, how often
    for ids in named:
        for i in ids:
            copies[i] = copies.get(i, 0) + 1
    for age in range(1, rules.ages + 1):
        deck = [c.id for c in cp.deck(age, n)]
        samples = [[[c.id for c in pool], count] for pool, count in cp.samples(age, n)]
        for i in deck + [i for pool, _ in samples for i in pool]:
            copies[i] = copies.get(i, 0) + 1
        size = rules.hand_size_at(n)
        total = len(deck) + sum(k for _, k in samples)
        if total > 1024 or any(len(pool) > 1024 for pool, _ in samples):
            raise NotNative(f"an age deck of more than 1024 cards")
        if total < size * n:
            raise NotNative(f"age {age} has too few cards for {n} players")
        out.append([deck, samples])
    if (rules.tower is not None or _rule_changes(cp)) and _lowest_price(cp, n, copies) < 0:
        raise NotNative("`rule trade_price` changes that could take a price below 0 at once (copies "
                        "held by several cities): the engines' payment searches differ there")
    return out, named


def seat_plan(cp: CompiledPack, players: int) -> list[int] | None:
    """The seat no player owns a game of `players` adds (interpreter/native/seats.pxi):
    [seat, must play, coins or -1, per age the side of its first holder (+1 left, -1 right)],
    None when there is none; NotNative for the forms the core does not play."""
    if partners(cp.rules.teams, players):  # the score and the winners per team: Python's
        raise NotNative(f"the team variant (`teams: {cp.rules.teams}`) at {players} players")
    decls = cp.rules.seats_at(players)
    if not decls:
        return None
    if len(decls) > 1:
        raise NotNative("more than one seat no player owns")
    d = decls[0]
    if any(h.rule == "pass" for h in _rule_changes(cp)):
        raise NotNative("hands passed farther (`rule pass`) at a table with seats no player owns")
    if d.controller != "holder" or d.hand != "pile":
        raise NotNative(f"a seat no player owns played by '{d.controller}' with the hand '{d.hand}' "
                        "(the core plays only a pile played by the holder of its card)")
    cities = players + 1
    for p in cp.rules.phases:  # the players' draft is dealt from the deck at their count
        if p.kind == "draft" and [c.id for c in cp.deck_cards(p.deck, players)] \
                != [c.id for c in cp.deck_cards(p.deck, cities)]:
            raise NotNative(f"the draft '{p.name}' deals a deck that differs at {players} players "
                            f"and {cities} cities")
    if len(d.first_holder) < cp.rules.ages or any(s not in ("left", "right") for s in d.first_holder):
        raise NotNative("a seat no player owns without its first holder for each age")
    return [players, int(d.must_play), -1 if d.coins is None else d.coins,
            *[1 if s == "left" else -1 for s in d.first_holder[:cp.rules.ages]]]


def stream_salt(label: str) -> int:
    """What a label XORs into a seed (interpreter/rng.Stream)."""
    return mix(fnv1a(label)) if label else 0

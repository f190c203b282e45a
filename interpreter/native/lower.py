"""A CompiledPack lowered once into plain integer tables the native core copies into C arrays.

Which compiled effects the native core runs is decided here, by hook class (and, for a cost
change, by its unit): `NATIVE_KINDS` is the list. A pack using anything else raises
NotNative naming the effect word, and the game runs on the Python engine instead.
Plug-in words never run natively: their handlers are Python code.
"""
from __future__ import annotations

from typing import Any

from .. import effects as E
from ..compiled import CompiledPack
from ..contribution import Contribution
from ..counting import Counter
from ..rng import fnv1a, mix

# sizes of the native core's fixed arrays (interpreter/native/defs.pxi); a pack beyond them runs
# on the Python engine
MAXP, MAXR, MAXC, MAXS, MAXHAND, MAXBUILT, MAXCH, MAXWILD = 8, 8, 16, 4, 20, 64, 64, 8
MAXCOST, MAXCHAIN, PER_CONTRIB, MAXDISC = 8, 8, 12, 512

# hook kinds (defs.pxi has the same numbers)
H_COINS, H_VP, H_FREE, H_PLAYLAST, H_DISCARD, H_COPYEND, H_FIRSTCOLOR, H_GIVEDEF = range(1, 9)
# counted things (Counter.what)
WHAT = {"card": 1, "wonder_stage": 2, "defeat": 3, "victory": 4, "coin": 5, "set": 6,
        "science_set": 7, "age": 8, "token": 9}
PERIOD = {"age": 0, "game": 1, "age_first": 2, "age_last": 3}

# effect kinds the native core runs, by registry word (with the hook class that carries each)
NATIVE_KINDS: dict[str, str] = {
    "produce": "fixed and either/or production, tradable or not (fast path)",
    "shields": "shields (fast path; not `shields N per ...`)",
    "science": "science symbols, wild ones included (fast path)",
    "buy": "cheaper trade with neighbours (fast path; not `from bank`)",
    "coins": "CoinsHook: coins when built, flat or per counted thing",
    "vp": "VictoryHook: points at game end, flat, per counted thing, `if wonder complete`",
    "free": "FreeBuildPower (`free build once per age|game`, `free first|last card of each age`) "
            "and `free first card of each colour`",
    "play": "PlayLastPower: play the last card of each age",
    "build": "DiscardBuildHook: build from the discard pile (not from a second hand)",
    "copy": "CopyAtEnd: copy a neighbour's card at game end (not `copy ... now`)",
    "give": "GiveDefeatsRule: defeat tokens go to the winner",
}


class NotNative(Exception):
    """The pack uses something the native core does not run; the message names it."""


def _hook_word(h: E.Hook) -> str:
    """The effect word a compiled hook came from, for the message that names it."""
    if isinstance(h, E.PluginHook):
        return f"the plug-in word '{h.word}'"
    if isinstance(h, E.CostChange):
        what = {"bank": "'buy' (from the bank)", "rebate": "'rebate'",
                "first_of_color": "'free' (first card of each colour)"}.get(h.unit, "'discount'")
        return f"the effect word {what}"
    words = {E.HandBuildHook: "'build' (from a second hand)", E.DrawHook: "'draw'",
             E.RelativeProduction: "'produce' (one produced|unproduced)",
             E.StrengthHook: "'shields' (per counted thing)", E.TokensHook: "'tokens'",
             E.OthersCoinsHook: "'lose' (others lose or gain coins)", E.CopyNow: "'copy' (now)",
             E.TriggerHook: "'when'", E.VictoryHook: "'vp' (per science set)", E.GiveDefeatsRule: "'give'"}
    return f"the effect word {words.get(type(h), type(h).__name__)}"


def _counter(c: Counter | None) -> list[int]:
    """[has, what, colour mask, every, n seats, seat...]."""
    if c is None:
        return [0, 0, 0, 1, 0]
    mask = 0
    for col in c.colors:
        mask |= 1 << col
    return [1, WHAT[c.what], mask, c.every, len(c.seats), *c.seats]


def _hook(h: E.Hook) -> list[int]:
    """[kind, amount, condition, period, colour mask, n seats, seat x3, counter...]."""
    t = type(h)
    if t is E.CoinsHook:
        return [H_COINS, h.amount, 0, 0, 0, 0, 0, 0, 0, *_counter(h.counter)]
    if t is E.VictoryHook and not h.science_set:
        cond = 1 if h.condition == "wonder_complete" else 0
        if h.condition and not cond:
            raise NotNative(f"the effect word 'vp' (if {h.condition})")
        return [H_VP, h.amount, cond, 0, 0, 0, 0, 0, 0, *_counter(h.counter)]
    if t is E.FreeBuildPower:
        mask = sum(1 << c for c in h.colors)
        return [H_FREE, 0, 0, PERIOD.get(h.period, 1), mask, 0, 0, 0, 0, *_counter(None)]
    if t is E.PlayLastPower:
        return [H_PLAYLAST, 0, 0, 0, 0, 0, 0, 0, 0, *_counter(None)]
    if t is E.DiscardBuildHook:
        return [H_DISCARD, 0, 0, 0, 0, 0, 0, 0, 0, *_counter(None)]
    if t is E.CopyAtEnd:
        mask = sum(1 << c for c in h.colors)
        seats = list(h.seats) + [0] * (3 - len(h.seats))
        return [H_COPYEND, 0, 0, 0, mask, len(h.seats), *seats[:3], *_counter(None)]
    if t is E.CostChange and h.unit == "first_of_color" and h.seats == (0,):
        return [H_FIRSTCOLOR, h.amount, 0, 0, 0, 0, 0, 0, 0, *_counter(None)]
    if t is E.GiveDefeatsRule:
        return [H_GIVEDEF, 0, 0, 0, 0, 0, 0, 0, 0, *_counter(None)]
    raise NotNative(_hook_word(h))


def _mask(choice: tuple[int, ...]) -> int:
    m = 0
    for r in choice:
        m |= 1 << r
    return m


class _Tables:
    """Contributions and hooks numbered in the order they are first met."""

    def __init__(self, cp: CompiledPack, lines: list[str]):
        self.cp, self.lines = cp, lines
        self.contribs: list[list[Any]] = []
        self.hooks: list[list[int]] = []

    def contrib(self, c: Contribution, line: str) -> int:
        if len(c.choices) + len(c.choices_private) > PER_CONTRIB or len(c.science_wild) > PER_CONTRIB \
                or len(c.discounts) > PER_CONTRIB:
            raise NotNative("more than 12 either/or, wild or trade effects on one card")
        hook0 = len(self.hooks)
        for h in c.hooks:
            self.hooks.append(_hook(h))
        discounts = []
        for resources, seats, price in c.discounts:
            discounts.append([sum(1 << r for r in resources), sum(1 << s for s in seats), price])
        sci = list(c.science) + [0] * (MAXS - len(c.science))
        self.contribs.append([
            list(c.fixed), list(c.fixed_private), [_mask(ch) for ch in c.choices],
            [_mask(ch) for ch in c.choices_private], c.shields, sci,
            [_mask(w) for w in c.science_wild], discounts, hook0, len(c.hooks),
            self.lines.index(line)])
        return len(self.contribs) - 1


def _lines(cp: CompiledPack) -> list[str]:
    """The score pad's lines, then any line an effect writes that the pad does not print."""
    lines = list(cp.rules.score_lines)
    for needed in ("military", "treasury", "science"):
        if needed not in lines:
            raise NotNative(f"a score pad without the '{needed}' line")
    for extra in ("wonder", *(c.category for c in cp.cards)):
        if extra not in lines:
            lines.append(extra)
    return lines


def _check_rules(cp: CompiledPack) -> None:
    rules = cp.rules
    kinds = [p.kind for p in rules.phases if p.kind != "age"]
    if kinds:
        raise NotNative(f"the phase kind '{kinds[0]}'")
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
                       sides: list[list[Any]]) -> None:
    """Either/or production and wild symbols one city can gather fit the core's arrays (a city
    builds each card name once; a copy at game end adds one card's symbols)."""
    for slot, limit, what in ((None, MAXCH, "either/or production"), (6, MAXWILD - 2, "wild science symbols")):
        def size(k: int) -> int:
            c = t.contribs[k]
            return len(c[2]) + len(c[3]) if slot is None else len(c[slot])
        by_name: dict[int, int] = {}
        for card in cards:
            by_name[card[4]] = max(by_name.get(card[4], 0), size(card[5]))
        per_card = max(by_name.values(), default=0)
        built = min(sum(by_name.values()), per_card * MAXBUILT)
        side = max((size(b) + sum(size(st[3]) for st in stages) for b, stages in sides), default=0)
        copies = sum(1 for h in t.hooks if h[0] == H_COPYEND)
        if built + side + copies * per_card > limit:
            raise NotNative(f"more {what} in one city than the native core holds")


def lower(cp: CompiledPack) -> dict[str, Any]:
    """The pack as integer tables (raises NotNative). Decks are per player count: `deals`."""
    _check_rules(cp)
    rules = cp.rules
    lines = _lines(cp)
    t = _Tables(cp, lines)
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
        cards.append([c.color, c.cost_coins, c.cost_per_age, [list(x) for x in c.cost],
                      names[c.name], t.contrib(c.effect, c.category), chains])
    sides, wonders = [], []
    side_index: dict[tuple[str, str], int] = {}
    for (w, s), side in cp.sides.items():
        side_index[(w, s)] = len(sides)
        stages = []
        for st in side.stages:
            if len(st.cost) > MAXCOST:
                raise NotNative("a cost of more than 8 resources")
            stages.append([st.cost_coins, st.cost_per_age, [list(x) for x in st.cost],
                           t.contrib(st.effect, "wonder")])
        sides.append([t.contrib(side.board, "wonder"), stages])
    for w in cp.wonders:
        options = sorted(s for (name, s) in cp.sides if name == w)
        wonders.append([side_index[(w, s)] for s in options])
    _check_city_bounds(cp, t, cards, sides)
    return {
        "n_res": len(cp.resources), "n_col": len(cp.colors), "n_sym": len(cp.symbols),
        "lines": lines, "n_print": len(rules.score_lines), "ages": rules.ages,
        "starting_coins": rules.starting_coins, "sell_coins": rules.sell_coins,
        "trade_price": rules.trade_price, "treasury": rules.treasury,
        "set_bonus": rules.science_set_bonus, "defeat": rules.defeat_token,
        "victory": list(rules.victory_tokens),
        "pass": [1 if d == "left" else -1 for d in rules.pass_directions][:rules.ages],
        "cards": cards, "contribs": t.contribs, "hooks": t.hooks, "sides": sides,
        "wonders": wonders, "n_names": len(names),
    }


def deals(cp: CompiledPack, n: int) -> list[list[Any]]:
    """Per age: [deck card ids, [[pool ids, k], ...]]: the deck as Game.deal builds it before
    its samples (the guilds in the last age, then each draw rule), then one shuffle."""
    rules = cp.rules
    out = []
    for age in range(1, rules.ages + 1):
        deck = [c.id for c in cp.deck(age, n)]
        samples = []
        if age == rules.ages:
            guilds = [c.id for c in cp.guilds()]
            samples.append([guilds, min(len(guilds), n + rules.guild_extra)])
        for rule in rules.draws:
            if not rule.ages or age in rule.ages:
                pool = [c.id for c in cp.drawn(rule.color, age)]
                samples.append([pool, min(len(pool), rule.per_player * n + rule.extra)])
        size = rules.hand_size_at(n)
        total = len(deck) + sum(k for _, k in samples)
        if total > 1024 or any(len(pool) > 1024 for pool, _ in samples):
            raise NotNative(f"an age deck of more than 1024 cards")
        if total < size * n:
            raise NotNative(f"age {age} has too few cards for {n} players")
        out.append([deck, samples])
    return out


def stream_salt(label: str) -> int:
    """What a label XORs into a seed (interpreter/rng.Stream)."""
    return mix(fnv1a(label)) if label else 0

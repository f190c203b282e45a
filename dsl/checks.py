"""Checks of meaning across a whole pack: chains, guild ages, deck sizes."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from . import ast as A
from .model import Card, Pack, Rules, Stage, Wonder
from .text_errors import did_you_mean

Report = Callable[..., None]


def link_chains(cards: list[Card], report: Report) -> list[Card]:
    """Fill in the direction of each chain that was not written, and check they agree."""
    by_name: dict[str, list[Card]] = {}
    for c in cards:
        by_name.setdefault(c.name, []).append(c)
    chains: set[tuple[str, str]] = set()
    for c in cards:
        for target, field_name in ((c.chains_from, "chains_from"), (c.chains_to, "chains_to")):
            for other in target:
                subject = f'card "{c.name}"'
                at = c.source.at(f"{field_name}:{other}")
                if other not in by_name:
                    report(c.source.file, at,
                            f"{field_name}: no card named \"{other}\"{did_you_mean(other, by_name)}",
                            subject, "chain", len(other))
                    continue
                earlier, later = (other, c.name) if field_name == "chains_from" else (c.name, other)
                e_age = min(x.age for x in by_name[earlier])
                l_age = max(x.age for x in by_name[later])
                if e_age >= l_age:
                    report(c.source.file, at,
                            f"{field_name}: \"{earlier}\" (age {e_age}) must come from an "
                            f"earlier age than \"{later}\" (age {l_age})", subject, "chain", len(other))
                    continue
                chains.add((earlier, later))
    out = []
    for c in cards:
        frm = tuple(dict.fromkeys([*c.chains_from, *(e for e, l in sorted(chains) if l == c.name)]))
        to = tuple(dict.fromkeys([*c.chains_to, *(l for e, l in sorted(chains) if e == c.name)]))
        out.append(replace(c, chains_from=tuple(x for x in frm if x in by_name),
                           chains_to=tuple(x for x in to if x in by_name)))
    return out


def check_upgrades(cards: list[Card], report: Report) -> None:
    """`upgrades: NAME` names another card of the pack (the one it is built over)."""
    names = sorted({c.name for c in cards})
    for c in cards:
        if c.upgrades and (c.upgrades not in names or c.upgrades == c.name):
            why = "a card cannot upgrade itself" if c.upgrades == c.name else \
                f"no card named \"{c.upgrades}\"{did_you_mean(c.upgrades, names)}"
            report(c.source.file, c.source.at(f"upgrades:{c.upgrades}"), f"upgrades: {why}",
                   f'card "{c.name}"', "chain", len(c.upgrades))


def follow_ages(cards: list[Card], rules: Rules) -> tuple[list[Card], Rules]:
    """A pack that changed `ages` (said in Rules.assumed): an age with no cards of its own is
    dealt from the cards of the last age before it that has some, and when that age is the last,
    the guilds are drawn into it as into the age it copies, so every age stays full; when the
    last age has cards of its own, the guilds move to it, and an age then too short to deal
    every hand (the new last age with a few cards, the one the guilds left) is topped up at
    random from the cards of the age before it, so a few new cards are enough to play."""
    have = {c.age for c in cards if not c.deck and c.players is not None}
    deal_from = dict(rules.deal_from)
    notes = []
    for age in range(2, rules.ages + 1):
        if age not in have:
            source = max((a for a in have if a < age), default=0)
            if source:
                deal_from[age] = source
                guilds = ", the guilds drawn into it as into age " + str(source) \
                    if age == rules.ages else ""
                notes.append(f"age {age} has no cards of its own: it is dealt from the age {source} "
                             f"cards{guilds}")
    rules = replace(rules, deal_from=deal_from)
    out, moved = [], set()
    for c in cards:
        if c.players is None and not c.deck and c.color == rules.guild_color \
                and not rules.guilds_drawn_in(c.age):
            moved.add(c.age)
            c = replace(c, age=rules.ages)
        out.append(c)
    if moved:
        notes.append(f"the guilds of age {', '.join(map(str, sorted(moved)))} are drawn into age "
                     f"{rules.ages}, the last")
    top_up = dict(rules.top_up)
    for age in range(2, rules.ages + 1):
        short = [n for n in range(rules.min_players, rules.max_players + 1)
                 if age not in deal_from and age_supply(out, rules, age, n) < rules.hand_size_at(
                     rules.cities_at(n)) * rules.cities_at(n)]
        if short:
            top_up[age] = age - 1
            notes.append(f"age {age} has too few cards of its own from {short[0]} players: its deck is "
                         f"topped up at random from the age {age - 1} cards")
    rules = replace(rules, top_up=top_up)
    return out, replace(rules, assumed=(*rules.assumed, *notes)) if notes else rules


def age_supply(cards: list[Card] | tuple[Card, ...], rules: Rules, age: int, players: int,
               top_up: bool = False) -> int:
    """The cards an age's deck holds at a player count (as the game deals it), before any
    top-up unless `top_up`: its own, the guilds and the cards of each draws rule."""
    n = rules.cities_at(players)  # a seat no player owns is dealt a hand too
    have = sum(c.copies_at(n) for c in cards if c.age == rules.cards_of(age) and not c.deck)
    if rules.guilds_drawn_in(age):
        have += min(n + rules.guild_extra, sum(1 for c in cards if c.players is None and not c.deck
                                                and c.color == rules.guild_color))
    for d in rules.draws:
        if not d.ages or age in d.ages:
            pool = sum(1 for c in cards if c.players is None and not c.deck
                       and c.color == d.color and c.age == rules.cards_of(age))
            have += min(pool, d.per_player * n + d.extra)
    if top_up and age in rules.top_up:
        need = rules.hand_size_at(n) * n
        pool = sum(c.copies_at(n) for c in cards if c.age == rules.cards_of(rules.top_up[age])
                   and not c.deck and c.players is not None)
        have += min(pool, max(0, need - have))
    return have


def check_guild_ages(cards: list[Card], rules: Rules, report: Report) -> None:
    """Guilds (no player counts) are drawn into the last age only (and the age it copies)."""
    for c in cards:
        if c.players is None and not c.deck and c.color == rules.guild_color \
                and not rules.guilds_drawn_in(c.age):
            report(c.source.file, (c.source.line, c.source.column),
                    f"guilds are drawn into the last age ({rules.ages}), not age {c.age}",
                    f'card "{c.name}"', "range")


def check_far_trade(cards: list[Card], rules: Rules, report: Report) -> None:
    """`trade N seats away` on a card in play at a table where the cities N seats away are its
    owner or its neighbours (at 3 players, 2 seats away is the other neighbour): it would do
    nothing there, so the card is refused until its player counts start higher."""
    for c in cards:
        for e in c.effects:
            if not isinstance(e, A.FarTrade):
                continue
            first = min(c.players) if c.players else rules.min_players
            useless = [p for p in range(max(first, rules.min_players), rules.max_players + 1)
                       if e.seats % p in (0, 1, p - 1)]
            if useless:
                report(c.source.file, c.source.at("effect"),
                       f"'trade {e.seats} seats away' reaches only the owner or its neighbours at "
                       f"{', '.join(map(str, useless))} players, where the card is in play: let it "
                       f"in from {e.seats + 2} players (players: [{e.seats + 2}, ...])",
                       f'card "{c.name}"', "range")


def check_seat_distances(cards: list[Card], wonders: list[Wonder], rules: Rules, report: Report) -> None:
    """`N seats left|right` must name a seat of its own at every table its card is in play at:
    strictly nearer that way than the other (2N < cities). At 3 cities `2 seats left` is the
    right neighbour, at 4 it is the city opposite, as far one way as the other (and the same
    city as `2 seats right`), at 2N cities or fewer the words would name a city twice or
    under another name: refused, naming the player counts, until the card starts higher."""
    sources = effect_sources(cards, wonders)
    starts = [min(c.players) if c.players else 0 for c in cards] + [0] * (len(sources) - len(cards))
    for (file, at, subject, effects), start in zip(sources, starts):
        for side in dict.fromkeys(s for e in effects for s in _sides_in(e) if A.seat_distance(s)):
            d, way = A.seat_distance(side) or (0, "")
            bad = [(p, rules.cities_at(p)) for p in range(rules.min_players, rules.max_players + 1)
                   if start <= rules.cities_at(p) and 2 * d >= rules.cities_at(p)]
            if not bad:
                continue
            other = "right" if way == "left" else "left"
            why = []
            for n in dict.fromkeys(n for _, n in bad):
                k = d % n
                it = "the owner's own city" if k == 0 else "the city opposite, as far one way as the other" \
                    if 2 * k == n else _seat_words(n - k, other) if 2 * k > n else _seat_words(k, way)
                why.append(f"at {n} cities it is {it}")
            report(file, at, f"'{side}' is not a seat of its own at {', '.join(str(p) for p, _ in bad)} "
                   f"players ({'; '.join(why)}): a seat {d} away must be nearer that way than the other, "
                   f"so from {2 * d + 1} cities" + (f" (players: [{2 * d + 1}, ...])" if start else ""),
                   subject, "range")


def _seat_words(k: int, way: str) -> str:
    return f"the {way} neighbour" if k == 1 else f"{k} seats {way}"


def _sides_in(node: Any) -> list[str]:
    """Every side string in an effect's AST (TARGETs, counts' `in`, conditions' `than`, ...)."""
    out: list[str] = []
    if isinstance(node, str):
        return out
    if isinstance(node, tuple):
        for x in node:
            out += [x] if isinstance(x, str) else _sides_in(x)
        return out
    for f in getattr(node, "__dataclass_fields__", ()):
        out += _sides_in(getattr(node, f))
    return out


def copy_stage(report: Report, doc: Any, path: tuple[Any, ...], raw: dict[str, Any], subject: str) -> Stage:
    """A stage written `copy: left|right` (its side checked by the schema) takes the cost and
    reward of the neighbour's stage of the same number, so it may not give its own."""
    for own in ("cost", "effect"):
        if own in raw:
            report(doc, doc.key_where(path + (own,)), f"a stage that copies a neighbour's stage "
                   f"takes its cost and effect from it: remove `{own}` (or `copy`)", subject, "range", len(own))
    return Stage(A.Cost(), (), str(raw["copy"]))


def check_bury_hands(cards: list[Card], wonders: list[Wonder], rules: Rules, report: Report) -> None:
    """`bury card from HAND ...` names a second hand a draft fills: a pack without that draft
    (one that does not extend the pack declaring it) is refused, not left to bury nothing."""
    hands = sorted({p.hand for p in rules.phases if p.kind == "draft"})
    for file, at, subject, effects in effect_sources(cards, wonders):
        for e in effects:
            if isinstance(e, A.Bury) and e.hand not in hands:
                report(file, at, f"'bury card from {e.hand}': no draft fills a hand '{e.hand}'"
                       + (f" (hands: {', '.join(hands)})" if hands else " (extend the pack that declares "
                          "that draft)") + did_you_mean(e.hand, hands), subject, "range")


def effect_sources(cards: list[Card], wonders: list[Wonder]) -> list[tuple[Any, Any, str, tuple[Any, ...]]]:
    """(file, position, subject, effects) of every card and wonder stage, for pack-wide checks."""
    where = [(c.source.file, c.source.at("effect"), f'card "{c.name}"', A.unwrapped(c.effects)) for c in cards]
    where += [(w.source.file, (w.source.line, w.source.column), f'wonder "{w.name}" side {s} stage {i + 1}',
               A.unwrapped(st.effects)) for w in wonders for s, side in w.sides.items() for i, st in enumerate(side.stages)]
    return where


def most_copies(cards: list[Card], wonders: list[Wonder], rules: Any) -> list[int]:
    """Beside effect_sources: how many copies of each card the largest table deals (one per
    `players` entry it reaches; a card without one, and every wonder stage, once)."""
    out = [max(1, c.copies_at(rules.max_players)) for c in cards]
    return out + [1 for w in wonders for side in w.sides.values() for _ in side.stages]


def deck_problems(pack: Pack) -> list[str]:
    """Player counts the pack declares whose decks are too small to deal every hand: the pack
    cannot be played at them (a pack extended by others is checked only where it is loaded
    itself, so a partial pack meant to be extended may be short on purpose)."""
    r = pack.rules
    out = []
    for players in range(r.min_players, r.max_players + 1):
        n = r.cities_at(players)
        for age in range(1, r.ages + 1):
            have = age_supply(pack.cards, r, age, players, top_up=True)
            need = r.hand_size_at(n) * n
            if have < need:
                out.append(f"age {age} has {have} cards at {players} players; {need} are needed to "
                           f"deal hands of {r.hand_size_at(n)}, so {players}-player games cannot be "
                           f"played: declare fewer players (rules: players) or add cards")
    return out


def check_drafts(cards: list[Card], rules: Rules) -> list[tuple[int, str]]:
    """Drafts that deal more cards than their deck holds at the most players: (phase, why)."""
    out = []
    for i, p in enumerate(rules.phases):
        if p.kind != "draft" or p.deck not in rules.decks:
            continue
        size = sum(c.copies_at(rules.max_players) for c in cards if c.deck == p.deck)
        need = p.deal * rules.max_players
        if size < need:
            out.append((i, f"phase '{p.name}': deal '{p.deal}' is more than the deck '{p.deck}' holds "
                           f"for {rules.max_players} players ({need} cards needed, it has {size})"))
    return out

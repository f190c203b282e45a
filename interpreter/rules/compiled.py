"""Packs compiled once into flat, index-based data the game loop can use without AST walks."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dsl import ast as A
from dsl.english import needed_english
from dsl.model import Card, Pack, Rules, WonderSide

from interpreter.rules.contribution import Contribution
from interpreter.rules.effects import compile_effects
from interpreter.rules.effects.base import counter


@dataclass(frozen=True, eq=False)
class CCard:
    """A compiled card. Identity is by object: copies of one card share it."""

    id: int
    name: str
    age: int
    color: int
    color_name: str
    cost_coins: int
    cost: tuple[tuple[int, int], ...]  # resources needed: (resource index, count), sparse
    chains_from: frozenset[str]
    effect: Contribution
    category: str  # score-pad line for its victory points
    card: Card = field(repr=False)
    deck: str = ""  # "" for an age card
    cost_per_age: int = 0  # coins to the bank per age number, besides cost_coins
    needs: tuple[tuple[int, Any, str], ...] = ()  # prerequisites: (at least N, Counter, in words)
    less: tuple[int, Any] | None = None  # `1 less per blue card`: (coins, Counter) (cost_now.py)
    upgrades: str = ""  # built over the builder's card of this name, its cost credited (cost_now.py)
    # priced in full by legal_moves (its cost depends on the age or the state, or it has a prerequisite)
    full_price: bool = field(init=False, repr=False, default=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "full_price", bool(self.cost_per_age or self.needs or self.less or self.upgrades))

    @property
    def needs_resources(self) -> bool:
        return bool(self.cost)


@dataclass(frozen=True, eq=False)
class CStage:
    index: int
    cost_coins: int
    cost: tuple[tuple[int, int], ...]
    effect: Contribution
    cost_per_age: int = 0
    needs: tuple[tuple[int, Any, str], ...] = ()
    copy: str = ""  # "left"/"right": resolved for each seat against that neighbour (copied_stages)
    blocked: str = ""  # why the stage can never be built (a copy with nothing to copy)
    less: tuple[int, Any] | None = None  # `1 less per ...`: (coins, Counter) (cost_now.py)


@dataclass(frozen=True, eq=False)
class CSide:
    wonder: str
    side: str
    board: Contribution
    stages: tuple[CStage, ...]
    source: WonderSide = field(repr=False)
    any_order: bool = False  # `stage_order: any`: a wonder move names the stage it builds


@dataclass(frozen=True, eq=False)
class CTrack:
    """A declared track compiled: each step's reward, applied once when a marker reaches it."""

    name: str
    steps: tuple[Contribution, ...]
    line: str  # the score line of the rewards' points
    cards: tuple["CCard", ...] = ()  # each step as a card, for the question of a paid advance


def step_name(track: str, k: int) -> str:
    """How a step is named to players and in logs: 'red step 2' (k from 0)."""
    return f"{track} step {k + 1}"


@dataclass(frozen=True, eq=False)
class CompiledPack:
    pack: Pack
    rules: Rules
    resources: tuple[str, ...]
    colors: tuple[str, ...]
    symbols: tuple[str, ...]
    cards: tuple[CCard, ...]
    sides: dict[tuple[str, str], CSide]
    wonders: tuple[str, ...]
    _decks: dict[tuple[int, int], list[CCard]] = field(default_factory=dict, repr=False)
    tracks: tuple[CTrack, ...] = ()  # per-city tracks, in the rules' order (City.track_pos)
    projects: tuple["CProject", ...] = ()  # shared projects, by age (dsl/projects.py)
    track_strength: tuple[Any, ...] = ()  # each track conflict's count (None: shields)
    state_costs: bool = False  # some card, stage or project costs `N less per ...` (cost_now.py)

    def project_of(self, age: int) -> "CProject | None":
        """The project on the table in `age`, if the pack has one."""
        for p in self.projects:
            if p.age == age:
                return p
        return None

    def card_named(self, name: str, age: int | None = None) -> CCard:
        for c in self.cards:
            if c.name == name and (age is None or c.age == age):
                return c
        raise KeyError(name)

    def deck(self, age: int, n_players: int) -> list[CCard]:
        """The age's cards at this player count, guilds excluded (drawn separately)."""
        key = (age, n_players)
        got = self._decks.get(key)
        if got is None:
            got = []
            source = self.rules.cards_of(age)  # an age with no cards of its own: another's
            for c in self.cards:
                if c.age == source and not c.deck and c.card.players is not None:
                    got.extend([c] * c.card.copies_at(n_players))
            self._decks[key] = got
        return list(got)

    def guilds(self) -> list[CCard]:
        return [c for c in self.cards if c.card.players is None and not c.deck
                and c.color_name == self.rules.guild_color]

    def drawn(self, color: str, age: int) -> list[CCard]:
        """Cards of `color` without player counts in `age`: drawn at random by a draws rule."""
        source = self.rules.cards_of(age)
        return [c for c in self.cards if c.card.players is None and not c.deck
                and c.color_name == color and c.age == source]

    def samples(self, age: int, n_players: int) -> list[tuple[list[CCard], int]]:
        """The cards drawn at random into an age's deck, in the order they are drawn: (pool, how
        many): the guilds in the last age, each draws rule, then a short age's top-up from the
        cards of another age (as many as the hands still need)."""
        rules, n = self.rules, n_players
        out: list[tuple[list[CCard], int]] = []
        if rules.guilds_drawn_in(age):
            guilds = self.guilds()
            out.append((guilds, min(len(guilds), n + rules.guild_extra)))
        for rule in rules.draws:
            if not rule.ages or age in rule.ages:
                pool = self.drawn(rule.color, age)
                out.append((pool, min(len(pool), rule.per_player * n + rule.extra)))
        if age in rules.top_up:
            pool = self.deck(rules.top_up[age], n)
            short = rules.hand_size_at(n) * n - len(self.deck(age, n)) - sum(k for _, k in out)
            out.append((pool, min(len(pool), max(0, short))))
        return out

    def deck_cards(self, deck: str, n_players: int) -> list[CCard]:
        """A named deck's cards (one copy each, or copies by player count when given)."""
        out: list[CCard] = []
        for c in self.cards:
            if c.deck == deck:
                out.extend([c] * c.card.copies_at(n_players))
        return out


@dataclass(frozen=True, eq=False)
class CProject:
    """A compiled shared project. `card` carries its name, join cost and reward (so a player is
    asked about it as about a card: choose_card with purpose "join project ..."); it is never
    built as a card. `penalty` is what a city that did not join gets when it fails."""

    name: str
    age: int
    card: CCard
    penalty: Contribution
    needed: tuple[tuple[int, int], ...]
    completes: str
    source: Any = field(repr=False)

    def needed_at(self, players: int) -> int:
        return self.source.needed_at(players)


class Indexes:
    def __init__(self, rules: Rules):
        self.rules = rules
        self.res = {r: i for i, r in enumerate(rules.vocab.resources)}
        self.col = {c: i for i, c in enumerate(rules.vocab.colors)}
        self.sym = {s: i for i, s in enumerate(rules.vocab.symbols)}
        self.stage = -1  # the wonder stage being compiled (`per card of the tucked colour`)
        self.tracks = {t.name: i for i, t in enumerate(rules.tracks)}

    def stage_effects(self, k: int, effects: tuple[A.Effect, ...]) -> Contribution:
        self.stage = k
        try:
            return compile_effects(effects, self)
        finally:
            self.stage = -1

    def needs(self, cost: A.Cost) -> tuple[tuple[int, Any, str], ...]:
        return tuple((n, counter(c, self), needed_english(n, c)) for n, c in cost.needs)

    def less(self, cost: A.Cost) -> tuple[int, Any] | None:
        return None if cost.less is None else (cost.less[0], counter(cost.less[1], self))

    def cost(self, cost: A.Cost) -> tuple[tuple[int, int], ...]:
        vec = [0] * len(self.res)
        for name, n in cost.resources:
            vec[self.res[name]] += n
        return tuple((r, n) for r, n in enumerate(vec) if n)


_Indexes = Indexes  # (the name the tests import)


def _track(t: Any, ix: Indexes) -> CTrack:
    """A track's steps compiled, each also as a card (never dealt) to ask about."""
    steps = tuple(compile_effects(e, ix) for e in t.effects)
    cards = tuple(CCard(-1000 - k, step_name(t.name, k), 0, -1, "track", 0, (), frozenset(), step, t.line,
                        Card(step_name(t.name, k), 0, "track", (), A.Cost(), e), "track")
                  for k, (step, e) in enumerate(zip(steps, t.effects)))
    return CTrack(t.name, steps, t.line, cards)


def compile_pack(pack: Pack) -> CompiledPack:
    """Compile every card and wonder side of a loaded pack; done once per pack."""
    ix = Indexes(pack.rules)
    cards = []
    for i, c in enumerate(pack.cards):
        cards.append(CCard(i, c.name, c.age, ix.col[c.color], c.color, c.cost.coins, ix.cost(c.cost),
                           frozenset(c.chains_from), compile_effects(c.effects, ix),
                           pack.rules.category_of(c.color), c, c.deck, c.cost.coins_per_age,
                           ix.needs(c.cost), ix.less(c.cost), c.upgrades))
    sides = {}
    for w in pack.wonders:
        for s, side in w.sides.items():
            stages = tuple(CStage(k, st.cost.coins, ix.cost(st.cost), ix.stage_effects(k, st.effects),
                                  st.cost.coins_per_age, ix.needs(st.cost), st.copy, less=ix.less(st.cost))
                           for k, st in enumerate(side.stages))
            sides[(w.name, s)] = CSide(w.name, s, compile_effects(side.effects, ix), stages, side,
                                     side.stage_order == "any")
    tracks = tuple(_track(t, ix) for t in pack.rules.tracks)
    projects = []
    for k, p in enumerate(pack.projects):
        card = Card(p.name, p.age, "project", (), p.cost, p.reward, source=p.source)
        projects.append(CProject(p.name, p.age, CCard(-1 - k, p.name, p.age, -1, "project", p.cost.coins,
                                                      ix.cost(p.cost), frozenset(), compile_effects(p.reward, ix),
                                                      "wonder", card, "project", p.cost.coins_per_age,
                                                      less=ix.less(p.cost)),
                                 compile_effects(p.penalty, ix), p.needed, p.completes, p))
    return CompiledPack(pack, pack.rules, tuple(ix.res), tuple(ix.col), tuple(ix.sym),
                        tuple(cards), sides, tuple(w.name for w in pack.wonders), tracks=tracks,
                        projects=tuple(projects),
                        track_strength=tuple(counter(w.count, ix) for w in pack.rules.track_conflicts),
                        state_costs=any(c.less or c.upgrades for c in cards) or any(p.card.less for p in projects)
                        or any(st.less for s in sides.values() for st in s.stages))

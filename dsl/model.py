"""The loaded pack: immutable card, wonder and rules data with parsed effects."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from . import ast as A
from .vocab import Vocabulary


@dataclass(frozen=True)
class Source:
    """Where a value came from, for diagnostics: file and 1-based line/column."""

    file: str = ""
    line: int = 0
    column: int = 0
    # positions of named values inside the item, e.g. ("chains_from:NAME", line, column), NAME being the other card
    spots: tuple[tuple[str, int, int], ...] = field(default=(), compare=False, repr=False)

    def at(self, key: str) -> tuple[int, int]:
        """Position recorded for `key`, else the item's own position."""
        for k, line, column in self.spots:
            if k == key:
                return line, column
        return self.line, self.column


@dataclass(frozen=True)
class Card:
    name: str
    age: int  # 0 for a card of another deck
    color: str
    players: tuple[int, ...] | None  # None: drawn at random (a guild)
    cost: A.Cost
    effects: tuple[A.Effect, ...]
    chains_from: tuple[str, ...] = ()
    chains_to: tuple[str, ...] = ()
    source: Source = field(default=Source(), compare=False, repr=False)
    deck: str = ""  # a deck besides the age decks (e.g. one a draft deals from); "" = an age deck
    upgrades: str = ""  # built over this card of the builder's city, which it replaces (credited)

    def copies_at(self, n_players: int) -> int:
        """Copies in play at this player count (a guild: 0, it is drawn; a deck card: 1)."""
        if self.players is None:
            return 1 if self.deck else 0
        return sum(1 for p in self.players if p <= n_players)


@dataclass(frozen=True)
class Stage:
    cost: A.Cost
    effects: tuple[A.Effect, ...]
    copy: str = ""  # "left"/"right": cost and reward are that neighbour's stage of the same number


@dataclass(frozen=True)
class WonderSide:
    name: str  # "A" or "B"
    resource: str  # the starting resource, "" when the board has a power instead
    stages: tuple[Stage, ...]
    alias: str = ""
    effects: tuple[A.Effect, ...] = ()  # the board's own effects: its resource, its power
    stage_order: str = "printed"  # "any": its owner chooses which unbuilt stage a card goes under


@dataclass(frozen=True)
class Wonder:
    name: str
    sides: Mapping[str, WonderSide]
    source: Source = field(default=Source(), compare=False, repr=False)


@dataclass(frozen=True)
class SeatDecl:
    """A seat no player owns, added to the ring at some player counts (dsl/seats.py has the
    words; docs/pack-format.md, "Seats")."""

    name: str
    players: tuple[int, ...]
    controller: str = "holder"
    hand: str = "pile"
    first_holder: tuple[str, ...] = ()
    must_play: bool = True
    coins: int | None = None


@dataclass(frozen=True)
class PhaseDecl:
    """A phase a pack declares besides the ages (see docs/pack-format.md, "Phases").

    kind: "draft" (deal `deal` cards from `deck`, keep one, pass the rest, until the hands are
    done; the kept cards form hand `hand`) or "recruit" (one card played from hand `hand` with
    `actions`). `at`: "start", "before age", "after age" or "end"; `ages` limits the ages an
    age-bound phase runs in. `rest`: what becomes of the hand's unplayed cards after the phase
    ("keep", "box" or "discard"); declare the phase twice, with different `ages`, to treat
    the last age differently."""

    name: str
    kind: str
    at: str
    ages: tuple[int, ...] = ()
    deck: str = ""
    deal: int = 0
    pass_to: str = "left"
    hand: str = ""
    actions: tuple[str, ...] = ("build", "wonder", "sell")
    sold: str = "discard"
    rest: str = "keep"

    def runs_in(self, age: int) -> bool:
        return not self.ages or age in self.ages


@dataclass(frozen=True)
class TokenKind:
    """A kind of token the pack declares: worth `vp` points each on score line `line`;
    `sit_out`: a city holding one sits out the next conflict (and gives the token back)."""

    name: str
    vp: int = 0
    line: str = ""
    sit_out: bool = False


@dataclass(frozen=True)
class TrackDecl:
    """A per-city track the pack declares: each city's marker starts before step 1 and moves
    one step on with `advance NAME`; reaching a step applies its reward once (an effect in the
    card language, its points on score line `line`)."""

    name: str
    steps: tuple[str, ...]  # each step's reward as written
    line: str = "civilian"
    effects: tuple[tuple[A.Effect, ...], ...] = ()  # the steps parsed (the loader fills them)


@dataclass(frozen=True)
class TrackConflict:
    """A conflict along a track, at the end of every age: every city's `strength` (a count of
    the card language, `naval` or `blue cards`, or `shields`) against every other city's; the
    strongest take `victory[age]`, the weakest `defeat[age]` (conflict tokens; ties share; all
    equal: nobody)."""

    name: str
    strength: str
    victory: tuple[int, ...]
    defeat: tuple[int, ...]
    count: A.Counted | None = None  # `strength` parsed (the loader fills it; None: shields)


@dataclass(frozen=True)
class DrawRule:
    """Cards of `color` without player counts drawn at random into the decks of `ages`:
    `per_player` per player plus `extra` (the guilds are the base game's own case)."""

    color: str
    per_player: int = 1
    extra: int = 0
    ages: tuple[int, ...] = ()


@dataclass(frozen=True)
class LawTile:
    """One tile of a law tower: its name and the rules changes it makes while visible."""

    name: str
    text: str
    effects: tuple[Any, ...] = ()  # parsed `rule` changes (dsl/ast.py RuleChange)


@dataclass(frozen=True)
class TowerDecl:
    """A law tower (docs/pack-format.md, "A law tower"): each player draws `draw` tiles at the
    start; a hand card spent like a sale places one; the `visible` most recent tiles (by player
    count) make their laws for every city; `points[k - 1]` points for k tiles placed."""

    tiles: tuple[LawTile, ...]
    visible: Mapping[int, int]
    draw: int = 3
    points: tuple[int, ...] = (2, 5, 10)
    line: str = "wonder"

    def visible_at(self, players: int) -> int:
        return self.visible.get(players, max(self.visible.values(), default=3))

    def points_for(self, placed: int) -> int:
        return self.points[min(placed, len(self.points)) - 1] if placed and self.points else 0


DEFAULT_SCORE_LINES = ("military", "treasury", "wonder", "civilian", "commercial", "guilds", "science")


@dataclass(frozen=True)
class Rules:
    min_players: int = 3
    max_players: int = 7
    ages: int = 3
    hand_size: int = 7
    starting_coins: int = 3
    sell_coins: int = 3
    trade_price: int = 2
    pass_directions: tuple[str, ...] = ("left", "right", "left")
    victory_tokens: tuple[int, ...] = (1, 3, 5)
    defeat_token: int = -1
    treasury: int = 3
    science_set_bonus: int = 7
    guild_color: str = "purple"
    guild_extra: int = 2
    categories: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: {
        "military": ("red",), "civilian": ("blue",), "commercial": ("yellow",),
        "guilds": ("purple",), "science": ("green",)})
    vocab: Vocabulary = field(default_factory=Vocabulary)
    decks: tuple[str, ...] = ()  # decks besides the age decks
    phases: tuple[PhaseDecl, ...] = ()
    score_lines: tuple[str, ...] = DEFAULT_SCORE_LINES
    hand_sizes: Mapping[int, int] = field(default_factory=dict)  # by player count, where it differs
    draws: tuple[DrawRule, ...] = ()
    tokens: Mapping[str, TokenKind] = field(default_factory=dict)
    debt: str = ""  # the token kind taken for each coin of a loss a city does not pay
    teams: str = ""  # "neighbours" | "opposite": partners at 4, 6 or 8 players (interpreter/rules/scoring.py: partners)
    # partners side by side: "twice" (they do not fight; each fights its other neighbour twice,
    # a sit-out token making it once) or "normal" (as any two cities): interpreter/game/conflicts.py
    team_conflicts: str = "twice"
    seats: tuple[SeatDecl, ...] = ()  # seats no player owns, at some player counts
    tracks: tuple[TrackDecl, ...] = ()  # per-city tracks (`advance TRACK`)
    track_conflicts: tuple[TrackConflict, ...] = ()  # conflicts of every city against every other
    deal_from: Mapping[int, int] = field(default_factory=dict)  # an age with no cards: the age dealt
    top_up: Mapping[int, int] = field(default_factory=dict)  # a short age: the age whose cards fill it
    assumed: tuple[str, ...] = ()  # what the loader filled in for a pack that only changed `ages`
    scored_hands: tuple[str, ...] = ()  # second hands whose cards score for their holder at the end
    tower: TowerDecl | None = None  # a law tower, when the pack declares one

    def cards_of(self, age: int) -> int:
        """The age whose cards an age's deck is dealt from (itself, unless it has none)."""
        return self.deal_from.get(age, age)

    def guilds_drawn_in(self, age: int) -> bool:
        """Guilds are drawn into the last age (and into the age it is dealt from, if any)."""
        return age == self.ages or age == self.deal_from.get(self.ages)

    def seats_at(self, players: int) -> tuple[SeatDecl, ...]:
        """The seats no player owns that a game of this many players adds to the ring."""
        return tuple(s for s in self.seats if players in s.players)

    def cities_at(self, players: int) -> int:
        """The cities of the ring (and hands dealt, deck size) at this many players."""
        return players + len(self.seats_at(players))

    def hand_size_at(self, players: int) -> int:
        return self.hand_sizes.get(players, self.hand_size)

    def drawn_colors(self) -> set[str]:
        """Colours whose cards have no player counts: drawn at random (the guilds, ...)."""
        return {self.guild_color, *(d.color for d in self.draws)}

    def category_of(self, color: str) -> str:
        for cat, colors in self.categories.items():
            if color in colors:
                return cat
        return "civilian"


@dataclass(frozen=True)
class Pack:
    name: str
    version: str
    description: str
    rules: Rules
    cards: tuple[Card, ...]
    wonders: tuple[Wonder, ...]
    path: str = ""
    extends: tuple[str, ...] = ()
    plugins: tuple[str, ...] = ()
    meta: Mapping[str, Any] = field(default_factory=dict, compare=False)
    projects: tuple[Any, ...] = ()  # shared projects (dsl/projects.py Project), by age

    def card(self, name: str) -> Card:
        for c in self.cards:
            if c.name == name:
                return c
        raise KeyError(name)

    def wonder(self, name: str) -> Wonder:
        for w in self.wonders:
            if w.name == name:
                return w
        raise KeyError(name)

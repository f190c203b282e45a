"""What the game loop and the players agree on: the leaf both sides import.

The loop (interpreter/game/) never asks a bot itself: it says who must decide and among
what (a Decision), takes the answers, and refuses a bad one with IllegalMove. The players'
layer (interpreter/players/) turns each decision into an observation for the seat's Bot.
"""
from __future__ import annotations

from typing import Any, NamedTuple, Optional, Protocol

from interpreter.rules.compiled import CCard
from interpreter.rules.moves import Move


class IllegalMove(Exception):
    """A move, card choice or payment the rules do not allow (the message says why)."""


class GameCapped(Exception):
    """A game passed its safety cap on actions (only a broken variant or plug-in could)."""


class GameOverflow(Exception):
    """A city's coins or tokens compounded past the runtime bound (dsl/limits.py: held): both
    cores stop the game there, so no statistic is ever built on a number that wrapped."""


def beyond_bound(cities: Any, bound: int) -> str:
    """Why the cities are past the runtime bound ("" when they are not)."""
    for c in cities:
        if not -bound <= c.coins <= bound:
            return f"{c.name} holds {c.coins} coins"
        for kind, count in c.token_counts.items():
            if not -bound <= count <= bound:
                return f"{c.name} holds {count} {kind} tokens"
    return ""


Answer = Optional[Any]  # a Move, a card index (a card choice) or None (declined / not deciding)


class Decision(NamedTuple):
    """What one seat must decide now: a move among `moves` (kind "move"), or a card among
    `cards` (kind "card": `purpose` says what for; None declines)."""

    seat: int
    kind: str
    actions: tuple[str, ...] = ()
    moves: tuple[Move, ...] = ()
    cards: tuple[CCard, ...] = ()
    purpose: str = ""


class Bot(Protocol):
    """A player. It sees only its observation (interpreter/players/observation.py), never the
    game. choose_card (a build from the discard pile, a copy) and choose_payment (a coin loss)
    are optional: without them the first card is taken and all that can be paid is paid."""

    name: str

    def choose(self, obs: Any, moves: list[Move]) -> Move: ...


class PhaseHost(Protocol):
    """The small interface the phase runners (interpreter/game/phases.py) and the seat rules
    (interpreter/game/seats.py) drive a game's state through: they deal, pass, resolve a turn
    and move the position on, and never ask a player anything."""

    n: int
    rules: Any
    cities: list[Any]
    hands: list[list[CCard]]
    phase: Any
    phase_age: int
    sub: str
    turn: int
    last_turn: int
    unowned: dict[int, Any]
    piles: frozenset[int]
    extra: list[int]
    kept: list[list[CCard]]
    owed: list[int]
    owed_hands: list[tuple[int, str]]
    held_moves: list[Optional[Move]]
    seat_turn: list[int]
    pile_saved: dict[int, list[CCard]]
    revealed: list[CCard]  # the table's cards face up (interpreter/game/events.py)

    def deal(self, age: int) -> None: ...
    def deal_deck(self, decl: Any) -> list[list[CCard]]: ...
    def start_lineage(self) -> None: ...
    def begin_turn(self, turn: int) -> None: ...
    def controller(self, seat: int) -> int: ...
    def resolve(self, choices: Any, turn: int | None = None, note: str = "",
                sold: str = "discard") -> list[int]: ...
    def keep(self, moves: Any, kept: list[list[CCard]]) -> None: ...
    def pass_hands(self, direction: str | int, players_only: bool = False) -> None: ...
    def discard_hands(self) -> None: ...
    def start_settle(self) -> None: ...
    def offer_second(self) -> bool: ...
    def end_second(self) -> None: ...
    def war(self, age: int) -> None: ...
    def boundary(self, kind: str) -> None: ...
    def end_durations(self) -> None: ...
    @property
    def has_triggers(self) -> bool: ...
    def end_projects(self, age: int) -> None: ...
    def to_box(self, cards: Any, seat: int = -1) -> None: ...
    def refresh_rules(self) -> None: ...
    def to_discard(self, cards: Any, seat: int) -> None: ...

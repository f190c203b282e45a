"""Plug-in words: a Python handler a pack ships (dsl/plugins.py), run through the same hooks."""
from __future__ import annotations

from typing import Any, Protocol

from interpreter.rules.contribution import Hook
from interpreter.rules.effects.base import Event


class PluginHandler(Protocol):
    """Hooks a plug-in handler may define (all optional); `table` is the ring of cities
    (interpreter.rules.city.Table: .cities, .left(seat), .right(seat), .around(seat), .age).

    on_build(table, seat, args) -> int         coins the owner gains when built (after the
                                               turn's builds; it may change other cities' coins)
    score(table, seat, args) -> int            victory points at game end, on the card's line
    on_event(table, seat, event, args) -> int  coins gained when an event happens in the owner's
                                               city (event.kind: build, chain, wonder_stage, buy,
                                               win_conflict, lose_conflict; event.color)
    A PluginSpec may set `value` (points) so the greedy bot can weigh the word.
    """


class PluginHook(Hook):
    """A plug-in word: its handler's hooks, called with the table and its arguments."""

    def __init__(self, handler: Any, args: tuple[Any, ...], value: float | None, word: str = ""):
        self.handler, self.args, self.value, self.word = handler, args, value, word
        self.builds = hasattr(handler, "on_build")
        self.scores = hasattr(handler, "score")
        self.reacts = hasattr(handler, "on_event")
        self.valued = value is not None

    def when_built(self, game: Any, seat: int) -> int:
        return int(self.handler.on_build(game.table, seat, self.args) or 0)

    def score(self, table: Any, seat: int) -> int:
        return int(self.handler.score(table, seat, self.args) or 0)

    def matches(self, event: Event) -> bool:
        return True

    def react(self, game: Any, seat: int, event: Event) -> int:
        return int(self.handler.on_event(game.table, seat, event, self.args) or 0)

    def worth(self, obs: Any, seat: int) -> float:
        return float(self.value or 0.0)

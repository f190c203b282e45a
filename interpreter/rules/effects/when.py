"""`when`: a trigger, an effect that runs each time an event happens in the owner's city
(GameState.fire, interpreter/game/turn.py), once per turn if asked.
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A

from interpreter.rules.contribution import Hook
from interpreter.rules.effects.base import Builder, Event, ages_left, compile_node, handles


class TriggerHook(Hook):
    """A one-shot effect each time an event happens in the owner's city."""

    reacts = True

    def __init__(self, kind: str, colors: frozenset[int], inner: Hook, once_per_turn: bool):
        self.kind, self.colors, self.inner, self.once = kind, colors, inner, once_per_turn

    def matches(self, event: Event) -> bool:
        if event.kind != self.kind:
            return False
        return not self.colors or event.color in self.colors

    def react(self, game: Any, seat: int, event: Event) -> int:
        return self.inner.when_built(game, seat)

    def worth(self, obs: Any, seat: int) -> float:
        return self.inner.worth(obs, seat) * (1.5 * ages_left(obs) + 1)


@handles("when", "effect", "event", "once_per_turn")
def _trigger(n: A.Trigger, b: Builder, ix: Any) -> None:
    inner = Builder(len(ix.res), len(ix.sym))
    compile_node(n.effect, inner, ix)
    (hook,) = inner.hooks
    colors = frozenset(ix.col[c] for c in n.event.colors)
    b.hooks.append(TriggerHook(n.event.kind, colors, hook, n.once_per_turn))

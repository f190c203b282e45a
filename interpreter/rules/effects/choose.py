"""`choose A or B`: the owner's player picks one option (a one-time gain) as it applies, when built
or, carried by a trigger, when its event fires (GameState.choose_option asks it, as a card
choice, and logs the answer). The option chosen runs through its own word's hooks as if built
then; its points are counted then and kept on the city (City.gained), scored on the card's line.
A lasting option (production, shields, a science symbol: never in a trigger) joins the city's
totals for as long as the card stands (City.chosen, made again when the city is).

A TARGET `a neighbor of your choice` compiles here too (base.compile_node): a choice between
the effect for the left neighbour and for the right one.
"""
from __future__ import annotations

from typing import Any

from dsl import ast as A
from dsl.printer import canonical

from interpreter.rules.contribution import Contribution, Hook
from interpreter.rules.counting import seats_at
from interpreter.rules.effects.base import Builder, compile_node, handles


class ChoiceHook(Hook):
    """When built (or fired by its trigger): one of `options` (compiled one-time gains, `texts`
    their canonical text, `nodes` their AST), chosen by the owner's player."""

    builds = True
    chooses = True  # TriggerHook hands it the trigger, which keeps the points it gives
    not_native = "a choice among effects (`choose ... or ...`, `a neighbor of your choice`)"

    def __init__(self, options: tuple[Contribution, ...], texts: tuple[str, ...], nodes: tuple[Any, ...],
                 by: tuple[Any, ...] = ()):
        self.options, self.texts, self.nodes = options, texts, nodes
        self.by = by  # a neighbour chosen by the rules (seat codes): left (option 0) or right, asking no one
        self.scores = any(o.score_hooks for o in options)  # points: counted when chosen

    def when_built(self, game: Any, seat: int) -> int:
        return self.apply(game, seat, self)

    def apply(self, game: Any, seat: int, keeper: Hook) -> int:
        """Ask, then run the option chosen: its points kept under `keeper` (this hook, or the
        trigger carrying it), the coins it gives returned."""
        if self.by:  # the rules choose: the first option for the left neighbour, else the second
            option = self.options[0 if seats_at(game.table, seat, self.by)[0] == (seat + 1) % game.n else 1]
        else:
            option = self.options[game.choose_option(seat, self)]
        if lasting(option):  # it stays while the card stands (City.give_up drops it with the card)
            city = game.cities[seat]
            city.add(option, "wonder")
            city.chosen.append((self, option))
        points = sum(h.score(game.table, seat) for h in option.score_hooks)
        if points:
            gained = game.cities[seat].gained
            gained[keeper] = gained.get(keeper, 0) + points
        return sum(h.when_built(game, seat) for h in option.built_hooks)

    def score(self, table: Any, seat: int) -> int:
        return table.cities[seat].gained.get(self, 0)

    def worth(self, obs: Any, seat: int) -> float:
        """The best option's worth (the greedy bot would take it); a lasting one as a track
        step's reward is weighed (its production, shields and symbols)."""
        from interpreter.rules.effects.advance import step_worth
        return max(step_worth(obs, seat, o) for o in self.options)


def lasting(option: Contribution) -> bool:
    """Whether a chosen option stays with the city (production, shields, symbols, strength)."""
    return option.produces or bool(option.shields or any(option.science) or option.science_wild
                                   or option.attach_hooks)


def choice_hook(options: tuple[Any, ...], ix: Any, by: tuple[Any, ...] = ()) -> ChoiceHook:
    """The options compiled, each through its own word's handler (`by`: see ChoiceHook)."""
    compiled = []
    for node in options:
        b = Builder(len(ix.res), len(ix.sym))
        compile_node(node, b, ix)
        compiled.append(Contribution(tuple(b.fixed), tuple(b.fixed_private), tuple(b.choices),
                                     tuple(b.choices_private), b.shields, tuple(b.science),
                                     tuple(b.science_wild), tuple(b.discounts), tuple(b.hooks)))
    return ChoiceHook(tuple(compiled), tuple(canonical(n) for n in options), tuple(options), by)


@handles("choose", "options")
def _choose(n: A.Choice, b: Builder, ix: Any) -> None:
    b.hooks.append(choice_hook(n.options, ix))

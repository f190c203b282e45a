"""Effect handlers: one per registry word, compiling an AST node into the fast path or a Hook.

`HANDLERS` must cover dsl.registry.EFFECTS exactly (checked at import), so an effect word
can never parse but silently do nothing. Plug-in words go through the same mechanism: each
becomes a PluginHook whose flags come from the hooks its handler defines.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple, Protocol

from dsl import ast as A
from dsl.registry import EFFECTS, PLUGINS

from interpreter.rules.contribution import Contribution, Hook
from interpreter.rules.counting import Counter, count, seats_of


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


class Event(NamedTuple):
    """Something that happened in a city this turn (or this conflict)."""

    kind: str  # dsl.ast.EVENT_KINDS
    color: int = -1  # the built card's colour index ("build", "chain"); the side paid ("buy": 1 left, 2 right)
    card: int = -1  # the built card's id (a card's own trigger ignores its own building)


def _ages_left(obs: Any) -> int:
    return max(0, obs.rules.ages - obs.age)


class CoinsHook(Hook):
    """Coins taken once, when built (flat, or per counted thing at that moment)."""

    builds = True

    def __init__(self, amount: int, counter: Counter | None):
        self.amount, self.counter = amount, counter

    def when_built(self, game: Any, seat: int) -> int:
        if self.counter is None:
            return self.amount
        return self.amount * count(game.table, seat, self.counter)

    def worth(self, obs: Any, seat: int) -> float:
        return self.when_built(obs, seat) / 3


class VictoryHook(Hook):
    """Points at game end (flat, or per counted thing then)."""

    scores = True

    def __init__(self, amount: int, counter: Counter | None, condition: str = ""):
        self.amount, self.counter, self.condition = amount, counter, condition
        self.science_set = counter is not None and counter.what == "science_set" \
            and counter.seats == (0,) and counter.every == 1 and not condition

    def score(self, table: Any, seat: int) -> int:
        if self.condition == "wonder_complete":
            city = table.cities[seat]
            if city.stages_built < len(city.side.stages):
                return 0
        if self.counter is None:
            return self.amount
        return self.amount * count(table, seat, self.counter)

    def worth(self, obs: Any, seat: int) -> float:
        return float(self.score(obs.table, seat))


class FreeBuildPower(Hook):
    def __init__(self, period: str, colors: frozenset[int] = frozenset()):
        self.period, self.colors = period, colors

    def attach(self, city: Any) -> None:
        if self.period in ("age_first", "age_last"):  # a turn whose card costs nothing
            city.free_turns.add(self.period)
            return
        city.free_build = self.period
        city.free_build_colors = self.colors

    def worth(self, obs: Any, seat: int) -> float:
        return 3 + 1.5 * _ages_left(obs)


class PlayLastPower(Hook):
    def attach(self, city: Any) -> None:
        city.play_last = True

    def worth(self, obs: Any, seat: int) -> float:
        return 3 + 1.5 * _ages_left(obs)


class DiscardBuildHook(Hook):
    """Once, at the end of the turn it is built: build a card from the discard pile."""

    builds = True

    def when_built(self, game: Any, seat: int) -> int:
        game.owe_discard_build(seat)
        return 0

    def worth(self, obs: Any, seat: int) -> float:
        return 3 + 1.0 * obs.discard_size ** 0.5


class HandBuildHook(Hook):
    """Once, at the end of the turn it is built: play a card of a second hand, paying."""

    builds = True

    def __init__(self, hand: str):
        self.hand = hand

    def when_built(self, game: Any, seat: int) -> int:
        game.owe_hand_build(seat, self.hand)
        return 0

    def worth(self, obs: Any, seat: int) -> float:
        return 2.0 * min(1, len(obs.second_hands.get(self.hand, ())))  # its own hand


class DrawHook(Hook):
    """When built: draw cards of a deck from the box into the hand of that name."""

    builds = True

    def __init__(self, count: int, deck: str):
        self.count, self.deck = count, deck

    def when_built(self, game: Any, seat: int) -> int:
        game.draw_from_box(seat, self.deck, self.count)
        return 0

    def worth(self, obs: Any, seat: int) -> float:
        return 0.5 * self.count


class GiveDefeatsRule(Hook):
    """Conflict rule: this city's defeat tokens go to the neighbour that beat it."""

    def attach(self, city: Any) -> None:
        city.defeats_to_winner = True

    def worth(self, obs: Any, seat: int) -> float:
        return 1.0 * _ages_left(obs) + 0.5


class RelativeProduction(Hook):
    """One unit of a resource the city sells (or does not sell) to its neighbours; the choice
    follows its production as it grows."""

    def __init__(self, relative: str):
        self.relative = relative

    def attach(self, city: Any) -> None:
        city.add_relative(self.relative)

    def worth(self, obs: Any, seat: int) -> float:
        return 1.2 * _ages_left(obs) + 0.3


class StrengthHook(Hook):
    """Shields counted anew at each conflict (`shields 1 per defeat`)."""

    def __init__(self, amount: int, counter: Counter):
        self.amount, self.counter = amount, counter

    def attach(self, city: Any) -> None:
        city.strength.append(self)

    def shields(self, table: Any, seat: int) -> int:
        return self.amount * count(table, seat, self.counter)

    def worth(self, obs: Any, seat: int) -> float:
        return 0.5 * self.amount * (_ages_left(obs) + 1)


class TokensHook(Hook):
    """When built: take tokens of a declared kind."""

    builds = True

    def __init__(self, count: int, kind: str):
        self.count, self.kind = count, kind

    def when_built(self, game: Any, seat: int) -> int:
        game.give_tokens(seat, self.kind, self.count)
        return 0

    def worth(self, obs: Any, seat: int) -> float:
        kind = obs.rules.tokens.get(self.kind)
        if kind is None:
            return 0.0
        return self.count * (kind.vp + (1.5 if kind.sit_out and _ages_left(obs) >= 0 else 0.0))


class OthersCoinsHook(Hook):
    """When built: other cities lose coins (or take debt) or take coins from the bank."""

    builds = True

    def __init__(self, amount: int, sides: tuple[str, ...], counter: Counter | None):
        self.amount, self.sides, self.counter = amount, sides, counter

    def targets(self, game: Any, seat: int) -> list[int]:
        n = game.n
        if self.sides == ("others",):
            return [s for s in range(n) if s != seat]
        out = []
        for side in self.sides:
            s = (seat + 1) % n if side == "left" else (seat - 1) % n
            if s != seat and s not in out:
                out.append(s)
        return out

    def due(self, game: Any, target: int) -> int:
        if self.counter is None:
            return abs(self.amount)
        return abs(self.amount) * count(game.table, target, self.counter)

    def when_built(self, game: Any, seat: int) -> int:
        for t in self.targets(game, seat):
            due = self.due(game, t)
            if due:
                if self.amount < 0:
                    game.owe_loss(t, due, seat)
                else:
                    game.give_coins(t, due)
        return 0

    def worth(self, obs: Any, seat: int) -> float:
        hurt = sum(self.due(obs, t) for t in self.targets(obs, seat))
        return (0.25 if self.amount < 0 else -0.15) * hurt


class CopyAtEnd(Hook):
    """At game end, copy the best card of these colours from these neighbours."""

    def __init__(self, colors: tuple[int, ...], seats: tuple[int, ...]):
        self.colors, self.seats = colors, seats

    def attach(self, city: Any) -> None:
        city.copies.append((self.colors, self.seats))

    def worth(self, obs: Any, seat: int) -> float:
        return 5.0


class CopyNow(Hook):
    """Chosen when built: a neighbour's card of these colours whose whole effect then
    applies to this city too (its when-built coins included)."""

    builds = True

    def __init__(self, colors: tuple[int, ...], seats: tuple[int, ...]):
        self.colors, self.seats = colors, seats

    def when_built(self, game: Any, seat: int) -> int:
        return game.copy_card_now(seat, self.colors, self.seats)

    def worth(self, obs: Any, seat: int) -> float:
        trio = obs.table.around(seat)
        best = 0.0
        for s in self.seats:
            for card in trio[s].cards:
                if card.color in self.colors:
                    best = max(best, sum(h.worth(obs, seat) for h in card.effect.hooks))
        return best


class CostChange(Hook):
    """A cost change on the builds of the cities at `seats` (0 = the owner's own).

    unit: "resource" (amount units fewer, of the builder's choice), "coin" (coin cost
    lowered), "all" (nothing to pay) or "bank" (buy one unit of `resources` per build
    from the bank for `amount` coins)."""

    changes_cost = True

    def __init__(self, unit: str, stages: bool, colors: frozenset[int], amount: int,
                 seats: tuple[int, ...], resources: frozenset[int] = frozenset()):
        self.unit, self.stages, self.colors = unit, stages, colors
        self.amount, self.seats, self.resources = amount, seats, resources

    def applies(self, color: int) -> bool:
        """Whether it changes the price of a card of `color` (-1: a wonder stage)."""
        if self.unit == "bank":
            return True
        if color < 0:
            return self.stages
        return not self.stages and (not self.colors or color in self.colors)

    def attach(self, city: Any) -> None:
        city.add_cost_change(self)

    def worth(self, obs: Any, seat: int) -> float:
        left = _ages_left(obs) + 1
        if self.unit == "bank":
            return 1.2 * left
        if self.unit == "coin":
            return 0.5 * self.amount * left * (2 if 0 not in self.seats else 1) / 2
        per = 4.0 if self.unit == "all" else 1.0 * self.amount
        return per * left * (0.5 if 0 not in self.seats else 1.0)


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
        return self.inner.worth(obs, seat) * (1.5 * _ages_left(obs) + 1)


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


class _Builder:
    def __init__(self, n_res: int, n_sym: int):
        self.fixed = [0] * n_res
        self.fixed_private = [0] * n_res
        self.choices: list[tuple[int, ...]] = []
        self.choices_private: list[tuple[int, ...]] = []
        self.shields = 0
        self.science = [0] * n_sym
        self.science_wild: list[tuple[int, ...]] = []
        self.discounts: list[tuple[frozenset[int], tuple[int, ...], int]] = []
        self.hooks: list[Hook] = []


def _counter(c: A.Counted | None, ix: Any) -> Counter | None:
    if c is None:
        return None
    if c.what == "card":
        colors = tuple(ix.col[x] for x in c.colors) if c.colors else tuple(range(len(ix.col)))
    else:
        colors = tuple(ix.col[x] for x in c.colors)
    return Counter(c.what, colors, seats_of(c.sides), c.every, c.token)


def _produce(n: A.Produce, b: _Builder, ix: Any) -> None:
    if n.relative:
        b.hooks.append(RelativeProduction(n.relative))
        return
    if n.choice:
        (b.choices if n.tradable else b.choices_private).append(tuple(ix.res[r] for r, _ in n.resources))
    else:
        vec = b.fixed if n.tradable else b.fixed_private
        for r, k in n.resources:
            vec[ix.res[r]] += k


def _shields(n: A.Shields, b: _Builder, ix: Any) -> None:
    if n.per is not None:
        b.hooks.append(StrengthHook(n.count, _counter(n.per, ix)))
    else:
        b.shields += n.count


def _science(n: A.Science, b: _Builder, ix: Any) -> None:
    if n.symbols == ("any",):
        b.science_wild.append(tuple(range(len(ix.sym))))
    elif len(n.symbols) > 1:
        b.science_wild.append(tuple(ix.sym[s] for s in n.symbols))
    else:
        b.science[ix.sym[n.symbols[0]]] += 1


def _coins(n: A.Coins, b: _Builder, ix: Any) -> None:
    b.hooks.append(CoinsHook(n.amount, _counter(n.per, ix)))


def _vp(n: A.VictoryPoints, b: _Builder, ix: Any) -> None:
    b.hooks.append(VictoryHook(n.amount, _counter(n.per, ix), n.condition))


def _resources(names: tuple[str, ...], ix: Any) -> frozenset[int]:
    if names == ("any",):
        return frozenset(range(len(ix.res)))
    return frozenset(ix.res[r] for r in ix.rules.vocab.expand_resources(names))


def _trade(n: A.Trade, b: _Builder, ix: Any) -> None:
    if n.sides == ("bank",):
        b.hooks.append(CostChange("bank", False, frozenset(), n.price, (0,), _resources(n.resources, ix)))
    else:
        b.discounts.append((_resources(n.resources, ix), seats_of(n.sides), n.price))


def _free_build(n: A.FreeBuild, b: _Builder, ix: Any) -> None:
    if n.period == "colour_first":  # a cost change: nothing to pay for a colour not yet built
        b.hooks.append(CostChange("first_of_color", False, frozenset(), 0, (0,)))
        return
    b.hooks.append(FreeBuildPower(n.period, frozenset(ix.col[c] for c in n.colors)))


def _play_last(n: A.PlayLastCard, b: _Builder, ix: Any) -> None:
    b.hooks.append(PlayLastPower())


def _discard_build(n: A.BuildFromDiscard, b: _Builder, ix: Any) -> None:
    b.hooks.append(HandBuildHook(n.hand) if n.hand else DiscardBuildHook())


def _draw(n: A.Draw, b: _Builder, ix: Any) -> None:
    b.hooks.append(DrawHook(n.count, n.deck))


def _give(n: A.GiveDefeats, b: _Builder, ix: Any) -> None:
    b.hooks.append(GiveDefeatsRule())


def _copy(n: A.CopyCard, b: _Builder, ix: Any) -> None:
    colors, seats = tuple(ix.col[c] for c in n.colors), seats_of(n.sides)
    b.hooks.append(CopyNow(colors, seats) if n.now else CopyAtEnd(colors, seats))


def _tokens(n: A.Tokens, b: _Builder, ix: Any) -> None:
    b.hooks.append(TokensHook(n.count, n.kind))


def _others_coins(n: A.OthersCoins, b: _Builder, ix: Any) -> None:
    b.hooks.append(OthersCoinsHook(n.amount, n.sides, _counter(n.per, ix)))


def _rebate(n: A.Rebate, b: _Builder, ix: Any) -> None:
    b.hooks.append(CostChange("rebate", False, frozenset(), n.amount, (0,), frozenset(seats_of(n.sides))))


def _discount(n: A.Discount, b: _Builder, ix: Any) -> None:
    stages = n.target.what == "wonder_stage"
    colors = frozenset(ix.col[c] for c in n.target.colors)
    b.hooks.append(CostChange(n.unit, stages, colors, n.amount, seats_of(n.sides)))


def _trigger(n: A.Trigger, b: _Builder, ix: Any) -> None:
    inner = _Builder(len(ix.res), len(ix.sym))
    _BY_NODE[type(n.effect)](n.effect, inner, ix)
    (hook,) = inner.hooks
    colors = frozenset(ix.col[c] for c in n.event.colors)
    b.hooks.append(TriggerHook(n.event.kind, colors, hook, n.once_per_turn))


HANDLERS: dict[str, Callable[[Any, _Builder, Any], None]] = {
    "produce": _produce, "shields": _shields, "science": _science, "coins": _coins, "vp": _vp,
    "buy": _trade, "free": _free_build, "play": _play_last, "build": _discard_build, "copy": _copy,
    "discount": _discount, "when": _trigger, "draw": _draw, "give": _give,
    "tokens": _tokens, "lose": _others_coins, "rebate": _rebate,
}
_BY_NODE = {EFFECTS[w].node: h for w, h in HANDLERS.items() if w in EFFECTS}

if set(HANDLERS) != set(EFFECTS):  # pragma: no cover - caught by the test suite too
    raise RuntimeError(f"effect handlers out of step with the registry: "
                       f"{sorted(set(HANDLERS) ^ set(EFFECTS))}")


def compile_effects(effects: tuple[A.Effect, ...], ix: Any) -> Contribution:
    """AST effects -> one frozen Contribution."""
    b = _Builder(len(ix.res), len(ix.sym))
    for e in effects:
        if isinstance(e, A.PluginEffect):
            spec = PLUGINS[e.word]
            b.hooks.append(PluginHook(spec.handler, e.args, spec.value, spec.word))
            continue
        _BY_NODE[type(e)](e, b, ix)
    return Contribution(
        tuple(b.fixed), tuple(b.fixed_private), tuple(b.choices), tuple(b.choices_private),
        b.shields, tuple(b.science), tuple(b.science_wild), tuple(b.discounts), tuple(b.hooks))

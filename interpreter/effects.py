"""Effect handlers: one per registry word, compiling an AST node into a city contribution.

`HANDLERS` must cover dsl.registry.EFFECTS exactly (checked at import), so an effect
word can never parse but silently do nothing. Plug-in words carry their own handler
object (see `PluginHandler`), stored on the contribution and called by the game.
"""
from __future__ import annotations

from typing import Any, Callable, Protocol

from dsl import ast as A
from dsl.registry import EFFECTS, PLUGINS

SEAT_OF = {"self": 0, "left": 1, "right": 2}


class PluginHandler(Protocol):
    """Hooks a plug-in may define (both optional); `table` is the ring of cities
    (interpreter.state.Table: .cities, .left(seat), .right(seat), .count(...)).

    on_build(table, seat, args) -> int   coins the owner gains when built (after the turn's
                                         builds; it may also change other cities' coins)
    score(table, seat, args)    -> int   victory points at game end, on the card's score line
    """


class _Builder:
    def __init__(self, n_res: int, n_sym: int):
        self.fixed = [0] * n_res
        self.fixed_private = [0] * n_res
        self.choices: list[tuple[int, ...]] = []
        self.choices_private: list[tuple[int, ...]] = []
        self.shields = 0
        self.science = [0] * n_sym
        self.science_wild: list[tuple[int, ...]] = []
        self.coins_now = 0
        self.coins_per: list[tuple[int, Any]] = []
        self.vp = 0
        self.vp_per: list[tuple[int, Any]] = []
        self.discounts: list[tuple[frozenset[int], tuple[int, ...], int]] = []
        self.free_build = ""
        self.play_last = False
        self.discard_builds = 0
        self.copies: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        self.plugins: list[tuple[Any, tuple[Any, ...]]] = []


def _seats(sides: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(SEAT_OF[s] for s in sides)


def _counter(c: A.Counted, ix: Any) -> Any:
    from .compiled import Counter
    colors = tuple(ix.col[x] for x in c.colors) if c.colors else tuple(range(len(ix.col)))
    return Counter(c.what, colors, _seats(c.sides))


def _produce(n: A.Produce, b: _Builder, ix: Any) -> None:
    if n.choice:
        (b.choices if n.tradable else b.choices_private).append(tuple(ix.res[r] for r, _ in n.resources))
    else:
        vec = b.fixed if n.tradable else b.fixed_private
        for r, k in n.resources:
            vec[ix.res[r]] += k


def _shields(n: A.Shields, b: _Builder, ix: Any) -> None:
    b.shields += n.count


def _science(n: A.Science, b: _Builder, ix: Any) -> None:
    if n.symbols == ("any",):
        b.science_wild.append(tuple(range(len(ix.sym))))
    elif len(n.symbols) > 1:
        b.science_wild.append(tuple(ix.sym[s] for s in n.symbols))
    else:
        b.science[ix.sym[n.symbols[0]]] += 1


def _coins(n: A.Coins, b: _Builder, ix: Any) -> None:
    if n.per is None:
        b.coins_now += n.amount
    else:
        b.coins_per.append((n.amount, _counter(n.per, ix)))


def _vp(n: A.VictoryPoints, b: _Builder, ix: Any) -> None:
    if n.per is None:
        b.vp += n.amount
    else:
        b.vp_per.append((n.amount, _counter(n.per, ix)))


def _trade(n: A.Trade, b: _Builder, ix: Any) -> None:
    names = ix.rules.vocab.expand_resources(n.resources)
    b.discounts.append((frozenset(ix.res[r] for r in names), _seats(n.sides), n.price))


def _free_build(n: A.FreeBuild, b: _Builder, ix: Any) -> None:
    b.free_build = n.period


def _play_last(n: A.PlayLastCard, b: _Builder, ix: Any) -> None:
    b.play_last = True


def _discard_build(n: A.BuildFromDiscard, b: _Builder, ix: Any) -> None:
    b.discard_builds += 1


def _copy(n: A.CopyCard, b: _Builder, ix: Any) -> None:
    b.copies.append((tuple(ix.col[c] for c in n.colors), _seats(n.sides)))


HANDLERS: dict[str, Callable[[Any, _Builder, Any], None]] = {
    "produce": _produce, "shields": _shields, "science": _science, "coins": _coins, "vp": _vp,
    "buy": _trade, "free": _free_build, "play": _play_last, "build": _discard_build, "copy": _copy,
}
_BY_NODE = {EFFECTS[w].node: h for w, h in HANDLERS.items()}

if set(HANDLERS) != set(EFFECTS):  # pragma: no cover - caught by the test suite too
    raise RuntimeError(f"effect handlers out of step with the registry: "
                       f"{sorted(set(HANDLERS) ^ set(EFFECTS))}")


def compile_effects(effects: tuple[A.Effect, ...], ix: Any) -> Any:
    """AST effects -> one frozen Contribution."""
    from .compiled import Contribution
    b = _Builder(len(ix.res), len(ix.sym))
    for e in effects:
        if isinstance(e, A.PluginEffect):
            spec = PLUGINS[e.word]
            b.plugins.append((spec.handler, e.args))
            continue
        _BY_NODE[type(e)](e, b, ix)
    return Contribution(
        tuple(b.fixed), tuple(b.fixed_private), tuple(b.choices), tuple(b.choices_private),
        b.shields, tuple(b.science), tuple(b.science_wild), b.coins_now, tuple(b.coins_per),
        b.vp, tuple(b.vp_per), tuple(b.discounts), b.free_build, b.play_last, b.discard_builds,
        tuple(b.copies), tuple(b.plugins))

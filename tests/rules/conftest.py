"""Shared fixtures for the rule tests (tests/rules/).

* ``cp``      - the compiled base pack, once per session.
* ``card``    - ``card("Loom")`` / ``card("Loom", age=2)``: a compiled card by name.
* ``table``   - ``table(players)``: a Table from a compact STATE list; each player is a wonder
                name ("Gizah") or a STATE dict ({"wonder": "Olympia", "side": "B", "stages": 1,
                "cards": [...], "coins": 5, "tokens": [...]}); side defaults to A, coins to 3.
* ``game``    - ``game(players, bots=None, seed=0, log=False)``: a Game whose cities are the
                STATE cities above (mixed sides allowed); bots default to ScriptBot().
* ``Script``  - the ScriptBot class (scripted moves by card name, see below).
* ``turn``    - ``turn(game, hands, turn=1)``: deal the named hands, let every bot decide
                (legality checked by Game.decide), Game.resolve, then the discard builds.
* ``rig``     - ``rig(game, {age: hands})``: make Game.deal hand out these hands in that age.
* ``offered`` - ``offered(game, seat, name)``: the legal moves for the hand card called `name`.

ScriptBot steps (one per choose() call, in order):
    ("build", "Temple")                cheapest legal build of Temple (a paid or costless one;
                                       a chain or free-power build only when no other exists)
    ("build", "Temple", (0, 2))        the legal build paying left 0 / right 2
    ("build", "Temple", "chain")       the legal build with free == "chain" ("power", "paid")
    ("wonder", "Altar"[, (l, r)])      the next wonder stage with this card
    ("sell", "Altar")
    Move(...)                          submitted as is (possibly illegal)
    ("raw", action, name, l, r, free)  a Move for that hand card, submitted without any check
    callable(obs, seat, moves)         returns the move (obs: the seat's Observation)
When the script runs out the bot sells its first card (fallback="sell") or fails ("error").
choose_card answers from `discards` (card names, or None to decline); empty -> declines.
Every offer is recorded: bot.offers (hand names, legal moves), bot.discard_offers (names).
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import pytest

from dsl.loader import load_pack
from interpreter.rules.compiled import CCard, CompiledPack, compile_pack
from interpreter.players.game import Game
from interpreter.rules.moves import SELL, Move
from interpreter.players.observation import Observation
from interpreter.rules.statefile import build_table
from interpreter.rules.city import Table


@pytest.fixture(scope="session")
def cp() -> CompiledPack:
    return compile_pack(load_pack("base"))


def _player(p: Any) -> dict[str, Any]:
    if isinstance(p, str):
        return {"wonder": p, "side": "A"}
    out = dict(p)
    out.setdefault("side", "A")
    return out


def make_table(cp: CompiledPack, players: Sequence[Any]) -> Table:
    return build_table({"pack": "base", "players": [_player(p) for p in players]}, cp)


def get_card(cp: CompiledPack, name: Any, age: int | None = None) -> CCard:
    if isinstance(name, CCard):
        return name
    return cp.card_named(name, age)


class ScriptBot:
    name = "script"

    def __init__(self, plays: Sequence[Any] = (), discards: Sequence[Any] = (), fallback: str = "sell"):
        self.plays = list(plays)
        self.discards = list(discards)
        self.fallback = fallback
        self.offers: list[tuple[list[str], list[Move]]] = []
        self.discard_offers: list[list[str]] = []
        self.chosen: list[Move] = []

    def choose(self, obs: Observation, moves: list[Move]) -> Move:
        seat, hand = obs.seat, list(obs.hand)
        self.offers.append(([c.name for c in hand], list(moves)))
        if not self.plays:
            if self.fallback == "sell":
                move = Move(0, SELL)
            else:
                raise AssertionError(f"seat {seat}: script exhausted; hand {[c.name for c in hand]}")
        else:
            move = pick(self.plays.pop(0), obs, seat, hand, moves)
        self.chosen.append(move)
        return move

    def choose_card(self, obs: Observation, cards: list[CCard], purpose: str) -> int | None:
        names = [c.name for c in cards]
        self.discard_offers.append(names)
        if not self.discards:
            return None
        want = self.discards.pop(0)
        if want is None:
            return None
        if isinstance(want, int):
            return want
        assert want in names, f"{want} is not offered from the discard pile: {names}"
        return names.index(want)


def _index(hand: list[CCard], name: str) -> int:
    names = [c.name for c in hand]
    assert name in names, f"{name} is not in the hand {names}"
    return names.index(name)


def pick(step: Any, obs: Observation, seat: int, hand: list[CCard], moves: list[Move]) -> Move:
    if isinstance(step, Move):
        return step
    if callable(step):
        return step(obs, seat, moves)
    if step[0] == "raw":
        action, name, left, right, free = (*step[1:], *(0, 0, "")[len(step) - 3:])
        return Move(_index(hand, name), action, left, right, free)
    action, name, *extra = step
    pay = next((x for x in extra if isinstance(x, tuple)), None)
    free = next((x for x in extra if isinstance(x, str)), None)
    cands = [m for m in moves if m.action == action and hand[m.card].name == name]
    if pay is not None:
        cands = [m for m in cands if (m.left, m.right) == pay]
    if free is not None:
        cands = [m for m in cands if m.free == ("" if free == "paid" else free)]
    elif action == "build":
        ordinary = [m for m in cands if m.free in ("", "cost")]
        cands = ordinary or cands
    if not cands:
        raise AssertionError(f"seat {seat}: no legal move for {step}; hand {[c.name for c in hand]}; "
                             f"moves {[(hand[m.card].name, m) for m in moves]}")
    return cands[0]


def make_game(cp: CompiledPack, players: Sequence[Any], bots: Sequence[Any] | None = None,
              seed: int = 0, log: bool = False) -> Game:
    players = [_player(p) for p in players]
    bots = list(bots) if bots is not None else [ScriptBot() for _ in players]
    g = Game(cp, bots, seed=seed, wonders=[p["wonder"] for p in players], sides="A", log=log)
    t = make_table(cp, players)
    g.cities = t.cities
    g.table = t
    for entry, city in zip(g.log["players"], g.cities):
        entry["side"] = city.side.side
    return g


def deal_named(cp: CompiledPack, hands: Sequence[Sequence[Any]]) -> list[list[CCard]]:
    return [[get_card(cp, c) for c in h] for h in hands]


def play_turn(game: Game, hands: Sequence[Sequence[Any]] | None, turn: int = 1) -> list[int]:
    if hands is not None:
        game.hands = deal_named(game.cp, hands)
    choices = [game.decide(s) for s in range(game.n)]
    pending = game.resolve(choices, turn)
    for s in pending:
        game.build_from_discard(s)
    return pending


def rig_deal(game: Game, by_age: dict[int, Sequence[Sequence[Any]]]) -> None:
    original = game.deal

    def deal(age: int) -> None:
        if age in by_age:
            game.hands = deal_named(game.cp, by_age[age])
        else:
            original(age)

    game.deal = deal  # type: ignore[method-assign]


@pytest.fixture
def card(cp) -> Callable[..., CCard]:
    return lambda name, age=None: get_card(cp, name, age)


@pytest.fixture
def table(cp) -> Callable[[Sequence[Any]], Table]:
    return lambda players: make_table(cp, players)


@pytest.fixture
def game(cp) -> Callable[..., Game]:
    return lambda players, bots=None, seed=0, log=False: make_game(cp, players, bots, seed, log)


@pytest.fixture
def Script() -> type[ScriptBot]:
    return ScriptBot


@pytest.fixture
def turn() -> Callable[..., list[int]]:
    return play_turn


@pytest.fixture
def rig() -> Callable[[Game, dict[int, Sequence[Sequence[Any]]]], None]:
    return rig_deal


@pytest.fixture
def offered() -> Callable[[Game, int, str], list[Move]]:
    def f(g: Game, seat: int, name: str) -> list[Move]:
        hand = g.hands[seat]
        return [m for m in g.moves(seat) if hand[m.card].name == name]
    return f

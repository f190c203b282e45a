"""A game played one turn at a time, through clones, is the game play() plays; step refuses a
bad answer with the reason and changes nothing; a clone is independent of its original."""
from __future__ import annotations

import json
from typing import Any

import pytest

from dsl.loader import load_pack
from interpreter.players.roster import make_bots
from interpreter.rules.compiled import compile_pack
from interpreter.players.game import Game
from interpreter.game.contract import IllegalMove
from interpreter.rules.moves import BUILD, SELL, Move


@pytest.fixture(scope="module")
def packs() -> dict[str, Any]:
    return {name: compile_pack(load_pack(name)) for name in ("base", "leaders", "cities")}


def _bot_answers(g: Game) -> dict[int, Any]:
    """What the game's own bots answer at its position (as play() would ask them)."""
    return g.ask_bots()


def _stepped(cp: Any, bots: str, n: int, seed: int) -> Game:
    """The game played turn by turn, each turn on a fresh clone of the last position."""
    g = Game(cp, make_bots(bots, n), seed=seed, sides="random", log=True)
    while g.pending():
        answers = _bot_answers(g)
        g = g.clone()
        g.step(answers)
    return g


def _played(cp: Any, bots: str, n: int, seed: int) -> Game:
    g = Game(cp, make_bots(bots, n), seed=seed, sides="random", log=True)
    g.play()
    return g


@pytest.mark.parametrize("chunk", range(4))
def test_clone_and_step_replay_play_for_200_seeds(packs, chunk: int) -> None:
    for seed in range(chunk * 50, chunk * 50 + 50):
        n = 3 + seed % 5
        a, b = _played(packs["base"], "random", n, seed), _stepped(packs["base"], "random", n, seed)
        assert json.dumps(a.log) == json.dumps(b.log), seed
        assert a.scores == b.scores and b.over


@pytest.mark.parametrize("pack,bots,seeds", [("base", "greedy", range(4)), ("leaders", "random", range(6)),
                                             ("leaders", "greedy", range(2)), ("cities", "greedy", range(3))])
def test_clone_and_step_replay_play_with_phases_and_greedy_bots(packs, pack, bots, seeds) -> None:
    for seed in seeds:
        n = 3 + seed % 3
        a, b = _played(packs[pack], bots, n, seed), _stepped(packs[pack], bots, n, seed)
        assert json.dumps(a.log) == json.dumps(b.log), (pack, seed)


def _snapshot(g: Game) -> str:
    return json.dumps([g.state(), [[c.name for c in h] for h in g.hands], [c.name for c in g.discard],
                       g.at, g.sub, g.turn, g.rng.state, [r.state for r in g.bot_rngs]])


def test_a_bad_answer_is_refused_with_the_reason_and_changes_nothing(packs) -> None:
    g = Game(packs["base"], make_bots("random", 3), seed=7)
    pending = g.pending()
    assert set(pending) == {0, 1, 2} and all(d.kind == "move" for d in pending.values())
    good = {s: d.moves[0] for s, d in pending.items()}
    before = _snapshot(g)
    bad_answers = [
        ({**good, 1: Move(9, SELL)}, "no card #9"),
        ({**good, 2: Move(0, BUILD, 5, 5, "nonsense")}, "unknown free"),
        ({0: good[0], 1: good[1]}, "no answer for seat 2"),
        ({**good, 0: ("sell", 0)}, "not a Move"),
        ({**good, 5: Move(0, SELL)}, "nothing to decide"),
    ]
    for answers, why in bad_answers:
        with pytest.raises(IllegalMove, match=why):
            g.step(answers)
        assert _snapshot(g) == before
    g.step(good)
    assert g.turn == 2 and _snapshot(g) != before


def test_a_build_from_the_discard_pile_is_a_card_choice(packs) -> None:
    for seed in range(60):
        g = Game(packs["base"], make_bots("greedy", 4), seed=seed, sides="B")
        while True:
            pending = g.pending()
            if not pending:
                break
            cards = [d for d in pending.values() if d.kind == "card"]
            if cards:
                (d,) = cards
                assert len(pending) == 1 and d.purpose == "discard" and d.cards
                names = {c.name for c in g.discard}
                assert {c.name for c in d.cards} <= names
                with pytest.raises(IllegalMove, match="no discarded card"):
                    g.step({d.seat: len(d.cards)})
                size = len(g.discard)
                g.step({d.seat: 0})
                assert len(g.discard) == size - 1 and d.cards[0] in g.cities[d.seat].cards
                return
            g.step(_bot_answers(g))
    pytest.fail("no build from the discard pile in 60 games")


def test_a_clone_is_independent_and_shares_no_container(packs) -> None:
    from interpreter.game.clone import SHARED
    g = Game(packs["leaders"], make_bots("greedy", 4), seed=3, log=True)
    for _ in range(9):
        g.step(_bot_answers(g))
        g.pending()
    c = g.clone()
    for name, value in vars(g).items():
        if isinstance(value, (list, dict, set)) and name not in SHARED:
            assert vars(c)[name] is not value, name
    for a, b in zip(g.cities, c.cities):
        for slot in type(a).__slots__:
            x, y = getattr(a, slot), getattr(b, slot)
            assert x == y or slot == "pay_cache", slot
            if isinstance(x, (list, dict, set)) and slot != "pay_cache":
                assert x is not y, slot
    before = _snapshot(g)
    c.play()
    assert _snapshot(g) == before and not g.over and c.over


def test_play_goes_on_from_any_position(packs) -> None:
    a = _played(packs["base"], "greedy", 4, 11)
    b = Game(packs["base"], make_bots("greedy", 4), seed=11, sides="random", log=True)
    for _ in range(10):
        b.step(_bot_answers(b))
    b.play()
    assert json.dumps(a.log) == json.dumps(b.log)

"""A Python game taken to the native core at a decision (bridge.from_decision) plays on exactly
as the Python engine does: the search bot's way to playouts from the state it is deciding in."""
from __future__ import annotations

import pytest

from dsl.loader import load_pack
from interpreter.players.roster import make_bots
from interpreter.rules.compiled import compile_pack
from interpreter.players.game import Game


class Snapshot:
    """Wraps a bot; at the first decision of seat 0 in (age, turn) it takes the game native."""

    def __init__(self, bot, age: int, turn: int):
        self.bot, self.age, self.turn, self.native = bot, age, turn, None
        self.name = bot.name

    def choose(self, obs, moves):
        game, seat = obs._g, obs.seat  # (the test reads the engine's side of the observation)
        if self.native is None and (game.age, game.turn) == (self.age, self.turn) \
                and game.phase.kind == "age" and len(game.hands[0]) > 1:
            from interpreter.native.bridge import from_decision
            self.native = from_decision(game)
            assert self.native.legal_moves(seat) == [tuple(m) for m in moves]
        return self.bot.choose(obs, moves)

    def __getattr__(self, name):
        return getattr(self.bot, name)


def played_on_natively(cp, seeds):
    """Each seed's game (3-7 players, random or greedy bots), taken to the native core at a
    decision of seat 0 in age II or III and played on there: the scores must be Python's. Yields
    each Python game, for the caller's own checks of what was carried."""
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    from interpreter.sim.native_records import scores_of
    for seed in seeds:
        n = 3 + seed % 5
        bots = make_bots(("random", "greedy")[seed % 2], n)
        snap = bots[0] = Snapshot(bots[0], 2 + seed % 2, 1 + seed % 5)
        game = Game(cp, bots, seed=seed, sides="random")
        scores = game.play()
        assert snap.native is not None
        snap.native.play()
        assert scores_of(cp, snap.native) == scores, (cp.pack.name, seed)
        yield game


@pytest.mark.parametrize("pack", ["base", "leaders", "cities"])
def test_playing_on_natively_is_playing_on_in_python(native_core: None, pack: str) -> None:
    from interpreter.sim.native_records import scores_of
    cp = compile_pack(load_pack(pack))
    for seed in range(12):
        n = 3 + seed % 5
        policy = ("random", "greedy")[seed % 2]
        bots = make_bots(policy, n)
        snap = Snapshot(bots[0], 1 + seed % 3, 1 + seed % 5)
        bots[0] = snap
        game = Game(cp, bots, seed=seed, sides="random")
        scores = game.play()
        assert snap.native is not None
        snap.native.play()
        assert scores_of(cp, snap.native) == scores, (pack, seed)


def test_playouts_from_a_decision(native_core: None) -> None:
    from interpreter import native
    cp = compile_pack(load_pack("base"))

    class Probe:
        name = "random"
        results = None

        def choose(self, obs, moves):
            game = obs._g  # (the test reads the engine's side of the observation)
            if self.results is None and game.age == 2:
                from interpreter.native.bridge import from_decision
                g = from_decision(game)
                self.results = native.playouts(g, range(50), "greedy")
            return moves[obs.rng.randrange(len(moves))]

        def choose_card(self, obs, cards, purpose):
            return 0

    probe = Probe()
    Game(cp, [probe] + make_bots("random", 3), seed=4).play()
    assert probe.results is not None and len(probe.results) == 50
    assert all(len(totals) == 4 and winners for totals, winners in probe.results)

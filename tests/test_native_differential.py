"""Issue 15: the native core plays exactly the Python engine's games. Every decision's legal
moves (payments included), every pick from the discard pile, the state after every resolution
and the final score pads are compared, seed by seed (benchmarks/native.py --diff runs more)."""
from __future__ import annotations

import pytest

from dsl.loader import load_pack
from interpreter.rules.compiled import compile_pack

SEEDS = range(20)
SIDES = ("A", "B", "random")
PACKS = ("base", "second-edition", "leaders", "cities", "examples/leaders-cities")


@pytest.fixture(scope="module")
def packs() -> dict:
    return {name: compile_pack(load_pack(name)) for name in PACKS}


def _bots(seed: int) -> str:
    return ("random", "greedy", "random,greedy")[seed % 3]


EIGHT = ("cities", "examples/leaders-cities")  # the packs played by up to 8


@pytest.mark.parametrize("pack,players", [(p, n) for p in PACKS for n in range(3, 9 if p in EIGHT else 8)])
def test_both_cores_play_the_same_games(native_core: None, packs: dict, pack: str, players: int) -> None:
    from interpreter.sim.differential import first_difference
    cp = packs[pack]
    for seed in SEEDS:
        diff = first_difference(cp, seed * 7 + players, players, _bots(seed), SIDES[seed % 3])
        assert diff == "", diff


def test_the_trace_covers_what_it_claims(native_core: None, packs: dict) -> None:
    """Builds from the discard pile, free builds, drafts, bank buys, copies now and tokens
    happen in these games, so the comparison covers them."""
    from interpreter.sim.differential import native_run
    kinds, seen = set(), set()
    for seed in range(30):
        for pack in ("base", "examples/leaders-cities"):
            trace, _ = native_run(packs[pack], seed, 7, "random", "AB"[seed % 2])
            kinds.update(r[0] for r in trace)
            for r in trace:
                if r[0] == "moves":
                    move = r[2][r[3]]
                    seen.update((move[1], move[4], "extra" if move[5] else ""))
                elif r[0] == "state":
                    seen.update("copied" for c in r[1][2] if c[9])
                    seen.update("tokens" for c in r[1][2] if any(c[8]))
    assert kinds == {"moves", "card", "state"}
    assert {"keep", "build", "wonder", "sell", "chain", "power", "extra", "copied", "tokens"} <= seen

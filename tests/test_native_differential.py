"""Issue 15: the native core plays exactly the Python engine's games. Every decision's legal
moves (payments included), every pick from the discard pile, the state after every resolution
and the final score pads are compared, seed by seed (benchmarks/native.py --diff runs more)."""
from __future__ import annotations

import pytest

from dsl.loader import load_pack
from interpreter.compiled import compile_pack

SEEDS = range(20)
SIDES = ("A", "B", "random")


@pytest.fixture(scope="module")
def packs() -> dict:
    return {name: compile_pack(load_pack(name)) for name in ("base", "second-edition")}


def _bots(seed: int) -> str:
    return ("random", "greedy", "random,greedy")[seed % 3]


@pytest.mark.parametrize("pack", ["base", "second-edition"])
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_both_cores_play_the_same_games(native_core: None, packs: dict, pack: str, players: int) -> None:
    from interpreter.native.differential import first_difference
    cp = packs[pack]
    for seed in SEEDS:
        diff = first_difference(cp, seed * 7 + players, players, _bots(seed), SIDES[seed % 3])
        assert diff == "", diff


def test_the_trace_covers_what_it_claims(native_core: None, packs: dict) -> None:
    """Builds from the discard pile, free builds, last cards and copies happen in these games."""
    from interpreter.native.differential import native_run
    kinds, frees = set(), set()
    for seed in range(30):
        trace, _ = native_run(packs["base"], seed, 7, "random", "AB"[seed % 2])
        kinds.update(r[0] for r in trace)
        frees.update(r[2][r[3]][4] for r in trace if r[0] == "moves")  # the chosen moves
    assert kinds == {"moves", "card", "state"}
    assert {"", "chain", "power"} <= frees

"""The native simulation folds its statistics straight from the core's results (StatsFold):
the same numbers, in the same key order, as folding each game's record (Aggregate.add)."""
from __future__ import annotations

import pytest

from dsl.loader import load_pack
from interpreter import native
from interpreter.rules.compiled import compile_pack
from interpreter.sim.aggregate import Aggregate
from interpreter.sim.runner import SimConfig, game_seed, run_chunk

pytestmark = pytest.mark.skipif(not native.available(), reason="no native core built")


@pytest.mark.parametrize("pack,players,bots", [("base", 4, "greedy"), ("base", 7, "random"),
                                               ("cities", 5, "greedy,random"), ("leaders", 3, "greedy")])
def test_the_fold_equals_the_records_folded_one_by_one(pack: str, players: int, bots: str) -> None:
    from interpreter.sim.native_records import play_game
    cp = compile_pack(load_pack(pack))
    cfg = SimConfig(pack=pack, games=40, players=players, bots=bots, sides="random", seed=3, core="native")
    fast = run_chunk(cfg, range(40))
    slow = Aggregate()
    for k in range(40):
        _game, rec = play_game(cp, game_seed(cfg.seed, k), players, bots, "random", plays=False)
        slow.add(rec)
    fast.verdicts = slow.verdicts  # (folded in C by both: compared by the verdict tests)
    assert fast == slow
    for field in ("wonder", "wonder_scores", "seat", "bot", "scores", "cards", "dealt"):
        assert list(getattr(fast, field)) == list(getattr(slow, field)), field  # the same key order

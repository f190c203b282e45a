"""A differential fuzzer that writes packs (issue 22): random packs from the language (every
registry word, costs with zero coins, rules numbers, player counts, four ages, three parents)
are either refused by `validate` with located problems or play on both cores to the same
moves, digests and scores, at every player count they declare. Seeded and bounded here
(WONDERS_PACK_FUZZ sets how many packs); benchmarks/fuzz_packs.py runs thousands. Each
difference it found is a named regression test below."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, seed, settings

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import pack_fuzz  # noqa: E402

from interpreter import native  # noqa: E402

EXAMPLES = int(os.environ.get("WONDERS_PACK_FUZZ", "60"))
pytestmark = pytest.mark.skipif(not native.available(), reason="no native core built: nothing to compare")


@seed(20261125)
@settings(max_examples=EXAMPLES, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(pack_fuzz.packs())
def test_generated_packs_are_refused_or_played_alike_by_both_cores(tmp_path_factory, pack) -> None:
    folder = pack_fuzz.write(tmp_path_factory.mktemp("pack"), pack)
    outcome, _why = pack_fuzz.check(folder, seeds=1)
    assert outcome in ("refused", "equal", "python only", "stopped")


def regression(tmp_path: Path, manifest: str, cards: str, players: int, bots: str = "greedy") -> str:
    from dsl.loader import load_pack
    from interpreter.rules.compiled import compile_pack
    from interpreter.sim.differential import first_difference
    folder = pack_fuzz.write(tmp_path / "pack", (manifest, cards))
    return first_difference(compile_pack(load_pack(folder)), 0, players, bots, "random")


def test_free_trade_offers_one_way_to_pay_not_one_per_side(tmp_path: Path) -> None:
    """Found by the fuzzer: with trade_price 0 a resource both neighbours sell gave two equal
    (0, 0) payments (one per side), and the cores' bots broke the tie between the copies apart."""
    assert regression(tmp_path, "name: fuzz\nextends: base\nrules:\n  trade_price: 0\n  sell_coins: 0\n"
                      "  ages: 4\n  players: {min: 3, max: 3}\n", "cards: []\n", 3) == ""


def test_a_choice_naming_one_resource_twice_is_one_unit(tmp_path: Path) -> None:
    """Found by the fuzzer: `produce wood/wood` counted as two wood in the Python engine's fast
    path (a card looked buildable for free that the native core rightly refused)."""
    cards = ("cards:\n  - {name: Stockade, replace: true, age: 1, color: red, players: [3, 7], "
             "cost: 0 coins, effect: produce wood/wood}\n")
    assert regression(tmp_path, "name: fuzz\nextends: cities\nrules:\n  starting_coins: 0\n", cards, 3) == ""
    from dsl.loader import load_pack
    from interpreter.rules.compiled import compile_pack
    cp = compile_pack(load_pack(tmp_path / "pack"))
    stockade = next(c for c in cp.cards if c.name == "Stockade")
    assert stockade.effect.choices == ((0,),)  # wood, once


def test_compounding_losses_stop_both_cores_alike(tmp_path: Path) -> None:
    """Found by the attack review: `others lose 100 coins per debt` made 32-bit counts wrap
    natively (a mean total of +123,312,322) and Python's numbers reach 1e24; both cores now stop
    the game at the runtime bound (GameOverflow), so they agree and no number is wrong."""
    cards = ("cards:\n"
             "  - {name: Tax Office, age: 1, color: yellow, players: [3, 3, 4, 5, 6, 7], effect: others lose 50 coins}\n"
             "  - {name: Usurer, age: 1, color: yellow, players: [3, 3, 4, 5, 6, 7], effect: others lose 100 coins per debt}\n")
    assert regression(tmp_path, "name: fuzz\nextends: cities\n", cards, 4) == ""
    from dsl.loader import load_pack
    from interpreter.game.contract import GameOverflow
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    from interpreter.rules.compiled import compile_pack
    with pytest.raises(GameOverflow, match="past 5,000"):
        Game(compile_pack(load_pack(tmp_path / "pack")), make_bots("greedy", 4), seed=0).play()


PACKS = Path(__file__).resolve().parents[1] / "packs"


@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_a_track_step_s_rules_change_holds_on_both_cores(bots: str) -> None:
    """Found by the fuzzer: a track step's `rule pass +2 for all` was summed natively (from the
    turn after the step was reached, as a built card's change) and never in Python (the game
    summed changes only when a card, board or stage made one), so the hands passed apart."""
    from dsl.loader import load_pack
    from interpreter.game.state import GameState
    from interpreter.rules.compiled import compile_pack
    from interpreter.sim.differential import first_difference
    cp = compile_pack(load_pack(PACKS / "fuzz-track-pass"))
    assert GameState(cp, ["random"] * 5, seed=0).law_changes
    assert all(first_difference(cp, seed, 5, bots, "random") == "" for seed in range(6))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_track_step_advancing_its_own_track_is_valued_alike_by_both_cores(players: int) -> None:
    """Found by the fuzzer: a step whose reward advances the same track made the Python greedy
    bot value the step by itself without end (RecursionError); both cores now stop at a depth
    of 4 and play the same greedy games."""
    from dsl.loader import load_pack
    from interpreter.rules.compiled import compile_pack
    from interpreter.sim.differential import first_difference
    cp = compile_pack(load_pack(PACKS / "fuzz-track-loop"))
    for seed in range(3):
        assert first_difference(cp, seed, players, "greedy", "random") == ""

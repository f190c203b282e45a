"""`wonders tune --wonder W --side S --stage K`: a wonder stage's numbers found and varied as a
card's; its wonder's city measured against its peers' on the same seeds, each seed played twice
with the seats swapped; the even value read from the two values either side of 0; a planted
board whose even value is known by construction (benchmarks/planted-tune/obelisk: the base
Gizah side A under a new name, its second stage worth 9 points: even at 5)."""
from __future__ import annotations

import contextlib
import io
import json
import random
from pathlib import Path

import pytest

from dsl.loader import load_pack
from interpreter.cli import main
from interpreter.players.game import Game
from interpreter.players.roster import make_bots
from interpreter.sim.runner import game_seed
from interpreter.sim.tune import Curve, next_value, numbers, pick, tune, variant
from interpreter.sim.tune_stage import StageRef, deal, peers_of, stage_game, stage_of, totals

OBELISK = Path(__file__).resolve().parents[1] / "benchmarks" / "planted-tune" / "obelisk"
REF = StageRef("Obelisk", "A", 2)


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def obelisk():
    return load_pack(str(OBELISK))


def test_a_stages_numbers_are_named_as_a_cards(obelisk) -> None:
    stage = stage_of(obelisk, "obelisk", "a", 2)  # any case; the side by name
    assert stage == REF and stage.label == "Obelisk A stage 2"
    assert [(n.index, n.name, n.value) for n in numbers(stage.of(obelisk))] == [(1, "vp", 9), (2, "cost.wood", 3)]
    assert pick(stage.of(obelisk), 2, None, stage.label).text == "cost: 3 wood"
    with pytest.raises(ValueError, match=r"^Obelisk A stage 2 has 2 numbers; say which: --number 1 or --field vp"):
        pick(stage.of(obelisk), None, None, stage.label)
    assert stage_of(obelisk, "Gizah", "Day", 3) == StageRef("Gizah", "A", 3)  # a side by its alias


@pytest.mark.parametrize("wonder,side,stage,message", [
    ("Gizha", "A", 2, "no wonder named 'Gizha' in pack 'tune-obelisk'; did you mean 'Gizah'?"),
    ("Gizah", None, 2, "Gizah has sides A, B: say which with --side"),
    ("Gizah", "C", 2, "Gizah has no side 'C' (sides: A, B)"),
    ("Gizah", "A", None, "--wonder Gizah: say which stage with --stage (1 to 3)"),
    ("Gizah", "A", 4, "Gizah side A has 3 stages, not a stage 4"),
])
def test_a_stage_that_is_not_there_is_said(obelisk, wonder, side, stage, message) -> None:
    with pytest.raises(ValueError) as err:
        stage_of(obelisk, wonder, side, stage)
    assert str(err.value) == message


def test_a_copied_stage_has_no_number_of_its_own() -> None:
    with pytest.raises(ValueError, match="copies its left neighbour's stage: it has no number of its own"):
        stage_of(load_pack("wonder-pack"), "Manneken Pis", "A", 1)


def test_the_peers(obelisk) -> None:
    assert peers_of(obelisk, REF, ["gizah"], 4) == ["Gizah"]
    every = peers_of(obelisk, REF, None, 4)  # every other board with a side A stage 2
    assert len(every) == 7 and "Obelisk" not in every and "Gizah" in every
    with pytest.raises(ValueError, match="a wonder is not its own peer"):
        peers_of(obelisk, REF, ["Obelisk"], 4)
    with pytest.raises(ValueError, match="did you mean 'Gizah'"):
        peers_of(obelisk, REF, ["Gizha"], 4)
    with pytest.raises(ValueError, match="4 wonders dealt in every game, more than 3 players"):
        peers_of(obelisk, REF, ["Gizah", "Rhodos", "Babylon"], 3)
    with pytest.raises(ValueError, match="9 players need 9 boards with a side A; pack 'tune-obelisk' has 8"):
        peers_of(obelisk, REF, None, 9)


def test_a_variant_changes_that_stages_number_only(obelisk) -> None:
    num = pick(REF.of(obelisk), None, "vp", REF.label)
    cp = variant(obelisk, REF, num, 5)
    side = cp.sides[("Obelisk", "A")].source
    assert [s.effects for s in side.stages] != [s.effects for s in obelisk.wonders[-1].sides["A"].stages]
    from dsl.printer import canonical
    assert [canonical(e) for s in side.stages for e in s.effects] == ["vp 3", "vp 5", "vp 7"]
    assert side.stages[1].cost == REF.of(obelisk).cost  # its cost untouched
    gizah = cp.sides[("Gizah", "A")].source  # the twin, as printed in base
    assert [(canonical(e), s.cost) for s in gizah.stages for e in s.effects] == \
        [(canonical(e), s.cost) for s in side.stages for e in s.effects]


def test_the_deal_puts_both_boards_at_seats_drawn_from_the_seed(obelisk) -> None:
    cp = variant(obelisk, REF, pick(REF.of(obelisk), None, "vp", REF.label), 9)
    seats = set()
    for k in range(40):
        dealt, swap = deal(cp, REF, ["Gizah"], 4, game_seed(0, k))
        assert len(set(dealt)) == 4 and "Obelisk" in dealt and dealt[swap] == "Gizah"
        seats.add(dealt.index("Obelisk"))
    assert seats == {0, 1, 2, 3}  # no seat favoured
    dealt, swap = deal(cp, REF, [], 4, 1)  # no --against: a peer drawn to swap with
    assert dealt[swap] != "Obelisk"


def test_the_native_and_python_games_score_the_same(obelisk) -> None:
    """The totals come from the native core when it runs the pack: they are the Python game's."""
    from interpreter import native
    if not native.available():
        pytest.skip("native core not built")
    cp = variant(obelisk, REF, pick(REF.of(obelisk), None, "vp", REF.label), 9)
    for k in range(3):
        seed = game_seed(0, k)
        dealt, _ = deal(cp, REF, ["Gizah"], 4, seed)
        python = Game(cp, make_bots("greedy", 4), seed=seed, sides="A", wonders=dealt).play()
        assert totals(cp, seed, 4, "greedy", "A", dealt) == [p["total"] for p in python["players"]]


def test_at_the_twins_value_each_seed_is_even_exactly(obelisk) -> None:
    """By hand: at 5 points Obelisk is Gizah; the second game swaps their seats, so Obelisk's
    two totals are Gizah's two in the other order and the difference is 0 on every seed. At 9
    it is not (the stage is built in most games: more points)."""
    num = pick(REF.of(obelisk), None, "vp", REF.label)
    even, strong = variant(obelisk, REF, num, 5), variant(obelisk, REF, num, 9)
    diffs = []
    for k in range(12):
        seed = game_seed(3, k)
        mine, theirs = stage_game(even, seed, 4, "greedy", REF, ["Gizah"], ["Gizah"])
        assert len(theirs) == 2 and mine == sum(theirs) / 2
        mine, theirs = stage_game(strong, seed, 4, "greedy", REF, ["Gizah"], ["Gizah"])
        diffs.append(mine - sum(theirs) / 2)
    assert sum(diffs) > 0


def test_the_even_value_is_read_from_the_values_either_side_of_0() -> None:
    """A kinked effect: -2 at 0, -1 at 4, +1 at 6, +4 at 9 (no noise). The least-squares line
    over all four crosses at 4.47; the secant through 4 and 6, the values either side of 0,
    crosses at 5."""
    deltas = {0: -2.0, 4: -1.0, 6: 1.0, 9: 4.0}
    curve = Curve({v: {s: (d, (0.0,)) for s in range(5)} for v, d in deltas.items()}, paired=True)
    root, pts = curve.crossing(curve.seeds())
    assert root == pytest.approx(5.0) and [v for v, _ in pts] == [0, 4, 6, 9]
    assert curve.fit(curve.seeds())[0] == pytest.approx((-5.0, 1.0))
    assert next_value(4.97, [4, 9], 27, 1.0) == 5  # inside a bracket wider than 2: the nearest untried
    assert next_value(4.2, [4, 9], 27, 1.0) == 5  # (4 is tried: the next on the crossing's side)
    assert next_value(4.97, [4, 9], 27, 6.0) is None  # its interval wider than the gap: more games first
    assert next_value(5.0, [4, 6, 9], 27, 0.5) is None  # bracketed within 2 already
    assert next_value(12.4, [0, 9], 27) == 12 and next_value(9.6, [0, 9], 27) is None  # beyond: >1 off


def test_paired_deltas_are_each_seeds_own_difference() -> None:
    rng = random.Random(1)
    rows = {s: (10 + (luck := rng.gauss(0, 5)), (8 + luck, 8 + luck)) for s in range(30)}
    assert Curve({3: rows}, paired=True).delta(3, list(range(30))) == pytest.approx(2.0)


def test_the_planted_stage_is_found_within_one_point(tmp_path) -> None:
    """A seeded run at tune's own stopping rule: the even value, 5 points by construction, is
    found within 1 point. Seed 8 never tries 5 itself (where the twin makes every seed's
    difference 0, and the answer exactly 5): it brackets the crossing with 4 and 6 and reads
    it off their secant, 5.3. (Its interval, 5.01 to 5.87, counts the games' noise, not the
    bend of the curve between 4 and 6: docs/simulation.md.)"""
    report = tmp_path / "stage.html"
    code, out, err = cli("tune", "--pack", str(OBELISK), "--wonder", "Obelisk", "--side", "A", "--stage", "2",
                         "--field", "vp", "--against", "Gizah", "--games", "400", "--workers", "2", "--seed", "8",
                         "--json", "--report", str(report))
    assert code == 0, err
    got = json.loads(out)
    assert got["card"] == "Obelisk A stage 2" and got["wonder"] == {"wonder": "Obelisk", "side": "A", "stage": 2}
    assert got["field"] == {"number": 1, "field": "vp", "value": 9, "text": "vp 9"}
    even = got["even"]
    assert abs(even["estimate"] - 5) <= 1 and even["nearest"] == 5, even
    assert [v["value"] for v in got["values"]] == [0, 4, 6, 9]
    values = {v["value"]: v["delta"] for v in got["values"]}
    assert values[4] < 0 < values[6]  # the bracket the secant is read from
    assert got["stopped_by"] == "decided" and got["fit"]["slope"] > 0
    assert got["sentence"].startswith("Obelisk A stage 2: even with its peers at 5 points (fitted ")
    assert "Obelisk A stage 2" in report.read_text()
    assert "against the cities of Gizah (side A, dealt in every game)" in err


def test_bad_stage_input_is_one_located_line() -> None:
    code, out, err = cli("tune", "--pack", "base", "--wonder", "Gizah", "--stage", "2")
    assert (code, out) == (1, "") and err == "error: Gizah has sides A, B: say which with --side\n"
    code, _, err = cli("tune", "Altar", "--pack", "base", "--wonder", "Gizah")
    assert code == 1 and "tune a card (CARD) or a wonder stage (--wonder W --stage K), one of them" in err
    code, _, err = cli("tune", "Altar", "--pack", "base", "--stage", "2")
    assert code == 1 and "--side and --stage go with --wonder" in err
    code, _, err = cli("tune", "--pack", "base", "--wonder", "Gizah", "--side", "A", "--stage", "2", "--number", "4")
    assert code == 1 and "Gizah A stage 2 has 2 number(s), not a number 4" in err and "Traceback" not in err


def test_a_stop_while_fitting_keeps_the_games_so_far(obelisk, monkeypatch) -> None:
    """Ctrl-C or SIGTERM (the command turns it into KeyboardInterrupt) during the bootstrap
    between two rounds: the run ends as interrupted with every game measured so far."""
    def stopped(self, *args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(Curve, "interval", stopped)
    num = pick(REF.of(obelisk), None, "vp", REF.label)
    curve, why, interrupted = tune(obelisk, REF, num, ["Gizah"], 4, "greedy", 0, 400, None, 1, forced=["Gizah"])
    assert (why, interrupted) == ("interrupted", True)
    assert len(curve.seeds()) >= 20 and curve.paired

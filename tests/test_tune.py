"""`wonders tune`: a card's numbers found and named, the even value fitted over a few values on
the same seeds, its interval by bootstrap; a planted card whose even value is known by
construction (tests/packs/tune-shrine: the base Pawnshop renamed Shrine and made worth 7 points,
tuned against Pawnshop: even at 3)."""
from __future__ import annotations

import contextlib
import io
import json
import random
from pathlib import Path

import pytest

from dsl.loader import load_pack
from interpreter.cli import main
from interpreter.sim.tune import Curve, numbers, pick, start_values, variant

SHRINE = Path(__file__).parent / "packs" / "tune-shrine"


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def base():
    return load_pack("base")


def test_a_cards_numbers_in_the_order_printed_then_its_cost(base) -> None:
    haven = [(n.index, n.name, n.value) for n in numbers(base.card("Haven"))]
    assert haven == [(1, "coins", 1), (2, "vp", 1), (3, "cost.wood", 1), (4, "cost.ore", 1), (5, "cost.loom", 1)]
    # `coins 1 per brown card`: the count's hidden step ("every 1") is not printed, so not offered
    assert [n.name for n in numbers(base.card("Vineyard"))] == ["coins"]
    assert [(n.name, n.value) for n in numbers(base.card("Tree Farm"))] == [("cost.coins", 1)]
    assert numbers(base.card("Lumber Yard")) == []


def test_which_number_by_position_or_name_and_the_candidates_when_ambiguous(base) -> None:
    haven = base.card("Haven")
    assert pick(haven, 2, None).name == "vp" and pick(haven, None, "COST.ORE").index == 4
    assert pick(base.card("Altar"), None, None).name == "vp"  # one number: no need to say
    with pytest.raises(ValueError, match=r"Haven has 5 numbers; say which: --number 1 or --field coins"):
        pick(haven, None, None)
    with pytest.raises(ValueError, match="did you mean --field vp"):
        pick(haven, None, "vpp")
    with pytest.raises(ValueError, match="not a number 9"):
        pick(haven, 9, None)


def test_a_variant_changes_that_number_only(base) -> None:
    baths = base.card("Baths")  # vp 3, costs 1 stone
    cards = {v: next(c for c in variant(base, "Baths", pick(baths, None, "cost.stone"), v).cards if c.name == "Baths")
             for v in (1, 3)}
    assert [n for _r, n in cards[1].cost] == [1] and [n for _r, n in cards[3].cost] == [3]
    assert cards[1].cost[0][0] == cards[3].cost[0][0]  # the same resource
    worth = next(c for c in variant(base, "Baths", pick(baths, None, "vp"), 5).cards if c.name == "Baths")
    assert worth.cost == cards[1].cost  # changing the points leaves the cost
    assert start_values(7) == [0, 7] and start_values(1) == [1, 5] and start_values(0) == [0, 4]


def test_the_crossing_and_its_interval_on_known_data() -> None:
    """Values 0 and 4 on the same 200 seeds: the card scores v - 2 plus the seed's noise (the
    same at every value), the peers 0 plus noise: even at 2. By hand: each delta is v - 2 plus
    the mean of the card's noise minus the peers'; the line's slope is exactly 1."""
    rng = random.Random(3)
    noise = [(rng.gauss(0, 3), rng.gauss(0, 3)) for _ in range(200)]
    curve = Curve({v: {s: (v - 2 + a, (b,)) for s, (a, b) in enumerate(noise)} for v in (0, 4)})
    seeds = curve.seeds()
    shift = sum(a for a, _ in noise) / 200 - sum(b for _, b in noise) / 200
    assert curve.delta(4, seeds) == pytest.approx(2 + shift)
    root, _ = curve.crossing(seeds)
    assert root == pytest.approx(2 - shift)
    lo, hi, bands = curve.interval(0)
    assert lo < 2 < hi and hi - lo < 2.5 and bands[4][0] < 2 + shift < bands[4][1]
    unpaired = Curve({0: curve.rows[0], 4: {s: r for s, r in curve.rows[4].items() if s < 100}})
    assert len(unpaired.seeds()) == 100  # only the seeds measured at every value count


def test_bad_input_is_one_located_line(tmp_path) -> None:
    code, out, err = cli("tune", "Haven", "--pack", "base")
    assert code == 1 and out == "" and "Traceback" not in err
    assert "Haven has 5 numbers; say which:" in err and err.count("\n") == 1
    code, _, err = cli("tune", "Altr", "--pack", "base")
    assert code == 1 and "no card named 'Altr' in pack 'base'; did you mean 'Altar'?" in err
    code, _, err = cli("tune", "Altar", "--pack", "base", "--against", "Altar")
    assert code == 1 and "not its own peer" in err
    code, _, err = cli("tune", "Altar", "--pack", "base", "--report", str(tmp_path / "no" / "r.html"))
    assert code == 1 and "--report" in err


def test_the_planted_card_is_even_at_its_original_value(tmp_path) -> None:
    """A small seeded run (30 games a value, about ±3 points of precision): the truth, 3
    points, lies in the interval and the fit puts the even value below the card's 7; the
    report plots value against effect. The full version, with enough games to be precise:
    benchmarks/tune.py."""
    report = tmp_path / "tune.html"
    code, out, err = cli("tune", "shrine", "--pack", str(SHRINE), "--against", "Pawnshop", "--games", "30",
                         "--workers", "2", "--seed", "0", "--json", "--report", str(report))
    assert code == 0, err
    got = json.loads(out)
    assert got["field"] == {"number": 1, "field": "vp", "value": 7, "text": "vp 7"}
    assert {0, 7} <= {v["value"] for v in got["values"]} and got["games"] == 30
    even = got["even"]
    assert even["low"] < 3 < even["high"] and even["estimate"] < 7, even
    assert got["fit"]["slope"] > 0  # more points, stronger
    assert got["sentence"].startswith(f"Shrine: even with its peers at {even['nearest']} points (fitted ")
    assert got["sentence"].endswith("; now 7")
    page = report.read_text()
    assert "<svg" in page and "points against its peers by vp" in page and got["sentence"] in page

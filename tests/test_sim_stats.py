"""The simulation statistics on synthetic inputs with known answers: Wilson intervals against
published values, Tally against the `statistics` module, exact order-independent merging,
the significance tests, and Aggregate on hand-made game records."""
from __future__ import annotations

import math
import statistics
from statistics import NormalDist

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.sim.aggregate import LINES, Aggregate, compare, game_record
from interpreter.sim.stats import Z95, CardStats, Rate, Tally, compare_means, compare_rates
from interpreter.sim.watch import Play

Z = NormalDist().inv_cdf(0.975)


# -- independent reference formulas ------------------------------------------------------

def wilson_ref(hits: int, n: int, z: float = Z) -> tuple[float, float]:
    """The Wilson interval as the two roots of (p - x)^2 = z^2 x (1 - x) / n."""
    p = hits / n
    a = 1 + z * z / n
    b = -(2 * p + z * z / n)
    c = p * p
    disc = math.sqrt(max(0.0, b * b - 4 * a * c))
    return ((-b - disc) / (2 * a), (-b + disc) / (2 * a))


def p_ref(z: float) -> float:
    return 2 * (1 - NormalDist().cdf(abs(z)))


def r4(x: float) -> float:
    return round(x, 4)


def rate_json(hits: int, n: int) -> dict:
    if n == 0:
        return {"rate": 0.0, "ci95": [0.0, 1.0], "n": 0, "hits": 0}
    lo, hi = wilson_ref(hits, n)
    return {"rate": r4(hits / n), "ci95": [r4(max(0.0, lo)), r4(min(1.0, hi))], "n": n, "hits": hits}


def tally_json(xs: list[int]) -> dict:
    m = statistics.mean(xs)
    sd = statistics.stdev(xs) if len(xs) > 1 else 0.0
    half = Z * sd / math.sqrt(len(xs))
    return {"mean": r4(m), "sd": r4(sd), "ci95": [r4(m - half), r4(m + half)], "n": len(xs)}


def test_z95_is_the_normal_quantile():
    assert Z95 == pytest.approx(Z, abs=1e-12)


# -- Rate / Wilson -----------------------------------------------------------------------

@pytest.mark.parametrize("hits,n,published", [
    (0, 10, (0.0, 0.2775)),
    (5, 10, (0.2366, 0.7634)),
    (81, 263, (0.2553, 0.3662)),
    (10, 10, (0.7225, 1.0)),
    (1, 2, (0.0945, 0.9055)),
])
def test_wilson_against_published_values(hits, n, published):
    r = Rate(hits, n)
    lo, hi = r.wilson()
    ref_lo, ref_hi = wilson_ref(hits, n)
    assert lo == pytest.approx(max(0.0, ref_lo), abs=1e-9)
    assert hi == pytest.approx(min(1.0, ref_hi), abs=1e-9)
    assert (round(lo, 4), round(hi, 4)) == published
    assert r.as_json() == {"rate": r4(hits / n), "ci95": list(published), "n": n, "hits": hits}


def test_wilson_edges():
    empty = Rate()
    assert empty.rate == 0.0 and empty.wilson() == (0.0, 1.0)
    assert empty.as_json() == {"rate": 0.0, "ci95": [0.0, 1.0], "n": 0, "hits": 0}
    for n in (1, 2, 7, 50, 1000):
        lo, hi = Rate(0, n).wilson()
        assert 0.0 <= lo <= 1e-12 and 0.0 < hi < 1.0  # p = 0: interval starts at 0, never negative
        lo, hi = Rate(n, n).wilson()
        assert 0.0 < lo < 1.0 and 1.0 - 1e-12 <= hi <= 1.0  # p = 1: ends at 1, never above
    # the interval narrows as n grows and always contains the point estimate
    widths = []
    for n in (10, 100, 1000):
        lo, hi = Rate(3 * n // 10, n).wilson()
        assert lo <= 0.3 <= hi
        widths.append(hi - lo)
    assert widths == sorted(widths, reverse=True)


def test_rate_add_counts_hits():
    r = Rate()
    for hit in (True, False, True, True, False):
        r.add(hit)
    assert (r.hits, r.n, r.rate) == (3, 5, 0.6)


# -- Tally -------------------------------------------------------------------------------

@pytest.mark.parametrize("xs", [
    [2, 4, 4, 4, 5, 5, 7, 9],
    [-1, -1, 0, 3, 12],
    [57, 43, 61, 38, 49, 52],
    [7, 7, 7],
])
def test_tally_against_statistics_module(xs):
    t = Tally()
    for x in xs:
        t.add(x)
    assert t.n == len(xs)
    assert t.mean == pytest.approx(statistics.mean(xs), abs=1e-12)
    assert t.sd == pytest.approx(statistics.stdev(xs), abs=1e-9)
    lo, hi = t.ci95()
    half = Z * statistics.stdev(xs) / math.sqrt(len(xs))
    assert lo == pytest.approx(statistics.mean(xs) - half, abs=1e-9)
    assert hi == pytest.approx(statistics.mean(xs) + half, abs=1e-9)
    assert t.as_json() == tally_json(xs)


def test_tally_known_numbers():
    t = Tally()
    for x in [2, 4, 4, 4, 5, 5, 7, 9]:
        t.add(x)
    assert t.mean == 5.0
    assert t.sd == pytest.approx(math.sqrt(32 / 7))
    assert t.as_json() == {"mean": 5.0, "sd": 2.1381, "ci95": [3.5184, 6.4816], "n": 8}


def test_tally_edges():
    assert Tally().as_json() == {"mean": 0.0, "sd": 0.0, "ci95": [0.0, 0.0], "n": 0}
    one = Tally()
    one.add(42)
    assert one.as_json() == {"mean": 42.0, "sd": 0.0, "ci95": [42.0, 42.0], "n": 1}


# -- merging is exact and order-independent ------------------------------------------------

def _parts(draw_labels: list[int], items: list) -> list[list]:
    groups: dict[int, list] = {}
    for label, item in zip(draw_labels, items):
        groups.setdefault(label, []).append(item)
    return list(groups.values())


@settings(max_examples=150, deadline=None)
@given(st.data(), st.lists(st.integers(-50, 200), max_size=40))
def test_tally_and_rate_merge_any_partition_any_order(data, xs):
    labels = data.draw(st.lists(st.integers(0, 5), min_size=len(xs), max_size=len(xs)))
    parts = _parts(labels, xs)
    order = data.draw(st.permutations(range(len(parts))))
    whole_t, whole_r = Tally(), Rate()
    for x in xs:
        whole_t.add(x)
        whole_r.add(x % 3 == 0)
    merged_t, merged_r = Tally(), Rate()
    for i in order:
        pt, pr = Tally(), Rate()
        for x in parts[i]:
            pt.add(x)
            pr.add(x % 3 == 0)
        merged_t.merge(pt)
        merged_r.merge(pr)
    assert merged_t == whole_t and merged_r == whole_r
    assert merged_t.as_json() == whole_t.as_json() and merged_r.as_json() == whole_r.as_json()


WONDERS = ["Giza A", "Giza B", "Rhodos A", "Babylon B"]
CARDS = ["Altar", "Baths", "Lumber Yard", "Press", "Theater"]


@st.composite
def fake_record(draw) -> dict:
    n = draw(st.integers(3, 4))
    wonders = draw(st.permutations(WONDERS))[:n]
    winners = draw(st.sets(st.integers(0, n - 1), min_size=1, max_size=2))
    players = []
    for seat in range(n):
        score = {k: draw(st.integers(-6, 30)) for k in LINES if k != "total"}
        score["total"] = sum(score.values())
        players.append({
            "wonder": wonders[seat], "seat": seat, "bot": draw(st.sampled_from(["random", "greedy"])),
            "won": seat in winners, "score": score,
            "built": draw(st.lists(st.sampled_from(CARDS), max_size=4)),
            "sold": draw(st.lists(st.sampled_from(CARDS), max_size=2)),
            "wonder_cards": draw(st.lists(st.sampled_from(CARDS), max_size=2)),
            "plays": draw(st.dictionaries(  # the per-card verdicts' inputs (interpreter/sim/watch.py)
                st.tuples(st.sampled_from(CARDS), st.integers(1, 3)),
                st.builds(Play, st.integers(0, 2), st.sampled_from(["blue", "red", "green"]), st.booleans(),
                          st.booleans(), st.booleans(), st.integers(0, 12), st.integers(0, 6)), max_size=4))})
    dealt = draw(st.dictionaries(st.sampled_from(CARDS), st.integers(1, 5)))
    return {"players": players, "turns": draw(st.integers(15, 21)), "actions": draw(st.integers(40, 90)),
            "dealt": dealt}


# an item is a game record, or an error string from a failed game
items_strategy = st.lists(st.one_of(fake_record(), st.just("error")), max_size=14)


def _fill(agg: Aggregate, items: list[tuple[int, object]]) -> Aggregate:
    for k, item in items:  # within a chunk, games come in increasing k (as run_chunk plays them)
        if item == "error":
            agg.add_error(f"game {k}: ValueError: broken")
        else:
            agg.add(item)
    return agg


@settings(max_examples=120, deadline=None)
@given(st.data(), items_strategy)
def test_aggregate_merge_any_partition_any_order(data, items):
    numbered = list(enumerate(items))
    whole = _fill(Aggregate(), numbered)
    labels = data.draw(st.lists(st.integers(0, 4), min_size=len(items), max_size=len(items)))
    parts = _parts(labels, numbered)
    order = data.draw(st.permutations(range(len(parts))))
    merged = Aggregate()
    for i in order:
        merged.merge(_fill(Aggregate(), parts[i]))
    assert merged.as_json() == whole.as_json()
    assert merged.games + merged.errors == len(items)


def test_error_samples_do_not_depend_on_merge_order():
    """Chunks may finish in any order; the kept error samples must be the same (the first games)."""
    chunks = [range(0, 25), range(25, 50)]
    parts = [_fill(Aggregate(), [(k, "error") for k in ks]) for ks in chunks]
    ab, ba = Aggregate(), Aggregate()
    ab.merge(parts[0])
    ab.merge(parts[1])
    ba.merge(parts[1])
    ba.merge(parts[0])
    assert ab.as_json() == ba.as_json()
    assert ab.errors == 50 and len(ab.error_samples) == 5
    assert ab.error_samples[0].startswith("game 0:")


def test_card_stats_merge():
    a = CardStats(built=2, sold=1, wonder=0, win_when_built=Rate(1, 2))
    a.merge(CardStats(built=1, sold=0, wonder=3, win_when_built=Rate(1, 1)))
    assert a == CardStats(built=3, sold=1, wonder=3, win_when_built=Rate(2, 3))


# -- significance tests --------------------------------------------------------------------

def test_compare_rates_known_answer():
    a, b = Rate(50, 100), Rate(60, 100)
    pooled = 110 / 200
    z = 0.1 / math.sqrt(pooled * (1 - pooled) * (2 / 100))
    out = compare_rates(a, b)
    assert out["diff"] == 0.1
    assert out["p"] == pytest.approx(p_ref(z), abs=1e-4)
    assert out["p"] == pytest.approx(0.1552, abs=1e-4)
    assert out["significant"] is False


def test_compare_rates_identical_and_very_different():
    same = compare_rates(Rate(30, 100), Rate(30, 100))
    assert same == {"diff": 0.0, "p": 1.0, "significant": False}
    far = compare_rates(Rate(10, 100), Rate(90, 100))
    assert far["diff"] == 0.8 and far["p"] < 1e-6 and far["significant"] is True
    down = compare_rates(Rate(90, 100), Rate(10, 100))
    assert down["diff"] == -0.8 and down["p"] == far["p"] and down["significant"] is True


def test_compare_rates_degenerate():
    assert compare_rates(Rate(0, 50), Rate(0, 50)) == {"diff": 0.0, "p": 1.0, "significant": False}
    assert compare_rates(Rate(50, 50), Rate(50, 50)) == {"diff": 0.0, "p": 1.0, "significant": False}
    assert compare_rates(Rate(), Rate(3, 4)) == {"diff": 0.75, "p": 1.0, "significant": False}
    assert compare_rates(Rate(0, 50), Rate(50, 50))["significant"] is True


def _tally(xs: list[int]) -> Tally:
    t = Tally()
    for x in xs:
        t.add(x)
    return t


def test_compare_means_known_answer():
    xs = list(range(1, 11))
    ys = [x + 5 for x in xs]
    se = math.sqrt(2 * statistics.variance(xs) / 10)
    out = compare_means(_tally(xs), _tally(ys))
    assert out["diff"] == 5.0
    assert out["p"] == pytest.approx(p_ref(5 / se), abs=1e-4)
    assert out["p"] == pytest.approx(0.0002, abs=1e-4)
    assert out["significant"] is True
    close = compare_means(_tally(xs), _tally([x + 1 for x in xs]))
    assert close["p"] == pytest.approx(p_ref(1 / se), abs=1e-4) and close["significant"] is False


def test_compare_means_identical_and_degenerate():
    xs = [3, 9, 4, 12, 7, 7, 1]
    assert compare_means(_tally(xs), _tally(xs)) == {"diff": 0.0, "p": 1.0, "significant": False}
    assert compare_means(_tally([5] * 8), _tally([5] * 8)) == {"diff": 0.0, "p": 1.0, "significant": False}
    flat = compare_means(_tally([5] * 8), _tally([6] * 8))
    assert flat["diff"] == 1.0 and flat["p"] == 0.0 and flat["significant"] is True
    assert compare_means(_tally([1]), _tally([9, 9]))["p"] == 1.0  # too few to say


# -- Aggregate on hand-made records ------------------------------------------------------

def _score(military, treasury, wonder, civilian, commercial, guilds, science) -> dict:
    d = dict(military=military, treasury=treasury, wonder=wonder, civilian=civilian,
             commercial=commercial, guilds=guilds, science=science)
    d["total"] = sum(d.values())
    return d


REC1 = {
    "players": [
        {"wonder": "Giza A", "seat": 0, "bot": "random", "won": True,
         "score": _score(3, 2, 3, 5, 0, 0, 1),
         "built": ["Lumber Yard", "Altar"], "sold": ["Baths"], "wonder_cards": ["Press"]},
        {"wonder": "Rhodos A", "seat": 1, "bot": "greedy", "won": False,
         "score": _score(-1, 1, 0, 2, 2, 0, 4),
         "built": ["Altar"], "sold": [], "wonder_cards": []},
        {"wonder": "Babylon B", "seat": 2, "bot": "random", "won": False,
         "score": _score(0, 3, 0, 0, 0, 0, 0),
         "built": [], "sold": ["Lumber Yard"], "wonder_cards": []},
    ],
    "turns": 18, "actions": 60,
    "dealt": {"Lumber Yard": 2, "Altar": 3, "Baths": 1, "Press": 1, "Theater": 1},
}
REC2 = {  # a shared win: seats 0 and 1 tie on points and coins
    "players": [
        {"wonder": "Rhodos A", "seat": 0, "bot": "greedy", "won": True,
         "score": _score(5, 2, 3, 6, 0, 2, 0),
         "built": ["Altar", "Theater"], "sold": [], "wonder_cards": []},
        {"wonder": "Giza A", "seat": 1, "bot": "random", "won": True,
         "score": _score(1, 4, 5, 3, 2, 3, 0),
         "built": [], "sold": [], "wonder_cards": ["Theater"]},
        {"wonder": "Ephesos A", "seat": 2, "bot": "random", "won": False,
         "score": _score(-3, 0, 0, 0, 0, 0, 0),
         "built": ["Scriptorium"], "sold": ["Altar"], "wonder_cards": []},
    ],
    "turns": 18, "actions": 63,
    "dealt": {"Altar": 2, "Theater": 2, "Lumber Yard": 1},
}


@pytest.fixture
def agg() -> Aggregate:
    a = Aggregate()
    a.add(REC1)
    a.add(REC2)
    return a


def test_aggregate_win_rates(agg):
    out = agg.as_json()
    assert out["games"] == 2 and out["errors"] == 0 and out["error_samples"] == []
    assert out["stopped_by_cap"] == 0
    wr = out["win_rate"]
    assert wr["by_wonder"] == {"Babylon B": rate_json(0, 1), "Ephesos A": rate_json(0, 1),
                               "Giza A": rate_json(2, 2), "Rhodos A": rate_json(1, 2)}
    assert list(wr["by_wonder"]) == sorted(wr["by_wonder"])
    assert wr["by_seat"] == {"0": rate_json(2, 2), "1": rate_json(1, 2), "2": rate_json(0, 2)}
    assert wr["by_bot"] == {"greedy": rate_json(1, 2), "random": rate_json(2, 4)}
    # a shared win counts for each tied player: 3 wins in 2 games
    assert sum(v["hits"] for v in wr["by_seat"].values()) == 3
    assert wr["by_wonder"]["Giza A"] == {"rate": 1.0, "ci95": [0.3424, 1.0], "n": 2, "hits": 2}
    assert "shared win" in out["notes"]["win_rate"]


def test_aggregate_scores(agg):
    out = agg.as_json()
    pads = [p["score"] for r in (REC1, REC2) for p in r["players"]]
    assert set(out["scores"]) == set(LINES)
    for k in LINES:
        assert out["scores"][k] == tally_json([s[k] for s in pads]), k
    assert out["scores"]["total"]["mean"] == pytest.approx((14 + 8 + 3 + 18 + 18 - 3) / 6, abs=1e-4)
    per = out["scores_by_wonder"]
    assert list(per) == ["Babylon B", "Ephesos A", "Giza A", "Rhodos A"]
    assert per["Giza A"]["total"] == tally_json([14, 18])
    assert per["Rhodos A"]["science"] == tally_json([4, 0])
    assert per["Ephesos A"]["military"] == {"mean": -3.0, "sd": 0.0, "ci95": [-3.0, -3.0], "n": 1}
    assert out["game_length"] == {"turns": {"mean": 18.0, "sd": 0.0, "ci95": [18.0, 18.0], "n": 2},
                                  "actions": tally_json([60, 63])}
    assert out["game_length"]["actions"]["sd"] == 2.1213


def test_aggregate_cards(agg):
    cards = agg.as_json()["cards"]
    # the build share's Wilson interval: built of dealt copies (None when never dealt)
    expected_ci = {"Altar": (3, 5), "Lumber Yard": (1, 3), "Baths": (0, 1), "Press": (0, 1),
                   "Theater": (1, 3), "Scriptorium": None}
    for name, counts in expected_ci.items():
        ci = cards[name].pop("built_share_ci95")
        assert ci == (None if counts is None else [round(x, 4) for x in Rate(*counts).wilson()]), name
    assert list(cards) == ["Altar", "Baths", "Lumber Yard", "Press", "Scriptorium", "Theater"]
    assert cards["Altar"] == {"dealt_per_game": 2.5, "built_per_game": 1.5, "sold_per_game": 0.5,
                              "wonder_per_game": 0.0, "built_share": 0.6,
                              "win_rate_when_built": rate_json(2, 3)}
    assert cards["Lumber Yard"] == {"dealt_per_game": 1.5, "built_per_game": 0.5, "sold_per_game": 0.5,
                                    "wonder_per_game": 0.0, "built_share": 0.3333,
                                    "win_rate_when_built": rate_json(1, 1)}
    assert cards["Baths"] == {"dealt_per_game": 0.5, "built_per_game": 0.0, "sold_per_game": 0.5,
                              "wonder_per_game": 0.0, "built_share": 0.0,
                              "win_rate_when_built": rate_json(0, 0)}
    assert cards["Press"] == {"dealt_per_game": 0.5, "built_per_game": 0.0, "sold_per_game": 0.0,
                              "wonder_per_game": 0.5, "built_share": 0.0,
                              "win_rate_when_built": rate_json(0, 0)}
    assert cards["Theater"] == {"dealt_per_game": 1.5, "built_per_game": 0.5, "sold_per_game": 0.0,
                                "wonder_per_game": 0.5, "built_share": 0.3333,
                                "win_rate_when_built": rate_json(1, 1)}
    # built but never dealt (e.g. from a variant's effect): no share rather than a division by zero
    assert cards["Scriptorium"] == {"dealt_per_game": 0.0, "built_per_game": 0.5, "sold_per_game": 0.0,
                                    "wonder_per_game": 0.0, "built_share": None,
                                    "win_rate_when_built": rate_json(0, 1)}


def test_aggregate_merge_of_the_two_records_equals_adding_both(agg):
    one, two = Aggregate(), Aggregate()
    one.add(REC1)
    two.add(REC2)
    two.merge(one)
    assert two.as_json() == agg.as_json()


def test_aggregate_errors_and_front_runner(agg):
    assert agg.front_runner() == "Giza A 100.0%"
    assert Aggregate().front_runner() == ""
    for k in range(8):
        agg.add_error(f"game {k}: ValueError: bad {k}")
    out = agg.as_json()
    assert out["errors"] == 8 and out["games"] == 2
    assert out["error_samples"] == [f"game {k}: ValueError: bad {k}" for k in range(5)]


def test_compare_aggregates(agg):
    same = compare(agg, agg)
    assert set(same) == {"win_rate_by_wonder", "scores", "cards_built_share", "cards_win_when_built"}
    for section in same.values():
        for v in section.values():
            assert v["diff"] == 0 and not v["significant"]
            assert v["p_holm"] >= v["p"]  # corrected within its section
    other = Aggregate()
    other.add(REC2)
    diff = compare(agg, other)
    assert diff["win_rate_by_wonder"]["Babylon B"]["b"]["n"] == 0
    assert diff["win_rate_by_wonder"]["Babylon B"]["diff"] == 0.0
    assert diff["win_rate_by_wonder"]["Rhodos A"]["diff"] == 0.5
    assert diff["cards_built_share"]["Altar"]["a"] == rate_json(3, 5)
    assert diff["cards_built_share"]["Altar"]["b"] == rate_json(1, 2)
    assert diff["cards_win_when_built"]["Altar"]["a"] == rate_json(2, 3)  # built 3 times, 2 won
    assert diff["cards_win_when_built"]["Altar"]["b"] == rate_json(1, 1)
    assert diff["scores"]["total"]["diff"] == pytest.approx(11 - 29 / 3, abs=1e-4)


# -- game_record on a real game ------------------------------------------------------------

def test_game_record_of_a_real_game():
    from dsl.loader import load_pack

    from interpreter.players.roster import make_bots
    from interpreter.rules.compiled import compile_pack
    from interpreter.players.game import Game

    cp = compile_pack(load_pack("base"))
    game = Game(cp, make_bots("random,greedy", 3), seed=11, sides="A")
    scores = game.play()
    rec = game_record(game, scores)
    assert [p["seat"] for p in rec["players"]] == [0, 1, 2]
    assert [p["bot"] for p in rec["players"]] == ["random", "greedy", "greedy"]  # fills with the last
    assert all(p["wonder"].endswith(" A") for p in rec["players"])
    assert {i for i, p in enumerate(rec["players"]) if p["won"]} == set(scores["winners"])
    for p, pad in zip(rec["players"], scores["players"]):
        assert p["score"] == {k: pad[k] for k in LINES}
        assert p["score"]["total"] == sum(p["score"][k] for k in LINES if k != "total")
    assert rec["turns"] == game.turns_played and rec["actions"] == game.actions
    played = sum(len(p["built"]) + len(p["sold"]) + len(p["wonder_cards"]) for p in rec["players"])
    assert 0 < played <= sum(rec["dealt"].values())
    import pickle
    assert pickle.loads(pickle.dumps(rec)) == rec
    a = Aggregate()
    a.add(rec)
    assert a.as_json()["games"] == 1

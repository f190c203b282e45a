"""Card verdicts by experiment (issue 21): branch where the card could be built, build it or
take the best alternative, same streams; decide against the card's peers with an always-valid
confidence sequence. The planted suite: an overpowered, a weak and a neutral card."""
from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from dsl.loader import load_pack
from interpreter.cli import main
from interpreter.rules.compiled import compile_pack
from interpreter.sim.experiment import Paired, against_peers, branch_game, radius

PLANTED = Path(__file__).parent / "packs" / "planted"


def test_the_sequence_radius_by_hand() -> None:
    # n = 100, variance 1, rho^2 = 0.01: v = 1; sqrt(2 * 2 / (100^2 * 0.01) * log(sqrt(2) / 0.05))
    assert radius(100, 1.0, 0.05, 0.01) == pytest.approx(math.sqrt(0.04 * math.log(math.sqrt(2) / 0.05)))
    assert radius(400, 1.0) < radius(100, 1.0) < radius(25, 1.0)
    assert radius(1, 1.0) == math.inf


def test_watching_after_every_game_keeps_the_error_at_its_level() -> None:
    """Null data (mean 0), the sequence looked at after each of 400 observations: the share of
    runs in which it ever excludes 0 stays at most about alpha = 5%."""
    rng = random.Random(7)
    runs, ever = 300, 0
    for _ in range(runs):
        n = total = squares = 0
        for _ in range(400):
            x = rng.gauss(0, 3)
            n, total, squares = n + 1, total + x, squares + x * x
            if n >= 2:
                mean = total / n
                var = (squares - n * mean * mean) / (n - 1)
                if abs(mean) > radius(n, var):
                    ever += 1
                    break
    assert ever / runs <= 0.08, ever / runs


def test_a_branch_measures_the_card_itself() -> None:
    """The overpowered card built, against the best alternative, from the same position."""
    cp = compile_pack(load_pack(PLANTED))
    diffs = [d for k in range(20) for name, _w, d, _t in branch_game(cp, k, 4, "greedy", {"Altar"}).rows]
    assert len(diffs) >= 15 and sum(diffs) / len(diffs) > 2


def test_peers_decide_and_a_rarely_buildable_card_is_a_finding() -> None:
    strong, peer = Paired("X", 1, "blue"), Paired("P", 1, "blue")
    for k in range(200):
        strong.add(0, 5 + (k % 3))
        peer.add(0, -2 + (k % 3))
    assert against_peers(strong, [peer], 200).verdict == "stronger"
    same = Paired("S", 1, "blue")
    for k in range(200):
        same.add(0, -2 + (k % 3))
    assert against_peers(same, [peer], 200).verdict == "no difference"
    rare = Paired("R", 1, "blue")
    rare.add(0, 1)
    assert against_peers(rare, [peer], 200).verdict == "rarely buildable"


@pytest.fixture(scope="module")
def planted_run(tmp_path_factory) -> dict:
    """One compare of the planted pack (about a minute), shared by the assertions below; its
    HTML report's text under "report"."""
    import contextlib
    import io
    report = tmp_path_factory.mktemp("planted") / "compare.html"
    args = ["compare", "--bots", "greedy", "--pack", "base", "--pack", str(PLANTED), "--games", "10", "--players", "4",
            "--workers", "1", "--seed", "1", "--experiment", "3000", "--recheck", "none", "--json", "--report", str(report)]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(args) == 0
    return {**json.loads(out.getvalue()), "report": report.read_text(encoding="utf-8")}


def test_the_planted_suite(planted_run) -> None:
    """compare on the planted pack: the overpowered card is called stronger, the weak one
    weaker, the neutral one no difference, each in one sentence with its peers and interval."""
    exp = {**planted_run["experiment"], "cards": planted_run["verdicts"]}
    verdicts = {k: v["verdict"] for k, v in exp["cards"].items()}
    assert verdicts == {"Altar": "stronger", "Baths": "weaker", "Shrine": "no difference"}
    assert exp["games"] < 3000 and exp["stopped_by"] == "decided"  # it stopped once all three were decided
    assert set(exp["cards"]["Altar"]["peers"]) == {"Pawnshop", "Theater"}
    altar = exp["cards"]["Altar"]["sentence"]
    assert altar.startswith("Altar: stronger than every base Age 1 blue card:") and "interval" in altar
    assert exp["cards"]["Shrine"]["sentence"].startswith("Shrine: no difference found from its peers, at most ±")


def test_what_the_bots_did_and_intent_to_treat(planted_run) -> None:
    """Findings that need nobody to pass the card: how often the holder took it at the first
    chance (the weak card: never), and the seat first dealt it against the same seat of A."""
    cards = planted_run["verdicts"]
    altar, baths = cards["Altar"], cards["Baths"]
    assert 0 < altar["taken"] <= altar["n"] and baths["taken"] < baths["n"] // 20
    assert altar["taken"] / altar["n"] > baths["taken"] / baths["n"]
    itt = altar["intent_to_treat"]
    assert itt["n"] >= planted_run["experiment"]["games"] * 0.9  # Altar is dealt in almost every game
    assert itt["win_diff"] > 0 and itt["points_diff"] > 1  # being dealt a free 7-point card helps
    assert "Intent to treat" in altar["findings"] and "first chance" in altar["findings"]
    share = altar["a_to_b"]["build_share"]  # the same seeds' rows of A and B
    assert share["b"]["rate"] > share["a"]["rate"] and cards["Shrine"]["a_to_b"]["build_share"]["a"]["n"] == 0


def test_compare_stops_at_the_time_given_and_fits_80_columns(capsys) -> None:
    args = ["compare", "--bots", "greedy", "--pack", "base", "--pack", str(PLANTED), "--games", "20", "--workers", "1",
            "--seed", "2", "--minutes", "0.002", "--recheck", "none"]
    assert main(args) == 0
    text = capsys.readouterr().out
    flat = " ".join(text.split())
    assert "stopped at the time limit" in flat and "not decided yet" in flat
    assert "…" not in text  # no cell cut short
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "stronger" not in text.split("The designer's cards by experiment")[0]  # one answer a card
    assert text.rstrip().splitlines()[-1].strip()  # the designer's answer ends the text:
    last = text[text.index("The designer's cards by experiment"):]
    assert "Built or passed" not in last and "Associations" not in text  # (--associations shows those)


def test_the_report_plots_each_card_among_its_peers_and_wonders_beside_humans(planted_run) -> None:
    import re
    page = planted_run["report"]
    section = page[page.index('<section id="experiment">'):]
    section = section[:section.index("</section>")]
    plot = section[section.index("<svg"):]
    labels = re.findall(r'text-anchor="end"(?: font-weight="bold")?>([^<]+)</text>', plot)
    # each designer card in bold, followed by its measured peers
    assert labels[0] == "Altar (stronger)" and {"Pawnshop", "Theater"} <= set(labels[1:3])
    assert "Baths (weaker)" in labels and "Shrine (no difference)" in labels
    assert section.count("peers' mean") == 3
    human = planted_run["b"]["human"]  # base ships WBC figures at 4 players
    assert {r["wonder"] for r in human["rows"]} == {"Rhodos", "Babylon"}
    assert "Beside human play" in page and "humans 31%" in page
    # a figure the source itself qualifies says so, in the JSON and the report
    babylon = next(r for r in human["rows"] if r["wonder"] == "Babylon")
    assert "could take another city" in babylon["caveat"] and "Humans' Babylon" in page
    assert "caveat" not in next(r for r in human["rows"] if r["wonder"] == "Rhodos")


def test_the_experiment_gives_the_same_answer_on_any_number_of_workers() -> None:
    """Its games are played ahead by several processes and taken in seed order: the rows, the
    games counted and where it stopped do not depend on the workers."""
    from interpreter.cli.packs import compiled
    from interpreter.sim.experiment import Experiment
    b, a = compiled(str(PLANTED)), compiled("base")
    runs = []
    for workers in (1, 2):
        e = Experiment.of(b, ["Altar", "Baths", "Shrine"], 4, "greedy", 5)
        e.baseline = a
        e.run(12, ["Altar"], at_least=5, workers=workers)
        runs.append((e.games, {n: r.as_json() for n, r in e.cards.items()},
                     {n: r.as_json() for n, r in e.itt.items()}))
    assert runs[0] == runs[1]
    assert runs[0][0] >= 5


def test_an_undecided_card_says_what_the_games_so_far_rule_out() -> None:
    """Stopped by the time with an interval around 0 a little wider than the margin, the answer
    is the effect it can still rule out ("at most ±2.5"), not a bare "not decided"; with too few
    pairs for any verdict it stays "not decided yet"."""
    from interpreter.sim.experiment import MIN_N, Paired, Verdict, sentence
    p = Paired("Sawpit", 1, "brown", n=MIN_N + 10)
    text = sentence(p, Verdict("Sawpit", 0.3, -1.9, 2.5, "undecided"), [], 400, "search:16")
    assert "no difference found from its peers so far, at most ±2.5 points" in text
    assert "not yet within ±2" in text
    few = sentence(Paired("Sawpit", 1, "brown", n=3), Verdict("Sawpit", 0.3, -9.0, 9.5, "undecided"), [], 3, "greedy")
    assert "not decided yet" in few and "no difference" not in few


def test_its_peers_built_in_its_place_narrow_the_interval() -> None:
    """Variance reduction on a fixed seed set: the neutral Shrine (vp 2) against its peers
    Pawnshop and Theater over the same 60 seeded games. Each peer built in the card's place and
    the card in each peer's (the same hand passed on, only the two cards' own effects differ)
    varies far less than a pair against the best alternative (the rest of the game diverges),
    so one sequence of that difference is decided (no difference) where the two sequences of
    pairs are still about ±8 points wide."""
    from interpreter.cli.packs import compiled
    from interpreter.sim.experiment import Experiment
    e = Experiment.of(compiled(str(PLANTED)), ["Shrine", "Pawnshop", "Theater"], 4, "greedy", 11)
    e.peer_of = {"Shrine": ["Pawnshop", "Theater"]}
    e.run(60, ["Shrine"], at_least=60)
    shrine, peers, instead = e.cards["Shrine"], [e.cards["Pawnshop"], e.cards["Theater"]], e.instead["Shrine"]
    assert e.games == 60 and instead.n >= 50 and shrine.n >= 50
    assert instead.var_points < shrine.var_points / 4  # about 5 against 140 on these seeds
    plain = against_peers(shrine, peers, e.games)  # the pairs alone, as before
    placed = e.verdict("Shrine")
    assert placed.basis == "in its place" and plain.basis == "pairs"
    assert placed.high - placed.low < (plain.high - plain.low) / 4
    assert placed.verdict == "no difference" and plain.verdict == "undecided"
    assert -1.5 < placed.delta < 1  # 2 points against Pawnshop's 3 and Theater's 2 with a chain


def test_within_the_margin_is_no_difference_and_a_decided_card_keeps_its_word() -> None:
    """An interval inside ±2 that excludes 0 (a card half a point below its peers, measured
    closely) is "no difference", with the estimate in the sentence; and once a card is decided,
    games played on for other cards do not change its verdict (the first decision is the
    sequential test's)."""
    from interpreter.sim.experiment import Experiment, sentence
    close = Paired("Shrine", 1, "blue")
    for k in range(400):
        close.add(0, -0.5 + (k % 3 - 1) * 0.5)  # mean -0.5, variance about 0.17
    v = against_peers(Paired("Shrine", 1, "blue", n=400), [], 400, close)
    assert v.high < 0 and -2 <= v.low and v.verdict == "no difference" and v.basis == "in its place"
    text = sentence(Paired("Shrine", 1, "blue", n=400), v, [], 400, "greedy")
    assert "no difference found from its peers, at most ±0.6 points" in text and "(-0.5, interval -0.6" in text
    e = Experiment(cp=None, players=4, cards={"Shrine": Paired("Shrine", 1, "blue", n=40)},
                   peer_of={"Shrine": []}, games=40)
    wide = Paired("Shrine", 1, "blue")
    for k in range(40):
        wide.add(0, (k % 2) * 2 - 1.2)  # mean -0.2, variance about 1: within ±2 at 40
    e.instead["Shrine"] = wide
    assert e.verdict("Shrine").verdict == "no difference"
    for _ in range(4000):  # much later, a far narrower interval below -2 would say weaker
        wide.add(0, -2.5)
    e.games = e.cards["Shrine"].n = 4040
    assert against_peers(e.cards["Shrine"], [], e.games, wide).verdict == "weaker"
    assert e.verdict("Shrine").verdict == "no difference" and e.verdict("Shrine").n == 40

"""`wonders budget`: each card's value estimated from what it does by a model fitted on the
measured values of the base cards. The fit must reproduce those values within its stated error,
find the planted cards (an overpowered and a weak one flagged, a neutral one not), read a card
by what it does and never by its name, and meet a broken pack with a message and status 1."""
from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

import pytest

from dsl.loader import load_pack
from interpreter.cli import main
from interpreter.rules.compiled import compile_pack
from interpreter.sim.budget import FEATURES, Model, budget, fit, measured_values, solve

PLANTED = Path(__file__).parent / "packs" / "planted"


@lru_cache(maxsize=1)
def model() -> Model:
    return Model.train(compile_pack(load_pack("base")))


@lru_cache(maxsize=4)
def rows(ref: str) -> dict[str, dict]:
    return {r["card"]: r for r in budget(compile_pack(load_pack(ref)), model())["cards"]}


def test_the_solve_and_fit_by_hand() -> None:
    assert solve([[2.0, 1.0], [1.0, 3.0]], [3.0, 5.0]) == pytest.approx([0.8, 1.4])
    xs = [[float(i), float(i * i % 7)] for i in range(12)]
    ys = [1.5 + 2 * a - 0.5 * b for a, b in xs]
    f = fit(xs, ys, ridge=0.0)  # no ridge: an exact linear function is found exactly
    assert all(f.predict(x) == pytest.approx(y) for x, y in zip(xs, ys))


def test_the_shipped_measurement_covers_the_base_cards() -> None:
    data = measured_values()
    assert {"players", "bots", "games", "seed", "command"} <= set(data["meta"])
    assert data["meta"]["games"] >= 500
    assert len(model().fitted) >= 60  # the cards dealt at its player count, guilds too


def test_the_fit_reproduces_the_measured_values_within_its_error() -> None:
    m = model()
    got = rows("base")
    ys = list(m.fitted.values())
    spread = math.sqrt(sum((y - sum(ys) / len(ys)) ** 2 for y in ys) / len(ys))
    assert 0 < m.error < spread  # better than calling every card the mean
    within = [abs(got[n]["predicted"] - y) <= m.error for n, y in m.fitted.items()]
    within2 = [abs(got[n]["predicted"] - y) <= 2 * m.error for n, y in m.fitted.items()]
    assert sum(within) / len(within) >= 0.6
    assert sum(within2) / len(within2) >= 0.9
    assert all(got[n]["measured"] == y for n, y in m.fitted.items())
    flagged = [n for n, r in got.items() if r["flag"]]
    assert len(flagged) <= 3, flagged  # the base cards are (nearly) all within their peers


def test_the_planted_cards_are_found() -> None:
    got = rows(str(PLANTED))
    assert got["Altar"]["flag"] == "outlier: strong"  # free, 7 points in Age I
    assert got["Baths"]["flag"] == "outlier: weak"  # 1 point for 2 coins
    assert got["Shrine"]["flag"] == ""  # the base Altar renamed
    assert set(got["Altar"]["peers"]) == {"Baths", "Pawnshop", "Theater"}
    assert "measured" not in got["Altar"]  # changed: the base measurement is not its own


def test_a_card_is_read_by_what_it_does_not_its_name(tmp_path: Path) -> None:
    """The base Pawnshop under another name: the same model value, and no flag."""
    (tmp_path / "pack.yaml").write_text("name: renamed\nextends: base\n")
    (tmp_path / "cards.yaml").write_text("cards:\n  - {name: Loan Office, age: 1, color: blue, "
                                         "players: [3], effect: vp 3}\n")
    got = rows(str(tmp_path))
    base = rows("base")
    assert got["Loan Office"]["model"] == pytest.approx(base["Pawnshop"]["model"], abs=0.01)
    assert got["Loan Office"]["flag"] == ""
    assert got["Loan Office"]["features"] == base["Pawnshop"]["features"]


def test_the_cli_table_and_json(capsys) -> None:
    assert main(["budget", str(PLANTED)]) == 0
    out = capsys.readouterr().out
    assert "Altar" in out and "outlier: strong" in out and "outlier: weak" in out, out
    assert "leave-one-out" in out and "wonders compare" in out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert main(["budget", str(PLANTED), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    altar = next(r for r in data["cards"] if r["card"] == "Altar")
    assert {"card", "age", "color", "predicted", "error", "peers", "peers_range", "flag"} <= set(altar)
    assert data["model"]["features"] == list(FEATURES)
    assert data["model"]["fitted_cards"] == len(model().fitted)
    assert data["model"]["loo_rmse"] == pytest.approx(model().error, abs=1e-3)
    assert data["model"]["measurement"]["games"] == measured_values()["meta"]["games"]


def test_a_broken_pack_exits_1_without_a_traceback(tmp_path: Path, capsys) -> None:
    (tmp_path / "pack.yaml").write_text("name: broken\nextends: base\n")
    (tmp_path / "cards.yaml").write_text("cards:\n  - {name: Odd, age: 1, color: blue, players: [3], "
                                         "effect: vp lots}\n")
    try:
        status = main(["budget", str(tmp_path)])
    except SystemExit as exit_:
        status = exit_.code
    out, err = capsys.readouterr()
    assert status == 1 and err.strip() and "Traceback" not in out + err
    assert main(["budget", "base", "--players", "9"]) == 1


def test_hooks_are_valued_on_the_reference_games() -> None:
    """Points counted at the end (a guild's per-card points), and a guild that copies a leader
    when built valued by what it would copy, not read as its cost alone."""
    base = rows("base")
    assert base["Workers Guild"]["features"]["points"] > 1  # 1 per brown card of the neighbours
    assert base["Tavern"]["features"]["coins"] == 5
    leaders = rows("leaders")
    copy = next(r for n, r in leaders.items() if n.startswith("Courtesans"))
    assert copy["features"]["other effects"] > 1

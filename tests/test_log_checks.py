"""A game log names the pack it was played with (name, version, content hash) and each city's
balances after each turn; resuming it under another version or content of the pack is refused
in one line (a warning with --force); a logged turn that cannot be (a player moving twice, a
turn after the game's end) is an error located at its line of the log."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.cli import main


def play(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from interpreter.cli.packs import compiled
    compiled.cache_clear()  # each command a new process: the pack read again
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def logged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Path:
    monkeypatch.chdir(tmp_path)
    pack = tmp_path / "mine"
    pack.mkdir()
    (pack / "pack.yaml").write_text("name: mine\nversion: 1.0.0\nextends: [base]\n")
    status, _out, err = play(["play", "--pack", "mine", "--players", "3", "--seed", "5", "--log", "g.json"], capsys)
    assert status == 0, err
    return tmp_path / "g.json"


def test_a_log_names_its_pack_and_keeps_each_turns_balances(logged: Path) -> None:
    from interpreter.cli.packs import compiled
    log = json.loads(logged.read_text())
    cp = compiled(str(logged.parent / "mine"))
    assert (log["pack"], log["pack_version"], log["pack_hash"]) == ("mine", "1.0.0", cp.pack.meta["content_hash"])
    balances = log["balances"]
    assert [b["after"] for b in balances] == sorted({b["after"] for b in balances})
    assert balances[-1]["after"] == len(log["turns"])
    assert [c["score"] for c in balances[-1]["cities"]] == [p["total"] for p in log["scores"]["players"]]
    assert [c["coins"] for c in balances[-1]["cities"]] == [p["coins"] for p in log["final"]["players"]]
    # the first turn by hand: 3 coins to start, less what was paid, plus a sale's 3 and what
    # the neighbours paid for resources (seat s's left neighbour is s+1: it pays `left` to it)
    first = {m["player"]: m for m in log["turns"][0]["moves"]}
    assert balances[0]["after"] == 1
    for seat, city in enumerate(balances[0]["cities"]):
        m = first[seat]
        paid_to_me = first[(seat - 1) % 3].get("left", 0) + first[(seat + 1) % 3].get("right", 0)
        coins = 3 - m["bank"] - m.get("left", 0) - m.get("right", 0) + paid_to_me + (3 if m["action"] == "sell" else 0)
        assert city["coins"] == coins or m["card"] in ("Tavern",), (seat, m, city)
        assert city["tokens"] == {"conflict": 0} and city["shields"] >= 0


def test_a_log_of_another_version_is_refused_and_force_warns(logged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (logged.parent / "mine" / "pack.yaml").write_text("name: mine\nversion: 2.0.0\nextends: [base]\n")
    status, _out, err = play(["play", "--pack", "mine", "--resume", "g.json"], capsys)
    assert status == 1
    lines = [line for line in err.splitlines() if line.startswith("error")]
    assert len(lines) == 1 and "version 1.0.0 of the pack 'mine', not 2.0.0" in lines[0] and "--force" in lines[0]
    status, _out, err = play(["play", "--pack", "mine", "--resume", "g.json", "--force", "--log", "h.json"], capsys)
    assert status == 0 and "warning: g.json: this log was played with version 1.0.0" in err


def test_a_changed_pack_of_the_same_version_is_refused(logged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (logged.parent / "mine" / "pack.yaml").write_text("name: mine\nversion: 1.0.0\nextends: [base]\n# edited\n")
    status, _out, err = play(["play", "--pack", "mine", "--resume", "g.json"], capsys)
    assert status == 1 and "changed since this log was written" in err


def _line_of_turn(text: str, k: int) -> int:
    """The line where the k-th entry of "turns" starts, counted by hand from the indented file."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(' "turns": ['))
    entries = [i for i in range(start + 1, len(lines)) if lines[i] == "  {"]
    return entries[k] + 1


def test_a_duplicated_move_is_a_located_error(logged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = json.loads(logged.read_text())
    log["turns"][3]["moves"].append(dict(log["turns"][3]["moves"][0]))
    text = json.dumps(log, indent=1)
    logged.write_text(text)
    status, _out, err = play(["play", "--pack", "mine", "--resume", "g.json"], capsys)
    line = _line_of_turn(text, 3)
    assert status == 1 and f"g.json:{line}: turns[3] (age 1, turn 4): player 0 moves twice" in err, err


def test_a_turn_after_the_end_is_a_located_error(logged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = json.loads(logged.read_text())
    log["turns"].append(dict(log["turns"][-1]))
    text = json.dumps(log, indent=1)
    logged.write_text(text)
    status, _out, err = play(["play", "--pack", "mine", "--resume", "g.json"], capsys)
    k = len(log["turns"]) - 1
    assert status == 1 and f"g.json:{_line_of_turn(text, k)}: turns[{k}]" in err and "after the game's end" in err, err


def test_trace_prints_a_table_per_turn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = play(["play", "--players", "3", "--seed", "2", "--trace", "--log", "g.json"], capsys)
    assert status == 0, err
    log = json.loads((tmp_path / "g.json").read_text())
    last = log["balances"][-1]
    assert out.count("age 1, turn ") >= 6 and "production" in out and "score" in out
    final_rows = out.split(f"age {last['age']}, ")[-1]
    for city in last["cities"]:
        assert str(city["score"]) in final_rows


def test_the_replay_page_has_the_balances_and_a_chart_of_points(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("starlette")
    from interpreter.cli.packs import compiled
    from interpreter.web.replay import Replay
    monkeypatch.chdir(tmp_path)
    assert play(["play", "--players", "3", "--seed", "7", "--log", "g.json"], capsys)[0] == 0
    log = json.loads((tmp_path / "g.json").read_text())
    replay = Replay(compiled("base"), log)
    assert len(replay.balances) == len(replay.steps)
    assert [c["score"] for c in replay.balances[-1]["cities"]] == [p["total"] for p in log["scores"]["players"]]
    # before the first turn: 3 coins each, 1 point of treasury (1 a 3 coins), nothing else
    assert [c["score"] for c in replay.balances[0]["cities"]] == [1, 1, 1]
    chart = replay.chart(len(replay.steps) - 1)
    assert chart.count("<polyline") == 3 and "<script" not in chart
    for p in log["scores"]["players"]:
        assert f"{p['name']}: {p['total']}" in chart
    from starlette.testclient import TestClient
    from interpreter.web.app import create_app
    page = TestClient(create_app(compiled("base"), replay=replay)).get("/?step=3").text
    assert 'id="points-chart"' in page and page.count("<polyline") == 3

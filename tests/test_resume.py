"""`wonders play --resume LOG`: a game goes on from its log (issue 24). With bots that ask no
person, a resumed game ends exactly as the uninterrupted one did, wherever the log was cut."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.cli import main


def play_log(tmp_path: Path, *args: str) -> dict:
    out = tmp_path / "full.json"
    assert main(["play", *args, "--log", str(out)]) == 0
    return json.loads(out.read_text())


def cut(log: dict, turns: int) -> dict:
    """The log as an interrupted game leaves it: the first turns, no final scores."""
    part = {k: v for k, v in log.items() if k not in ("final", "scores")}
    part["turns"] = log["turns"][:turns]
    return part


@pytest.mark.parametrize("args", [
    ("--pack", "base", "--players", "4", "--seed", "5"),
    ("--pack", "base", "--players", "2", "--seed", "3"),             # the Free City
    ("--pack", "leaders", "--players", "3", "--seed", "2"),          # a draft and recruitments
    ("--pack", "cities", "--players", "5", "--seed", "4"),           # coins lost, debt
    ("--pack", "base", "--players", "3", "--seed", "1", "--bots", "random"),
])
def test_a_resumed_game_ends_as_the_uninterrupted_one(tmp_path: Path, capsys, args: tuple[str, ...]) -> None:
    full = play_log(tmp_path, *args)
    n = len(full["turns"])
    pack = args[args.index("--pack") + 1]
    for k in sorted({1, n // 3, n // 2, n - 1}):
        (tmp_path / "cut.json").write_text(json.dumps(cut(full, k)))
        again = tmp_path / "again.json"
        assert main(["play", "--pack", pack, "--resume", str(tmp_path / "cut.json"), "--log", str(again)]) == 0
        got = json.loads(again.read_text())
        assert got["turns"] == full["turns"], k
        assert got["scores"] == full["scores"] and got["war"] == full["war"]
    assert "resuming" in capsys.readouterr().err


def test_other_bots_play_on_after_the_log(tmp_path: Path) -> None:
    full = play_log(tmp_path, "--players", "3", "--seed", "7")
    (tmp_path / "cut.json").write_text(json.dumps(cut(full, 6)))
    again = tmp_path / "again.json"
    assert main(["play", "--resume", str(tmp_path / "cut.json"), "--bots", "random", "--log", str(again)]) == 0
    got = json.loads(again.read_text())
    assert got["turns"][:6] == full["turns"][:6]
    assert [p["bot"] for p in got["players"]] == ["random"] * 3


@pytest.mark.parametrize("edit,message", [
    (lambda log: log.update(pack="leaders"), "this log is from the pack 'leaders', not 'base' (give --pack leaders)"),
    (lambda log: log["turns"][2]["moves"][0].update(card="Palace"), "no Palace in the hand"),
    (lambda log: log.pop("seed"), "not a game log: no 'seed' in it"),
    (lambda log: log["players"].pop(), "the seed and set-up of this log do not deal its wonders"),
])
def test_a_log_that_cannot_be_resumed_is_refused_with_where(tmp_path: Path, capsys, edit, message: str) -> None:
    log = cut(play_log(tmp_path, "--players", "3", "--seed", "7"), 8)
    edit(log)
    (tmp_path / "bad.json").write_text(json.dumps(log))
    capsys.readouterr()
    assert main(["play", "--resume", str(tmp_path / "bad.json")]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_broken_file_is_refused(tmp_path: Path, capsys) -> None:
    (tmp_path / "bad.json").write_text("[" * 100 + "]" * 100)
    assert main(["play", "--resume", str(tmp_path / "bad.json")]) == 1
    assert "nested more than 12 levels deep" in capsys.readouterr().err
    (tmp_path / "bad.json").write_text('{"pack": "base",')
    assert main(["play", "--resume", str(tmp_path / "bad.json")]) == 1
    assert "not valid JSON" in capsys.readouterr().err

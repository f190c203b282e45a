"""Files written by the commands: atomic, their folder checked first, results printed even when
the file cannot be written (a full disk, here), and nothing left half-written."""
from __future__ import annotations

import errno
import json
from pathlib import Path

from interpreter.cli import common, main


def _disk_full(path, text):
    raise OSError(errno.ENOSPC, "No space left on device")


def test_results_are_printed_when_the_report_cannot_be_written(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(common, "write_atomic", _disk_full)
    status = main(["simulate", "--games", "4", "--players", "3", "--workers", "1", "--bots", "random",
                   "--report", "r.html", "--json"])
    out, err = capsys.readouterr()
    assert status == 1
    assert json.loads(out)["games"] == 4
    assert "could not write the report to r.html: No space left on device" in err
    assert not (tmp_path / "r.html").exists()


def test_the_score_pad_is_printed_when_the_log_cannot_be_written(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(common, "write_atomic", _disk_full)
    assert main(["play", "--players", "3", "--bots", "random", "--log", "log.json"]) == 1
    out, err = capsys.readouterr()
    assert "Winner" in out and "could not write the game log" in err


def test_an_atomic_write_leaves_the_old_file_whole_on_failure(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "schema.json"
    target.write_text("old")

    def broken_replace(src, dst):
        raise OSError(errno.EIO, "I/O error")
    monkeypatch.setattr(common.os, "replace", broken_replace)
    try:
        common.write_atomic(str(target), "new" * 1000)
    except OSError:
        pass
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["schema.json"]  # the temporary file is gone


def test_output_folder_is_checked_before_the_work(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["docs", "-o", "missing/effects.md"]) == 1
    assert "no folder missing" in capsys.readouterr().err

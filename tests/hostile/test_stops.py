"""Every stop is clean (issue 22): SIGTERM stops `simulate` as Ctrl-C does (the finished games'
statistics, marked interrupted, exit 143, no worker traceback, no process left); a game at the
terminal stopped by Ctrl-C writes its log so far, and `--resume` finishes it; a command started
with SIGINT ignored keeps it ignored."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import REPO
from test_sigint import _group_alive, _wait_started, default_signals


def start(args: list[str], cwd: Path, preexec=default_signals, stdin: int | None = None) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(REPO), "TMPDIR": str(cwd)}
    return subprocess.Popen([sys.executable, "-c", "from interpreter.cli import console; console()", *args],
                            cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=stdin,
                            start_new_session=True, preexec_fn=preexec)


def finish(proc: subprocess.Popen, seconds: float = 10) -> tuple[str, str]:
    try:
        out, err = proc.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail(f"still running {seconds} s after the signal")
    return out.decode(), err.decode()


@pytest.mark.parametrize("group", [False, True], ids=["main process", "process group"])
def test_sigterm_stops_simulate_as_ctrl_c_does(tmp_path: Path, group: bool) -> None:
    proc = start(["simulate", "--games", "100000", "--players", "3", "--workers", "2", "--bots", "random",
                  "--core", "python", "--report", "r.html", "--json"], tmp_path)
    _wait_started(proc, tmp_path)
    time.sleep(0.8)
    (os.killpg if group else os.kill)(proc.pid, signal.SIGTERM)
    out, err = finish(proc)
    assert proc.returncode == 143, (proc.returncode, err[-2000:])
    assert "Traceback" not in err and "BrokenPipe" not in err, err[-3000:]
    stats = json.loads(out)
    assert stats["meta"]["interrupted"] is True and 0 < stats["games"] < 100000
    assert "(interrupted)" in (tmp_path / "r.html").read_text()
    time.sleep(0.3)
    assert not _group_alive(proc.pid), "a worker was left behind"


def test_a_command_started_with_sigint_ignored_keeps_it_ignored(tmp_path: Path) -> None:
    def ignore_sigint() -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    proc = start(["simulate", "--games", "100000", "--players", "3", "--workers", "1", "--bots", "random",
                  "--core", "python", "--json"], tmp_path, preexec=ignore_sigint)
    time.sleep(1.5)
    os.kill(proc.pid, signal.SIGINT)
    time.sleep(0.7)
    assert proc.poll() is None, "an ignored Ctrl-C stopped it"
    os.kill(proc.pid, signal.SIGTERM)
    out, err = finish(proc)
    assert proc.returncode == 143 and json.loads(out)["meta"]["interrupted"] is True, err[-2000:]


@pytest.mark.parametrize("sig,status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_stopped_game_writes_its_log_and_resume_finishes_it(tmp_path: Path, sig: int, status: int) -> None:
    proc = start(["play", "--players", "4", "--seed", "3", "--bots", "greedy,human,greedy"], tmp_path,
                 stdin=subprocess.PIPE)
    proc.stdin.write(b"sell 1\n" * 3)  # the human at seat 1 sells for three turns, then is asked again
    proc.stdin.flush()
    time.sleep(2)
    os.kill(proc.pid, sig)
    out, err = finish(proc)
    assert proc.returncode == status, (proc.returncode, err[-2000:])
    assert "Traceback" not in err, err[-2000:]
    log_path = tmp_path / "wonders-interrupted-3.json"
    assert f"the game so far is in {log_path.name}" in err
    log = json.loads(log_path.read_text())
    assert log["interrupted"] is True and "scores" not in log and log["turns"]
    done = start(["play", "--resume", log_path.name, "--bots", "greedy", "--log", "done.json"], tmp_path)
    out, err = finish(done, 120)
    assert done.returncode == 0, err[-2000:]
    full = json.loads((tmp_path / "done.json").read_text())
    assert full["turns"][:len(log["turns"])] == log["turns"] and full["scores"]["winners"]

"""Ctrl-C stops `simulate` and `compare` cleanly: SIGINT at random moments (once, twice, or to
the whole process group as a terminal sends it), 20 trials: exit status 130 within seconds, the
statistics of the finished games printed, the report written and marked interrupted, and no
process of the run left behind."""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import REPO

TRIALS = 20


def _start(args: list[str], cwd: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(REPO), "TMPDIR": str(cwd)}
    return subprocess.Popen([sys.executable, "-c", "from interpreter.cli import console; console()", *args],
                            cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True,  # its own process group, like a terminal job
                            preexec_fn=default_signals)  # not what this test process inherited


def default_signals() -> None:
    """The child's Ctrl-C and SIGTERM as in a terminal, whatever this process was started with
    (a suite started as a background job has SIGINT ignored, and its children would keep it so)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def _wait_started(proc: subprocess.Popen, cwd: Path) -> None:
    """Until the run has loaded its pack and started its workers (the workers' process group
    holds more than one process), at most 10 s."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        kids = subprocess.run(["pgrep", "-g", str(proc.pid)], capture_output=True, text=True).stdout.split()
        if len(kids) > 1:
            return
        time.sleep(0.05)
    pytest.fail("the simulation did not start within 10 s")


@pytest.mark.parametrize("trial", range(TRIALS))
def test_ctrl_c_stops_simulate_cleanly(tmp_path: Path, trial: int) -> None:
    rng = random.Random(trial)
    command = "compare" if trial % 5 == 4 else "simulate"
    packs = ["--pack", "base", "--pack", "base"] if command == "compare" else []
    proc = _start([command, *packs, "--games", "100000", "--players", "3", "--workers", "2", "--bots", "random",
                   "--report", "r.html", "--json"], tmp_path)
    _wait_started(proc, tmp_path)
    time.sleep(rng.uniform(0.0, 1.0))
    how = trial % 3
    if how == 0:
        os.kill(proc.pid, signal.SIGINT)  # to the main process only
    else:
        os.killpg(proc.pid, signal.SIGINT)  # to the whole group, as Ctrl-C in a terminal
        if how == 2:
            time.sleep(rng.uniform(0.0, 0.3))
            os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C twice
    start = time.monotonic()
    try:
        out, err = proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail("still running 10 s after Ctrl-C")
    assert time.monotonic() - start < 10
    text = err.decode()
    assert proc.returncode == 130, (proc.returncode, text[-2000:])
    assert "Traceback" not in text, text[-3000:]
    stats = json.loads(out.decode())
    assert stats["meta"]["interrupted"] is True
    assert stats["games"] < 100000
    report = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert 'id="interrupted"' in report
    deadline = time.monotonic() + 3
    while _group_alive(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _group_alive(proc.pid), "a worker process was left behind"
    assert [p.name for p in tmp_path.iterdir() if not p.name.startswith(".lark_cache")] == ["r.html"]

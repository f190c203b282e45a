"""Every phase of `compare` stops on request: Ctrl-C, SIGTERM and SIGHUP sent during pack A's
games, pack B's, the experiment and its check at a second bot strength; and `tune`, of a card
and of a wonder stage: the exit status says which (130, 143, 129), what was done so far is
printed (the experiment's verdicts so far, marked interrupted), the report is marked, and no
worker is left, within seconds. A command started with a signal ignored keeps it ignored. The child's
signal dispositions are set here, whatever this test process was started with."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import REPO
from test_sigint import _group_alive

PLANTED = REPO / "tests" / "packs" / "planted"
STATUS = {signal.SIGINT: 130, signal.SIGTERM: 143, signal.SIGHUP: 129}


def _dispositions(ignored: tuple[int, ...] = ()):
    def set_them() -> None:
        for sig in STATUS:
            signal.signal(sig, signal.SIG_IGN if sig in ignored else signal.SIG_DFL)
    return set_them


class Child:
    """The command in its own process group, its stderr read as it comes."""

    def __init__(self, args: list[str], cwd: Path, ignored: tuple[int, ...] = ()) -> None:
        env = {**os.environ, "PYTHONPATH": str(REPO), "TMPDIR": str(cwd)}
        self.proc = subprocess.Popen([sys.executable, "-c", "from interpreter.cli import console; console()", *args],
                                     cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     start_new_session=True, preexec_fn=_dispositions(ignored))
        self.err: list[str] = []
        self.out = b""
        threading.Thread(target=self._read_err, daemon=True).start()
        self._out = threading.Thread(target=self._read_out, daemon=True)
        self._out.start()

    def _read_err(self) -> None:
        for line in self.proc.stderr:
            self.err.append(line.decode())

    def _read_out(self) -> None:
        self.out = self.proc.stdout.read()

    def wait_for(self, text: str, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if any(text in line for line in self.err):
                return
            if self.proc.poll() is not None:
                pytest.fail(f"ended before '{text}': {''.join(self.err)[-2000:]}")
            time.sleep(0.05)
        pytest.fail(f"no '{text}' within {seconds} s")

    def finish(self, seconds: float = 15) -> str:
        try:
            self.proc.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            pytest.fail(f"still running {seconds} s after the signal")
        # stdout is whole once every process holding it (workers ending too) has closed it
        self._out.join(timeout=seconds)
        time.sleep(0.2)
        return "".join(self.err)


def _experiment_run(tmp_path: Path, ignored: tuple[int, ...] = ()) -> Child:
    return Child(["compare", "--pack", "base", "--pack", str(PLANTED), "--bots", "greedy", "--games", "4",
                  "--players", "4", "--workers", "2", "--experiment", "3000", "--json", "--report", "r.html"],
                 tmp_path, ignored)


@pytest.mark.parametrize("sig", list(STATUS), ids=lambda s: signal.Signals(s).name)
def test_a_signal_during_the_experiment_stops_it_with_the_verdicts_so_far(tmp_path: Path, sig: int) -> None:
    run = _experiment_run(tmp_path)
    run.wait_for("experiment:")
    time.sleep(1.5)
    os.killpg(run.proc.pid, sig)  # to the whole group, as a terminal sends it
    err = run.finish()
    assert run.proc.returncode == STATUS[sig], (run.proc.returncode, err[-2000:])
    assert "Traceback" not in err and "interrupted: during the experiment" in err, err[-2000:]
    data = json.loads(run.out)
    assert data["experiment"]["stopped_by"] == "interrupted" and data["meta"]["interrupted"] is True
    assert set(data["verdicts"]) == {"Altar", "Baths", "Shrine"}  # each card's answer so far
    assert data["experiment"]["games"] < 3000
    page = (tmp_path / "r.html").read_text()
    assert "(interrupted)" in page and "<b>Interrupted</b>" in page
    assert not _group_alive(run.proc.pid), "a worker was left behind"


@pytest.mark.parametrize("sig", list(STATUS), ids=lambda s: signal.Signals(s).name)
@pytest.mark.parametrize("phase", ["A", "B"])
def test_a_signal_during_either_pack_stops_it(tmp_path: Path, sig: int, phase: str) -> None:
    """Pack A plays natively (fast), pack B without a card in Python (slow): a signal soon
    after the start stops A, one a few seconds later stops B."""
    run = Child(["compare", "--pack", "base", "--without", "Altar", "--blank", "--bots", "random", "--games",
                 "100000" if phase == "A" else "1500", "--players", "4", "--workers", "2", "--json"], tmp_path)
    run.wait_for("core:")
    time.sleep(1.0 if phase == "A" else 6.0)
    os.killpg(run.proc.pid, sig)
    err = run.finish()
    assert run.proc.returncode == STATUS[sig], (run.proc.returncode, err[-2000:])
    assert "Traceback" not in err, err[-2000:]
    assert ("interrupted during pack B" in err) == (phase == "B"), err[-2000:]
    assert json.loads(run.out)["meta"]["interrupted"] is True
    assert not _group_alive(run.proc.pid), "a worker was left behind"


@pytest.mark.parametrize("ignored", [signal.SIGINT, signal.SIGHUP], ids=["SIGINT", "SIGHUP"])
def test_a_signal_ignored_at_the_start_stays_ignored_in_the_experiment(tmp_path: Path, ignored: int) -> None:
    run = _experiment_run(tmp_path, ignored=(ignored,))
    run.wait_for("experiment:")
    time.sleep(1.0)
    os.kill(run.proc.pid, ignored)
    time.sleep(1.0)
    assert run.proc.poll() is None, "an ignored signal stopped it"
    os.killpg(run.proc.pid, signal.SIGTERM)
    run.finish()
    assert run.proc.returncode == 143 and json.loads(run.out)["experiment"]["stopped_by"] == "interrupted"


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_tune_stops_with_the_answer_so_far(tmp_path: Path, sig: int) -> None:
    run = Child(["tune", "Shrine", "--pack", str(REPO / "tests" / "packs" / "tune-shrine"), "--against", "Pawnshop",
                 "--workers", "2", "--json", "--report", "t.html"], tmp_path)
    run.wait_for("tune:")
    time.sleep(2.0)
    os.killpg(run.proc.pid, sig)
    err = run.finish()
    assert run.proc.returncode == STATUS[sig], (run.proc.returncode, err[-2000:])
    assert "Traceback" not in err and "interrupted: after" in err, err[-2000:]
    got = json.loads(run.out)
    assert got["stopped_by"] == "interrupted" and got["sentence"].startswith("Shrine: ")
    assert "(interrupted)" in (tmp_path / "t.html").read_text()
    assert not _group_alive(run.proc.pid), "a worker was left behind"


def test_a_signal_during_the_recheck_stops_it_with_the_verdicts_so_far(tmp_path: Path) -> None:
    """The check at search:16 after 20 greedy branched games: stronger bots, so it may take as
    long as the first run took; SIGTERM a second into it."""
    run = Child(["compare", "--pack", "base", "--pack", str(PLANTED), "--bots", "greedy", "--games", "4",
                 "--players", "4", "--workers", "2", "--experiment", "20", "--recheck", "search:16", "--json",
                 "--report", "r.html"], tmp_path)
    run.wait_for("each verdict checked again at search:16", seconds=120)
    time.sleep(1.0)
    sent = time.monotonic()
    os.killpg(run.proc.pid, signal.SIGTERM)
    err = run.finish()
    assert time.monotonic() - sent < 15
    assert run.proc.returncode == 143, (run.proc.returncode, err[-2000:])
    assert "Traceback" not in err and "interrupted: during the experiment" in err, err[-2000:]
    data = json.loads(run.out)
    assert data["experiment"]["stopped_by"] == "interrupted" and data["experiment"]["games"] == 20
    assert data["experiment"]["recheck"]["bots"] == "search:16"
    assert data["experiment"]["recheck"]["games"] < 20  # stopped before its budget
    assert all(v["recheck"]["bots"] == "search:16" for v in data["verdicts"].values())
    assert "<b>Interrupted</b>" in (tmp_path / "r.html").read_text()
    assert not _group_alive(run.proc.pid), "a worker was left behind"


@pytest.mark.parametrize("delay", [0.5, 3.0])
def test_tune_of_a_wonder_stage_stops_with_the_answer_so_far(tmp_path: Path, delay: float) -> None:
    """Base Gizah's second stage against every other board (about a minute on 2 shared cores):
    SIGTERM soon after the start (the first games) and a few seconds in (later rounds and their
    fits)."""
    run = Child(["tune", "--pack", "base", "--wonder", "Gizah", "--side", "A", "--stage", "2", "--field", "vp",
                 "--workers", "2", "--json", "--report", "t.html"], tmp_path)
    run.wait_for("tune:")
    time.sleep(delay)
    os.killpg(run.proc.pid, signal.SIGTERM)
    err = run.finish()
    assert run.proc.returncode == 143, (run.proc.returncode, err[-2000:])
    assert "Traceback" not in err and "interrupted: after" in err, err[-2000:]
    got = json.loads(run.out)
    assert got["stopped_by"] == "interrupted" and got["sentence"].startswith("Gizah A stage 2: ")
    assert got["wonder"] == {"wonder": "Gizah", "side": "A", "stage": 2}
    assert "(interrupted)" in (tmp_path / "t.html").read_text()
    assert not _group_alive(run.proc.pid), "a worker was left behind"

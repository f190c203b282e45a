"""SIGHUP (the terminal closed) stops `simulate` as SIGTERM does: the report written and
marked interrupted, exit status 129, no traceback, no worker left. Files written through a
temporary file (a report, a game log, a Tabletop Simulator object) get the mode the user's
umask gives a new file, as the files written directly beside them do."""
from __future__ import annotations

import json
import os
import signal
import stat
from pathlib import Path

import pytest

from conftest import run_wonders
from test_sigint import _group_alive, _wait_started
from test_stops import finish, start


def default_and_hup() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


@pytest.mark.parametrize("group", [False, True], ids=["main process", "process group"])
def test_sighup_stops_simulate_as_sigterm_does(tmp_path: Path, group: bool) -> None:
    import time
    proc = start(["simulate", "--games", "100000", "--players", "3", "--workers", "2", "--bots", "random",
                  "--core", "python", "--report", "r.html", "--json"], tmp_path, preexec=default_and_hup)
    _wait_started(proc, tmp_path)
    time.sleep(3)  # some games done, even on a busy machine
    (os.killpg if group else os.kill)(proc.pid, signal.SIGHUP)
    out, err = finish(proc)
    assert proc.returncode == 129, (proc.returncode, err[-2000:])
    assert "Traceback" not in err and "BrokenPipe" not in err, err[-3000:]
    stats = json.loads(out)
    assert stats["meta"]["interrupted"] is True and 0 < stats["games"] < 100000
    assert "(interrupted)" in (tmp_path / "r.html").read_text()
    time.sleep(0.3)
    assert not _group_alive(proc.pid), "a worker was left behind"


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize("umask", [0o022, 0o027])
def test_files_written_atomically_get_the_umask_mode(tmp_path: Path, umask: int) -> None:
    old = os.umask(umask)  # the child inherits it
    try:
        r = run_wonders(["play", "--players", "3", "--seed", "1", "--log", "game.json"], tmp_path, timeout=60)
        assert r.status == 0, r.err
        r = run_wonders(["simulate", "--games", "2", "--players", "3", "--workers", "1", "--report", "r.html"],
                        tmp_path, timeout=60)
        assert r.status == 0, r.err
    finally:
        os.umask(old)
    for name in ("game.json", "r.html"):
        assert mode(tmp_path / name) == 0o666 & ~umask, (name, oct(mode(tmp_path / name)))


def test_sighup_stops_serve_without_a_traceback(tmp_path: Path) -> None:
    import socket
    import time
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = start(["serve", "--no-db", "--port", str(port)], tmp_path, preexec=default_and_hup)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # until it listens
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.2)
    os.kill(proc.pid, signal.SIGHUP)
    out, err = finish(proc)
    assert proc.returncode in (129, 143) and "Traceback" not in err, (proc.returncode, err[-2000:])

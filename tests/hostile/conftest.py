"""Helpers for the hostile-input suite: each attack runs `wonders` in a subprocess under a
memory limit (1 GB of address space) and a time limit (10 s), in the test's own folder."""
from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
MEMORY = 1 << 30
SECONDS = 10
# `file:line:col:` (pack files), `STATE.json:` / `players[0]:` (STATE files), `--option:`
LOCATED = re.compile(r"(\S+:\d+:\d+: |\S+\.(yaml|json): |players\[\d+\]: |error: --\w+|'[^']+' is built)")


@dataclass
class Result:
    status: int
    out: str
    err: str
    seconds: float


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    os.setsid()  # its own process group: a stray worker can be found (and killed) by group


def run_wonders(args: list[str], cwd: Path, timeout: float = SECONDS, env: dict[str, str] | None = None) -> Result:
    environment = {**os.environ, "HOME": str(cwd), "TMPDIR": str(cwd), "COLUMNS": "200",
                   "PYTHONPATH": str(REPO), **(env or {})}
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", "from interpreter.cli import console; console()", *args],
                            cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment,
                            preexec_fn=_limits)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        proc.communicate()
        pytest.fail(f"wonders {' '.join(args)} ran for more than {timeout} s")
    return Result(proc.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"),
                  time.perf_counter() - start)


def assert_refused(r: Result, *expect: str) -> None:
    """Exit status 1, a located message, no traceback, each `expect` text in stderr."""
    text = r.out + r.err
    assert "Traceback" not in text, text[-3000:]
    assert r.status == 1, (r.status, text[-3000:])
    assert LOCATED.search(r.err), r.err[-3000:]
    for e in expect:
        assert e in r.err, (e, r.err[-3000:])
    assert "\x1b" not in text, "an escape sequence reached the terminal"


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """The test's folder; nothing may be created outside it (checked after the test)."""
    work = tmp_path / "work"
    work.mkdir()
    outside = set(tmp_path.parent.iterdir())
    yield work
    assert set(tmp_path.parent.iterdir()) == outside, "a file was created next to the test's folder"


def write_pack(folder: Path, manifest: str, **files: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(manifest, encoding="utf-8")
    for name, text in files.items():
        (folder / name.replace("__", ".")).write_text(text, encoding="utf-8")
    return folder


def card(name: str, effect: str, cost: str = "free", age: int = 1, color: str = "brown",
         players: str = "[3]") -> str:
    return (f"  - name: {name}\n    age: {age}\n    color: {color}\n    players: {players}\n"
            f"    cost: \"{cost}\"\n    effect: \"{effect}\"\n")

"""Every command meets bad arguments and unwritable paths with a message and status 1."""
from __future__ import annotations

import pytest

from interpreter.cli import main

CASES = [
    ["explain", ""],
    ["explain", "--cost", "x y z"],
    ["cards", "nopack"],
    ["wonders", "nopack"],
    ["play", "--players", "9"],
    ["play", "--players", "3", "--bots", "foo"],
    ["play", "--players", "3", "--pack", "/"],
    ["score", "/nonexistent/state.json"],
    ["price", "/nonexistent/state.json", "--player", "0", "--stage"],
    ["simulate", "--games", "0", "--players", "3"],
    ["simulate", "--games", "5", "--players", "1"],
    ["simulate", "--games", "5", "--players", "3", "--report", "/proc/no-such-dir/r.html"],
    ["compare", "--pack", "base", "--games", "5", "--players", "3"],
    ["validate", "/nonexistent"],
    ["new", "/proc/no-such-dir/pack"],
    ["schema", "-o", "/proc/no-such-dir/schema.json"],
    ["docs", "--pack", "nopack"],
]


@pytest.mark.parametrize("args", CASES, ids=lambda a: " ".join(a)[:40])
def test_bad_invocation_exits_1_with_a_message(args: list[str], capsys) -> None:
    try:
        status = main(args)
    except SystemExit as exit_:  # a pack that cannot be loaded: diagnostics, then exit 1
        status = exit_.code
    out, err = capsys.readouterr()
    assert status == 1
    assert err.strip(), "a message on stderr"
    assert "Traceback" not in out + err

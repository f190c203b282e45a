"""Golden diagnostics: `wonders validate CASE` on each broken pack under tests/golden/diagnostics/.

Each case folder holds a small broken pack and `expected.txt`, the exact text `wonders validate`
writes to stderr, run from tests/golden/diagnostics (the tool prints absolute file paths; the
folder's own path is cut off, so the expected text holds paths relative to it).
See tests/golden/diagnostics/README.md for adding a case.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from dsl.diagnostics import PackError
from dsl.loader import load_pack
from interpreter.cli import main

ROOT = Path(__file__).resolve().parent / "golden" / "diagnostics"
CASES = sorted(p.name for p in ROOT.iterdir() if (p / "expected.txt").is_file())

REQUIRED = {"five-mistakes", "broken-yaml", "no-manifest", "extends-missing", "extends-cycle",
            "player-count", "chain-same-age", "block-scalar", "wonder-stage", "empty-file"}


def normalise(text: str) -> str:
    for root in {str(ROOT), os.path.realpath(ROOT)}:
        text = text.replace(root + os.sep, "")
    return text


def run_validate(case: str, capsys, monkeypatch, *extra: str) -> tuple[int, str, str]:
    monkeypatch.chdir(ROOT)
    args_file = ROOT / case / "args.txt"  # extra options of a case, e.g. --allow-plugins
    extra = (*extra, *(args_file.read_text(encoding="utf-8").split() if args_file.is_file() else ()))
    try:
        status = main(["validate", *extra, case])
    except SystemExit as exit_:  # the command must return, but report a SystemExit clearly
        status = exit_.code if isinstance(exit_.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def test_the_required_cases_are_there() -> None:
    assert REQUIRED <= set(CASES)


@pytest.mark.parametrize("case", CASES)
def test_validate_output_matches_golden(case: str, capsys, monkeypatch) -> None:
    status, out, err = run_validate(case, capsys, monkeypatch)
    expected = (ROOT / case / "expected.txt").read_text(encoding="utf-8")
    assert "Traceback" not in out + err
    assert status == 1
    assert out == ""
    assert normalise(err) == expected


@pytest.mark.parametrize("case", CASES)
def test_validate_json_lists_the_same_problems(case: str, capsys, monkeypatch) -> None:
    status, out, err = run_validate(case, capsys, monkeypatch, "--json")
    assert status == 1
    assert "Traceback" not in out + err
    [result] = json.loads(out)
    assert result["pack"] == case and result["valid"] is False
    expected = (ROOT / case / "expected.txt").read_text(encoding="utf-8").splitlines()
    assert expected[-1] == f"{case}: {len(result['problems'])} problem(s)"
    for problem in result["problems"]:
        assert set(problem) == {"file", "line", "column", "subject", "message", "kind"}
        assert problem["message"] and problem["kind"]


def test_five_mistakes_are_all_reported(capsys, monkeypatch) -> None:
    status, _, err = run_validate("five-mistakes", capsys, monkeypatch)
    assert status == 1
    for needle in ("did you mean 'produce'", "unknown resource 'stne'", "unknown colour 'grene'",
                   'no card named "Bath"', "unknown key 'colr'", "'age' must be a whole number"):
        assert needle in err


# -- every located diagnostic points at the token it is about ---------------------------

_QUOTED = re.compile(r"'([^'\s][^']*)'|\"([^\"]+)\"")
_NUMBERS = [re.compile(r"player count (\d+)"), re.compile(r"age (\d+) is past")]


def tokens_named(text: str) -> list[str]:
    found = [a or b for a, b in _QUOTED.findall(text)]
    for rx in _NUMBERS:
        found += rx.findall(text)
    return found


def diagnostics(case: str):
    try:
        load_pack(ROOT / case)
    except PackError as err:
        return err.diagnostics
    raise AssertionError(f"{case} loads without problems")


def test_positions_point_at_the_named_token() -> None:
    checked = 0
    for case in CASES:
        for d in diagnostics(case):
            if not d.line or d.message.startswith(("broken YAML", "the file is empty")):
                continue  # no position, PyYAML's own wording, or nothing to point at
            lines = Path(d.file).read_text(encoding="utf-8").splitlines()
            assert 0 < d.line <= len(lines), d
            at = lines[d.line - 1][d.column - 1:]
            named = tokens_named(d.message)
            if not named or "ends too early" in d.message:
                continue  # the message names no token (e.g. "player counts must be in increasing order")
            named += tokens_named(d.subject)  # "already defined" points at the card's name
            hits = sorted((t for t in named if at.startswith(t)), key=len, reverse=True)
            assert hits, f"{d.header()}\n  the text there is {at!r}, not one of {named}"
            assert d.length == len(hits[0]), f"{d.header()}: caret length {d.length} for {hits[0]!r}"
            checked += 1
    assert checked >= 20


def test_end_of_text_errors_point_just_past_the_text() -> None:
    [d] = [d for d in diagnostics("block-scalar") if "ends too early" in d.message]
    line = Path(d.file).read_text(encoding="utf-8").splitlines()[d.line - 1]
    assert line.endswith(";") and d.column == len(line) + 1

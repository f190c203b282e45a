"""Hand-computed score cases (tests/golden/scores/*.json) run through the real CLI.

Each file is {"description", "state", "expected"}: the expected score JSON was worked out by hand
from the rules (the arithmetic is in the description), never copied from the tool's output.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.cli import main

CASES = sorted((Path(__file__).parent / "golden" / "scores").glob("*.json"))


def test_enough_cases() -> None:
    assert len(CASES) >= 30


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_golden_score(path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))
    assert case["description"].strip()
    state = tmp_path / "state.json"
    state.write_text(json.dumps(case["state"]), encoding="utf-8")
    capsys.readouterr()
    rc = main(["score", str(state), "--json"])
    out, err = capsys.readouterr()
    assert rc == 0, err
    got = json.loads(out)
    expected = case["expected"]
    assert got["winners"] == expected["winners"], case["description"]
    assert len(got["players"]) == len(expected["players"])
    for i, (g, e) in enumerate(zip(got["players"], expected["players"])):
        assert g == e, f"player {i} ({e['name']}): {case['description']}"

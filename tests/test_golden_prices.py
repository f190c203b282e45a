"""Hand-computed price cases (tests/golden/prices/*.json) run through the real CLI.

Each file is {"description", "state", "player", "card" | "stage": true, "expected"}; the expected
price JSON was worked out by hand from the rules. Options are compared exactly as sets; their order
must be cheapest total first (equal totals: the implementation lists less-to-the-left first, which
the expected files follow too, but only the total order is required here).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.cli import main

CASES = sorted((Path(__file__).parent / "golden" / "prices").glob("*.json"))


def _key(o: dict[str, int]) -> tuple[int, int, int, int]:
    return (o["bank"] + o["left"] + o["right"], o["left"], o["right"], o["bank"])


def test_enough_cases() -> None:
    assert len(CASES) >= 20


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_golden_price(path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))
    assert case["description"].strip()
    state = tmp_path / "state.json"
    state.write_text(json.dumps(case["state"]), encoding="utf-8")
    argv = ["price", str(state), "--player", str(case["player"]), "--json"]
    argv += ["--stage"] if case.get("stage") else ["--card", case["card"]]
    capsys.readouterr()
    rc = main(argv)
    out, err = capsys.readouterr()
    assert rc == 0, err
    got = json.loads(out)
    expected = case["expected"]
    why = case["description"]
    assert got["buildable"] is expected["buildable"], (got, why)
    assert got["free"] is expected["free"], (got, why)
    totals = [o["bank"] + o["left"] + o["right"] for o in got["options"]]
    assert totals == sorted(totals), ("options must be cheapest total first", got["options"])
    assert sorted(got["options"], key=_key) == sorted(expected["options"], key=_key), (got, why)
    if expected["buildable"]:
        assert "reason" not in got
    else:
        assert isinstance(got.get("reason"), str) and got["reason"].strip(), got

"""Shared projects shown to people: `wonders cards`, `explain --project`, `validate`, the
printed face (interpreter/printing/projectface.py). Expectations from examples/projects/
projects.yaml, read by hand."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from dsl.loader import load_pack
from interpreter.cli import main

PACK = str(Path(__file__).resolve().parents[1] / "examples" / "projects")


def _out(capsys, monkeypatch, *argv: str, code: int = 0) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("COLUMNS", "220")
    capsys.readouterr()
    assert main(list(argv)) == code
    got = capsys.readouterr()
    return got.out, got.err


def test_cards_json_lists_the_projects_with_costs_places_reward_and_penalty(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(_out(capsys, monkeypatch, "cards", PACK, "--json")[0])
    mole, archive, walls = data["projects"]
    assert mole["name"] == "Harbour Mole" and mole["age"] == 1 and mole["cost"] == {"coins": 2}
    assert mole["needed"] == {"2": 2, "3": 2, "4": 2, "5": 3, "6": 3, "7": 4}
    assert mole["reward"] == ["coins 4"] and mole["penalty"] == ["coins -2"]
    assert mole["completes"] == "when full" and archive["completes"] == "end of age"
    assert archive["cost"] == {"papyrus": 1, "coins": 1} and walls["cost"] == {"stone": 1, "ore": 1}
    assert "as soon as the last place is taken" in mole["text"]
    # --age filters the projects as the cards
    aged = json.loads(_out(capsys, monkeypatch, "cards", PACK, "--json", "--age", "III")[0])
    assert [p["name"] for p in aged["projects"]] == ["Ring of Walls"]
    base = json.loads(_out(capsys, monkeypatch, "cards", "base", "--json")[0])
    assert base["projects"] == []


def test_cards_table_shows_the_project_and_its_places_at_the_player_count(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    out = _out(capsys, monkeypatch, "cards", PACK, "--age", "3", "--players", "6")[0]
    assert "Shared projects: 1" in out
    row = next(line for line in out.splitlines() if "Ring of Walls" in line)
    assert "ore, stone" in row or "stone, ore" in row
    assert "│ 4 " in row  # 6 players: 4 joiners
    assert "Shared projects" not in _out(capsys, monkeypatch, "cards", "base", "--age", "1")[0]


def test_explain_project_reads_it_in_english_and_suggests_a_name(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    out = _out(capsys, monkeypatch, "explain", "--pack", PACK, "--project", "Public Archive")[0]
    assert "cost:      1 coin, papyrus" in out or "cost:      papyrus, 1 coin" in out
    assert "needed:    2 with 2 players, 2 with 3 players, 2 with 4 players, 3 with 5 players" in out
    assert "reward:    vp 3" in out and "penalty:   vp -2" in out
    assert "each joiner gets: 3 victory points" in out
    _, err = _out(capsys, monkeypatch, "explain", "--pack", PACK, "--project", "Public Achive", code=1)
    assert "no project named \"Public Achive\"; did you mean 'Public Archive'?" in err
    assert "Traceback" not in err
    _, err = _out(capsys, monkeypatch, "explain", "--project", "Public Archive", code=1)
    assert "--project needs --pack" in err


def test_validate_names_the_projects(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    out = _out(capsys, monkeypatch, "validate", PACK)[0]
    assert "3 projects (Harbour Mole: age 1, Public Archive: age 2, Ring of Walls: age 3)" in out
    data = json.loads(_out(capsys, monkeypatch, "validate", PACK, "--json")[0])
    assert data[0]["projects"] == [{"name": "Harbour Mole", "age": 1}, {"name": "Public Archive", "age": 2},
                                   {"name": "Ring of Walls", "age": 3}]
    assert "projects" not in _out(capsys, monkeypatch, "validate", "base")[0]


def _texts(prims: list) -> list[str]:  # type: ignore[type-arg]
    return [p[3] for p in prims if p[0] == "text"]


def test_the_project_face_draws_cost_reward_penalty_and_markers() -> None:
    from interpreter.printing.projectface import project_face
    pack = load_pack(PACK)
    walls = pack.projects[2]
    face = project_face(walls, pack.rules.vocab)
    texts = _texts(face)
    assert "Ring of Walls" in texts and "Age III" in texts
    # cost: one stone and one ore icon (labelled with their short names), no coin
    assert "St" in texts and "Or" in texts
    # the penalty, -4 coins, drawn as a coin marked -4; reward: 2 points on a laurel
    assert "-4" in texts and "2" in texts
    assert "Each joiner, complete:" in texts and "Each other city, failed:" in texts
    # joiners: 2 at 2-3 players, 3 at 4-5, 4 at 6-7: three markers
    assert ["2-3p", "4-5p", "6-7p"] == [t for t in texts if t.endswith("p") and t[0].isdigit()]
    at5 = _texts(project_face(walls, pack.rules.vocab, players=5))
    assert [t for t in at5 if t.endswith("p") and t[0].isdigit()] == ["5p"]


def test_print_svg_has_a_page_of_projects(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["print", PACK, "--svg", str(tmp_path), "--players", "3"]) == 0
    pages = sorted(tmp_path.glob("*.svg"))
    with_projects = [p for p in pages if "Harbour Mole" in p.read_text()]
    assert len(with_projects) == 1
    text = with_projects[0].read_text()
    assert "Public Archive" in text and "Ring of Walls" in text and "Joiners needed" in text
    assert main(["print", "base", "--svg", str(tmp_path / "b"), "--players", "3"]) == 0
    assert not any("Joiners needed" in p.read_text() for p in (tmp_path / "b").glob("*.svg"))

"""STATE files with shared projects (interpreter/rules/state_projects.py): the game writes who
joined and what is settled; `wonders score` reads it back to the same score pad; bad entries
are errors naming the place, with a suggestion. Expectations from examples/projects, by hand."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dsl.loader import load_pack
from interpreter.cli import main
from interpreter.players.bots import GreedyBot
from interpreter.players.game import Game
from interpreter.rules.compiled import compile_pack
from interpreter.rules.scoring import city_scores
from interpreter.rules.statefile import StateError, build_table
from game_checks import example_pack

PACK = Path(__file__).resolve().parents[1] / "examples" / "projects"


def cp() -> Any:
    return example_pack("projects")


def _state(projects: Any, **more: Any) -> dict[str, Any]:
    """Three cities; Ana and Cyd as in docs/formats.md."""
    return {"pack": str(PACK), "players": [
        {"name": "Ana", "wonder": "Gizah", "coins": 5},
        {"name": "Bob", "wonder": "Babylon", "coins": 5},
        {"name": "Cyd", "wonder": "Rhodos", "coins": 5}], "projects": projects, **more}


def _wonder_points(table: Any) -> list[int]:
    return [p["wonder"] for p in city_scores(table.cities, table, cp().rules)["players"]]


def test_a_complete_project_gives_its_joiners_the_points_a_failed_one_takes_from_the_rest() -> None:
    # Public Archive (age II, 3 players: 2 places) complete with Ana and Cyd: 3 points each;
    # Ring of Walls failed with Bob in: the others lose 4 coins, taken as done (coins stay 5)
    t = build_table(_state([{"name": "Public Archive", "joined": ["Ana", "Cyd"], "result": "complete"},
                            {"name": "Ring of Walls", "joined": ["Bob"], "result": "failed"}]), cp())
    assert t.joins == {"Public Archive": (0, 2), "Ring of Walls": (1,)}
    assert t.projects_done == {"Public Archive": "complete", "Ring of Walls": "failed"}
    assert _wonder_points(t) == [3, 0, 3]
    assert [c.coins for c in t.cities] == [5, 5, 5]
    # an open project: joins kept, nothing applied
    t = build_table(_state([{"name": "Public Archive", "joined": ["Bob"]}]), cp())
    assert t.joins == {"Public Archive": (1,)} and t.projects_done == {} and _wonder_points(t) == [0, 0, 0]
    # Archive failed (only Bob): Ana and Cyd lose 2 points
    t = build_table(_state([{"name": "Public Archive", "joined": ["Bob"], "result": "failed"}]), cp())
    assert _wonder_points(t) == [-2, 0, -2]


@pytest.mark.parametrize("entry, message", [
    ({"name": "Public Achive", "joined": []},
     "projects[0]: no project named 'Public Achive'; did you mean 'Public Archive'?"),
    ({"name": "Public Archive", "joined": ["Bbo"]}, "projects[0].joined[0]: no player named 'Bbo'; did you mean 'Bob'?"),
    ({"name": "Public Archive", "joined": ["Bob", "Bob"]}, "projects[0].joined[1]: 'Bob' joins once"),
    ({"name": "Public Archive", "joined": ["Ana", "Bob", "Cyd"]},
     "projects[0]: 3 cities joined 'Public Archive', which has 2 places with 3 players"),
    ({"name": "Public Archive", "joined": ["Ana"], "result": "complete"},
     "projects[0]: 'Public Archive' is complete with 1 joiner(s); it needs 2 with 3 players"),
    ({"name": "Public Archive", "joined": ["Ana", "Bob"], "result": "failed"},
     "projects[0]: 'Public Archive' failed with all its 2 places taken"),
    ({"name": "Public Archive", "joined": [], "result": "complet"},
     "result must be 'complete' or 'failed' (or absent while it is open), not 'complet'; did you mean 'complete'?"),
    ({"name": "Public Archive", "joined": [], "age": 3}, "projects[0]: age 3: 'Public Archive' is a project of age 2"),
    ({"name": "Public Archive", "joined": [], "needed": 3}, "projects[0]: needed 3: 'Public Archive' needs 2 joiners with 3 players"),
    ({"name": "Public Archive", "joiners": []}, "projects[0]: unknown key 'joiners'; did you mean 'joined'?"),
])
def test_bad_project_entries_are_located_errors(entry: dict[str, Any], message: str) -> None:
    with pytest.raises(StateError) as err:
        build_table(_state([entry]), cp())
    assert message in str(err.value)


def test_every_problem_at_once_and_no_traceback_from_the_cli(tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "state.json"
    path.write_text(json.dumps(_state([{"name": "Harbor Mole", "joined": []},
                                       {"name": "Ring of Walls", "joined": ["Cid"]}])))
    assert main(["score", str(path)]) == 1
    err = capsys.readouterr().err
    assert "did you mean 'Harbour Mole'?" in err and "no player named 'Cid'; did you mean 'Cyd'?" in err
    assert "Traceback" not in err
    path.write_text(json.dumps(_state("Harbour Mole")))
    assert main(["score", str(path)]) == 1
    assert "projects must be a list" in capsys.readouterr().err


def test_a_base_pack_state_with_projects_names_none() -> None:
    state = _state([{"name": "Harbour Mole", "joined": []}])
    with pytest.raises(StateError) as err:
        build_table(state, compile_pack(load_pack("base")))
    assert "no project named 'Harbour Mole' (this pack's projects: none)" in str(err.value)


@pytest.mark.parametrize("seed", [0, 3])
def test_a_games_final_state_writes_the_projects_and_scores_the_same(seed: int, tmp_path: Path,
                                                                    capsys: Any) -> None:
    g = Game(cp(), [GreedyBot() for _ in range(4)], seed=seed, log=True)
    scores = g.play()
    final = g.log["final"]
    assert [p["name"] for p in final["projects"]] == ["Harbour Mole", "Public Archive", "Ring of Walls"]
    for entry in final["projects"]:
        assert entry["result"] == g.projects_done[entry["name"]]
        assert entry["joined"] == [g.cities[s].name for s in g.joins.get(entry["name"], ())]
    path = tmp_path / "final.json"
    path.write_text(json.dumps({**final, "pack": str(PACK)}))
    capsys.readouterr()
    assert main(["score", str(path), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert [p["total"] for p in got["players"]] == [p["total"] for p in scores["players"]]
    assert [p["wonder"] for p in got["players"]] == [p["wonder"] for p in scores["players"]]

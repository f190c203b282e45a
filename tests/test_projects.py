"""Shared projects (dsl/projects.py, interpreter/game/projects.py): joining with a wonder
stage, its price, completion, failure, logs and resuming, bad input. Expectations are worked
out by hand from examples/projects/README.md."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dsl.loader import load_pack
from dsl.projects import project_english
from interpreter.players.bots import GreedyBot, RandomBot
from interpreter.players.game import Game
from interpreter.rules.compiled import compile_pack
from interpreter.rules.moves import Move
from game_checks import example_pack

PACK = Path(__file__).resolve().parents[1] / "examples" / "projects"


def cp() -> Any:
    return example_pack("projects")


def _game(bots: Any = GreedyBot, players: int = 3, seed: int = 1) -> Game:
    g = Game(cp(), [bots() for _ in range(players)], seed=seed, wonders=["Gizah", "Babylon", "Rhodos"][:players]
             if players == 3 else None, sides="A", log=True)
    g.pending()  # set up and dealt
    return g


def _project(age: int) -> Any:
    got = cp().project_of(age)
    assert got is not None
    return got


def test_the_pack_declares_one_project_per_age() -> None:
    assert [(p.name, p.age, p.needed_at(3), p.needed_at(7)) for p in cp().projects] == [
        ("Harbour Mole", 1, 2, 4), ("Public Archive", 2, 2, 4), ("Ring of Walls", 3, 2, 4)]


def test_a_coin_cost_adds_only_coins_to_the_stage() -> None:
    g = _game()
    assert g._join_price(0, Move(0, "wonder", 1, 0), _project(1)) == (2, 0, 0, (0, 0))


def test_a_resource_the_table_lacks_means_no_offer() -> None:
    g = _game()  # nobody makes papyrus
    assert g._join_price(0, Move(0, "wonder"), _project(2)) is None


def test_the_join_is_bought_with_the_stage_from_the_neighbours() -> None:
    g = _game()
    g.cities[0].build_card(cp().card_named("Stone Pit"))  # Gizah: 2 stone of its own (stage 1: 2 stone)
    g.cities[1].build_card(cp().card_named("Press"))  # the left neighbour sells papyrus
    # papyrus from the left at the trade price 2, plus the project's 1 coin to the bank
    assert g._join_price(0, Move(0, "wonder"), _project(2)) == (1, 2, 0, (0, 0))
    g.cities[0].build_card(cp().card_named("Marketplace"))  # manufactured goods for 1
    assert g._join_price(0, Move(0, "wonder"), _project(2)) == (1, 1, 0, (0, 0))


def test_a_neighbours_resource_is_sold_once_for_stage_and_project() -> None:
    g = _game()
    g.cities[1].build_card(cp().card_named("Stone Pit"))  # the left sells one stone
    # stage 1 (2 stone): Gizah's own stone and the left's, 2 coins; Ring of Walls needs one
    # stone and one ore more: Rhodos (right) sells ore, but no third stone is left to buy
    assert g._join_price(0, Move(0, "wonder", 2, 0), _project(3)) is None
    g.cities[2].build_card(cp().card_named("Stone Pit"))  # now the right sells a stone too
    assert g._join_price(0, Move(0, "wonder", 2, 0), _project(3)) == (0, 0, 4, (0, 0))


def _joined_game(age: int, joined: tuple[int, ...]) -> Game:
    g = _game()
    g.age = age
    g.joins[_project(age).name] = joined
    return g


def test_a_complete_project_rewards_its_joiners_only() -> None:
    g = _joined_game(2, (0, 2))
    g.end_projects(2)
    assert g.projects_done == {"Public Archive": "complete"}
    from interpreter.rules.scoring import score_table
    pads = score_table(g.table, g.rules)
    assert [p["wonder"] for p in pads] == [3, 0, 3]  # vp 3 each joiner, nothing for seat 1
    assert g.log["turns"][-1]["note"] == "project complete: Public Archive"


def test_a_failed_project_penalises_every_city_that_did_not_join() -> None:
    g = _joined_game(3, (1,))
    coins = [c.coins for c in g.cities]
    g.cities[2].coins = 1
    g.end_projects(3)
    assert g.projects_done == {"Ring of Walls": "failed"}
    # coins -4: seat 0 loses 4 of its 3 starting coins (no debt: down to 0), seat 2 its only coin
    assert [c.coins for c in g.cities] == [0, coins[1], 0]
    assert [m["action"] for m in g.log["turns"][-1]["moves"]] == ["penalty", "penalty"]


def test_a_when_full_project_pays_at_the_end_of_the_turn_that_fills_it() -> None:
    g = _joined_game(1, (0,))
    g.projects_after_turn()
    assert g.projects_done == {}  # one of two places taken
    g.joins["Harbour Mole"] = (0, 1)
    before = [c.coins for c in g.cities]
    g.projects_after_turn()
    assert [c.coins for c in g.cities] == [before[0] + 4, before[1] + 4, before[2]]
    g.end_projects(1)  # settled once only
    assert [c.coins for c in g.cities] == [before[0] + 4, before[1] + 4, before[2]]


def test_rewards_stay_when_a_city_gives_up_a_card() -> None:
    g = _joined_game(3, (0, 1))
    g.end_projects(3)
    city = g.cities[0]
    shields = city.shields
    city.build_card(cp().card_named("Stone Pit"))
    city.give_up(cp().card_named("Stone Pit"), cp())
    assert city.shields == shields == 1


def _check_game(g: Game, players: int) -> None:
    g.play()
    joins = [t for t in g.log["turns"] if t.get("note", "").startswith("join project")]
    for p in cp().projects:
        joined = g.joins.get(p.name, ())
        assert len(joined) == len(set(joined)) <= p.needed_at(players)
        assert g.projects_done[p.name] == ("complete" if len(joined) >= p.needed_at(players) else "failed")
    assert len(joins) == sum(len(v) for v in g.joins.values())


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_full_games_at_every_player_count(players: int) -> None:
    for seed in range(2):
        for bots in (GreedyBot, RandomBot):
            _check_game(Game(cp(), [bots() for _ in range(players)], seed=seed, log=True), players)


def test_greedy_joins_some_projects() -> None:
    total = 0
    for seed in range(4):
        g = Game(cp(), [GreedyBot() for _ in range(5)], seed=seed, log=True)
        g.play()
        total += sum(len(v) for v in g.joins.values())
    assert total > 0


def test_a_clone_keeps_its_own_joins() -> None:
    g = _joined_game(1, (0,))
    c = g.clone()
    c.joins["Harbour Mole"] = (0, 1)
    assert g.joins["Harbour Mole"] == (0,)


def test_the_native_core_lowers_it() -> None:
    """(tests/test_native_projects.py plays it on both cores)."""
    from interpreter.native.lower import lower
    rows = lower(cp())["projects"]
    assert [(r[0], r[1], r[3], r[6][4], r[7]) for r in rows] == [
        (1, 2, [], 2, 1), (2, 1, [[6, 1]], 2, 0), (3, 0, [[1, 1], [2, 1]], 3, 0)]


def test_english_readback() -> None:
    assert project_english(_project(2).source) == (
        "Age 2 project. When you build a wonder stage in age 2, you may also pay 1 coin and 1 papyrus "
        "to join it (once). If enough cities (2 with 2 players, 2 with 3 players, 2 with 4 players, "
        "3 with 5 players, 3 with 6 players, 4 with 7 players) join, it is complete at the end of age 2: each joiner "
        "gets: 3 victory points. If not enough cities have joined at the end of age 2, each city that did "
        "not join gets: Minus 2 victory points.")


def test_a_game_with_joins_resumes_from_its_log(tmp_path: Path, capsys: Any) -> None:
    from interpreter.cli import main
    log = tmp_path / "log.json"
    args = ["play", "--pack", str(PACK), "--json", "--core", "python"]
    assert main([*args, "--players", "5", "--seed", "2", "--log", str(log)]) == 0
    first = capsys.readouterr().out
    assert '"action": "join"' in log.read_text()
    assert main([*args, "--resume", str(log)]) == 0
    assert capsys.readouterr().out == first


BAD = [
    ("needed: 4", "needed: 4 joiners with 2 players can never be reached (each city joins at most once): "
                  "nobody could complete it"),
    ("needed: {3: 2, 4: 2, 5: 3, 6: 3, 7: 4}", "needed: no number of joiners for 2 players"),
    ("rewardd: vp 1", "rewardd"),
    ("completes: when ful", "when ful"),
]


@pytest.mark.parametrize("line,message", BAD)
def test_bad_projects_are_located_errors(tmp_path: Path, capsys: Any, line: str, message: str) -> None:
    from interpreter.cli import main
    (tmp_path / "pack.yaml").write_text("name: bad\nextends: [base]\n")
    key = line.split(":")[0]
    base = {"name": "Dam", "age": 1, "cost": "1 coin", "needed": 2, "reward": "vp 1", "completes": "end of age"}
    body = "".join(f"    {k}: {v}\n" for k, v in base.items() if k != key and not (key == "rewardd" and k == "reward"))
    (tmp_path / "p.yaml").write_text("projects:\n  - name: Dam\n" + body.replace("    name: Dam\n", "")
                                     + f"    {line}\n")
    assert main(["validate", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert f"{tmp_path}/p.yaml:" in err and message in err
    assert "Traceback" not in err


def test_two_projects_in_one_age_and_a_bad_reward(tmp_path: Path, capsys: Any) -> None:
    from interpreter.cli import main
    (tmp_path / "pack.yaml").write_text("name: bad\nextends: [base]\n")
    (tmp_path / "p.yaml").write_text(
        "projects:\n"
        "  - {name: Dam, age: 1, needed: 2, reward: vp 1}\n"
        "  - {name: Dyke, age: 1, needed: 2, reward: vpp 1}\n"
        "  - {name: Weir, age: 1, needed: 2, reward: vp 2}\n")
    assert main(["validate", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert f'{tmp_path}/p.yaml:3:45: project "Dyke": effect: unknown effect word' in err and "did you mean 'vp'" in err
    assert f'{tmp_path}/p.yaml:4:5: project "Weir": age 1 already has project "Dam"' in err

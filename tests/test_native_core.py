"""The native core's interface: whole games as the Python engine plays them, clone and step for
a search, the --core option and `wonders doctor`, and the pure-Python fallback."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from dsl.loader import load_pack
from interpreter.players.roster import make_bots
from interpreter.cli import main
from interpreter.rules.compiled import compile_pack
from interpreter.players.game import Game


@pytest.fixture(scope="module")
def base():
    return compile_pack(load_pack("base"))


def test_run_games_gives_the_python_totals_and_winners(native_core: None, base) -> None:
    from interpreter import native
    for n, policy in ((3, "random"), (7, "greedy")):
        got = native.run_games(base, range(12), n, policy, "random")
        for seed, (totals, winners) in enumerate(got):
            scores = Game(base, make_bots(policy, n), seed=seed, sides="random").play()
            assert list(totals) == [p["total"] for p in scores["players"]]
            assert winners == scores["winners"]


def test_clone_and_step_replay_the_same_game(native_core: None, base) -> None:
    """A clone plays on exactly as the original; a step with given moves is that turn."""
    from interpreter import native
    g = native.start(base, 11, 4, "greedy", "A")
    g.play_until(2)
    assert (g.age, g.turn) == (1, 6)
    twin = g.clone()
    g.play()
    twin.play()
    assert g.scores() == twin.scores()
    h = native.start(base, 11, 4, "random", "A")
    h.start_age()
    first = h.legal_moves(0)
    assert first and all(m[1] in ("build", "wonder", "sell") for m in first)
    h.step([len(first) - 1, None, None, None])  # seat 0 sells its last card
    assert h.turn == 1 and h.cities()[0][4]  # sold
    h.play()
    assert h.over


def test_playout_from_a_clone_reseeded(native_core: None, base) -> None:
    from interpreter import native
    g = native.start(base, 3, 5, "random", "random")
    g.play_until(2)
    results = set()
    for k in range(4):
        p = g.clone()
        p.reseed_bots([k * 10 + s for s in range(5)], [1] * 5)
        p.play()
        results.add(tuple(p.scores()[0][0]))
    assert len(results) >= 2  # different streams, different playouts


def test_simulate_statistics_are_byte_identical(core: str, tmp_path, capsys) -> None:
    out = {}
    for c in ("python", core):
        assert main(["simulate", "--games", "40", "--players", "4", "--bots", "random", "--json",
                     "--workers", "1", "--core", c]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["meta"].pop("core") == c
        data["meta"].pop("seconds", None)  # (the run time is on stderr, not in the JSON)
        out[c] = json.dumps(data)
    assert out["python"] == out[core]


def test_compare_is_the_same_on_both_cores(core: str, capsys) -> None:
    out = {}
    for c in ("python", core):
        assert main(["compare", "--pack", "base", "--pack", "second-edition", "--games", "20",
                     "--players", "3", "--bots", "random", "--json", "--workers", "1", "--core", c]) == 0
        data = json.loads(capsys.readouterr().out)
        out[c] = json.dumps({k: v for k, v in data.items() if k != "meta"})
    assert out["python"] == out[core]


def _python_record(cp, seed: int, n: int, bots: str) -> dict:
    """The record a Python simulation folds (runner.run_chunk): bots watched, coins tallied."""
    from interpreter.sim.aggregate import game_record
    from interpreter.sim.watch import Watcher, watch
    game = Game(cp, [Watcher(b) for b in make_bots(bots, n)], seed=seed, sides="random")
    watch(game)
    return game_record(game, game.play())


@pytest.mark.parametrize("pack", ["leaders", "cities", "examples/designer-ideas", "examples/leaders-later"])
def test_card_plays_are_the_python_ones(native_core: None, pack: str) -> None:
    """Each native game's per-card record (held and buildable at the player's decisions, built,
    points, coins) is the Python Watcher's, drafts and recruitments included."""
    from interpreter.sim.native_records import VerdictFold, play_game
    from interpreter.sim.cards import CardVerdicts
    cp = compile_pack(load_pack(pack))
    points = coins = could = 0
    fold, folded = VerdictFold(cp), CardVerdicts()  # as a native simulation sums them, in C
    for n in (3, 5):
        for bots in ("greedy", "random"):
            for seed in range(3):
                game, rec = play_game(cp, seed, n, bots, "random")
                assert rec == _python_record(cp, seed, n, bots), (pack, n, bots, seed)
                fold.add(game, rec)
                for p in rec["players"]:
                    folded.add_player(p["won"], p["plays"])
                for p in rec["players"]:
                    for _rank, _colour, _seen, c, _built, pts, got in p["plays"].values():
                        could += c
                        points += pts != 0
                        coins += got != 0
    assert could and points and coins  # the comparison is not of empty records
    assert fold.verdicts() == folded


def test_play_json_is_the_same_on_both_cores(core: str, capsys) -> None:
    args = ["play", "--players", "5", "--seed", "9", "--sides", "B", "--bots", "greedy,random", "--json"]
    assert main([*args, "--core", "python"]) == 0
    py = capsys.readouterr().out
    assert main([*args, "--core", core]) == 0
    captured = capsys.readouterr()
    assert captured.out == py
    assert f"core: {core}" in captured.err


PLUGIN = "examples/plugin-tax"  # a plug-in word: never native


def test_core_native_names_what_it_cannot_run(native_core: None, capsys) -> None:
    args = ["--pack", PLUGIN, "--allow-plugins", "--players", "4", "--core", "native"]
    assert main(["play", *args]) == 1
    err = "\n".join(line for line in capsys.readouterr().err.strip().splitlines()
                    if not line.startswith("trusting the plug-ins of "))  # (the consent, said once)
    assert err.count("\n") == 0 and err.startswith("error: --core native") and "'tax'" in err
    assert main(["simulate", "--bots", "greedy", *args, "--games", "2"]) == 1
    assert "plug-in word 'tax'" in capsys.readouterr().err


def test_auto_falls_back_to_python_and_says_why(capsys) -> None:
    assert main(["play", "--pack", PLUGIN, "--allow-plugins", "--players", "3", "--seed", "1",
                 "--json"]) == 0
    err = capsys.readouterr().err
    assert "core: python (" in err


def test_doctor_says_which_core_and_why(capsys) -> None:
    from interpreter import native
    assert main(["doctor", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["core"] == ("native" if native.available() else "python")
    assert set(data["packs"]) >= {"base", "leaders", "cities", "second-edition"}
    core = ("base", "leaders", "cities", "second-edition")
    assert all(data["packs"][p]["native"] == native.available() for p in core)
    assert all(row["native"] or row["why"] for row in data["packs"].values())  # a decline says why


def test_native_kinds_are_registry_words() -> None:
    from dsl.registry import EFFECTS
    from interpreter.native import NATIVE_KINDS
    assert set(NATIVE_KINDS) <= set(EFFECTS)


def test_the_project_plays_without_the_native_core(tmp_path) -> None:
    """WONDERS_CORE=python stands for a machine where the module is not built."""
    env = {**os.environ, "WONDERS_CORE": "python"}
    code = ("from interpreter.cli import main; import sys; "
            "sys.exit(main(['play', '--players', '3', '--seed', '2', '--json']))")
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "core: python (WONDERS_CORE=python is set)" in run.stderr
    assert json.loads(run.stdout)["winners"]
    code = "from interpreter.cli import main; import sys; sys.exit(main(['doctor']))"
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert "core: python (WONDERS_CORE=python is set)" in run.stdout

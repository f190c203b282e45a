"""The simulation runner and its commands: the statistics do not depend on the number of workers
or the back-end, seeds are deterministic, failing games are counted, `wonders simulate` and
`wonders compare` print complete JSON, and Ctrl-C returns what finished."""
from __future__ import annotations

import json
import multiprocessing as mp
import os
import signal
import subprocess
import sys
import textwrap
import time
from contextlib import contextmanager
from importlib.util import find_spec
from pathlib import Path

import pytest

from dsl.loader import load_pack
from dsl.packref import resolve_pack
from interpreter.cli import main
from interpreter.sim import runner
from interpreter.sim.aggregate import LINES
from interpreter.sim.runner import SimConfig, game_seed, run_chunk, simulate

REPO = Path(__file__).resolve().parents[1]
BASE = load_pack("base").path


@contextmanager
def time_limit(seconds: int):
    """Fail instead of hanging (Unix); a no-op where SIGALRM does not exist."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def boom(signum, frame):
        raise TimeoutError(f"took more than {seconds} s (hung?)")
    old = signal.signal(signal.SIGALRM, boom)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def stats(**kw) -> dict:
    cfg = SimConfig(**{"pack": BASE, "games": 40, "players": 3, "seed": 7, "sides": "random", **kw})
    with time_limit(60):
        agg, interrupted = simulate(cfg)
    assert not interrupted
    return agg.as_json()


def write_variant(folder: Path, rules: str, name: str = "rich-start") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(textwrap.dedent(f"""\
        name: {name}
        version: 0.1.0
        description: base with one rules parameter changed
        extends: [base]
        rules:
          {rules}
        """), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def variant(tmp_path_factory) -> Path:
    return write_variant(tmp_path_factory.mktemp("packs") / "rich-start", "starting_coins: 9")


@pytest.fixture(scope="module")
def local_stats() -> dict:
    return stats(workers=1)


def run_json(capsys, *argv: str) -> dict:
    capsys.readouterr()
    with time_limit(60):
        code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)  # the whole of stdout: no progress bar or other text mixed in


# -- seeds ---------------------------------------------------------------------------------

def test_game_seed_is_deterministic_and_differs_across_games():
    seeds = [game_seed(0, k) for k in range(2000)]
    assert seeds == [game_seed(0, k) for k in range(2000)]
    assert len(set(seeds)) == len(seeds)
    assert all(0 <= s < 2 ** 63 for s in seeds)
    assert game_seed(1, 0) != game_seed(0, 0) and game_seed(0, 1) != game_seed(1, 0)
    # a fresh interpreter (as a worker on another machine) derives the same seeds: no hash() salt
    code = "from interpreter.sim.runner import game_seed; print([game_seed(0, k) for k in range(5)])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO,
                         env={**os.environ, "PYTHONHASHSEED": "12345"}, timeout=60, check=True)
    assert out.stdout.strip() == str(seeds[:5])


def test_run_chunk_is_reproducible():
    cfg = SimConfig(pack=BASE, games=6, players=3, seed=3)
    assert run_chunk(cfg, range(2, 5)).as_json() == run_chunk(cfg, range(2, 5)).as_json()
    assert run_chunk(cfg, range(0, 3)).as_json() != run_chunk(cfg, range(3, 6)).as_json()


# -- the same statistics whoever plays the games ---------------------------------------------

def test_one_worker_and_two_workers_agree(local_stats):
    assert local_stats["games"] == 40 and local_stats["errors"] == 0
    assert stats(workers=2) == local_stats


def test_chunking_does_not_matter(local_stats, monkeypatch):
    monkeypatch.setattr(runner, "CHUNK", 7)  # 6 uneven chunks on 2 workers
    assert stats(workers=2) == local_stats
    monkeypatch.setattr(runner, "CHUNK", 1000)  # a single chunk
    assert stats(workers=1) == local_stats


def test_different_master_seeds_give_different_stats(local_stats):
    other = stats(workers=1, seed=8)
    assert other["games"] == local_stats["games"]
    assert other != local_stats
    assert other["scores"] != local_stats["scores"]


def test_pack_path_is_loaded_by_the_workers(variant, local_stats):
    assert resolve_pack("base")[0] == Path(BASE).resolve()
    assert stats(workers=2, pack=str(resolve_pack("base")[0])) == local_stats
    rich = stats(workers=2, pack=str(variant))
    assert rich["games"] == 40 and rich["errors"] == 0
    # 6 more starting coins: about 2 more treasury points each, which base games never reach
    assert rich["scores"]["treasury"]["mean"] > local_stats["scores"]["treasury"]["mean"] + 1


@pytest.mark.parametrize("workers", [1, 2])
def test_errors_are_counted_not_raised(workers):
    out = stats(workers=workers, players=8)  # base plays 2-7
    assert out["games"] == 0 and out["errors"] == 40
    assert len(out["error_samples"]) == 5
    assert out["error_samples"][0].startswith("game 0: ValueError:")
    assert "2 to 7 players" in out["error_samples"][0]
    assert out["win_rate"]["by_wonder"] == {}


def test_error_samples_agree_across_workers():
    assert stats(workers=1, players=8) == stats(workers=2, players=8)


def test_broken_bot_is_counted_not_raised(monkeypatch):
    import interpreter.players.roster as bots

    class Broken(bots.RandomBot):
        name = "broken"

        def choose(self, *a, **kw):
            raise RuntimeError("bot crashed")
    monkeypatch.setitem(bots.BOTS, "broken", Broken)
    out = stats(workers=1, games=5, bots="broken")
    assert out["games"] == 0 and out["errors"] == 5
    assert "RuntimeError" in out["error_samples"][0]


def test_ray_backend_agrees_with_local(local_stats):
    if find_spec("ray") is None:
        pytest.skip("Ray is not installed (pip install 'wonders-dsl[ray]')")
    script = textwrap.dedent(f"""\
        import json, sys
        try:
            import ray
        except Exception as err:  # an installed but broken Ray
            print(f"NORAY {{type(err).__name__}}: {{err}}")
            sys.exit(0)
        from interpreter.sim.runner import SimConfig, simulate
        cfg = SimConfig(pack={BASE!r}, games=40, players=3, seed=7, sides="random",
                        workers=2, backend="ray")
        agg, interrupted = simulate(cfg)
        assert not ray.is_initialized(), "the Ray started by simulate was not shut down"
        print("RESULT" + json.dumps({{"stats": agg.as_json(), "interrupted": interrupted}}))
        """)
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0", "RAY_DISABLE_DOCKER_CPU_WARNING": "1"}
    # a separate interpreter: Ray's threads must not outlive the test in the pytest process
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO,
                          env=env, timeout=180)
    if proc.stdout.startswith("NORAY"):
        pytest.skip(f"`import ray` fails: {proc.stdout.strip()[6:]}")
    assert proc.returncode == 0, proc.stderr[-3000:]
    line = next(x for x in proc.stdout.splitlines() if x.startswith("RESULT"))
    result = json.loads(line[len("RESULT"):])
    assert result["interrupted"] is False
    assert result["stats"] == local_stats


# -- Ctrl-C ----------------------------------------------------------------------------------

def test_ctrl_c_returns_the_partial_aggregate():
    cfg = SimConfig(pack=BASE, games=200, players=3, seed=1, workers=2)
    seen = []

    def progress(agg):
        seen.append(agg.games)
        raise KeyboardInterrupt
    start = time.perf_counter()
    with time_limit(30):
        agg, interrupted = simulate(cfg, progress)
    assert interrupted is True
    assert seen == [runner.CHUNK] and agg.games == runner.CHUNK  # the first chunk, nothing more
    assert agg.as_json()["games"] == runner.CHUNK
    assert time.perf_counter() - start < 20
    assert mp.active_children() == []  # the pool's workers were stopped before simulate returned


def test_ctrl_c_one_worker():
    cfg = SimConfig(pack=BASE, games=100, players=3, seed=1, workers=1)
    calls = []

    def progress(agg):
        calls.append(agg.games)
        if len(calls) == 2:
            raise KeyboardInterrupt
    agg, interrupted = simulate(cfg, progress)
    assert interrupted and agg.games == 2 * runner.CHUNK and calls == [runner.CHUNK, 2 * runner.CHUNK]


def test_cli_reports_interruption(capsys, monkeypatch):
    from interpreter.cli import sim_common

    def interrupted_simulate(cfg, on_progress=None, deadline=None):
        def stop(agg):
            raise KeyboardInterrupt
        return simulate(cfg, stop)
    monkeypatch.setattr(sim_common, "simulate", interrupted_simulate)
    capsys.readouterr()
    code = main(["simulate", "--bots", "greedy", "--games", "60", "--players", "3", "--workers", "1", "--json"])
    out, err = capsys.readouterr()
    assert code == 130
    data = json.loads(out)
    assert data["meta"]["interrupted"] is True
    first = runner._chunks(60, data["meta"]["core"])[0]  # interrupted once the first chunk is in
    assert data["games"] == len(first) and data["meta"]["requested"] == 60
    assert "interrupted" in err


# -- wonders simulate ------------------------------------------------------------------------

def _check_rate(r: dict) -> None:
    assert set(r) == {"rate", "ci95", "n", "hits"}
    assert 0 <= r["ci95"][0] <= r["rate"] <= r["ci95"][1] <= 1


def _check_tally(t: dict) -> None:
    assert set(t) == {"mean", "sd", "ci95", "n"}
    assert t["ci95"][0] <= t["mean"] <= t["ci95"][1] and t["sd"] >= 0


def test_simulate_json_has_every_statistic(capsys):
    data = run_json(capsys, "simulate", "--bots", "greedy", "--games", "30", "--players", "4", "--json")
    assert set(data) >= {"meta", "games", "errors", "error_samples", "stopped_by_cap", "game_length",
                         "win_rate", "scores", "scores_by_wonder", "cards", "notes"}
    meta = data["meta"]
    assert meta["pack"] == "base" and meta["players"] == 4 and meta["games"] == 30
    assert meta["requested"] == 30 and meta["interrupted"] is False and meta["backend"] == "local"
    assert data["games"] == 30 and data["errors"] == 0 and data["stopped_by_cap"] == 0

    wr = data["win_rate"]
    assert set(wr) == {"by_wonder", "by_seat", "by_bot"}
    assert set(wr["by_seat"]) == {"0", "1", "2", "3"} and set(wr["by_bot"]) == {"greedy"}  # default bots: greedy
    for group in wr.values():
        for r in group.values():
            _check_rate(r)
    assert sum(r["n"] for r in wr["by_seat"].values()) == 30 * 4
    assert sum(r["n"] for r in wr["by_wonder"].values()) == 30 * 4
    assert wr["by_bot"]["greedy"]["n"] == 120
    assert sum(r["hits"] for r in wr["by_seat"].values()) >= 30  # at least one winner a game
    assert all(w.endswith((" A", " B")) for w in wr["by_wonder"])  # default sides: random

    assert list(data["scores"]) == list(LINES)
    for t in data["scores"].values():
        _check_tally(t)
        assert t["n"] == 120
    assert set(data["scores_by_wonder"]) == set(wr["by_wonder"])
    for w, per in data["scores_by_wonder"].items():
        assert list(per) == list(LINES)
        assert per["total"]["n"] == wr["by_wonder"][w]["n"]

    cards = data["cards"]
    assert "Lumber Yard" in cards and "Scientists Guild" in cards
    for c in cards.values():
        assert set(c) == {"dealt_per_game", "built_per_game", "sold_per_game", "wonder_per_game",
                          "built_share", "built_share_ci95", "win_rate_when_built"}
        _check_rate(c["win_rate_when_built"])
        if c["built_share"] is not None:
            assert 0 <= c["built_share"] <= 1
    # 3 ages x 7 cards x 4 players dealt; every action puts one card somewhere
    assert sum(c["dealt_per_game"] for c in cards.values()) == pytest.approx(84, abs=0.01)
    played = sum(c["built_per_game"] + c["sold_per_game"] + c["wonder_per_game"] for c in cards.values())
    assert played == pytest.approx(data["game_length"]["actions"]["mean"], abs=0.02)
    assert set(data["game_length"]) == {"turns", "actions"}
    _check_tally(data["game_length"]["turns"])
    assert data["game_length"]["turns"]["mean"] == 18.0


def test_simulate_json_matches_the_runner(capsys, local_stats):
    data = run_json(capsys, "simulate", "--games", "40", "--players", "3", "--seed", "7", "--bots", "random",
                    "--workers", "2", "--json")
    data.pop("meta")
    assert data == local_stats


def test_simulate_without_json_keeps_progress_off_stdout(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    capsys.readouterr()
    assert main(["simulate", "--bots", "greedy", "--games", "10", "--players", "3", "--workers", "1"]) == 0
    out, err = capsys.readouterr()
    assert "Win rate per wonder side" in out and "games/s" not in out
    assert "games/s" in err or "simulating" in err


def test_simulate_bad_arguments(capsys):
    capsys.readouterr()
    assert main(["simulate", "--bots", "greedy", "--games", "5", "--players", "8", "--json"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "2-7 players" in err
    assert main(["simulate", "--games", "0", "--players", "3", "--json"]) == 1
    assert "--games" in capsys.readouterr().err
    assert main(["simulate", "--games", "5", "--players", "3", "--bots", "nobody", "--json"]) != 0


def test_ray_backend_without_ray_says_how_to_install(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError
    capsys.readouterr()
    code = main(["simulate", "--bots", "greedy", "--games", "5", "--players", "3", "--backend", "ray", "--json"])
    out, err = capsys.readouterr()
    assert code == 1
    assert out == ""
    assert "pip install" in err and "ray" in err.lower()
    assert "Traceback" not in err
    code = main(["compare", "--bots", "greedy", "--pack", "base", "--pack", "base", "--games", "5", "--players", "3",
                 "--backend", "ray", "--json"])
    out, err = capsys.readouterr()
    assert code == 1 and "pip install" in err


# -- wonders compare -------------------------------------------------------------------------

def test_compare_variant_against_base(capsys, variant):
    data = run_json(capsys, "compare", "--bots", "greedy", "--pack", "base", "--pack", str(variant), "--games", "40",
                    "--players", "3", "--workers", "2", "--json")
    assert set(data) == {"meta", "verdicts", "experiment", "a", "b", "diff"}
    assert data["verdicts"] == {} and data["experiment"] is None  # no card changed: nothing to measure
    assert data["meta"]["A"] == "base" and data["meta"]["B"] == "rich-start"
    diff = data["diff"]
    assert set(diff) == {"win_rate_by_wonder", "scores", "cards_built_share", "cards_win_when_built"}
    assert list(diff["scores"]) == list(LINES)
    for section in diff.values():
        for v in section.values():
            assert set(v) == {"a", "b", "diff", "p", "p_holm", "significant"}
            assert 0 <= v["p"] <= v["p_holm"] <= 1  # Holm within the section
            assert v["significant"] == (v["p_holm"] < 0.05)
    treasury = diff["scores"]["treasury"]
    assert treasury["diff"] > 1 and treasury["significant"] is True
    assert treasury["b"]["mean"] - treasury["a"]["mean"] == pytest.approx(treasury["diff"], abs=1e-3)
    assert data["a"]["games"] == data["b"]["games"] == 40


def test_compare_a_side_equals_simulate(capsys, variant):
    args = ["--games", "30", "--players", "3", "--seed", "2", "--workers", "2", "--json"]
    cmp = run_json(capsys, "compare", "--bots", "greedy", "--pack", "base", "--pack", str(variant), *args)
    alone = run_json(capsys, "simulate", "--bots", "greedy", "--pack", "base", *args)
    alone.pop("meta")
    # compare's figures are simulate's, the built-or-passed ones as associations (no verdict word)
    v = alone.pop("verdicts")
    alone["associations"] = {**v, "cards": [{k: x for k, x in r.items() if k != "verdict"} for r in v["cards"]]}
    assert cmp["a"] == alone
    # `simulate --baseline` is the same comparison
    base = run_json(capsys, "simulate", "--bots", "greedy", "--pack", str(variant), "--baseline", "base", *args)
    assert base["diff"] == cmp["diff"]


def test_compare_identical_packs_shows_no_difference(capsys):
    data = run_json(capsys, "compare", "--bots", "greedy", "--pack", "base", "--pack", "base", "--games", "40",
                    "--players", "3", "--workers", "2", "--json")
    assert data["a"] == data["b"]
    n = 0
    for section in data["diff"].values():
        for v in section.values():
            assert v["diff"] == 0 and v["p"] == 1.0 and v["significant"] is False
            n += 1
    assert n > 50


def test_compare_needs_two_packs(capsys):
    capsys.readouterr()
    assert main(["compare", "--bots", "greedy", "--pack", "base", "--games", "5", "--players", "3"]) == 1
    assert "two packs" in capsys.readouterr().err


def test_compare_text_output(capsys, monkeypatch, variant):
    monkeypatch.setenv("COLUMNS", "200")
    capsys.readouterr()
    assert main(["compare", "--bots", "greedy", "--pack", "base", "--pack", str(variant), "--games", "20", "--players", "3",
                 "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "rich-start (B) against base (A)" in out and "points treasury" in out


def test_a_game_past_its_safety_cap_is_counted_not_raised(monkeypatch) -> None:
    from dsl.loader import load_pack
    from interpreter.players.game import Game
    from interpreter.sim import runner
    real_init = Game.__init__

    def tiny_cap(self, *a, **kw):  # a cap no real game fits under
        kw["max_actions"] = 10
        real_init(self, *a, **kw)
    monkeypatch.setattr(Game, "__init__", tiny_cap)
    cfg = runner.SimConfig(pack=load_pack("base").path, games=3, players=3, workers=1)
    agg = runner.run_chunk(cfg, range(3))
    assert agg.capped == 3 and agg.games == 0 and agg.errors == 3
    assert "cap 10" in agg.error_samples[0]
    assert agg.as_json()["stopped_by_cap"] == 3


def test_normal_games_never_hit_the_cap() -> None:
    from dsl.loader import load_pack
    from interpreter.sim import runner
    cfg = runner.SimConfig(pack=load_pack("base").path, games=20, players=7, workers=1)
    agg = runner.run_chunk(cfg, range(20))
    assert agg.capped == 0 and agg.games == 20


def test_a_bundled_pack_plays_the_same_games_from_a_copy_of_its_files(tmp_path) -> None:
    """What a remote Ray worker does: rebuild the pack (and the packs it extends) from the
    bundled file texts, then play; the statistics equal those from the original folder."""
    from dsl.loader import load_pack
    from interpreter.sim import runner
    (tmp_path / "parent").mkdir()
    (tmp_path / "parent" / "pack.yaml").write_text("name: parent\nextends: base\nrules:\n  starting_coins: 5\n")
    (tmp_path / "child").mkdir()
    (tmp_path / "child" / "pack.yaml").write_text("name: child\nextends: ../parent\nrules:\n  sell_coins: 4\n")
    pack = load_pack(str(tmp_path / "child"))
    bundle = runner.bundle_pack(pack)
    assert {name for _, name, _ in bundle} == {"pack.yaml"} and len(bundle) == 2  # base is shipped
    plain = runner.SimConfig(pack=pack.path, games=12, players=3, workers=1)
    bundled = runner.SimConfig(pack=pack.path, games=12, players=3, workers=1, bundle=bundle)
    where = runner._unbundle(bundled)
    assert where != pack.path and load_pack(where).rules.starting_coins == 5
    assert runner.run_chunk(plain, range(12)).as_json() == runner.run_chunk(bundled, range(12)).as_json()

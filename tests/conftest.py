"""Shared fixtures: `core` runs a test on both engines (the native one skipped, with the reason,
when its compiled module is not built; in CI it must be built, so there it fails instead)."""
from __future__ import annotations

import os

import pytest
from game_checks import native_or_skip




@pytest.fixture(params=["python", "native"])
def core(request: pytest.FixtureRequest) -> str:
    if request.param == "native":
        native_or_skip()
    return request.param


@pytest.fixture
def native_core() -> None:
    native_or_skip()


@pytest.fixture(autouse=True)
def _own_trust_file(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Consent remembered by a test (--allow-plugins records it) stays in the test's own file."""
    import os
    if "WONDERS_TRUST_FILE" not in os.environ or "pytest" in os.environ["WONDERS_TRUST_FILE"]:
        monkeypatch.setenv("WONDERS_TRUST_FILE", str(tmp_path_factory.mktemp("trust") / "trust.json"))
    if "WONDERS_DB" not in os.environ or "pytest" in os.environ["WONDERS_DB"]:  # `serve`'s saved tables
        monkeypatch.setenv("WONDERS_DB", str(tmp_path_factory.mktemp("tables") / "tables.sqlite"))


# The long tests: attack and fault runs that start the command many times (tests/hostile/), real
# browsers, both cores compared over many seeded games, the statistics and experiments (many
# games each), every example pack played, the mutation fuzzer, a hundred games per player count,
# the language server over stdio. The README's `pytest` leaves them out
# (`-m "not slow"` in pyproject.toml, so a newcomer's run takes under 3 minutes on 2 cores); CI
# runs them after it (`pytest -m slow`), and `pytest -m ""` runs everything.
SLOW_FILES = frozenset({
    "test_web_browser_tables.py", "test_web_browser_host.py", "test_native_constructs.py",
    "test_native_differential.py", "test_native_laws.py", "test_native_projects.py",
    "test_native_targets.py", "test_bad_input.py", "test_leaders_game.py", "test_lsp.py",
    "test_native_core.py", "test_examples.py", "test_modding.py", "test_web.py", "test_auto_bots.py",
    "test_sim_verdicts.py", "test_sim_stats.py", "test_sim_runner.py", "test_sim_report.py",
    "test_tune.py", "test_experiment.py", "test_recheck.py",
})


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        path = item.path
        if path.parent.name == "hostile" or path.name in SLOW_FILES:
            item.add_marker(pytest.mark.slow)

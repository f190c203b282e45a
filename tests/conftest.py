"""Shared fixtures: `core` runs a test on both engines (the native one skipped, with the reason,
when its compiled module is not built; in CI it must be built, so there it fails instead)."""
from __future__ import annotations

import os

import pytest


def native_or_skip() -> None:
    """Skip (fail in CI) when the native core is not there."""
    from interpreter import native
    ok, why = native.status()
    if ok:
        return
    if os.environ.get("CI") and os.environ.get("WONDERS_CORE", "").lower() != "python":
        pytest.fail(f"CI must build the native core: {why}")
    pytest.skip(f"native core unavailable: {why}")


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

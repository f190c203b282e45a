"""The wheel must carry every package and the shipped packs (an installed `wonders` finds base)."""
from __future__ import annotations

import fnmatch
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(sys.version_info < (3, 11), reason="tomllib")
def test_every_python_package_is_included_in_the_wheel() -> None:
    import tomllib
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = config["packages"]["find"]["include"]
    packages = [".".join(p.parent.relative_to(ROOT).parts) for p in ROOT.glob("*/**/__init__.py")
                if p.parent.relative_to(ROOT).parts[0] in ("dsl", "interpreter", "cards")]
    assert "interpreter.cli" in packages and "interpreter.sim" in packages
    missing = [p for p in packages if not any(fnmatch.fnmatch(p, pat) for pat in patterns)]
    assert missing == []


@pytest.mark.skipif(sys.version_info < (3, 11), reason="tomllib")
def test_shipped_pack_files_match_the_package_data_patterns() -> None:
    import tomllib
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    for f in (ROOT / "cards").rglob("*.yaml"):
        rel = f.relative_to(ROOT / "cards").as_posix()
        assert any(fnmatch.fnmatch(rel, pat) for pat in data["cards"]), rel
    for name in ("effects.lark", "pack.schema.json"):
        assert any(fnmatch.fnmatch(name, pat) for pat in data["dsl"]), name

"""Consent covers what runs: a plug-in is compiled from its source only (a `__pycache__`
file a pack ships, compiled from other code with a header matching the source, never runs,
and none is written into the pack's folder); the consent's hash covers every file under the
pack's folder, sub-folders included; consent is per pack (`--allow-plugins A` does not run or
trust the plug-ins of a pack B that A extends: B is trusted by name)."""
from __future__ import annotations

import importlib.util
import json
import marshal  # noqa: F401 - the .pyc format below is marshal's
import os
from importlib import _bootstrap_external  # type: ignore[attr-defined]
from pathlib import Path

from conftest import assert_refused, run_wonders, write_pack
from test_attacks import marker_pack


def env(home: Path) -> dict[str, str]:
    return {"WONDERS_TRUST_FILE": str(home / "trust.json")}


def craft_pyc(source: Path, code_text: str) -> Path:
    """A __pycache__ file for `source` compiled from `code_text`, its header stamped with the
    source's own mtime and size, so a timestamp check takes it for the source's."""
    st = source.stat()
    code = compile(code_text, str(source), "exec")
    data = _bootstrap_external._code_to_timestamp_pyc(code, int(st.st_mtime), st.st_size)
    pyc = Path(importlib.util.cache_from_source(str(source)))
    pyc.parent.mkdir(exist_ok=True)
    pyc.write_bytes(bytes(data))
    return pyc


def evil_pack(home: Path) -> tuple[Path, Path, Path]:
    folder, marker = marker_pack(home)
    evil = home.parent / "EVIL"
    craft_pyc(folder / "payload.py", f"from pathlib import Path\nPath({str(evil)!r}).write_text('bytecode')\n"
                                     "PLUGIN_EFFECTS = []\n")
    return folder, marker, evil


def test_a_shipped_pyc_never_runs_after_trust(home: Path) -> None:
    folder, marker, evil = evil_pack(home)
    assert run_wonders(["trust", str(folder)], home, env=env(home)).status == 0
    r = run_wonders(["validate", str(folder)], home, env=env(home))
    assert r.status == 0, r.err
    assert marker.exists() and not evil.exists(), "the bytecode ran instead of the source"


def test_a_shipped_pyc_never_runs_with_allow_plugins(home: Path) -> None:
    folder, marker, evil = evil_pack(home)
    r = run_wonders(["validate", "--allow-plugins", str(folder)], home, env=env(home))
    assert r.status == 0, r.err
    assert marker.exists() and not evil.exists(), "the bytecode ran instead of the source"


def test_a_pyc_added_after_trust_asks_again(home: Path) -> None:
    folder, marker = marker_pack(home)
    assert run_wonders(["trust", str(folder)], home, env=env(home)).status == 0
    craft_pyc(folder / "payload.py", "PLUGIN_EFFECTS = []\n")
    r = run_wonders(["validate", str(folder)], home, env=env(home))
    assert_refused(r, "changed since you trusted it", "__pycache__/payload.cpython")
    assert not marker.exists()


def test_no_bytecode_is_written_into_the_pack(home: Path) -> None:
    folder, marker = marker_pack(home)
    (folder / "helper.py").write_text("X = 1\n")
    (folder / "payload.py").write_text("import sys, os\nsys.path.insert(0, os.path.dirname(__file__))\n"
                                       "import helper\n" + (folder / "payload.py").read_text())
    r = run_wonders(["validate", "--allow-plugins", str(folder)], home, env=env(home))
    assert r.status == 0 and marker.exists(), r.err
    assert not (folder / "__pycache__").exists(), list(folder.rglob("*"))


def test_a_module_in_a_sub_folder_changed_asks_again(home: Path) -> None:
    folder, marker = marker_pack(home)
    (folder / "lib").mkdir()
    (folder / "lib" / "helper.py").write_text("X = 1\n")
    (folder / "payload.py").write_text("import runpy, os\nrunpy.run_path(os.path.join(os.path.dirname(__file__), "
                                       "'lib', 'helper.py'))\n" + (folder / "payload.py").read_text())
    assert run_wonders(["trust", str(folder)], home, env=env(home)).status == 0
    assert run_wonders(["validate", str(folder)], home, env=env(home)).status == 0 and marker.exists()
    marker.unlink()
    (folder / "lib" / "helper.py").write_text("X = 2  # changed\n")
    r = run_wonders(["validate", str(folder)], home, env=env(home))
    assert_refused(r, "changed since you trusted it (lib/helper.py)")
    assert not marker.exists()


def test_allow_plugins_on_a_pack_does_not_run_or_trust_the_pack_it_extends(home: Path) -> None:
    parent, marker = marker_pack(home, "parent")
    child = write_pack(home / "child", "name: child\nextends: [../parent]\n")
    r = run_wonders(["validate", "--allow-plugins", str(child)], home, env=env(home))
    assert_refused(r, "a pack this one extends", f"wonders trust {parent}")
    assert not marker.exists()
    trusted = json.loads((home / "trust.json").read_text())["packs"] if (home / "trust.json").exists() else {}
    assert str(parent.resolve()) not in trusted
    assert run_wonders(["trust", str(parent)], home, env=env(home)).status == 0  # named separately
    r = run_wonders(["validate", str(child)], home, env=env(home))
    assert r.status == 0 and marker.exists(), r.err
    assert os.path.exists(home / "trust.json")

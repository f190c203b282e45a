"""Consent remembered by content (issue 22): `wonders trust PACK` and `--allow-plugins` record
the plug-ins as they are; later runs naming the pack run them; a changed file asks again; a
broken record is a clear error."""
from __future__ import annotations

from pathlib import Path

from conftest import assert_refused, run_wonders
from test_attacks import marker_pack


def env(home: Path) -> dict[str, str]:
    return {"WONDERS_TRUST_FILE": str(home / "trust.json")}


def test_trust_then_run_without_the_flag_until_a_file_changes(home: Path) -> None:
    folder, marker = marker_pack(home)
    assert_refused(run_wonders(["validate", str(folder)], home, env=env(home)), "wonders trust PACK")
    assert not marker.exists()
    r = run_wonders(["trust", str(folder)], home, env=env(home))
    assert r.status == 0 and "trusted" in r.out and "payload.py" in r.out, r.err
    assert not marker.exists()  # trusting runs nothing: it says what will run
    r = run_wonders(["validate", str(folder)], home, env=env(home))
    assert r.status == 0 and marker.exists(), r.err
    marker.unlink()
    (folder / "payload.py").write_text((folder / "payload.py").read_text() + "# changed\n")
    r = run_wonders(["validate", str(folder)], home, env=env(home))
    assert_refused(r, "payload.py changed since you trusted it")
    assert not marker.exists()


def test_allow_plugins_records_and_says_what_runs(home: Path) -> None:
    folder, marker = marker_pack(home)
    r = run_wonders(["validate", "--allow-plugins", str(folder)], home, env=env(home))
    assert r.status == 0 and "trusting the plug-ins of" in r.err and "payload.py" in r.err
    r = run_wonders(["trust", "--list"], home, env=env(home))
    assert str(folder) in r.out
    r = run_wonders(["trust", "--revoke", str(folder)], home, env=env(home))
    assert "no longer trusted" in r.out
    marker.unlink()
    assert_refused(run_wonders(["validate", str(folder)], home, env=env(home)), "--allow-plugins")
    assert not marker.exists()


def test_a_trusted_pack_named_by_a_state_file_still_runs_nothing(home: Path) -> None:
    import json

    from test_attacks import STATE
    folder, marker = marker_pack(home)
    assert run_wonders(["trust", str(folder)], home, env=env(home)).status == 0
    assert not marker.exists()
    (home / "state.json").write_text(json.dumps({**STATE, "pack": str(folder)}))
    assert_refused(run_wonders(["score", "state.json"], home, env=env(home)), "state.json: the pack")
    assert not marker.exists()


def test_a_broken_trust_record_is_a_clear_error(home: Path) -> None:
    folder, marker = marker_pack(home)
    (home / "trust.json").write_text("{not json")
    r = run_wonders(["trust", str(folder)], home, env=env(home))
    assert r.status == 1 and "the trust record cannot be read" in r.err and "Traceback" not in r.err
    r = run_wonders(["validate", str(folder)], home, env=env(home))
    assert_refused(r, "the trust record cannot be read")
    assert not marker.exists()


def test_a_change_to_a_neighbouring_python_file_asks_again(home: Path) -> None:
    """A plug-in may load helper.py beside it: the consent covers every Python file there."""
    folder, marker = marker_pack(home)
    (folder / "helper.py").write_text("X = 1\n")
    assert run_wonders(["trust", str(folder)], home, env=env(home)).status == 0
    assert run_wonders(["validate", str(folder)], home, env=env(home)).status == 0
    marker.unlink()
    (folder / "helper.py").write_text("X = 2\n")
    assert_refused(run_wonders(["validate", str(folder)], home, env=env(home)), "changed since you trusted it")
    assert not marker.exists()

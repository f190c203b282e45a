"""Consent bound to what the user named (issue 22): --allow-plugins runs the plug-ins of the
packs named on the command line, never of a pack an input file (a STATE file, a log) names."""
from __future__ import annotations

import json
from pathlib import Path

from conftest import assert_refused, run_wonders
from test_attacks import STATE, marker_pack


def test_score_with_consent_runs_nothing_a_state_file_names(home: Path) -> None:
    folder, marker = marker_pack(home)
    (home / "state.json").write_text(json.dumps({**STATE, "pack": str(folder)}))  # by absolute path
    for cmd in (["score", "--allow-plugins", "state.json"],
                ["price", "--allow-plugins", "state.json", "--player", "0", "--stage"]):
        r = run_wonders(cmd, home)
        assert_refused(r, "state.json: the pack", "run only for a pack named on the command line")
        assert not marker.exists()


def test_the_same_pack_named_by_the_user_runs_with_consent(home: Path) -> None:
    folder, marker = marker_pack(home)
    (home / "state.json").write_text(json.dumps({**STATE, "pack": str(folder)}))
    r = run_wonders(["score", "--allow-plugins", "--pack", str(folder), "state.json"], home)
    assert r.status == 0, r.err
    assert marker.exists()


def test_serve_with_consent_runs_nothing_a_log_names(home: Path) -> None:
    folder, marker = marker_pack(home)
    r = run_wonders(["play", "--players", "3", "--log", "game.json"], home, timeout=30)
    assert r.status == 0, r.err
    log = json.loads((home / "game.json").read_text())
    log["pack"] = str(folder)
    (home / "game.json").write_text(json.dumps(log))
    r = run_wonders(["serve", "--allow-plugins", "--log", "game.json", "--port", "0"], home)
    assert_refused(r, "game.json: the pack", "run only for a pack named on the command line")
    assert not marker.exists()

"""Packs that validate must play (issue 22): what cannot be dealt or seated at a declared player
count is a located error at `validate`, and `play` never ends in a traceback, on either core."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import assert_refused, run_wonders

TWO_PILES = """name: solo
extends: base
rules:
  players: {min: 1, max: 3}
  seats:
    - {name: Ghost A, players: [1], controller: holder, first_holder: [left, right, left], hand: pile, must_play: true}
    - {name: Ghost B, players: [1], controller: holder, first_holder: [left, right, left], hand: pile, must_play: true}
    - {name: Free City, players: [2], controller: holder, first_holder: [left, right, left], hand: pile, must_play: true}
"""


def pack(home: Path, name: str, text: str) -> Path:
    folder = home / name
    folder.mkdir()
    (folder / "pack.yaml").write_text(text)
    return folder


def test_two_piles_played_from_one_hand_are_refused_at_validate(home: Path) -> None:
    """Before: validate said ok, then every 1-player game died with StopIteration in seats.py."""
    folder = pack(home, "solo", TWO_PILES)
    r = run_wonders(["validate", str(folder)], home)
    assert_refused(r, "pack.yaml:7:", "seat 'Ghost B': at 1 player(s) the seats 'Ghost A' and 'Ghost B' both keep a pile")
    assert_refused(run_wonders(["play", "--pack", str(folder), "--players", "1"], home), "Ghost B")


def test_the_suggested_fix_validates_and_plays(home: Path) -> None:
    """One pile and one seat with its own hand, both played by the one player: a solo game."""
    text = TWO_PILES.replace("{name: Ghost B, players: [1], controller: holder, first_holder: [left, right, left], hand: pile",
                             "{name: Ghost B, players: [1], controller: holder, first_holder: [left, right, left], hand: own")
    assert "hand: own" in text
    folder = pack(home, "ok", text)
    r = run_wonders(["validate", str(folder)], home)
    assert r.status == 0, r.err
    r = run_wonders(["play", "--pack", str(folder), "--players", "1", "--seed", "3"], home, timeout=60)
    assert r.status == 0 and "Traceback" not in r.err, r.err[-2000:]
    assert "Ghost A" in r.out and "Ghost B" in r.out


@pytest.mark.parametrize("core", ["auto", "native", "python"])
def test_an_age_that_cannot_be_dealt_is_refused_on_every_core(home: Path, core: str) -> None:
    """Before: validate warned and said ok; play printed a 26-line NotNative traceback."""
    folder = pack(home, "short", "name: short\nextends: base\nremove: [Clay Pool, Lumber Yard]\n")
    assert_refused(run_wonders(["validate", str(folder)], home),
                   "pack.yaml:3:9: age 1 has 19 cards at 3 players; 21 are needed")
    r = run_wonders(["play", "--pack", str(folder), "--players", "4", "--core", core], home)
    assert_refused(r, "age 1 has 25 cards at 4 players; 28 are needed")


@pytest.mark.parametrize("core", ["native", "python"])
def test_a_simulation_of_an_age_that_cannot_be_dealt_is_refused(home: Path, core: str) -> None:
    """Issue 23: simulate (and compare --without) say what is short on both cores, no traceback."""
    folder = pack(home, "short", "name: short\nextends: base\nremove: [Clay Pool, Lumber Yard]\n")
    r = run_wonders(["simulate", "--bots", "greedy", "--pack", str(folder), "--players", "3", "--games", "2",
                     "--workers", "1", "--core", core], home)
    assert_refused(r, "age 1 has 19 cards at 3 players; 21 are needed")
    r = run_wonders(["compare", "--bots", "greedy", "--pack", "base", "--without", "Lumber Yard", "--players", "3",
                     "--games", "2", "--workers", "1", "--core", core], home)
    assert_refused(r, "without it age 1 has 20 cards for 3 players; 21 are needed")


def test_a_compiled_variant_too_small_to_deal_falls_back_to_the_clear_error() -> None:
    """A variant made in memory (compare --without) never reaches the native core's deal: auto
    picks the Python engine, which says what is missing."""
    from dsl.loader import load_pack
    from interpreter.cli.core_opt import pick_core
    from interpreter.rules.compiled import compile_pack
    from interpreter.sim.variants import without_cards
    from interpreter import native
    if not native.available():
        pytest.skip("no native core built")
    cp = without_cards(compile_pack(load_pack("base")), ("Lumber Yard",))
    core, why = pick_core("auto", cp, "greedy", 3)
    assert core == "python" and why == "age 1 has too few cards for 3 players"

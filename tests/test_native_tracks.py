"""Tracks on the native core (interpreter/native/tracks.pxi): markers moved by `advance`, paid
steps decided by the native random and greedy bots as the Python ones decide them (the same
draws), step rewards, and conflicts along tracks of every city against every other, compared
move by move with the Python engine (differential.first_difference) on examples/naval-tracks
and on tests/packs/fleet-tracks (strength counted: red cards, groups of 3 coins, shields,
naval tokens; paid steps of 1, 2 and 3 coins; a step moved by a trigger)."""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl.loader import load_pack
from interpreter.rules.compiled import compile_pack

HERE = Path(__file__).resolve().parent
PACKS = {"naval": HERE.parent / "examples" / "naval-tracks", "fleet": HERE / "packs" / "fleet-tracks",
         "triggers": HERE / "packs" / "fleet-triggers"}


@pytest.fixture(scope="module")
def cps() -> dict:
    return {name: compile_pack(load_pack(str(path))) for name, path in PACKS.items()}


def test_islands_lower_as_a_hand_and_a_box_at_the_start(cps: dict) -> None:
    """examples/naval-tracks' island deck: no draft deals it, so its 8 cards are in the box
    from the start (phases.boxed_at_start), and the green steps' draws and builds name the
    hands `islands` and `far_islands`, which only track steps name."""
    from interpreter.native.lower import hand_names, lower
    cp = cps["naval"]
    assert hand_names(cp) == ["far_islands", "islands"]
    t = lower(cp)
    assert [cp.cards[i].name for i in t["start_box"]] == [
        "Palm Atoll", "Pearl Bank", "Cedar Isle", "Harbour Isle",  # `islands`, then `far_islands`
        "Lookout Rock", "Iron Reef", "Glass Sands", "Oracle Isle"]
    assert lower(cps["fleet"])["start_box"] == []


@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_islands_are_built_natively(native_core: None, cps: dict, bots: str) -> None:
    """Native games of the naval pack: every island is in one place only (the box, an island
    hand, a city), and greedy cities reaching green step 2 or 4 build islands."""
    from interpreter.sim.differential import native_run
    cp = cps["naval"]
    islands = {c.id for c in cp.cards if c.deck in ("islands", "far_islands")}
    built = 0
    for seed in range(8):
        trace, _ = native_run(cp, seed, 5, bots, "A")
        age, turn, cities, _discard, box = trace[-1][1]
        places = [i for c in cities for i in c[4] if i in islands] + \
            [i for c in cities for h in c[7] for i in h] + [i for i in box if i in islands]
        assert sorted(places) == sorted(islands), (seed, places)
        built += sum(1 for c in cities for i in c[4] if i in islands)
    assert built or bots == "random"  # (a random bot takes a paid step at even odds: rarely two)


def test_steps_whose_reward_is_a_trigger_are_reached_natively(native_core: None, cps: dict) -> None:
    """tests/packs/fleet-triggers (played move by move against Python above): its games reach
    the steps that are triggers (red step 2, yellow steps 1 and 3, gold steps 1 and 2)."""
    from interpreter.sim.differential import native_run
    reached = set()
    for seed in range(6):
        trace, _ = native_run(cps["triggers"], seed, 4, "greedy", "A")
        for c in trace[-1][1][2]:
            red, yellow, gold = c[-1]
            reached |= {("red", 2)} if red >= 2 else set()
            reached |= {("yellow", k) for k in (1, 3) if yellow >= k}
            reached |= {("gold", k) for k in (1, 2) if gold >= k}
    assert reached == {("red", 2), ("yellow", 1), ("yellow", 3), ("gold", 1), ("gold", 2)}


def test_tracks_lower_with_their_steps_and_conflicts(cps: dict) -> None:
    from interpreter.native.lower import H_ADVANCE, lower
    t = lower(cps["fleet"])
    assert [len(steps) for steps in t["tracks"]] == [3, 4, 3]
    # shields (1), else the count; victory and defeat per age as declared
    assert [(w[0], w[2], w[3]) for w in t["track_wars"]] == [
        (0, [2, 4, 6], [-1, -1, -2]), (0, [1, 2, 3], [0, -1, -1]), (1, [1, 1, 1], [-1, -1, -1]),
        (0, [3, 3, 3], [-2, -2, -2])]
    assert t["track_wars"][1][1][3] == 3  # groups of 3 coins
    assert {row[1] for row in t["hooks"] if row[0] == H_ADVANCE} == {0, 1, 2, 3}  # coins a step costs


@pytest.mark.parametrize("name,players", [(p, n) for p in PACKS for n in range(3, 8)])
def test_both_cores_play_the_same_games(native_core: None, cps: dict, name: str, players: int) -> None:
    from interpreter.sim.differential import first_difference
    for seed in range(6):
        bots = ("random", "greedy", "random,greedy")[seed % 3]
        diff = first_difference(cps[name], seed * 7 + players, players, bots, ("A", "B", "random")[seed % 3])
        assert diff == "", diff


@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_paid_steps_are_asked_and_both_answers_happen(native_core: None, cps: dict, bots: str) -> None:
    """The native trace holds the paid steps' questions (a step as card -1000 - k), answered
    both ways over a few games, and markers that moved."""
    from interpreter.sim.differential import native_run
    answers, moved = set(), 0
    for seed in range(6):
        trace, _ = native_run(cps["fleet"], seed, 4, bots, "A")
        answers |= {r[3] for r in trace if r[0] == "card" and r[2][0] <= -1000}
        moved += sum(sum(c[-1]) for c in trace[-1][1][2])
    assert answers == {0, None} and moved


def test_taken_native_mid_game_it_plays_on_as_python(native_core: None, cps: dict) -> None:
    """bridge.from_decision carries the markers (the steps' rewards folded in again)."""
    from test_native_bridge import played_on_natively
    moved = 0
    for cp in cps.values():
        for game in played_on_natively(cp, range(6)):
            moved += sum(sum(c.track_pos) for c in game.cities)
    assert moved


def test_a_search_bot_plays_its_playouts_natively(native_core: None, cps: dict) -> None:
    from interpreter import native
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    assert native.unsupported(cps["naval"]) == ""
    scores = Game(cps["naval"], make_bots("search:20,greedy", 3), seed=2).play()
    assert len(scores["players"]) == 3


@pytest.mark.parametrize("name", ["fleet", "naval"])
def test_a_search_world_carries_the_markers(native_core: None, cps: dict, name: str) -> None:
    """A world the core deals for the search bot (players/native_worlds.py) holds the markers
    and their rewards (naval: the island hands and the islands left in the box): played out
    natively, it scores as the same world determinized in Python and played on by the Python
    engine."""
    from interpreter.players.bots import GreedyBot, RandomBot
    from interpreter.players.determinize import determinize
    from interpreter.players.game import Game
    from interpreter.players.native_worlds import NativeWorlds
    from interpreter.sim.native_records import scores_of
    cp = cps[name]
    checked = []

    class Probe(RandomBot):
        def choose(self, obs, moves):
            if obs.phase.kind == "age" and obs.sub == "turn" and obs.age == 3 and obs.turn == 2 and not checked:
                worlds = NativeWorlds.of(obs)
                assert worlds is not None
                stream = obs.search_rng.fork("w:0")
                fast = worlds.world(stream.copy())
                slow = determinize(obs, stream, [GreedyBot() for _ in range(obs.n)])
                markers = [list(c.track_pos) for c in slow.cities]
                assert slow.determinized_shortfall == 0  # every hidden island had a place
                fast.reseed_bots([r.state for r in slow.bot_rngs], [1] * obs.n)
                fast.play()
                checked.append((markers, scores_of(cp, fast) == slow.play()))
            return super().choose(obs, moves)

    for seed in range(4):
        checked.clear()
        Game(cp, [Probe()] + [RandomBot() for _ in range(3)], seed=seed).play()
        assert checked and checked[0][1], (seed, checked)
        assert any(any(m) for m in checked[0][0])


# --- steps priced in resources (`advance gold for wood`), on both cores -------------------------

RESOURCES = HERE / "packs" / "fleet-resources"
GOLD = 2  # fleet-tracks' tracks: red, yellow, gold; gold's first step: vp 3


def _theater(seat_has_wood: bool, left_sells_wood: bool, rebate: bool = False):
    """A 3-player greedy game where seat 0 builds Theater (`vp 2; advance gold for wood`) with
    3 coins; seat 1 (its left) and seat 2 (its right) hold 3 coins each."""
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    cp = compile_pack(load_pack(str(RESOURCES)))
    game = Game(cp, make_bots("greedy", 3), seed=1, log=True)
    for c in game.cities:
        c.coins = 3
    if seat_has_wood:
        game.cities[0].build_card(cp.card_named("Lumber Yard"))
    if left_sells_wood:
        game.cities[1].build_card(cp.card_named("Lumber Yard"))
    if rebate:
        game.cities[0].build_card(cp.card_named("Marketplace"))
    theater = cp.card_named("Theater")
    game.cities[0].build_card(theater)
    return game, game.when_built(0, theater.effect)


def test_a_step_priced_in_wood_is_bought_from_the_left_and_paid_at_once() -> None:
    game, coins = _theater(seat_has_wood=False, left_sells_wood=True)
    # wood from the left at the rules' price, 2 coins; the step (vp 3) is worth more than
    # 2 coins (2/3 of a point): the greedy bot takes it; the left city is paid at once
    assert coins == 0 and [c.coins for c in game.cities] == [1, 5, 3]
    assert game.cities[0].track_pos[GOLD] == 1
    (turn,) = [t for t in game.log["turns"] if t["moves"][0]["action"] == "advance"]
    assert turn["note"] == "advance gold for wood (2 coins in all)"
    assert (turn["moves"][0]["bank"], turn["moves"][0]["left"], turn["moves"][0]["right"]) == (0, 2, 0)


def test_own_wood_pays_the_step_and_a_rebate_is_used_up() -> None:
    game, _ = _theater(seat_has_wood=True, left_sells_wood=True)
    assert [c.coins for c in game.cities] == [3, 3, 3] and game.cities[0].track_pos[GOLD] == 1
    game, _ = _theater(seat_has_wood=False, left_sells_wood=True, rebate=True)
    # `rebate 1 coin from left`: the wood costs 1; the rebate is then used for the turn
    assert [c.coins for c in game.cities] == [2, 4, 3] and game.cities[0].rebate_used == {1}


def test_a_step_nobody_can_supply_is_not_asked() -> None:
    game, _ = _theater(seat_has_wood=False, left_sells_wood=False)
    assert game.cities[0].track_pos[GOLD] == 0 and [c.coins for c in game.cities] == [3, 3, 3]
    assert not [t for t in game.log["turns"] if t["moves"][0]["action"] == "advance"]


@pytest.mark.parametrize("players", range(3, 8))
def test_steps_priced_in_resources_play_alike_on_both_cores(native_core: None, players: int) -> None:
    from interpreter.sim.differential import first_difference
    cp = compile_pack(load_pack(str(RESOURCES)))
    for seed in range(6):
        bots = ("random", "greedy", "random,greedy")[seed % 3]
        diff = first_difference(cp, seed * 5 + players, players, bots, ("A", "B", "random")[seed % 3])
        assert diff == "", diff


@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_a_game_with_steps_bought_from_neighbours_resumes_from_its_log(tmp_path: Path, capsys, bots: str) -> None:
    from interpreter.cli import main
    log = tmp_path / "log.json"
    args = ["play", "--pack", str(RESOURCES), "--json", "--bots", bots, "--core", "python"]
    assert main([*args, "--players", "4", "--seed", "3", "--log", str(log)]) == 0
    first = capsys.readouterr().out
    assert "coins in all)" in log.read_text()  # a step priced in resources was taken
    assert main([*args, "--resume", str(log)]) == 0
    assert capsys.readouterr().out == first

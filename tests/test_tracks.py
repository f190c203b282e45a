"""Per-city tracks (rules: tracks), the word `advance`, and conflicts along a track
(rules: track_conflicts), on examples/naval-tracks. Expectations are worked out by hand from
the pack's README and pack.yaml: red steps give naval tokens 1, 1, 2, 2 (+1 vp); yellow coins
2, 3, 4 (+1 vp); green a private any-raw, an island, a wild symbol, an island (draw 2 island
cards, build one at the end of the turn); the naval conflict gives
3/5/7 to the strongest and -1/-2/-3 to the weakest."""
from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent

import pytest

from dsl.diagnostics import PackError
from dsl.loader import load_pack
from interpreter.native.lower import lower
from interpreter.players.bots import RandomBot
from interpreter.players.game import Game
from interpreter.players.roster import make_bots
from interpreter.rules.compiled import compile_pack
from interpreter.rules.statefile import StateError, build_table

REPO = Path(__file__).resolve().parents[1]
NAVAL = REPO / "examples" / "naval-tracks"
RED, YELLOW, BLUE, GREEN = range(4)


@pytest.fixture(scope="module")
def cp():
    return compile_pack(load_pack(str(NAVAL)))


def built(game, seat: int, name: str) -> int:
    """Build a card in `seat`'s city as a turn would (totals, then its when-built effects);
    the coins it gives are returned, as the turn adds them."""
    card = game.cp.card_named(name)
    game.cities[seat].build_card(card)
    return game.when_built(seat, card.effect)


class Yes(RandomBot):
    """A random bot that takes every step it is offered (the questions recorded)."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def choose_card(self, obs, cards, purpose):
        self.asked.append(purpose)
        return 0 if purpose.startswith("advance") else super().choose_card(obs, cards, purpose)


def supplied(cp, players: int = 3) -> Game:
    """A game whose seat 0 takes every step and produces ore, stone, wood and papyrus: the
    steps' prices in resources (red 1 ore, blue 1 stone, green 1 papyrus, Vineyard's yellow
    1 wood) are its own, so they cost it no coins."""
    game = Game(cp, [Yes()] + make_bots("random", players - 1), seed=1)
    for name in ("Ore Vein", "Stone Pit", "Lumber Yard", "Press"):
        game.cities[0].build_card(cp.card_named(name))
    return game


def test_red_steps_give_naval_strength_and_the_marker_stops_at_the_end(cp) -> None:
    game = supplied(cp)
    city = game.cities[0]
    naval = []
    for name in ("Stockade", "Barracks", "Walls", "Arsenal", "Stockade"):
        assert built(game, 0, name) == 0  # red steps give no coins
        naval.append((city.track_pos[RED], city.token_counts.get("naval", 0)))
    # steps 1..4: +1, +1, +2, +2; the fifth advance finds the track's end: nothing happens
    assert naval == [(1, 1), (2, 2), (3, 4), (4, 6), (4, 6)]
    assert city.track_pos == [4, 0, 0, 0] and city.coins == 3  # its own ore: nothing paid
    assert game.bots[0].asked == ["advance red for ore (0 coins in all)"] * 4  # not at the end
    assert sum(1 for line, _ in city.scorers if line == "military") == 1  # the last step's vp 1
    assert city.shields == 1 + 1 + 2 + 3 + 1  # the cards' own shields, unchanged


def test_a_step_priced_in_ore_buys_it_from_a_neighbour_or_is_not_offered(cp) -> None:
    """Stockade: `advance red for 1 ore`. Without ore of its own the city buys it from its left
    neighbour at 2 coins (paid at once); with no neighbour selling ore nothing is asked."""
    game = Game(cp, [Yes(), Yes(), Yes()], seed=1)
    city, left = game.cities[0], game.cities[1]
    assert built(game, 0, "Stockade") == 0  # nobody produces ore: not offered
    assert (city.track_pos[RED], game.bots[0].asked) == (0, [])
    left.build_card(cp.card_named("Ore Vein"))
    assert built(game, 0, "Stockade") == 0
    assert game.bots[0].asked == ["advance red for ore (2 coins in all)"]
    assert (city.track_pos[RED], city.coins, left.coins) == (1, 3 - 2, 3 + 2)


class Answering(RandomBot):
    """A random bot whose answers to mid-turn questions are scripted (True: take), recorded."""

    def __init__(self, answers: list[bool]):
        self.answers, self.asked = list(answers), []

    def choose_card(self, obs, cards, purpose):
        self.asked.append((purpose, [c.name for c in cards]))
        return 0 if self.answers.pop(0) else None


def test_a_paid_step_is_asked_and_taken_only_with_the_coins(cp) -> None:
    bots = [Answering([True, False]), Answering([]), Answering([])]
    game = Game(cp, bots, seed=1, log=True)
    city = game.cities[0]
    assert city.coins == 3
    got = built(game, 0, "Tavern")  # coins 5; advance yellow for 1 coin (step 1: coins 2)
    assert bots[0].asked == [("advance yellow for 1 coin", ["yellow step 1"])]
    assert (got, city.coins, city.track_pos[YELLOW]) == (5 + 2, 3 - 1, 1)
    assert game.log["turns"][-1]["note"] == "advance yellow for 1 coin"
    assert game.log["turns"][-1]["moves"][0]["card"] == "yellow step 1"
    got = built(game, 0, "Tavern")  # declined: no coin paid, the marker stays, no log entry
    assert (got, city.coins, city.track_pos[YELLOW]) == (5, 2, 1)
    assert len(bots[0].asked) == 2 and game.log["turns"][-1]["moves"][0]["card"] == "yellow step 1"
    assert sum(t.get("note", "").startswith("advance") for t in game.log["turns"]) == 1
    poor = game.cities[1]
    poor.coins = 0
    got = built(game, 1, "Tavern")  # no coin to pay: not asked, the marker stays, the card's coins come
    assert (got, poor.coins, poor.track_pos[YELLOW], bots[1].asked) == (5, 0, 0, [])
    got = built(game, 1, "Stockade")  # 1 ore it lacks, no coins to buy it: not asked
    assert (poor.track_pos[RED], bots[1].asked) == (0, [])


def test_greedy_pays_for_a_step_worth_the_coins(cp) -> None:
    game = Game(cp, make_bots("greedy", 3), seed=1)
    step = cp.tracks[YELLOW].cards[0]  # coins 2 for 1 coin: worth it
    assert game.choose_card(0, [step], "advance yellow for 1 coin") == 0
    assert game.choose_card(0, [step], "advance yellow for 9 coins") is None  # 2 coins for 9: not


def test_rewards_join_the_city_like_a_card(cp) -> None:
    game = supplied(cp)
    city = game.cities[0]
    raw = tuple(sorted(cp.resources.index(r) for r in ("wood", "stone", "ore", "clay")))
    built(game, 0, "Workshop")  # green step 1: produce wood/stone/ore/clay untradable
    assert raw in city.choices and raw not in city.choices_trade
    built(game, 0, "Laboratory")  # green step 2: an island (drawn, built at the end of the turn)
    assert len(city.hands["islands"]) == 2 and game.owed_hands == [(0, "islands")]
    built(game, 0, "School")  # green step 3: science any, a wild symbol
    assert len(city.science_wild) == 1
    built(game, 0, "Theater")  # blue step 1: vp 1 on the civilian line
    assert city.track_pos == [0, 0, 1, 3]


ISLANDS = ["Palm Atoll", "Pearl Bank", "Cedar Isle", "Harbour Isle"]  # level I: `islands`
FAR_ISLANDS = ["Lookout Rock", "Iron Reef", "Glass Sands", "Oracle Isle"]  # level II


def settle_islands(game, seat: int, hand: str, name: str) -> None:
    """The end of the turn: the owed build from the island hand `hand`, `name` chosen."""
    game.start_settle()
    assert game.advance(stop_at_done=True) == [(seat, ("build",))]
    assert sorted(c.name for c in game.hands[seat]) == sorted(c.name for c in game.cities[seat].hands[hand])
    (move,) = [m for m in game.moves(seat, ("build",)) if game.hands[seat][m.card].name == name]
    assert move.left == move.right == 0  # an island costs nothing
    game.step({seat: move})


def test_islands_wait_in_the_box_and_exploring_builds_one_of_two(cp) -> None:
    """Green steps 2 and 4: draw 2 island cards of the step's level (deck `islands`, then
    `far_islands`) from the box into the city's hand of that name; at the end of the turn one
    card of that hand is built (free: islands cost nothing), the other stays in the hand."""
    game = supplied(cp)
    city = game.cities[0]
    assert [c.name for c in game.box] == ISLANDS + FAR_ISLANDS  # no draft deals them: the box
    built(game, 0, "Workshop")  # green step 1: no island
    assert city.hands == {} and len(game.box) == 8 and game.owed_hands == []
    pearl, palm = cp.card_named("Pearl Bank"), cp.card_named("Palm Atoll")
    far = [c for c in game.box if c.deck == "far_islands"]
    game.box = [pearl, palm] + far  # the level I islands left: these two, so the draw takes both
    coins = city.coins
    assert built(game, 0, "Laboratory") == 0  # green step 2: draw 2, a build owed (no coins yet)
    assert sorted(c.name for c in city.hands["islands"]) == ["Palm Atoll", "Pearl Bank"]
    assert game.box == far and game.owed_hands == [(0, "islands")]
    settle_islands(game, 0, "islands", "Pearl Bank")  # coins 4, at once
    assert city.coins == coins + 4 and pearl in city.cards and palm not in city.cards
    assert [c.name for c in city.hands["islands"]] == ["Palm Atoll"]  # kept, never offered again
    built(game, 0, "School")  # green step 3: no island
    assert game.owed_hands == [] and len(game.box) == 4
    lookout = cp.card_named("Lookout Rock")
    game.box = [lookout]  # one level II island left: the draw takes it alone
    naval, shields = city.token_counts.get("naval", 0), city.shields
    built(game, 0, "University")  # green step 4: draw 2 (only 1 there) of level II, build it
    assert [c.name for c in city.hands["far_islands"]] == ["Lookout Rock"]
    settle_islands(game, 0, "far_islands", "Lookout Rock")  # shields 1; tokens 1 naval
    assert (city.token_counts.get("naval", 0), city.shields) == (naval + 1, shields + 1)
    assert city.hands["far_islands"] == [] and city.track_pos[GREEN] == 4
    assert [c.name for c in city.hands["islands"]] == ["Palm Atoll"]  # level I: not offered
    built(game, 0, "University")  # at the end of the track: no draw, no build owed
    assert game.owed_hands == [] and city.hands["far_islands"] == []


def naval_war(cp, strengths: list[int], age: int) -> list[list[int]]:
    game = Game(cp, make_bots("random", len(strengths)), seed=2)
    for city, s in zip(game.cities, strengths):
        city.token_counts["naval"] = s
        city.tokens = []
    game.track_wars(age)
    return [c.tokens for c in game.cities]


def test_the_naval_conflict_strongest_and_weakest_with_ties(cp) -> None:
    # age II: the two strongest (3, 3) take 5 each; the weakest (0) takes -2; the 1 nothing
    assert naval_war(cp, [3, 3, 1, 0], 2) == [[5], [5], [], [-2]]
    # age III: one strongest takes 7; two tied weakest take -3 each
    assert naval_war(cp, [0, 4, 0, 1, 2], 3) == [[-3], [7], [-3], [], []]
    # age I, everyone equally strong (none at all): nobody takes a token
    assert naval_war(cp, [0, 0, 0], 1) == [[], [], []]
    assert naval_war(cp, [2, 2, 2, 2], 1) == [[], [], [], []]
    # every city against every other, not only neighbours: seat 0 and seat 3 are not neighbours at 6
    assert naval_war(cp, [5, 1, 1, 0, 1, 1], 1) == [[3], [], [], [-1], [], []]


def test_naval_tokens_score_on_the_military_line(cp) -> None:
    game = Game(cp, make_bots("greedy", 4), seed=5, log=True)
    scores = game.play()
    for city, row in zip(game.cities, scores["players"]):
        assert row["military"] == sum(city.tokens)
    wars = game.log["war"]
    assert len(wars) == 3 and all("tracks" in w for w in wars)
    for w in wars:
        (naval,) = w["tracks"]
        top, low = max(naval["strength"]), min(naval["strength"])
        assert naval["won"] == ([s for s, x in enumerate(naval["strength"]) if x == top] if top > low else [])


@pytest.mark.parametrize("bots", ["greedy", "random"])
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_plays_at_every_count_the_same_way_twice(cp, players: int, bots: str) -> None:
    logs = []
    for _ in range(2):
        game = Game(cp, make_bots(bots, players), seed=players, log=True)
        game.play()
        assert all(c.coins >= 0 for c in game.cities)
        assert all(0 <= p <= len(t.steps) for c in game.cities for p, t in zip(c.track_pos, cp.tracks))
        logs.append(json.dumps(game.log, sort_keys=True, default=str))
    assert logs[0] == logs[1]


def test_greedy_values_the_step_it_would_reach(cp) -> None:
    game = Game(cp, make_bots("greedy", 3), seed=1)
    (hook,) = [h for h in cp.card_named("Stockade").effect.hooks]
    obs = game.observe(0)
    assert hook.worth(obs, 0) > 0  # naval strength: the naval conflicts still to come
    game.cities[0].track_pos[RED] = len(cp.tracks[RED].steps)
    assert hook.worth(game.observe(0), 0) == 0.0  # at the end: nothing to reach


def test_markers_are_cloned_and_in_state_files(cp) -> None:
    game = supplied(cp)
    built(game, 0, "Workshop")
    built(game, 0, "Stockade")
    twin = game.clone()
    twin.cities[0].track_pos[RED] = 3
    assert game.cities[0].track_pos == [1, 0, 0, 1]
    state = game.state()
    assert state["players"][0]["tracks"] == {"red": 1, "green": 1}
    assert "tracks" not in state["players"][1]
    table = build_table(json.loads(json.dumps(state)), cp)
    city = table.cities[0]
    assert city.track_pos == [1, 0, 0, 1] and city.token_counts == {"naval": 1}
    assert city.choices == game.cities[0].choices  # the green reward's production is back
    state["players"][1]["tracks"] = {"rde": 1}
    with pytest.raises(StateError, match="no track 'rde'.*did you mean 'red'"):
        build_table(state, cp)
    state["players"][1]["tracks"] = {"red": 9}
    with pytest.raises(StateError, match="from 0 to 4"):
        build_table(state, cp)


def test_the_native_core_runs_tracks_and_a_triggered_reward(cp, tmp_path: Path) -> None:
    from interpreter.native.lower import H_TRIGGER
    assert len(lower(cp)["tracks"]) == 4  # tests/test_native_tracks.py plays them
    (tmp_path / "pack.yaml").write_text(dedent("""\
        name: triggered-step
        extends: [base]
        rules:
          tracks:
            red: {steps: ["coins 1 when build red card"]}
        """))
    t = lower(compile_pack(load_pack(str(tmp_path))))  # no NotNative (played: tests/packs/fleet-triggers)
    base = lower(compile_pack(load_pack("base")))
    triggers = [sum(row[0] == H_TRIGGER for row in x["hooks"]) for x in (t, base)]
    assert triggers[0] == triggers[1] + 1  # the step's trigger


BAD_MANIFEST = """\
name: bad-tracks
extends: [base]
rules:
  tokens:
    naval: {}
  tracks:
    red:
      line: militery
      steps:
        - tokens 1 naval
        - coinz 2
  track_conflicts:
    naval:
      strength: navl
      victory: [3, 5]
      defeat: [-1, -2, -3]
"""
BAD_CARDS = """\
cards:
  - name: Dock
    age: 1
    color: red
    players: [3]
    effect: advance rde
"""


def test_bad_tracks_are_located_all_at_once(tmp_path: Path) -> None:
    (tmp_path / "pack.yaml").write_text(BAD_MANIFEST)
    (tmp_path / "cards.yaml").write_text(BAD_CARDS)
    with pytest.raises(PackError) as err:
        load_pack(str(tmp_path))
    text = err.value.render()
    expected = [
        ("pack.yaml:8:", "'militery' is not a score line", "did you mean 'military'?"),
        ("pack.yaml:11:", "coinz", ""),
        ("pack.yaml:14:", "strength: cannot count 'navl'", "did you mean 'naval'?"),
        ("pack.yaml:15:", "2 victory values for 3 ages", ""),
        ("cards.yaml:6:", "unknown track 'rde' (tracks: red)", "did you mean 'red'?"),
    ]
    for where, what, hint in expected:
        lines = [line for line in text.splitlines() if where in line and what in line]
        assert lines, (where, what, text)
        assert hint in lines[0]


def test_a_track_needs_steps(tmp_path: Path) -> None:
    (tmp_path / "pack.yaml").write_text(dedent("""\
        name: empty-track
        extends: [base]
        rules:
          tracks:
            red: {steps: []}
        """))
    with pytest.raises(PackError) as err:
        load_pack(str(tmp_path))
    assert "pack.yaml:5:" in err.value.render()


COUNTED = """\
name: counted-strength
extends: [base]
rules:
  track_conflicts:
    trade:
      strength: blue cards in self, left
      victory: [4, 5, 6]
      defeat: [-4, -5, -6]
    fleet:
      strength: shields
      victory: [2, 2, 2]
      defeat: [-1, -1, -1]
"""


def test_conflict_strength_is_any_count(tmp_path: Path) -> None:
    (tmp_path / "pack.yaml").write_text(COUNTED)
    counted = compile_pack(load_pack(str(tmp_path)))
    game = Game(counted, make_bots("random", 4), seed=2)
    for seat, names in enumerate([["Altar", "Theater", "Stockade"], ["Baths", "Stockade", "Barracks"], [], []]):
        for name in names:
            game.cities[seat].build_card(counted.card_named(name))
        game.cities[seat].tokens = []
    got = game.track_wars(1)
    # blue cards in self and the left city (seat + 1): 2+1, 1+0, 0+0, 0+2 -> seat 0 wins, seat 2 loses
    assert got[0]["strength"] == [3, 1, 0, 2]
    # shields 1, 2, 0, 0 -> seat 1 wins, seats 2 and 3 lose (ties share)
    assert got[1]["strength"] == [1, 2, 0, 0]
    assert [c.tokens for c in game.cities] == [[4], [2], [-4, -1], [-1]]


@pytest.mark.parametrize("strength, what", [
    ("blu cards", "blu"),
    ("coins; vp 2", "is not a count"),
    ("shield", "did you mean 'shields'?"),
    ("cards of the tucked colour", "only on a wonder stage"),
])
def test_a_strength_that_is_not_a_count_is_located(tmp_path: Path, strength: str, what: str) -> None:
    (tmp_path / "pack.yaml").write_text(COUNTED.replace("blue cards in self, left", f'"{strength}"'))
    with pytest.raises(PackError) as err:
        load_pack(str(tmp_path))
    text = err.value.render()
    assert "pack.yaml:6:" in text and "track conflict 'trade': strength" in text and what in text, text


@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_a_game_with_paid_steps_resumes_from_its_log(tmp_path: Path, capsys, bots: str) -> None:
    from interpreter.cli import main
    log = tmp_path / "log.json"
    args = ["play", "--pack", str(NAVAL), "--json", "--bots", bots, "--core", "python"]
    assert main([*args, "--players", "5", "--seed", "2", "--log", str(log)]) == 0
    first = capsys.readouterr().out
    assert '"action": "advance"' in log.read_text()
    assert main([*args, "--resume", str(log)]) == 0
    assert capsys.readouterr().out == first


def test_a_step_taken_by_a_card_built_from_the_discard_pile_replays(cp, tmp_path: Path, capsys) -> None:
    """Seed 1 at 5 greedy players: P3 builds Theater from the discard pile and takes its blue
    step (its own stone); the step's entry is logged before the build's. Resuming and the
    browser's replay both find the build past it (and replay the islands built on the way)."""
    from interpreter.cli import main
    from interpreter.web.replay import Replay
    log = tmp_path / "log.json"
    args = ["play", "--pack", str(NAVAL), "--json", "--bots", "greedy", "--core", "python"]
    assert main([*args, "--players", "5", "--seed", "1", "--log", str(log)]) == 0
    first = capsys.readouterr().out
    turns = json.loads(log.read_text())["turns"]
    notes = [t.get("note") for t in turns]
    k = notes.index("build from discard")
    assert notes[k - 1] == "advance blue for stone (0 coins in all)" and turns[k]["moves"][0]["card"] == "Theater"
    assert turns[k - 1]["moves"][0]["player"] == turns[k]["moves"][0]["player"] == 2
    assert "build from islands" in notes
    assert main([*args, "--resume", str(log)]) == 0
    assert capsys.readouterr().out == first
    replay = Replay(cp, json.loads(log.read_text()))
    assert replay.game.log["turns"] == turns


def test_the_terminal_asks_about_a_paid_step(cp) -> None:
    from interpreter.players.human import HumanBot
    said: list[str] = []
    answers = iter(["maybe", "no", "advance"])
    human = HumanBot(ask=lambda prompt: next(answers), say=said.append)
    game = Game(cp, [human, RandomBot(), RandomBot()], seed=1, log=True)
    city = game.cities[0]
    assert built(game, 0, "Tavern") == 5  # 'maybe' refused, then 'no': nothing paid
    assert (city.coins, city.track_pos[YELLOW]) == (3, 0)
    text = "\n".join(said)
    assert "Move your marker to yellow step 1 (" in text and "for 1 coin?" in text and "You hold 3 coins" in text
    assert "refused: answer 'advance' or 'no'" in text
    assert built(game, 0, "Tavern") == 5 + 2  # 'advance': 1 coin paid, step 1's 2 coins come
    assert (city.coins, city.track_pos[YELLOW]) == (2, 1)


def test_the_browser_asks_advance_or_not_with_the_reward(cp) -> None:
    pytest.importorskip("starlette")
    from interpreter.rules.moves import BUILD, SELL
    from interpreter.web.app import render
    from interpreter.web.player import LiveGame
    from interpreter.web.views import move_code

    live = LiveGame(cp, 4, 1).start()
    try:  # sell until a Tavern comes, then build it: its paid step is asked
        while not live.over and live.prompt.kind == "move" and live.game.age == 1:
            hand, moves = live.game.hands[0], live.prompt.moves
            pick = next((m for m in moves if m.action == BUILD and hand[m.card].name == "Tavern"), None) or \
                next((m for m in moves if m.action == SELL and hand[m.card].name != "Tavern"), moves[0])
            assert live.submit(move_code(pick)) == ""
        assert live.prompt.kind == "discard"
        offer = live.view["track_offer"]
        held = live.game.cities[0].coins
        assert offer == {"step": "yellow step 1", "coins": "1 coin", "reward": "Take 2 coins when built.",
                         "held": held}
        html = render("game.html", view=live.view, step=live.step, prompt="discard", error="",
                      live=True, replay=None)
        assert "Move your marker to yellow step 1 for 1 coin?" in html
        assert "Reward of the step: Take 2 coins when built." in html
        assert ">Advance (1 coin)<" in html and ">Do not advance<" in html
        assert live.submit("discard:0") == ""
        assert live.game.cities[0].track_pos[YELLOW] == 1
        assert any(m["action"] == "advance" and m["player"] == 0 and m["card"] == "yellow step 1"
                   for t in live.game.log["turns"] for m in t["moves"])
    finally:
        live.stop()


def test_a_game_cut_at_its_paid_steps_resumes_as_it_went(tmp_path: Path, capsys) -> None:
    """Cut just before, at and just after each logged step: the resumed game takes the logged
    answers (a declined question logs nothing and is declined again) and ends the same."""
    from interpreter.cli import main
    full_path = tmp_path / "full.json"
    assert main(["play", "--pack", str(NAVAL), "--players", "5", "--seed", "2", "--bots", "random",
                 "--log", str(full_path)]) == 0
    full = json.loads(full_path.read_text())
    at = [k for k, t in enumerate(full["turns"]) if t.get("note", "").startswith("advance")]
    assert at
    for k in sorted({x + d for x in at for d in (0, 1)}):
        part = {key: v for key, v in full.items() if key not in ("final", "scores")}
        part["turns"] = full["turns"][:k]
        (tmp_path / "cut.json").write_text(json.dumps(part))
        again = tmp_path / "again.json"
        assert main(["play", "--pack", str(NAVAL), "--resume", str(tmp_path / "cut.json"), "--log", str(again)]) == 0
        got = json.loads(again.read_text())
        assert got["turns"] == full["turns"], k
        assert got["scores"] == full["scores"] and got["war"] == full["war"]
    capsys.readouterr()

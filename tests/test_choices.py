"""Choices (`choose coins 3 or vp 2`, `a neighbor of your choice`) and targets chosen as an
effect applies on every word that reads one (`the richer neighbor lose 3 coins`, `shields -1 for
the stronger neighbor`, `copy purple card from the stronger neighbor`): the player is asked as for
any card choice (terminal, browser, log, resume, every bot); examples/choices plays them."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dsl.loader import load_pack
from interpreter.cli import main
from interpreter.game.own_cards import CHOOSE, option_cards
from interpreter.players.bots import GreedyBot, RandomBot
from interpreter.players.game import Game
from interpreter.players.human import HumanBot
from interpreter.rules.compiled import compile_pack
from interpreter.rules.effects.choose import ChoiceHook
from interpreter.rules.scoring import copy_candidates, score_table

REPO = Path(__file__).resolve().parents[1]
PACK = REPO / "examples" / "choices"
_CP: dict[str, Any] = {}


def cp() -> Any:
    if "cp" not in _CP:
        _CP["cp"] = compile_pack(load_pack(str(PACK)))
    return _CP["cp"]


def card(name: str) -> Any:
    return next(c for c in cp().cards if c.name == name)


def game(bots: Any = None) -> Game:
    g = Game(cp(), bots or [GreedyBot() for _ in range(3)], seed=2, wonders=["Gizah", "Babylon", "Rhodos"],
             sides="A", log=True)
    g.pending()
    return g


def choice(name: str) -> ChoiceHook:
    return next(h for h in card(name).effect.hooks if isinstance(h, ChoiceHook))


def answering(g: Game, *picks: int | None) -> list[list[str]]:
    """The game's card questions answered with `picks` in turn; returns what was offered."""
    offered: list[list[str]] = []
    it = iter(picks)

    def choose(seat: int, cards: list[Any], purpose: str) -> int | None:
        assert purpose == CHOOSE
        offered.append([c.name for c in cards])
        return next(it)

    g.choose_card = choose  # type: ignore[method-assign]
    return offered


# -- the choice primitive ---------------------------------------------------------------------

def test_coins_or_points_the_player_chooses_and_the_log_says_which() -> None:
    g = game()
    offered = answering(g, 0, 1)
    bazaar = card("Bazaar of Fortune")
    g.cities[0].build_card(bazaar)
    assert g.when_built(0, bazaar.effect) == 3  # coins 3: with the turn's other coins
    assert offered == [["coins 3", "vp 2"]]
    assert g.log["turns"][-1] == {"age": g.age, "turn": g.turn, "phase": "turn", "note": "choose one",
                                  "moves": [{"player": 0, "card": "coins 3", "action": "choose", "bank": 0,
                                             "left": 0, "right": 0, "free": "choose"}]}
    g.cities[1].build_card(bazaar)
    assert g.when_built(1, bazaar.effect) == 0  # vp 2: kept to the game's end
    hook = choice("Bazaar of Fortune")
    assert g.cities[1].gained == {hook: 2} and g.cities[0].gained == {}
    pads = score_table(g.table, g.rules)
    assert pads[1]["commercial"] == 2 and pads[0]["commercial"] == 0  # a yellow card's line


def test_a_decline_takes_the_first_option_and_a_bad_answer_is_refused() -> None:
    from interpreter.game.contract import IllegalMove
    g = game()
    answering(g, None)
    assert g.choose_option(0, choice("Bazaar of Fortune")) == 0
    answering(g, 5)
    with pytest.raises(IllegalMove, match="no option #5"):
        g.choose_option(0, choice("Bazaar of Fortune"))


def test_three_options_each_applies_as_written_alone() -> None:
    g = game()
    council = card("Council of Elders")
    g.cities[2].stages_built = 2
    offered = answering(g, 1, 2)
    g.cities[2].build_card(council)
    assert g.when_built(2, council.effect) == 8  # coins 4 per wonder stage, two stages
    assert offered == [["vp 5", "coins 4 per wonder stage in self", "science any"]]
    wild = list(g.cities[2].science_wild)
    g.cities[2].build_card(council)
    g.when_built(2, council.effect)
    assert g.cities[2].science_wild == [*wild, tuple(range(len(g.cp.symbols)))]  # a symbol of any kind


def test_a_lasting_option_stays_while_its_card_stands_and_goes_with_it(tmp_path: Path) -> None:
    """`choose produce wood or produce stone`: the production chosen joins the city; a clone keeps
    it, a STATE file writes and reads it, and discarding the card ends it."""
    from interpreter.rules.state_write import city_state
    from interpreter.rules.statefile import build_table
    folder = tmp_path / "lasting"
    folder.mkdir()
    (folder / "pack.yaml").write_text("name: lasting\nextends: base\n", encoding="utf-8")
    (folder / "cards.yaml").write_text("cards:\n  - {name: Crossroads Quarry, age: 1, color: brown, players: [3], "
                                       "effect: choose produce wood or produce stone}\n", encoding="utf-8")
    c = compile_pack(load_pack(str(folder)))
    g = Game(c, [GreedyBot() for _ in range(3)], seed=1, sides="A", log=True)
    g.pending()
    quarry = next(x for x in c.cards if x.name == "Crossroads Quarry")
    answering(g, 1)
    stone = c.resources.index("stone")
    before = g.cities[0].fixed[stone]
    g.cities[0].build_card(quarry)
    g.when_built(0, quarry.effect)
    assert g.cities[0].fixed[stone] == before + 1 and g.cities[0].fixed_trade[stone] == before + 1
    assert g.clone().cities[0].fixed[stone] == before + 1
    entry = city_state(g.cities[0])
    assert entry["chosen"] == [{"card": "Crossroads Quarry", "option": "produce stone"}]
    read = build_table(g.state(), c).cities[0]  # a STATE document of the game, read back
    assert read.fixed[stone] == before + 1 and len(read.chosen) == 1
    g.cities[0].give_up(None, c)  # made again: the option stays
    assert g.cities[0].fixed[stone] == before + 1
    g.cities[0].give_up(quarry, c)  # the card discarded: its option ends with it
    assert g.cities[0].fixed[stone] == before and g.cities[0].chosen == []


def test_a_state_file_reads_the_lasting_option_back() -> None:
    from interpreter.rules.gained import read_chosen
    g = game()
    council = card("Council of Elders")
    g.cities[1].build_card(council)
    assert read_chosen([{"card": "Council of Elders", "option": "science any"}], g.cities[1]) == ""
    assert len(g.cities[1].science_wild) == 1 and len(g.cities[1].chosen) == 1
    assert "must name a card of this city" in read_chosen([{"card": "Council of Elders", "option": "vp 9"}],
                                                           g.cities[1])


def test_a_triggered_choice_is_asked_each_time_its_event_fires() -> None:
    from interpreter.rules.effects import Event, TriggerHook
    g = game()
    chest = card("War Chest")
    g.cities[0].build_card(chest)
    offered = answering(g, 1, 0, 1)
    red = g.cp.colors.index("red")
    coins = [g.fire(0, Event("build", red, 999)) for _ in range(3)]
    assert coins == [0, 2, 0] and len(offered) == 3
    trigger = next(h for h in chest.effect.hooks if isinstance(h, TriggerHook))
    assert g.cities[0].gained == {trigger: 2}  # two points kept on the trigger, scored on its line
    assert score_table(g.table, g.rules)[0]["military"] >= 2
    assert [t["note"] for t in g.log["turns"][-3:]] == ["choose one"] * 3


def test_a_neighbor_of_your_choice_is_a_choice_between_left_and_right() -> None:
    g = game()
    offered = answering(g, 1)
    dispute = card("Border Dispute")
    g.cities[0].build_card(dispute)
    g.when_built(0, dispute.effect)
    assert offered == [["tokens 1 defeat for left", "tokens 1 defeat for right"]]
    right, left = g.cities[2], g.cities[1]  # seat 0's right is seat 2 (the ring: left is seat + 1)
    assert right.tokens == [g.rules.defeat_token] and left.tokens == []


# -- bots ---------------------------------------------------------------------------------------

def test_greedy_takes_the_option_worth_most_as_it_values_the_words() -> None:
    g = game()
    obs = g.observe(0)
    bazaar = option_cards(choice("Bazaar of Fortune"))
    assert GreedyBot().choose_card(obs, list(bazaar), CHOOSE) == 1  # 2 points beat 3 coins (1 point)
    g.cities[0].stages_built = 3  # coins 4 per wonder stage: 12 coins are 4 points; vp 5 is more
    council = list(option_cards(choice("Council of Elders")))
    assert GreedyBot().choose_card(g.observe(0), council, CHOOSE) == 0
    g.cities[0].stages_built = 4  # 16 coins: 5.33 points beat 5
    assert GreedyBot().choose_card(g.observe(0), council, CHOOSE) == 1
    assert choice("Council of Elders").worth(g.observe(0), 0) == pytest.approx(16 / 3)  # the best one


def test_random_and_greedy_games_play_and_replay_byte_for_byte(tmp_path: Path, capsys: Any) -> None:
    for bots in (RandomBot, GreedyBot):
        for seed in range(3):
            g = Game(cp(), [bots() for _ in range(4)], seed=seed, sides="random")
            assert len(g.play()["players"]) == 4
    args = ["play", "--pack", str(PACK), "--json", "--players", "3", "--seed", "1", "--bots", "random"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first


def test_the_search_bot_decides_a_choice() -> None:
    from interpreter.players.roster import make_bots
    bots = make_bots("search:4", 1) + [GreedyBot(), GreedyBot()]
    g = Game(cp(), bots, seed=5, sides="A", log=True)
    g.play()
    assert any(t.get("note") == CHOOSE for t in g.log["turns"])


# -- the log, the terminal and the browser -----------------------------------------------------------

def test_a_game_with_choices_resumes_from_a_cut_log_to_the_same_game(tmp_path: Path, capsys: Any) -> None:
    full = tmp_path / "full.json"
    args = ["play", "--pack", str(PACK), "--players", "5", "--bots", "random", "--seed", "3"]
    assert main([*args, "--log", str(full)]) == 0
    log = json.loads(full.read_text())
    asked = [k for k, t in enumerate(log["turns"]) if t.get("note") == CHOOSE]
    assert len(asked) >= 2
    for k in (asked[0] + 1, asked[-1]):  # just after a choice, and just before the last one
        part = {key: v for key, v in log.items() if key not in ("final", "scores")}
        part["turns"] = log["turns"][:k]
        (tmp_path / "cut.json").write_text(json.dumps(part))
        again = tmp_path / "again.json"
        assert main(["play", "--pack", str(PACK), "--resume", str(tmp_path / "cut.json"), "--log", str(again)]) == 0
        got = json.loads(again.read_text())
        assert got["turns"] == log["turns"] and got["scores"] == log["scores"], k
    capsys.readouterr()


def test_the_replay_page_replays_the_choices_as_logged(tmp_path: Path, capsys: Any) -> None:
    pytest.importorskip("starlette")
    from interpreter.web.replay import Replay
    log = tmp_path / "log.json"
    assert main(["play", "--pack", str(PACK), "--players", "5", "--bots", "random", "--seed", "3",
                 "--log", str(log)]) == 0
    capsys.readouterr()
    logged = json.loads(log.read_text())
    replay = Replay(cp(), logged)
    assert replay.game.log["turns"] == logged["turns"]
    assert sum(t.get("note") == CHOOSE for t in logged["turns"]) >= 2


def test_a_human_at_the_terminal_chooses_by_number() -> None:
    said: list[str] = []
    answers = iter(["none", "3", "2"])
    human = HumanBot(ask=lambda _: next(answers), say=said.append)
    g = game([GreedyBot(), human, GreedyBot()])
    bazaar = card("Bazaar of Fortune")
    g.cities[1].build_card(bazaar)
    g.when_built(1, bazaar.effect)
    assert g.cities[1].gained == {choice("Bazaar of Fortune"): 2}  # the second option: vp 2
    text = "\n".join(said)
    assert "Choose one:" in text and "1. coins 3: Take 3 coins." in text
    assert "2. vp 2: Score 2 victory points (kept to the game's end)." in text
    assert text.count("refused: choose 1 to 2") == 2  # 'none' and 3: a choice declines nothing


def test_the_browser_offers_each_option_with_its_text() -> None:
    from interpreter.web.answers import card_question
    g = game()
    view: dict[str, Any] = {}
    card_question(view, g, 0, list(option_cards(choice("Bazaar of Fortune"))), CHOOSE)
    assert view["choice_offer"] == [
        {"code": "discard:0", "name": "coins 3", "text": "Take 3 coins."},
        {"code": "discard:1", "name": "vp 2", "text": "Score 2 victory points (kept to the game's end)."}]


def test_the_browser_page_asks_and_takes_the_answer() -> None:
    """The single-player page: the human builds Bazaar of Fortune when it comes, is asked with a
    button per option, and the option posted is the one the game applies and logs."""
    pytest.importorskip("starlette")
    from interpreter.rules.moves import BUILD, SELL
    from interpreter.web.app import render
    from interpreter.web.player import LiveGame
    from interpreter.web.views import move_code

    for seed in range(1, 12):
        live = LiveGame(cp(), 3, seed).start()
        try:  # sell until Bazaar of Fortune comes, then build it: its choice is asked
            while not live.over and live.prompt.kind == "move" and live.game.age == 1:
                hand, moves = live.game.hands[0], live.prompt.moves
                pick = next((m for m in moves if m.action == BUILD and hand[m.card].name == "Bazaar of Fortune"),
                            None) or next((m for m in moves if m.action == SELL
                                           and hand[m.card].name != "Bazaar of Fortune"), moves[0])
                assert live.submit(move_code(pick)) == ""
            if live.prompt.kind != "discard":
                continue
            assert [o["name"] for o in live.view["choice_offer"]] == ["coins 3", "vp 2"]
            html = render("game.html", view=live.view, step=live.step, prompt="discard", error="",
                          live=True, replay=None)
            assert "Choose one" in html and 'id="option-2"' in html and "Score 2 victory points" in html
            assert live.submit("discard:1") == ""
            assert live.game.cities[0].gained == {choice("Bazaar of Fortune"): 2}
            assert any(t.get("note") == CHOOSE and t["moves"][0] == {
                "player": 0, "card": "vp 2", "action": "choose", "bank": 0, "left": 0, "right": 0, "free": "choose"}
                for t in live.game.log["turns"])
            return
        finally:
            live.stop()
    pytest.fail("Bazaar of Fortune never came to the human in age I")


# -- chosen targets ---------------------------------------------------------------------------------

def test_the_richer_neighbor_loses_the_coins() -> None:
    g = game()
    g.cities[1].coins, g.cities[2].coins = 4, 9
    tax = card("Tax Collectors")
    g.when_built(0, tax.effect)
    g.settle_losses()
    assert (g.cities[1].coins, g.cities[2].coins) == (4, 6)
    g.cities[1].coins = 6  # a tie: the left one (seat 1)
    g.when_built(0, tax.effect)
    g.settle_losses()
    assert (g.cities[1].coins, g.cities[2].coins) == (3, 6)


def test_shields_for_the_stronger_neighbor_are_counted_at_each_conflict() -> None:
    g = game()
    sab = card("Saboteurs")
    g.cities[0].build_card(sab)  # 2 shields; the stronger neighbour has 1 fewer in each conflict
    g.cities[1].shields, g.cities[2].shields = 2, 3
    g.war(1)
    results = {r["player"]: r["shields"] for r in g.log["war"][-1]["results"]}
    assert results == {0: 2, 1: 2, 2: 2}  # seat 2 (3 shields) was the stronger one
    g.cities[1].shields = 5
    g.war(2)
    results = {r["player"]: r["shields"] for r in g.log["war"][-1]["results"]}
    assert results == {0: 2, 1: 4, 2: 3}  # now seat 1


def test_a_copy_from_the_stronger_neighbor_looks_there_at_game_end(tmp_path: Path) -> None:
    folder = tmp_path / "copy-stronger"
    folder.mkdir()
    (folder / "pack.yaml").write_text("name: copy-stronger\nextends: base\n", encoding="utf-8")
    (folder / "cards.yaml").write_text("cards:\n  - {name: Mimics Guild, age: 3, color: purple, "
                                       "effect: copy purple card from the stronger neighbor}\n", encoding="utf-8")
    c = compile_pack(load_pack(str(folder)))
    g = Game(c, [GreedyBot() for _ in range(3)], seed=1, sides="A")
    g.pending()
    mimic = next(x for x in c.cards if x.name == "Mimics Guild")
    guilds = [x for x in c.guilds() if x is not mimic][:2]
    g.cities[0].build_card(mimic)
    g.cities[1].build_card(guilds[0])
    g.cities[2].build_card(guilds[1])
    g.cities[1].shields, g.cities[2].shields = 1, 4
    assert copy_candidates(g.table, 0) == [[guilds[1]]]
    g.cities[1].shields = 6
    assert copy_candidates(g.table, 0) == [[guilds[0]]]


def test_more_than_the_stronger_neighbor_is_compared_at_game_end(tmp_path: Path) -> None:
    from interpreter.rules.effects import VictoryHook
    folder = tmp_path / "more-than"
    folder.mkdir()
    (folder / "pack.yaml").write_text("name: more-than\nextends: base\n", encoding="utf-8")
    (folder / "cards.yaml").write_text("cards:\n  - {name: Rival Court, age: 3, color: blue, players: [3], "
                                       "effect: vp 5 if more coins than the stronger neighbor}\n", encoding="utf-8")
    c = compile_pack(load_pack(str(folder)))
    g = Game(c, [GreedyBot() for _ in range(3)], seed=1, sides="A")
    g.pending()
    (hook,) = next(x for x in c.cards if x.name == "Rival Court").effect.hooks
    assert isinstance(hook, VictoryHook)
    g.cities[0].coins, g.cities[1].coins, g.cities[2].coins = 5, 9, 2
    g.cities[1].shields, g.cities[2].shields = 1, 3  # the stronger: seat 2, 2 coins
    assert hook.score(g.table, 0) == 5
    g.cities[1].shields = 4  # now seat 1, 9 coins
    assert hook.score(g.table, 0) == 0


# -- bad input --------------------------------------------------------------------------------------

def test_bad_choices_and_targets_are_located_errors_all_at_once(tmp_path: Path, capsys: Any) -> None:
    folder = tmp_path / "bad-choices"
    folder.mkdir()
    (folder / "pack.yaml").write_text("name: bad-choices\nextends: base\n", encoding="utf-8")
    (folder / "cards.yaml").write_text("""cards:
  - {name: Lonely Choice, age: 1, color: yellow, players: [3], effect: "choose one: coins 3"}
  - {name: Lasting Choice, age: 1, color: yellow, players: [3], effect: choose produce wood or coins 2 when build red card}
  - {name: Asking Choice, age: 2, color: yellow, players: [3], effect: choose copy purple card from neighbors now or vp 2}
  - {name: Powerful Choice, age: 1, color: yellow, players: [3], effect: choose free build once per age or coins 2}
  - {name: Vague Gift, age: 2, color: yellow, players: [3], effect: produce wood for every other city with no red cards}
  - {name: Chosen Shields, age: 3, color: red, players: [3], effect: shields 1 for a neighbor of your choice}
""", encoding="utf-8")
    before = sorted(p.name for p in folder.iterdir())
    assert main(["validate", str(folder)]) == 1
    out, err = capsys.readouterr()
    text = out + err
    assert "Traceback" not in text
    for where, what in [("Lonely Choice", "a choice needs at least two options"),
                        ("Lasting Choice", "'produce' lasts: a choice carried by a trigger gives one-time gains only"),
                        ("Powerful Choice", "'free' cannot be chosen"),
                        ("Asking Choice", "'copy' cannot be chosen"),
                        ("Vague Gift", "production goes to one neighbour chosen when built"),
                        ("Chosen Shields", "'shields' cannot act on a neighbour of the owner's choice")]:
        line = next((ln for ln in text.splitlines() if what in ln), "")
        assert "cards.yaml:" in line or where in text, (where, text)
        assert what in text, what
    assert text.count("cards.yaml:") >= 6  # each located: file:line:col
    assert sorted(p.name for p in folder.iterdir()) == before


# -- the example pack and the engines --------------------------------------------------------------------

def test_the_example_runs_on_python_under_core_auto_and_says_why(capsys: Any) -> None:
    assert main(["play", "--pack", str(PACK), "--players", "3", "--seed", "1", "--core", "auto", "--json"]) == 0
    out, err = capsys.readouterr()
    assert "core: python" in err and "choice among effects" in err
    assert json.loads(out)["players"]
    assert main(["doctor", "--pack", str(PACK)]) == 0
    out, _ = capsys.readouterr()
    assert "examples/choices: python (a choice among effects" in out


@pytest.mark.parametrize("text,why", [
    ("choose coins 3 or vp 2", "a choice among effects"),
    ("vp 1; tokens 1 victory for a neighbor of your choice", "a choice among effects"),
    ("choose coins 1 or vp 1 when build red card", "a choice among effects"),
    ("shields 2; shields -1 for the stronger neighbor", "shields for a neighbour chosen as it applies"),
    ("vp 1; copy purple card from the weaker neighbor now", "a copy for a neighbour chosen as it applies"),
    ("vp 1; remove 1 victory token for the richer neighbor", "tokens given back by cities chosen"),
])
def test_the_native_core_declines_what_it_cannot_run_with_the_reason(tmp_path_factory: Any, text: str,
                                                                      why: str) -> None:
    from game_checks import base_plus
    from interpreter.native import NotNative, lower
    c = base_plus(tmp_path_factory, "declined", "cards:\n  - {name: Odd Card, age: 2, color: blue, players: [3], "
                                                 f'effect: "{text}"}}\n')
    with pytest.raises(NotNative, match=why):
        lower(c)


def test_the_points_a_choice_gave_are_kept_in_a_state_file() -> None:
    from interpreter.rules.gained import points_of, restore_points
    g = game()
    answering(g, 1)
    bazaar = card("Bazaar of Fortune")
    g.cities[0].build_card(bazaar)
    g.when_built(0, bazaar.effect)
    assert points_of(g.cities[0]) == {"Bazaar of Fortune": 2}
    g.cities[0].gained.clear()
    assert restore_points(g.cities[0], "Bazaar of Fortune", 2)
    assert score_table(g.table, g.rules)[0]["commercial"] == 2


def test_a_board_and_a_stage_choose_too_and_resume(tmp_path: Path, capsys: Any) -> None:
    """A board's choice is asked as the game is set up (age 0), a stage's when it is built; a log
    cut after the set-up's question resumes to the same game."""
    folder = tmp_path / "choice-wonder"
    folder.mkdir()
    (folder / "pack.yaml").write_text("name: choice-wonder\nextends: base\n", encoding="utf-8")
    (folder / "wonders.yaml").write_text("""wonders:
  - name: Crossroads
    sides:
      A:
        resource: wood
        effect: choose coins 3 or vp 1
        stages:
          - {cost: 2 stone, effect: choose coins 4 or vp 3}
          - {cost: 2 ore, effect: vp 5}
""", encoding="utf-8")
    full, cut = tmp_path / "full.json", tmp_path / "cut.json"
    args = ["play", "--pack", str(folder), "--players", "7", "--sides", "A", "--bots", "random", "--json"]
    assert main([*args, "--seed", "4", "--log", str(full)]) == 0
    log = json.loads(full.read_text())
    asked = [(t["age"], t["turn"]) for t in log["turns"] if t.get("note") == CHOOSE]
    assert asked[0] == (0, 0) and len(asked) >= 2  # the board's, then the stage's
    part = {k: v for k, v in log.items() if k not in ("final", "scores")}
    part["turns"] = log["turns"][:1]
    cut.write_text(json.dumps(part))
    again = tmp_path / "again.json"
    assert main(["play", "--pack", str(folder), "--resume", str(cut), "--log", str(again), "--json"]) == 0
    got = json.loads(again.read_text())
    assert got["turns"] == log["turns"] and got["scores"] == log["scores"]
    capsys.readouterr()


def test_production_for_a_neighbour_chosen_when_built_stays_with_that_neighbour(tmp_path: Path) -> None:
    """`produce wood for the poorer neighbor`: the rules choose when the card is built (no one is
    asked), and that neighbour keeps the production while the card stands; `for a neighbor of your
    choice` asks the owner's player."""
    from game_checks import base_plus
    c = base_plus(type("F", (), {"mktemp": lambda self, name: _mk(tmp_path, name)})(), "gift-chosen", """cards:
  - {name: Charity Mill, age: 1, color: brown, players: [3], effect: produce wood for the poorer neighbor}
  - {name: Gift Loom, age: 1, color: grey, players: [3], effect: produce loom for a neighbor of your choice}
""")
    g = Game(c, [GreedyBot() for _ in range(3)], seed=1, sides="A", log=True)
    g.pending()
    wood, loom = c.resources.index("wood"), c.resources.index("loom")
    mill = next(x for x in c.cards if x.name == "Charity Mill")
    g.cities[1].coins, g.cities[2].coins = 9, 2  # the poorer: seat 2 (the right neighbour)
    before = [city.fixed[wood] for city in g.cities]
    asked = answering(g, 0)
    g.cities[0].build_card(mill)
    g.when_built(0, mill.effect)
    assert [city.fixed[wood] for city in g.cities] == [before[0], before[1], before[2] + 1]
    assert asked == []  # the rules chose
    g.cities[2].coins = 20  # richer now: the production stays where it went
    g.cities[0].remake(c)
    g.refresh_gifts()
    assert g.cities[2].fixed[wood] == before[2] + 1 and g.cities[1].fixed[wood] == before[1]
    loom_card = next(x for x in c.cards if x.name == "Gift Loom")
    had = g.cities[1].fixed[loom]
    g.cities[0].build_card(loom_card)
    g.when_built(0, loom_card.effect)  # the player answers 0: the left neighbour (seat 1)
    assert asked == [["produce loom for left", "produce loom for right"]]
    assert g.cities[1].fixed[loom] == had + 1
    g.cities[0].give_up(mill, c)  # the mill discarded: its gift ends, the loom's stays
    g.refresh_gifts()
    assert g.cities[2].fixed[wood] == before[2] and g.cities[1].fixed[loom] == had + 1


def _mk(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    return folder

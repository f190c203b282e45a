"""Per-card verdicts, the multiple-testing correction, `compare --without`, sweeps and the bot
labels: hand-computed cases for the figures, and seeded end-to-end runs through the CLI."""
from __future__ import annotations

import contextlib
import io
import json
import math
import re
import textwrap
from pathlib import Path

import pytest

from dsl.loader import load_pack
from interpreter.players.bots import RandomBot
from interpreter.cli import main
from interpreter.rules.compiled import compile_pack
from interpreter.players.game import Game
from interpreter.rules.moves import BUILD, Move
from interpreter.sim.correction import holm, simultaneous_z
from interpreter.sim.labels import bot_labels, label_of
from interpreter.sim.stats import Rate, diff_rates
from interpreter.sim.watch import Play, Watcher, card_coins, card_play, card_points, watch

OP = "Golden Statue"


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exit_:
            code = exit_.code
    return code, out.getvalue(), err.getvalue()


def write_pack(folder: Path, name: str, cards: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(f"name: {name}\nversion: 0.1.0\ndescription: a test variant\n"
                                      "extends: [base]\n", encoding="utf-8")
    (folder / "cards.yaml").write_text("cards:\n" + textwrap.indent(textwrap.dedent(cards), "  "),
                                       encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def op_pack(tmp_path_factory) -> Path:
    """base plus one deliberately overpowered card: Age I, costs nothing, 30 points."""
    return write_pack(tmp_path_factory.mktemp("packs") / "op", "op-variant", f"""\
        - name: {OP}
          age: 1
          color: blue
          players: [3]
          effect: vp 30
        """)


# -- the correction and the interval, by hand -----------------------------------------------

def test_holm_against_a_hand_computed_example():
    # sorted: 0.01 (x4 = 0.04), 0.02 (x3 = 0.06), 0.03 (x2 = 0.06), 0.04 (x1 = 0.04 -> 0.06, monotone)
    assert holm([0.03, 0.01, 0.04, 0.02]) == pytest.approx([0.06, 0.04, 0.06, 0.06])
    assert holm([0.5, 0.001]) == pytest.approx([0.5, 0.002])
    assert holm([0.9, 0.8, 0.7]) == [1.0, 1.0, 1.0]  # capped at 1
    assert holm([]) == []
    # at 5%: only the smallest survives here, although 0.02 < 0.05 uncorrected
    assert [p < 0.05 for p in holm([0.03, 0.01, 0.04, 0.02])] == [False, True, False, False]


def test_simultaneous_z_is_bonferroni():
    assert simultaneous_z(1) == pytest.approx(1.959964, abs=1e-6)
    assert simultaneous_z(10) == pytest.approx(2.807034, abs=1e-6)  # the 0.9975 quantile


def test_agresti_caffo_difference_by_hand():
    # 30 of 40 against 10 of 40: (31/42 - 11/42) = 20/42, se^2 = 2 * (31*11/42^2) / 42
    got = diff_rates(Rate(30, 40), Rate(10, 40))
    centre, se = 20 / 42, math.sqrt(2 * 31 * 11 / 42 ** 2 / 42)
    assert got["diff"] == 0.5
    assert got["ci"] == [round(centre - 1.959964 * se, 4), round(centre + 1.959964 * se, 4)]
    assert got["p_raw"] == pytest.approx(math.erfc(centre / se / math.sqrt(2)))
    assert diff_rates(Rate(0, 0), Rate(3, 4)) is None  # nothing to compare
    assert diff_rates(Rate(1, 1), Rate(0, 1))["ci"][0] >= -1.0  # clamped


# -- points and coins produced, by hand ------------------------------------------------------

def _game(*bots):
    cp = compile_pack(load_pack("base"))
    return cp, Game(cp, list(bots) or [RandomBot(), RandomBot(), RandomBot()], seed=1, sides="A")


def test_points_produced_hand_checked():
    cp, game = _game()
    me, left, right = game.table.around(0)
    for name, age in (("Apothecary", 1), ("Dispensary", 2), ("Workshop", 1), ("Scriptorium", 1),
                      ("Baths", 1), ("Workers Guild", 3)):
        me.build_card(cp.card_named(name, age))
    for city, names in ((left, ["Lumber Yard", "Clay Pool"]), (right, ["Stone Pit"])):
        for name in names:
            city.build_card(cp.card_named(name, 1))
    game.table.age = 3
    got = card_points(game.table, 0, cp.rules)
    # science: compass 2, gear 1, tablet 1 = 4 + 1 + 1 + 7 = 13. Without Workshop (gear):
    # 4 + 0 + 1 = 5, so 8; without one compass: 1 + 1 + 1 + 7 = 10, so 3; without Scriptorium 8
    assert got == {("Apothecary", 1): 3, ("Dispensary", 2): 3, ("Workshop", 1): 8, ("Scriptorium", 1): 8,
                   ("Baths", 1): 3, ("Workers Guild", 3): 3}  # 2 + 1 brown cards next door
    # a wild symbol: with it the line is 18 (compass 3: 9 + 1 + 1 + 7); each card now adds 5
    me.build_card(cp.card_named("Scientists Guild", 3))
    got = card_points(game.table, 0, cp.rules)
    assert {k: got[k] for k in got if k[0] != "Baths" and k[0] != "Workers Guild"} == {
        ("Apothecary", 1): 5, ("Dispensary", 2): 5, ("Workshop", 1): 5, ("Scriptorium", 1): 5,
        ("Scientists Guild", 3): 5}


def test_coins_produced_hand_checked(tmp_path):
    pack = write_pack(tmp_path / "fair", "fair", """\
        - name: Toll House
          age: 1
          color: yellow
          players: [3]
          effect: coins 2 when build yellow card
        """)
    cp = compile_pack(load_pack(str(pack)))
    game = Game(cp, [RandomBot(), RandomBot(), RandomBot()], seed=1, sides="A")
    game.coin_tally = []
    game.age = game.table.age = 1
    for city, names in ((game.cities[1], ["Lumber Yard", "Clay Pool"]), (game.cities[2], ["Stone Pit"])):
        for name in names:
            city.build_card(cp.card_named(name, 1))
    game.cities[0].build_card(cp.card_named("Toll House", 1))
    coins = game.cities[0].coins
    game.hands = [[cp.card_named("Tavern", 1)], [], []]  # coins 5, and a yellow card: the toll pays 2
    game.resolve([Move(0, BUILD), None, None])
    game.age = game.table.age = 2
    game.hands = [[cp.card_named("Vineyard", 2)], [], []]  # 1 per brown card in left, self, right: 3
    game.resolve([Move(0, BUILD), None, None])
    assert game.cities[0].coins == coins + 5 + 2 + 3 + 2
    assert card_coins(game, 0) == {("Tavern", 1): 5, ("Toll House", 1): 4, ("Vineyard", 2): 3}
    assert card_coins(game, 1) == {}


def test_normal_games_record_no_coins():
    """The tally is off unless asked for: a plain game keeps None and pays nothing for it."""
    _, game = _game()
    assert Game.coin_tally is None
    game.play()
    assert game.coin_tally is None


def test_the_watcher_records_its_own_game_only():
    cp, game = _game(*(Watcher(RandomBot()) for _ in range(3)))
    watch(game)
    other = Game(cp, [RandomBot(), RandomBot(), RandomBot()], seed=2)
    other.deal(1)
    game.bots[0].choose(other.observe(0), other.moves(0))  # e.g. a search bot playing ahead on a copy
    assert game.bots[0].seen == set() and game.bots[0].could == set()
    assert game.bots[0].name == "random"  # everything else is the wrapped bot's
    game.play()
    bot = game.bots[0]
    assert len(bot.seen) >= 18 and bot.could <= set(bot.seen)  # 3 ages of 7-card hands, at least
    plays = {k: Play(*p) for k, p in card_play(game, 0).items()}
    built = {(c.name, c.age) for c in game.cities[0].cards}
    assert {k for k, p in plays.items() if p.built} == built
    assert {k for k, p in plays.items() if p.seen} == {(c.name, c.age) for c in bot.seen}
    assert {k for k, p in plays.items() if p.could} == {(c.name, c.age) for c in bot.could}
    assert all(p.color == cp.card_named(*k).color_name for k, p in plays.items())


# -- the overpowered card is found, and nothing else ------------------------------------------

def test_only_the_overpowered_card_is_flagged(op_pack, tmp_path, monkeypatch):
    """Random bots choose at random, so building or passing a card is a coin flip and the
    difference is the card's own effect on their play. 30 games at 5 players find the 30-point
    card (adjusted p between 1e-9 and 1e-31 on the 16 seeds tried) and flag no base card on any
    of them; with more games some base cards are flagged too (Barracks, Haven at 45 games on 2
    of 8 seeds): they do change who wins among random players, so "significant" is not "too
    strong" (docs/simulation.md)."""
    report = tmp_path / "r.html"
    code, out, err = cli("simulate", "--pack", str(op_pack), "--games", "30", "--players", "5", "--bots",
                         "random", "--workers", "1", "--json", "--report", str(report))
    assert code == 0, err
    v = json.loads(out)["verdicts"]
    rows = v["cards"]
    assert rows[0]["card"] == OP and rows[0]["designer"] is True  # the designer's card first
    assert [r["designer"] for r in rows].count(True) == 1
    flagged = [r["card"] for r in rows if r["win_diff"] and r["win_diff"]["significant"]]
    assert flagged == [OP]
    assert [r["card"] for r in rows if r["verdict"] in ("stronger", "weaker")] == [OP]
    assert rows[0]["verdict"] == "stronger"
    assert {r["verdict"] for r in rows[1:]} <= {"not shown", "untested"}
    assert all((r["verdict"] == "untested") == (r["win_diff"] is None) for r in rows)
    op = rows[0]
    assert op["win_diff"]["p_holm"] < 1e-6 and op["win_diff"]["ci"][0] > 0
    assert op["points_per_build"]["mean"] == 30.0 and op["coins_per_build"]["mean"] == 0.0
    assert v["card_correction"]["method"] == "Holm"
    tested = sum(1 for r in rows if r["win_diff"])
    assert v["card_correction"]["rows"] == tested > 60
    assert f"Holm-corrected over {tested} rows" in v["card_correction"]["text"]
    # the groups add up the cards of an age and colour
    blue1 = next(g for g in v["groups"] if g["age"] == 1 and g["color"] == "blue")
    assert blue1["builds"] == sum(r["builds"] for r in rows if r["age"] == 1 and r["color"] == "blue")
    # the HTML marks that row, and only that row, of the verdicts
    html_text = report.read_text("utf-8")
    table = re.search(r'<table class="verdicts">(.*?)</table>', html_text, flags=re.S).group(1)
    assert re.findall(r'<tr class="sig"><td>(.*?)</td>', table) == [f"* {OP}"]
    assert f"Holm-corrected over {tested} rows" in html_text
    # and the terminal
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _ = cli("simulate", "--pack", str(op_pack), "--games", "30", "--players", "5", "--bots",
                       "random", "--workers", "1")
    assert code == 0
    line = next(x for x in out.splitlines() if OP in x)
    assert "* " + OP in line and "stronger" in line
    said = next(x for x in out.splitlines() if x.startswith(f"{OP}: "))  # the designer's card in words
    assert "stronger than the plays its holders chose instead" in said and "Holm p" in said


# -- compare --without ------------------------------------------------------------------------

def test_compare_without_a_card(op_pack, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    code, out, err = cli("compare", "--pack", str(op_pack), "--without", "golden statue", "--games", "30",
                         "--players", "5", "--bots", "random", "--workers", "1", "--json")
    assert code == 0, err
    data = json.loads(out)
    meta = data["meta"]
    assert meta["A"] == "op-variant" and meta["B"] == f"op-variant without {OP}"
    assert meta["without"] == [OP] and meta["designer_cards"] == [OP]
    assert data["a"]["associations"]["cards"][0]["card"] == OP  # how it did while it existed
    assert OP not in {r["card"] for r in data["b"]["associations"]["cards"]}
    share = data["diff"]["cards_built_share"][OP]
    assert share["a"]["n"] > 0 and share["b"]["n"] == 0
    assert data["diff"]["scores"]["civilian"]["diff"] < 0  # its 30 points are gone
    assert set(data["diff"]["scores"]["total"]) == {"a", "b", "diff", "p", "p_holm", "significant"}
    code, out, _ = cli("compare", "--pack", str(op_pack), "--without", OP, "--games", "5", "--players", "5",
                       "--bots", "random", "--workers", "1", "--associations")
    flat = " ".join(out.split())
    assert code == 0 and "Associations: the designer's cards in A (op-variant)" in flat
    assert "verdict" not in flat.split("Associations", 1)[1]  # associations call nothing stronger


def test_without_a_card_the_deal_needs_gives_a_clear_error_or_a_blank():
    args = ["--games", "4", "--players", "3", "--bots", "random", "--workers", "1", "--json"]
    code, out, err = cli("compare", "--bots", "greedy", "--pack", "base", "--without", "Lumber Yard", *args)
    assert code == 1 and out == "" and "Traceback" not in err
    assert err.count("\n") == 1 and "age 1 has 20 cards for 3 players; 21 are needed" in err
    assert "--blank" in err
    code, out, err = cli("compare", "--bots", "greedy", "--pack", "base", "--without", "Lumber Yard", "--blank", *args)
    assert code == 0, err
    data = json.loads(out)
    assert data["meta"]["B"] == "base without Lumber Yard (blank)"
    cards = {r["card"] for r in data["b"]["associations"]["cards"]}
    assert "Lumber Yard (blank)" in cards and "Lumber Yard" not in cards


@pytest.mark.parametrize("argv,needle", [
    (["--pack", "base", "--without", "Lumbr Yard"], "no card named 'Lumbr Yard' in pack 'base'; did you mean 'Lumber Yard'?"),
    (["--pack", "base", "--pack", "base", "--without", "Lumber Yard"], "give --pack once"),
    (["--pack", "base", "--pack", "base", "--blank"], "--blank goes with --without"),
    (["--pack", "base", "--pack", "base", "--players", "3-5"], "compare runs one player count; did you mean --players 3?"),
])
def test_compare_bad_input(argv, needle):
    players = [] if "--players" in argv else ["--players", "3"]
    code, out, err = cli("compare", *argv, *players, "--games", "3", "--bots", "random", "--workers", "1")
    assert code == 1 and needle in err and "Traceback" not in err and err.count("\n") == 1


# -- sweeps ------------------------------------------------------------------------------------

def test_sweep_json_shape_and_report(tmp_path):
    report = tmp_path / "sweep.html"
    code, out, err = cli("simulate", "--players", "3-4", "--games", "6", "--bots", "random", "--workers", "1",
                         "--json", "--report", str(report))
    assert code == 0, err
    data = json.loads(out)
    assert set(data) == {"meta", "sweep"}
    assert data["meta"]["players"] == [3, 4] and data["meta"]["sides"] == ["A", "B"]
    assert [e["players"] for e in data["sweep"]] == [3, 4]
    for e in data["sweep"]:
        assert set(e) == {"players", "games", "errors", "win_rate_by_wonder", "wonder_correction",
                          "significant_cards", "runs"}
        assert list(e["runs"]) == ["A", "B"] and e["games"] == 12 and e["errors"] == 0
        for side, run in e["runs"].items():
            assert run["meta"]["players"] == e["players"] and run["meta"]["sides"] == side
            assert run["games"] == 6 and all(w.endswith(" " + side) for w in run["win_rate"]["by_wonder"])
            assert "verdicts" in run
        assert {w[-1] for w in e["win_rate_by_wonder"]} == {"A", "B"}
        assert sum(v["win_rate"]["n"] for v in e["win_rate_by_wonder"].values()) == 12 * e["players"]
    text = report.read_text("utf-8")
    from test_sim_report import assert_self_contained, parse, svgs
    p = parse(text)
    assert p.tags["h1"] == 1 and len(svgs(text)) == 2  # one win-rate chart per player count
    for n in (3, 4):
        assert f'<section id="players-{n}">' in text and f'<a href="#players-{n}">' in text
        assert f'id="players-{n}-A"' in text and f'id="players-{n}-B"' in text
    assert_self_contained(text, p)
    # one player count with a list of sides is a sweep too; --sides random is one run per count
    code, out, _ = cli("simulate", "--players", "4", "--sides", "A,B", "--games", "3", "--bots", "random",
                       "--workers", "1", "--json")
    assert code == 0 and [list(e["runs"]) for e in json.loads(out)["sweep"]] == [["A", "B"]]
    code, out, _ = cli("simulate", "--players", "3,5", "--sides", "random", "--games", "3", "--bots", "random",
                       "--workers", "1")
    assert code == 0 and "sweep over 3, 5 players" in out and "5p (fair 20.0%)" in out


@pytest.mark.parametrize("players,needle", [
    ("3..7", "--players '3..7': give a count (4), a range (3-7) or a list (3,5,7); did you mean '3-7'?"),
    ("2-9", "--players 2-9: pack 'base' plays 2-7 players; did you mean 2-7?"),
    ("7-3", "--players 7-3: the range 7-3 runs backwards; did you mean 3-7?"),
    ("four", "did you mean '2-7'?"),
])
def test_bad_players_range(players, needle):
    code, out, err = cli("simulate", "--bots", "greedy", "--players", players, "--games", "3", "--workers", "1")
    assert code == 1 and out == "" and needle in err
    assert "Traceback" not in err and err.count("\n") == 1


def test_bad_sides():
    code, _, err = cli("simulate", "--bots", "greedy", "--players", "3", "--sides", "a,night", "--games", "3", "--workers", "1")
    assert code == 1 and "--sides 'a,night': sides are A, B or random" in err and err.count("\n") == 1


# -- labels ------------------------------------------------------------------------------------

def test_every_output_says_which_bots_played(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    report = tmp_path / "r.html"
    args = ["--games", "3", "--players", "4", "--bots", "greedy,random", "--workers", "1"]
    code, out, err = cli("simulate", "--bots", "greedy", *args, "--json", "--report", str(report))
    assert code == 0
    meta = json.loads(out)["meta"]
    assert meta["bot_labels"] == [
        {"bot": "greedy", "label": label_of("greedy").label, "heuristic": True, "values_effects": True,
         "seats": [0]},
        {"bot": "random", "label": label_of("random").label, "heuristic": False, "values_effects": False,
         "seats": [1, 2, 3]}]
    assert any("greedy is a heuristic bot" in w for w in meta["warnings"])
    assert "greedy is a heuristic bot" in err  # said before the games too
    text = report.read_text("utf-8")
    bots = re.search(r'<div id="bots">(.*?)</div>', text, flags=re.S).group(1)
    assert "<b>greedy</b> (seats 0): <b>heuristic</b>" in bots and "<b>random</b> (seats 1, 2, 3)" in bots
    code, out, _ = cli("simulate", "--bots", "greedy", *args)
    assert "bots: greedy x1 (heuristic: " in out and "random x3 (any legal move" in out
    code, out, _ = cli("compare", "--bots", "greedy", "--pack", "base", "--pack", "base", *args, "--json")
    assert json.loads(out)["meta"]["bot_labels"][0]["heuristic"] is True


def test_a_pack_the_bot_cannot_value_is_warned_about(capsys):
    tax = str(Path(__file__).resolve().parents[1] / "examples" / "plugin-tax")
    args = ["--allow-plugins", "--pack", tax, "--games", "2", "--players", "3", "--workers", "1", "--json"]
    code, out, err = cli("simulate", *args, "--bots", "greedy")
    assert code == 0, err
    assert any("cannot value the effect word(s) 'tax'" in w for w in json.loads(out)["meta"]["warnings"])
    code, out, err = cli("simulate", *args, "--bots", "random")
    assert code == 0 and json.loads(out)["meta"]["warnings"] == []


def test_labels_are_generic(monkeypatch):
    """A new bot (say, a search bot) labels itself by class attributes; one that declares
    nothing is assumed a heuristic that values effects, described by its docstring."""
    import interpreter.players.roster as bots

    class Lookahead(RandomBot):
        """Plays every move out a few turns."""
        name = "lookahead"
        label = "plays every move out a few turns"
        heuristic = False

    class Plain(RandomBot):
        """Some bot nobody described."""
        name = "plain"
    monkeypatch.setitem(bots.BOTS, "lookahead", Lookahead)
    monkeypatch.setitem(bots.BOTS, "plain", Plain)
    assert label_of("lookahead").label == "plays every move out a few turns"
    assert label_of("lookahead").heuristic is False and label_of("lookahead").values_effects is True
    assert label_of("plain").label == "Some bot nobody described." and label_of("plain").heuristic is True
    assert [e["bot"] for e in bot_labels("lookahead,plain", 3)] == ["lookahead", "plain"]
    code, out, _ = cli("simulate", "--bots", "lookahead,plain", "--games", "2", "--players", "3",
                       "--workers", "1", "--json")
    assert code == 0
    meta = json.loads(out)["meta"]
    assert [e["heuristic"] for e in meta["bot_labels"]] == [False, True]
    assert meta["warnings"] == ["plain is a heuristic bot: the figures describe its play, not the game's balance"]


# -- determinism -------------------------------------------------------------------------------

def test_the_same_seeds_give_byte_identical_output(op_pack, tmp_path):
    runs = []
    for k in range(2):
        report = tmp_path / f"r{k}.html"
        sweep = tmp_path / f"s{k}.html"
        one = cli("simulate", "--pack", str(op_pack), "--games", "8", "--players", "3", "--workers", str(k + 1),
                  "--json", "--report", str(report))
        two = cli("simulate", "--players", "3-4", "--games", "4", "--bots", "random", "--workers", "1", "--json",
                  "--report", str(sweep))
        three = cli("compare", "--bots", "greedy", "--pack", "base", "--pack", str(op_pack), "--games", "6", "--players", "3",
                    "--workers", "1")
        runs.append((one[1], report.read_bytes(), two[1], sweep.read_bytes(), three[1]))
    assert runs[0] == runs[1]

"""`wonders cards` and `wonders wonders`: JSON checked against the published golden table,
filters, readable output and errors."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from interpreter.cli import main

REPO = Path(__file__).resolve().parents[1]
GOLDEN = yaml.safe_load((REPO / "tests" / "golden" / "published_1e.yaml").read_text("utf-8"))
GOLDEN_CARDS = GOLDEN["cards"]
GOLDEN_WONDERS = GOLDEN["wonders"]
RESOURCES = {"wood", "stone", "ore", "clay", "glass", "loom", "papyrus"}


def run_json(capsys, *argv: str) -> dict:
    capsys.readouterr()
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def run_text(capsys, monkeypatch, *argv: str) -> str:
    monkeypatch.setenv("COLUMNS", "200")
    capsys.readouterr()
    assert main(list(argv)) == 0
    return capsys.readouterr().out


@pytest.fixture(scope="module")
def pack():
    from dsl.loader import load_pack

    return load_pack("base")


@pytest.fixture(scope="module")
def cards_json() -> dict:
    """`wonders cards base --json`, captured once for the module."""
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["cards", "base", "--json"]) == 0
    return json.loads(buf.getvalue())


def by_key(data: dict) -> dict:
    out = {(c["name"], c["age"]): c for c in data["cards"]}
    assert len(out) == len(data["cards"]), "a card is listed twice"
    return out


# -- the full listing against the golden table ---------------------------------------------

def test_cards_json_via_capsys(capsys):
    data = run_json(capsys, "cards", "base", "--json")
    assert data["pack"] == "base"
    assert len(data["cards"]) == 78
    first = data["cards"][0]
    assert {"name", "age", "color", "players", "cost", "chains_from", "chains_to", "effects",
            "text"} <= set(first)


def test_exactly_the_published_cards(cards_json):
    assert sorted(by_key(cards_json)) == sorted((g["name"], g["age"]) for g in GOLDEN_CARDS)


@pytest.mark.parametrize("g", GOLDEN_CARDS, ids=[f"{g['name']}-age{g['age']}" for g in GOLDEN_CARDS])
def test_card_agrees_with_golden(cards_json, pack, g):
    from dsl.parser import parse_effects

    c = by_key(cards_json)[(g["name"], g["age"])]
    assert c["color"] == g["color"]
    assert c["players"] == g["players"]  # None (null) for a guild
    assert c["cost"] == g["cost"]  # zero costs left out, {} = free
    assert all(v > 0 for v in c["cost"].values())
    assert set(c["cost"]) <= RESOURCES | {"coins"}
    assert c["chains_from"] == g["chains_from"]
    assert c["chains_to"] == g["chains_to"]
    # one canonical text per effect, each of which reads back as the pack's AST
    card = next(x for x in pack.cards if x.name == g["name"] and x.age == g["age"])
    assert isinstance(c["effects"], list) and len(c["effects"]) == len(card.effects)
    reparsed = tuple(e for text in c["effects"] for e in parse_effects(text, pack.rules.vocab))
    assert reparsed == card.effects
    assert all(";" not in text for text in c["effects"])
    assert isinstance(c["text"], str) and c["text"].endswith(".")


def _check_wonders(wonders: list, pack) -> None:
    from dsl.parser import parse_effects

    assert sorted(w["name"] for w in wonders) == sorted(g["name"] for g in GOLDEN_WONDERS)
    got = {w["name"]: w for w in wonders}
    for g in GOLDEN_WONDERS:
        w = got[g["name"]]
        assert sorted(w["sides"]) == sorted(g["sides"])
        for s, gs in g["sides"].items():
            side = w["sides"][s]
            where = f"{g['name']} {s}"
            assert side["alias"] == gs["alias"], where
            assert side["resource"] == gs["resource"], where
            assert len(side["stages"]) == len(gs["stages"]), where
            ast_side = pack.wonder(g["name"]).sides[s]
            for i, (st, gst) in enumerate(zip(side["stages"], gs["stages"])):
                assert st["cost"] == gst["cost"], f"{where} stage {i + 1}"
                reparsed = tuple(e for t in st["effects"] for e in parse_effects(t, pack.rules.vocab))
                assert reparsed == ast_side.stages[i].effects, f"{where} stage {i + 1}"
                assert len(st["effects"]) == len(ast_side.stages[i].effects)
                assert st["text"] and st["text"].endswith("."), f"{where} stage {i + 1}"


def test_cards_json_includes_the_wonders(cards_json, pack):
    _check_wonders(cards_json["wonders"], pack)


def test_wonders_command_json(capsys, pack, cards_json):
    data = run_json(capsys, "wonders", "base", "--json")
    assert data["pack"] == "base"
    _check_wonders(data["wonders"], pack)
    assert data["wonders"] == cards_json["wonders"]
    babylon = next(w for w in data["wonders"] if w["name"] == "Babylon")
    assert babylon["sides"]["A"] == {
        "alias": "Day", "resource": "clay", "power": [], "power_text": "",
        "stages": [
            {"cost": {"clay": 2}, "effects": ["vp 3"], "text": "3 victory points."},
            {"cost": {"wood": 3}, "effects": ["science any"],
             "text": "One science symbol of your choice (compass, gear or tablet), "
                     "chosen at game end."},
            {"cost": {"clay": 4}, "effects": ["vp 7"], "text": "7 victory points."},
        ]}
    assert babylon["sides"]["B"]["stages"][0]["cost"] == {"clay": 1, "loom": 1}
    rhodos_b = next(w for w in data["wonders"] if w["name"] == "Rhodos")["sides"]["B"]
    assert rhodos_b["stages"][0]["effects"] == ["vp 3", "coins 3", "shields 1"]


def test_pack_defaults_to_base(capsys, cards_json):
    assert run_json(capsys, "cards", "--json") == cards_json
    assert run_json(capsys, "wonders", "--json")["wonders"] == cards_json["wonders"]


def test_example_cards(cards_json):
    cards = by_key(cards_json)
    assert cards[("Clay Pit", 1)] == {
        **cards[("Clay Pit", 1)],
        "name": "Clay Pit", "age": 1, "color": "brown", "players": [3], "cost": {"coins": 1},
        "chains_from": [], "chains_to": [], "effects": ["produce ore/clay"],
        "text": "Produces one of ore or clay each turn."}
    assert cards[("Lumber Yard", 1)]["cost"] == {}
    assert cards[("Arena", 3)]["effects"] == ["coins 3 per wonder stage in self",
                                              "vp 1 per wonder stage in self"]
    assert cards[("Forum", 2)]["chains_from"] == ["East Trading Post", "West Trading Post"]
    assert cards[("Builders Guild", 3)]["players"] is None


# -- filters -------------------------------------------------------------------------------

def _copies(card: dict) -> int:
    return 0 if card["players"] is None else len(card["players"])


@pytest.mark.parametrize("n", range(3, 8))
def test_players_filter_counts(capsys, n):
    data = run_json(capsys, "cards", "base", "--players", str(n), "--json")
    per_age = {a: [c for c in data["cards"] if c["age"] == a] for a in (1, 2, 3)}
    assert sum(_copies(c) for c in per_age[1]) == 7 * n
    assert sum(_copies(c) for c in per_age[2]) == 7 * n
    non_guild = [c for c in per_age[3] if c["players"] is not None]
    guilds = [c for c in per_age[3] if c["players"] is None]
    assert len(guilds) == 10  # guilds are always listed
    assert sum(_copies(c) for c in non_guild) + (n + 2) == 7 * n
    assert data["guilds_drawn"] == n + 2
    for c in data["cards"]:
        if c["players"] is not None:
            assert c["players"], f"{c['name']} listed with no copy in play at {n}"
            assert all(p <= n for p in c["players"])


def test_players_filter_details(capsys):
    at3 = run_json(capsys, "cards", "base", "--players", "3", "--json")
    age1 = [c for c in at3["cards"] if c["age"] == 1]
    assert sum(_copies(c) for c in age1) == 21
    names3 = {c["name"] for c in age1}
    assert "Excavation" not in names3 and "Clay Pit" in names3  # Excavation: from 4 players

    at5 = by_key(run_json(capsys, "cards", "base", "--players", "5", "--json"))
    full = by_key(run_json(capsys, "cards", "base", "--json"))
    # a card with players [3, 6] has one copy in play at 5 players
    three_six = [k for k, c in full.items() if c["players"] == [3, 6]]
    assert three_six
    for k in three_six:
        assert at5[k]["players"] == [3]
    assert at5[("Clay Pool", 1)]["players"] == [3, 5]
    assert ("Mine", 1) not in at5  # from 6 players


def test_age_filter(capsys):
    for age, distinct, physical in ((1, 27, 49), (2, 23, 49), (3, 28, 40)):
        data = run_json(capsys, "cards", "base", "--age", str(age), "--json")
        assert {c["age"] for c in data["cards"]} == {age}
        assert len(data["cards"]) == distinct
        assert sum(_copies(c) for c in data["cards"]) == physical
    roman = run_json(capsys, "cards", "base", "--age", "II", "--json")
    assert {c["age"] for c in roman["cards"]} == {2}
    both = run_json(capsys, "cards", "base", "--age", "1", "--players", "3", "--json")
    assert sum(_copies(c) for c in both["cards"]) == 21
    assert {c["age"] for c in both["cards"]} == {1}


# -- readable output -----------------------------------------------------------------------

def test_readable_cards(capsys, monkeypatch):
    out = run_text(capsys, monkeypatch, "cards", "base")
    for text in ("Clay Pit", "Chamber of Commerce", "Builders Guild", "Age I", "Age III",
                 "Produces one of ore or clay each turn.", "Take 5 coins when built.",
                 "East Trading Post", "from Baths", "to Gardens", "N+2 at random"):
        assert text in out, text
    assert "{" not in out  # not JSON


def test_readable_cards_with_filters(capsys, monkeypatch):
    out = run_text(capsys, monkeypatch, "cards", "base", "--age", "3", "--players", "4")
    assert "Age III" in out and "Age I:" not in out and "Age II:" not in out
    assert "Palace" in out and "Builders Guild" in out
    assert "6 at random" in out  # 4 + 2 guilds drawn
    assert "Clay Pit" not in out


def test_readable_cards_narrow(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    capsys.readouterr()
    assert main(["cards", "base", "--age", "1"]) == 0
    out = capsys.readouterr().out
    assert "Clay Pit" in out and "Stockade" in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_readable_wonders(capsys, monkeypatch):
    out = run_text(capsys, monkeypatch, "wonders", "base")
    for text in ("Babylon", "Rhodos", "Day", "Night", "papyrus", "2 clay", "7 victory points.",
                 "At game end, copy one purple card built by either neighbour."):
        assert text in out, text


# -- errors --------------------------------------------------------------------------------

@pytest.mark.parametrize("argv, message", [
    (["cards", "no-such-pack"], "no-such-pack"),
    (["cards", "no-such-pack", "--json"], "no-such-pack"),
    (["wonders", "no-such-pack"], "no-such-pack"),
    (["cards", "base", "--age", "4"], "--age"),
    (["cards", "base", "--age", "0"], "--age"),
    (["cards", "base", "--age", "x"], "--age"),
    (["cards", "base", "--players", "1"], "--players"),
    (["cards", "base", "--players", "8"], "--players"),
    (["cards", "base", "--players", "many"], "--players"),
])
def test_bad_input_exits_1_with_a_message(capsys, argv, message):
    capsys.readouterr()
    assert main(argv) == 1
    captured = capsys.readouterr()
    assert message in captured.err
    assert "Traceback" not in captured.err
    assert captured.out == ""


def test_bad_pack_folder(capsys, tmp_path):
    (tmp_path / "pack.yaml").write_text("name: broken\nversion: 1.0.0\n"
                                        "description: x\nextends: [base]\n", encoding="utf-8")
    (tmp_path / "cards.yaml").write_text("cards:\n  - name: Bad\n    age: 1\n    color: brown\n"
                                         "    players: [3]\n    effect: produce unobtainium\n",
                                         encoding="utf-8")
    capsys.readouterr()
    assert main(["cards", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "unobtainium" in err and "Traceback" not in err


def test_packs_lists_the_shipped_packs(capsys) -> None:
    data = run_json(capsys, "packs", "--json")
    rows = {p["name"]: p for p in data["packs"]}
    assert {"base", "leaders"} <= set(rows)
    assert rows["base"]["players"] == {"min": 2, "max": 7} and rows["base"]["extends"] == []
    assert rows["leaders"]["extends"] == ["base"] and rows["leaders"]["decks"] == ["leaders"]
    assert "Leaders" in rows["leaders"]["description"] and rows["leaders"]["version"] == "1.0.0"

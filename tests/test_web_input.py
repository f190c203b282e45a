"""`wonders serve` and bad input: tampered moves, broken logs, a busy port, a pack that fails to
load. Each gets a clear message, never a traceback, and other games go on."""
from __future__ import annotations

import json
import re
import socket
import warnings
from pathlib import Path

import pytest

from dsl.loader import load_pack
from interpreter.cli import main
from interpreter.rules.compiled import compile_pack
from interpreter.rules.moves import BUILD, price_card

pytest.importorskip("starlette")
pytest.importorskip("httpx")
with warnings.catch_warnings():  # starlette's notice about httpx versions
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from interpreter.web.app import create_app  # noqa: E402

TINY = str(Path(__file__).resolve().parent / "packs" / "tiny")


def refused(html: str) -> str:
    got = re.findall(r'class="refused"[^>]*>([^<]*)', html)
    return got[0] if got else ""


@pytest.fixture(scope="module")
def cp():  # type: ignore[no-untyped-def]
    return compile_pack(load_pack("base"))


def test_tampered_moves_are_refused_with_the_rules_reason_and_other_games_go_on(cp) -> None:  # type: ignore[no-untyped-def]
    app = create_app(cp, players=3, seed=1)
    a, b = TestClient(app), TestClient(app)
    a.get("/"), b.get("/")
    live = app.state.games.get(a.cookies.get("wonders_session"))
    game = live.game
    short = next(i for i, c in enumerate(game.hands[0])
                 if not price_card(c, game.cities[0], game.table).buildable)
    r = a.post("/move", data={"move": f"{BUILD}:{short}:0:0:"})
    assert r.status_code == 422 and "needs 1 more" in refused(r.text), refused(r.text)
    r = a.post("/move", data={"move": "nonsense"})  # not a move at all: a malformed request
    assert r.status_code == 400 and "malformed move 'nonsense'" in r.text
    for bad, why in (("fly:1:0:0:", "unknown action"),
                     ("build:99:0:0:", "no card #99"), ("sell:0:5:0:", "selling takes no payment"),
                     ("build:0:-1:0:", "negative")):
        r = a.post("/move", data={"move": bad})
        assert r.status_code == 422 and why in refused(r.text), (bad, refused(r.text))
    assert "Traceback" not in r.text
    # the other session's game is untouched and plays on
    step = app.state.games.get(b.cookies.get("wonders_session")).step
    r = b.post("/move", data={"move": re.findall(r'data-move="([^"]+)"', b.get("/").text)[0]})
    assert r.status_code == 200 and not refused(r.text)
    assert app.state.games.get(b.cookies.get("wonders_session")).step == step + 1
    assert app.state.games.get(a.cookies.get("wonders_session")).game.turn == 1


def test_a_replay_steps_through_a_logged_game_both_ways(cp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from interpreter.web.replay import load_replay

    log = tmp_path / "game.json"
    assert main(["play", "--players", "4", "--seed", "5", "--sides", "random", "--log", str(log)]) == 0
    replay = load_replay(cp, str(log))
    assert len(replay.steps) >= 18 + 1
    client = TestClient(create_app(cp, replay=replay))
    first = client.get("/?step=0").text
    assert "Age 1, turn 1" in first and "This turn" in first and "data-move" not in first
    later = client.get("/?step=8&seat=2").text
    assert "End of age 1" in later and 'aria-current="true">P3' in later
    assert client.get("/?step=7").text != later
    last = client.get(f"/?step={len(replay.steps) - 1}").text
    assert 'id="final-scores"' in last
    assert client.get("/?step=99999").text == last  # past the end: the last step
    r = client.post("/move", data={"move": "sell:0:0:0:"})
    assert r.status_code == 404 and "replays a log" in r.text
    scores = json.loads(log.read_text())["scores"]["players"]
    assert f"<td>{scores[0]['total']}</td>" in last


def test_bad_logs_are_refused_with_a_clear_message(cp, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    log = tmp_path / "tiny.json"
    assert main(["play", "--pack", TINY, "--players", "3", "--log", str(log)]) == 0
    capsys.readouterr()
    assert main(["serve", "--log", str(log), "--pack", "base"]) == 1
    assert "from the pack 'tiny', not 'base'" in capsys.readouterr().err
    good = tmp_path / "base.json"
    assert main(["play", "--players", "3", "--seed", "2", "--log", str(good)]) == 0
    data = json.loads(good.read_text())
    cases = {"garbage.json": "not JSON", "list.json": "[1, 2]",
             "cut.json": good.read_text()[: len(good.read_text()) // 2]}
    data["turns"][3]["moves"][0]["card"] = "Nothing Like It"
    cases["edited.json"] = json.dumps(data)
    for name, text in cases.items():
        path = tmp_path / name
        path.write_text(text)
        capsys.readouterr()
        assert main(["serve", "--log", str(path)]) == 1, name
        err = capsys.readouterr().err
        assert err.startswith("error: ") and "Traceback" not in err, (name, err)
    assert "no Nothing Like It in the hand" in err


def test_a_busy_port_and_a_broken_pack_are_clear_messages(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen(1)
    port = busy.getsockname()[1]
    try:
        assert main(["serve", "--players", "3", "--port", str(port)]) == 1
        assert f"port {port} is in use" in capsys.readouterr().err
    finally:
        busy.close()
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "pack.yaml").write_text("name: broken\nversion: 1\nrules: {ages: zero}\n")
    with pytest.raises(SystemExit) as stop:
        main(["serve", "--pack", str(broken), "--players", "3"])
    assert stop.value.code == 1
    err = capsys.readouterr().err
    assert "broken" in err and "Traceback" not in err
    assert main(["serve", "--players", "9"]) == 1
    assert "2 to 7 players" in capsys.readouterr().err


def test_a_build_from_the_discard_pile_is_offered_as_cards_and_checked(cp) -> None:  # type: ignore[no-untyped-def]
    from interpreter.rules.moves import BUILD, WONDER
    from interpreter.web.app import render
    from interpreter.web.player import LiveGame
    from interpreter.web.views import move_code

    live = LiveGame(cp, 3, 5, sides="B", wonders=["Halikarnassus", "Rhodos", "Gizah"]).start()
    try:
        while not live.over and live.prompt.kind == "move":  # wonder stages first, to earn the power
            moves = live.prompt.moves
            pick = next((m for m in moves if m.action == WONDER), None) or \
                next((m for m in moves if m.action == BUILD), moves[0])
            assert live.submit(move_code(pick)) == ""
        assert live.prompt is not None and live.prompt.kind == "discard"
        html = render("game.html", view=live.view, step=live.step, prompt="discard", error="",
                      live=True, replay=None)
        assert 'data-move="discard:0"' in html and 'data-move="discard:none"' in html
        assert "not a card of the discard pile" in live.submit("discard:99")
        name = live.prompt.cards[0].name
        assert live.submit("discard:0") == ""
        assert any(t.get("note") == "build from discard" and t["moves"][0]["card"] == name
                   for t in live.game.log["turns"])
    finally:
        live.stop()


def test_serve_refuses_a_terminal_human_among_the_bots(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["serve", "--players", "3", "--bots", "greedy,human"]) == 1
    assert "you are the browser's seat" in capsys.readouterr().err


def test_a_game_that_breaks_says_so_on_its_page(cp) -> None:  # type: ignore[no-untyped-def]
    from interpreter.web.player import LiveGame

    live = LiveGame(cp, 3, 1)

    def broken(age: int) -> None:
        raise ValueError("age 1 has 3 cards for 3 players; 21 are needed")

    live.game.deal = broken  # type: ignore[method-assign]
    live.start()
    assert live.over and "the game stopped" in live.error and "21 are needed" in live.error
    assert "not waiting" in live.submit("sell:0:0:0:")


def test_a_game_played_in_the_browser_can_be_downloaded_and_replayed(cp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from interpreter.web.replay import load_replay

    client = TestClient(create_app(cp, players=3, seed=9))
    r = client.get("/")
    assert client.get("/log").status_code == 404 and client.get("/replay").status_code == 404
    while 'id="final-scores"' not in r.text:
        r = client.post("/move", data={"move": re.findall(r'data-move="([^"]+)"', r.text)[-1]})
    assert 'href="/replay"' in r.text
    log = client.get("/log")
    assert log.status_code == 200 and "attachment" in log.headers["content-disposition"]
    path = tmp_path / "web.json"
    path.write_text(log.text)
    replay = load_replay(cp, str(path))  # the same as `wonders serve --log web.json`
    assert replay.names == ["You", "Bot 2", "Bot 3"]
    page = client.get("/replay?step=4&seat=1").text
    assert "Step 4 of" in page and 'href="/replay?step=5&seat=1"' in page


def test_a_leaders_game_in_the_browser_shows_the_draft_and_recruitments() -> None:
    """Every phase a pack declares is played from the page: draft picks are `keep` buttons,
    recruitments are moves on the second hand, and the pack's own score line is on the pad."""
    lcp = compile_pack(load_pack("leaders"))
    client = TestClient(create_app(lcp, players=3, seed=2))
    r = client.get("/")
    kept = 0
    seen_recruit = False
    while 'id="final-scores"' not in r.text:
        moves = re.findall(r'data-move="([^"]+)"', r.text)
        if moves[0].startswith("keep:"):
            kept += 1
            assert all(m.startswith("keep:") for m in moves)
        seen_recruit |= "recruitment" in r.text
        r = client.post("/move", data={"move": moves[0]})
        assert r.status_code == 200 and not refused(r.text), refused(r.text)
    assert kept == 3  # picks from 4, 3 and 2 cards; the last card is kept without asking
    assert seen_recruit
    assert "leaders" in r.text.split('id="final-scores"')[1]
    assert "Traceback" not in r.text


def test_a_cities_game_in_the_browser_asks_how_much_of_a_loss_to_pay() -> None:
    """A coin loss is the player's choice in the browser too: `pay:K` buttons, one per amount
    from all it can down to 0 (the rest in debt); a tampered amount is refused."""
    ccp = compile_pack(load_pack("cities"))
    client = TestClient(create_app(ccp, players=5, seed=1))
    r = client.get("/")
    asked = 0
    while 'id="final-scores"' not in r.text:
        moves = re.findall(r'data-move="([^"]+)"', r.text)
        if moves[0].startswith("pay:"):
            asked += 1
            top = int(moves[0].split(":")[1])
            assert moves == [f"pay:{k}" for k in range(top, -1, -1)]
            bad = client.post("/move", data={"move": f"pay:{top + 1}"})
            assert bad.status_code == 422 and "pay 0 to" in refused(bad.text)
            r = client.post("/move", data={"move": "pay:0"})  # take debt instead
        else:
            r = client.post("/move", data={"move": moves[0]})
        assert r.status_code == 200 and not refused(r.text), refused(r.text)
    assert "cities" in r.text.split('id="final-scores"')[1]
    assert asked >= 1  # seed 1: the others' cards make the browser's player lose coins

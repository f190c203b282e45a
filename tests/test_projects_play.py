"""The join question put to people (interpreter/players/project_offer.py): the terminal asks
'join / no' with the project's facts; the browser shows them with "Join" / "Do not join"
buttons and lists the projects with who joined. examples/projects, 3 players (Harbour Mole, age
I: 2 coins, 2 places, reward 4 coins, penalty -2 coins)."""
from __future__ import annotations

import re
import warnings
from pathlib import Path
from typing import Any

import pytest

from dsl.loader import load_pack
from interpreter.players.bots import GreedyBot
from interpreter.players.game import Game
from interpreter.players.human import HumanBot
from interpreter.rules.compiled import compile_pack
from game_checks import example_pack

PACK = Path(__file__).resolve().parents[1] / "examples" / "projects"


def cp() -> Any:
    return example_pack("projects")


def _mole() -> Any:
    return cp().project_of(1)


def test_the_terminal_shows_the_project_and_takes_join_or_no() -> None:
    said: list[str] = []
    answers = iter(["maybe", "join", "no"])
    human = HumanBot(ask=lambda prompt: next(answers), say=said.append)
    g = Game(cp(), [human, GreedyBot(), GreedyBot()], seed=1, wonders=["Gizah", "Babylon", "Rhodos"], sides="A")
    g.pending()
    g.age = 1
    g.joins["Harbour Mole"] = (2,)
    assert human.choose_card(g.observe(0), [_mole().card], "join project for 2 coins") == 0
    text = "\n".join(said)
    assert "Shared project Harbour Mole (age 1): join it with this wonder stage?" in text
    assert "joining costs 2 coins now, besides the stage (the project asks 2 coins)" in text
    assert "places left: 1 of 2 (joined: " + g.cities[2].name + ")" in text
    assert "reward, each joiner when complete: Take 4 coins when built." in text
    assert "penalty, each city that did not join if it fails: Lose 2 coins when built." in text
    assert "refused: answer 'join' or 'no'" in text  # "maybe"
    assert human.choose_card(g.observe(0), [_mole().card], "join project for 2 coins") is None


def test_a_whole_terminal_game_shows_the_age_project_and_the_joins() -> None:
    said: list[str] = []

    def ask(prompt: str) -> str:
        if prompt.startswith("join"):
            return "join"
        if prompt.startswith("card number"):
            return "none"
        stage = next((s for s in reversed(said) if "next wonder stage" in s or "== Age" in s), "")
        refused = said[-1].startswith("  refused")
        return "wonder 1" if "[a:" in stage and not refused else "sell 1"

    human = HumanBot(ask=ask, say=said.append)
    Game(cp(), [human, GreedyBot(), GreedyBot()], seed=3, sides="A").play()
    text = "\n".join(said)
    assert "shared project Harbour Mole: join it with a wonder stage for 2 coins" in text
    assert "shared project Ring of Walls" in text
    assert "built Harbour Mole" not in text  # a join reads as one
    if "joined the project" in text:
        assert re.search(r"joined the project \w+ \w+, paid \d", text)


pytest.importorskip("starlette")
pytest.importorskip("httpx")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402


def test_the_browser_asks_join_or_not_with_the_facts_and_lists_who_joined() -> None:
    from interpreter.rules.moves import BUILD, SELL, WONDER
    from interpreter.web.app import render
    from interpreter.web.player import LiveGame
    from interpreter.web.views import move_code

    live = LiveGame(cp(), 3, 4, sides="A", wonders=["Gizah", "Babylon", "Rhodos"]).start()
    try:
        while not live.over and live.prompt.kind == "move":  # a wonder stage as soon as it can
            moves = live.prompt.moves
            pick = next((m for m in moves if m.action == WONDER), None) or \
                next((m for m in moves if m.action == BUILD and m.left + m.right == 0), None) or \
                next(m for m in moves if m.action == SELL)
            assert live.submit(move_code(pick)) == ""
        assert live.prompt.kind == "discard" and live.game.age == 1
        offer = live.view["project_offer"]
        assert (offer["name"], offer["coins"], offer["needed"]) == ("Harbour Mole", 2, 2)
        html = render("game.html", view=live.view, step=live.step, prompt="discard", error="",
                      live=True, replay=None)
        assert "Join the shared project Harbour Mole with this wonder stage?" in html
        assert "Joining costs <b>2 coins</b> now" in html
        assert f"Places left: <b>{offer['places_left']} of 2</b>" in html
        assert "Reward, each joiner when it is complete: Take 4 coins when built." in html
        assert "Penalty, each city that did not join if it fails: Lose 2 coins when built." in html
        assert 'data-move="discard:0"' in html and ">Join (2 coins)<" in html
        assert 'data-move="discard:none"' in html and ">Do not join<" in html
        assert "not one of the cards offered" in live.submit("discard:3") or \
            "not a card" in live.submit("discard:3")
        assert live.submit("discard:0") == ""
        assert any(m["action"] == "join" and m["player"] == 0 and m["card"] == "Harbour Mole"
                   for t in live.game.log["turns"] for m in t["moves"])
        mole = next(p for p in live.view["projects"] if p["name"] == "Harbour Mole")
        assert "You" in mole["joined"]
        html = render("game.html", view=live.view, step=live.step, prompt=live.prompt.kind, error="",
                      live=True, replay=None)
        listed = re.search(r'<li data-project="Harbour Mole">(.*?)</li>', html, re.S)
        assert listed is not None and "You" in listed.group(1).split("joined:")[1]
    finally:
        live.stop()


def test_a_base_game_page_has_no_projects_section() -> None:
    from interpreter.web.app import create_app
    client = TestClient(create_app(compile_pack(load_pack("base")), players=3, seed=1))
    r = client.get("/")
    assert r.status_code == 200 and 'id="projects"' not in r.text
    client = TestClient(create_app(cp(), players=3, seed=1))
    r = client.get("/")
    assert 'id="projects"' in r.text and 'data-project="Ring of Walls"' in r.text


def test_a_shared_table_puts_the_join_question_to_its_seat(tmp_path: Path) -> None:
    """A shared table (interpreter/web/tables.py): the seat asked sees the project's facts,
    the others see it listed; answering "discard:0" joins, and the table ends."""
    from interpreter.rules.moves import WONDER
    from interpreter.web.hall import Hall
    from interpreter.web.store import TableStore
    from interpreter.web.views import move_code

    hall = Hall(cp(), TableStore(tmp_path / "t.sqlite"), seed=2)
    table = hall.create("host", 3, "A", ["human", "human", "human"])
    offers: list[dict[str, Any]] = []
    while not table.over:
        q = table.question
        if q is not None:
            if q.kind == "card" and q.purpose.startswith("join project"):
                view = table.seat_view(q.seat)
                offers.append(view["project_offer"])
                assert view["choose_for"] == q.purpose
            assert table.answer(q.seat, "pay:0" if q.kind == "payment" else "discard:0") == ""
            continue
        for s in table.human_deciding():
            d = table.decisions[s]
            if d.kind == "move":
                pick = next((m for m in d.moves if m.action == WONDER), d.moves[0])
                assert table.answer(s, move_code(pick)) == ""
            else:
                assert table.answer(s, "discard:0") == ""
    assert offers and not table.error
    assert {o["name"] for o in offers} <= {"Harbour Mole", "Public Archive", "Ring of Walls"}
    assert all(o["coins"] >= 0 and 0 < o["places_left"] <= o["needed"] for o in offers)
    joined = sum(len(v) for v in table.game.joins.values())
    assert joined == len(offers)  # every offer was answered "join"

"""The browser table's law tower panel (issue 23, item 5): the tiles placed, newest first, with
what each law changes; covered ones marked as no longer holding; the player's own tiles (hidden
from spectators); and the replay of a logged law-tower game showing the tower as it stood."""
from __future__ import annotations

import json
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

from dsl.loader import load_pack
from interpreter.cli import main
from interpreter.rules.compiled import compile_pack

pytest.importorskip("starlette")
pytest.importorskip("httpx")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from interpreter.web.app import create_app  # noqa: E402
from interpreter.web.views import tower_view  # noqa: E402

PACK = Path(__file__).resolve().parents[1] / "examples" / "law-tower"


@pytest.fixture(scope="module")
def cp() -> Any:
    return compile_pack(load_pack(str(PACK)))


def _tower(page: str) -> str:
    found = re.search(r'<section class="tower" id="tower">(.*?)</section>', page, re.S)
    assert found, "no tower panel"
    return found.group(1)


def test_the_panel_shows_my_tiles_then_the_laws_placed(cp: Any) -> None:
    app = create_app(cp, players=3, seed=2)
    client = TestClient(app)
    page = client.get("/").text
    live = app.state.games.get(client.cookies.get("wonders_session"))
    game = live.game
    names = [t.name for t in cp.rules.tower.tiles]
    mine = [names[t] for t in game.cities[0].laws]
    panel = _tower(page)
    assert "the 3 most recent tiles hold" in panel and "no law placed yet" in panel
    assert all(f"<b>{n}</b>" in panel for n in mine) and len(mine) == 2
    assert not any(f"<b>{n}</b>" in panel for c in game.cities[1:] for n in (names[t] for t in c.laws))
    # the tower as if four tiles were placed: at 3 players the oldest is covered
    a, b, c, d = (names.index(n) for n in ("Glory", "Mercy", "Levy", "Toll Road"))
    game.tower = [(1, a), (2, b), (1, c), (2, d)]
    live.view["tower"] = tower_view(game, 0)  # the screen is made at each decision: make it again
    panel = _tower(client.get("/").text)
    rows = re.findall(r'<li class="(law|covered)"><b>([^<]+)</b> \(placed by ([^)]+)\)', panel)
    assert rows == [("law", "Toll Road", "Bot 3"), ("law", "Levy", "Bot 2"), ("law", "Mercy", "Bot 3"),
                    ("covered", "Glory", "Bot 2")]
    assert "covered: no longer holds: While this holds, each victory token every city takes is worth 1 point more." \
        in panel


def test_placing_a_law_from_the_browser(cp: Any) -> None:
    app = create_app(cp, players=3, seed=2)
    client = TestClient(app)
    page = client.get("/").text
    law = next(m for m in re.findall(r'data-move="([^"]+)"', page) if m.startswith("law"))
    label = re.search(rf'data-move="{re.escape(law)}" aria-label="[^"]*: Law: place ([^(]+) \(', page)
    assert label
    tile = label.group(1).strip()
    r = client.post("/move", data={"move": law})
    assert r.status_code == 200
    panel = _tower(client.get("/").text)
    me = app.state.games.get(client.cookies.get("wonders_session")).game.cities[0].name
    assert f'<li class="law"><b>{tile}</b> (placed by {me})' in panel
    assert "Your tiles (1 placed: 2 points):" in panel and panel.count("<li>") == 1  # one tile left


def test_the_replay_of_a_law_tower_game_shows_the_tower(cp: Any, tmp_path: Path) -> None:
    from interpreter.web.replay import load_replay
    log = tmp_path / "game.json"
    assert main(["play", "--pack", str(PACK), "--players", "3", "--seed", "1", "--bots", "random",
                 "--log", str(log)]) == 0
    placed = [m["law"] for t in json.loads(log.read_text())["turns"] for m in t["moves"] if m["action"] == "law"]
    assert len(placed) == 6  # the random bots placed every tile: 3 visible, 3 covered
    replay = load_replay(cp, str(log))
    client = TestClient(create_app(cp, replay=replay))
    assert "no law placed yet" in _tower(client.get("/?step=0").text)
    last = _tower(client.get(f"/?step={len(replay.steps) - 1}").text)
    shown = re.findall(r'<li class="(?:law|covered)"><b>([^<]+)</b>', last)
    assert shown == placed[::-1]  # newest first
    assert len(re.findall(r'<li class="law">', last)) == 3 and len(re.findall(r'<li class="covered">', last)) == 3

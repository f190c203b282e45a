"""Browser tables saved as they go (issue 24): a server started again on the same SQLite file
has every table where it was (the same hand, coins and turn), its session cookie still works,
the link token is kept, and a new game in a session replaces the saved one."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from interpreter.cli.packs import compiled

testclient = pytest.importorskip("starlette.testclient")


def _state(app, sid: str) -> tuple:
    live = app.state.games.get(sid)
    g = live.game
    return (g.age, g.turn, [c.coins for c in g.cities], [sorted(c.names) for c in g.cities],
            [c.name for c in g.hands[0]], live.step > 0)


def test_a_restarted_server_has_every_table_where_it_was(tmp_path: Path) -> None:
    from interpreter.web.app import create_app
    from interpreter.web.store import TableStore
    cp = compiled("base")
    db = tmp_path / "tables.sqlite"
    app = create_app(cp, players=3, seed=11, store=TableStore(db))
    a = testclient.TestClient(app)
    a.get("/")
    sid = a.cookies.get("wonders_session")
    for _ in range(8):  # eight turns from the browser: the first legal move each time
        code = re.findall(r'data-move="([^"]+)"', a.get("/").text)[0]
        assert a.post("/move", data={"move": code}).status_code == 200
    before = _state(app, sid)
    assert (before[0], before[1]) > (1, 1)  # the game moved on
    app.state.games.get(sid).stop()

    again = create_app(cp, players=3, seed=None, store=TableStore(db))  # a new process, same file
    assert _state(again, sid) == before
    b = testclient.TestClient(again)
    b.cookies.set("wonders_session", sid)
    page = b.get("/").text
    assert "Your hand" in page and before[4][0] in page  # the same hand, through the same cookie
    code = re.findall(r'data-move="([^"]+)"', page)[0]
    assert b.post("/move", data={"move": code}).status_code == 200  # and it plays on
    assert len(TableStore(db).tables("base")[0].codes) == 9


def test_the_token_is_kept_and_a_new_game_replaces_the_saved_one(tmp_path: Path) -> None:
    from interpreter.web.app import create_app
    from interpreter.web.store import TableStore
    store = TableStore(tmp_path / "t.sqlite")
    assert store.token() == TableStore(tmp_path / "t.sqlite").token()
    app = create_app(compiled("base"), players=3, seed=5, store=store)
    c = testclient.TestClient(app)
    c.get("/")
    code = re.findall(r'data-move="([^"]+)"', c.get("/").text)[0]
    c.post("/move", data={"move": code})
    assert len(store.tables("base")[0].codes) == 1
    c.post("/new")
    (saved,) = store.tables("base")
    assert saved.codes == ()  # the session's new game, from its first turn

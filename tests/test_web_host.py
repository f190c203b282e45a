"""The host and the pages of shared tables, server side (the playtest findings): a host link
that works from any browser, Close and Delete, finished tables out of the caps and expired,
a cap per host, a rematch with the same seats, whom a table waits for, the leaders kept so
far in a draft, a chat saved with the table, a player's list of tables."""
from __future__ import annotations

import re
import sqlite3
import warnings
from pathlib import Path
from typing import Any

import pytest

from interpreter.cli.packs import compiled

pytest.importorskip("starlette")
pytest.importorskip("httpx")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from interpreter.web.app import create_app  # noqa: E402
from interpreter.web.hall import Hall, Limits, Refused  # noqa: E402
from interpreter.web.store import TableStore  # noqa: E402
from interpreter.web.tables import CHAT_KEEP, CHAT_LEN, Table  # noqa: E402
from interpreter.web.views import move_code  # noqa: E402

from test_web_tables import host_url, make_table, moves, play_out, refused  # noqa: E402


@pytest.fixture(scope="module")
def cp() -> Any:
    return compiled("base")


class Clock:
    """A clock the test moves (expiry is measured in wall-clock seconds)."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def only(app: Any) -> Table:
    (table,) = app.state.hall.tables.values()
    return table


def test_the_host_link_works_from_a_fresh_browser_and_after_a_restart(cp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "t.sqlite"
    app = create_app(cp, players=3, store=TableStore(db), token="server-token")
    key = app.state.hall.host_key
    assert len(key) >= 40  # 32 random bytes, its own secret (not the server's token)
    first = TestClient(app)
    assert first.get("/tables?token=server-token").url.path == f"/host/{key}"  # the old link leads there
    r = first.post(f"/host/{key}/tables", data={"players": "3", "seat0": "human", "seat1": "human",
                                               "seat2": "greedy", "name0": "Ada", "name1": "Bo"})
    seats = re.findall(r'class="seat-link" href="([^"]+)"', r.text)
    watch = re.findall(r'id="watch-link" href="([^"]+)"', r.text)[0]
    table = only(app)
    fresh = TestClient(app)  # another browser, no cookie: the host's link is all it has
    page = fresh.get(f"/host/{key}")
    assert page.status_code == 200 and f'id="table-{table.tid}"' in page.text
    assert all(s in page.text for s in seats) and watch in page.text and "Ada, Bo" in page.text
    assert "waiting for Ada, Bo" in page.text  # what each table waits for
    again = create_app(cp, players=3, store=TableStore(db), token="server-token")  # a restart
    assert again.state.hall.host_key == key
    page = TestClient(again).get(f"/host/{key}").text
    assert all(s in page for s in seats) and watch in page


def test_close_keeps_the_table_to_be_seen_and_delete_drops_it(cp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "t.sqlite"
    app = create_app(cp, players=3, seed=7, store=TableStore(db))
    host, (la, lb), watch = make_table(app)
    table, a = only(app), TestClient(app)
    code = moves(a.get(la).text)[0]
    assert host.post(host_url(app, f"/table/{table.tid}/close")).status_code == 200
    page = a.get(la)
    assert page.status_code == 200 and "closed by its host" in page.text
    assert "data-move" not in page.text  # nothing to click
    r = a.post(la + "/move", data={"move": code})
    assert r.status_code == 422 and "closed" in refused(r.text) and not table.picks
    assert "closed" in TestClient(app).get(watch).text
    hosted = host.get(host_url(app)).text
    assert 'data-state="closed"' in hosted and f"/table/{table.tid}/close" not in hosted
    back = only(create_app(cp, players=3, seed=7, store=TableStore(db)))  # still closed after a restart
    assert back.closed and back.finished is not None
    assert host.post(host_url(app, f"/table/{table.tid}/delete")).status_code == 200
    assert a.get(la).status_code == 403 and a.get(la + "/frame?v=0").status_code == 403
    assert not create_app(cp, players=3, seed=7, store=TableStore(db)).state.hall.tables


def test_finished_tables_leave_the_caps_and_expire_even_after_a_restart(cp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The playtest's 16 hosts x 8 tables filled the server for ever: finished and closed
    tables no longer count, and go after --keep-finished."""
    store, clock = TableStore(tmp_path / "t.sqlite"), Clock()
    limits = Limits(per_host=2, tables=3, keep=3600.0)
    hall = Hall(cp, store, seed=5, limits=limits, clock=clock)
    one = [hall.create("h1", 3, "A", ["human", "greedy", "greedy"]) for _ in range(2)]
    with pytest.raises(Refused, match="already have 2 tables in play"):
        hall.create("h1", 3, "A", ["human", "greedy", "greedy"])
    hall.create("h2", 3, "A", ["human", "greedy", "greedy"])
    with pytest.raises(Refused, match="3 tables in play"):
        hall.create("h3", 3, "A", ["human", "greedy", "greedy"])
    play_out(one[0])  # a game that ends
    assert hall.close("h1", one[1].tid)  # and one the host closes
    assert one[0].finished == clock.now and one[0].tid in hall.tables  # archived, still there
    hall.create("h1", 3, "A", ["human", "greedy", "greedy"])  # both out of the caps
    hall.create("h3", 3, "A", ["human", "greedy", "greedy"])
    clock.now += 1800
    again = Hall(cp, TableStore(tmp_path / "t.sqlite"), seed=5, limits=limits, clock=clock)  # a restart
    assert one[0].tid in again.tables and again.tables[one[0].tid].game.over
    assert again.tables[one[1].tid].closed
    clock.now += 1801  # past the hour: both expire
    again.expire()
    assert one[0].tid not in again.tables and one[1].tid not in again.tables
    later = Hall(cp, TableStore(tmp_path / "t.sqlite"), seed=5, limits=limits, clock=clock)
    assert {t.tid for t in later.tables.values()} == {t.tid for t in again.tables.values()}
    assert len(later.tables) == 3  # the three in play


def test_an_older_tables_file_is_migrated(cp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A file written before the host had a link: the new columns are added, its finished
    games archived, its tables the host's (they belonged to a browser session)."""
    path = tmp_path / "old.sqlite"
    hall = Hall(cp, TableStore(path), seed=3)
    done = hall.create("an-old-session", 3, "A", ["human", "greedy", "greedy"])
    play_out(done)
    hall.create("an-old-session", 3, "A", ["human", "greedy", "greedy"])
    db = sqlite3.connect(path)
    for col in ("finished", "closed", "rematch"):
        db.execute(f"ALTER TABLE shared DROP COLUMN {col}")
    db.execute("DROP TABLE shared_chat")
    db.execute("DELETE FROM meta WHERE key IN ('host', 'adopted')")
    db.commit()
    db.close()
    back = Hall(cp, TableStore(path), seed=3)
    assert len(back.tables) == 2 and all(t.host == back.host_key for t in back.tables.values())
    assert back.tables[done.tid].finished is not None and back.tables[done.tid].game.over
    assert back.tables[done.tid].say(0, "still here") == ""


def test_a_rematch_seats_the_same_people_and_each_old_link_leads_there(cp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "t.sqlite"
    app = create_app(cp, players=3, seed=7, store=TableStore(db))
    host, (la,), _watch = make_table(app, ("human", "greedy", "random"), name0="Ada")
    table, a = only(app), TestClient(app)
    assert a.post(la + "/rematch").status_code == 422  # not before the game ends
    play_out(table)
    page = a.get(la).text
    assert 'id="rematch"' in page and "Game over" in page and "data-move" not in page
    r = a.post(la + "/rematch")
    assert r.status_code == 200 and r.url.path.startswith("/seat/") and r.url.path != la
    new = app.state.hall.tables[table.rematch]
    assert [(s.kind, s.name) for s in new.seats] == [(s.kind, s.name) for s in table.seats]
    assert new.host == table.host and new.seats[0].token != table.seats[0].token
    assert "You are Ada" in r.text and moves(r.text)
    old = a.get(la).text  # the old link shows the way to the new seat
    assert f'href="/seat/{new.seats[0].token}" id="rematch-link"' in old
    assert a.post(la + "/rematch").url.path == f"/seat/{new.seats[0].token}"  # asked twice: the same one
    hosted = host.get(host_url(app)).text
    assert f"/table/{new.tid}" in hosted and "its rematch" in hosted
    back = create_app(cp, players=3, seed=7, store=TableStore(db)).state.hall.tables
    assert back[table.tid].rematch == new.tid and new.tid in back


def test_the_host_starts_a_rematch_and_sees_its_links(cp) -> None:  # type: ignore[no-untyped-def]
    app = create_app(cp, players=3, seed=7)
    host, (la,), _watch = make_table(app, ("human", "greedy", "greedy"))
    play_out(only(app))
    r = host.post(host_url(app, f"/table/{only(app).tid}/rematch"))
    assert r.status_code == 200 and "/table/" in r.url.path
    new = app.state.hall.tables[r.url.path.rsplit("/", 1)[1]]
    assert f"/seat/{new.seats[0].token}" in r.text  # the new links, shown to the host


def test_pages_name_whom_the_table_waits_for(cp) -> None:  # type: ignore[no-untyped-def]
    app = create_app(cp, players=3, seed=7)
    _host, (la, lb), watch = make_table(app, ("human", "human", "greedy"), name0="Ada", name1="Bo")
    a, b = TestClient(app), TestClient(app)
    waiting = re.compile(r'id="waiting-for">Waiting for <b>([^<]*)</b>')
    assert waiting.findall(b.get(lb).text) == ["Ada, Bo"]
    a.post(la + "/move", data={"move": moves(a.get(la).text)[0]})
    assert waiting.findall(b.get(lb).text) == ["Bo"] and waiting.findall(TestClient(app).get(watch).text) == ["Bo"]
    b.post(lb + "/move", data={"move": moves(b.get(lb).text)[0]})
    assert waiting.findall(a.get(la).text) == ["Ada, Bo"]  # the next turn


def test_the_leaders_draft_shows_the_leaders_kept_so_far() -> None:
    app = create_app(compiled("leaders"), players=3, seed=2)
    _host, (la,), _w = make_table(app, ("human", "greedy", "greedy"))
    table, a = only(app), TestClient(app)
    kept: list[str] = []
    for pick in range(3):
        page = a.get(la).text
        assert "draft" in page and "pick" in page
        shown = re.findall(r'<section class="kept"><h3>[^<]*</h3><ul>(.*?)</ul>', page)
        assert [re.findall(r"<b>([^<]+)</b>", s) for s in shown] == ([kept] if kept else [])
        first = table.decisions[0].moves[0]
        kept.append(table.game.hands[0][first.card].name)
        assert a.post(la + "/move", data={"move": move_code(first)}).status_code == 200
    assert table.game.phase.kind == "recruit"  # the draft is over: its leaders are the hand now


def test_the_chat_is_escaped_bounded_and_saved(cp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "t.sqlite"
    app = create_app(cp, players=3, seed=7, store=TableStore(db))
    _host, (la, lb), watch = make_table(app, ("human", "human", "greedy"), name0="Ada", name1="Bo")
    a, b = TestClient(app), TestClient(app)
    table = only(app)
    before = table.version
    r = a.post(la + "/chat", data={"text": "<script>alert(1)</script> hi"})
    assert r.status_code == 200 and table.version > before
    assert "&lt;script&gt;alert(1)&lt;/script&gt; hi" in b.get(lb).text and "<script>alert" not in b.get(lb).text
    assert "hi" in TestClient(app).get(watch).text  # spectators read it
    assert TestClient(app).post(watch + "/chat", data={"text": "x"}).status_code in (403, 404, 405)
    assert a.post(la + "/chat", data={"text": "   "}).status_code == 422
    b.post(lb + "/chat", data={"text": "y" * 1000})
    assert table.chat[-1] == (1, "y" * CHAT_LEN)
    for i in range(CHAT_KEEP + 5):
        table.say(i % 2, f"line {i}")
    assert len(table.chat) == CHAT_KEEP and table.chat[-1][1] == f"line {CHAT_KEEP + 4}"
    back = only(create_app(cp, players=3, seed=7, store=TableStore(db)))  # a restart
    assert back.chat == table.chat
    assert f"line {CHAT_KEEP + 4}" in TestClient(app).get(lb).text


def test_a_player_lists_the_tables_of_their_links(cp) -> None:  # type: ignore[no-untyped-def]
    app = create_app(cp, players=3, seed=7)
    _h, (la1, lb1), _w = make_table(app, ("human", "human", "greedy"), name0="Ada", name1="Bo")
    _h2, (la2,), _w2 = make_table(app, ("human", "greedy", "greedy"), name0="Ada")
    ada, bo = TestClient(app), TestClient(app)
    ada.get(la1)
    ada.get(la2)
    bo.get(lb1)
    ada.post(la1 + "/move", data={"move": moves(ada.get(la1).text)[0]})
    rows = re.findall(r'<li data-state="([^"]*)"[^>]*><a href="([^"]+)"', ada.get("/seats").text)
    assert rows == [("waiting for Bo", la1), ("your turn", la2)]  # the one opened last first
    assert re.findall(r'<li data-state="([^"]*)"', bo.get("/seats").text) == ["your turn"]
    t2, _seat = app.state.hall.seat(la2.rsplit("/", 1)[1])
    play_out(t2)
    app.state.hall.rematch(t2.tid)
    page = ada.get("/seats").text
    assert 'data-state="game over"' in page and "your seat at its rematch" in page


def test_a_page_asking_for_its_table_sweeps_out_expired_ones(cp) -> None:  # type: ignore[no-untyped-def]
    clock = Clock()
    hall = Hall(cp, limits=Limits(keep=600.0), clock=clock)
    done = hall.create("h", 3, "A", ["human", "greedy", "greedy"])
    play_out(done)
    token = done.seats[0].token
    clock.now += 601
    assert hall.seat(token) is None and done.tid not in hall.tables  # a minute has passed: swept


def serve_lines(db: Path, cwd: Path) -> list[str]:
    """The first two lines `wonders serve` prints (then it is stopped)."""
    import os
    import signal
    import subprocess
    import sys
    repo = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(repo)}
    proc = subprocess.Popen([sys.executable, "-c", "from interpreter.cli import console; console()",
                             "serve", "--port", "0", "--db", str(db), "--players", "3"], cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        lines = [proc.stdout.readline(), proc.stdout.readline()] if proc.stdout else []
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
    return lines


def test_wonders_serve_prints_the_host_link_and_keeps_it(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    first = serve_lines(db, tmp_path)
    key = TableStore(db).token("host", 32)
    assert "your host link" in first[1] and first[1].rstrip().endswith(f"/host/{key}")
    again = serve_lines(db, tmp_path)  # a restart: the same link (on another port here)
    assert again[1].rstrip().endswith(f"/host/{key}")


def test_the_host_page_polls_and_gets_nothing_until_a_table_changes(cp) -> None:  # type: ignore[no-untyped-def]
    app = create_app(cp, players=3, seed=7)
    host, (la, lb), _w = make_table(app, ("human", "human", "greedy"), name0="Ada", name1="Bo")
    page = host.get(host_url(app)).text
    poll = re.findall(r'data-poll="([^"]+/frame\?v=[0-9a-f]+)"', page)[0]
    assert host.get(poll).status_code == 204
    assert TestClient(app).get(poll.replace(app.state.hall.host_key, "A" * 43)).status_code == 403
    a = TestClient(app)
    a.post(la + "/move", data={"move": moves(a.get(la).text)[0]})
    fresh = host.get(poll)
    assert fresh.status_code == 200 and "waiting for Bo<" in fresh.text.replace("</span>", "<")

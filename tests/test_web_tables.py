"""Shared tables in the browser (issue 24, item 1): a host makes a table, players join by
their own secret links, pick at the same time (and may change a pick until the last human
picks), spectators see no hand, a bad link or move changes nothing, and a restarted server
has every table where it was."""
from __future__ import annotations

import re
import warnings
from pathlib import Path
from typing import Any

import pytest

from interpreter.cli.packs import compiled

pytest.importorskip("starlette")
pytest.importorskip("httpx")
with warnings.catch_warnings():  # starlette's notice about httpx versions
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from interpreter.web.app import create_app  # noqa: E402
from interpreter.web.store import TableStore  # noqa: E402
from interpreter.web.tables import Seat, Table  # noqa: E402
from interpreter.web.views import move_code  # noqa: E402


def moves(html: str) -> list[str]:
    return re.findall(r'data-move="([^"]+)"', html)


def refused(html: str) -> str:
    got = re.findall(r'class="refused"[^>]*>([^<]*)', html)
    return got[0] if got else ""


def states(html: str) -> dict[str, str]:
    return dict(re.findall(r'data-seat="(\d+)" data-state="([^"]*)"', html))


def host_url(app: Any, tail: str = "") -> str:
    """The host's page (its link, as `wonders serve` prints it) and the routes under it."""
    return f"/host/{app.state.hall.host_key}{tail}"


def make_table(app: Any, kinds: tuple[str, ...] = ("human", "human", "greedy", "random"),
               **extra: str) -> tuple[TestClient, list[str], str]:
    """A host's client, the seats' links and the spectators' link of a new table."""
    host = TestClient(app)
    assert host.get("/tables").status_code == 200
    form = {"players": str(len(kinds)), "sides": "A", **{f"seat{i}": k for i, k in enumerate(kinds)}, **extra}
    r = host.post(host_url(app, "/tables"), data=form)
    assert r.status_code == 200 and "/table/" in str(r.url), refused(r.text)
    seats = re.findall(r'class="seat-link" href="([^"]+)"', r.text)
    watch = re.findall(r'id="watch-link" href="([^"]+)"', r.text)[0]
    return host, [s.replace("http://testserver", "") for s in seats], watch.replace("http://testserver", "")


@pytest.fixture(scope="module")
def cp() -> Any:
    return compiled("base")


def test_a_host_makes_a_table_with_a_link_per_human_seat(cp) -> None:  # type: ignore[no-untyped-def]
    app = create_app(cp, players=3, seed=7)
    _host, seats, watch = make_table(app)
    assert len(seats) == 2 and watch.startswith("/watch/")
    tokens = [s.rsplit("/", 1)[1] for s in seats] + [watch.rsplit("/", 1)[1]]
    assert len(set(tokens)) == 3 and all(len(t) >= 40 for t in tokens)  # 32 random bytes each
    (table,) = app.state.hall.tables.values()
    assert [s.kind for s in table.seats] == ["human", "human", "greedy", "random"]
    page = TestClient(app).get(seats[0]).text
    assert "Your hand" in page and "You are Player 1" in page and len(moves(page)) >= 3


def test_picks_are_simultaneous_secret_and_can_change_until_the_last_one(cp) -> None:  # type: ignore[no-untyped-def]
    app = create_app(cp, players=3, seed=7)
    _host, (la, lb), _w = make_table(app)
    a, b = TestClient(app), TestClient(app)
    first, second = moves(a.get(la).text)[:2]
    table = next(iter(app.state.hall.tables.values()))
    r = a.post(la + "/move", data={"move": first})
    assert r.status_code == 200 and 'id="picked"' in r.text
    seen_by_b = b.get(lb).text
    assert states(seen_by_b) == {"0": "picked", "1": "choosing", "2": "ready", "3": "ready"}
    assert first not in re.findall(r'class="chosen"[^>]*data-move="([^"]+)"', seen_by_b)  # b sees that, not what
    assert 'id="picked"' not in seen_by_b
    assert a.post(la + "/move", data={"move": second}).status_code == 200  # a changes its mind
    assert a.post(la + "/undo").status_code == 200  # and takes it back
    assert states(b.get(lb).text)["0"] == "choosing"
    assert a.post(la + "/move", data={"move": second}).status_code == 200
    assert table.game.turn == 1 and not table.game.log["turns"]
    assert b.post(lb + "/move", data={"move": moves(b.get(lb).text)[0]}).status_code == 200  # the last pick
    assert table.game.turn == 2  # the turn was played: humans' picks and the bots' at once
    played = table.game.log["turns"][0]["moves"]
    assert len(played) == 4
    assert a.post(la + "/undo").status_code == 422  # too late: that turn is played


def test_a_page_polls_and_gets_nothing_until_the_table_changes(cp) -> None:  # type: ignore[no-untyped-def]
    app = create_app(cp, players=3, seed=7)
    _host, (la, lb), _w = make_table(app)
    a, b = TestClient(app), TestClient(app)
    page = b.get(lb).text
    poll = re.findall(r'data-poll="([^"]+frame\?v=[0-9a-f]+-\d+)"', page)[0]
    assert 'data-poll-ms="1000"' in page
    assert b.get(poll).status_code == 204
    a.post(la + "/move", data={"move": moves(a.get(la).text)[0]})
    fresh = b.get(poll)
    assert fresh.status_code == 200 and states(fresh.text)["0"] == "picked"


def test_a_spectator_sees_the_table_and_no_hand(cp) -> None:  # type: ignore[no-untyped-def]
    app = create_app(cp, players=3, seed=7)
    _host, (la, _lb), watch = make_table(app)
    a, w = TestClient(app), TestClient(app)
    table = next(iter(app.state.hall.tables.values()))
    page = w.get(watch).text
    assert "Watching this table" in page and 'id="whole-table"' in page
    assert "Your hand" not in page and "data-move" not in page and 'id="card-' not in page
    assert 'class="keys"' not in page and 'href="/seats"' not in page  # no keys to press, no seats held
    seats = len(table.seats)  # every city shown open
    assert page.count('<details class="seat"') == sum(f'id="seat-{i}" open>' in page for i in range(seats)) == seats
    assert not any(c.name in page for c in table.game.hands[0] if c.name not in str(table.game.cities))
    assert w.post(la.replace("/seat/", "/watch/") + "/move", data={"move": "sell:0:0:0:"}).status_code in (403, 404, 405)
    assert w.post("/seat/" + watch.rsplit("/", 1)[1] + "/move", data={"move": "sell:0:0:0:"}).status_code == 403


def test_bad_links_and_bad_moves_are_refused_and_change_nothing(cp) -> None:  # type: ignore[no-untyped-def]
    app = create_app(cp, players=3, seed=7, token="host-secret")
    stranger = TestClient(app)
    assert stranger.get("/tables").status_code == 403  # no token
    guess = "/host/" + "A" * 43
    assert stranger.get(guess).status_code == 403  # not the host's key
    assert stranger.post(guess + "/tables", data={"players": "3"}).status_code == 403
    host = TestClient(app)
    assert host.get("/tables?token=host-secret").status_code == 200
    r = host.post(host_url(app, "/tables"), data={"players": "3", "seat0": "human", "seat1": "greedy", "seat2": "greedy"})
    (link,) = re.findall(r'class="seat-link" href="http://testserver([^"]+)"', r.text)
    table = next(iter(app.state.hall.tables.values()))
    assert stranger.get(f"{guess}/table/{table.tid}").status_code == 403  # the links page is the host's
    assert stranger.post(f"{guess}/table/{table.tid}/delete").status_code == 403 and table.tid in app.state.hall.tables
    for bad in ("/seat/guess", "/seat/" + "A" * 43, link[:-1] + "x", "/watch/" + link.rsplit("/", 1)[1]):
        r = stranger.get(bad)
        assert r.status_code == 403 and "Your hand" not in r.text, bad
        assert stranger.get(bad + "/frame?v=0").status_code == 403
    assert stranger.post("/seat/guess/move", data={"move": "sell:0:0:0:"}).status_code == 403
    before = table.version
    r = stranger.post(link + "/move", data={"move": "build:0:9:9:"})
    assert r.status_code == 422 and refused(r.text).startswith("refused:")
    assert stranger.post(link + "/move", data={"move": "nonsense"}).status_code == 400
    assert stranger.post(link + "/move", data={"move": "x" * 5000}).status_code == 413
    assert stranger.post(link + "/move", data={"move": "sell:0:0:0:"},
                         headers={"Origin": "http://evil.example"}).status_code == 403
    assert table.version == before and not table.picks


def test_a_host_has_a_limit_and_a_table_needs_a_human(cp) -> None:  # type: ignore[no-untyped-def]
    from interpreter.web.hall import MAX_PER_HOST, Hall
    app = create_app(cp, players=3, seed=7)
    host = TestClient(app)
    new = host_url(app, "/tables")
    bots = {"players": "3", "seat0": "greedy", "seat1": "greedy", "seat2": "greedy"}
    assert "needs at least one human" in refused(host.post(new, data=bots).text)
    assert "wizard" in refused(host.post(new, data={**bots, "seat0": "wizard"}).text)
    assert "not 9" in refused(host.post(new, data={**bots, "players": "9"}).text)
    for _ in range(MAX_PER_HOST):
        assert host.post(new, data={**bots, "seat0": "human"}).status_code == 200
    r = host.post(new, data={**bots, "seat0": "human"})
    assert r.status_code == 422 and f"already have {MAX_PER_HOST} tables" in refused(r.text)
    hall = Hall(cp)  # the limit is per host
    for _ in range(MAX_PER_HOST):
        hall.create("one", 3, "A", ["human", "greedy", "greedy"])
    assert hall.create("two", 3, "A", ["human", "greedy", "greedy"]).host == "two"


def test_a_restarted_server_resumes_every_table_with_its_links(cp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "tables.sqlite"
    app = create_app(cp, players=3, seed=None, store=TableStore(db))
    host, (la, lb), watch = make_table(app, seed="12")
    a, b = TestClient(app), TestClient(app)
    for _ in range(5):
        for c, link in ((a, la), (b, lb)):
            c.post(link + "/move", data={"move": moves(c.get(link).text)[0]})
    a.post(la + "/move", data={"move": moves(a.get(la).text)[-1]})  # a pick of the turn in progress
    table = next(iter(app.state.hall.tables.values()))
    before = (table.game.turn, [c.coins for c in table.game.cities], [sorted(c.names) for c in table.game.cities],
              [[c.name for c in h] for h in table.game.hands], dict((s, c) for s, (c, _a) in table.picks.items()))
    assert before[0] == 6

    again = create_app(cp, players=3, seed=None, store=TableStore(db))  # a new process, same file
    (back,) = again.state.hall.tables.values()
    after = (back.game.turn, [c.coins for c in back.game.cities], [sorted(c.names) for c in back.game.cities],
             [[c.name for c in h] for h in back.game.hands], dict((s, c) for s, (c, _a) in back.picks.items()))
    assert after == before and [s.kind for s in back.seats] == ["human", "human", "greedy", "random"]
    b2, h2 = TestClient(again), TestClient(again)
    assert host_url(again) == host_url(app)  # the host's link is kept in the file
    assert h2.get(host_url(again, f"/table/{back.tid}")).status_code == 200  # from a fresh browser
    assert TestClient(again).get(watch).status_code == 200
    assert states(b2.get(lb).text)["0"] == "picked"
    assert b2.post(lb + "/move", data={"move": moves(b2.get(lb).text)[0]}).status_code == 200
    assert (back.game.age, back.game.turn) == (2, 1)  # and it plays on through the same links


def play_out(table: Table) -> dict[str, int]:
    """Every human seat plays its first choice (paying nothing of a loss) to the end; the
    questions asked in the middle of a turn, by kind."""
    asked: dict[str, int] = {}
    while not table.over:
        q = table.question
        if q is not None:
            asked[q.kind] = asked.get(q.kind, 0) + 1
            assert table.answer(q.seat, "pay:0" if q.kind == "payment" else "discard:0") == ""
            continue
        for s in table.human_deciding():
            d = table.decisions[s]
            assert table.answer(s, move_code(d.moves[0]) if d.kind == "move" else "discard:0") == ""
    return asked


def test_a_question_in_the_middle_of_a_turn_goes_to_its_player_and_is_saved(tmp_path: Path) -> None:
    """Debt in a Cities game: the turn is tried, the human asked how much to pay, the turn
    played with the answer; a table restored from the store ends exactly the same."""
    from interpreter.web.hall import Hall
    cp = compiled("cities")
    store = TableStore(tmp_path / "t.sqlite")
    hall = Hall(cp, store, seed=1)
    table = hall.create("host", 4, "A", ["human", "human", "greedy", "human"])
    asked = play_out(table)
    assert asked.get("payment", 0) >= 1 and table.game.over and not table.error
    (back,) = Hall(cp, TableStore(tmp_path / "t.sqlite")).tables.values()
    assert back.game.over and back.game.log["final"] == table.game.log["final"]
    assert store.shared_tables("cities")[0].log is not None  # the finished game keeps its log


def test_a_seat_may_be_the_planning_bot_and_it_plays_its_turn(cp) -> None:  # type: ignore[no-untyped-def]
    app = create_app(cp, players=3, seed=7)
    _host, (link,), _w = make_table(app, ("human", "plan", "greedy"))
    table = next(iter(app.state.hall.tables.values()))
    assert [s.kind for s in table.seats] == ["human", "plan", "greedy"]
    player = TestClient(app)
    assert player.post(link + "/move", data={"move": moves(player.get(link).text)[0]}).status_code == 200
    assert table.game.turn == 2 and len(table.game.log["turns"][0]["moves"]) == 3

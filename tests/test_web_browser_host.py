"""A playtest in headless Chromium, as the playtest group ran it: three players in browsers
of their own at a Leaders table, the host managing it from a second, fresh browser through
the host link; the server stops (the pages say "reconnecting", quietly) and comes back (they
resume by themselves); the tables file is locked by another program mid-turn and released (the
pick is refused with the reason, then taken once); the draft shows the leaders kept so far; a
chat; the game ends with a rematch, which the host then closes."""
from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

from interpreter.cli.packs import compiled

from web_support import (act, chromium, context_page, host_makes_table, need_browser, play_round,
                         play_to_the_end, serving, shot)


def watch_console(page: Any, log: list[tuple[float, str]]) -> Any:
    page.on("console", lambda m: log.append((time.time(), m.text)) if m.type == "error" else None)
    return page


def test_a_leaders_playtest_managed_from_the_host_link(tmp_path: Path) -> None:
    sync_api = need_browser()
    from interpreter.web.app import create_app
    from interpreter.web.store import TableStore
    cp, db = compiled("leaders"), tmp_path / "tables.sqlite"
    errors: list[str] = []
    console: list[tuple[float, str]] = []
    app = create_app(cp, players=3, store=TableStore(db), poll_ms=200)
    key = app.state.hall.host_key
    with chromium(sync_api) as browser:
        with serving(app) as url:
            port = int(url.rsplit(":", 1)[1])
            maker = context_page(browser, errors)
            links, _watch = host_makes_table(maker, url, ["human"] * 3, seed=4)
            host = context_page(browser, errors)  # the host again, from another browser: no cookie
            host.goto(f"{url}/host/{key}")
            (table,) = app.state.hall.tables.values()
            row = host.locator(f"#table-{table.tid}")
            assert "waiting for Ada, Ben, Cy" in row.inner_text()
            assert [a.get_attribute("href") for a in row.locator("a.seat-link").all()] == links
            seats = [(i, watch_console(context_page(browser, errors), console)) for i in range(3)]
            for (_i, page), link in zip(seats, links):
                page.goto(link)
            ada, ben = seats[0][1], seats[1][1]
            assert "Waiting for Ada, Ben, Cy" in ada.inner_text("#waiting-for")
            # the draft: after the first pick, each page lists the leader its player kept
            deadline = time.time() + 30
            while not all(table.game.kept[s] for s, _p in seats):
                if not play_round(seats):
                    time.sleep(0.1)
                assert time.time() < deadline, "the first pick was not made"
            for seat, page in seats:
                page.wait_for_selector("section.kept li", timeout=10_000)
                assert page.locator("section.kept li b").all_inner_texts() == \
                    [c.name for c in table.game.kept[seat]]
            shot(ada, tmp_path, "table-draft-kept")
            # a card's face is large enough to read its icons, and twice that on hover
            face = ada.locator("#card-1 .face svg")
            small = face.bounding_box()
            assert small is not None and small["width"] >= 180
            ada.hover("#card-1 .face")
            ada.wait_for_timeout(300)
            big = face.bounding_box()
            assert big is not None and big["width"] >= 2 * small["width"]
            shot(ada, tmp_path, "card-zoom")
            ada.mouse.move(5, 5)
            ada.fill("#chat-form input[name=text]", "good luck <all>")
            ada.click("#chat-form button")
            ben.wait_for_selector("#chat li", timeout=10_000)
            assert "Ada: good luck <all>" in ben.inner_text("#chat")
            assert ada.input_value("#chat-form input[name=text]") == ""
        # the server is down: every open page says so, its choices greyed out, and asks
        # again less and less often (no flood of errors)
        stopped = time.time()
        for _s, page in seats:
            page.wait_for_selector("#link-state:not([hidden])", timeout=10_000)
            assert "Reconnecting" in page.inner_text("#link-state")
            assert page.locator("#game button[data-move]:not([disabled])").count() == 0
        time.sleep(5)
        shot(ada, tmp_path, "table-reconnecting")
        flood = [t for t, _m in console if t >= stopped]
        assert len(flood) <= 3 * 4, flood  # the browser notes each failed try: 1 s, 2 s, 4 s apart (was 5 a second a page)
        again = create_app(cp, players=3, store=TableStore(db), poll_ms=200)  # a new process, same file
        with serving(again, port):
            for _s, page in seats:  # each page resumes by itself, within the longest wait
                page.wait_for_selector("#link-state[hidden]", state="attached", timeout=20_000)
            assert ada.locator("#game button[data-move]:not([disabled])").count() > 0
            assert "good luck" in ada.inner_text("#chat")  # the chat survived the restart
            (table,) = again.state.hall.tables.values()
            # another program holds the tables file's write lock mid-turn: Ada's pick is refused
            # with the reason (no HTTP 500) and nothing of it is kept; once the lock is gone the
            # same click is taken, once, and the game goes on
            lock = sqlite3.connect(db, timeout=0, isolation_level=None)
            lock.execute("BEGIN IMMEDIATE")
            try:
                act(ada)
                assert "not saved" in ada.inner_text(".refused")
                assert 0 not in table.picks
            finally:
                lock.execute("ROLLBACK")
                lock.close()
            act(ada)
            assert 0 in table.picks
            with sqlite3.connect(db) as saved:
                assert saved.execute("SELECT COUNT(*) FROM shared_picks WHERE tid = ? AND seat = 0",
                                     (table.tid,)).fetchone() == (1,)
            play_to_the_end(seats, 120)
            assert table.game.over
            # the host's page, open since before the restart, brought itself up to date
            host.wait_for_selector(f'#table-{table.tid}[data-state="over"]', timeout=15_000)
            assert "game over" in host.inner_text(f"#table-{table.tid}")
            final = seats[2][1]
            assert not final.locator("#game [data-move]").count()
            shot(final, tmp_path, "table-rematch")
            # a rematch: Cy asks; the others' old pages show the way to their new seats
            before = final.url
            final.click("#rematch")
            final.wait_for_url(lambda u: u != before, timeout=10_000)
            new = again.state.hall.tables[table.rematch]
            assert final.url.endswith(new.seats[2].token) and "You are Cy" in final.inner_text("#who")
            for seat, page in seats[:2]:
                page.wait_for_selector("#rematch-link", timeout=10_000)
                page.click("#rematch-link")
                page.wait_for_selector("#who", timeout=10_000)
                assert page.url.endswith(new.seats[seat].token)
            host.goto(f"{url_of(port)}/host/{key}")
            assert host.locator(f"#table-{new.tid}").count() and host.locator(f"#table-{table.tid} .rematch-link").count()
            shot(host, tmp_path, "host-tables")
            # the host closes the rematch: every page says so, and offers nothing to click
            host.locator(f"#table-{new.tid} button.close").click()
            for _s, page in seats:
                page.wait_for_selector("#table-closed", timeout=10_000)
                assert not page.locator("#game [data-move]").count()
            shot(ada, tmp_path, "table-closed")
    assert not errors, errors


def url_of(port: int) -> str:
    return f"http://127.0.0.1:{port}"

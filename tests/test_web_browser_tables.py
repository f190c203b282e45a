"""Shared tables end to end in headless Chromium (issue 24): each player in a browser
context of their own, picks made at the same time, a pick changed before the reveal, the
server stopped and started again mid-game, a spectator who sees no hand, a whole game."""
from __future__ import annotations

import os
import shutil
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest

from interpreter.cli.packs import compiled

from web_support import CHROMIUM, need_browser, serving, shot, step_of


@contextmanager
def chromium(sync_api: Any) -> Iterator[Any]:
    exe = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, headless=True,
                                     args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        try:
            yield browser
        finally:
            browser.close()


def context_page(browser: Any, errors: list[str]) -> Any:
    """A page in a browser context of its own (its own cookies: another player's browser)."""
    page = browser.new_context(viewport={"width": 1300, "height": 950}).new_page()
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    return page


def host_makes_table(page: Any, url: str, kinds: list[str], tmp: Path | None = None,
                     seed: int = 3) -> tuple[list[str], str]:
    page.goto(url + "/tables")
    page.fill("input[name=players]", str(len(kinds)))
    page.fill("input[name=seed]", str(seed))
    for i, kind in enumerate(kinds):
        page.select_option(f"select[name=seat{i}]", kind)
        if kind == "human":
            page.fill(f"input[name=name{i}]", ["Ada", "Ben", "Cy", "Di"][i])
    if tmp is not None:
        shot(page, tmp, "tables-new")
    page.click("#create")
    page.wait_for_selector("#links")
    if tmp is not None:
        shot(page, tmp, "tables-links")
    links = [a.get_attribute("href") for a in page.query_selector_all("a.seat-link")]
    return links, page.get_attribute("#watch-link", "href")


def act(page: Any, selector: str = "#game [data-move]") -> None:
    """Click (the first of) `selector` and wait for the answer to be swapped in."""
    before = step_of(page)
    page.locator(selector).first.click()
    page.wait_for_function("s => document.querySelector('#game').dataset.step !== s || "
                           "document.querySelector('.refused')", arg=before, timeout=20_000)


CLICK_FIRST = """seat => {
  const g = document.querySelector('#game');
  if (!g || document.querySelector('#final-scores')) return false;
  const li = g.querySelector(`#who li[data-seat="${seat}"]`);
  const state = li ? li.dataset.state : '';
  const b = g.querySelector('[data-move]');
  if (!b || !(state === 'choosing' || state.startsWith('must answer')) || window.clickedAt === g.dataset.step)
    return false;
  window.clickedAt = g.dataset.step;  // one click per version of the page: never twice on a stale one
  b.click();
  return true;
}"""


def play_round(seats: list[tuple[int, Any]]) -> bool:
    """Every seat that must answer now answers with its first choice (one round trip a
    page); False when none had to."""
    moved = False
    for seat, page in seats:
        try:
            moved = bool(page.evaluate(CLICK_FIRST, seat)) or moved
        except Exception as err:  # the form was posted as a plain page (htmx not yet bound): fine
            if "context was destroyed" not in str(err):
                raise
            page.wait_for_load_state()
            moved = True
    return moved


def play_to_the_end(seats: list[tuple[int, Any]], limit: float = 60) -> None:
    deadline = time.time() + limit
    while not all(p.locator("#final-scores").count() for _s, p in seats):
        if not play_round(seats):
            time.sleep(0.1)
        assert time.time() < deadline, "the game did not end"


def test_four_browsers_play_a_whole_game_across_a_restart(tmp_path: Path) -> None:
    sync_api = need_browser()
    from interpreter.web.app import create_app
    from interpreter.web.store import TableStore
    cp, db = compiled("base"), tmp_path / "tables.sqlite"
    errors: list[str] = []
    app = create_app(cp, players=4, store=TableStore(db), poll_ms=200)
    with chromium(sync_api) as browser, serving(app) as url:
        port = int(url.rsplit(":", 1)[1])
        host = context_page(browser, errors)
        links, watch = host_makes_table(host, url, ["human"] * 4, tmp_path)
        seats = [(i, context_page(browser, errors)) for i in range(4)]
        for (_i, page), link in zip(seats, links):
            page.goto(link)
        a, b = seats[0][1], seats[1][1]
        # a pick, changed, taken back and made again: the others see only that a has picked
        act(a, "#card-1 [data-move]")
        assert "Your pick" in a.inner_text("#picked")
        first = a.inner_text("#picked")
        act(a, "#card-2 [data-move]")
        assert a.inner_text("#picked") != first and a.locator("button.chosen").count() == 1
        b.wait_for_selector('#who li[data-seat="0"][data-state="picked"]', timeout=10_000)
        assert "Your pick" not in b.inner_text("#game")
        shot(b, tmp_path, "table-waiting")
        act(a, "#undo")
        assert not a.locator("#picked").count()
        b.wait_for_selector('#who li[data-seat="0"][data-state="choosing"]', timeout=10_000)
        spectator = context_page(browser, errors)
        spectator.goto(watch)
        assert "Watching this table" in spectator.inner_text("#game")
        assert not spectator.locator("[data-move]").count() and "Your hand" not in spectator.inner_text("body")
        (live,) = app.state.hall.tables.values()
        while len(live.game.log["turns"]) < 6:  # the first age, then the server stops
            if not play_round(seats):
                time.sleep(0.1)
        turns = len(live.game.log["turns"])
        spectator.locator("#whole-table details").first.evaluate("d => d.open = true")
        shot(spectator, tmp_path, "table-spectator")
    again = create_app(cp, players=4, store=TableStore(db), poll_ms=200)  # a new process, same file
    (table,) = again.state.hall.tables.values()
    assert len(table.game.log["turns"]) >= turns
    with chromium(sync_api) as browser, serving(again, port) as url2:
        assert url2 == url
        seats = [(i, context_page(browser, errors)) for i in range(4)]
        for (_i, page), link in zip(seats, links):
            page.goto(link)  # each player comes back through the same link
        play_to_the_end(seats)
        final = seats[0][1]
        assert "total" in final.inner_text("#final-scores") and "Ada" in final.inner_text("#final-scores")
        final.evaluate("window.scrollTo(0, 0)")
        shot(final, tmp_path, "table-final")
        spectator = context_page(browser, errors)
        spectator.goto(watch)
        assert spectator.locator("#final-scores").count() and not spectator.locator("[data-move]").count()
    assert table.game.over and not errors, errors


def test_hot_seat_and_a_debt_question_with_bots(tmp_path: Path) -> None:
    """Cities, two humans in one browser (hot-seat) and two bots: a coin loss asked of its
    player in the middle of a turn, answered, and the game goes on."""
    sync_api = need_browser()
    from interpreter.web.app import create_app
    errors: list[str] = []
    app = create_app(compiled("cities"), players=4, poll_ms=200)
    with chromium(sync_api) as browser, serving(app) as url:
        page = context_page(browser, errors)
        links, _watch = host_makes_table(page, url, ["human", "greedy", "human", "random"], seed=1)
        one, two = page, page.context.new_page()
        one.goto(links[0])
        two.goto(links[1])
        one.goto(url + "/seats")
        assert one.locator("#seats li").count() == 2
        shot(one, tmp_path, "seats")
        one.goto(links[0])
        assert one.locator("a.other-seat").count() == 1
        seats = [(0, one), (2, two)]
        (table,) = app.state.hall.tables.values()
        deadline = time.time() + 60
        while table.question is None or table.question.kind != "payment":
            if not play_round(seats):
                time.sleep(0.1)
            assert time.time() < deadline, "no coin loss was asked"
        asked = next(p for s, p in seats if s == table.question.seat)
        asked.wait_for_selector("text=Coins lost", timeout=10_000)
        shot(asked, tmp_path, "table-debt")
        question = table.question
        act(asked)  # pays: the turn is played (or the next loss of that turn asked)
        assert table.question is not question and not table.error
    assert not errors, errors

"""Shared tables end to end in headless Chromium (issue 24): each player in a browser
context of their own, picks made at the same time, a pick changed before the reveal, the
server stopped and started again mid-game, a spectator who sees no hand, a whole game."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from interpreter.cli.packs import compiled

from web_support import (act, chromium, context_page, host_makes_table, need_browser, play_round,
                         play_to_the_end, serving, shot, step_of)


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
        assert not spectator.locator("header .keys, header a[href='/seats']").count()  # nothing it needs
        b.locator("#seat-2 > summary").click()  # a panel b opens stays open while b's page polls
        spectator.locator("#seat-1 > summary").click()  # and one the spectator closes stays closed
        (live,) = app.state.hall.tables.values()
        while len(live.game.log["turns"]) < 6:  # the first age, then the server stops
            if not play_round(seats):
                time.sleep(0.1)
        turns = len(live.game.log["turns"])
        assert b.locator("#seat-2").evaluate("d => d.open") and not b.locator("#seat-3").evaluate("d => d.open")
        opened = spectator.locator("#whole-table details.seat").evaluate_all("ds => ds.map(d => d.open)")
        assert opened == [True, False, True, True]  # a spectator's cities are shown open
        spectator.locator("#seat-1 > summary").click()
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
    player in the middle of a turn, answered, and the game goes on to its final score pad."""
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
        play_to_the_end(seats)  # every later question (a debt, a card) answered as it comes
        assert table.game.over and not table.error
        for _s, page in seats:
            pad = page.inner_text("#final-scores")
            assert "total" in pad and "Ada" in pad and "Cy" in pad
    assert not errors, errors


def private_names(table: Any, seat: int) -> set[str]:
    """The names only `seat` may see now: its hand and the hands it keeps for later."""
    game = table.game
    kept = [c for cards in game.cities[seat].hands.values() for c in cards]
    return {c.name for c in list(game.hands[seat]) + kept}


def check_hands_private(table: Any, seats: list[tuple[int, Any]]) -> None:
    """Once every page shows the table as it is: each seat's hand shows its own cards, and
    no page names a card another seat holds in secret (its hand or its kept leaders)."""
    deadline = time.time() + 15
    while True:  # the answers posted last may still be on their way: wait until all are in
        stamp = table.stamp
        if all(step_of(p) == stamp for _s, p in seats) and table.stamp == stamp:
            break
        assert time.time() < deadline, "the pages never showed the table as it is"
        time.sleep(0.1)
    for seat, page in seats:
        text = page.evaluate("document.querySelector('#game').textContent")
        mine = private_names(table, seat)
        shown = {n.strip() for n in page.locator("#game .hand .card p.name b").all_inner_texts()}
        assert shown == {c.name for c in table.game.hands[seat]}
        others = set().union(*(private_names(table, s) for s, _p in seats if s != seat)) - mine
        assert others and not [n for n in others if n in text], (seat, [n for n in others if n in text])


def test_four_browsers_play_a_leaders_game(tmp_path: Path) -> None:
    """The Leaders pack, four players in their own browsers: the leader draft, each
    recruitment and every age to the final score pad, each page showing only its own hand
    and its own drafted leaders."""
    sync_api = need_browser()
    from interpreter.web.app import create_app
    errors: list[str] = []
    app = create_app(compiled("leaders"), players=4, poll_ms=200)
    with chromium(sync_api) as browser, serving(app) as url:
        host = context_page(browser, errors)
        links, _watch = host_makes_table(host, url, ["human"] * 4, seed=2)
        seats = [(i, context_page(browser, errors)) for i in range(4)]
        for (_i, page), link in zip(seats, links):
            page.goto(link)
        (table,) = app.state.hall.tables.values()
        seen: list[str] = []
        deadline = time.time() + 60
        while not table.game.over:
            phase = table.game.phase.kind
            if phase not in seen:  # the draft, then the first recruitment, then the first age
                seen.append(phase)
                check_hands_private(table, seats)
                if phase != "age":
                    shot(seats[0][1], tmp_path, f"table-leaders-{phase}")
                if phase == "draft":  # a card one may only keep is not shown as one that cannot be played
                    assert not seats[0][1].locator("#game .card.blocked").count()
            if not play_round(seats):
                time.sleep(0.1)
            assert time.time() < deadline, "the game did not end"
        assert seen == ["draft", "recruit", "age"]
        play_to_the_end(seats, 20)
        assert "leaders" in seats[1][1].inner_text("#final-scores")
    assert not errors, errors

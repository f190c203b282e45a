"""The web page end to end: a full game in headless Chromium played from the keyboard."""
from __future__ import annotations

from pathlib import Path

from dsl.loader import load_pack
from interpreter.rules.compiled import compile_pack

from web_support import browser_page, need_browser, serving, shot, step_of, wait_new_step


def test_a_full_game_in_the_browser_from_the_keyboard(tmp_path: Path) -> None:
    sync_api = need_browser()
    from interpreter.web.app import create_app

    app = create_app(compile_pack(load_pack("base")), players=3, seed=7)
    errors: list[str] = []
    with serving(app) as url, browser_page(sync_api, errors) as page:
        page.goto(url + "/")
        assert page.locator("#card-1 [data-move]").count() >= 1
        text = page.inner_text("#game")
        for seen in ("Your hand", "Left neighbour", "Right neighbour", "Produces", "Sells",
                     "Next wonder stage", "Score pad so far", "Conflicts"):
            assert seen in text, seen
        shot(page, tmp_path, "hand")
        # a tampered page: the server checks the move and answers with the reason
        page.eval_on_selector("#card-1 [data-move]", "b => { b.value = 'build:0:9:9:'; }")
        before = step_of(page)
        page.click("#card-1 [data-move]")
        page.wait_for_selector(".refused")
        assert "refused" in page.inner_text(".refused")
        assert step_of(page) == before
        turns = conflict = 0
        while not page.locator("#final-scores").count():
            before = step_of(page)
            page.keyboard.press("1")  # the first card's first legal move, from the keyboard
            page.keyboard.press("Enter")
            wait_new_step(page, before)
            turns += 1
            if not conflict and "End of age 1" in page.inner_text("#conflicts"):
                conflict = turns
                page.locator("#conflicts").scroll_into_view_if_needed()
                shot(page, tmp_path, "conflict")
            assert turns < 40, "the game did not end"
        assert conflict and turns >= 18
        scores = page.inner_text("#final-scores")
        assert "total" in scores and "You" in scores
        page.evaluate("window.scrollTo(0, 0)")  # the final score pad heads the page
        shot(page, tmp_path, "final-scores")
        page.click("#replay-link")  # the game just played, step by step
        page.wait_for_selector("nav.replay")
        assert "Step 0 of" in page.inner_text("nav.replay") and "Your hand" in page.inner_text("#game")
    assert not errors, errors


def test_a_replay_steps_forwards_and_backwards_in_the_browser(tmp_path: Path) -> None:
    sync_api = need_browser()
    from interpreter.cli import main
    from interpreter.web.app import create_app
    from interpreter.web.replay import load_replay

    log = tmp_path / "game.json"
    assert main(["play", "--players", "3", "--seed", "3", "--log", str(log)]) == 0
    cp = compile_pack(load_pack("base"))
    replay = load_replay(cp, str(log))
    errors: list[str] = []
    with serving(create_app(cp, replay=replay)) as url, browser_page(sync_api, errors) as page:
        page.goto(url + "/")
        assert "Step 0 of" in page.inner_text("nav.replay")
        for expected in ("Step 1 of", "Step 2 of"):
            before = step_of(page)
            page.keyboard.press("ArrowRight")
            wait_new_step(page, before)
            assert expected in page.inner_text("nav.replay")
        assert "This turn" in page.inner_text("#game") and "Last turn" in page.inner_text("#game")
        before = step_of(page)
        page.keyboard.press("ArrowLeft")
        wait_new_step(page, before)
        assert "Step 1 of" in page.inner_text("nav.replay")
        shot(page, tmp_path, "replay")
        page.goto(f"{url}/?step={len(replay.steps) - 1}&seat=1")
        assert page.locator("#final-scores").count() == 1
    assert not errors, errors

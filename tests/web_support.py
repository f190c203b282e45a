"""Helpers for the browser tests: a server on a free port in a thread, Chromium via Playwright."""
from __future__ import annotations

import os
import shutil
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest

CHROMIUM = os.environ.get("WONDERS_CHROMIUM", "/usr/bin/chromium")
DOCS_IMG = Path(__file__).resolve().parents[1] / "docs" / "img"


def need_browser() -> Any:
    """Playwright's sync API, or a clean skip without it or without Debian's chromium."""
    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")
    sync_api = pytest.importorskip("playwright.sync_api")
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        pytest.skip("chromium is not installed (apt-get install chromium)")
    return sync_api


@contextmanager
def serving(app: Any, port: int = 0) -> Iterator[str]:
    import uvicorn

    from interpreter.cli.serve_cmd import bind

    sock = bind("127.0.0.1", port)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.time() + 10
    while not server.started and time.time() < deadline:
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(5)
        sock.close()


@contextmanager
def chromium(sync_api: Any) -> Iterator[Any]:
    """Debian's Chromium, headless (never a downloaded browser)."""
    exe = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, headless=True,
                                     args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def browser_page(sync_api: Any, errors: list[str]) -> Iterator[Any]:
    with chromium(sync_api) as browser:
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
        page.on("requestfailed", lambda r: errors.append(f"request failed: {r.url}"))
        yield page


def shot(page: Any, tmp: Path, name: str) -> Path:
    """A screenshot in the test's folder; with WONDERS_DOCS_SHOTS=1 also into docs/img."""
    path = tmp / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    if os.environ.get("WONDERS_DOCS_SHOTS"):
        DOCS_IMG.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, DOCS_IMG / f"{name}.png")
    assert path.stat().st_size > 10_000, f"{name}: the screenshot looks empty"
    return path


def step_of(page: Any) -> str:
    return page.get_attribute("#game", "data-step") or ""


def wait_new_step(page: Any, before: str) -> None:
    page.wait_for_function("s => { const g = document.querySelector('#game'); "
                           "return g && g.dataset.step !== s; }", arg=before, timeout=30_000)


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
  const form = b.closest('form'), data = form && form['htmx-internal-data'];
  if (!(data && data.initHash)) return false;  // htmx has not bound the new form yet: a plain post would reload
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

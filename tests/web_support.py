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
def browser_page(sync_api: Any, errors: list[str]) -> Iterator[Any]:
    exe = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, headless=True,
                                     args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
        page.on("requestfailed", lambda r: errors.append(f"request failed: {r.url}"))
        try:
            yield page
        finally:
            browser.close()


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

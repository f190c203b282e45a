"""Attacks on `wonders serve` (issue 22): each must fail, with a 4xx and a reason, and change
nothing. The app is made as `wonders serve` makes it (a token, the allowed hosts)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
from starlette.testclient import TestClient  # noqa: E402

from dsl.loader import load_pack  # noqa: E402
from interpreter.cli.serve_cmd import _hosts, _loopback  # noqa: E402
from interpreter.rules.compiled import compile_pack  # noqa: E402
from interpreter.web import app as web  # noqa: E402

from conftest import REPO, run_wonders  # noqa: E402

TOKEN = "s3cret-token"
BASE = "http://127.0.0.1:8000"


@pytest.fixture(scope="module")
def cp() -> object:
    return compile_pack(load_pack("base"))


def served(cp: object) -> TestClient:
    app = web.create_app(cp, players=3, seed=4, token=TOKEN, hosts=_hosts("127.0.0.1", []))
    return TestClient(app, base_url=BASE)


def joined(cp: object) -> TestClient:
    """A player who opened the printed link."""
    c = served(cp)
    r = c.get(f"/?token={TOKEN}", follow_redirects=False)
    assert r.status_code == 303 and web.COOKIE in r.cookies
    assert c.get("/").status_code == 200
    return c


def test_without_the_token_nothing_is_served_nor_started(cp: object) -> None:
    c = served(cp)
    for r in (c.get("/"), c.get("/?token=wrong"), c.post("/new", follow_redirects=False),
              c.post("/move", data={"move": "sell:0:0:0:"})):
        assert r.status_code == 403 and "?token=" in r.text
    assert c.app.state.games.games == {}


def test_the_token_link_opens_a_session_and_leaves_the_address_bar(cp: object) -> None:
    c = joined(cp)
    assert len(c.app.state.games.games) == 1
    assert "Score" in c.get("/").text or "hand" in c.get("/").text.lower()


@pytest.mark.parametrize("move", ["build:²:0:0:", "build:" + "9" * 5000 + ":0:0:", "sell:0:0:0:" + "x" * 10_000,
                                  "pay:²", "discard:" + "1" * 50])
def test_a_malformed_move_is_a_400_with_a_reason(cp: object, move: str) -> None:
    c = joined(cp)
    r = c.post("/move", data={"move": move}, headers={"Origin": BASE})
    assert r.status_code in (400, 413), r.text[:200]
    assert "Traceback" not in r.text and ("malformed" in r.text or "too large" in r.text)


def test_a_foreign_host_header_is_refused(cp: object) -> None:
    """DNS rebinding: a page on evil.example resolving to 127.0.0.1 sends Host: evil.example."""
    c = served(cp)
    r = c.get(f"/?token={TOKEN}", headers={"Host": "evil.example:8000"})
    assert r.status_code == 400 and "Invalid host" in r.text


@pytest.mark.parametrize("origin", ["http://127.0.0.1:9999", "http://evil.example", "null",
                                    "https://127.0.0.1:8000"])
def test_a_cross_origin_post_is_refused(cp: object, origin: str) -> None:
    """A page on another port of localhost is same-site: SameSite cookies let it in; Origin not."""
    c = joined(cp)
    before = c.app.state.games.games.copy()
    for path, data in (("/move", {"move": "sell:0:0:0:"}), ("/new", None)):
        r = c.post(path, data=data, headers={"Origin": origin}, follow_redirects=False)
        assert r.status_code == 403 and "another origin" in r.text
        r = c.post(path, data=data, headers={"Referer": origin + "/page"}, follow_redirects=False)
        assert r.status_code == 403
    assert c.app.state.games.games == before


def test_a_same_origin_post_goes_through(cp: object) -> None:
    c = joined(cp)
    r = c.post("/new", headers={"Origin": BASE}, follow_redirects=False)
    assert r.status_code == 303


def test_a_session_id_chosen_by_the_client_is_never_adopted(cp: object) -> None:
    c = served(cp)
    c.cookies.set(web.COOKIE, "attacker-chosen")
    r = c.get(f"/?token={TOKEN}", follow_redirects=False)
    assert r.cookies.get(web.COOKIE) not in (None, "attacker-chosen")
    assert "attacker-chosen" not in c.app.state.games.games


def test_anonymous_requests_cannot_evict_a_game(cp: object, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web, "MAX_GAMES", 3)
    app = web.create_app(cp, players=3, seed=4)  # even with no token asked
    player = TestClient(app, base_url=BASE)
    assert player.get("/").status_code == 200
    mine = player.cookies.get(web.COOKIE)
    for _ in range(64):  # cookieless: no session, so no game is made, none dropped
        stranger = TestClient(app, base_url=BASE)
        stranger.post("/new", follow_redirects=False)
    assert mine in app.state.games.games
    others = [TestClient(app, base_url=BASE) for _ in range(5)]
    codes = [o.get("/").status_code for o in others]  # each a session of its own, past the cap
    assert codes.count(200) == 2 and codes.count(503) == 3
    assert mine in app.state.games.games and player.get("/").status_code == 200


def test_loopback_and_the_hosts_served() -> None:
    assert _loopback("127.0.0.1") and _loopback("::1") and _loopback("localhost")
    assert not _loopback("0.0.0.0") and not _loopback("192.168.1.5")
    assert "evil.example" not in _hosts("127.0.0.1", [])
    assert "tunnel.example" in _hosts("127.0.0.1", ["tunnel.example"])


def test_serve_prints_the_token_link_and_warns_off_loopback(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    for host, warned in (("127.0.0.1", False), ("0.0.0.0", True)):
        proc = subprocess.Popen([sys.executable, "-c", "from interpreter.cli import console; console()",
                                 "serve", "--host", host, "--port", "0"], cwd=tmp_path, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        try:
            line = proc.stdout.readline()
        finally:
            proc.send_signal(signal.SIGINT)
            try:
                _, err = proc.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                _, err = proc.communicate()
        assert "/?token=" in line and line.startswith("serving 4-player games of base at http://")
        assert ("warning: listening on 0.0.0.0" in err) == warned, err


@pytest.mark.parametrize("make,expect", [
    (lambda d: "/dev/zero", "not a regular file"),
    (lambda d: (os.mkfifo(d / "fifo"), str(d / "fifo"))[1], "not a regular file"),
    (lambda d: ((d / "deep.json").write_text("[" * 100_000 + "]" * 100_000), str(d / "deep.json"))[1],
     "nested more than 12 levels deep"),
    (lambda d: ((d / "big.json").write_text('{"pack": "base", "x": "' + "a" * 21_000_000 + '"}'),
                str(d / "big.json"))[1], "more than"),
])
def test_serve_log_reads_through_the_bounded_reader(tmp_path: Path, make, expect: str) -> None:
    start = time.perf_counter()
    r = run_wonders(["serve", "--log", make(tmp_path)], tmp_path)
    assert r.status == 1 and "Traceback" not in r.err and expect in r.err, r.err
    assert time.perf_counter() - start < 8

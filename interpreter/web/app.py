"""`wonders serve`: the Starlette application (one game per browser session, kept on the server)."""
from __future__ import annotations

import json
import random
import secrets
import threading
import time
from collections import OrderedDict
from pathlib import Path
from typing import Any, Sequence
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from interpreter.players.balances import log_document
from interpreter.rules.compiled import CompiledPack
from .pages import HERE, MAX_BODY, render
from .player import LiveGame
from .hall import Hall, Limits
from .host_routes import host_routes
from .store import NOT_SAVED, StoreError, TableStore
from .table_routes import table_routes
from .replay import Replay
from .views import well_formed

COOKIE = "wonders_session"
MAX_GAMES = 64
IDLE = 30 * 60  # seconds untouched after which a game may give its place to a new one


class Full(Exception):
    """No place for another game: every one was played within the last IDLE seconds."""


class Games:
    """Live games by session id (ids the server issued, never one a client chose). Past
    MAX_GAMES a new game takes the place of one left untouched for IDLE seconds, else it is
    refused: a request cannot evict a game someone is playing."""

    def __init__(self, cp: CompiledPack, players: int, bots: str, sides: str, seed: int | None,
                 store: TableStore | None = None):
        self.cp, self.players, self.bots, self.sides, self.seed = cp, players, bots, sides, seed
        self.games: OrderedDict[str, LiveGame] = OrderedDict()
        self.touched: dict[str, float] = {}
        self.issued: set[str] = set()
        self.lock = threading.Lock()
        self.store = store
        if store is not None:
            self.restore()

    def restore(self) -> None:
        """Every saved table of this pack, rebuilt by replaying its posted moves (the game is
        deterministic); its session id is known again, so its player's link and cookie work."""
        assert self.store is not None
        for saved in self.store.tables(self.cp.pack.name):
            try:
                live = LiveGame(self.cp, saved.players, saved.seed, saved.bots, saved.sides).start()
            except (ValueError, TypeError, KeyError) as err:  # a row this version cannot seat
                self.store.skip(f"game {saved.sid[:12]!r}", err)
                continue
            for code in saved.codes:
                if live.over or live.submit(code):  # refused now (the pack changed): stop there
                    break
            self._saving(saved.sid, live)
            with self.lock:
                self.issued.add(saved.sid)
                self.games[saved.sid] = live
                self.touched[saved.sid] = time.monotonic()

    def _saving(self, sid: str, live: LiveGame) -> None:
        """Each move the game accepts from now on is saved, in the order it was accepted."""
        store = self.store
        if store is not None:
            live.on_played = lambda code: store.played(sid, code)

    def issue(self) -> str:
        sid = secrets.token_urlsafe(16)
        with self.lock:
            self.issued.add(sid)
        return sid

    def known(self, sid: str | None) -> bool:
        with self.lock:
            return bool(sid) and sid in self.issued

    def get(self, sid: str | None) -> LiveGame | None:
        with self.lock:
            live = self.games.get(sid or "")
            if live is not None:
                self.touched[sid or ""] = time.monotonic()
            return live

    def new(self, sid: str) -> LiveGame:
        if sid not in self.issued:  # pragma: no cover - the app only passes issued ids
            raise ValueError("not a session this server issued")
        seed = self.seed if self.seed is not None else random.randrange(1 << 30)
        with self.lock:
            if sid not in self.games and len(self.games) >= MAX_GAMES:
                now = time.monotonic()
                idle = [k for k in self.games if now - self.touched.get(k, 0) > IDLE]
                if not idle:
                    raise Full(f"this server already has {MAX_GAMES} games in play; try again later")
                self.games.pop(idle[0]).stop()
                self.touched.pop(idle[0], None)
                if self.store is not None:
                    try:
                        self.store.drop(idle[0])
                    except StoreError:
                        pass  # the evicted game stays in the file: it comes back at a restart
        live = LiveGame(self.cp, self.players, seed, self.bots, self.sides)
        if self.store is not None:
            self.store.open_table(sid, self.cp.pack.name, self.players, seed, self.bots, self.sides)
            self._saving(sid, live)
        with self.lock:
            old = self.games.pop(sid, None)
            self.games[sid] = live
            self.touched[sid] = time.monotonic()
        if old is not None:
            old.stop()
        return live.start()


def page(request: Request, live: LiveGame | None, error: str = "", status: int = 200) -> Response:
    store = request.app.state.games.store
    ctx = {"view": live.view if live else None, "step": live.step if live else 0,
           "prompt": live.prompt.kind if live and live.prompt else "",
           "error": error or (live.error if live else "") or (store.problem if store is not None else ""),
           "live": True, "replay": None}
    if request.headers.get("HX-Request"):  # htmx swaps only 2xx answers: the refusal is in the page
        return HTMLResponse(render("game.html", **ctx))
    return HTMLResponse(render("page.html", **ctx), status_code=status)


def create_app(cp: CompiledPack, players: int = 3, bots: str = "greedy", sides: str = "A",
               seed: int | None = None, replay: Replay | None = None, token: str | None = None,
               hosts: Sequence[str] | None = None, store: TableStore | None = None,
               poll_ms: int = 1000, limits: Limits = Limits()) -> Starlette:
    """The application. `token`: a visitor needs it once (`/?token=...`, the link `wonders serve`
    prints) to get a session; without it every visitor gets one. `hosts`: the Host headers
    served (DNS rebinding); None serves any. `wonders serve` always gives both. `store`: where
    tables are saved as they go and restored from (`wonders serve --db`). `poll_ms`: how often
    a shared table's page asks whether the table changed. `limits`: tables in play per host
    and on the server, how long finished tables are kept."""
    games = Games(cp, players, bots, sides, seed, store)
    hall = Hall(cp, store, seed, limits)

    def session(request: Request) -> tuple[str, bool]:
        """The request's session id if this server issued it; else a new one (never the id a
        client sent), which with a token needs the token."""
        sid = request.cookies.get(COOKIE)
        if games.known(sid):
            return str(sid), False
        return games.issue(), True

    def admitted(request: Request) -> bool:
        """A request may open a session: no token is asked, or it carries the token."""
        if token is None:
            return True
        given = request.query_params.get("token", "")  # an empty token (a damaged file) admits no one
        return bool(token) and bool(given) and secrets.compare_digest(given, token)

    def with_cookie(resp: Response, sid: str, fresh: bool) -> Response:
        if fresh:
            resp.set_cookie(COOKIE, sid, httponly=True, samesite="strict")
        return resp

    def closed(request: Request) -> Response:
        return HTMLResponse("This table needs its link: open the address `wonders serve` printed "
                            "(it ends in ?token=...).", 403)

    def home(request: Request) -> Response:
        if replay is not None:
            if token is not None and not games.known(request.cookies.get(COOKIE)):
                if not admitted(request):
                    return closed(request)
                sid = games.issue()
                return with_cookie(RedirectResponse("/", status_code=303), sid, True)
            return replay_page(request)
        sid, fresh = session(request)
        if fresh and not admitted(request):
            return closed(request)
        if fresh and token is not None:  # the token's work is done: off the address bar
            return with_cookie(RedirectResponse("/", status_code=303), sid, fresh)
        try:
            live = games.get(sid) or games.new(sid)
        except (Full, StoreError) as err:
            return page(request, None, str(err), 503)
        except ValueError as err:  # the pack cannot seat this table: say so, serve on
            return with_cookie(page(request, None, f"cannot start a game: {err}", 500), sid, fresh)
        return with_cookie(page(request, live), sid, fresh)

    async def move(request: Request) -> Response:
        if int(request.headers.get("content-length") or 0) > MAX_BODY:
            return HTMLResponse("request too large", 413)
        form = await request.form()
        code = str(form.get("move", ""))
        return await _in_thread(play_move, request, code)

    def play_move(request: Request, code: str) -> Response:
        if replay is not None:
            return HTMLResponse("this server replays a log: there is no game to play", 404)
        if not well_formed(code):
            return HTMLResponse(f"malformed move {code[:40]!r}: expected action:card:left:right:free, "
                                "pay:N or discard:N", 400)
        sid, fresh = session(request)
        if fresh:
            return closed(request) if token is not None else \
                with_cookie(page(request, None, "no game in this session: open the table's page", 403), sid, fresh)
        live = games.get(sid)
        if live is None:
            try:
                live = games.new(sid)
            except (Full, StoreError) as err:
                return page(request, None, str(err), 503)
            except ValueError as err:
                return page(request, None, f"cannot start a game: {err}", 500)
            return page(request, live, "that game is over or unknown: a new one has started")
        why = live.submit(code)
        return page(request, live, f"refused: {why}" if why else "",
                    503 if why.startswith(NOT_SAVED) else 422 if why else 200)

    def new_game(request: Request) -> Response:
        if replay is not None:
            return RedirectResponse("/", status_code=303)
        sid, fresh = session(request)
        if fresh:  # a new game belongs to a session this server gave out, never to a stranger
            return closed(request) if token is not None else \
                with_cookie(RedirectResponse("/", status_code=303), sid, fresh)
        try:
            games.new(sid)
        except (Full, StoreError) as err:
            return page(request, None, str(err), 503)
        except ValueError as err:
            return page(request, None, f"cannot start a game: {err}", 500)
        return RedirectResponse("/", status_code=303)

    def finished(request: Request) -> LiveGame | None:
        live = games.get(session(request)[0])
        return live if live is not None and live.over and not live.error else None

    def game_log(request: Request) -> Response:
        live = finished(request)
        if live is None:
            return page(request, games.get(session(request)[0]), "the log is ready when the game is over", 404)
        return JSONResponse(log_document(live.game), headers={
            "Content-Disposition": f'attachment; filename="wonders-{live.game.seed}.json"'})

    def session_replay(request: Request) -> Response:
        live = finished(request)
        if live is None:
            return page(request, games.get(session(request)[0]), "a game can be replayed once it is over", 404)
        if live.replay is None:
            live.replay = Replay(live.game.cp, json.loads(json.dumps(live.game.log)))
        return replay_page(request, live.replay, "/replay")

    def replay_page(request: Request, replay: Replay | None = replay, base: str = "/") -> Response:
        assert replay is not None
        step = _int(request.query_params.get("step"), 0)
        seat = _int(request.query_params.get("seat"), 0)
        step = max(0, min(step, len(replay.steps) - 1))
        seat = max(0, min(seat, replay.n - 1))
        ctx = {"view": replay.view(step, seat), "step": step, "prompt": "", "error": "",
               "live": False, "replay": {"step": step, "last": len(replay.steps) - 1, "seat": seat,
                                         "names": replay.names, "title": replay.title(step),
                                         "base": base, "chart": replay.chart(step)}}
        name = "game.html" if request.headers.get("HX-Request") else "page.html"
        return HTMLResponse(render(name, **ctx))

    routes = [Route("/", home), Route("/move", move, methods=["POST"]),
              Route("/new", new_game, methods=["POST"]), Route("/log", game_log),
              Route("/replay", session_replay),
              *(table_routes(hall, poll_ms) + host_routes(hall, admitted, closed, poll_ms) if replay is None else []),
              Mount("/static", StaticFiles(directory=HERE / "static"), name="static")]
    middleware = [Middleware(SameOrigin)]
    if hosts is not None:
        middleware.insert(0, Middleware(TrustedHostMiddleware, allowed_hosts=list(hosts)))
    app = Starlette(routes=routes, middleware=middleware)
    app.state.games = games
    app.state.hall = hall
    return app


class SameOrigin:
    """Refuses a state-changing request (POST, ...) that a browser says comes from another
    origin: its Origin (or, without one, its Referer) must be this server's own. (A request
    with neither comes from no web page; SameSite cookies alone let a page on another port of
    localhost in, as same-site.)"""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["method"] not in ("GET", "HEAD", "OPTIONS"):
            headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
            claimed = headers.get("origin") or headers.get("referer")
            if claimed is not None:
                parts = urlsplit(claimed)
                own = headers.get("host", "")
                # the scheme too; https to a named host is a TLS tunnel in front of this server
                scheme_ok = parts.scheme == scope.get("scheme", "http") or \
                    parts.scheme == "https" and own.split(":")[0] not in ("127.0.0.1", "localhost", "[::1]")
                if claimed == "null" or parts.netloc != own or not scheme_ok:
                    resp = HTMLResponse(f"refused: a request from another origin ({claimed[:80]}) "
                                        "cannot change a game here", 403)
                    await resp(scope, receive, send)
                    return
        await self.app(scope, receive, send)


def _int(text: str | None, default: int) -> int:
    try:
        return int(text or default)
    except ValueError:
        return default


async def _in_thread(fn: Any, *args: Any) -> Response:
    from starlette.concurrency import run_in_threadpool

    return await run_in_threadpool(fn, *args)

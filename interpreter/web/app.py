"""`wonders serve`: the Starlette application (one game per browser session, kept on the server)."""
from __future__ import annotations

import json
import random
import secrets
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from interpreter.rules.compiled import CompiledPack
from .player import LiveGame
from .replay import Replay

HERE = Path(__file__).parent
COOKIE = "wonders_session"
MAX_GAMES = 64
TEMPLATES = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape())


class Games:
    """Live games by session id; the oldest is dropped (its thread stopped) past MAX_GAMES."""

    def __init__(self, cp: CompiledPack, players: int, bots: str, sides: str, seed: int | None):
        self.cp, self.players, self.bots, self.sides, self.seed = cp, players, bots, sides, seed
        self.games: OrderedDict[str, LiveGame] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, sid: str | None) -> LiveGame | None:
        with self.lock:
            return self.games.get(sid or "")

    def new(self, sid: str) -> LiveGame:
        seed = self.seed if self.seed is not None else random.randrange(1 << 30)
        live = LiveGame(self.cp, self.players, seed, self.bots, self.sides)
        with self.lock:
            old = self.games.pop(sid, None)
            self.games[sid] = live
            while len(self.games) > MAX_GAMES:
                self.games.popitem(last=False)[1].stop()
        if old is not None:
            old.stop()
        return live.start()


def render(name: str, **ctx: Any) -> str:
    return TEMPLATES.get_template(name).render(**ctx)


def page(request: Request, live: LiveGame | None, error: str = "", status: int = 200) -> Response:
    ctx = {"view": live.view if live else None, "step": live.step if live else 0,
           "prompt": live.prompt.kind if live and live.prompt else "",
           "error": error or (live.error if live else ""), "live": True, "replay": None}
    if request.headers.get("HX-Request"):  # htmx swaps only 2xx answers: the refusal is in the page
        return HTMLResponse(render("game.html", **ctx))
    return HTMLResponse(render("page.html", **ctx), status_code=status)


def create_app(cp: CompiledPack, players: int = 3, bots: str = "greedy", sides: str = "A",
               seed: int | None = None, replay: Replay | None = None) -> Starlette:
    games = Games(cp, players, bots, sides, seed)

    def session(request: Request) -> tuple[str, bool]:
        sid = request.cookies.get(COOKIE)
        return (sid, False) if sid else (secrets.token_urlsafe(16), True)

    def with_cookie(resp: Response, sid: str, fresh: bool) -> Response:
        if fresh:
            resp.set_cookie(COOKIE, sid, httponly=True, samesite="strict")
        return resp

    def home(request: Request) -> Response:
        if replay is not None:
            return replay_page(request)
        sid, fresh = session(request)
        try:
            live = games.get(sid) or games.new(sid)
        except ValueError as err:  # the pack cannot seat this table: say so, serve on
            return with_cookie(page(request, None, f"cannot start a game: {err}", 500), sid, fresh)
        return with_cookie(page(request, live), sid, fresh)

    async def move(request: Request) -> Response:
        form = await request.form()
        code = str(form.get("move", ""))
        return await _in_thread(play_move, request, code)

    def play_move(request: Request, code: str) -> Response:
        if replay is not None:
            return HTMLResponse("this server replays a log: there is no game to play", 404)
        sid, fresh = session(request)
        live = games.get(sid)
        if live is None:
            try:
                live = games.new(sid)
            except ValueError as err:
                return with_cookie(page(request, None, f"cannot start a game: {err}", 500), sid, fresh)
            return with_cookie(page(request, live, "that game is over or unknown: a new one has "
                                                   "started"), sid, fresh)
        why = live.submit(code)
        return page(request, live, f"refused: {why}" if why else "", 422 if why else 200)

    def new_game(request: Request) -> Response:
        if replay is not None:
            return RedirectResponse("/", status_code=303)
        sid, fresh = session(request)
        try:
            games.new(sid)
        except ValueError as err:
            return with_cookie(page(request, None, f"cannot start a game: {err}", 500), sid, fresh)
        return with_cookie(RedirectResponse("/", status_code=303), sid, fresh)

    def finished(request: Request) -> LiveGame | None:
        live = games.get(session(request)[0])
        return live if live is not None and live.over and not live.error else None

    def game_log(request: Request) -> Response:
        live = finished(request)
        if live is None:
            return page(request, games.get(session(request)[0]), "the log is ready when the game is over", 404)
        return JSONResponse(live.game.log, headers={
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
                                         "base": base}}
        name = "game.html" if request.headers.get("HX-Request") else "page.html"
        return HTMLResponse(render(name, **ctx))

    routes = [Route("/", home), Route("/move", move, methods=["POST"]),
              Route("/new", new_game, methods=["POST"]), Route("/log", game_log),
              Route("/replay", session_replay),
              Mount("/static", StaticFiles(directory=HERE / "static"), name="static")]
    app = Starlette(routes=routes)
    app.state.games = games
    return app


def _int(text: str | None, default: int) -> int:
    try:
        return int(text or default)
    except ValueError:
        return default


async def _in_thread(fn: Any, *args: Any) -> Response:
    from starlette.concurrency import run_in_threadpool

    return await run_in_threadpool(fn, *args)

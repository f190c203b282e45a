"""The routes of shared tables: a seat's page reached by its secret link (its moves, chat and
rematch), the spectators' page, the tables this browser holds a seat at (host_routes.py has
the host's).

A page stays current by polling its frame (static/live.js, every POLL_MS): the answer is 204
until the table's version changes, then the new view; while the server cannot be reached the
page says "reconnecting" and tries again less and less often, then resumes by itself. Polling over
server-sent events: nothing stays open, so a server stops at once and a proxy or tunnel
in between needs nothing special; a table changes a few times a minute.
"""
from __future__ import annotations

import inspect
from typing import Any, Callable

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from interpreter.players.balances import log_document

from .hall import Hall, Refused
from .pages import MAX_BODY, render
from .store import NOT_SAVED
from .tables import Table
from .views import well_formed

SEATS_COOKIE = "wonders_seats"
MAX_HELD = 12  # seats one browser remembers (hot-seat)
PRIVATE = {"Referrer-Policy": "same-origin", "Cache-Control": "no-store"}  # links are secrets: never sent elsewhere


def html(text: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(text, status, headers=PRIVATE)


def no_seat() -> Response:
    return html("This link is not a seat at any table here (or the table was closed): "
                "ask the host for your link.", 403)


def held(request: Request) -> list[str]:
    """The seat tokens this browser holds, newest last."""
    raw = request.cookies.get(SEATS_COOKIE, "")
    return [t for t in raw.split(".") if t][-MAX_HELD:]


async def read_form(request: Request) -> dict[str, str] | Response:
    """The posted form, or a refusal: no length said, or more than MAX_BODY bytes."""
    size = request.headers.get("content-length")
    if size is None or not size.isdigit():
        return html("a form needs its Content-Length", 411)
    if int(size) > MAX_BODY:
        return html("request too large", 413)
    form = await request.form()
    return {k: str(v)[:200] for k, v in form.items()}


def table_routes(hall: Hall, poll_ms: int = 1000) -> list[Route]:
    """A seat's routes (reached by its token), the spectators' and the tables this browser
    holds a seat at."""

    def trouble() -> str:
        """What the store could not do (a locked or full file, a deleted one), for every page."""
        return hall.store.problem if hall.store is not None else ""

    def seat_ctx(table: Table, seat: int, token: str, error: str = "") -> dict[str, Any]:
        view = table.seat_view(seat)
        base = f"/seat/{token}"
        again = hall.rematch_seat(table, seat)
        return {"view": view, "step": table.stamp, "error": error or table.error or trouble(), "live": True,
                "replay": None, "prompt": "",
                "table": {"post": f"{base}/move", "undo": f"{base}/undo", "log": f"{base}/log",
                          "poll": f"{base}/frame?v={table.stamp}", "poll_ms": poll_ms,
                          "status": view["status"], "picked": view["picked"], "me": seat,
                          "picked_label": label_of(view, view["picked"]), "chat": f"{base}/chat",
                          "rematch": f"{base}/rematch" if table.game.over and not table.error else "",
                          "rematch_url": f"/seat/{again}" if again else "",
                          "spectator": False}}

    def seated(handler: Callable[..., Any]) -> Callable[[Request], Any]:
        """A route of one seat: its token found (else 403), then handler(request, table,
        seat, token); a plain handler runs in a worker thread (a table's lock may wait)."""
        async def route(request: Request) -> Response:
            token = request.path_params["token"]
            found = hall.seat(token)
            if found is None:
                return no_seat()
            if inspect.iscoroutinefunction(handler):
                return await handler(request, *found, token)
            return await run_in_threadpool(handler, request, *found, token)
        return route

    def seat_page(request: Request, table: Table, seat: int, token: str) -> Response:
        kept = [t for t in held(request) if t != token and hall.seat(t)] + [token]
        others = [{"url": f"/seat/{t}", "name": name_of(hall, t)} for t in kept if t != token]
        resp = html(render("page.html", **seat_ctx(table, seat, token), others=others))
        resp.set_cookie(SEATS_COOKIE, ".".join(kept[-MAX_HELD:]), httponly=True, samesite="lax",
                        max_age=30 * 24 * 3600)
        return resp

    def seat_frame(request: Request, table: Table, seat: int, token: str) -> Response:
        return frame(request, table, lambda: seat_ctx(table, seat, token))

    async def seat_move(request: Request, table: Table, seat: int, token: str) -> Response:
        form = await read_form(request)
        if isinstance(form, Response):
            return form
        code = form.get("move", "")
        if not well_formed(code):
            return html(f"malformed move {code[:40]!r}: expected action:card:left:right:free, "
                        "pay:N or discard:N", 400)
        why = await run_in_threadpool(table.answer, seat, code)
        return answered(request, table, seat, token, why)

    def seat_undo(request: Request, table: Table, seat: int, token: str) -> Response:
        return answered(request, table, seat, token, table.withdraw(seat))

    def answered(request: Request, table: Table, seat: int, token: str, why: str) -> Response:
        ctx = seat_ctx(table, seat, token, f"refused: {why}" if why else "")
        if request.headers.get("HX-Request"):  # htmx swaps only 2xx answers: the refusal is in the page
            return html(render("game.html", **ctx))
        return html(render("page.html", **ctx), 503 if why.startswith(NOT_SAVED) else 422 if why else 200)

    async def seat_chat(request: Request, table: Table, seat: int, token: str) -> Response:
        form = await read_form(request)
        if isinstance(form, Response):
            return form
        why = table.say(seat, form.get("text", ""))
        return answered(request, table, seat, token, why)

    def seat_rematch(request: Request, table: Table, seat: int, token: str) -> Response:
        """A player asks for the rematch (the host's table, same seats); then to their new seat."""
        try:
            hall.rematch(table.tid)
        except Refused as err:
            return answered(request, table, seat, token, str(err))
        again = hall.rematch_seat(table, seat)
        if request.headers.get("HX-Request"):
            return Response(status_code=200, headers={**PRIVATE, "HX-Redirect": f"/seat/{again}"})
        return RedirectResponse(f"/seat/{again}", status_code=303)

    def seat_log(request: Request, table: Table, seat: int, token: str) -> Response:
        if not table.game.over:
            return html("the log is ready when the game is over", 404)
        return JSONResponse(log_document(table.game), headers={
            **PRIVATE, "Content-Disposition": f'attachment; filename="wonders-{table.seed}.json"'})

    def watch_ctx(table: Table, token: str) -> dict[str, Any]:
        view = table.public_view()
        return {"view": view, "step": table.stamp, "error": table.error or trouble(), "live": False, "replay": None,
                "prompt": "", "table": {"poll": f"/watch/{token}/frame?v={table.stamp}", "poll_ms": poll_ms,
                                        "status": view["status"], "spectator": True, "picked": ""}}

    def watch_page(request: Request) -> Response:
        table = hall.watch(request.path_params["token"])
        if table is None:
            return html("This link is not a table's spectator link here: ask the host for it.", 403)
        return html(render("page.html", **watch_ctx(table, request.path_params["token"])))

    def watch_frame(request: Request) -> Response:
        table = hall.watch(request.path_params["token"])
        if table is None:
            return html("not a spectator link", 403)
        return frame(request, table, lambda: watch_ctx(table, request.path_params["token"]))

    def my_seats(request: Request) -> Response:
        """The tables this browser holds a seat at (the seat links it opened): what each
        waits for, whether it is this seat's turn, how it ended, its rematch."""
        rows = []
        for t in reversed(held(request)):  # the newest first
            found = hall.seat(t)
            if found is not None:
                rows.append(seat_row(hall, t, *found))
        return html(render("seats.html", rows=rows))

    return [Route("/seat/{token}", seated(seat_page)), Route("/seat/{token}/frame", seated(seat_frame)),
            Route("/seat/{token}/move", seated(seat_move), methods=["POST"]),
            Route("/seat/{token}/undo", seated(seat_undo), methods=["POST"]),
            Route("/seat/{token}/chat", seated(seat_chat), methods=["POST"]),
            Route("/seat/{token}/rematch", seated(seat_rematch), methods=["POST"]),
            Route("/seat/{token}/log", seated(seat_log)),
            Route("/watch/{token}", watch_page), Route("/watch/{token}/frame", watch_frame),
            Route("/seats", my_seats)]


def frame(request: Request, table: Table, ctx: Callable[[], dict[str, Any]]) -> Response:
    """A page's poll: nothing (204, htmx swaps nothing) while the table is at the version
    the page shows, else the new view."""
    if request.query_params.get("v") == table.stamp:
        return Response(status_code=204, headers=PRIVATE)
    return html(render("game.html", **ctx()))


def label_of(view: dict[str, Any], code: str) -> str:
    """What the seat's pick does, in the words of its button."""
    for card in view.get("hand", []):
        for b in card["keeps"] + card["builds"] + card["wonders"] + card["sells"]:
            if b["code"] == code:
                return f"{card['name']}: {b['label']}"
    for d in view.get("discard", []):
        if d["code"] == code:
            return f"build {d['name']}"
    return "nothing" if code == "discard:none" else code


def seat_row(hall: Hall, token: str, table: Table, seat: int) -> dict[str, Any]:
    """One line of a player's list of tables."""
    waiting = table.waiting_for()
    me = table.seats[seat].name
    if table.closed:
        state = "closed by the host"
    elif table.error:
        state = table.error
    elif table.game.over:
        state = "game over"
    elif me in waiting and (table.question is None or table.question.seat == seat):
        state = "your turn" + (f" (also waiting for {', '.join(w for w in waiting if w != me)})"
                               if len(waiting) > 1 else "")
    else:
        state = f"waiting for {', '.join(waiting)}" if waiting else "playing"
    again = hall.rematch_seat(table, seat)
    return {"url": f"/seat/{token}", "name": me, "tid": table.tid, "state": state,
            "your_turn": state.startswith("your turn"), "heading": heading_of(table),
            "players": ", ".join(s.name for s in table.seats),
            "rematch": f"/seat/{again}" if again else ""}


def name_of(hall: Hall, token: str) -> str:
    found = hall.seat(token)
    return found[0].seats[found[1]].name + f" (table {found[0].tid})" if found else ""


def heading_of(table: Table) -> str:
    from .views import heading
    with table.lock:
        return "Game over" if table.game.over else heading(table.game)

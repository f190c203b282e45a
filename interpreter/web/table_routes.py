"""The routes of shared tables: the host's tables and its form, a seat's page reached by its
secret link, the spectators' page, the seats this browser holds (hot-seat).

A page stays current by polling its frame (htmx, every POLL_MS): the answer is 204 (htmx
swaps nothing) until the table's version changes, then the new view. Polling over
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

from .hall import Hall, Refused, table_links
from .pages import MAX_BODY, render
from .store import NOT_SAVED, StoreError
from .tables import BOT_KINDS, HUMAN, Table
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


def table_routes(hall: Hall, host_of: Callable[[Request], str | None],
                 admit: Callable[[Request, str], Response], poll_ms: int = 1000) -> list[Route]:
    """The routes; `host_of` says whose host session a request carries (None: no host),
    `admit` opens one for the printed link's token, or refuses."""
    rules = hall.cp.rules

    def trouble() -> str:
        """What the store could not do (a locked or full file, a deleted one), for every page."""
        return hall.store.problem if hall.store is not None else ""

    def host_page(request: Request, host: str, error: str = "", status: int = 200) -> Response:
        tables = [{"tid": t.tid, "names": ", ".join(s.name for s in t.seats), "over": t.over,
                   "heading": "Game over" if t.game.over else t.error or heading_of(t)}
                  for t in hall.of_host(host)]
        return html(render("tables.html", tables=tables, error=error or trouble(), pack=hall.cp.pack.name,
                           lo=rules.min_players, hi=rules.max_players, kinds=(HUMAN, *BOT_KINDS)), status)

    def tables_home(request: Request) -> Response:
        host = host_of(request)
        if host is None:
            return admit(request, "/tables")
        return host_page(request, host)

    async def create(request: Request) -> Response:
        host = host_of(request)
        if host is None:
            return html("only the host (who opened the link `wonders serve` printed) makes tables", 403)
        form = await read_form(request)
        if isinstance(form, Response):
            return form
        players = form.get("players", "")
        seed = form.get("seed", "")
        if not players.isdigit() or len(players) > 2 or seed and not (seed.isdigit() and len(seed) <= 9):
            return host_page(request, host, "players and seed are whole numbers", 400)
        n = int(players)
        kinds = [form.get(f"seat{i}", "") for i in range(n)]
        names = [form.get(f"name{i}", "") for i in range(n)]
        try:
            table = hall.create(host, n, form.get("sides", "A"), kinds, names, int(seed) if seed else None)
        except Refused as err:
            return host_page(request, host, f"refused: {err}", 422)
        return RedirectResponse(f"/tables/{table.tid}", status_code=303)

    def links(request: Request) -> Response:
        host, table = host_of(request), hall.tables.get(request.path_params["tid"])
        if host is None or table is None or table.host != host:
            return html("no table of yours by that name", 404)
        return html(render("links.html", table=table, links=table_links(table, str(request.base_url))))

    def close(request: Request) -> Response:
        host = host_of(request)
        if host is None:
            return html("no table of yours by that name", 404)
        try:
            if not hall.close(host, request.path_params["tid"]):
                return html("no table of yours by that name", 404)
        except StoreError as err:
            return host_page(request, host, str(err), 503)
        return RedirectResponse("/tables", status_code=303)

    def seat_ctx(table: Table, seat: int, token: str, error: str = "") -> dict[str, Any]:
        view = table.seat_view(seat)
        base = f"/seat/{token}"
        return {"view": view, "step": table.stamp, "error": error or table.error or trouble(), "live": True,
                "replay": None, "prompt": "",
                "table": {"post": f"{base}/move", "undo": f"{base}/undo", "log": f"{base}/log",
                          "poll": f"{base}/frame?v={table.stamp}", "poll_ms": poll_ms,
                          "status": view["status"], "picked": view["picked"], "me": seat,
                          "picked_label": label_of(view, view["picked"]),
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
        rows = []
        for t in held(request):
            found = hall.seat(t)
            if found is not None:
                table, seat = found
                state = next(r["state"] for r in table.status() if r["seat"] == seat) or "game over"
                rows.append({"url": f"/seat/{t}", "name": table.seats[seat].name, "tid": table.tid,
                             "state": state, "heading": heading_of(table)})
        return html(render("seats.html", rows=rows))

    return [Route("/tables", tables_home), Route("/tables", create, methods=["POST"]),
            Route("/tables/{tid}", links), Route("/tables/{tid}/close", close, methods=["POST"]),
            Route("/seat/{token}", seated(seat_page)), Route("/seat/{token}/frame", seated(seat_frame)),
            Route("/seat/{token}/move", seated(seat_move), methods=["POST"]),
            Route("/seat/{token}/undo", seated(seat_undo), methods=["POST"]),
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


def name_of(hall: Hall, token: str) -> str:
    found = hall.seat(token)
    return found[0].seats[found[1]].name + f" (table {found[0].tid})" if found else ""


def heading_of(table: Table) -> str:
    from .views import heading
    with table.lock:
        return "Game over" if table.game.over else heading(table.game)

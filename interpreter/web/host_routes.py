"""The host's routes: one page at /host/KEY (the host's own secret, printed by `wonders serve`
and kept in the tables file) that lists the host's tables with their seat and spectator
links, closes, deletes and rematches them, and makes new ones.

The key in the address is the host's credential, as a seat's token is a player's: no cookie,
so the link works from any browser or device, and after a restart. The printed
`/tables?token=...` link of older versions leads to the same page.
"""
from __future__ import annotations

import hashlib
import secrets
from typing import Any, Callable

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from .hall import Hall, Refused, table_links
from .pages import render
from .store import StoreError
from .table_routes import PRIVATE, heading_of, html, read_form
from .tables import BOT_KINDS, HUMAN, Table


def host_routes(hall: Hall, admitted: Callable[[Request], bool],
                closed: Callable[[Request], Response], poll_ms: int = 1000) -> list[Route]:
    """`admitted`: the request carries the server's printed token (or none is asked); the
    host's page asks every 2 x `poll_ms` whether a table changed."""
    rules = hall.cp.rules

    def is_host(request: Request) -> bool:
        return secrets.compare_digest(str(request.path_params.get("key", "")), hall.host_key)

    def state_of(t: Table) -> str:
        if t.closed:
            return "closed"
        if t.error:
            return t.error
        if t.game.over:
            return "game over"
        waiting = t.waiting_for()
        return heading_of(t) + (f"; waiting for {', '.join(waiting)}" if waiting else "")

    def rows(base: str) -> list[dict[str, Any]]:
        out = []
        for t in sorted(hall.of_host(hall.host_key), key=lambda t: (t.over, t.finished or 0.0)):
            out.append({"tid": t.tid, "names": ", ".join(s.name for s in t.seats), "over": t.over,
                        "closed": t.closed, "done": t.game.over, "state": state_of(t),
                        "rematch": t.rematch if t.rematch in hall.tables else "",
                        "links": table_links(t, base)})
        return out

    def stamp() -> str:
        """What the host's page shows, in one word: it changes when any of its tables does."""
        seen = "|".join(f"{t.tid}:{t.stamp}:{t.rematch}" for t in hall.of_host(hall.host_key))
        return hashlib.sha256(seen.encode()).hexdigest()[:16]

    def frame(request: Request) -> Response:
        """The host's list of tables, polled like a table's page (204 while unchanged)."""
        if request.query_params.get("v") == stamp():
            return Response(status_code=204, headers=PRIVATE)
        return html(render("hosted.html", tables=rows(str(request.base_url)), key=hall.host_key,
                           stamp=stamp(), poll_ms=poll_ms * 2))

    def host_page(request: Request, error: str = "", status: int = 200) -> Response:
        key = hall.host_key
        tables = rows(str(request.base_url))
        trouble = hall.store.problem if hall.store is not None else ""  # a locked, full or deleted file
        return html(render("tables.html", tables=tables, error=error or trouble, pack=hall.cp.pack.name, key=key,
                           stamp=stamp(), poll_ms=poll_ms * 2,
                           playing=sum(not t["over"] for t in tables), limits=hall.limits,
                           keep_days=round(hall.limits.keep / 86400, 1),
                           lo=rules.min_players, hi=rules.max_players, kinds=(HUMAN, *BOT_KINDS)), status)

    def hosted(handler: Callable[..., Any]) -> Callable[[Request], Any]:
        """A route of the host's: its key checked (else 403), then handler(request)."""
        async def route(request: Request) -> Response:
            if not is_host(request):
                return html("This is not the host's link of this server: the host's link is the "
                            "one `wonders serve` prints (/host/...).", 403)
            return await handler(request)
        return route

    async def polled(request: Request) -> Response:
        return await run_in_threadpool(frame, request)

    async def home(request: Request) -> Response:
        hall.expire()
        return host_page(request)

    def tables_home(request: Request) -> Response:
        """The printed link of older versions: to the host's page, for the token's holder."""
        if not admitted(request):
            return closed(request)
        return RedirectResponse(f"/host/{hall.host_key}", status_code=303)

    async def create(request: Request) -> Response:
        form = await read_form(request)
        if isinstance(form, Response):
            return form
        players, seed = form.get("players", ""), form.get("seed", "")
        if not players.isdigit() or len(players) > 2 or seed and not (seed.isdigit() and len(seed) <= 9):
            return host_page(request, "players and seed are whole numbers", 400)
        n = int(players)
        kinds = [form.get(f"seat{i}", "") for i in range(n)]
        names = [form.get(f"name{i}", "") for i in range(n)]
        try:
            table = await run_in_threadpool(hall.create, hall.host_key, n, form.get("sides", "A"), kinds,
                                            names, int(seed) if seed else None)
        except Refused as err:
            return host_page(request, f"refused: {err}", 422)
        return RedirectResponse(f"/host/{hall.host_key}/table/{table.tid}", status_code=303)

    def hosted_table(request: Request) -> Table | None:
        table = hall.tables.get(request.path_params["tid"])
        return table if table is not None and table.host == hall.host_key else None

    async def links(request: Request) -> Response:
        table = hosted_table(request)
        if table is None:
            return html("no table of yours by that name (deleted, or expired)", 404)
        again = hall.tables.get(table.rematch) if table.rematch else None
        return html(render("links.html", table=table, key=hall.host_key, state=state_of(table),
                           links=table_links(table, str(request.base_url)),
                           rematch=again.tid if again is not None else ""))

    def action(do: Callable[[str, str], Any]) -> Callable[[Request], Any]:
        async def route(request: Request) -> Response:
            tid = request.path_params["tid"]
            if hosted_table(request) is None:
                return html("no table of yours by that name (deleted, or expired)", 404)
            try:
                to = await run_in_threadpool(do, hall.host_key, tid)
            except Refused as err:
                return host_page(request, f"refused: {err}", 422)
            except StoreError as err:  # not saved, so not done: the table is as it was
                return host_page(request, str(err), 503)
            return RedirectResponse(to or f"/host/{hall.host_key}", status_code=303)
        return route

    def rematch(host: str, tid: str) -> str:
        return f"/host/{host}/table/{hall.rematch(tid).tid}"

    return [Route("/tables", tables_home), Route("/host/{key}", hosted(home)),
            Route("/host/{key}/frame", hosted(polled)),
            Route("/host/{key}/tables", hosted(create), methods=["POST"]),
            Route("/host/{key}/table/{tid}", hosted(links)),
            Route("/host/{key}/table/{tid}/close", hosted(action(lambda h, t: hall.close(h, t) and "")),
                  methods=["POST"]),
            Route("/host/{key}/table/{tid}/delete", hosted(action(lambda h, t: hall.delete(h, t) and "")),
                  methods=["POST"]),
            Route("/host/{key}/table/{tid}/rematch", hosted(action(rematch)), methods=["POST"])]

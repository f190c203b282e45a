"""`wonders serve`: play in the browser against bots, or step through a logged game."""
from __future__ import annotations

import argparse
import errno
import ipaddress
import secrets
import socket
import sqlite3
import sys
from pathlib import Path

from .common import fail
from .packs import compiled


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="play in the browser, or replay a game log",
                       description="A local web page: play a full game against bots (one game per "
                                   "browser session), host tables for several players (/tables), "
                                   "or step through a game log with --log. "
                                   "Needs the 'web' extra: pip install 'wonders-dsl[web]'.")
    p.add_argument("--pack", help="pack folder or shipped name (default: base, or the log's pack)")
    p.add_argument("--players", type=int, default=4, help="players at the table, you included (default: 4)")
    p.add_argument("--bots", default="greedy", help="bots for the other seats, comma-separated; a short "
                                                     "list fills with its last bot (default: greedy)")
    p.add_argument("--sides", default="A", choices=["A", "B", "random"], help="wonder sides")
    p.add_argument("--seed", type=int, help="seed of every game (default: a new one per game)")
    p.add_argument("--log", metavar="FILE", help="replay this game log (written by `wonders play --log`)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1, "
                   "this machine only; anything else lets other machines in: a warning says so)")
    p.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                   help="another host name the page may be reached by (a tunnel's, say); "
                        "127.0.0.1, localhost, ::1 and --host are always allowed")
    p.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    p.add_argument("--db", metavar="FILE", help="where tables are saved as they go, and restored from when "
                   "the server starts again (default: $WONDERS_DB, else ~/.local/share/wonders/tables.sqlite)")
    p.add_argument("--no-db", action="store_true", help="keep the tables in memory only")
    p.add_argument("--keep-finished", type=float, default=7, metavar="DAYS",
                   help="days a finished or closed shared table is kept (its links show how it ended), "
                        "then deleted (default: 7)")
    p.add_argument("--tables-per-host", type=int, default=8, metavar="N",
                   help="shared tables the host may have in play at once (default: 8)")
    p.add_argument("--max-tables", type=int, default=128, metavar="N",
                   help="shared tables in play on this server at once; finished ones do not count (default: 128)")
    p.set_defaults(func=run)


def bind(host: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(64)
    sock.set_inheritable(True)
    return sock


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from ..web.app import create_app
        from ..web.replay import Replay, ReplayError, read_log
    except ModuleNotFoundError as err:
        return fail(f"`wonders serve` needs the web extra ({err.name} is missing): "
                    "pip install 'wonders-dsl[web]'")
    from interpreter.players.roster import make_bots

    replay = None
    try:
        if args.log:
            log = read_log(args.log)
            if args.pack:
                cp = compiled(args.pack)
            else:  # the log's pack: named by a file, not by the user, so none of its code runs
                cp = compiled(str(log.get("pack") or "base"), args.log)
            replay = Replay(cp, log)
        else:
            cp = compiled(args.pack or "base")
            rules = cp.rules
            if not rules.min_players <= args.players <= rules.max_players:
                return fail(f"this pack plays {rules.min_players} to {rules.max_players} players, "
                            f"not {args.players}")
            if any(b.name == "human" for b in make_bots(args.bots, args.players - 1)):
                return fail("--bots lists the other seats' bots: you are the browser's seat, "
                            "so 'human' (the terminal player) cannot be one of them")
    except (ReplayError, ValueError) as err:
        return fail(str(err))
    if args.keep_finished < 0 or args.tables_per_host < 1 or args.max_tables < 1:
        return fail("--keep-finished is 0 days or more; --tables-per-host and --max-tables are 1 or more")
    try:
        sock = bind(args.host, args.port)
    except OSError as err:
        if err.errno == errno.EADDRINUSE:
            return fail(f"port {args.port} is in use (another server?); try --port {args.port + 1}")
        return fail(f"cannot listen on {args.host}:{args.port}: {err.strerror or err}")
    store = None
    if not replay and not args.no_db:
        from interpreter.web.store import NotOurs, TableStore, default_path
        path = Path(args.db) if args.db else default_path()
        try:
            store = TableStore(path)
        except NotOurs as err:
            sock.close()
            return fail(f"{err} (or --no-db)")
        except (OSError, sqlite3.Error) as err:
            sock.close()
            return fail(f"cannot open the tables file {path}: {err} (--db FILE elsewhere, or --no-db)")
    token = store.token() if store is not None else secrets.token_urlsafe(24)
    port = sock.getsockname()[1]
    hosts = _hosts(args.host, args.allowed_host)
    from interpreter.web.hall import Limits
    limits = Limits(per_host=args.tables_per_host, tables=args.max_tables, keep=args.keep_finished * 86400)
    try:
        app = create_app(cp, args.players, args.bots, args.sides, args.seed, replay, token=token, hosts=hosts,
                         store=store, limits=limits)
    except sqlite3.Error as err:  # the saved tables cannot be read now (locked by another program)
        sock.close()
        return fail(f"cannot read the tables file {store.path if store else ''}: {err} (try again, or --db "
                    "FILE elsewhere, or --no-db)")
    what = f"replay of {args.log}" if replay else f"{args.players}-player games of {cp.pack.name}"
    shown = f"[{args.host}]" if ":" in args.host else args.host
    if not _loopback(args.host):
        print(f"warning: listening on {args.host}: other machines can reach this server; anyone "
              "with the link below can play here", file=sys.stderr, flush=True)
    print(f"serving {what} at http://{shown}:{port}/?token={token}  (Ctrl-C stops)", flush=True)
    if not replay:
        print(f"tables for several players, your host link (any browser; keep it secret): "
              f"http://{shown}:{port}/host/{app.state.hall.host_key}", flush=True)
    if store is not None:
        saved = len(app.state.games.games) + len(app.state.hall.tables)
        print(f"tables saved in {store.path}" + (f"; {saved} restored" if saved else ""), flush=True)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    _hangup_stops(server)
    server.run(sockets=[sock])
    return 0


def _hangup_stops(server: "uvicorn.Server") -> None:
    """SIGHUP (the terminal closed) stops the server as SIGTERM does, through uvicorn's own
    shutdown (uvicorn handles SIGINT and SIGTERM only), unless it was ignored (nohup)."""
    import signal
    hup = getattr(signal, "SIGHUP", None)
    try:
        if hup is not None and signal.getsignal(hup) is not signal.SIG_IGN:
            signal.signal(hup, lambda signum, frame: server.handle_exit(signal.SIGTERM, frame))
    except ValueError:  # not the main thread
        pass


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host == "localhost"


def _hosts(host: str, extra: list[str]) -> list[str]:
    """The Host headers served: this machine's names, the address listened on, and any named."""
    names = ["127.0.0.1", "localhost", "[::1]", "::1"]
    for h in [host, *extra]:
        if h not in ("0.0.0.0", "::"):
            names.append(f"[{h}]" if ":" in h and not h.startswith("[") else h)
    if host in ("0.0.0.0", "::"):  # every address of the machine: its names must be listed
        names.append(socket.gethostname())
    return list(dict.fromkeys(names))

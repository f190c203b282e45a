"""`wonders serve`: play in the browser against bots, or step through a logged game."""
from __future__ import annotations

import argparse
import errno
import socket

from .common import fail
from .packs import compiled


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="play in the browser, or replay a game log",
                       description="A local web page: play a full game against bots (one game per "
                                   "browser session), or step through a game log with --log. "
                                   "Needs the 'web' extra: pip install 'wonders-dsl[web]'.")
    p.add_argument("--pack", help="pack folder or shipped name (default: base, or the log's pack)")
    p.add_argument("--players", type=int, default=4, help="players at the table, you included (default: 4)")
    p.add_argument("--bots", default="greedy", help="bots for the other seats, comma-separated; a short "
                                                     "list fills with its last bot (default: greedy)")
    p.add_argument("--sides", default="A", choices=["A", "B", "random"], help="wonder sides")
    p.add_argument("--seed", type=int, help="seed of every game (default: a new one per game)")
    p.add_argument("--log", metavar="FILE", help="replay this game log (written by `wonders play --log`)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
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
        from ..web.replay import ReplayError, load_replay
    except ModuleNotFoundError as err:
        return fail(f"`wonders serve` needs the web extra ({err.name} is missing): "
                    "pip install 'wonders-dsl[web]'")
    from interpreter.players.roster import make_bots

    replay = None
    try:
        if args.log:
            pack = args.pack or _log_pack(args.log)
            replay = load_replay(compiled(pack), args.log)
            cp = replay.cp
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
    try:
        sock = bind(args.host, args.port)
    except OSError as err:
        if err.errno == errno.EADDRINUSE:
            return fail(f"port {args.port} is in use (another server?); try --port {args.port + 1}")
        return fail(f"cannot listen on {args.host}:{args.port}: {err.strerror or err}")
    app = create_app(cp, args.players, args.bots, args.sides, args.seed, replay)
    what = f"replay of {args.log}" if replay else f"{args.players}-player games of {cp.pack.name}"
    print(f"serving {what} at http://{args.host}:{sock.getsockname()[1]}/  (Ctrl-C stops)", flush=True)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    server.run(sockets=[sock])
    return 0


def _log_pack(path: str) -> str:
    """The pack a log names (a shipped pack's name, or a folder given with --pack)."""
    import json
    from pathlib import Path

    from ..web.replay import ReplayError

    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        return str(data["pack"])
    except (json.JSONDecodeError, UnicodeDecodeError, KeyError, TypeError):
        raise ReplayError(f"{path} is not a game log (see docs/formats.md)") from None

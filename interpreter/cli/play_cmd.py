"""`wonders play`: a full game with bots, printed as a score pad (or JSON, or a log file)."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from interpreter.players.roster import make_bots
from interpreter.rules.compiled import CompiledPack
from interpreter.game.contract import GameCapped, GameOverflow, IllegalMove
from interpreter.players.balances import log_document
from interpreter.players.gamelog import RecordedGame
from .common import check_writable, fail, print_json, write_output
from .core_opt import add_core_arg, pick_core, say_core
from .phase_report import print_phases
from .packs import compiled
from .scorepad import print_scorepad


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="play a full game with bots",
                       description="Play a full game with bots and print the score pad.")
    p.add_argument("--pack", default="base", help="pack folder or shipped name (default: base)")
    p.add_argument("--players", type=int, help="number of players (required unless --resume)")
    p.add_argument("--seed", type=int, default=0, help="random seed (same seed, same game)")
    p.add_argument("--bots", default=None, help="comma-separated bots by seat; a list shorter than "
                                                     "the table fills with its last bot: greedy, random, search (Monte Carlo "
                                                     "search; search:N for N playouts a decision, search:Nms for N ms, search:N:wM over greedy's M best moves), human (you, at the terminal) "
                                                     "(default: greedy)")
    p.add_argument("--sides", default="A", choices=["A", "B", "random"], help="wonder sides")
    p.add_argument("--wonders", help="comma-separated wonders by seat (default: dealt at random)")
    p.add_argument("--names", help="comma-separated player names by seat")
    p.add_argument("--log", metavar="FILE", help="write the full game log (JSON) to FILE")
    p.add_argument("--resume", metavar="LOG", help="go on with the game of this log (one written by --log, or "
                   "by an interrupted game): its moves are played again, then the bots (--bots, default: "
                   "the log's) play on; --pack must name the log's pack")
    p.add_argument("--force", action="store_true", help="with --resume: go on with a log written under another "
                   "version or content of the pack (a warning says so; the game may go differently)")
    p.add_argument("--trace", action="store_true", help="after the game, each city's coins, tokens, shields, "
                   "production and running score after each turn (a table per turn)")
    p.add_argument("--json", action="store_true", help="print the score JSON")
    add_core_arg(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    check_writable(args.log, "--log")  # before the game, not after it
    if args.resume:
        return _resume(args)
    if args.players is None:
        return fail("--players is required (or --resume LOG)")
    args.bots = args.bots or "greedy"
    cp = compiled(args.pack)
    try:
        bots = make_bots(args.bots, args.players)
        wonders = [w.strip() for w in args.wonders.split(",")] if args.wonders else None
        names = [x.strip() for x in args.names.split(",")] if args.names else None
        cities = args.players + len(cp.rules.seats_at(args.players))
        if wonders and len(wonders) not in (args.players, cities):
            raise ValueError(f"--wonders names {len(wonders)} wonders for {args.players} players"
                             + (f" (or {cities} with the seats no player owns)" if cities > args.players else ""))
        if wonders and len(set(wonders)) != len(wonders):
            raise ValueError("--wonders: each wonder can be played by one player only")
        if names and len(names) != args.players:
            raise ValueError(f"--names gives {len(names)} names for {args.players} players")
        game = RecordedGame(cp, bots, seed=args.seed, sides=args.sides, wonders=wonders, names=names,
                            log=True)  # the phases are printed from the log; the human sees it too
        needs = _log_needed(args, cp) or ("the boards of the seats no player owns are drawn by the Python "
                                          "engine when --wonders names the players' only"
                                          if wonders and len(wonders) < cities else "")
        core, why = pick_core(args.core, cp, args.bots, args.players, needs_log=needs)
        say_core(core, why)  # the set-up above checked the wonders, sides and names on either core
        if core == "native":
            return _play_native(args, cp, wonders, names)
        game.log["setup"] = {"sides": args.sides, "wonders": wonders, "names": names}
        scores = _play_or_keep(args, game)
        for seat, bot in enumerate(bots):  # a human at the terminal sees the last turn and conflicts too
            finish = getattr(bot, "finish", None)
            if finish is not None:
                finish(game.observe(seat))
    except (ValueError, IllegalMove, GameOverflow, GameCapped) as err:
        return fail(str(err))
    except EOFError:
        return fail("the input ended before the game did (the human player needs a terminal)")
    return _report(args, game, scores)


def _play_or_keep(args: argparse.Namespace, game: Any) -> dict[str, Any]:
    """The game to its end; stopped (Ctrl-C, SIGTERM), its log so far is written first, to
    --log or to wonders-interrupted-SEED.json here, so that `--resume` can go on with it."""
    try:
        return game.play()
    except KeyboardInterrupt:
        from interpreter.sim.runner import sigint_ignored

        from .common import write_output
        path = args.log or f"wonders-interrupted-{game.seed}.json"
        log = {**log_document(game), "interrupted": True}
        log.pop("final", None)
        log.pop("scores", None)
        with sigint_ignored():  # a second Ctrl-C must not leave half a file
            if write_output(path, json.dumps(log, indent=1) + "\n", "the game log so far", "--log"):
                print(f"the game so far is in {path}: `wonders play --resume {path}` goes on with it",
                      file=sys.stderr)
        raise


def _report(args: argparse.Namespace, game: Any, scores: dict[str, Any]) -> int:
    """The score pad (or JSON), then the log when asked for."""
    if args.json:
        print_json(scores)
    else:
        if args.trace:
            from .trace_view import print_trace
            print_trace(log_document(game))
        print_phases(game.log)
        print_scorepad(scores, [(c.side.wonder, c.side.side, getattr(b, 'name', '?'))
                                for c, b in zip(game.cities, game.bots)])
    if args.log and not write_output(args.log, json.dumps(log_document(game), indent=1) + "\n", "the game log",
                                     "--log"):
        return 1
    return 0


def _resume(args: argparse.Namespace) -> int:
    """--resume LOG: the logged game set up again, its moves replayed, the bots playing on."""
    from interpreter.players.resume import ResumeError, check_log, check_used, resume, turn_lines
    from dsl.limits import LIMITS
    from dsl.safeio import read_bounded
    from interpreter.rules.statefile import StateError, read_json
    try:
        log = read_json(args.resume, "a game log", LIMITS.log_bytes, LIMITS.log_depth)
    except StateError as err:
        return fail(str(err))
    if not isinstance(log, dict):
        return fail(f"{args.resume}: not a game log (expected a JSON object)")
    cp = compiled(args.pack)  # the pack named on the command line: a log never chooses the code
    players = [p for p in log.get("players") or [] if isinstance(p, dict) and not p.get("free_city")]
    if args.players is not None and args.players != len(players):
        return fail(f"--players {args.players}, but the log has {len(players)} players")
    spec = args.bots or ",".join(str(p.get("bot", "greedy")) for p in players) or "greedy"
    lines = turn_lines(read_bounded(Path(args.resume), None, LIMITS.log_bytes))
    try:
        for warning in check_log(cp, log, lines, force=args.force):
            print(f"warning: {args.resume}: {warning}", file=sys.stderr)
        bots = make_bots(spec, len(players))
        game = resume(cp, log, bots, lines)
        print(f"resuming {args.resume}: {len(log.get('turns') or [])} logged turns, then {spec}",
              file=sys.stderr)
        scores = _play_or_keep(args, game)
        check_used(game, log, lines)
        for seat, bot in enumerate(game.bots[:len(players)]):
            finish = getattr(bot, "finish", None)
            if finish is not None:
                finish(game.observe(seat))
    except ResumeError as err:
        return fail(f"{args.resume}:{err.line}: {err}" if err.line else f"{args.resume}: {err}")
    except (ValueError, IllegalMove, GameOverflow, GameCapped) as err:
        return fail(f"{args.resume}: {err}")
    except EOFError:
        return fail("the input ended before the game did (the human player needs a terminal)")
    return _report(args, game, scores)


def _log_needed(args: argparse.Namespace, cp: CompiledPack) -> str:
    """Why this run needs the Python engine's game log: --log writes it, and the drafts and
    recruitments are printed from it ("" when neither applies)."""
    if args.log:
        return "the game log (--log) is written by the Python engine"
    if args.trace:
        return "the balances after each turn (--trace) are kept by the Python engine (the native core keeps no log)"
    if not args.json and args.core == "auto" and any(p.kind != "age" for p in cp.rules.phases):
        return "the drafts and recruitments are printed from the Python engine's game log"
    if not args.json and args.core == "auto" and cp.rules.seats_at(args.players):
        return "the turns of the seats no player owns are printed from the Python engine's game log"
    return ""


def _play_native(args: argparse.Namespace, cp: CompiledPack, wonders: list[str] | None,
                 names: list[str] | None) -> int:
    """The same game on the native core: the score pad (its drafts and recruitments are not
    printed: --core auto plays such a pack on Python unless --json)."""
    from ..native import start
    from interpreter.sim.native_records import scores_of, sides_of
    game = start(cp, args.seed, args.players, args.bots, args.sides, wonders)
    game.play()
    scores = scores_of(cp, game, names)
    if args.json:
        print_json(scores)
    else:
        bots = [b.name for b in make_bots(args.bots, args.players)]
        print_scorepad(scores, [(w, s, b) for (w, s), b in zip(sides_of(cp, game), bots)])
    return 0

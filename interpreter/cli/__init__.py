"""`wonders` command line: one module per command, each adding its sub-parser."""
from __future__ import annotations

import argparse
import sys
from importlib import import_module
from typing import Sequence

NO_PACKS = {"new", "schema", "doctor", "trust"}  # commands that read no pack (and so take no --allow-plugins)
COMMANDS = ("new", "validate", "explain", "packs", "cards", "play", "score", "price", "simulate", "compare", "tune", "budget",
            "serve", "print", "trust", "lsp",
            "schema", "docs", "doctor")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wonders", description="7 Wonders card packs: validate, explain, play, score, simulate.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = import_module(f"interpreter.cli.{name}_cmd")
        except ModuleNotFoundError as err:
            if err.name == f"interpreter.cli.{name}_cmd":
                continue
            raise
        module.register(sub)
    for name, command in sub.choices.items():
        if name not in NO_PACKS:
            command.add_argument(
                "--allow-plugins", action="store_true",
                help="run the Python plug-ins of the packs named (they run with your rights: "
                     "read them first; see docs/modding.md)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    from dsl.plugins import PluginFailure
    from dsl.safeio import printable
    from .common import CliError, set_allow_plugins
    set_allow_plugins(getattr(args, "allow_plugins", False))
    _Run.terminated = 0
    _handle_sigterm()
    try:
        status = int(args.func(args) or 0)
        if status == 130:  # stopped by Ctrl-C: a further Ctrl-C must not change the exit status
            _ignore_sigint()
            if _Run.terminated:
                status = 128 + _Run.terminated
        return status
    except CliError as err:
        print(f"error: {printable(err)}", file=sys.stderr)
        return 1
    except PluginFailure as err:
        print(f"error: {printable(err)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        _ignore_sigint()
        print("terminated" if _Run.terminated else "interrupted", file=sys.stderr)
        return 128 + _Run.terminated if _Run.terminated else 130
    except BrokenPipeError:
        return 0
    except OSError as err:  # a file we were told to read or write: say which and why
        where = f": {err.filename}" if err.filename else ""
        print(f"error: {printable(err.strerror or err)}{printable(where)}", file=sys.stderr)
        return 1


def console() -> None:
    """The `wonders` command: main(), then exit with its status."""
    _Run.console = True
    sys.exit(main())


class _Run:
    console = False  # running as the `wonders` command (not main() called from Python)
    terminated = 0  # the SIGTERM or SIGHUP that arrived: stopped as by Ctrl-C, exit status 128 + it


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP (the terminal closed), handled as Ctrl-C is (the finished games'
    statistics, reports marked interrupted, a game's log written), then exit status 143 (129)
    instead of 130."""


def _on_sigterm(signum: int, frame: object) -> None:
    _Run.terminated = _Run.terminated or signum
    raise Terminated()


def _handle_sigterm() -> None:
    """SIGTERM and SIGHUP stop the command as Ctrl-C does (for the command only; a program
    started with either ignored, as under nohup, keeps it ignored, as it keeps an ignored SIGINT)."""
    if not _Run.console:
        return
    import signal
    try:
        for sig in (signal.SIGTERM, getattr(signal, "SIGHUP", None)):
            if sig is not None and signal.getsignal(sig) is signal.SIG_DFL:
                signal.signal(sig, _on_sigterm)
    except ValueError:  # not the main thread
        pass


def _ignore_sigint() -> None:
    """After Ctrl-C stopped the command, a second Ctrl-C must not turn exit status 130 into a
    death by signal while the process exits (only for the command, not for main() in a test)."""
    if not _Run.console:
        return
    import signal
    try:
        for sig in (signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", None)):
            if sig is not None:
                signal.signal(sig, signal.SIG_IGN)
    except ValueError:  # not the main thread (main() called from a thread)
        pass


if __name__ == "__main__":
    console()

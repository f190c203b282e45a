"""`wonders` command line: one module per command, each adding its sub-parser."""
from __future__ import annotations

import argparse
import sys
from importlib import import_module
from typing import Sequence

NO_PACKS = {"new", "schema"}  # commands that read no pack (and so take no --allow-plugins)
COMMANDS = ("new", "validate", "explain", "cards", "play", "score", "price", "simulate", "compare",
            "schema", "docs")


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
    try:
        return int(args.func(args) or 0)
    except CliError as err:
        print(f"error: {printable(err)}", file=sys.stderr)
        return 1
    except PluginFailure as err:
        print(f"error: {printable(err)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as err:  # a file we were told to read or write: say which and why
        where = f": {err.filename}" if err.filename else ""
        print(f"error: {printable(err.strerror or err)}{printable(where)}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())

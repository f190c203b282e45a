"""`wonders` command line: one module per command, each adding its sub-parser."""
from __future__ import annotations

import argparse
import sys
from importlib import import_module
from typing import Sequence

COMMANDS = ("new", "validate", "explain", "packs", "cards", "play", "score", "price", "simulate", "compare",
            "serve", "print",
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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as err:  # a file we were told to read or write: say which and why
        where = f": {err.filename}" if err.filename else ""
        print(f"error: {err.strerror or err}{where}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())

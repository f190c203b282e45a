"""`wonders schema`: the JSON Schema of pack files, for editors (yaml-language-server)."""
from __future__ import annotations

import argparse
from pathlib import Path

from dsl.schema import schema_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("schema", help="print or write the pack JSON Schema",
                       description="Print the JSON Schema of pack files, or write it with --output, so "
                                   "editors can validate and complete packs.")
    p.add_argument("--output", "-o", metavar="FILE", help="write the schema to FILE")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    text = schema_json()
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
        print(f"schema written to {args.output}")
    else:
        print(text, end="")
    return 0

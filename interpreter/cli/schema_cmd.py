"""`wonders schema`: the JSON Schema of pack files, for editors (yaml-language-server)."""
from __future__ import annotations

import argparse

from dsl.schema import schema_json

from .common import emit


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("schema", help="print or write the pack JSON Schema",
                       description="Print the JSON Schema of pack files, or write it with --output, so "
                                   "editors can validate and complete packs.")
    p.add_argument("--output", "-o", metavar="FILE", help="write the schema to FILE")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    text = schema_json()
    return emit(text, args.output, "schema")

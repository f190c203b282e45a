"""Helpers shared by the commands: loading packs with diagnostics, JSON output."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from dsl.diagnostics import PackError
from dsl.loader import load_pack
from dsl.model import Pack


class CliError(Exception):
    """A user-facing failure: printed without a traceback, exit status 1."""


def load_or_report(ref: str) -> Pack:
    try:
        return load_pack(ref)
    except PackError as err:
        print(err.render(), file=sys.stderr)
        print(f"{len(err.diagnostics)} problem(s) in {ref}", file=sys.stderr)
        raise SystemExit(1) from None


def print_json(data: Any) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


def emit(text: str, output: str | None, what: str) -> int:
    """Print `text`, or write it to `output` and say so."""
    if output:
        Path(output).write_text(text, encoding="utf-8")
        print(f"{what} written to {output}")
    else:
        print(text, end="")
    return 0


def fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 1

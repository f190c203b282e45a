"""`wonders lsp`: the language server editors start (stdio): diagnostics as you type, hover,
completion, go to definition and formatting of card text (interpreter/lsp/; the `lsp` extra)."""
from __future__ import annotations

import argparse

from .common import allow_plugins, fail

INSTALL = ("wonders lsp needs pygls (the `lsp` extra): pip install 'wonders-dsl[lsp]', "
           "or pip install -e '.[lsp]' in a checkout")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("lsp", help="the language server for editors (stdio; see docs/editor.md)",
                       description="Run the language server for card packs on stdin/stdout: an "
                                   "editor starts it (docs/editor.md). Plug-ins run only as for "
                                   "validate: with --allow-plugins or when trusted.")
    p.add_argument("--stdio", action="store_true",
                   help="talk over stdin/stdout (the default and only transport; accepted "
                        "because editors pass it)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        import pygls  # noqa: F401
        import lsprotocol  # noqa: F401
    except ImportError:
        return fail(INSTALL)
    from interpreter.lsp.server import serve
    serve(allow_plugins=allow_plugins())
    return 0

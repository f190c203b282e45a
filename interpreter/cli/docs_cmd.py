"""`wonders docs`: the effect reference, generated from the registry."""
from __future__ import annotations

import argparse

from dsl.docgen import render

from .common import emit


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("docs", help="print or write the effect reference (docs/effects.md)",
                       description="The card-language reference, generated from the effect registry.")
    p.add_argument("--output", "-o", metavar="FILE", help="write it to FILE (e.g. docs/effects.md)")
    p.add_argument("--pack", help="also document the effect words this pack's plug-ins add and the words it defines")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    plugins, vocab = [], None
    if args.pack:
        from dsl.registry import PLUGINS
        from .common import load_or_report
        pack = load_or_report(args.pack)
        vocab = pack.rules.vocab
        plugins = [PLUGINS[w] for w in sorted(vocab.plugin_words)]
    from interpreter.rules.effects import handler_docs
    text = render(plugins, vocab, handler_docs())
    return emit(text, args.output, "effect reference")

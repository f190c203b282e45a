"""`wonders print`: every card at real size, 9 to a page with cut marks, and the wonder boards."""
from __future__ import annotations

import argparse

from .common import fail, load_or_report


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("print", help="print a pack's cards and boards for a paper playtest",
                       description="Cards at real size (59 x 91 mm), 9 to an A4 or Letter page with "
                                   "cut marks, as many copies as a table of --players needs (every "
                                   "guild once), then one page per wonder board. PDF needs the "
                                   "'print' extra: pip install 'wonders-dsl[print]'.")
    p.add_argument("pack", nargs="?", default="base", help="pack folder or shipped name (default: base)")
    p.add_argument("-o", "--output", metavar="FILE.pdf", help="write a PDF")
    p.add_argument("--svg", metavar="DIR", help="write one SVG per page into DIR")
    p.add_argument("--players", type=int, help="copies for this many players (default: the most the pack allows)")
    p.add_argument("--paper", default="a4", choices=["a4", "letter"], help="paper size (default: a4)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..printing.layout import board_pages, card_pages
    from ..printing.pdf import write_pdf, write_svgs

    if not args.output and not args.svg:
        return fail("say where to print: -o cards.pdf and/or --svg DIR")
    pack = load_or_report(args.pack)
    rules = pack.rules
    players = args.players or rules.max_players
    if not rules.min_players <= players <= rules.max_players:
        return fail(f"{pack.name} plays {rules.min_players} to {rules.max_players} players, not {players}")
    cards = card_pages(pack, players, args.paper)
    pages = cards + board_pages(pack, args.paper)
    if args.output:
        try:
            write_pdf(pages, args.output, f"{pack.name} for {players} players")
        except ModuleNotFoundError as err:
            return fail(f"PDF output needs the print extra ({err.name} is missing): "
                        "pip install 'wonders-dsl[print]' (or use --svg DIR)")
        print(f"{len(pages)} pages ({len(cards)} of cards, {len(pages) - len(cards)} of wonder boards) "
              f"written to {args.output}")
    if args.svg:
        written = write_svgs(pages, args.svg)
        print(f"{len(written)} SVG pages written to {args.svg}")
    return 0

"""`wonders print`: every card at real size, 9 to a page with cut marks, and the wonder boards;
or the same faces as pictures for online playtest tools (Tabletop Simulator, Screentop)."""
from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from dsl.model import Pack

from .common import CliError, check_writable, fail, load_or_report, write_atomic

EXTRA = "pip install 'wonders-dsl[print]'"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("print", help="print a pack's cards and boards for a paper or online playtest",
                       description="Cards at real size (59 x 91 mm), 9 to an A4 or Letter page with "
                                   "cut marks, as many copies as a table of --players needs (every "
                                   "guild once), then one page per wonder board. Or pictures for "
                                   "Tabletop Simulator and Screentop: --png, --sheet, --tts. PDF and "
                                   f"pictures need the 'print' extra: {EXTRA}.")
    p.add_argument("pack", nargs="?", default="base", help="pack folder or shipped name (default: base)")
    p.add_argument("-o", "--output", metavar="FILE.pdf", help="write a PDF")
    p.add_argument("--svg", metavar="DIR", help="write one SVG per page into DIR")
    p.add_argument("--png", metavar="DIR", help="write one PNG per card and per wonder board side into DIR")
    p.add_argument("--sheet", metavar="DIR", help="write deck sheets (10 x 7 cards, the back bottom right, "
                                                  "one per age) into DIR, as Tabletop Simulator's Custom Deck takes")
    p.add_argument("--tts", metavar="FILE.json", help="write a Tabletop Simulator saved object that loads "
                                                      "the sheets (written beside it unless --sheet DIR)")
    p.add_argument("--url-base", default="", metavar="URL",
                   help="where the sheets will be hosted, for --tts (default: the local files, file:///...)")
    p.add_argument("--dpi", type=int, default=300, help="resolution of --png and --sheet (default: 300)")
    p.add_argument("--players", type=int, help="copies for this many players (default: the most the pack allows)")
    p.add_argument("--paper", default="a4", choices=["a4", "letter"], help="paper size (default: a4)")
    p.set_defaults(func=run)


def folder(path: str, option: str) -> Path:
    """The folder `option` writes in, made if missing; a clear error when it cannot be."""
    out = Path(path)
    if out.exists() and not out.is_dir():
        raise CliError(f"{option}: {path} is a file; name a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise CliError(f"{option}: cannot make the folder {path}: {err.strerror or err}") from None
    if not os.access(out, os.W_OK | os.X_OK):
        raise CliError(f"{option}: cannot write in the folder {path} (permission denied)")
    return out


def run(args: argparse.Namespace) -> int:
    if not (args.output or args.svg or args.png or args.sheet or args.tts):
        return fail("say where to print: -o cards.pdf, --svg DIR, --png DIR, --sheet DIR or --tts FILE.json")
    if not 30 <= args.dpi <= 1200:
        return fail(f"--dpi: {args.dpi} is out of range (30 to 1200)")
    pack = load_or_report(args.pack)
    rules = pack.rules
    players = args.players or rules.max_players
    if not rules.min_players <= players <= rules.max_players:
        return fail(f"{pack.name} plays {rules.min_players} to {rules.max_players} players, not {players}")
    check_writable(args.output, "--output")
    if args.tts:
        folder(str(Path(args.tts).parent), "--tts")  # made if missing, as --png and --sheet are
        check_writable(args.tts, "--tts")
    if args.output or args.svg:
        paper(pack, players, args)
    if args.png or args.sheet or args.tts:
        try:
            import PIL  # noqa: F401
        except ModuleNotFoundError:
            return fail(f"--png, --sheet and --tts need the print extra (Pillow is missing): {EXTRA}")
        try:
            pictures(pack, players, args)
        except OSError as err:
            return fail(f"could not write a picture: {err.strerror or err}"
                        + (f" ({err.filename})" if getattr(err, "filename", None) else ""))
    return 0


def paper(pack: Pack, players: int, args: argparse.Namespace) -> None:
    """The PDF and the SVG pages."""
    from ..printing.layout import board_pages, card_pages, project_pages
    from ..printing.pdf import write_pdf, write_svgs

    cards = card_pages(pack, players, args.paper)
    projects = project_pages(pack, players, args.paper)
    pages = cards + projects + board_pages(pack, args.paper)
    if args.output:
        try:
            write_pdf(pages, args.output, f"{pack.name} for {players} players")
        except ModuleNotFoundError as err:
            raise CliError(f"PDF output needs the print extra ({err.name} is missing): "
                           f"{EXTRA} (or use --svg DIR)") from None
        of_projects = f"{len(projects)} of shared projects, " if projects else ""
        print(f"{len(pages)} pages ({len(cards)} of cards, {of_projects}"
              f"{len(pages) - len(cards) - len(projects)} of wonder boards) written to {args.output}")
    if args.svg:
        written = write_svgs(pages, str(folder(args.svg, "--svg")))
        print(f"{len(written)} SVG pages written to {args.svg}")


def pictures(pack: Pack, players: int, args: argparse.Namespace) -> None:
    """The PNGs, the deck sheets and the Tabletop Simulator saved object."""
    from ..printing.export import tts_object, write_pngs, write_sheets

    png = folder(args.png, "--png") if args.png else None
    sheet_dir = folder(args.sheet, "--sheet") if args.sheet else None
    if args.tts and sheet_dir is None:
        sheet_dir = Path(args.tts).parent if str(Path(args.tts).parent) else Path(".")
    if png:
        written = write_pngs(pack, png, args.dpi)
        print(f"{len(written)} PNG images (cards and board sides) written to {png}")
    if sheet_dir is not None:
        sheets = write_sheets(pack, sheet_dir, players, args.dpi)
        slots = sum(len(s.names) for s in sheets)
        print(f"{len(sheets)} deck sheets of 10 x 7 ({slots} cards for {players} players, the back "
              f"bottom right) written to {sheet_dir}:")
        for s in sheets:
            print(f"  {s.path.name}: {s.title}, {len(s.names)} cards, back {s.back.name}")
        if args.tts:
            data = tts_object(pack, sheets, args.url_base)
            write_atomic(args.tts, json.dumps(data, indent=2, ensure_ascii=True) + "\n")
            print(f"Tabletop Simulator saved object ({len(sheets)} decks) written to {args.tts}")

"""`wonders trust PACK`: remember consent to a pack's plug-ins as they are now (dsl/trust.py)."""
from __future__ import annotations

import argparse
import sys

from dsl.diagnostics import PackError
from dsl.loader import load_pack
from dsl.packref import resolve_pack
from dsl.safeio import printable
from dsl import trust

from .common import fail, report_pack_error


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("trust", help="trust a pack's plug-ins (Python code) as they are now",
                       description="Remember that you trust the plug-ins of a pack (and of the packs it "
                                   "extends) as their files are now: later commands naming the pack run "
                                   "them without --allow-plugins, until a file changes. Read them first: "
                                   "they run with your rights.")
    p.add_argument("pack", nargs="?", help="pack folder or shipped name")
    p.add_argument("--list", action="store_true", help="list the trusted packs")
    p.add_argument("--revoke", action="store_true", help="forget the trust in PACK")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        if args.list:
            packs = trust.listed()
            for folder, entry in sorted(packs.items()):
                print(f"{printable(folder)}: {', '.join(entry.get('files', []))} "
                      f"(words: {', '.join(entry.get('words', [])) or 'none'}; trusted {entry.get('trusted', '?')})")
            if not packs:
                print(f"no pack is trusted ({trust.trust_file()})")
            return 0
        if not args.pack:
            return fail("name a pack to trust (or --list)")
        folder, problem = resolve_pack(args.pack)
        if folder is None:
            return fail(problem or f"no pack '{args.pack}'")
        trust.listed()  # a record that cannot be read or kept: said before any code runs
        if args.revoke:
            gone = trust.revoke(folder)
            print(f"{printable(str(folder))}: " + ("no longer trusted" if gone else "was not trusted"))
            return 0
        try:
            pack = load_pack(args.pack, allow_plugins=True, trust=True)
        except PackError as err:
            report_pack_error(err, args.pack)
            return 1
    except trust.TrustError as err:
        return fail(str(err))
    now = pack.meta.get("trusted_now", [])
    for where, files, words in now:
        print(f"trusted {printable(where)}: {', '.join(files)} (words: {', '.join(words) or 'none'})")
    if not now:
        print(f"{printable(args.pack)}: " + ("its plug-ins were already trusted as they are"
                                              if pack.plugins else "has no plug-ins: nothing to trust"),
              file=sys.stderr)
    return 0

"""`wonders trust PACK`: remember consent to a pack's plug-ins as they are now (dsl/trust.py)."""
from __future__ import annotations

import argparse
import sys
from typing import Any

from dsl.packref import resolve_pack
from dsl.safeio import printable, read_bounded
from dsl import trust

from .common import fail


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("trust", help="trust a pack's plug-ins (Python code) as they are now",
                       description="Remember that you trust the plug-ins of a pack as the Python files "
                                   "of its folder are now (nothing is run here): later commands naming "
                                   "the pack run them without --allow-plugins, until a file changes. Read "
                                   "them first: they run with your rights.")
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
        modules, uses = _manifest_lists(folder)
        if not modules and not uses:
            print(f"{printable(args.pack)}: has no plug-ins: nothing to trust", file=sys.stderr)
            return 0
        words = trust.words_in(folder, modules) + list(uses)
        new = trust.record(folder, modules, words, uses)  # nothing of the pack is run here
    except trust.TrustError as err:
        return fail(str(err))
    _, files = trust.digest(folder, modules, uses)
    print(f"{'trusted' if new else 'already trusted'} {printable(str(folder))}: {', '.join(files)} "
          f"(words: {', '.join(words) or 'none'}); commands naming it run them until one changes "
          "(a pack it extends that has plug-ins is trusted on its own)")
    return 0


def _manifest_lists(folder: Any) -> tuple[list[str], list[str]]:
    """The manifest's `plugins:` and `uses:` lists, read as data (no plug-in is imported)."""
    from dsl.yamlsource import load_yaml
    try:
        doc = load_yaml(read_bounded(folder / "pack.yaml", folder), str(folder / "pack.yaml"))
    except Exception as err:  # noqa: BLE001 - a broken manifest: validate says where
        raise trust.TrustError(f"{folder / 'pack.yaml'}: cannot be read ({err}); run wonders validate") from None
    data = doc.data if isinstance(doc.data, dict) else {}
    lists = []
    for key in ("plugins", "uses"):
        v = data.get(key) or []
        lists.append([str(x) for x in (v if isinstance(v, list) else [v])])
    return lists[0], lists[1]

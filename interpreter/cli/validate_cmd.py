"""`wonders validate PACK...`: check packs and report every problem at once."""
from __future__ import annotations

import argparse
import sys

from dsl.diagnostics import PackError
from dsl.safeio import printable

from .common import load, print_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("validate", help="check packs: schema, card text, names, chains",
                       description="Validate packs (folders or shipped names). Exit 0 when all "
                                   "are valid; otherwise print every problem and exit 1.")
    p.add_argument("packs", nargs="+", metavar="PACK", help="pack folder or shipped pack name")
    p.add_argument("--json", action="store_true", help="print results as JSON")
    p.add_argument("--watch", action="store_true", help="re-validate whenever a file changes")
    p.set_defaults(func=run)


def check(refs: list[str], as_json: bool) -> int:
    status = 0
    results = []
    for ref in refs:
        try:
            pack = load(ref)
        except PackError as err:
            status = 1
            if as_json:
                results.append({"pack": ref, "valid": False,
                                "problems": [d.as_dict() for d in err.diagnostics]})
            else:
                print(err.render(), file=sys.stderr)
                print(f"{printable(ref)}: {len(err.diagnostics)} problem(s)", file=sys.stderr)
            continue
        ncards = sum(1 for c in pack.cards)
        warnings = pack.meta.get("warnings", [])
        assumed = list(pack.rules.assumed)
        if as_json:
            results.append({"pack": pack.name, "valid": True, "cards": ncards,
                            "wonders": len(pack.wonders), "warnings": warnings,
                            **({"projects": [{"name": p.name, "age": p.age}
                                             for p in pack.projects]} if pack.projects else {}),
                            **({"assumed": assumed} if assumed else {})})
        else:
            for w in warnings:
                print(f"{printable(ref)}: warning: {printable(w)}", file=sys.stderr)
            for a in assumed:  # what a pack that only changed `ages` was given
                print(f"{printable(ref)}: assumed: {printable(a)}", file=sys.stderr)
            note = f" ({len(warnings)} warning{'s' if len(warnings) != 1 else ''})" if warnings else ""
            projects = ""
            if pack.projects:  # shared projects: named, with their age
                projects = f", {len(pack.projects)} project{'s' if len(pack.projects) != 1 else ''} (" \
                    + ", ".join(f"{printable(p.name)}: age {p.age}" for p in pack.projects) + ")"
            print(f"{printable(ref)}: ok - pack '{pack.name}' {printable(pack.version)}: {ncards} cards, "
                  f"{len(pack.wonders)} wonders{projects}{note}")
    if as_json:
        print_json(results)
    return status


def run(args: argparse.Namespace) -> int:
    if args.watch:
        from .watch import watch
        return watch(args.packs, lambda: check(args.packs, args.json))
    return check(args.packs, args.json)

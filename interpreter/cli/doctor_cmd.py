"""`wonders doctor`: which engine plays the games (the native core or the Python reference) and
why, and which packs the native core can run."""
from __future__ import annotations

import argparse
import platform
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from dsl.packref import shipped_packs

from .common import print_json
from .packs import compiled


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("doctor", help="which core is active (native or Python) and why",
                       description="Say which engine plays games: the compiled native core or the "
                                   "Python reference engine, why, and which packs run natively.")
    p.add_argument("--pack", action="append", metavar="PACK",
                   help="check this pack too (default: the shipped packs)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=run)


def report(packs: list[str]) -> dict[str, Any]:
    from .. import native
    ok, why = native.status()
    try:
        installed = version("wonders-dsl")
    except PackageNotFoundError:
        installed = "not installed"
    rows = {}
    for ref in packs:
        missing = native.unsupported(compiled(ref))
        rows[ref] = {"native": ok and not missing,
                     "why": (missing or "every effect is native") if ok else why}
    return {"version": installed, "python": platform.python_version(),
            "core": "native" if ok else "python", "why": why,
            "native_kinds": sorted(native.NATIVE_KINDS), "native_phases": list(native.PHASE_KINDS),
            "packs": rows}


def run(args: argparse.Namespace) -> int:
    out = report(args.pack or sorted(shipped_packs()))
    if args.json:
        print_json(out)
        return 0
    print(f"wonders-dsl {out['version']} on Python {out['python']}")
    print(f"core: {out['core']} ({out['why']})")
    if out["core"] == "native":
        print(f"native effect kinds: {', '.join(out['native_kinds'])} (plug-in words: never)")
        print(f"native phase kinds: {', '.join(out['native_phases'])}")
    for ref, row in out["packs"].items():
        print(f"  {ref}: {'native' if row['native'] else 'python'} ({row['why']})")
    return 0

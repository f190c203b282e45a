"""Compiled packs for the CLI: load once (with diagnostics on failure), compile once."""
from __future__ import annotations

from functools import lru_cache

from interpreter.rules.compiled import CompiledPack, compile_pack
from .common import load_or_report


@lru_cache(maxsize=8)
def compiled(ref: str, named_by: str = "") -> CompiledPack:
    """The pack compiled once. `named_by`: the input file that named it (not the user): its
    plug-ins never run (interpreter/cli/common.py, load)."""
    return compile_pack(load_or_report(ref, named_by))

"""`--core auto|native|python`: which engine plays the games, decided in one place.

auto (the default) plays natively when the compiled core is built, every effect of the pack is
a native kind and every bot is random or greedy, and says why when it does not; native refuses
with a one-line error naming what it cannot run; python always uses the reference engine.
"""
from __future__ import annotations

import argparse
import sys

from interpreter.rules.compiled import CompiledPack
from .common import CliError

CORES = ("auto", "native", "python")


def add_core_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--core", default="auto", choices=CORES,
                   help="which engine plays: native (compiled, fast), python (the reference) or auto "
                        "(native when it can run the pack and bots; default)")


def why_not_native(cp: CompiledPack, bots: str, players: int, needs_log: str = "") -> str:
    """'' when the native core can play these games, else the reason in a few words."""
    from .. import native
    ok, why = native.status()
    if not ok:
        return why
    missing = native.unsupported(cp)
    if missing:
        return f"pack '{cp.pack.name}' uses {missing}, which the native core does not run"
    if native.policies(bots, players) is None:
        return "only the random and greedy bots play natively"
    cannot = native.undealable(cp, players)
    if cannot:
        return cannot
    return needs_log


def pick_core(core: str, cp: CompiledPack, bots: str, players: int, needs_log: str = "") -> tuple[str, str]:
    """("native" or "python", why); --core native that cannot run raises CliError (exit 1).
    needs_log: why the caller needs the Python engine's game log ("" when it does not)."""
    if core == "python":
        return "python", "--core python"
    why = why_not_native(cp, bots, players, needs_log)
    if not why:
        return "native", "every effect of the pack is native"
    if core == "native":
        raise CliError(f"--core native: {why}")
    return "python", why


def core_line(core: str, why: str) -> str:
    """Which engine played, and why when it is not the native one."""
    return f"core: {core}" + (f" ({why})" if core == "python" else "")


def say_core(core: str, why: str) -> None:
    """One line on stderr: which engine played, and why when it is not the native one."""
    print(core_line(core, why), file=sys.stderr)

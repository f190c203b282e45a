"""Find a pack folder from what a user typed: a path, or the name of a shipped pack."""
from __future__ import annotations

import difflib
from importlib.resources import files
from pathlib import Path


def shipped_packs() -> dict[str, Path]:
    """Packs shipped in the `cards` data package, by folder name."""
    root = Path(str(files("cards")))
    return {p.name: p for p in sorted(root.iterdir()) if (p / "pack.yaml").is_file()}


def resolve_pack(ref: str, base: Path | None = None) -> tuple[Path | None, str]:
    """(folder, "") when found, else (None, a message saying what is wrong)."""
    candidates = [Path(ref)] if base is None else [base / ref, Path(ref)]
    for c in candidates:
        if c.is_dir():
            if (c / "pack.yaml").is_file():
                return c.resolve(), ""
            return None, f"'{ref}' is a folder without a pack.yaml"
    shipped = shipped_packs()
    if ref in shipped:
        return shipped[ref].resolve(), ""
    if Path(ref).name == "pack.yaml" and Path(ref).is_file():
        return Path(ref).parent.resolve(), ""
    return None, _not_found(ref, shipped)


def resolve_extends(ref: str, base: Path, root: Path) -> tuple[Path | None, str]:
    """The pack an `extends:` entry names: a shipped pack's name, or a relative path from the
    extending pack's folder that stays inside `root` (the folder holding the pack the user
    named). Absolute paths, and paths that climb out of `root`, are refused."""
    if not ref or "\0" in ref:
        return None, "an empty or invalid pack reference"
    if Path(ref).is_absolute() or ref.startswith("~"):
        return None, (f"'{ref}' is an absolute path; name a shipped pack or a folder relative to "
                      "this pack's folder")
    candidate = base / ref
    if candidate.is_dir():
        real = candidate.resolve()
        try:
            real.relative_to(root)
        except ValueError:
            return None, (f"'{ref}' leaves the folder packs may be taken from ({root}); "
                          "copy the pack next to this one")
        if (real / "pack.yaml").is_file():
            return real, ""
        return None, f"'{ref}' is a folder without a pack.yaml"
    shipped = shipped_packs()
    if ref in shipped:
        return shipped[ref].resolve(), ""
    return None, _not_found(ref, shipped)


def _not_found(ref: str, shipped: dict[str, Path]) -> str:
    close = difflib.get_close_matches(ref, list(shipped), n=1, cutoff=0.6)
    hint = f"; did you mean '{close[0]}'?" if close else ""
    return (f"no pack folder or shipped pack named '{ref}' "
            f"(shipped packs: {', '.join(shipped) or 'none'}){hint}")

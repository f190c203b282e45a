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
    close = difflib.get_close_matches(ref, list(shipped), n=1, cutoff=0.6)
    hint = f"; did you mean '{close[0]}'?" if close else ""
    return None, (f"no pack folder or shipped pack named '{ref}' "
                  f"(shipped packs: {', '.join(shipped) or 'none'}){hint}")

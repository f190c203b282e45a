"""Re-run a check whenever a pack file changes (polling: no extra dependency needed)."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

from dsl.packref import resolve_pack


def _stamp(p: Path) -> tuple[int, int]:
    st = p.stat()
    return st.st_mtime_ns, st.st_size


def _snapshot(refs: list[str]) -> dict[str, tuple[int, int]]:
    """Modification time and size of every pack file (.yaml, .yml, .py) of the packs."""
    out: dict[str, tuple[int, int]] = {}
    for ref in refs:
        folder, _ = resolve_pack(ref)
        if folder is None:
            p = Path(ref)
            if p.exists():
                out[str(p)] = _stamp(p)
            continue
        for f in sorted(folder.iterdir()):
            if f.suffix in (".yaml", ".yml", ".py") and f.is_file():
                out[str(f)] = _stamp(f)
    return out


def watch(refs: list[str], check: Callable[[], int], interval: float = 0.5,
          max_checks: int | None = None) -> int:
    """Check now and after every change, until Ctrl-C (or `max_checks`, for tests)."""
    seen = _snapshot(refs)  # before checking: a file saved while the check runs is seen next time
    status = check()
    done = 1
    print(f"watching {', '.join(refs)} (Ctrl-C to stop)", flush=True)
    try:
        while max_checks is None or done < max_checks:
            time.sleep(interval)
            now = _snapshot(refs)
            if now != seen:
                seen = now
                print(f"\n--- {time.strftime('%H:%M:%S')} change detected, validating again ---", flush=True)
                status = check()
                done += 1
    except KeyboardInterrupt:
        pass
    return status

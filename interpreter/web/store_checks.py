"""The tables file's checks (interpreter/web/store.py): whether a file is this program's,
whether a failed write may succeed if tried again, and the saved values' types."""
from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

APP = "wonders-tables"  # meta 'app': what marks a file as this program's
NOT_SAVED = "not saved: "  # the start of every StoreError's message (the routes answer 503)


class StoreError(Exception):
    """A write that could not be made (after the tries); the message says why, for players."""


class NotOurs(Exception):
    """The file is not a tables file of this program; the message says what it is."""


def transient(err: BaseException) -> str:
    """Why a write may succeed if tried again ("" when it would not)."""
    code = getattr(err, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    text = str(err).lower()
    if primary in (5, 6) or "locked" in text or "busy" in text:  # SQLITE_BUSY, SQLITE_LOCKED
        return "the tables file is locked by another program"
    if primary == 13 or "full" in text or getattr(err, "errno", None) == 28:  # SQLITE_FULL, ENOSPC
        return "the disk holding the tables file is full"
    return ""


def check_ours(db: sqlite3.Connection, path: Path, ours: frozenset[str]) -> None:
    """NotOurs unless the file at `path` (open in `db`) holds only tables of `ours`, its meta
    table (if any) marked as this program's."""
    try:
        names = {n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                 if not n.startswith("sqlite_")}
    except sqlite3.DatabaseError as err:
        raise NotOurs(f"{path} is not a SQLite database ({err})") from None
    others = sorted(names - ours)
    if others:
        raise NotOurs(f"{path} is another program's database (it holds the tables "
                      f"{', '.join(others[:5])}); give --db a file of its own")
    if "meta" in names:
        try:
            row = db.execute("SELECT value FROM meta WHERE key = 'app'").fetchone()
        except sqlite3.DatabaseError:
            raise NotOurs(f"{path} has a 'meta' table this program did not make; "
                          "give --db a file of its own") from None
        if row is not None and row[0] != APP:
            raise NotOurs(f"{path} belongs to '{row[0]}', not to wonders; give --db a file of its own")


def as_whole(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"{v!r:.30} is not a whole number")
    return v


def as_text(v: Any) -> str:
    if not isinstance(v, str):
        raise ValueError(f"{v!r:.30} is not text")
    return v

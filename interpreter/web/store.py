"""Browser games saved as they go, in SQLite (Python's own sqlite3: a file, no server): a
stopped `wonders serve` starts again with every table where it was.

Shared tables (several players, tables.py) are stored the same way: the table's seats
(human or bot, names, link tokens), seed and sides, each played turn's human answers, the
picks of the turn being decided, and the log once the game is over.

What is stored is what cannot be derived: each table's session, seed, player count, bots and
sides, and the moves its player posted, in order. The engine is deterministic (the same pack,
seed and bots give the same game), so replaying the posted moves rebuilds the table exactly,
bots' moves and all; a move the rules now refuse (the pack changed) ends the replay there.

Faults: every write is one transaction (a turn's record and the clearing of its picks
together), tried again with back-off while the file is locked by another program or the disk
is full; then StoreError, whose message the pages show, and nothing of it is kept in memory
either (the caller changes its state only once the write is done). A row this version cannot
read is skipped with a warning naming it; a file that is not this program's is refused.
"""
from __future__ import annotations

import json
import os
import re
import secrets
import sqlite3
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from .store_checks import (APP, NOT_SAVED, NotOurs, StoreError, as_text, as_whole,  # noqa: F401
                           check_ours, transient)

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
  sid TEXT PRIMARY KEY, pack TEXT NOT NULL, players INTEGER NOT NULL, seed INTEGER NOT NULL,
  bots TEXT NOT NULL, sides TEXT NOT NULL, created REAL NOT NULL DEFAULT (julianday('now')));
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS moves (
  sid TEXT NOT NULL REFERENCES tables(sid) ON DELETE CASCADE, n INTEGER NOT NULL, code TEXT NOT NULL,
  PRIMARY KEY (sid, n));
CREATE TABLE IF NOT EXISTS shared (
  tid TEXT PRIMARY KEY, host TEXT NOT NULL, pack TEXT NOT NULL, seed INTEGER NOT NULL,
  sides TEXT NOT NULL, seats TEXT NOT NULL, watch TEXT NOT NULL, log TEXT,
  created REAL NOT NULL DEFAULT (julianday('now')));
CREATE TABLE IF NOT EXISTS shared_turns (
  tid TEXT NOT NULL REFERENCES shared(tid) ON DELETE CASCADE, n INTEGER NOT NULL, answers TEXT NOT NULL,
  PRIMARY KEY (tid, n));
CREATE TABLE IF NOT EXISTS shared_picks (
  tid TEXT NOT NULL REFERENCES shared(tid) ON DELETE CASCADE, seat INTEGER NOT NULL, code TEXT NOT NULL,
  PRIMARY KEY (tid, seat));
CREATE TABLE IF NOT EXISTS shared_chat (
  tid TEXT NOT NULL REFERENCES shared(tid) ON DELETE CASCADE, n INTEGER NOT NULL, seat INTEGER NOT NULL,
  text TEXT NOT NULL, PRIMARY KEY (tid, n));
"""
# Columns added to `shared` since its first version (added to an older file when it is opened):
# when the table finished or was closed (unix seconds; NULL while in play), whether its host
# closed it, and the table its rematch is played at.
SHARED_ADDED = (("finished", "REAL"), ("closed", "INTEGER NOT NULL DEFAULT 0"), ("rematch", "TEXT"))
OURS = frozenset(re.findall(r"CREATE TABLE IF NOT EXISTS (\w+)", SCHEMA))  # the tables SCHEMA makes
BACKOFF = (0.05, 0.1, 0.2, 0.4, 0.8)  # seconds between tries of a write, ~1.5 s in all
BUSY_MS = 200  # how long SQLite itself waits on another program's lock, per try
MIN_TOKEN = 16  # a saved link token shorter than this (or empty) is replaced

# a fault hook for tests: called with the name of each point of a write ("begin", "written",
# "committed"); it may raise (an error SQLite would give) or kill the process
FAULT: Callable[[str], None] | None = None


def default_path() -> Path:
    """$WONDERS_DB, else $XDG_DATA_HOME/wonders/tables.sqlite (~/.local/share/...)."""
    if os.environ.get("WONDERS_DB"):
        return Path(os.environ["WONDERS_DB"])
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "wonders" / "tables.sqlite"


@dataclass(frozen=True)
class SavedTable:
    sid: str
    pack: str
    players: int
    seed: int
    bots: str
    sides: str
    codes: tuple[str, ...]


@dataclass(frozen=True)
class SavedShared:
    """A shared table: its seats (kind, name, token) as JSON, each played turn's human
    answers, the picks of the turn being decided (and its mid-turn answers so far, in order,
    as (seat, code)), and the final log once it is over."""

    tid: str
    host: str
    seed: int
    sides: str
    seats: list[dict[str, str]]
    watch: str
    turns: list[dict[str, Any]]
    picks: dict[int, str]
    log: dict[str, Any] | None
    finished: float | None = None
    closed: bool = False
    rematch: str = ""
    chat: tuple[tuple[int, str], ...] = ()
    mid: tuple[tuple[int, str], ...] = ()


class TableStore:
    """One SQLite file of tables; safe to call from the server's threads (one connection,
    one lock; every write is one transaction, tried again while the file is busy or full)."""

    def __init__(self, path: str | Path, warn: Callable[[str], None] | None = None):
        self.path = Path(path)
        self.warn = warn or (lambda text: print(f"warning: {text}", file=sys.stderr, flush=True))
        self.warnings: list[str] = []  # rows skipped at the last reading, named
        self.problem = ""  # the last write's trouble, or the file's loss; "" when every write worked
        self.lost = False  # the file was deleted or replaced while the server ran
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fresh = not self.path.exists() or self.path.stat().st_size == 0
        self.db = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None,
                                  timeout=BUSY_MS / 1000)
        try:
            if not fresh:
                check_ours(self.db, self.path, OURS)
            self.db.execute("PRAGMA foreign_keys = ON")
            self.db.execute("PRAGMA journal_mode = WAL")
            self.db.executescript(SCHEMA)
            self.db.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('app', ?)", (APP,))
        except BaseException:
            self.db.close()
            raise
        self.inode = self._inode()
        self.lock = threading.Lock()
        self._migrate()

    def _migrate(self) -> None:
        """Add the columns an older file lacks; its finished games count as finished now (so
        they leave the cap at once and expire after the usual time)."""
        with self.lock, self.db:
            have = {row[1] for row in self.db.execute("PRAGMA table_info(shared)")}
            for name, decl in SHARED_ADDED:
                if name not in have:
                    self.db.execute(f"ALTER TABLE shared ADD COLUMN {name} {decl}")
            self.db.execute("UPDATE shared SET finished = CAST(strftime('%s', 'now') AS REAL) "
                            "WHERE finished IS NULL AND log IS NOT NULL")

    # -- the file --------------------------------------------------------------------------
    def _inode(self) -> tuple[int, int] | None:
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return st.st_dev, st.st_ino

    def _still_there(self) -> None:
        """Say once (a log line, and `problem` for the pages) when the file was deleted or
        replaced while the server ran: what is written from then on goes nowhere lasting."""
        if self.lost or self._inode() == self.inode:
            return
        self.lost = True
        self.problem = (f"the tables file {self.path} was deleted while the server ran: the tables "
                        "go on in memory only and are lost when the server stops")
        self.warn(self.problem)

    def _write(self, what: str, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        """One transaction, tried again with back-off while the file is busy or the disk
        full; StoreError when it still fails (nothing of it written)."""
        why = ""
        with self.lock:
            self._still_there()
            for pause in (*BACKOFF, None):
                try:
                    self._fault("begin")
                    self.db.execute("BEGIN IMMEDIATE")
                    try:
                        out = fn(self.db)
                        self._fault("written")
                        self.db.execute("COMMIT")
                    except BaseException:
                        if self.db.in_transaction:
                            self.db.execute("ROLLBACK")
                        raise
                    self._fault("committed")
                    if not self.lost:
                        self.problem = ""
                    return out
                except (sqlite3.Error, OSError) as err:
                    why = transient(err)
                    if not why:
                        why = f"the tables file cannot be written ({err})"
                        break
                    if pause is not None:
                        time.sleep(pause)
        self.problem = f"{why}: {what} is not taken; try again in a moment"
        self.warn(f"{self.path}: could not save {what}: {why}")
        raise StoreError(f"{NOT_SAVED}{self.problem}")

    @staticmethod
    def _fault(point: str) -> None:
        if FAULT is not None:
            FAULT(point)

    # -- games against bots ----------------------------------------------------------------
    def open_table(self, sid: str, pack: str, players: int, seed: int, bots: str, sides: str) -> None:
        """A new game in this session (a former one's moves are dropped)."""
        def go(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM moves WHERE sid = ?", (sid,))
            db.execute("INSERT OR REPLACE INTO tables (sid, pack, players, seed, bots, sides) "
                       "VALUES (?, ?, ?, ?, ?, ?)", (sid, pack, players, seed, bots, sides))
        self._write("the new game", go)

    def played(self, sid: str, code: str) -> None:
        def go(db: sqlite3.Connection) -> None:
            (n,) = db.execute("SELECT COUNT(*) FROM moves WHERE sid = ?", (sid,)).fetchone()
            db.execute("INSERT INTO moves (sid, n, code) VALUES (?, ?, ?)", (sid, n, code))
        self._write("your move", go)

    def drop(self, sid: str) -> None:
        self._write("the closing of a game", lambda db: db.execute("DELETE FROM tables WHERE sid = ?", (sid,)))

    def tables(self, pack: str) -> list[SavedTable]:
        """The saved tables of this pack, oldest first, with their moves in order (a row this
        version cannot read is skipped, and named in `warnings`)."""
        out = []
        with self.lock:
            rows = self.db.execute("SELECT sid, pack, players, seed, bots, sides FROM tables WHERE pack = ? "
                                   "ORDER BY created, sid", (pack,)).fetchall()
            for row in rows:
                try:
                    sid, pk, players, seed, bots, sides = row
                    codes = tuple(str(c) for (c,) in self.db.execute(
                        "SELECT code FROM moves WHERE sid = ? ORDER BY n", (sid,)))
                    out.append(SavedTable(str(sid), str(pk), as_whole(players), as_whole(seed), as_text(bots),
                                          as_text(sides), codes))
                except (TypeError, ValueError) as err:
                    self.skip(f"game {str(row[0])[:12]!r}", err)
        return out

    # -- shared tables ---------------------------------------------------------------------
    def open_shared(self, tid: str, host: str, pack: str, seed: int, sides: str,
                    seats: list[dict[str, str]], watch: str) -> None:
        self._write("the new table", lambda db: db.execute(
            "INSERT INTO shared (tid, host, pack, seed, sides, seats, watch) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (tid, host, pack, seed, sides, json.dumps(seats), watch)))

    def shared_turn(self, tid: str, answers: dict[str, Any]) -> None:
        """A turn played: its human answers (picks and mid-turn answers), in order, and the
        end of that turn's picks, in one transaction."""
        def go(db: sqlite3.Connection) -> None:
            (n,) = db.execute("SELECT COUNT(*) FROM shared_turns WHERE tid = ?", (tid,)).fetchone()
            db.execute("INSERT INTO shared_turns (tid, n, answers) VALUES (?, ?, ?)", (tid, n, json.dumps(answers)))
            db.execute("DELETE FROM shared_picks WHERE tid = ?", (tid,))
        self._write("your pick (the last of the turn)", go)

    def shared_pick(self, tid: str, seat: int, code: str | None) -> None:
        """A pick made (or taken back, None) in the turn being decided."""
        def go(db: sqlite3.Connection) -> None:
            if code is None:
                db.execute("DELETE FROM shared_picks WHERE tid = ? AND seat = ?", (tid, seat))
            else:
                db.execute("INSERT OR REPLACE INTO shared_picks (tid, seat, code) VALUES (?, ?, ?)",
                           (tid, seat, code))
        self._write("your pick", go)

    def shared_mid(self, tid: str, index: int, seat: int, code: str) -> None:
        """The `index`-th answer to a question in the middle of the turn being decided (kept
        with the picks, at seat -1 - index, until the turn is played)."""
        self._write("your answer", lambda db: db.execute(
            "INSERT OR REPLACE INTO shared_picks (tid, seat, code) VALUES (?, ?, ?)",
            (tid, -1 - index, f"{seat}|{code}")))

    def shared_over(self, tid: str, log: dict[str, Any], when: float | None = None) -> None:
        """The finished game's log, kept with the table (finished `when`, unix seconds, else
        now: it leaves the caps)."""
        self._write("the game's log", lambda db: db.execute(
            "UPDATE shared SET log = ?, finished = COALESCE(finished, ?) WHERE tid = ?",
            (json.dumps(log), time.time() if when is None else when, tid)))

    def shared_closed(self, tid: str, when: float) -> None:
        """The host closed the table: kept (archived) until it expires, no longer played."""
        self._write("the closing of the table", lambda db: db.execute(
            "UPDATE shared SET closed = 1, finished = COALESCE(finished, ?) WHERE tid = ?", (when, tid)))

    def shared_rematch(self, tid: str, new: str) -> None:
        self._write("the rematch", lambda db: db.execute("UPDATE shared SET rematch = ? WHERE tid = ?", (new, tid)))

    def shared_said(self, tid: str, seat: int, text: str, keep: int) -> None:
        """A chat line; only the last `keep` lines of a table are kept."""
        def go(db: sqlite3.Connection) -> None:
            (n,) = db.execute("SELECT COALESCE(MAX(n) + 1, 0) FROM shared_chat WHERE tid = ?", (tid,)).fetchone()
            db.execute("INSERT INTO shared_chat (tid, n, seat, text) VALUES (?, ?, ?, ?)", (tid, n, seat, text))
            db.execute("DELETE FROM shared_chat WHERE tid = ? AND n <= ?", (tid, n - keep))
        self._write("your message", go)

    def drop_shared(self, tid: str) -> None:
        self._write("the closing of the table", lambda db: db.execute("DELETE FROM shared WHERE tid = ?", (tid,)))

    def shared_tables(self, pack: str) -> list[SavedShared]:
        """The shared tables of this pack, oldest first (a row this version cannot read is
        skipped, and named in `warnings`)."""
        out = []
        with self.lock:
            rows = self.db.execute("SELECT tid, host, seed, sides, seats, watch, log, finished, closed, "
                                   "rematch FROM shared WHERE pack = ? ORDER BY created, tid", (pack,)).fetchall()
            for row in rows:
                try:
                    out.append(self._shared(*row))
                except (TypeError, ValueError, KeyError, AttributeError, RecursionError) as err:
                    self.skip(f"table {str(row[0])[:12]!r}", err)
        return out

    def _shared(self, tid: Any, host: Any, seed: Any, sides: Any, seats: Any, watch: Any,
                log: Any, finished: Any, closed: Any, rematch: Any) -> SavedShared:
        turns = [json.loads(a) for (a,) in self.db.execute(
            "SELECT answers FROM shared_turns WHERE tid = ? ORDER BY n", (tid,))]
        if not all(isinstance(t, dict) for t in turns):
            raise ValueError("a saved turn is not a record of answers")
        picks: dict[int, str] = {}
        mid: list[tuple[int, str]] = []
        for s, c in self.db.execute("SELECT seat, code FROM shared_picks WHERE tid = ? ORDER BY seat DESC", (tid,)):
            if int(s) >= 0:
                picks[int(s)] = as_text(c)
            else:
                who, _, code = as_text(c).partition("|")
                mid.append((int(who), code))
        seat_rows = json.loads(seats)
        if not isinstance(seat_rows, list) or not all(isinstance(s, dict) for s in seat_rows):
            raise ValueError("its seats are not a list of seats")
        final = json.loads(log) if log else None
        if final is not None and not isinstance(final, dict):
            raise ValueError("its log is not a game log")
        chat = tuple((int(s), str(t)) for s, t in self.db.execute(
            "SELECT seat, text FROM shared_chat WHERE tid = ? ORDER BY n", (tid,)))
        if finished is not None and not isinstance(finished, (int, float)):
            raise ValueError("its end time is not a number")
        return SavedShared(as_text(tid), as_text(host), as_whole(seed), as_text(sides), seat_rows, as_text(watch),
                           turns, picks, final, finished, bool(closed), str(rematch or ""), chat, tuple(mid))

    def skip(self, what: str, err: BaseException) -> None:
        """A row this version cannot read: left in the file, named in a warning."""
        text = f"{self.path}: {what} skipped: this version cannot read it ({type(err).__name__}: {str(err)[:80]})"
        self.warnings.append(text)
        self.warn(text)

    # -- the server's token ----------------------------------------------------------------
    def token(self, key: str = "token", size: int = 24) -> str:
        """A secret of the server kept with its tables so its links still work after a
        restart: the link token ('token'), the host's link ('host'). An empty or short saved
        one is replaced: it must never admit anyone."""
        with self.lock:
            row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        if row and isinstance(row[0], str) and len(row[0]) >= MIN_TOKEN:
            return row[0]
        token = secrets.token_urlsafe(size)
        try:
            self._write("the link's token", lambda db: db.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, token)))
        except StoreError:
            pass  # served this time; the printed link changes at the next start
        return token

    def adopt(self, host: str) -> None:
        """Once per file: every shared table made before the host had a link of its own (it
        belonged to a browser session) becomes this host's."""
        def go(db: sqlite3.Connection) -> None:
            if db.execute("SELECT 1 FROM meta WHERE key = 'adopted'").fetchone() is None:
                db.execute("UPDATE shared SET host = ? WHERE host <> ?", (host, host))
                db.execute("INSERT INTO meta (key, value) VALUES ('adopted', ?)", (host,))
        try:
            self._write("the host's tables", go)
        except StoreError:
            pass  # adopted at the next start

    def close(self) -> None:
        with self.lock:
            self.db.close()

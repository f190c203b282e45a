"""Browser games saved as they go, in SQLite (Python's own sqlite3: a file, no server): a
stopped `wonders serve` starts again with every table where it was.

Shared tables (several players, tables.py) are stored the same way: the table's seats
(human or bot, names, link tokens), seed and sides, each played turn's human answers, the
picks of the turn being decided, and the log once the game is over.

What is stored is what cannot be derived: each table's session, seed, player count, bots and
sides, and the moves its player posted, in order. The engine is deterministic (the same pack,
seed and bots give the same game), so replaying the posted moves rebuilds the table exactly,
bots' moves and all; a move the rules now refuse (the pack changed) ends the replay there.
"""
from __future__ import annotations

import os
import secrets
import sqlite3
import threading
import time
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
    answers, the picks of the turn being decided, and the final log once it is over."""

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


class TableStore:
    """One SQLite file of tables; safe to call from the server's threads (one connection,
    one lock; every write is its own transaction, so a kill loses at most the move in flight)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA foreign_keys = ON")
        self.db.execute("PRAGMA journal_mode = WAL")
        self.db.executescript(SCHEMA)
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

    def open_table(self, sid: str, pack: str, players: int, seed: int, bots: str, sides: str) -> None:
        """A new game in this session (a former one's moves are dropped)."""
        with self.lock, self.db:
            self.db.execute("DELETE FROM moves WHERE sid = ?", (sid,))
            self.db.execute("INSERT OR REPLACE INTO tables (sid, pack, players, seed, bots, sides) "
                            "VALUES (?, ?, ?, ?, ?, ?)", (sid, pack, players, seed, bots, sides))

    def played(self, sid: str, code: str) -> None:
        with self.lock, self.db:
            (n,) = self.db.execute("SELECT COUNT(*) FROM moves WHERE sid = ?", (sid,)).fetchone()
            self.db.execute("INSERT INTO moves (sid, n, code) VALUES (?, ?, ?)", (sid, n, code))

    def drop(self, sid: str) -> None:
        with self.lock, self.db:
            self.db.execute("DELETE FROM tables WHERE sid = ?", (sid,))

    def tables(self, pack: str) -> list[SavedTable]:
        """The saved tables of this pack, oldest first, with their moves in order."""
        with self.lock:
            rows = self.db.execute("SELECT sid, pack, players, seed, bots, sides FROM tables WHERE pack = ? "
                                   "ORDER BY created, sid", (pack,)).fetchall()
            out = []
            for sid, pk, players, seed, bots, sides in rows:
                codes = tuple(c for (c,) in self.db.execute(
                    "SELECT code FROM moves WHERE sid = ? ORDER BY n", (sid,)))
                out.append(SavedTable(sid, pk, players, seed, bots, sides, codes))
            return out

    def open_shared(self, tid: str, host: str, pack: str, seed: int, sides: str,
                    seats: list[dict[str, str]], watch: str) -> None:
        with self.lock, self.db:
            self.db.execute("INSERT INTO shared (tid, host, pack, seed, sides, seats, watch) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?)",
                            (tid, host, pack, seed, sides, json.dumps(seats), watch))

    def shared_turn(self, tid: str, answers: dict[str, Any]) -> None:
        """A turn played: its human answers, in order; the picks of that turn are done."""
        with self.lock, self.db:
            (n,) = self.db.execute("SELECT COUNT(*) FROM shared_turns WHERE tid = ?", (tid,)).fetchone()
            self.db.execute("INSERT INTO shared_turns (tid, n, answers) VALUES (?, ?, ?)",
                            (tid, n, json.dumps(answers)))
            self.db.execute("DELETE FROM shared_picks WHERE tid = ?", (tid,))

    def shared_pick(self, tid: str, seat: int, code: str | None) -> None:
        """A pick made (or taken back, None) in the turn being decided."""
        with self.lock, self.db:
            if code is None:
                self.db.execute("DELETE FROM shared_picks WHERE tid = ? AND seat = ?", (tid, seat))
            else:
                self.db.execute("INSERT OR REPLACE INTO shared_picks (tid, seat, code) VALUES (?, ?, ?)",
                                (tid, seat, code))

    def shared_over(self, tid: str, log: dict[str, Any], when: float | None = None) -> None:
        """The finished game's log, kept with the table (finished `when`, unix seconds, else
        now: it leaves the caps)."""
        with self.lock, self.db:
            self.db.execute("UPDATE shared SET log = ?, finished = COALESCE(finished, ?) WHERE tid = ?",
                            (json.dumps(log), time.time() if when is None else when, tid))

    def shared_closed(self, tid: str, when: float) -> None:
        """The host closed the table: kept (archived) until it expires, no longer played."""
        with self.lock, self.db:
            self.db.execute("UPDATE shared SET closed = 1, finished = COALESCE(finished, ?) WHERE tid = ?",
                            (when, tid))

    def shared_rematch(self, tid: str, new: str) -> None:
        with self.lock, self.db:
            self.db.execute("UPDATE shared SET rematch = ? WHERE tid = ?", (new, tid))

    def shared_said(self, tid: str, seat: int, text: str, keep: int) -> None:
        """A chat line; only the last `keep` lines of a table are kept."""
        with self.lock, self.db:
            (n,) = self.db.execute("SELECT COALESCE(MAX(n) + 1, 0) FROM shared_chat WHERE tid = ?",
                                   (tid,)).fetchone()
            self.db.execute("INSERT INTO shared_chat (tid, n, seat, text) VALUES (?, ?, ?, ?)", (tid, n, seat, text))
            self.db.execute("DELETE FROM shared_chat WHERE tid = ? AND n <= ?", (tid, n - keep))

    def drop_shared(self, tid: str) -> None:
        with self.lock, self.db:
            self.db.execute("DELETE FROM shared WHERE tid = ?", (tid,))

    def shared_tables(self, pack: str) -> list[SavedShared]:
        """The shared tables of this pack, oldest first."""
        with self.lock:
            rows = self.db.execute("SELECT tid, host, seed, sides, seats, watch, log, finished, closed, "
                                   "rematch FROM shared WHERE pack = ? ORDER BY created, tid", (pack,)).fetchall()
            out = []
            for tid, host, seed, sides, seats, watch, log, finished, closed, rematch in rows:
                turns = [json.loads(a) for (a,) in self.db.execute(
                    "SELECT answers FROM shared_turns WHERE tid = ? ORDER BY n", (tid,))]
                picks = {int(s): str(c) for s, c in self.db.execute(
                    "SELECT seat, code FROM shared_picks WHERE tid = ?", (tid,))}
                chat = tuple((int(s), str(t)) for s, t in self.db.execute(
                    "SELECT seat, text FROM shared_chat WHERE tid = ? ORDER BY n", (tid,)))
                out.append(SavedShared(tid, host, seed, sides, json.loads(seats), watch, turns, picks,
                                       json.loads(log) if log else None, finished, bool(closed),
                                       rematch or "", chat))
            return out

    def token(self, key: str = "token", size: int = 24) -> str:
        """A secret of the server kept with its tables so its links still work after a
        restart: the link token ('token'), the host's link ('host')."""
        with self.lock, self.db:
            row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
            if row:
                return str(row[0])
            token = secrets.token_urlsafe(size)
            self.db.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (key, token))
            return token

    def adopt(self, host: str) -> None:
        """Once per file: every shared table made before the host had a link of its own (it
        belonged to a browser session) becomes this host's."""
        with self.lock, self.db:
            if self.db.execute("SELECT 1 FROM meta WHERE key = 'adopted'").fetchone() is None:
                self.db.execute("UPDATE shared SET host = ? WHERE host <> ?", (host, host))
                self.db.execute("INSERT INTO meta (key, value) VALUES ('adopted', ?)", (host,))

    def close(self) -> None:
        with self.lock:
            self.db.close()

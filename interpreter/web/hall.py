"""The server's shared tables: made by a host, found by their secret links, saved as they go
and restored when the server starts again.

Every link carries its own random token (secrets.token_urlsafe, 32 bytes): one per human
seat, one for spectators, one for the host (kept in the tables file, so the host's link
works from any browser and after a restart). A token is the only way to a table's state, so
a seat cannot be taken by guessing, and a host's limit keeps one host from filling the server.

Tables in play count toward the limits; a finished or closed table is archived: its links
still show how it ended (and lead to its rematch) until it expires, KEEP_FINISHED after.
"""
from __future__ import annotations

import random
import secrets
import threading
import time
from dataclasses import dataclass
from typing import Any, Sequence

from interpreter.players.balances import log_document
from interpreter.players.roster import make_bots
from interpreter.rules.compiled import CompiledPack
from .store import StoreError, TableStore
from .table_restore import replay_turn, restore_turn
from .tables import BOT_KINDS, CHAT_KEEP, HUMAN, Seat, Table

MAX_PER_HOST = 8  # tables a host may have in play at once
MAX_TABLES = 128  # tables the server has in play at once (finished ones are archived)
KEEP_FINISHED = 7 * 24 * 3600.0  # seconds a finished or closed table is kept (`--keep-finished`)
MAX_ARCHIVED = 64  # finished tables a host keeps at most (the oldest expire first)
NAME_LEN = 24
SWEEP_EVERY = 60.0  # seconds between two looks for expired tables while pages poll


@dataclass(frozen=True)
class Limits:
    """How many tables a host and the server have in play, and how long finished ones stay."""

    per_host: int = MAX_PER_HOST
    tables: int = MAX_TABLES
    keep: float = KEEP_FINISHED
    archived: int = MAX_ARCHIVED


class Refused(ValueError):
    """A table the server will not make; the message says why."""


def clean_name(text: str, default: str) -> str:
    """A seat's name as shown: printable, short, else the default."""
    text = "".join(ch for ch in (text or "") if ch.isprintable()).strip()[:NAME_LEN]
    return text or default


class Hall:
    """Tables by id, and the seat and spectator tokens that lead to them."""

    def __init__(self, cp: CompiledPack, store: TableStore | None = None, seed: int | None = None,
                 limits: Limits = Limits(), clock: Any = time.time):
        self.cp, self.store, self.seed, self.limits, self.clock = cp, store, seed, limits, clock
        self.tables: dict[str, Table] = {}
        self.seats: dict[str, tuple[Table, int]] = {}
        self.watchers: dict[str, Table] = {}
        self.lock = threading.Lock()
        self.swept = clock()
        # the host's own secret: its link (/host/KEY) works from any browser, and after a restart
        self.host_key = store.token("host", 32) if store is not None else secrets.token_urlsafe(32)
        if store is not None:
            store.adopt(self.host_key)  # tables of a file from before the host had a link
            self.restore()
        self.expire()

    # -- making a table --------------------------------------------------------------------
    def create(self, host: str, players: int, sides: str, kinds: Sequence[str],
               names: Sequence[str] = (), seed: int | None = None) -> Table:
        """A new table for this host (Refused with the reason when it cannot be)."""
        rules = self.cp.rules
        if not rules.min_players <= players <= rules.max_players:
            raise Refused(f"this pack plays {rules.min_players} to {rules.max_players} players, not {players}")
        if sides not in ("A", "B", "random"):
            raise Refused(f"sides are A, B or random, not {sides[:10]!r}")
        kinds = list(kinds)[:players]
        if len(kinds) < players:
            raise Refused(f"say who sits at each of the {players} seats")
        bad = [k for k in kinds if k != HUMAN and k not in BOT_KINDS]
        if bad:
            raise Refused(f"a seat is a human or a bot ({', '.join(BOT_KINDS)}), not {bad[0][:20]!r}")
        if HUMAN not in kinds:
            raise Refused("a table needs at least one human seat")
        self.expire()
        with self.lock:
            playing = [t for t in self.tables.values() if not t.over]
            if sum(t.host == host for t in playing) >= self.limits.per_host:
                raise Refused(f"you already have {self.limits.per_host} tables in play: finish or close one first")
            if len(playing) >= self.limits.tables:
                raise Refused(f"this server already has {self.limits.tables} tables in play; close some first")
        names = list(names) + [""] * players
        seats = [Seat(k, clean_name(names[i], f"Player {i + 1}" if k == HUMAN else f"Bot {i + 1} ({k})"),
                      secrets.token_urlsafe(32) if k == HUMAN else "") for i, k in enumerate(kinds)]
        seed = seed if seed is not None else self.seed if self.seed is not None else random.randrange(1 << 30)
        tid, watch = secrets.token_urlsafe(9), secrets.token_urlsafe(32)
        table = Table(tid, self.cp, seats, seed, sides, host, watch)
        if self.store is not None:
            try:
                self.store.open_shared(tid, host, self.cp.pack.name, seed, sides,
                                       [{"kind": s.kind, "name": s.name, "token": s.token} for s in seats], watch)
            except StoreError as err:
                raise Refused(str(err)) from None
        self._add(table)
        table.play_bots()
        return table

    def _add(self, table: Table) -> None:
        store, tid = self.store, table.tid
        if store is not None:
            table.on_step = lambda record: store.shared_turn(tid, record)
            table.on_pick = lambda seat, code: store.shared_pick(tid, seat, code)
            table.on_mid = lambda index, seat, code: store.shared_mid(tid, index, seat, code)
            table.on_chat = lambda seat, text: store.shared_said(tid, seat, text, CHAT_KEEP)
        table.on_over = self._finished
        with self.lock:
            self.tables[tid] = table
            self.watchers[table.watch] = table
            for i, seat in enumerate(table.seats):
                if seat.token:
                    self.seats[seat.token] = (table, i)

    def _finished(self, table: Table) -> None:
        """A game over: archived from now on (out of the limits), expires KEEP after."""
        table.finished = table.finished or self.clock()
        if self.store is not None:
            self.store.shared_over(table.tid, log_document(table.game), table.finished)

    def close(self, host: str, tid: str) -> bool:
        """The host stops one of its tables: its pages say it was closed, nothing more is
        played, and it is archived (out of the limits) until it expires or is deleted."""
        table = self.tables.get(tid)
        if table is None or table.host != host:
            return False
        if not table.closed:
            if self.store is not None:  # saved first: StoreError leaves the table in play
                self.store.shared_closed(tid, table.finished or self.clock())
            table.close(self.clock())
        return True

    def delete(self, host: str, tid: str) -> bool:
        """The host drops one of its tables (its links stop working)."""
        table = self.tables.get(tid)
        if table is None or table.host != host:
            return False
        self._drop(table)
        return True

    def _drop(self, table: Table) -> None:
        """The table gone (StoreError when the store cannot drop it now: it stays)."""
        if self.store is not None:
            self.store.drop_shared(table.tid)
        with self.lock:
            self.tables.pop(table.tid, None)
            self.watchers.pop(table.watch, None)
            for seat in table.seats:
                self.seats.pop(seat.token, None)
        table.close(self.clock())  # a page still holding it shows it closed

    def expire(self) -> None:
        """Finished and closed tables past their time go, and a host's oldest finished ones
        past MAX_ARCHIVED."""
        now, gone = self.clock(), []
        with self.lock:
            for t in self.tables.values():
                if t.over and t.finished is None:  # a game a broken plug-in stopped: from now
                    t.finished = now
            done = sorted((t for t in self.tables.values() if t.over and t.finished is not None),
                          key=lambda t: t.finished or 0.0)
            per_host: dict[str, int] = {}
            for t in reversed(done):  # newest first
                per_host[t.host] = per_host.get(t.host, 0) + 1
                if now - (t.finished or now) > self.limits.keep or per_host[t.host] > self.limits.archived:
                    gone.append(t)
        for t in gone:
            try:
                self._drop(t)
            except StoreError:
                pass  # tried again at the next sweep

    def rematch(self, tid: str) -> Table:
        """A new table with the same seats (same people, same bots, new links), its host's;
        asked again, the same one. Refused like any new table (the host's limit)."""
        table = self.tables.get(tid)
        if table is None or not table.game.over:
            raise Refused("a rematch is for a finished game")
        with table.lock:
            again = self.tables.get(table.rematch) if table.rematch else None
            if again is not None:
                return again
            seed = random.randrange(1 << 30) if self.seed is None else table.seed + 1
            again = self.create(table.host, len(table.seats), table.sides, [s.kind for s in table.seats],
                                [s.name for s in table.seats], seed)
            table.rematch = again.tid
            table.version += 1
        if self.store is not None:
            try:
                self.store.shared_rematch(tid, again.tid)
            except StoreError:
                pass  # the rematch is played; only its link from the old table is lost at a restart
        return again

    def rematch_seat(self, table: Table, seat: int) -> str:
        """The seat's token at the table's rematch ("" when there is none)."""
        again = self.tables.get(table.rematch) if table.rematch else None
        return again.seats[seat].token if again is not None and seat < len(again.seats) else ""

    # -- finding a table -------------------------------------------------------------------
    def seat(self, token: str) -> tuple[Table, int] | None:
        self._sweep()
        with self.lock:
            return self.seats.get(token) if token else None

    def watch(self, token: str) -> Table | None:
        self._sweep()
        with self.lock:
            return self.watchers.get(token) if token else None

    def _sweep(self) -> None:
        """Expire tables at most once a minute as pages ask for theirs (and at each start,
        new table and visit of the host's page)."""
        now = self.clock()
        if now - self.swept >= SWEEP_EVERY:
            self.swept = now
            self.expire()

    def of_host(self, host: str) -> list[Table]:
        with self.lock:
            return [t for t in self.tables.values() if t.host == host]

    def hosts(self) -> set[str]:
        with self.lock:
            return {t.host for t in self.tables.values()}

    # -- restoring -------------------------------------------------------------------------
    def restore(self) -> None:
        """Every saved table of this pack, rebuilt by playing its saved turns again (the
        engine is deterministic); a turn the rules now refuse (the pack changed) ends there.
        A table this version cannot rebuild is skipped with a warning naming it."""
        assert self.store is not None
        for saved in self.store.shared_tables(self.cp.pack.name):
            try:
                seats = [Seat(str(s["kind"]), str(s["name"]), str(s.get("token", ""))) for s in saved.seats]
                if any(s.kind != HUMAN for s in seats):
                    make_bots(",".join(s.kind for s in seats if s.kind != HUMAN), 1)
                table = Table(saved.tid, self.cp, seats, saved.seed, saved.sides, saved.host, saved.watch)
                table.play_bots()
                for record in saved.turns:
                    if not replay_turn(table, record):
                        break
            except (KeyError, TypeError, ValueError, AttributeError) as err:
                self.store.skip(f"table {saved.tid[:12]!r}", err)
                continue  # a row this version cannot read: left in the file, not served
            table.chat = list(saved.chat)
            table.rematch, table.finished = saved.rematch, saved.finished
            if saved.closed:
                table.close(saved.finished or self.clock())
            elif table.game.over and table.finished is None:
                table.finished = self.clock()
            self._add(table)  # saving from here: a turn its saved picks complete is saved now
            if not table.over:
                restore_turn(table, saved.picks, saved.mid)


def table_links(table: Table, base: str) -> dict[str, Any]:
    """The links a host shares: one per human seat, one for spectators."""
    return {"seats": [{"name": s.name, "url": f"{base}seat/{s.token}"} for s in table.seats if s.token],
            "watch": f"{base}watch/{table.watch}",
            "bots": [s.name for s in table.seats if not s.token]}

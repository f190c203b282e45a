"""The server's shared tables: made by a host, found by their secret links, saved as they go
and restored when the server starts again.

Every link carries its own random token (secrets.token_urlsafe, 32 bytes): one per human
seat, one for spectators. A token is the only way to a table's state, so a seat cannot be
taken by guessing, and a host's limit keeps one host from filling the server.
"""
from __future__ import annotations

import random
import secrets
import threading
from typing import Any, Sequence

from interpreter.players.balances import log_document
from interpreter.players.roster import make_bots
from interpreter.rules.compiled import CompiledPack
from .store import StoreError, TableStore
from .tables import BOT_KINDS, HUMAN, Seat, Table

MAX_PER_HOST = 8  # tables a host may have in play at once
MAX_TABLES = 128  # tables the server keeps, finished ones included
NAME_LEN = 24


class Refused(ValueError):
    """A table the server will not make; the message says why."""


def clean_name(text: str, default: str) -> str:
    """A seat's name as shown: printable, short, else the default."""
    text = "".join(ch for ch in (text or "") if ch.isprintable()).strip()[:NAME_LEN]
    return text or default


class Hall:
    """Tables by id, and the seat and spectator tokens that lead to them."""

    def __init__(self, cp: CompiledPack, store: TableStore | None = None, seed: int | None = None):
        self.cp, self.store, self.seed = cp, store, seed
        self.tables: dict[str, Table] = {}
        self.seats: dict[str, tuple[Table, int]] = {}
        self.watchers: dict[str, Table] = {}
        self.lock = threading.Lock()
        if store is not None:
            self.restore()

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
        with self.lock:
            hosted = [t for t in self.tables.values() if t.host == host and not t.over]
            if len(hosted) >= MAX_PER_HOST:
                raise Refused(f"you already have {MAX_PER_HOST} tables in play: finish or close one first")
            if len(self.tables) >= MAX_TABLES:
                raise Refused(f"this server already keeps {MAX_TABLES} tables; close some first")
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
            table.on_over = lambda t: store.shared_over(tid, log_document(t.game))
        with self.lock:
            self.tables[tid] = table
            self.watchers[table.watch] = table
            for i, seat in enumerate(table.seats):
                if seat.token:
                    self.seats[seat.token] = (table, i)

    def close(self, host: str, tid: str) -> bool:
        """The host drops one of its tables (its links stop working); StoreError when the
        store cannot drop it now (the table stays)."""
        with self.lock:
            table = self.tables.get(tid)
            if table is None or table.host != host:
                return False
            if self.store is not None:
                self.store.drop_shared(tid)
            del self.tables[tid]
            self.watchers.pop(table.watch, None)
            for seat in table.seats:
                self.seats.pop(seat.token, None)
        return True

    # -- finding a table -------------------------------------------------------------------
    def seat(self, token: str) -> tuple[Table, int] | None:
        with self.lock:
            return self.seats.get(token) if token else None

    def watch(self, token: str) -> Table | None:
        with self.lock:
            return self.watchers.get(token) if token else None

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
                    if not table.replay(record):
                        break
            except (KeyError, TypeError, ValueError, AttributeError) as err:
                self.store.skip(f"table {saved.tid[:12]!r}", err)
                continue  # a row this version cannot read: left in the file, not served
            self._add(table)  # saving from here: a turn its saved picks complete is saved now
            table.restore_turn(saved.picks, saved.mid)


def table_links(table: Table, base: str) -> dict[str, Any]:
    """The links a host shares: one per human seat, one for spectators."""
    return {"seats": [{"name": s.name, "url": f"{base}seat/{s.token}"} for s in table.seats if s.token],
            "watch": f"{base}watch/{table.watch}",
            "bots": [s.name for s in table.seats if not s.token]}

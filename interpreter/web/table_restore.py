"""A shared table rebuilt from the store (hall.py restores it): each saved turn played
again with its human answers, then the picks and mid-turn answers of the turn being decided
taken again. The engine is deterministic, so the table is where it was."""
from __future__ import annotations

from typing import Any, Sequence

from .answers import checked
from .store import StoreError
from .tables import Table


def replay_turn(table: Table, record: dict[str, Any]) -> bool:
    """Play a saved turn again; False where it no longer fits. (A turn of bots only may have
    stopped on a question: the record answers it.)"""
    with table.lock:
        if table.over:
            return False
        table.mid = [(int(s), str(c), mid_value(str(c))) for s, c in record.get("mid", [])]
        picks = {int(s): str(c) for s, c in record.get("picks", {}).items()}
        if table.question is None and set(picks) != set(table.human_deciding()):
            return False
        if not all(take(table, seat, code) for seat, code in picks.items()):
            return False
        table.question = None
        before = table.version
        table._resolve()
        return table.version > before and not table.error


def restore_turn(table: Table, picks: dict[int, str], mid: Sequence[tuple[int, str]]) -> None:
    """The saved picks and mid-turn answers of the turn being decided, taken again; when
    every human had picked, the turn is played and saved (the table's hooks are set)."""
    with table.lock:
        for seat, code in sorted(picks.items()):
            take(table, seat, code)
        table.mid = [(s, c, mid_value(c)) for s, c in mid]
        table.version += 1
        if table.picks and all(s in table.picks for s in table.human_deciding()):
            try:
                table._resolve()
            except StoreError:  # not saved now: the last pick is asked again
                table.picks.pop(max(table.picks))
                table.mid = []


def take(table: Table, seat: int, code: str) -> bool:
    """A saved pick taken again when the rules still allow it."""
    d = table.decisions.get(seat) if seat in table.human_deciding() else None
    answer, why = checked(table.game, d.kind, seat, code, d.moves, len(d.cards),
                          actions=d.actions) if d is not None else (None, "not deciding")
    if not why:
        table.picks[seat] = (code, answer)
    return not why


def mid_value(code: str) -> Any:
    """A saved mid-turn answer's value: `pay:N` or `discard:N` as N, `discard:none` as None."""
    head, _, num = code.partition(":")
    return None if num == "none" else int(num) if num.isdigit() else None

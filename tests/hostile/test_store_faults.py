"""The tables file under faults: another program holding its write lock, a full disk, the
server killed (-9) at each point of a save, a malformed row, another program's file, an empty
token, the file deleted while the server runs. A pick is saved before it counts: when it
cannot be, the player is told (503, no traceback) and nothing is taken, and a later try goes
on from there; after a kill, a restarted server has every answered pick, none twice."""
from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

from conftest import REPO, run_wonders
from interpreter.cli.packs import compiled

pytest.importorskip("starlette")
pytest.importorskip("httpx")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from interpreter.web import store as store_mod  # noqa: E402
from interpreter.web.app import create_app  # noqa: E402
from interpreter.web.hall import Hall  # noqa: E402
from interpreter.web.store import StoreError, TableStore  # noqa: E402
from interpreter.web.views import move_code  # noqa: E402

KINDS = ["human", "human", "greedy"]


@pytest.fixture(scope="module")
def cp() -> Any:
    return compiled("base")


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_mod, "BACKOFF", (0.01, 0.02))  # the tries, not the waiting, are tested


def first(table: Any, seat: int) -> str:
    return move_code(table.decisions[seat].moves[0])


def play_turn(table: Any) -> None:
    for seat in (0, 1):
        assert table.answer(seat, first(table, seat)) == ""


def where(table: Any) -> tuple[int, int]:
    return table.game.age, table.game.turn


def quiet_store(path: Path, said: list[str] | None = None) -> TableStore:
    return TableStore(path, warn=(said.append if said is not None else lambda _t: None))


def test_a_turn_restored_from_its_picks_is_saved_and_never_falls_back(cp: Any, tmp_path: Path) -> None:
    """The finding: a crash after the last pick was saved, before the turn, and two restarts
    took a game from turn 6 back to turn 4. The turn its saved picks complete is saved as a
    turn when the table is restored."""
    db = tmp_path / "t.sqlite"
    store = quiet_store(db)
    table = Hall(cp, store, seed=3).create("host", 3, "A", KINDS)
    for _ in range(4):
        play_turn(table)
    assert where(table) == (1, 5)
    for seat in (0, 1):  # both picks of turn 5 saved, the turn not (the crash)
        store.shared_pick(table.tid, seat, first(table, seat))
    (back,) = Hall(cp, quiet_store(db)).tables.values()
    assert where(back) == (1, 6)
    play_turn(back)
    assert where(back) == (2, 1)
    (again,) = Hall(cp, quiet_store(db)).tables.values()
    assert where(again) == (2, 1)
    assert len(quiet_store(db).shared_tables("base")[0].turns) == 6


def _locked(db: Path) -> sqlite3.Connection:
    other = sqlite3.connect(str(db), isolation_level=None, timeout=0)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    return other


def test_a_locked_file_refuses_the_pick_with_a_message_and_a_later_try_plays_the_turn(cp: Any, tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    said: list[str] = []
    app = create_app(cp, players=3, seed=1, store=quiet_store(db, said))
    hall = app.state.hall
    host = TestClient(app)
    home = f"/host/{hall.host_key}"
    r = host.post(home + "/tables", data={"players": "3", "sides": "A", "seat0": "human", "seat1": "human",
                                          "seat2": "greedy", "seed": "4"})
    la, lb = [s.replace("http://testserver", "") for s in re.findall(r'class="seat-link" href="([^"]+)"', r.text)]
    (table,) = hall.tables.values()
    a, b = TestClient(app, raise_server_exceptions=False), TestClient(app, raise_server_exceptions=False)
    assert a.post(la + "/move", data={"move": first(table, 0)}).status_code == 200
    other = _locked(db)
    try:
        r = b.post(lb + "/move", data={"move": first(table, 1)})  # the turn's last pick
        assert r.status_code == 503, r.text[-500:]
        assert "locked by another program" in r.text and "Traceback" not in r.text
        assert where(table) == (1, 1) and set(table.picks) == {0}  # not taken, not stalled
        assert [row["state"] for row in table.status()][:2] == ["picked", "choosing"]
        assert "locked by another program" in host.get(home).text  # the host is told
        r = a.post(la + "/undo")  # taking a pick back is refused too, the pick kept
        assert "locked by another program" in r.text and set(table.picks) == {0}
        assert any("could not save" in line for line in said)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert b.post(lb + "/move", data={"move": first(table, 1)}).status_code == 200  # the retry
    assert where(table) == (1, 2) and not table.picks
    assert "locked" not in host.get(home).text  # the message is gone once saving works
    (back,) = Hall(cp, quiet_store(db)).tables.values()
    assert where(back) == (1, 2) and not back.picks  # saved once: neither lost nor doubled


def test_a_locked_file_refuses_a_game_against_bots_move_without_a_traceback(cp: Any, tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    app = create_app(cp, players=3, seed=2, store=quiet_store(db))
    c = TestClient(app, raise_server_exceptions=False)
    code = re.findall(r'data-move="([^"]+)"', c.get("/").text)[0]
    other = _locked(db)
    try:
        r = c.post("/move", data={"move": code})
        assert r.status_code == 503 and "locked by another program" in r.text
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert c.post("/move", data={"move": code}).status_code == 200
    assert quiet_store(db).tables("base")[0].codes == (code,)


def _tmpfs(path: Path, size: str) -> bool:
    if os.geteuid() != 0:
        return False
    path.mkdir()
    return subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)],
                          capture_output=True).returncode == 0


def _fill(folder: Path) -> Path:
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"\0" * 4096)
    except OSError:
        pass
    finally:
        os.close(fd)
    return filler


def test_a_full_disk_refuses_the_pick_and_a_later_try_plays_the_turn(cp: Any, tmp_path: Path) -> None:
    """On a real full file system (a 512 kB tmpfs) when this runs as root; else SQLite's
    'database or disk is full' raised by the fault hook."""
    disk = tmp_path / "disk"
    mounted = _tmpfs(disk, "512k")
    if not mounted:
        disk.mkdir(exist_ok=True)
    try:
        store = quiet_store(disk / "t.sqlite")
        table = Hall(cp, store, seed=5).create("host", 3, "A", KINDS)
        assert table.answer(0, first(table, 0)) == ""
        filler = _fill(disk) if mounted else None
        if not mounted:
            def full(point: str) -> None:
                if point == "written":
                    raise sqlite3.OperationalError("database or disk is full")
            store_mod.FAULT = full
        try:
            why = table.answer(1, first(table, 1))
        finally:
            store_mod.FAULT = None
        assert why.startswith(store_mod.NOT_SAVED) and "disk holding the tables file is full" in why
        assert where(table) == (1, 1) and set(table.picks) == {0}
        if filler is not None:
            filler.unlink()
        assert table.answer(1, first(table, 1)) == "" and where(table) == (1, 2)
        (back,) = Hall(cp, quiet_store(disk / "t.sqlite")).tables.values()
        assert where(back) == (1, 2)
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(disk)], check=False)  # lazily: a store may still be open


CHILD = r"""
import os, signal, sys
from interpreter.cli.packs import compiled
from interpreter.web import store as store_mod
from interpreter.web.hall import Hall
from interpreter.web.store import TableStore
from interpreter.web.views import move_code
kill_at, point = int(sys.argv[2]), sys.argv[3]
count = [0]
def fault(p):
    if p == "begin":
        count[0] += 1
    if count[0] == kill_at and p == point:
        os.kill(os.getpid(), signal.SIGKILL)
store_mod.FAULT = fault
hall = Hall(compiled("base"), TableStore(sys.argv[1], warn=lambda t: None), seed=9)
table = hall.create("host", 3, "A", ["human", "human", "greedy"])
print("TABLE", flush=True)
for _ in range(4):
    for seat in (0, 1):
        age, turn = table.game.age, table.game.turn
        assert table.answer(seat, move_code(table.decisions[seat].moves[0])) == ""
        print("ACK", age, turn, seat, flush=True)
"""


def _reference(cp: Any) -> list[Any]:
    table = Hall(cp, None, seed=9).create("host", 3, "A", KINDS)
    while not table.over and table.game.age == 1:
        play_turn(table)
    return table.game.log["turns"]


@pytest.mark.parametrize("point", ["begin", "written", "committed"])
@pytest.mark.parametrize("kill_at", [2, 3, 4, 5, 6])
def test_a_server_killed_at_any_point_of_a_save_loses_and_doubles_nothing(cp: Any, tmp_path: Path,
                                                                        kill_at: int, point: str) -> None:
    """Writes: 1 the host's link, 2 its adoption of older tables, 3 the table, then a pick
    (4, 6) and the turn with the last pick (5); the child is killed (-9) before the
    transaction, after its statements and after its commit."""
    db = tmp_path / "t.sqlite"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run([sys.executable, "-c", CHILD, str(db), str(kill_at), point], env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == -signal.SIGKILL, proc.stderr[-2000:]
    acks = [tuple(map(int, line.split()[1:])) for line in proc.stdout.splitlines() if line.startswith("ACK")]
    hall = Hall(cp, quiet_store(db))
    if kill_at < 3 or kill_at == 3 and point != "committed":
        assert not hall.tables  # the table was never made
        return
    (table,) = hall.tables.values()
    for age, turn, seat in acks:  # every answered pick is there: played, or picked this turn
        assert (table.game.age, table.game.turn) > (age, turn) or seat in table.picks
    while not table.over and table.game.age == 1:  # the same players to the end of the age
        for seat in table.human_deciding():
            if seat not in table.picks:
                assert table.answer(seat, first(table, seat)) == ""
    assert table.game.log["turns"] == _reference(cp)  # no turn lost, none played twice
    saved = quiet_store(db).shared_tables("base")[0]
    assert len(saved.turns) == 6 and not saved.picks


def test_malformed_rows_are_skipped_with_a_warning_naming_them(cp: Any, tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    store = quiet_store(db)
    good = Hall(cp, store, seed=1).create("host", 3, "A", KINDS)
    with sqlite3.connect(str(db)) as raw:
        raw.execute("INSERT INTO shared (tid, host, pack, seed, sides, seats, watch) "
                    "VALUES ('broken-seats', 'h', 'base', 1, 'A', 'not json', 'w')")
        raw.execute("INSERT INTO shared (tid, host, pack, seed, sides, seats, watch) "
                    "VALUES ('no-kind', 'h', 'base', 1, 'A', '[{\"name\": \"x\"}]', 'w2')")
        raw.execute("INSERT INTO tables (sid, pack, players, seed, bots, sides) "
                    "VALUES ('bad-players', 'base', 'three', 1, 'greedy', 'A')")
    said: list[str] = []
    app = create_app(cp, players=3, store=quiet_store(db, said))
    assert list(app.state.hall.tables) == [good.tid]
    assert all(any(name in line for line in said) for name in ("broken-seats", "no-kind", "bad-players")), said
    assert all("skipped" in line for line in said)


def test_serve_refuses_another_programs_database_in_one_line(tmp_path: Path) -> None:
    other = tmp_path / "notes.sqlite"
    with sqlite3.connect(str(other)) as raw:
        raw.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        raw.execute("INSERT INTO notes (body) VALUES ('keep me')")
    (tmp_path / "text.db").write_text("just text, not a database\n" * 10)
    for name, says in (("notes.sqlite", "another program's database"), ("text.db", "not a SQLite database")):
        r = run_wonders(["serve", "--db", name, "--port", "0"], tmp_path)
        assert r.status == 1, r.err
        assert says in r.err and "Traceback" not in r.err and len(r.err.strip().splitlines()) == 1, r.err
    with sqlite3.connect(str(other)) as raw:  # and it is left as it was
        assert [n for (n,) in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")] == ["notes"]


def test_an_empty_token_never_admits_anyone_as_host(cp: Any, tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    quiet_store(db)
    with sqlite3.connect(str(db)) as raw:
        raw.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('token', '')")
    token = quiet_store(db).token()
    assert len(token) >= 16 and quiet_store(db).token() == token  # replaced, and kept
    app = create_app(cp, players=3, token="")
    for url in ("/tables", "/tables?token=", "/?token="):
        assert TestClient(app).get(url, follow_redirects=False).status_code == 403, url


def test_a_database_deleted_while_serving_is_said(cp: Any, tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    said: list[str] = []
    app = create_app(cp, players=3, seed=1, store=quiet_store(db, said))
    host = TestClient(app)
    home = f"/host/{app.state.hall.host_key}"
    host.post(home + "/tables", data={"players": "3", "sides": "A", "seat0": "human", "seat1": "human",
                                      "seat2": "greedy"})
    (table,) = app.state.hall.tables.values()
    for f in tmp_path.iterdir():
        f.unlink()
    assert table.answer(0, first(table, 0)) == ""  # the game goes on in memory
    assert sum("was deleted" in line for line in said) == 1, said
    assert "was deleted while the server ran" in host.get(home).text
    assert table.answer(1, first(table, 1)) == "" and sum("was deleted" in line for line in said) == 1

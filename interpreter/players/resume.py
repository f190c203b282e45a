"""Going on with a game from its log: `wonders play --resume LOG`.

A log (`wonders play --log`, or the one an interrupted game writes) holds the seed, the set-up,
every deal and every move. The game is set up again from it and each seat's logged moves are
played back (the deals taken from the log, so the hands are the logged ones); where the log
ends, the seat's own bot (or the human at the terminal) takes over. The resumed game's log is
the whole game, logged part included, so it can be resumed or replayed again.
"""
from __future__ import annotations

import json
import re
from typing import Any, Sequence

from interpreter.players.gamelog import RecordedGame, ReplayedGame
from interpreter.rules.compiled import CCard, CompiledPack
from interpreter.rules.moves import BID, KEEP, Move, refusal


class ResumeError(ValueError):
    """A log this pack cannot go on from; the message says where it stops making sense, and
    `line` the line of the log's file (0: not known)."""

    def __init__(self, message: str, line: int = 0):
        super().__init__(message)
        self.line = line


def turn_lines(text: str) -> list[int]:
    """The line (from 1) where each entry of the log's "turns" list starts in its file's
    text; [] when the list cannot be found."""
    m = re.search(r'"turns"\s*:\s*\[', text)
    if m is None:
        return []
    decoder, i, out = json.JSONDecoder(), m.end(), []
    line, counted = 1 + text.count("\n", 0, i), i
    while True:
        while i < len(text) and text[i] in " \t\r\n,":
            i += 1
        if i >= len(text) or text[i] == "]":
            return out
        line += text.count("\n", counted, i)
        counted = i
        out.append(line)
        try:
            _obj, i = decoder.raw_decode(text, i)
        except ValueError:
            return out


def check_log(cp: CompiledPack, log: dict[str, Any], lines: Sequence[int] = (), force: bool = False) -> list[str]:
    """Before a log is resumed: refused (ResumeError) when it was written under another
    version or content of the pack (with `force`, a warning instead, returned), or when a
    turn has two moves of one player."""
    warnings = []
    pack = cp.pack
    version, sha = log.get("pack_version"), log.get("pack_hash")
    why = ""
    if version is not None and str(version) != pack.version:
        why = f"this log was played with version {version} of the pack '{pack.name}', not {pack.version}"
    elif sha and sha != pack.meta.get("content_hash", sha):
        why = f"the pack '{pack.name}' {pack.version} changed since this log was written (its content differs)"
    if why and not force:
        raise ResumeError(f"{why}: the game may go differently; --force resumes it anyway")
    if why:
        warnings.append(f"{why}; resumed anyway (--force)")
    for i, turn in enumerate(log.get("turns") or []):
        if not isinstance(turn, dict) or not isinstance(turn.get("moves"), list):
            raise ResumeError(f"turns[{i}]: not a turn (expected {{\"moves\": [...]}})", _at(lines, i))
        seen: set[Any] = set()
        for m in turn["moves"]:
            who = m.get("player") if isinstance(m, dict) else None
            if who in seen:
                raise ResumeError(f"turns[{i}] (age {turn.get('age')}, turn {turn.get('turn')}): player {who} "
                                  "moves twice in one turn", _at(lines, i))
            seen.add(who)
    return warnings


def check_used(game: Any, log: dict[str, Any], lines: Sequence[int] = ()) -> None:
    """After the resumed game's end: a logged turn it never reached is an error (a move
    after the end)."""
    logged = log.get("turns") or []
    played = len(game.log["turns"])
    if played < len(logged):
        t = logged[played] if isinstance(logged[played], dict) else {}
        raise ResumeError(f"turns[{played}] (age {t.get('age')}, turn {t.get('turn')}): a turn after the "
                          f"game's end (the game ended after {played} turns)", _at(lines, played))


def _at(lines: Sequence[int], i: int) -> int:
    return lines[i] if 0 <= i < len(lines) else 0


class ResumedGame(RecordedGame, ReplayedGame):
    """Dealt from the log's recorded deals (ReplayedGame), and writing its deals to its own log
    as a RecordedGame does: the logged ones, then the new ones, so it can be resumed again."""


class Resuming:
    """A seat's bot while the log lasts: it answers with the logged move, payment or card;
    after the log's last turn the seat's own bot answers. A bot that asks no person is asked
    during the replay too and its answer dropped, so that its own random stream is where it
    was when the log ended: a resumed game of such bots ends as the uninterrupted one did."""

    def __init__(self, bot: Any, seat_log: "LoggedTurns"):
        self.bot = bot
        self.logged = seat_log
        self.name = getattr(bot, "name", type(bot).__name__)
        self.shadow = not getattr(bot, "interactive", False)

    def choose(self, obs: Any, moves: list[Move]) -> Move:
        entry = self.logged.entry(obs.seat)
        if entry is self.logged.OVER:
            return self.bot.choose(obs, moves)
        if self.shadow:
            self.bot.choose(obs, moves)
        return self.logged.move(obs.seat, entry, moves)

    def choose_payment(self, obs: Any, due: int, can: int) -> int:
        chooser = getattr(self.bot, "choose_payment", None)
        if self.logged.over():
            return can if chooser is None else chooser(obs, due, can)
        if chooser is not None and self.shadow:
            chooser(obs, due, can)
        got = self.logged.noted("coins lost", obs.seat)
        if got is None:
            raise ResumeError(f"age {self.logged.game.age}: the log has no payment of "
                              f"{self.logged.game.cities[obs.seat].name}'s loss")
        return int(got["bank"])

    def choose_card(self, obs: Any, cards: list[CCard], purpose: str) -> int | None:
        chooser = getattr(self.bot, "choose_card", None)
        if self.logged.over():
            return 0 if chooser is None else chooser(obs, cards, purpose)
        if chooser is not None and self.shadow:
            chooser(obs, cards, purpose)
        got = self.logged.noted("build from discard" if purpose == "discard" else purpose, obs.seat)
        if got is None:
            return None  # the log shows no such choice: it was declined
        names = [c.name for c in cards]
        if got["card"] not in names:
            raise ResumeError(f"age {self.logged.game.age}: {got['card']} cannot be chosen ({purpose})")
        return names.index(got["card"])

    def finish(self, obs: Any) -> None:
        finish = getattr(self.bot, "finish", None)
        if finish is not None:
            finish(obs)


class LoggedTurns:
    """The log's turns, read in step with the game being resumed (its own log's length says
    which logged turn comes next)."""

    OVER: Any = object()

    def __init__(self, turns: Sequence[dict[str, Any]], lines: Sequence[int] = ()):
        self.turns = list(turns)
        self.lines = list(lines)
        self.game: Any = None

    def line(self) -> int:
        """The line in the log's file of the logged turn being played (0: not known)."""
        return _at(self.lines, len(self.game.log["turns"]))

    def over(self) -> bool:
        return len(self.game.log["turns"]) >= len(self.turns)

    def entry(self, seat: int) -> Any:
        """The logged move of `seat` for the turn being played; OVER past the log's end."""
        k = len(self.game.log["turns"])
        if k >= len(self.turns):
            return self.OVER
        for m in self.turns[k]["moves"]:
            if m["player"] == seat:
                return m
        g = self.game
        raise ResumeError(f"age {g.age}, turn {g.turn}: the log has no move for {g.cities[seat].name}",
                          self.line())

    def noted(self, note: str, seat: int) -> dict[str, Any] | None:
        """The logged entry of `seat` in the next turn when that turn is a `note` one."""
        k = len(self.game.log["turns"])
        if note == "build from discard":
            # the choices the built card made (a paid step on a track) are logged before the
            # build's own entry: look past the seat's note turns of this turn to it
            g = self.game
            while k < len(self.turns) and self.turns[k].get("note") not in (None, note) \
                    and (self.turns[k].get("age"), self.turns[k].get("turn")) == (g.age, g.turn) \
                    and all(m["player"] == seat for m in self.turns[k]["moves"]):
                k += 1
        if k < len(self.turns) and self.turns[k].get("note") == note:
            for m in self.turns[k]["moves"]:
                if m["player"] == seat:
                    return m
        return None

    def move(self, seat: int, m: dict[str, Any], moves: list[Move]) -> Move:
        """The legal move the logged entry describes (the bank coins tell a bank purchase)."""
        g = self.game
        where = f"age {g.age}, turn {g.turn}: {g.cities[seat].name}"
        names = [c.name for c in g.hands[seat]]
        if m.get("card") not in names:
            raise ResumeError(f"{where}: no {m.get('card')} in the hand ({', '.join(names)})", self.line())
        idx = names.index(m["card"])
        free = m.get("free", "")
        free = free if free in ("chain", "power") else ""
        left, right, bank = m.get("left", 0), m.get("right", 0), m.get("bank", 0)
        card = g.hands[seat][idx]
        stage = m.get("stage", 0) - 1 if isinstance(m.get("stage", 0), int) else -2  # any order: which
        if m["action"] == BID:  # an auction's bid: the coins bid
            for mv in moves:
                if mv.action == BID and mv.stage == m.get("bid"):
                    return mv
            raise ResumeError(f"{where}: the logged bid {m.get('bid')!r} cannot be made "
                              f"(0 to {g.cities[seat].coins} coins)")
        for mv in moves:  # the logged bank coins are the cost's and any bought from the bank
            if (mv.card, mv.action, mv.left, mv.right, mv.free, list(mv.far), mv.stage) \
                    == (idx, m["action"], left, right, free, m.get("far", [0, 0]), stage) \
                    and (0 if mv.action == KEEP else g._bank(seat, mv, card)) + mv.extra == bank:
                return mv
        move = Move(idx, m["action"], left, right, free, stage=stage)
        why = refusal(move, g.hands[seat], g.cities[seat], g.table, g.free_power(seat))
        raise ResumeError(f"{where}: the logged move cannot be played: {why or 'not a legal move now'}",
                          self.line())


def resume(cp: CompiledPack, log: dict[str, Any], bots: Sequence[Any], lines: Sequence[int] = ()) -> Any:
    """A game set up from `log`, whose bots replay the logged turns and then play on
    (`lines`: where each logged turn starts in the log's file, to locate a problem)."""
    try:
        if log.get("pack") != cp.pack.name:
            raise ResumeError(f"this log is from the pack '{log.get('pack')}', not '{cp.pack.name}' "
                              f"(give --pack {log.get('pack')})")
        players = [p for p in log["players"] if not p.get("free_city")]
        if len(players) != len(bots):
            raise ResumeError(f"the log has {len(players)} players, not {len(bots)}")
        setup = log.get("setup") or {}
        sides = {p["side"] for p in log["players"]}
        turns = LoggedTurns(log.get("turns") or [], lines)
        seated = [Resuming(b, turns) for b in bots]
        game = ResumedGame(cp, seated, deals=log.get("deals") or (), drafts=log.get("drafts") or (),
                           draws=log.get("draws") or (), seed=int(log["seed"]),
                           sides=setup.get("sides") or (sides.pop() if len(sides) == 1 else "random"),
                           wonders=setup.get("wonders"), names=[p["name"] for p in players], log=True)
    except KeyError as err:
        raise ResumeError(f"not a game log: no {err} in it (see docs/formats.md)") from None
    except (TypeError, AttributeError) as err:
        raise ResumeError(f"not a readable game log: {err}") from None
    if [(c.side.wonder, c.side.side) for c in game.cities] != \
            [(p["wonder"], p["side"]) for p in log["players"]]:
        raise ResumeError("the seed and set-up of this log do not deal its wonders: a log from "
                          "another version of the pack, or edited")
    turns.game = game
    game.log["setup"] = setup
    return game

"""A shared table: several players in their own browsers (and bots) at one game, driven by
the game's Stepping API (interpreter/game/position.py) with no thread of its own.

The table asks pending() who decides now, collects each human seat's pick (a player may
change it until the last human has picked; the others see who has picked, not what), asks
the bots when every human has answered, and plays the turn with step().

Decisions taken in the middle of a turn's resolution (a coin loss to pay, a card to copy)
are asked of the seat's bot by the engine, synchronously. Instead of a worker thread that
blocks on a human's answer, the turn is tried on a clone of the game: a human seat's bot
raises NeedAnswer when it has no answer yet, the clone is dropped and the question is put
to that player; once answered, the turn is tried again from the same position with the
answers given so far (the engine is deterministic, so it asks the same questions in the same
order). A turn that completes replaces the game. So a table is plain data under a lock: no
thread to stop, nothing blocked when a player walks away, and saving it is the list of
answers of each turn.
"""
from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass
from typing import Any, Callable

from interpreter.game.contract import Decision
from interpreter.players.bots import GreedyBot
from interpreter.players.gamelog import RecordedGame
from interpreter.players.roster import make_bots
from interpreter.rules.compiled import CCard, CompiledPack
from interpreter.rules.moves import Move
from .answers import card_question, checked, payment_view
from .store import StoreError
from .views import city_view, game_view

HUMAN = "human"
BOT_KINDS = ("greedy", "random", "search", "plan")
CHAT_LEN = 200  # characters of a chat line
CHAT_KEEP = 50  # chat lines a table keeps (the oldest go)


@dataclass
class Seat:
    """Who sits at a seat: a human (reached by its secret token) or a bot kind."""

    kind: str
    name: str
    token: str = ""


class NeedAnswer(BaseException):
    """A human seat must decide in the middle of a turn (a BaseException, so no engine code
    that guards against broken plug-ins mistakes it for one)."""

    def __init__(self, seat: int, kind: str, purpose: str = "", due: int = 0, can: int = 0,
                 cards: tuple[CCard, ...] = ()):
        super().__init__(f"seat {seat} must decide ({kind})")
        self.seat, self.kind, self.purpose = seat, kind, purpose
        self.due, self.can, self.cards = due, can, cards


class HumanSeat:
    """A human seat as the engine sees it: mid-turn answers come from the table's list of
    answers given so far, else NeedAnswer. (A city no player owns that this seat controls is
    played by a greedy bot: shared tables ask humans only for their own cities.)"""

    name = HUMAN

    def __init__(self, table: "Table", seat: int):
        self.table, self.seat = table, seat
        self.fallback = GreedyBot()

    def choose(self, obs: Any, moves: list[Move]) -> Move:
        return self.fallback.choose(obs, moves)

    def choose_card(self, obs: Any, cards: list[CCard], purpose: str) -> int | None:
        return self.table.mid_answer(NeedAnswer(self.seat, "card", purpose, cards=tuple(cards)))

    def choose_payment(self, obs: Any, due: int, can: int) -> int:
        return self.table.mid_answer(NeedAnswer(self.seat, "payment", due=due, can=can))


class Table:
    """One shared game: its seats, the picks of the turn being decided, a version number
    that changes with every change anyone can see (the pages poll it)."""

    def __init__(self, tid: str, cp: CompiledPack, seats: list[Seat], seed: int, sides: str,
                 host: str = "", watch: str = ""):
        self.tid, self.cp, self.seats, self.seed, self.sides = tid, cp, seats, seed, sides
        self.host, self.watch = host, watch
        names = [s.name for s in seats]
        bots = [HumanSeat(self, i) if s.kind == HUMAN else make_bots(s.kind, 1)[0]
                for i, s in enumerate(seats)]
        self.game = RecordedGame(cp, bots, seed=seed, sides=sides, names=names, log=True)
        self.game.log["setup"] = {"sides": sides, "wonders": None, "names": names}
        self.lock = threading.RLock()
        self.picks: dict[int, tuple[str, Any]] = {}  # seat -> (posted code, answer)
        self.mid: list[tuple[int, str, Any]] = []  # mid-turn answers of this turn, in order
        self.cursor = 0  # how many of them the turn being tried has used
        self.question: NeedAnswer | None = None
        self.bot_answers: dict[int, Any] | None = None  # asked once per position
        self.version = 0
        self.epoch = secrets.token_hex(3)  # a restarted server's versions never match a page's
        self.seen = 0  # log turns before the last one played ("Last turn")
        self.error = ""
        self.closed = False  # closed by its host: kept to be seen, no longer played
        self.finished: float | None = None  # when it finished or was closed (unix seconds)
        self.rematch = ""  # the id of the table its rematch is played at
        self.chat: list[tuple[int, str]] = []  # (seat, text), oldest first
        self.on_chat: Callable[[int, str], None] | None = None
        self.on_step: Callable[[dict[str, Any]], None] | None = None  # the store
        self.on_pick: Callable[[int, str | None], None] | None = None
        self.on_mid: Callable[[int, int, str], None] | None = None  # index, seat, code
        self.on_over: Callable[["Table"], None] | None = None
        self.decisions: dict[int, Decision] = {}
        try:
            self.decisions = self.game.pending()
        except Exception as err:  # a broken pack or plug-in: say so, keep the server up
            self.error = f"the game stopped: {type(err).__name__}: {err}"

    # -- who decides -----------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.game.over or bool(self.error) or self.closed

    def close(self, when: float) -> None:
        """The host closes the table: nothing more is played; its pages say so."""
        with self.lock:
            self.closed = True
            self.finished = self.finished or when
            self.picks, self.question = {}, None
            self.version += 1

    def say(self, seat: int, text: str) -> str:
        """A chat line from a seat ("" when taken, else why not): printable, at most
        CHAT_LEN characters; the table keeps the last CHAT_KEEP lines."""
        text = " ".join("".join(ch for ch in text if ch.isprintable()).split())[:CHAT_LEN]
        if not text:
            return "say something"
        with self.lock:
            if self.closed:
                return "the table was closed by its host"
            if self.on_chat is not None:  # saved before it counts
                try:
                    self.on_chat(seat, text)
                except StoreError as err:
                    return str(err)
            self.chat = (self.chat + [(seat, text)])[-CHAT_KEEP:]
            self.version += 1
        return ""

    def chat_view(self) -> list[dict[str, str]]:
        return [{"name": self.seats[s].name if 0 <= s < len(self.seats) else "?", "text": t}
                for s, t in self.chat]

    def waiting_for(self) -> list[str]:
        """The names of the human seats the table waits for now (none once it is over)."""
        if self.over:
            return []
        if self.question is not None:
            return [self.seats[self.question.seat].name]
        return [self.seats[s].name for s in self.human_deciding() if s not in self.picks]

    @property
    def stamp(self) -> str:
        """What a page shows and polls with: this process's table at this version."""
        return f"{self.epoch}-{self.version}"

    def human_deciding(self) -> list[int]:
        """The human seats that must answer before the turn is played."""
        return [s for s in self.decisions if s < len(self.seats) and self.seats[s].kind == HUMAN]

    def status(self) -> list[dict[str, Any]]:
        """Each seat and where it stands (picked or not, never what)."""
        humans, q = self.human_deciding(), self.question
        rows = []
        for s, seat in enumerate(self.seats):
            if self.over:
                state = ""
            elif q is not None:
                state = ("must answer: " + ("a coin loss" if q.kind == "payment" else f"a card ({q.purpose})")) \
                    if s == q.seat else "waiting"
            elif s in humans:
                state = "picked" if s in self.picks else "choosing"
            else:
                state = "ready" if s in self.decisions else "waiting"
            rows.append({"seat": s, "name": seat.name, "kind": seat.kind, "state": state})
        return rows

    # -- answers ---------------------------------------------------------------------------
    def answer(self, seat: int, code: str) -> str:
        """A human seat's posted answer: "" when taken, else why not (nothing changes). It
        is saved before it counts: when the store cannot save it (StoreError), it is not
        taken, and posting it again later goes on from there (the last pick plays the turn)."""
        with self.lock:
            if self.over:
                return "the table was closed by its host" if self.closed else "the game is over"
            q = self.question
            if q is not None:
                if q.seat != seat:
                    return f"waiting for {self.seats[q.seat].name} to answer; picks are closed"
                answer, why = checked(self.game, q.kind, seat, code, cards=len(q.cards), limit=q.can)
                if why:
                    return why
                self.mid.append((seat, code, answer))
                self.question = None
                index = len(self.mid) - 1
                try:
                    self._resolve(lambda: self.on_mid and self.on_mid(index, seat, code))
                except StoreError as err:
                    self.mid.pop()
                    self.question = q
                    return str(err)
                return ""
            d = self.decisions.get(seat)
            if d is None or seat not in self.human_deciding():
                return "you have nothing to decide now: the others are deciding"
            answer, why = checked(self.game, d.kind, seat, code, d.moves, len(d.cards), actions=d.actions)
            if why:
                return why
            before = self.picks.get(seat)
            self.picks[seat] = (code, answer)
            try:
                if all(s in self.picks for s in self.human_deciding()):
                    # the turn and its picks are saved together when it is played; a pick that
                    # stops on a question is saved alone
                    self._resolve(lambda: self.on_pick and self.on_pick(seat, code))
                else:
                    if self.on_pick is not None:
                        self.on_pick(seat, code)
                    self.version += 1
            except StoreError as err:
                if before is None:
                    del self.picks[seat]
                else:
                    self.picks[seat] = before
                return str(err)
            return ""

    def withdraw(self, seat: int) -> str:
        """Take back a pick before the turn is played ("" or why not)."""
        with self.lock:
            if self.question is not None or seat not in self.picks:
                return "there is no pick of yours to take back now"
            try:
                if self.on_pick is not None:
                    self.on_pick(seat, None)
            except StoreError as err:
                return str(err)
            del self.picks[seat]
            self.version += 1
            return ""

    def play_bots(self) -> None:
        """Play on while no human has anything to decide (a table of bots to the end)."""
        with self.lock:
            if not self.over and not self.human_deciding():
                self._resolve()

    def mid_answer(self, need: NeedAnswer) -> Any:
        """Called by the engine through a HumanSeat while a turn is tried: the next answer
        given, or NeedAnswer (the trial is dropped and the player asked)."""
        if self.cursor < len(self.mid):
            seat, _code, answer = self.mid[self.cursor]
            if seat == need.seat:
                self.cursor += 1
                return answer
        raise need

    def _ask_bots(self) -> dict[int, Any]:
        game, humans, out = self.game, self.human_deciding(), {}
        for seat, d in self.decisions.items():
            if seat in humans:
                continue
            if d.kind == "card":
                out[seat] = game.choose_card(seat, list(d.cards), d.purpose or "discard")
            else:
                out[seat] = game.decide(seat, d.actions)
        return out

    def _resolve(self, save_waiting: Callable[[], Any] | None = None) -> None:
        """Play the turn with every answer, on a clone; then every turn that needs no human.
        Each save comes before the change it saves: the turn's record (on_step) before the
        game moves on, `save_waiting` (the answer just given) before a question is put; a
        StoreError from either leaves the table as it was."""
        first = True
        while not self.over:
            if self.bot_answers is None:
                self.bot_answers = self._ask_bots()
            answers = {**self.bot_answers, **{s: a for s, (_c, a) in self.picks.items()}}
            trial = self.game.clone()
            self.cursor = 0
            try:
                trial.step(answers)
                decisions = trial.pending()
            except NeedAnswer as need:
                if first and save_waiting is not None:
                    save_waiting()
                self.question = need
                self.version += 1
                return
            except Exception as err:  # a broken pack or plug-in: say so, keep the server up
                self.error = f"the game stopped: {type(err).__name__}: {err}"
                self.version += 1
                return
            record = {"picks": {str(s): c for s, (c, _a) in sorted(self.picks.items())},
                      "mid": [[s, c] for s, c, _a in self.mid]}
            if self.on_step is not None and (record["picks"] or record["mid"]):
                self.on_step(record)  # a turn of bots alone is played again by itself
            first = False
            self.seen = len(self.game.log["turns"])
            self.game, self.decisions = trial, decisions
            self.picks, self.mid, self.bot_answers, self.question = {}, [], None, None
            self.version += 1
            if self.game.over and self.on_over is not None:
                try:
                    self.on_over(self)
                except StoreError:
                    pass  # the log is made again from the saved turns at the next start
            if self.human_deciding():
                return

    # -- what each one sees ----------------------------------------------------------------
    def seat_view(self, seat: int) -> dict[str, Any]:
        """The seat's screen: its hand and its choices, the public table, who has picked."""
        with self.lock:
            game = self.game
            if game.over:
                view = game_view(game, seat, [], self.seen, live=False, final=game.scores)
            else:
                d = self.decisions.get(seat) if seat in self.human_deciding() and not self.question \
                    and not self.over else None
                moves = list(d.moves) if d is not None and d.kind == "move" else []
                view = game_view(game, seat, moves, self.seen, live=bool(moves))
                q = self.question
                if q is not None and q.seat == seat and not self.over:
                    if q.kind == "payment":
                        view["payment"] = payment_view(q.due, q.can)
                    else:
                        card_question(view, game, seat, q.cards, q.purpose)
                elif d is not None and d.kind == "card":
                    card_question(view, game, seat, d.cards, d.purpose)
            view["status"] = self.status()
            # a pick can be changed until the turn is tried; then it is no longer shown as open
            view["picked"] = self.picks.get(seat, ("",))[0] if self.question is None else ""
            view["seat_name"] = self.seats[seat].name
            self._shared(view)
            return view

    def _shared(self, view: dict[str, Any]) -> None:
        """What every page of the table shows: whom it waits for, its state, the chat."""
        view.update(waiting=self.waiting_for(), closed=self.closed, chat=self.chat_view(),
                    game_over=self.game.over)

    def public_view(self) -> dict[str, Any]:
        """A spectator's screen: the public table only, no hand and no kept cards."""
        with self.lock:
            game = self.game
            final = game.scores if game.over else None
            view = game_view(game, 0, [], self.seen, live=False, final=final)
            view.update(hand=[], kept=[], stage=None, discard=[], playing_for="",
                        table=[city_view(game, c) for c in game.cities], status=self.status())
            self._shared(view)
            return view

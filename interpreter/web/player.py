"""A game played from the browser: the engine's blocking loop runs in a worker thread and the
browser's seat is a bot whose choose() waits on a queue for the posted move.

Only this module knows how the engine asks for decisions (choose / choose_card /
choose_payment), so a new kind of decision (a draft, a new phase) is one more method here and
one more prompt kind. Like every bot, the browser's seat is given only its observation; the
screen it publishes is drawn by the server (LiveGame owns the game) and shows that seat's
hand and the public table only (views.game_view).
"""
from __future__ import annotations

import queue
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from interpreter.players.roster import make_bots
from interpreter.rules.compiled import CCard, CompiledPack
from interpreter.rules.moves import Move
from .answers import card_question, checked, payment_view
from .views import game_view

if TYPE_CHECKING:
    from interpreter.players.observation import Observation

STOP = object()


class Abandoned(Exception):
    """The browser started another game: this one's thread ends."""


@dataclass
class Prompt:
    kind: str  # "move" | "discard" | "payment"
    seat: int
    moves: list[Move] = field(default_factory=list)
    cards: list[CCard] = field(default_factory=list)


class WebHuman:
    """The browser's seat. Each decision publishes the screen, then waits for the answer."""

    name = "human"

    def __init__(self, live: "LiveGame"):
        self.live = live
        self.seen = 0  # log turns already shown as "what happened"

    def _view(self, obs: "Observation", moves: list[Move], live: bool) -> dict[str, Any]:
        game = self.live.game
        view = game_view(game, obs.seat, moves, self.seen, live=live)
        self.seen = len(game.log["turns"])
        return view

    def _wait(self) -> Any:
        answer = self.live.inbox.get()
        if answer is STOP:
            raise Abandoned()
        return answer

    def choose(self, obs: "Observation", moves: list[Move]) -> Move:
        self.live.publish(self._view(obs, moves, True), Prompt("move", obs.seat, moves=moves))
        return self._wait()

    def choose_card(self, obs: "Observation", cards: list[CCard], purpose: str) -> int | None:
        seat = obs.seat
        view = self._view(obs, [], False)
        card_question(view, self.live.game, seat, cards, purpose)
        self.live.publish(view, Prompt("discard", seat, cards=cards))
        return self._wait()

    def choose_payment(self, obs: "Observation", due: int, can: int) -> int:
        """A coin loss: pay 0..can of `due` coins, a debt token for each coin not paid."""
        seat = obs.seat
        view = self._view(obs, [], False)
        view["payment"] = payment_view(due, can)
        self.live.publish(view, Prompt("payment", seat, cards=[], moves=[]))
        self.payment_limit = can
        return self._wait()


class LiveGame:
    """One browser session's game: the Game, its thread and the latest screen."""

    def __init__(self, cp: CompiledPack, players: int, seed: int, bots: str = "greedy",
                 sides: str = "A", wonders: list[str] | None = None):
        from interpreter.players.gamelog import RecordedGame

        self.inbox: queue.Queue[Any] = queue.Queue()
        self.cond = threading.Condition()
        self.lock = threading.Lock()
        self.view: dict[str, Any] | None = None
        self.prompt: Prompt | None = None
        self.step = 0
        self.error = ""
        self.over = False
        self.human = WebHuman(self)
        names = ["You"] + [f"Bot {i + 2}" for i in range(players - 1)]
        self.game = RecordedGame(cp, [self.human] + make_bots(bots, players - 1), seed=seed, sides=sides,
                         names=names, log=True, wonders=wonders)
        self.game.log["setup"] = {"sides": sides, "wonders": wonders, "names": names}
        self.replay: Any = None  # built from the log once the game is over
        self.on_played: Any = None  # called with each accepted move's code (the table store)
        self.thread = threading.Thread(target=self._run, name=f"game-{seed}", daemon=True)

    def start(self, timeout: float = 30) -> "LiveGame":
        self.thread.start()
        self.wait_step(0, timeout)
        return self

    def _run(self) -> None:
        try:
            scores = self.game.play()
            view = game_view(self.game, 0, [], self.human.seen, live=False, final=scores)
            self.publish(view, None, over=True)
        except Abandoned:
            return
        except Exception as err:  # a broken pack or plug-in: say so, keep the server up
            with self.cond:
                self.error = f"the game stopped: {type(err).__name__}: {err}"
                self.over = True
                self.step += 1
                self.cond.notify_all()

    def publish(self, view: dict[str, Any], prompt: Prompt | None, over: bool = False) -> None:
        with self.cond:
            self.view, self.prompt, self.over = view, prompt, over
            self.step += 1
            self.cond.notify_all()

    def wait_step(self, after: int, timeout: float = 30) -> bool:
        with self.cond:
            return self.cond.wait_for(lambda: self.step > after, timeout)

    def submit(self, code: str) -> str:
        """Play a posted move ("" when accepted, else why not); returns once the bots moved."""
        with self.lock:
            prompt = self.prompt
            if self.over or prompt is None:
                return "the game is not waiting for a move"
            answer, why = self.check(prompt, code)
            if why:
                return why
            step = self.step
            if self.on_played is not None:  # saved before it counts: unsaved, it is not taken
                from .store import StoreError
                try:
                    self.on_played(code)
                except StoreError as err:
                    return str(err)
            self.prompt = None
            self.inbox.put(answer)
        self.wait_step(step)
        return ""

    def check(self, prompt: Prompt, code: str) -> tuple[Any, str]:
        """The posted text as an answer to the prompt, checked against the rules."""
        return checked(self.game, prompt.kind, prompt.seat, code, prompt.moves, len(prompt.cards),
                       getattr(self.human, "payment_limit", 0), self.game.actions_now, strict=False)

    def stop(self) -> None:
        self.inbox.put(STOP)

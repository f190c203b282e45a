"""A game at a table: the state (interpreter/game/state.py) with a bot in every seat.

The game's own layer never asks a player: it says who must decide (pending, deciders) and
takes answers (step). Game is where the players come in: each decision becomes the seat's
Observation (what that player may know, interpreter/players/observation.py) given to its bot,
and the bot's move is checked before it is played. A seat no player owns has a SeatController
in its slot, and the bot of the player controlling it now answers with the seat's observation.
"""
from __future__ import annotations

from typing import Any, Optional, Sequence

from interpreter.game.clone import clone_game
from interpreter.game.contract import Answer, Bot, IllegalMove
from interpreter.game.phases import AGE, RUNNERS
from interpreter.game.rng import Stream
from interpreter.game.seats import SeatController, must_play_refusal
from interpreter.game.state import GameState
from interpreter.players.observation import CityView, Observation
from interpreter.rules.compiled import CCard, CompiledPack
from interpreter.rules.moves import ALL_ACTIONS, BUILD, Move, legal_moves, refusal


class Game(GameState):
    """The state, the bots (one per player, in seat order) and their random streams."""

    base_fields: Optional[frozenset[str]] = None  # the fields of a plain game (determinize)

    def __init__(self, cp: CompiledPack, bots: Sequence[Bot], seed: int = 0, sides: str = "A",
                 wonders: Sequence[str] | None = None, names: Sequence[str] | None = None,
                 log: bool = False, max_actions: int | None = None):
        super().__init__(cp, [getattr(b, "name", type(b).__name__) for b in bots], seed, sides,
                         wonders, names, log, max_actions)
        self.bots = list(bots) + [SeatController(s, d) for s, d in self.unowned.items()]
        # each seat's bot draws from its own stream, so a bot's choices never change the deal
        self.bot_rngs = [Stream(seed, f"bot:{s}") for s in range(self.n)]
        self.search_rngs: list[Optional[Stream]] = [None] * self.n  # made when first asked for
        self.views: Optional[tuple[Any, list[Any]]] = None  # observation views of the cities
        if Game.base_fields is None:  # what a plain game holds (a subclass may add more)
            Game.base_fields = frozenset(self.__dict__)

    # -- what a seat is given ---------------------------------------------------------------
    def observe(self, seat: int) -> Observation:
        """What the player at `seat` may know now (all a bot is given)."""
        return Observation(self, seat)

    def city_views(self) -> tuple[Any, ...]:
        """Read-only views of the cities, made once per game (and again if replaced)."""
        views = self.views
        if views is None or views[1] is not self.cities:
            views = self.views = (tuple(CityView(c) for c in self.cities), self.cities)
        return views[0]

    def search_rng(self, seat: int) -> Stream:
        """The seat's search stream: Stream(seed, "search:<seat>"), made when first asked."""
        got = self.search_rngs[seat]
        if got is None:
            got = self.search_rngs[seat] = Stream(self.seed, f"search:{seat}")
        return got

    # -- the bots decide --------------------------------------------------------------------
    def bot_for(self, seat: int) -> Any:
        """The bot that chooses for this seat now: its own, or its controller's."""
        if self.unowned and seat in self.unowned:
            return self.bots[self.controller(seat)]
        return self.bots[seat]

    def play_age(self, age: int) -> None:
        """One age on its own (the age phase with its start), e.g. for tests (the game's
        position in its schedule is not kept)."""
        self.begin_age(age)
        self.run_phase(AGE, age)

    def decide(self, seat: int, actions: tuple[str, ...] = ALL_ACTIONS) -> Move:
        """The seat's bot chooses a move (given only its observation); checked here."""
        self.actions_now = actions
        moves = legal_moves(self.hands[seat], self.cities[seat], self.table, self.free_power(seat), actions)
        bound = self._bound(seat, moves)
        move = self.bot_for(seat).choose(Observation(self, seat), bound)
        if not isinstance(move, Move):  # checked first: a plain tuple can equal a legal Move
            raise IllegalMove(f"{self.cities[seat].name} ({getattr(self.bot_for(seat), 'name', '?')}): "
                              f"not a Move: {move!r}")
        if move in bound:  # generated as legal; only a foreign move needs the full check
            return move
        why = must_play_refusal(move, moves, bound, self.cities[seat].name)
        if why:
            raise IllegalMove(f"{self.cities[seat].name} ({getattr(self.bot_for(seat), 'name', '?')}): {why}")
        why = refusal(move, self.hands[seat], self.cities[seat], self.table, self.free_power(seat),
                      actions)
        if why:
            raise IllegalMove(f"{self.cities[seat].name} ({getattr(self.bot_for(seat), 'name', '?')}): {why}")
        return move

    def choose_card(self, seat: int, cards: list[CCard], purpose: str) -> int | None:
        """The seat's bot picks one of `cards` (None declines; a bot without choose_card
        takes the first)."""
        chooser = getattr(self.bot_for(seat), "choose_card", None)
        if purpose == "discard":  # it looks through the pile before it chooses, not after
            self.look_through_discard(seat)
        return 0 if chooser is None else chooser(self.observe(seat), cards, purpose)

    def choose_payment(self, seat: int, due: int, can: int) -> int:
        """The seat's bot says how much of a coin loss it pays (a bot without
        choose_payment pays all it can); the loss rules check the answer."""
        chooser = getattr(self.bot_for(seat), "choose_payment", None)
        return can if chooser is None else chooser(self.observe(seat), due, can)

    def run_phase(self, decl: Any, age: int) -> None:
        """One phase on its own, to its end, its moves from the bots (tests, play_age)."""
        self.phase = decl
        self.phase_age = age
        self.open_record(decl, age)
        RUNNERS[decl.kind].begin(self, decl, age)
        while True:
            deciding = self.advance(stop_at_done=True)
            if not deciding:
                return
            self._bots_play(deciding)

    def ask_bots(self, skip: int = -1) -> dict[int, Answer]:
        """The bots' answers at this position (every deciding seat but `skip`), for step()."""
        answers: dict[int, Answer] = {}
        for seat, kind, actions in self.deciders():
            if seat == skip:
                continue
            if kind == "card":
                answers[seat] = self.choose_card(seat, self.discard_choices(seat), "discard")
            else:
                answers[seat] = self.decide(seat) if actions is ALL_ACTIONS else self.decide(seat, actions)
        return answers

    def _bots_play(self, deciding: list[tuple[int, tuple[str, ...]]]) -> None:
        """The current position with the bots' answers (game.decide checks each move)."""
        if self.sub == "settle":
            kind, seat, hand = self.settle_queue[0]
            if kind == "discard":
                self.settle_queue.pop(0)
                unique = self.discard_choices(seat)
                self.build_discarded(seat, unique, self.choose_card(seat, unique, "discard"))
            else:
                self._build_hand_now(seat, hand, self.decide(seat, (BUILD,)))
            return
        moves: list[Optional[Move]] = [None] * self.n
        for seat, actions in deciding:  # (as the age's turns always asked: decide(seat))
            moves[seat] = self.decide(seat) if actions is ALL_ACTIONS else self.decide(seat, actions)
        RUNNERS[self.phase.kind].apply(self, moves)

    def play(self) -> dict[str, Any]:
        """The game to its end (from wherever it stands), the bots deciding; the scores."""
        while True:
            deciding = self.advance()
            if not deciding:
                return self.scores
            self._bots_play(deciding)

    def clone(self, bots: Optional[Sequence[Any]] = None) -> Any:
        """An independent copy at the same position sharing the compiled pack (see
        interpreter/game/clone.py); `bots` replaces the players' bots in the copy."""
        new = clone_game(self)
        d = new.__dict__
        d["bot_rngs"] = [r.copy() for r in self.bot_rngs]
        d["search_rngs"] = [r.copy() if r is not None else None for r in self.search_rngs]
        d["bots"] = list(bots) if bots is not None else self.bots[:]
        d["views"] = None
        return new

    def settle_discard_builds(self) -> None:
        """Every owed end-of-turn build now, the bots deciding (tests and tools; the
        position is left as it was)."""
        sub = self.sub
        self.start_settle()
        while self._settle_next():
            self._bots_play([])
        self.sub = sub
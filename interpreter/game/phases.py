"""Phase runners: the game is a schedule of phases, and an age is one phase kind among others.

The pack declares phases (dsl/phases.py has the kinds and their parameters); `schedule`
lays them out around the ages. Each kind is a small state machine over the game's position
(game.sub and game.turn, see interpreter/game/position.py) so that a game can stop at any turn,
be cloned, and go on:

    begin(game, decl, age)   deal; put the game at its first turn (or end the phase)
    deciders(game)           [(seat, actions)] who chooses a move now, and among what
    apply(game, moves)       play one turn with every decider's move (None for the others)
    after_settle(game)       go on once the turn's builds from the discard pile are done

A runner ends its phase by setting game.sub = "done". It drives the game's state through the
small interface of interpreter/game/contract.py (PhaseHost): deal, keep, resolve a turn, pass,
fight; it never asks a player (the position says who decides, interpreter/game/position.py). A new kind of phase is a new runner
here and a new row in dsl.phases.PHASES, not a branch in the game loop.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple, Optional, Sequence

from dsl.model import PhaseDecl
from dsl.phases import ALLIANCE, PHASES, TABLE_DECKS

from interpreter.rules.moves import ALL_ACTIONS, KEEP, Move
from interpreter.game.contract import PhaseHost
from interpreter.game.alliances import AlliancePhase
from interpreter.game.auction import AuctionPhase
from interpreter.game.events import RevealPhase, end_events
from interpreter.game.market import MarketPhase
from interpreter.game.seats import open_piles, seat_choices, seat_pools

AGE = PhaseDecl(name="age", kind="age", at="age")
Moves = Sequence[Optional[Move]]


class Step(NamedTuple):
    decl: PhaseDecl
    age: int


@lru_cache(maxsize=64)
def schedule(phases: tuple[PhaseDecl, ...], ages: int) -> tuple[Step, ...]:
    """Declared phases at their moments around the built-in age phases (computed once per
    rules: the result is shared, never changed)."""
    steps = [Step(p, 1) for p in phases if p.at == "start"]
    for age in range(1, ages + 1):
        steps.extend(Step(p, age) for p in phases if p.at == "before age" and p.runs_in(age))
        steps.append(Step(AGE, age))
        steps.extend(Step(p, age) for p in phases if p.at == "after age" and p.runs_in(age))
    steps.extend(Step(p, ages) for p in phases if p.at == "end")
    return tuple(steps)


def boxed_decks(cp: Any) -> list[str]:
    """The declared decks no draft deals and the table does not keep (islands a track step
    draws), in the rules' order."""
    drafted = {p.deck for p in cp.rules.phases if p.kind in ("draft", ALLIANCE) or p.kind in TABLE_DECKS}
    return [name for name in cp.rules.decks if name not in drafted]


def boxed_at_start(cp: Any, n_players: int) -> list[Any]:
    """The cards of boxed_decks in the pack's order: they wait in the box from the start,
    for `draw N from DECK`."""
    return [c for name in boxed_decks(cp) for c in cp.deck_cards(name, n_players)]


class AgePhase:
    """Deal the age's deck; turns until one card is left; the last card; conflicts.
    game.sub: "turn" (everyone plays), "second" (the players who take a second card this turn
    play it), "last" (the `play last card` players play it)."""

    def begin(self, game: PhaseHost, decl: PhaseDecl, age: int) -> None:
        game.deal(age)
        game.start_lineage()
        if game.last_turn < 1:  # no turn at all: straight to the conflicts
            self.after_settle(game)
            return
        self.start_turn(game, 1)

    def start_turn(self, game: PhaseHost, turn: int) -> None:
        """A turn begins: the holder of a seat with a pile draws its top card."""
        game.begin_turn(turn)
        if game.piles:
            open_piles(game)
        game.sub = "turn"

    def deciders(self, game: PhaseHost) -> list[tuple[int, tuple[str, ...]]]:
        if game.sub == "seat":  # the cards for seats no player owns, after their own
            return [(s, ALL_ACTIONS) for s in game.seat_turn]
        seats = game.extra if game.sub in ("last", "second") else range(game.n)
        if game.piles and game.sub == "turn":  # (a second card played earlier can empty a hand)
            return [(s, ALL_ACTIONS) for s in seats if s not in game.piles and game.hands[s]]
        return [(s, ALL_ACTIONS) for s in seats if game.hands[s]]  # (second cards can empty one)

    def apply(self, game: PhaseHost, moves: Moves) -> None:
        """One turn: everyone's moves at once (a seat no player owns with a pile gets its card
        in a sub-step "seat" after its controller's own choice); on the age's last turn the
        last-card players play next (a sub-step of their own), then the leftover cards are
        discarded."""
        last = game.last_turn
        if game.sub == "turn" and game.piles:
            game.held_moves = list(moves)
            game.seat_turn = seat_pools(game, game.held_moves)
            if game.seat_turn:
                game.sub = "seat"
                return
        if game.sub == "seat":
            moves = seat_choices(game, game.held_moves, moves)
            game.held_moves, game.seat_turn = [], []
        if game.sub == "last":
            game.resolve(moves, note="last card")
        else:
            if game.sub == "second":  # (interpreter/game/second.py)
                game.resolve(moves, note="second card")
                game.end_second()
            else:
                game.resolve(moves)
                if game.offer_second():
                    game.sub = "second"
                    return
            if game.turn == last:
                extra = [s for s in range(game.n) if game.cities[s].play_last and game.hands[s]]
                if extra:
                    game.extra = extra
                    game.sub = "last"
                    return
        if game.extra:
            game.extra = []
        if game.turn == last:
            game.discard_hands()
        if game.owed or game.owed_hands:
            game.start_settle()
        else:
            self.after_settle(game)

    def after_settle(self, game: PhaseHost) -> None:
        """Pass the hands and begin the next turn, or end the age with its conflicts."""
        last = game.last_turn
        age = game.phase_age
        if game.turn < last:
            game.pass_hands(game.rules.pass_directions[age - 1])
            self.start_turn(game, game.turn + 1)
            return
        game.end_projects(age)
        game.war(age)
        if game.has_triggers:  # `when age ends` triggers, after the conflicts
            game.boundary("age_end")
        game.end_durations()  # then what lasts `until age ends` ends
        if game.revealed:  # and the table's events of this age (interpreter/game/events.py)
            end_events(game)
        game.sub = "done"


class DraftPhase:
    """Deal `deal` cards of the deck to each player; keep one, pass the rest, until done.
    game.sub: "keep"; game.kept holds what each player kept so far."""

    def begin(self, game: PhaseHost, decl: PhaseDecl, age: int) -> None:
        game.hands = game.deal_deck(decl)
        game.start_lineage()
        game.kept = [[] for _ in range(game.n)]
        if any(game.hands):
            game.begin_turn(1)
            game.sub = "keep"
        else:
            self.finish(game)

    def deciders(self, game: PhaseHost) -> list[tuple[int, tuple[str, ...]]]:
        return [(s, (KEEP,)) for s in range(game.n) if len(game.hands[s]) > 1]

    def apply(self, game: PhaseHost, moves: Moves) -> None:
        """A player with one card left keeps it without choosing."""
        game.keep([m if m is not None else (Move(0, KEEP) if game.hands[s] else None)
                   for s, m in enumerate(moves)], game.kept)
        if any(game.hands):
            game.pass_hands(game.phase.pass_to, players_only=True)
            game.begin_turn(game.turn + 1)
        else:
            self.finish(game)

    def after_settle(self, game: PhaseHost) -> None:  # pragma: no cover - a draft builds nothing
        raise RuntimeError("a draft has no builds to settle")

    def finish(self, game: PhaseHost) -> None:
        for seat, city in enumerate(game.cities):
            city.hands.setdefault(game.phase.hand, []).extend(game.kept[seat])
        game.hands = [[] for _ in range(game.n)]
        game.kept = []
        game.sub = "done"


class RecruitPhase:
    """Each player plays one card of a second hand; the rest is kept or put away.
    game.sub: "turn" (the hands are the second hands themselves, one list each)."""

    def begin(self, game: PhaseHost, decl: PhaseDecl, age: int) -> None:
        game.hands = [city.hands.setdefault(decl.hand, []) for city in game.cities]
        game.begin_turn(1)
        game.sub = "turn"

    def deciders(self, game: PhaseHost) -> list[tuple[int, tuple[str, ...]]]:
        actions = tuple(a for a in ALL_ACTIONS if a in game.phase.actions)
        if actions == ALL_ACTIONS:
            actions = ALL_ACTIONS  # the same object: legal_moves takes its fast path
        return [(s, actions) for s in range(game.n) if game.hands[s]]

    def apply(self, game: PhaseHost, moves: Moves) -> None:
        game.resolve(moves, sold=game.phase.sold)
        game.start_settle()

    def after_settle(self, game: PhaseHost) -> None:
        decl = game.phase
        if decl.rest != "keep":
            for seat, hand in enumerate(game.hands):
                if decl.rest == "box":
                    game.to_box(hand, seat)
                else:
                    game.to_discard(hand, seat)
                hand.clear()
        game.hands = [[] for _ in range(game.n)]
        game.sub = "done"


RUNNERS: dict[str, AgePhase | DraftPhase | RecruitPhase | RevealPhase | AuctionPhase | MarketPhase
              | AlliancePhase] = {
    "age": AgePhase(), "draft": DraftPhase(), "recruit": RecruitPhase(), "reveal": RevealPhase(),
    "auction": AuctionPhase(), "market": MarketPhase(), "alliance": AlliancePhase()}

if set(RUNNERS) != set(PHASES):  # pragma: no cover - caught by the test suite too
    raise RuntimeError(f"phase runners out of step with dsl.phases: {sorted(set(RUNNERS) ^ set(PHASES))}")


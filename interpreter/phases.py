"""Phase runners: the game is a schedule of phases, and an age is one phase kind among others.

The pack declares phases (dsl/phases.py has the kinds and their parameters); `schedule`
lays them out around the ages, and each runner plays its phase on the game through the
same primitives (decide, resolve, settle, pass). A new kind of phase is a new runner here
and a new row in dsl.phases.PHASES, not a branch in the game loop.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Callable, NamedTuple

from dsl.model import PhaseDecl
from dsl.phases import PHASES

from .moves import ALL_ACTIONS, KEEP, Move

if TYPE_CHECKING:
    from .game import Game

AGE = PhaseDecl(name="age", kind="age", at="age")


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


def run_age(game: "Game", decl: PhaseDecl, age: int) -> None:
    """Deal the age's deck; turns until one card is left; the last card; conflicts."""
    game.deal(age)
    for turn in range(1, game.rules.hand_size_at(game.n)):
        age_turn(game, age, turn)
    game.war(age)


def age_turn(game: "Game", age: int, turn: int) -> None:
    """One turn of an age: every move at once; on the last turn the `play last card` plays
    and the discarding of every card left; builds owed from the discard pile; the pass."""
    last = game.rules.hand_size_at(game.n) - 1
    game.begin_turn(turn)
    game.resolve(game.turn_moves())
    if turn == last:
        extra = [s for s in range(game.n) if game.cities[s].play_last and game.hands[s]]
        if extra:
            game.resolve([game.decide(s) if s in extra else None for s in range(game.n)],
                         note="last card")
        for hand in game.hands:  # the players' last cards (and a seat's last pile card)
            game.discard.extend(hand)
            hand.clear()
    if game.owed or game.owed_hands:
        game.settle_discard_builds()
    if turn < last:
        game.pass_hands(game.rules.pass_directions[age - 1])


def run_draft(game: "Game", decl: PhaseDecl, age: int) -> None:
    """Deal `deal` cards of the deck to each player; keep one, pass the rest, until done."""
    game.hands = game.deal_deck(decl)
    kept: list[list] = [[] for _ in range(game.n)]
    pick = 0
    while any(game.hands):
        pick += 1
        game.begin_turn(pick)
        moves = [(game.decide(s, (KEEP,)) if len(game.hands[s]) > 1 else Move(0, KEEP))
                 if game.hands[s] else None for s in range(game.n)]
        game.keep(moves, kept)
        if any(game.hands):
            game.pass_hands(decl.pass_to, players_only=True)
    for seat, city in enumerate(game.cities):
        city.hands.setdefault(decl.hand, []).extend(kept[seat])
    game.hands = [[] for _ in range(game.n)]


def run_recruit(game: "Game", decl: PhaseDecl, age: int) -> None:
    """Each player plays one card of a second hand; the rest is kept or put away."""
    game.hands = [city.hands.setdefault(decl.hand, []) for city in game.cities]
    game.begin_turn(1)
    actions = tuple(a for a in ALL_ACTIONS if a in decl.actions)
    if actions == ALL_ACTIONS:
        actions = ALL_ACTIONS  # the same object: legal_moves takes its fast path
    game.resolve([game.decide(s, actions) if game.hands[s] else None for s in range(game.n)],
                 sold=decl.sold)
    game.settle_discard_builds()
    if decl.rest != "keep":
        for hand in game.hands:
            (game.box if decl.rest == "box" else game.discard).extend(hand)
            hand.clear()
    game.hands = [[] for _ in range(game.n)]


RUNNERS: dict[str, Callable[["Game", PhaseDecl, int], None]] = {
    "age": run_age, "draft": run_draft, "recruit": run_recruit}

if set(RUNNERS) != set(PHASES):  # pragma: no cover - caught by the test suite too
    raise RuntimeError(f"phase runners out of step with dsl.phases: {sorted(set(RUNNERS) ^ set(PHASES))}")

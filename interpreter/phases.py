"""Phase runners: the game is a schedule of phases, and an age is one phase kind among others.

The pack declares phases (dsl/phases.py has the kinds and their parameters); `schedule`
lays them out around the ages, and each runner plays its phase on the game through the
same primitives (decide, resolve, settle, pass). A new kind of phase is a new runner here
and a new row in dsl.phases.PHASES, not a branch in the game loop.
"""
from __future__ import annotations

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


def schedule(phases: tuple[PhaseDecl, ...], ages: int) -> list[Step]:
    """Declared phases at their moments around the built-in age phases."""
    steps = [Step(p, 1) for p in phases if p.at == "start"]
    for age in range(1, ages + 1):
        steps.extend(Step(p, age) for p in phases if p.at == "before age" and p.runs_in(age))
        steps.append(Step(AGE, age))
        steps.extend(Step(p, age) for p in phases if p.at == "after age" and p.runs_in(age))
    steps.extend(Step(p, ages) for p in phases if p.at == "end")
    return steps


def run_age(game: "Game", decl: PhaseDecl, age: int) -> None:
    """Deal the age's deck; turns until one card is left; the last card; conflicts."""
    game.deal(age)
    last = game.rules.hand_size_at(game.n) - 1
    for turn in range(1, last + 1):
        game.begin_turn(turn)
        game.resolve([game.decide(seat) for seat in range(game.n)])
        if turn == last:
            extra = [s for s in range(game.n) if game.cities[s].play_last and game.hands[s]]
            if extra:
                game.resolve([game.decide(s) if s in extra else None for s in range(game.n)],
                             note="last card")
            for hand in game.hands:
                game.discard.extend(hand)
                hand.clear()
        if game.owed or game.owed_hands:
            game.settle_discard_builds()
        if turn < last:
            game.pass_hands(game.rules.pass_directions[age - 1])
    game.war(age)


def run_draft(game: "Game", decl: PhaseDecl, age: int) -> None:
    """Deal `deal` cards of the deck to each player; keep one, pass the rest, until done."""
    deck = game.cp.deck_cards(decl.deck, game.n)
    game.rng.shuffle(deck)
    size = decl.deal
    if len(deck) < size * game.n:
        raise ValueError(f"phase '{decl.name}': the deck '{decl.deck}' has {len(deck)} cards for "
                         f"{game.n} players; {size * game.n} are needed")
    game.hands = [deck[i * size:(i + 1) * size] for i in range(game.n)]
    game.box.extend(deck[size * game.n:])
    kept: list[list] = [[] for _ in range(game.n)]
    pick = 0
    while any(game.hands):
        pick += 1
        game.begin_turn(pick)
        moves = [game.decide(s, (KEEP,)) if len(game.hands[s]) > 1 else Move(0, KEEP)
                 for s in range(game.n)]
        game.keep(moves, kept)
        if any(game.hands):
            game.pass_hands(decl.pass_to)
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

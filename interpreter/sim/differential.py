"""The same seeds on both cores, compared move by move: the differential check of issue 15.

Both cores write a trace: at every decision the seat, its legal moves (payments included) and
the one chosen; at every card chosen from the discard pile the candidates and the pick; after
every resolution, discard build and war a digest of the state (coins, stages, built cards,
tokens, hands, the discard pile). Then the final score pads. The first difference is reported.
"""
from __future__ import annotations

from typing import Any, Sequence

from interpreter.players.roster import make_bots
from interpreter.rules.compiled import CompiledPack
from interpreter.players.game import Game
from interpreter.rules.moves import ALL_ACTIONS, Move, legal_moves

Record = tuple[Any, ...]


class TracedGame(Game):
    """The Python engine, unchanged, with a trace taken at the points the native core takes one."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.trace: list[Record] = []

    def decide(self, seat: int, actions: tuple[str, ...] = ALL_ACTIONS) -> Move:
        """Game.decide, traced (ALL_ACTIONS itself: an age's turn offers `law` moves too)."""
        moves = legal_moves(self.hands[seat], self.cities[seat], self.table, self.free_power(seat), actions)
        move = super().decide(seat, actions)
        self.trace.append(("moves", seat, [tuple(m) for m in moves], moves.index(move)))
        return move

    def choose_card(self, seat: int, cards: list, purpose: str) -> int | None:
        pick = super().choose_card(seat, cards, purpose)
        self.trace.append(("card", seat, [c.id for c in cards], pick))
        return pick

    def resolve(self, *args: Any, **kwargs: Any) -> list[int]:
        out = super().resolve(*args, **kwargs)
        self.trace.append(("state", digest(self)))
        return out

    def build_discarded(self, seat: int, unique: list, pick: int | None) -> None:
        before = self.actions
        super().build_discarded(seat, unique, pick)
        if self.actions != before:
            self.trace.append(("state", digest(self)))

    def war(self, age: int) -> None:
        super().war(age)
        self.trace.append(("state", digest(self)))


def digest(game: Game) -> tuple[Any, ...]:
    from interpreter.native.lower import hand_names
    names, kinds = hand_names(game.cp), list(game.rules.tokens)
    cities = tuple((c.coins, c.stages_built, int(c.free_build_used), c.shields, tuple(x.id for x in c.cards),
                    tuple(c.tokens), tuple(x.id for x in game.hands[c.seat]),
                    tuple(tuple(x.id for x in c.hands.get(h, ())) for h in names),
                    tuple(c.token_counts.get(k, 0) for k in kinds), tuple(x.id for x in c.copied_now),
                    tuple(c.built_stages), tuple(c.track_pos))
                   for c in game.cities)
    return (game.age, game.turn, cities, tuple(x.id for x in game.discard), tuple(x.id for x in game.box))


def decode(ints: Sequence[int], n: int, n_hands: int = 0, n_kinds: int = 0, n_tracks: int = 0) -> list[Record]:
    """The native core's trace (turn.pxi) as the records TracedGame writes."""
    from interpreter.native import _core
    actions, frees = _core.ACTIONS, _core.FREES
    out: list[Record] = []
    pos = [0]

    def take(k: int) -> tuple[int, ...]:
        got = tuple(ints[pos[0]:pos[0] + k])
        pos[0] += k
        return got

    def counted() -> tuple[int, ...]:
        return take(take(1)[0])
    while pos[0] < len(ints):
        tag = take(1)[0]
        if tag == 1:
            seat, nm = take(2)
            moves = []
            for _ in range(nm):
                c, a, left, right, fr, extra, far0, far1, stage = take(9)
                moves.append((c, actions[a], left, right, frees[fr], extra, (far0, far1), stage))
            out.append(("moves", seat, moves, take(1)[0]))
        elif tag == 2:
            seat = take(1)[0]
            cards = counted()
            pick = take(1)[0]
            out.append(("card", seat, list(cards), None if pick < 0 else pick))  # < 0: declined
        else:
            age, turn = take(2)
            cities = []
            for _ in range(n):
                coins, stages, used, shields = take(4)
                cards, tokens, hand = counted(), counted(), counted()
                hands = tuple(counted() for _ in range(n_hands))
                cities.append((coins, stages, used, shields, cards, tokens, hand, hands, take(n_kinds),
                               counted(), counted(), take(n_tracks)))
            out.append(("state", (age, turn, tuple(cities), counted(), counted())))
    return out


def python_run(cp: CompiledPack, seed: int, n: int, bots: str, sides: str,
               wonders: Sequence[str] | None = None) -> tuple[list[Record], Any]:
    game = TracedGame(cp, make_bots(bots, n), seed=seed, sides=sides, wonders=wonders)
    scores = game.play()
    pads = [[p[k] for k in (*cp.rules.score_lines, "total")] for p in scores["players"]]
    return game.trace, (pads, scores["winners"])


def native_run(cp: CompiledPack, seed: int, n: int, bots: str, sides: str,
               wonders: Sequence[str] | None = None) -> tuple[list[Record], Any]:
    from interpreter.native import start
    from interpreter.native.lower import hand_names
    g = start(cp, seed, n, bots, sides, wonders, trace=True)
    g.play()
    pads, winners, _ = g.scores()
    return decode(g.trace(), len(g.cities()), len(hand_names(cp)), len(cp.rules.tokens), len(cp.tracks)), (pads, winners)


def first_difference(cp: CompiledPack, seed: int, n: int, bots: str = "random", sides: str = "A",
                     wonders: Sequence[str] | None = None) -> str:
    """'' when both cores play the game identically (or both stop it past the runtime bound,
    GameOverflow); else where they part. `wonders`: the boards dealt, by seat (default: drawn)."""
    from interpreter.game.contract import GameOverflow
    stopped = []
    for run in (python_run, native_run):
        try:
            stopped.append(run(cp, seed, n, bots, sides, wonders))
        except GameOverflow:
            stopped.append(None)
    if stopped.count(None) == 2:
        return ""
    if None in stopped:
        which = "Python" if stopped[0] is None else "the native core"
        return f"seed {seed}, {n} players, {bots}: only {which} stopped the game past the runtime bound"
    (py, py_end), (nat, nat_end) = stopped
    for k, (a, b) in enumerate(zip(py, nat)):
        if a != b:
            return f"seed {seed}, {n} players, {bots}: record {k} differs:\n python {a}\n native {b}"
    if len(py) != len(nat):
        return f"seed {seed}, {n} players, {bots}: {len(py)} records in Python, {len(nat)} natively"
    if py_end != nat_end:
        return f"seed {seed}, {n} players, {bots}: scores differ:\n python {py_end}\n native {nat_end}"
    return ""

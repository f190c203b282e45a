"""`wonders tune --wonder W --side S --stage K`: a wonder stage's number tuned like a card's.

A stage's numbers are found as a card's are (those printed in its effect text, then its cost's:
sim/tune.py, `numbers`) and varied the same way, the pack compiled once per value. What is
measured is the wonder's city, not a branch: a stage stays on its board, so a game branched on
building it now or not mostly measures when it is built (the alternative line builds it a turn
or two later and scores it all the same: a first version measured so fitted 0.28 of a point
per point of the stage over 20 seeds of the planted board, benchmarks/planted-tune/obelisk,
where the whole game moves by about 0.7). So each seeded game deals the
tuned wonder and its peers (the wonders named with --against, in every game; else the other
boards of that side, at random) to seats drawn from the seed, every board on the named side,
and plays it twice, the tuned wonder and one peer swapping seats (a seat's own advantage
cancels); the measurement is the wonder's city's final total against its peers' cities', per
seed, at each value on the same seeds. Even: the wonder scores what its peers score.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Sequence



@dataclass(frozen=True)
class StageRef:
    """A wonder's stage: the wonder, its side and the stage's number (1-based, as printed)."""

    wonder: str
    side: str
    stage: int

    @property
    def label(self) -> str:
        return f"{self.wonder} {self.side} stage {self.stage}"

    def of(self, pack: Any) -> Any:
        """The stage in the pack (dsl.model.Stage)."""
        wonder = next(w for w in pack.wonders if w.name == self.wonder)
        return wonder.sides[self.side].stages[self.stage - 1]

    def as_json(self) -> dict[str, Any]:
        return {"wonder": self.wonder, "side": self.side, "stage": self.stage}


def stage_of(pack: Any, wonder: str, side: str | None, stage: int | None) -> StageRef:
    """The stage named on the command line, checked (ValueError: the wonders, sides or stages
    there are, and the closest name)."""
    import difflib
    by = {w.name.casefold(): w for w in pack.wonders}
    w = by.get(wonder.casefold())
    if w is None:
        close = difflib.get_close_matches(wonder.casefold(), list(by), n=1, cutoff=0.5)
        hint = f"; did you mean '{by[close[0]].name}'?" if close else ""
        raise ValueError(f"no wonder named '{wonder}' in pack '{pack.name}'{hint}")
    sides = sorted(w.sides)
    if side is None:
        if len(sides) > 1:
            raise ValueError(f"{w.name} has sides {', '.join(sides)}: say which with --side")
        side = sides[0]
    hit = [s for s in sides if s.casefold() == side.casefold() or w.sides[s].alias.casefold() == side.casefold()]
    if not hit:
        raise ValueError(f"{w.name} has no side '{side}' (sides: {', '.join(sides)})")
    stages = w.sides[hit[0]].stages
    if stage is None:
        raise ValueError(f"--wonder {w.name}: say which stage with --stage (1 to {len(stages)})")
    if not 1 <= stage <= len(stages):
        raise ValueError(f"{w.name} side {hit[0]} has {len(stages)} stages, not a stage {stage}")
    if stages[stage - 1].copy:
        raise ValueError(f"{w.name} side {hit[0]} stage {stage} copies its {stages[stage - 1].copy} "
                         "neighbour's stage: it has no number of its own to tune")
    return StageRef(w.name, hit[0], stage)


def peers_of(pack: Any, ref: StageRef, against: Sequence[str] | None, players: int) -> list[str]:
    """The wonders whose same stage the stage is measured against (checked, ValueError): those
    named, dealt in every game with it, or every other wonder with that side and stage."""
    by = {w.name.casefold(): w for w in pack.wonders}
    boards = sum(ref.side in w.sides for w in pack.wonders)
    if boards < players:  # every city plays the side named
        raise ValueError(f"{players} players need {players} boards with a side {ref.side}; "
                         f"pack '{pack.name}' has {boards}")
    if against:
        peers = []
        for name in against:
            w = by.get(name.casefold())
            if w is None:
                import difflib
                close = difflib.get_close_matches(name.casefold(), list(by), n=1, cutoff=0.5)
                hint = f"; did you mean '{by[close[0]].name}'?" if close else ""
                raise ValueError(f"--against {name}: no wonder of that name in pack '{pack.name}'{hint}")
            if w.name == ref.wonder:
                raise ValueError(f"--against {w.name}: a wonder is not its own peer")
            if ref.side not in w.sides or len(w.sides[ref.side].stages) < ref.stage:
                raise ValueError(f"--against {w.name}: it has no side {ref.side} stage {ref.stage}")
            peers.append(w.name)
        peers = list(dict.fromkeys(peers))
        if 1 + len(peers) > players:
            raise ValueError(f"--against: {1 + len(peers)} wonders dealt in every game, more than "
                             f"{players} players")
        return peers
    peers = [w.name for w in pack.wonders if w.name != ref.wonder and ref.side in w.sides
             and len(w.sides[ref.side].stages) >= ref.stage]
    if not peers:
        raise ValueError(f"{ref.label} has no peers (no other wonder with a side {ref.side} stage "
                         f"{ref.stage}): name some with --against")
    return peers


def stage_variant(pack: Any, ref: StageRef, num: Any, value: int) -> Any:
    """The pack compiled with the stage's number set to `value` (nothing else changed)."""
    from interpreter.rules.compiled import compile_pack

    from .tune import with_value
    wonders = []
    for w in pack.wonders:
        if w.name == ref.wonder:
            side = w.sides[ref.side]
            stages = list(side.stages)
            stages[ref.stage - 1] = with_value(stages[ref.stage - 1], num.path, value)
            w = replace(w, sides={**w.sides, ref.side: replace(side, stages=tuple(stages))})
        wonders.append(w)
    return compile_pack(replace(pack, wonders=tuple(wonders)))


def deal(cp: Any, ref: StageRef, forced: Sequence[str], players: int, seed: int) -> tuple[list[str], int]:
    """The players' wonders: the tuned one and `forced` at seats drawn from the seed, the other
    seats the side's other boards at random; and the seat of the peer the mirror game swaps it
    with (the first forced, else one drawn)."""
    rng = random.Random(f"tune-stage:{seed}")
    pool = [w for w in cp.wonders if (w, ref.side) in cp.sides and w != ref.wonder and w not in forced]
    dealt = [ref.wonder, *forced, *rng.sample(pool, max(0, players - 1 - len(forced)))]
    rng.shuffle(dealt)
    swap = dealt.index(forced[0]) if forced else rng.choice([s for s, w in enumerate(dealt) if w != ref.wonder])
    return dealt, swap


def totals(cp: Any, seed: int, players: int, bots: str, side: str, wonders: Sequence[str]) -> list[int]:
    """Each seat's total at the end of one game with these wonders, every board on `side`: on
    the native core where it runs the pack and the bots (the same game, faster), else in Python."""
    from interpreter import native
    if native.available() and not native.unsupported(cp) and not native.undealable(cp, players) \
            and native.policies(bots, players) is not None:
        try:
            game = native.start(cp, seed, players, bots, side, wonders)
        except native.NotNative:  # (a seat no player owns, say): Python plays it
            pass
        else:
            game.play()
            return [pad[-1] for pad in game.scores()[0]]
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    scores = Game(cp, make_bots(bots, players), seed=seed, sides=side, wonders=wonders).play()
    return [p["total"] for p in scores["players"]]


def stage_game(cp: Any, seed: int, players: int, bots: str, ref: StageRef, peers: Sequence[str],
               forced: Sequence[str]) -> tuple[float | None, tuple[float, ...]]:
    """One seed's measurement: (the tuned wonder's city's total, the mean of its two games;
    the peers' cities' totals in both). The seed's deal is played twice, the second time with
    the tuned wonder and a peer swapping seats, so a seat's own advantage cancels."""
    dealt, swap = deal(cp, ref, forced, players, seed)
    at = dealt.index(ref.wonder)
    mirror = list(dealt)
    mirror[at], mirror[swap] = mirror[swap], mirror[at]
    tuned: list[int] = []
    theirs: list[float] = []
    for wonders in (dealt, mirror):
        got = totals(cp, seed, players, bots, ref.side, wonders)
        for seat, w in enumerate(wonders):
            if w == ref.wonder:
                tuned.append(got[seat])
            elif w in peers:
                theirs.append(got[seat])
    return sum(tuned) / len(tuned), tuple(theirs)

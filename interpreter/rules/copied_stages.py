"""Wonder stages written `copy: left|right`: each seat's board resolved against its neighbours.

The reading followed (the printed rules leave it open): a copying stage has the cost and the
reward of the stage with the same number on that neighbour's board as dealt, whether or not the
neighbour has built it, in whichever order that board's stages are built. When that board has no
stage of that number (or it copies too), the stage cannot be built, and the refusal says why.
The neighbours never change during a game, so this is done once, as the boards are dealt."""
from __future__ import annotations

from dataclasses import replace

from interpreter.rules.compiled import CSide, CStage


def seat_sides(sides: list[CSide]) -> list[CSide]:
    """Each seat's side, its copying stages replaced by what they copy (the seats in ring
    order: a seat's left neighbour is the next seat, as for trading)."""
    n = len(sides)
    return [_resolved(side, sides[(seat + 1) % n], sides[(seat - 1) % n]) if _copies(side) else side
            for seat, side in enumerate(sides)]


def _copies(side: CSide) -> bool:
    return any(st.copy for st in side.stages)


def _resolved(side: CSide, left: CSide, right: CSide) -> CSide:
    stages: list[CStage] = []
    printed = list(side.source.stages)
    for k, st in enumerate(side.stages):
        if not st.copy:
            stages.append(st)
            continue
        other = left if st.copy == "left" else right
        theirs = other.stages[k] if k < len(other.stages) else None
        if theirs is None or theirs.copy:
            why = f"has no stage {k + 1}" if theirs is None else "copies a neighbour's stage there too"
            stages.append(replace(st, blocked=f"stage {k + 1} copies the {st.copy} neighbour's stage "
                                  f"{k + 1}, and that board ({other.wonder} {other.side}) {why}"))
            continue
        stages.append(replace(theirs, index=k))
        printed[k] = other.source.stages[k]
    return replace(side, stages=tuple(stages), source=replace(side.source, stages=tuple(printed)))

"""Checks of when a pack's zones and decisions can work, by the schedule of its phases (the
order they run in, not the order they are written in): a hand read before any phase fills it,
a deck the table keeps that an effect draws from the box, a recruitment that can leave a player
with no legal move (the phase would never end), an auction where nobody can hold a coin to bid.
"""
from __future__ import annotations

from typing import Any, Callable

from . import ast as A
from .model import Card, PhaseDecl, Rules
from .phases import ALLIANCE, TABLE_DECKS

Report = Callable[..., None]


def first_run(p: PhaseDecl, ages: int) -> tuple[int, int] | None:
    """When a phase first runs in the schedule (start, each age's before and after, end), as a
    sortable key; None when it never runs. Phases of one moment run in the order written."""
    if p.at == "start":
        return (0, 0)
    if p.at == "end":
        return (ages + 1, 0)
    runs = [a for a in range(1, ages + 1) if p.runs_in(a)]
    if not runs:
        return None
    return (runs[0], 0 if p.at == "before age" else 2)


def _when(p: PhaseDecl, key: tuple[int, int], ages: int) -> str:
    if key[0] == 0:
        return "at the start"
    if key[0] == ages + 1:
        return "at the end"
    return f"{'before' if key[1] == 0 else 'after'} age {key[0]}"


def check_phase_order(rules: Rules) -> list[tuple[int, str, str]]:
    """(phase index, the key at fault, why) of each phase that cannot work where it runs."""
    out: list[tuple[int, str, str]] = []
    ages = rules.ages
    for i, p in enumerate(rules.phases):
        here = first_run(p, ages)
        if p.kind == "recruit" and "sell" not in p.actions:
            out.append((i, "actions", f"'[{', '.join(p.actions)}]': in the phase '{p.name}' a player holding "
                        "only cards it cannot pay for "
                        "(and no wonder stage to build) would have no legal move, so the phase would "
                        "never end: add `sell` to actions (selling is always possible)"))
        if p.kind == "recruit" and here is not None:
            fillers = [(first_run(q, ages), k, q) for k, q in enumerate(rules.phases[:i])
                       if q.kind in ("draft", "market") and q.hand == p.hand]
            runs = [(key, k, q) for key, k, q in fillers if key is not None]
            if fillers and (not runs or min(runs)[0] > here):
                first = min(runs)[2] if runs else fillers[0][2]
                said = _when(first, min(runs)[0], ages) if runs else "never"
                out.append((i, "hand", f"phase '{p.name}' reads the hand '{p.hand}' {_when(p, here, ages)}, "
                            f"before any phase fills it (the {first.kind} '{first.name}' first runs {said}): "
                            "the hand would still be empty"))
        if p.kind == "auction" and here is not None and rules.starting_coins == 0 and here <= (1, 0) \
                and not any(q.kind == "recruit" and (first_run(q, ages) or (99, 0)) <= here
                            for q in rules.phases[:i]):
            out.append((i, "at", f"'{p.at}': the phase '{p.name}' runs {_when(p, here, ages)}, when every "
                        "city holds 0 coins (starting_coins 0), so every bid is 0, a tie, and its cards "
                        "are never sold: run it after an age, or give the cities coins"))
    return out


def check_table_draws(cards: list[Card], rules: Rules, report: Report) -> None:
    """`draw N from DECK` takes cards of DECK from the box; a deck the table keeps (revealed,
    auctioned, laid out in a market) or an alliance's never goes there: the draw finds nothing."""
    kept = {p.deck: p.kind for p in rules.phases if p.kind in TABLE_DECKS or p.kind == ALLIANCE}
    for c in cards:
        for k, use in enumerate(c.effects):
            for e in A.unwrapped(A.expanded((use,))):
                drawn = e.effect if isinstance(e, A.Trigger) else e
                if isinstance(drawn, A.Draw) and drawn.deck in kept:
                    text = f"draw {drawn.count} from {drawn.deck}"
                    an = "an" if kept[drawn.deck][0] in "aeiou" else "a"
                    report(c.source.file, c.source.at(f"effect:{k}"), f"'{text}': the deck '{drawn.deck}' "
                           f"is the table's ({an} {kept[drawn.deck]} phase uses it), never in the box, so "
                           "the draw would find nothing", f'card "{c.name}"', "range", len(text))

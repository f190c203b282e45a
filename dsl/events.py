"""Checks of the table's own decks (phases of kind `reveal` or `auction`): what revealed cards
may say, and that the deck holds a card for every reveal or auction of the game.

A revealed card is the table's, not a city's: its effects hold for every city while it is face
up (like a law tile of the tower), so only changes of rules numbers (`rule ...`) are allowed.
"""
from __future__ import annotations

from typing import Any, Callable

from . import ast as A
from .english import effects_english
from .model import Card, Rules
from .phases import TABLE_DECKS

Problem = Callable[[Any, str, str], None]  # (card or None for the phase, path key, message)


def reveals(p: Any, rules: Rules) -> int:
    """How many times a phase runs in a game: once at the start or the end, else per age."""
    if p.at in ("start", "end"):
        return 1
    return len([a for a in range(1, rules.ages + 1) if p.runs_in(a)])


def check_events(cards: list[Card], rules: Rules) -> list[tuple[Card | None, int, str]]:
    """(card, phase index, why) of every problem: a revealed card's effect that is not a rules
    change for every city (card given), a deck that runs out (card None)."""
    out: list[tuple[Card | None, int, str]] = []
    seen: set[str] = set()
    for i, p in enumerate(rules.phases):
        if p.kind not in TABLE_DECKS or p.deck not in rules.decks:
            continue
        deck = [c for c in cards if c.deck == p.deck]
        for n in range(rules.min_players, rules.max_players + 1):
            size = sum(c.copies_at(n) for c in deck)
            need = sum(reveals(q, rules) * q.deal for q in rules.phases
                       if q.kind in TABLE_DECKS and q.deck == p.deck)
            if size < need:
                out.append((None, i, f"phase '{p.name}': the deck '{p.deck}' runs out: the "
                            f"phases drawing from it turn {need} cards face up in a game, and it holds {size} "
                            f"at {n} players"))
                break
        if p.deck in seen or p.kind != "reveal":  # an auctioned card is built: any effect
            continue
        seen.add(p.deck)
        for c in deck:
            for e in c.effects:
                if not isinstance(e, A.RuleChange):
                    out.append((c, i, f"a card of the deck '{p.deck}' is revealed for the whole "
                                f"table: its effects may only change rules numbers (`rule "
                                f"trade_price +1`, ...), not other effects ({effects_english((e,))})"))
                elif e.sides != ("self",) and len(e.sides) != 3:
                    out.append((c, i, f"a card of the deck '{p.deck}' holds for every city: "
                                "leave out `for ...`"))
    return out

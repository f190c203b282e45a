"""Checks of alliances (phases of kind `alliance`, dsl/phases.py): what an alliance's cards may
say, and where `ally` may be written.

Two allies each hold the effects of the alliance deck's cards for one age, so every effect
there must be one that can end with the age (a lasting word: production, shields, prices,
cost changes, rules numbers, a truce); `ally` names the other city of the pair, so it means
something only on those cards.
"""
from __future__ import annotations

from typing import Any

from . import ast as A
from .model import Card, Rules
from .phases import ALLIANCE
from .registry import EFFECTS, LASTING

_WORD_OF = {spec.node: w for w, spec in reversed(EFFECTS.items())}


def alliance_decks(rules: Rules) -> set[str]:
    """The decks whose cards allies hold."""
    return {p.deck for p in rules.phases if p.kind == ALLIANCE}


def check_alliances(cards: list[Card], rules: Rules) -> list[tuple[Card | None, int, str, str, int]]:
    """(card, phase index, why, the card's spot, its width) of every problem: an alliance card's
    effect that cannot end with the age, `ally` on a card no alliance gives, an alliance deck
    with no card (card None: at the phase's deck)."""
    out: list[tuple[Card | None, int, str, str, int]] = []
    decks = alliance_decks(rules)
    for i, p in enumerate(rules.phases):
        if p.kind == ALLIANCE and p.deck in rules.decks and not any(c.deck == p.deck for c in cards):
            out.append((None, i, f"phase '{p.name}': the deck '{p.deck}' has no card, so an alliance "
                        "would do nothing: give it a card whose effects allies hold for the age", "", 1))
    for c in cards:
        if c.deck in decks:
            i = next(k for k, p in enumerate(rules.phases) if p.kind == ALLIANCE and p.deck == c.deck)
            for k, use in enumerate(c.effects):
                for e in A.unwrapped(A.expanded((use,))):
                    word = _WORD_OF.get(type(e), getattr(e, "word", "this effect"))
                    if word not in LASTING:
                        out.append((c, i, f"allies hold the cards of the deck '{c.deck}' for one age, so "
                                    f"their effects must be ones that can end with it ({', '.join(LASTING)}); "
                                    f"'{word}' is not", f"effect:{k}", len(str(word))))
                        break
        elif any(A.names_ally(e) for e in A.expanded(c.effects)):
            out.append((c, -1, "'ally' names the city allied with the owner, on a card of an "
                        "alliance phase's deck (kind: alliance) only"
                        + (f"; the alliance decks: {', '.join(sorted(decks))}" if decks else
                           ": this pack declares no alliance phase"), A.ALLY, len(A.ALLY)))
    return out


def check_ally_on_wonders(wonders: list[Any], report: Any) -> None:
    """`ally` on a wonder stage: a stage is no alliance's card, so it names nobody."""
    from .checks import effect_sources
    for file, at, subject, effects in effect_sources([], wonders):
        if any(A.names_ally(e) for e in effects):
            report(file, at, "'ally' names the city allied with the owner, on a card of an alliance "
                   "phase's deck (kind: alliance) only, not on a wonder stage", subject, "range")

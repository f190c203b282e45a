"""The table's own zones: decks no player holds, and the cards face up for the whole table.

A phase of kind `reveal` (dsl/phases.py) turns the top cards of such a deck face up; while
face up, their rules changes (`rule ...`) hold for every city, as a visible law tile's do
(interpreter/rules/laws.py sums them with the cities' own). They stay face up until the end
of the age (the one being played, or the next when revealed between ages), after its
conflicts and `when age ends` triggers; then they go to the box (revealed after the last age
or at the end, they hold for the scoring).

The decks are shuffled from the deal's stream at the end of the game's setup, so a pack
without such a phase deals exactly as before.
"""
from __future__ import annotations

from typing import Any

from dsl.english import effects_english
from dsl.model import PhaseDecl
from dsl.phases import TABLE_DECKS


def table_decks(rules: Any) -> list[str]:
    """The decks the table keeps face down (revealed by phases), in the rules' order."""
    used = {p.deck for p in rules.phases if p.kind in TABLE_DECKS}
    return [d for d in rules.decks if d in used]


def shuffle_zones(game: Any) -> dict[str, list[Any]]:
    """Each table deck, shuffled: its top card is the last of the list."""
    zones = {}
    for name in table_decks(game.rules):
        deck = game.cp.deck_cards(name, game.n_players)
        game.rng.shuffle(deck)
        zones[name] = deck
    return zones


def event_laws(revealed: list[Any]) -> list[tuple[str, int]]:
    """The rules changes of the cards face up: (rule, amount) for every city."""
    return [(h.rule, h.amount) for c in revealed for h in c.effect.hooks
            if getattr(h, "changes_rules", False)]


def end_events(game: Any) -> None:
    """The age is over: the revealed cards go to the box; their changes stop holding."""
    cards, game.revealed = game.revealed, []
    game.to_box(cards)
    game.refresh_rules()


class RevealPhase:
    """Turn the deck's top `deal` cards face up; nobody decides anything."""

    def begin(self, game: Any, decl: PhaseDecl, age: int) -> None:
        deck = game.zones[decl.deck]
        if len(deck) < decl.deal:  # (validate refuses a deck that can run out)
            raise ValueError(f"phase '{decl.name}': the deck '{decl.deck}' has run out")
        cards = [deck.pop() for _ in range(decl.deal)]
        game.revealed.extend(cards)
        game.refresh_rules()
        if game.logging:
            game.log.setdefault("events", []).append(
                {"age": age, "phase": decl.name, "cards": [c.name for c in cards],
                 "effects": [effects_english(c.card.effects, game.rules.vocab) for c in cards]})
        game.sub = "done"

    def deciders(self, game: Any) -> list[tuple[int, tuple[str, ...]]]:
        return []

    def apply(self, game: Any, moves: Any) -> None:  # pragma: no cover - nobody decides
        raise RuntimeError("a reveal has no turns")

    def after_settle(self, game: Any) -> None:  # pragma: no cover - a reveal builds nothing
        raise RuntimeError("a reveal has no builds to settle")

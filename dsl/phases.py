"""The phase kinds a pack may declare, with their parameters and documentation.

Like the effect registry, this is the one table: rules checking reads it, the pack-format
docs describe it, and the interpreter keys its phase runners by `kind` (and checks it
covers every entry). The ages themselves are the built-in kind "age".
"""
from __future__ import annotations

from dataclasses import dataclass

PHASE_TIMES = ("start", "before age", "after age", "end")
REST = ("keep", "box", "discard")
ACTIONS = ("build", "wonder", "sell")


@dataclass(frozen=True)
class PhaseSpec:
    kind: str
    summary: str
    required: tuple[str, ...]
    optional: tuple[str, ...]


PHASES: dict[str, PhaseSpec] = {s.kind: s for s in (
    PhaseSpec("age", "An age (built in, one per age): deal the age's deck, play simultaneous turns "
              "passing the hands in the age's direction, discard the last card, then the conflicts.",
              (), ()),
    PhaseSpec("draft", "Deal `deal` cards of `deck` to each player; each keeps one in secret and "
              "passes the rest to the `pass` side, until every hand is used up; the kept cards "
              "form the second hand `hand`. Undealt cards go back to the box.",
              ("deck", "deal", "hand"), ("pass", "ages")),
    PhaseSpec("recruit", "Each player plays one card of the second hand `hand`, all at once, by one "
              "of `actions` (build = pay the card's cost, wonder = build the next stage with it, "
              "sell); sold cards go to `sold`; afterwards the hand's other cards are kept or go "
              "to `rest`.", ("hand",), ("actions", "sold", "rest", "ages")),
    PhaseSpec("reveal", "Turn the top `deal` cards (default 1) of `deck` face up for the whole "
              "table: their `rule` changes hold for every city until the end of the age (the "
              "current one, or the next when revealed between ages); then they go to the box. "
              "The deck is shuffled at the start and must hold a card for every reveal.",
              ("deck",), ("deal", "ages")),
    PhaseSpec("auction", "Turn the top `deal` cards (default 1) of `deck` face up, one at a time: "
              "every player bids coins for it in secret, all at once (0 up to the coins it has); "
              "the single highest bid builds the card free of its cost and pays its bid to the "
              "bank; on a tie for the highest bid nobody takes it, and it goes to the box.",
              ("deck",), ("deal", "ages")),
    PhaseSpec("market", "Lay the top `deal` cards of `deck` face up in a row; the players take one "
              "each, one after another, fewest points so far first (a tie: the earlier seat), into "
              "the second hand `hand`; the cards left go to the box.",
              ("deck", "deal", "hand"), ("ages",)),
    PhaseSpec("alliance", "Before the age's turns, every player may offer an alliance to one "
              "neighbour (left, right or nobody), all at once, in secret; two neighbours who offer "
              "it to each other are allies for the age: each city of the pair holds the effects of "
              "every card of `deck` (`ally` in them naming the other city) until the age ends, "
              "after its conflicts. The cards stay on the table for the next alliance. Declared "
              "`at: before age` only.", ("deck",), ("ages",)),
)}
ALLIANCE = "alliance"  # the kind whose deck holds the alliance's cards (dsl/alliances.py: checks)
TABLE_DECKS = ("reveal", "auction", "market")  # the kinds whose deck is the table's (face down, never in the box)

"""What each player has seen: the record of the phase's hands and plays, and who knows each
face-down card. The game writes it as it goes (cheaply: a few tuples a turn); observations
(interpreter/players/observation.py) read one seat's share of it, and determinization keeps what
that seat knows and re-deals the rest.

The reading of the rules (docs/bots.md, "What a player knows"): a hand is seen by whoever
holds it; built cards, wonder stages, coins and tokens are public; a card sold, discarded
at the end of an age or put under a wonder stage goes face down, so only the player who put
it there knows it (anyone may count the cards and see their backs, i.e. their age or deck);
a player who builds from the discard pile looks through the whole pile and knows it from
then on. A draft pick is hidden; a hand passed on is known to who passed it, minus what the
next players took since.
"""
from __future__ import annotations

from typing import Any, Optional, Sequence

from interpreter.rules.compiled import CCard


class Record:
    """One phase's history, written as it goes at the cost of two appends a turn (the lists
    appended are the game's own, which it replaces rather than changes; a clone copies the
    current record):
    dealt   every hand at the phase's first turn (tuples; each seen by its holder)
    turns   per turn: (turn, lineage) where lineage[seat] is which dealt hand the seat holds
            (None in a phase that does not pass hands: each seat keeps its own)
    played  per resolution: (turn, lineage or None or -1, [(seat, move, card)]); -1 marks the
            end-of-turn builds (from a second hand, from the discard pile)
    A hand at any turn is its dealt hand less the cards played from it before."""

    __slots__ = ("kind", "name", "age", "deck", "dealt", "turns", "played")

    def __init__(self, kind: str, name: str, age: int, deck: str = ""):
        self.kind, self.name, self.age, self.deck = kind, name, age, deck
        self.dealt: Optional[tuple[tuple[CCard, ...], ...]] = None
        self.turns: list[tuple[int, Optional[list[int]]]] = []
        self.played: list[tuple[int, Any, list[tuple[int, Any, CCard]]]] = []

    def copy(self) -> "Record":
        new = Record(self.kind, self.name, self.age, self.deck)
        new.dealt, new.turns, new.played = self.dealt, self.turns[:], self.played[:]
        return new

    @property
    def plays(self) -> list[tuple[int, int, CCard, str, int]]:
        """(turn, seat, card, action, lineage of the hand it came from, -1: not a dealt hand)."""
        out = []
        for turn, lin, plays in self.played:
            for seat, move, card in plays:
                came = -1 if lin == -1 else (seat if lin is None else lin[seat])
                out.append((turn, seat, card, move.action, came))
        return out

    def held(self, k: int, seat: int) -> int:
        """Which dealt hand `seat` held at the k-th turn of the phase."""
        lineage = self.turns[k][1]
        return lineage[seat] if lineage is not None else seat

    def hand_at(self, k: int, seat: int) -> tuple[CCard, ...]:
        """The hand `seat` held at the start of the k-th turn of the phase."""
        turn, lin = self.turns[k][0], self.held(k, seat)
        cards = list(self.dealt[lin]) if self.dealt else []
        for t, lins, plays in self.played:  # the plays before that turn from that hand
            if t >= turn or lins == -1:
                continue
            for who, _move, card in plays:
                if (who if lins is None else lins[who]) == lin and card in cards:
                    cards.remove(card)
        return tuple(cards)


class Knowledge:
    """The game's bookkeeping of who saw what (a mixin of GameState: it uses the game's fields)."""

    n: int
    hands: list[list[CCard]]
    discard: list[CCard]
    box: list[CCard]
    records: list[Record]
    lineage: Optional[list[int]]
    discard_known: list[int]
    box_known: list[int]
    sub: str
    cities: list[Any]

    def open_record(self, decl: Any, age: int) -> None:
        self.records.append(Record(decl.kind, decl.name, age, decl.deck if decl.kind == "draft" else ""))
        self.lineage = None

    def start_lineage(self) -> None:
        """The hands were just dealt: hand k is dealt hand k (passing permutes them)."""
        self.lineage = list(range(self.n))  # replaced, never changed, when hands pass

    def see_turn(self, turn: int) -> None:
        """A turn begins: each player sees the hand in front of it."""
        rec = self.records[-1]
        if rec.dealt is None:
            rec.dealt = tuple([tuple(h) for h in self.hands])
        rec.turns.append((turn, self.lineage))  # (pass_hands makes a new lineage list)

    def note_plays(self, turn: int, plays: list[tuple[int, Any, CCard]]) -> None:
        """[(seat, move, card)] played now from the hands in front of the players (or, while
        settling the end-of-turn builds, from a second hand or the discard pile)."""
        self.records[-1].played.append((turn, -1 if self.sub == "settle" else self.lineage, plays))

    # -- face-down piles: each card with the seats that know it (a bit per seat) ----------
    def to_discard(self, cards: Sequence[CCard], seat: int) -> None:
        self.discard.extend(cards)
        self.discard_known.extend([1 << seat] * len(cards))

    def to_box(self, cards: Sequence[CCard], seat: int = -1) -> None:
        self.box.extend(cards)
        self.box_known.extend([1 << seat if seat >= 0 else 0] * len(cards))

    def discard_hands(self) -> None:
        """The end of an age: every card left in a hand goes face down to the discard pile."""
        for seat, hand in enumerate(self.hands):
            self.to_discard(hand, seat)
            hand.clear()

    def known_masks(self, pile: list[CCard], masks: list[int]) -> list[int]:
        """The masks of a pile, made to fit it if something changed the pile directly (a
        replayed deal, a test): cards the game did not put there are known to nobody."""
        if len(masks) != len(pile):
            masks[:] = (masks + [0] * len(pile))[:len(pile)]
        return masks

    def take_from(self, pile: list[CCard], masks: list[int], card: CCard) -> None:
        self.known_masks(pile, masks)
        i = pile.index(card)
        del pile[i]
        del masks[i]

    def look_through_discard(self, seat: int) -> None:
        """A build from the discard pile: its player sees every card in it."""
        bit = 1 << seat
        masks = self.known_masks(self.discard, self.discard_known)
        masks[:] = [m | bit for m in masks]

"""What each player has seen: the record of the phase's hands and plays, and who knows each
face-down card. The game writes it as it goes (cheaply: a few tuples a turn); observations
(interpreter/observation.py) read one seat's share of it, and determinization keeps what
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

from typing import TYPE_CHECKING, NamedTuple, Optional, Sequence

from .compiled import CCard
from .moves import BUILD

if TYPE_CHECKING:
    from .game import Game  # noqa: F401


class TurnSeen(NamedTuple):
    """Every hand at the start of a turn (each seen by its holder), and the lineage of each:
    which of the phase's dealt hands it is (None in a phase that does not pass hands)."""

    turn: int
    hands: tuple[tuple[CCard, ...], ...]
    lineage: Optional[tuple[int, ...]]


class Play(NamedTuple):
    """A card played this phase: public when built, known to its player otherwise.
    lineage: the dealt hand it came from (-1: a second hand or the discard pile)."""

    turn: int
    seat: int
    card: CCard
    action: str
    lineage: int


class Record(NamedTuple):
    """One phase's history (replaced, never changed, so clones may share it)."""

    kind: str
    name: str
    age: int
    turns: tuple[TurnSeen, ...] = ()
    plays: tuple[Play, ...] = ()


class Knowledge:
    """The game's bookkeeping of who saw what (a mixin of Game: it uses the game's fields)."""

    n: int
    hands: list[list[CCard]]
    discard: list[CCard]
    box: list[CCard]
    records: list[Record]
    lineage: Optional[list[int]]
    discard_known: list[int]
    box_known: list[int]
    sub: str

    def open_record(self, kind: str, name: str, age: int) -> None:
        self.records.append(Record(kind, name, age))
        self.lineage = None

    def start_lineage(self) -> None:
        """The hands were just dealt: hand k is dealt hand k (passing permutes them)."""
        self.lineage = list(range(self.n))

    def see_turn(self, turn: int) -> None:
        """A turn begins: each player sees the hand in front of it."""
        rec = self.records[-1]
        seen = TurnSeen(turn, tuple([tuple(h) for h in self.hands]),
                        tuple(self.lineage) if self.lineage is not None else None)
        self.records[-1] = rec._replace(turns=rec.turns + (seen,))

    def note_plays(self, turn: int, plays: Sequence[tuple[int, str, CCard]]) -> None:
        """(seat, action, card) played now, from the hands in front of the players (or from
        a second hand during the end-of-turn builds)."""
        lin = self.lineage if self.sub not in ("settle",) else None
        rec = self.records[-1]
        self.records[-1] = rec._replace(plays=rec.plays + tuple(
            Play(turn, seat, card, action, lin[seat] if lin is not None else -1)
            for seat, action, card in plays))

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


def public_play(play: Play, seat: int) -> tuple[int, int, str, Optional[CCard]]:
    """(turn, seat, action, card) as `seat` saw it: the card when built or its own."""
    return (play.turn, play.seat, play.action,
            play.card if play.action == BUILD or play.seat == seat else None)

"""Seats no player owns: who plays for them this turn, and the rules their choices obey.

A seat no player owns is a City like any other (the ring, trading, conflicts and scoring do
not change); what differs is who chooses for it. Its slot among the game's bots is a
SeatController that hands every choice to the bot of the player controlling it now, so the
game loop asks a seat for a move the same way whoever owns it. The words come from
dsl/seats.py; this module must cover each of them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from dsl.model import SeatDecl
from dsl.seats import CONTROLLERS, HANDS

from .moves import BUILD, SELL, WONDER, Move

if TYPE_CHECKING:
    from .compiled import CCard
    from .game import Game

KNOWN_CONTROLLERS = ("holder", "left", "right")
KNOWN_HANDS = ("pile", "own")
if set(KNOWN_CONTROLLERS) != set(CONTROLLERS) or set(KNOWN_HANDS) != set(HANDS):  # pragma: no cover
    raise RuntimeError("interpreter/seats.py is out of step with dsl/seats.py")


def nearest_player(game: "Game", seat: int, side: str) -> int:
    """The first player's seat met going round the ring from `seat` on that side."""
    step = 1 if side == "left" else -1
    s = (seat + step) % game.n
    while s in game.unowned:
        s = (s + step) % game.n
    return s


class SeatController:
    """The bot slot of a seat no player owns: each choice goes to its controller's bot."""

    def __init__(self, game: "Game", seat: int, decl: SeatDecl):
        self.game = game
        self.seat = seat
        self.decl = decl
        self.name = f"played by the {decl.controller}" if decl.controller == "holder" else \
            f"played by the player on its {decl.controller}"

    def _bot(self) -> Any:
        return self.game.bots[self.game.controller(self.seat)]

    def choose(self, game: "Game", seat: int, moves: list[Move]) -> Move:
        return self._bot().choose(game, seat, moves)

    def choose_discard(self, game: "Game", seat: int, cards: list["CCard"]) -> int | None:
        return self._bot().choose_discard(game, seat, cards)

    def choose_card(self, game: "Game", seat: int, cards: list["CCard"], purpose: str) -> int | None:
        bot = self._bot()
        chooser = getattr(bot, "choose_card", None)
        return chooser(game, seat, cards, purpose) if chooser else bot.choose_discard(game, seat, cards)

    def choose_payment(self, game: "Game", seat: int, due: int, can: int) -> int:
        chooser = getattr(self._bot(), "choose_payment", None)
        return can if chooser is None else chooser(game, seat, due, can)


def must_play(moves: Sequence[Move], hand: Sequence["CCard"]) -> list[Move]:
    """The moves left to a seat that must play: builds and stages when there are any (a card
    that chains is built by its chain, nothing else), otherwise selling."""
    plays = [m for m in moves if m.action in (BUILD, WONDER)]
    if not plays:
        return list(moves)
    chained = {m.card for m in plays if m.free == "chain"}
    if chained:
        plays = [m for m in plays if m.card not in chained or m.free == "chain"]
    return plays


def must_play_refusal(move: Move, moves: Sequence[Move], allowed: Sequence[Move], name: str) -> str:
    """Why a legal move is refused to a seat that must play (empty when it is allowed)."""
    if move in allowed or move not in moves:
        return ""
    if move.action == SELL:
        return f"{name} must build a structure or a wonder stage when it can; it sells only when stuck"
    return f"{name} must take the free chain for this card"

"""Seats no player owns: who plays for them this turn, and the rules their choices obey.

A seat no player owns is a City like any other (the ring, trading, conflicts and scoring do
not change); what differs is who chooses for it. Its slot among the game's bots is a
SeatController that hands every choice to the bot of the player controlling it now, so the
game loop asks a seat for a move the same way whoever owns it. The words come from
dsl/seats.py; this module must cover each of them.
"""
from __future__ import annotations

from typing import Any, Sequence

from dsl.model import SeatDecl
from dsl.seats import CONTROLLERS, HANDS

from interpreter.game.contract import PhaseHost
from interpreter.rules.moves import BUILD, SELL, WONDER, Move

KNOWN_CONTROLLERS = ("holder", "left", "right")
KNOWN_HANDS = ("pile", "own")
if set(KNOWN_CONTROLLERS) != set(CONTROLLERS) or set(KNOWN_HANDS) != set(HANDS):  # pragma: no cover
    raise RuntimeError("interpreter/game/seats.py is out of step with dsl/seats.py")


def nearest_player(game: PhaseHost, seat: int, side: str) -> int:
    """The first player's seat met going round the ring from `seat` on that side."""
    step = 1 if side == "left" else -1
    s = (seat + step) % game.n
    while s in game.unowned:
        s = (s + step) % game.n
    return s


def controller_label(decl: SeatDecl) -> str:
    """Who plays a seat no player owns, in words (the log's "bot" of the seat)."""
    return f"played by the {decl.controller}" if decl.controller == "holder" else \
        f"played by the player on its {decl.controller}"


class SeatController:
    """The bot slot of a seat no player owns. It never chooses: the game asks the bot of the
    player controlling the seat now (Game.bot_for), with the seat's own observation."""

    def __init__(self, seat: int, decl: SeatDecl):
        self.seat = seat
        self.decl = decl
        self.name = controller_label(decl)

    def choose(self, obs: Any, moves: list[Move]) -> Move:  # pragma: no cover - never asked
        raise RuntimeError("a seat no player owns is played by its controller's bot")


def must_play(moves: Sequence[Move]) -> list[Move]:
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


def open_piles(game: PhaseHost) -> None:
    """A turn begins: the controller of each seat with a pile takes its top card in hand."""
    hands = game.hands
    for seat in game.piles:
        if hands[seat]:
            hands[game.controller(seat)].append(hands[seat].pop(0))


def seat_pools(game: PhaseHost, moves: list[Move | None]) -> list[int]:
    """After the players' own choices: each seat with a pile is offered what is left of its
    controller's hand (its pile is set aside meanwhile). Returns the seats now choosing."""
    hands = game.hands
    choosing = []
    for seat in sorted(game.piles):
        c = game.controller(seat)
        own = moves[c]
        if own is None or len(hands[c]) < 2:
            continue
        game.pile_saved[seat] = hands[seat]  # (by position: a card dealt twice is one object twice)
        hands[seat] = [x for i, x in enumerate(hands[c]) if i != own.card]
        choosing.append(seat)
    return choosing


def seat_choices(game: PhaseHost, moves: list[Move | None], chosen: Sequence[Move | None]) -> list[Move | None]:
    """Everyone's moves for the turn: each seat's chosen card leaves its controller's hand
    and lies alone in the seat's hand, above its pile; the controller's move is re-indexed."""
    hands = game.hands
    moves = list(moves)
    for seat, pile in list(game.pile_saved.items()):
        move = chosen[seat]
        c = game.controller(seat)
        k = moves[c].card  # the controller's card; the offer is its hand without it, in order
        i = move.card if move.card < k else move.card + 1
        card = hands[c].pop(i)
        moves[c] = moves[c]._replace(card=k - 1 if i < k else k)
        hands[seat] = [card] + pile
        moves[seat] = move._replace(card=0)
    game.pile_saved.clear()
    return moves

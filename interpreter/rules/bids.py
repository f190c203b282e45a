"""An auction's bids (interpreter/game/auction.py): the moves a city may bid, and why a bid is
refused. A bid is Move(0, BID, stage=coins bid), card 0 being the card up for auction."""
from __future__ import annotations

from typing import Any

BID = "bid"


def bid_moves(hand: list[Any], city: Any, Move: Any) -> list[Any]:
    """0 up to every coin the city has (a city with no coins bids 0); `Move`: the move type
    (interpreter/rules/moves.py, which imports this module)."""
    return [Move(0, BID, stage=b) for b in range(city.coins + 1)] if hand else []


def other_refusal(move: Any, city: Any, actions: tuple[str, ...]) -> str:
    """Why a move that is not a card's play is not legal: a bid ("" when it is legal), or an
    unknown action."""
    if move.action != BID:
        return f"unknown action '{move.action}' (build, wonder, sell, law or bid)"
    if BID not in actions:
        return "'bid' is not allowed now (only in an auction)"
    if (move.card, move.left, move.right, move.free, move.extra) != (0, 0, 0, "", 0) or min(move.far):
        return "a bid names the card up for auction and takes no payment"
    if not 0 <= move.stage <= city.coins:
        return f"a bid is 0 to the {city.coins} coin{'s' if city.coins != 1 else ''} the city has, not {move.stage}"
    return ""

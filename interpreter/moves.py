"""Moves: what a player may do with a card, every legal way to do it, and why a move is refused."""
from __future__ import annotations

from typing import NamedTuple

from .compiled import CCard
from .payment import payment_options
from .state import City, Table

BUILD, WONDER, SELL = "build", "wonder", "sell"


class Move(NamedTuple):
    """Play hand card `card` (an index) as `action`, paying `left`/`right` neighbours.

    `free` says why nothing is paid: "chain", "power" (a free-build power) or "" (paid,
    or a card whose cost is nothing). Coins to the bank are the card's or stage's coin cost.
    """

    card: int
    action: str
    left: int = 0
    right: int = 0
    free: str = ""


class Price(NamedTuple):
    buildable: bool
    free: str  # "", "cost" (costs nothing), "chain"
    bank: int
    options: tuple[tuple[int, int], ...]  # affordable Pareto (left, right) options
    reason: str = ""


def _priced(coins: int, bank: int, cost: tuple[int, ...], city: City, table: Table) -> Price:
    if bank > coins:
        return Price(False, "", bank, (), f"needs {bank} coins for the bank, has {coins}")
    if not any(cost):
        return Price(True, "cost" if not bank else "", bank, ((0, 0),))
    _, left, right = table.around(city.seat)
    options = payment_options(cost, city, left, right)
    if not options:
        return Price(False, "", bank, (), "the resources cannot be produced or bought")
    ok = tuple(o for o in options if bank + o[0] + o[1] <= coins)
    if not ok:
        cheapest = min(bank + o[0] + o[1] for o in options)
        return Price(False, "", bank, (), f"costs at least {cheapest} coins, has {coins}")
    return Price(True, "", bank, ok)


def price_card(card: CCard, city: City, table: Table, coins: int | None = None) -> Price:
    """What building `card` costs the city now (coins defaults to its current coins)."""
    coins = city.coins if coins is None else coins
    if card.name in city.names:
        return Price(False, "", 0, (), f"{card.name} is already built in this city")
    if card.chains_from & city.names:
        return Price(True, "chain", 0, ((0, 0),))
    return _priced(coins, card.cost_coins, card.cost, city, table)


def price_stage(city: City, table: Table, coins: int | None = None) -> Price:
    coins = city.coins if coins is None else coins
    if city.stages_built >= len(city.side.stages):
        return Price(False, "", 0, (), "every wonder stage is already built")
    stage = city.side.stages[city.stages_built]
    return _priced(coins, stage.cost_coins, stage.cost, city, table)


def legal_moves(hand: list[CCard], city: City, table: Table, free_power: bool) -> list[Move]:
    """Every legal move for this hand: each card built (each payment option), as the next
    wonder stage (each option), or sold."""
    moves: list[Move] = []
    stage = price_stage(city, table)
    seen: dict[int, list[Move]] = {}
    for i, card in enumerate(hand):
        same = seen.get(card.id)
        if same is not None:  # a second copy in hand: same moves, other index
            moves.extend(m._replace(card=i) for m in same)
            continue
        mine: list[Move] = []
        p = price_card(card, city, table)
        if p.buildable:
            if p.free:
                mine.append(Move(i, BUILD, 0, 0, p.free if p.free == "chain" else ""))
            else:
                mine.extend(Move(i, BUILD, left, right) for left, right in p.options)
        if free_power and card.name not in city.names and not p.free:
            mine.append(Move(i, BUILD, 0, 0, "power"))
        if stage.buildable:
            mine.extend(Move(i, WONDER, left, right) for left, right in stage.options)
        mine.append(Move(i, SELL))
        seen[card.id] = mine
        moves.extend(mine)
    return moves


def refusal(move: Move, hand: list[CCard], city: City, table: Table, free_power: bool) -> str:
    """Why `move` is not legal ("" when it is)."""
    if move.action not in (BUILD, WONDER, SELL):
        return f"unknown action '{move.action}' (build, wonder or sell)"
    if not 0 <= move.card < len(hand):
        return f"no card #{move.card} in a hand of {len(hand)}"
    if move.left < 0 or move.right < 0:
        return "payments cannot be negative"
    card = hand[move.card]
    if move.action == SELL:
        return "" if (move.left, move.right, move.free) == (0, 0, "") else "selling takes no payment"
    if move.action == BUILD and move.free == "power":
        if not free_power:
            return "no free-build power available (not owned, or already used this age)"
        if card.name in city.names:
            return f"{card.name} is already built in this city"
        return "" if (move.left, move.right) == (0, 0) else "a free build pays nothing"
    p = price_card(card, city, table) if move.action == BUILD else price_stage(city, table)
    if not p.buildable:
        return p.reason
    if move.free == "chain" and p.free != "chain":
        return f"no chain to {card.name} in this city"
    if (move.left, move.right) not in p.options:
        opts = ", ".join(f"left {a} + right {b}" for a, b in p.options)
        return (f"paying left {move.left} + right {move.right} is not a way to pay for it; "
                f"ways: {opts}")
    return ""

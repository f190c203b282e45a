"""A human at the terminal: `wonders play --bots human,greedy,greedy`.

Moves are typed as `build N`, `wonder N` or `sell N` (N = the card's number in the hand),
optionally followed by the payment option's letter (`build 3 b`). A move the rules do not
allow is refused with the reason, and the prompt comes back.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from dsl.english import effects_english

from .compiled import CCard
from .moves import BUILD, SELL, WONDER, Move, refusal

if TYPE_CHECKING:
    from .game import Game

ACTIONS = {"build": BUILD, "b": BUILD, "wonder": WONDER, "w": WONDER, "sell": SELL, "s": SELL}


class HumanBot:
    name = "human"

    def __init__(self, ask: Callable[[str], str] = input, say: Callable[[str], None] = print):
        self.ask = ask
        self.say = say

    def _show(self, game: "Game", seat: int, moves: list[Move]) -> None:
        city = game.cities[seat]
        left, right = game.table.left(seat), game.table.right(seat)
        self.say(f"\n== Age {game.age}, turn {game.turn}: {city.name} ({city.side.wonder} "
                 f"{city.side.side}), {city.coins} coins, stages {city.stages_built}/"
                 f"{len(city.side.stages)}, shields {city.shields}")
        self.say(f"   built: {', '.join(c.name for c in city.cards) or '-'}")
        self.say(f"   left {left.name}: {', '.join(c.name for c in left.cards) or '-'}")
        self.say(f"   right {right.name}: {', '.join(c.name for c in right.cards) or '-'}")
        for i, card in enumerate(game.hands[seat]):
            ways = [m for m in moves if m.card == i and m.action == BUILD]
            how = "can't build" if not ways else ", ".join(
                f"{chr(97 + j)}: {_pay(m, card)}" for j, m in enumerate(ways))
            self.say(f"  {i + 1}. {card.name} ({card.color_name}): "
                     f"{effects_english(card.card.effects, game.rules.vocab)}  [{how}]")
        stage = [m for m in moves if m.action == WONDER and m.card == 0]
        if stage:
            self.say("  next wonder stage (any card): " + ", ".join(
                f"{chr(97 + j)}: left {m.left} right {m.right}" for j, m in enumerate(stage)))

    def choose(self, game: "Game", seat: int, moves: list[Move]) -> Move:
        self._show(game, seat, moves)
        while True:
            text = self.ask("your move (build N | wonder N | sell N [option letter]): ").strip().lower()
            move, problem = self.parse(text, game, seat, moves)
            if move is not None:
                return move
            self.say(f"  refused: {problem}")

    def parse(self, text: str, game: "Game", seat: int, moves: list[Move]) -> tuple[Move | None, str]:
        parts = text.split()
        if len(parts) not in (2, 3) or parts[0] not in ACTIONS or not parts[1].isdigit():
            return None, "type e.g. 'build 2', 'wonder 1', 'sell 3' or 'build 2 b'"
        action, index = ACTIONS[parts[0]], int(parts[1]) - 1
        hand = game.hands[seat]
        if not 0 <= index < len(hand):
            return None, f"there is no card {index + 1} in a hand of {len(hand)}"
        options = [m for m in moves if m.card == index and m.action == action]
        if not options:
            city = game.cities[seat]
            why = refusal(Move(index, action), hand, city, game.table, game.free_power(seat))
            return None, why or "that move is not possible"
        pick = 0
        if len(parts) == 3:
            pick = ord(parts[2][0]) - ord("a")
            if not 0 <= pick < len(options):
                return None, f"option letters go from a to {chr(ord('a') + len(options) - 1)}"
        return options[pick], ""

    def choose_discard(self, game: "Game", seat: int, cards: list[CCard]) -> int | None:
        self.say("\nBuild one discarded card for free:")
        for i, c in enumerate(cards):
            self.say(f"  {i + 1}. {c.name}: {effects_english(c.card.effects, game.rules.vocab)}")
        while True:
            text = self.ask("card number (or 'none'): ").strip().lower()
            if text == "none":
                return None
            if text.isdigit() and 1 <= int(text) <= len(cards):
                return int(text) - 1
            self.say(f"  refused: choose 1 to {len(cards)} or 'none'")


def _pay(m: Move, card: CCard) -> str:
    if m.free == "chain":
        return "free (chain)"
    if m.free == "power":
        return "free (wonder power)"
    bank = card.cost_coins
    parts = [f"bank {bank}"] if bank else []
    if m.left:
        parts.append(f"left {m.left}")
    if m.right:
        parts.append(f"right {m.right}")
    return " + ".join(parts) or "free"

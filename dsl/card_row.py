"""One card's row of `wonders cards`: its copies, chains, cost and English text as short
strings. The command's table and the language server's hover both print these cells, so a
card reads the same wherever it is shown."""
from __future__ import annotations

from typing import Any

from .english import effects_english
from .model import Card
from .printer import cost_text


def drawn(rules: Any, color: str) -> tuple[int, int]:
    """(per player, extra) of the cards of this colour drawn at random into a deck."""
    for d in rules.draws:
        if d.color == color:
            return d.per_player, d.extra
    return 1, rules.guild_extra


def drawn_text(per: int, extra: int, players: int | None) -> str:
    if players is not None:
        return str(per * players + extra)
    n = "N" if per == 1 else f"{per}N"
    return f"{n}+{extra}" if extra else n


def copies_cell(card: Card, players: int | None, rules: Any) -> str:
    if card.deck and card.players is None:
        return "1"
    if card.players is None:
        return f"drawn: {drawn_text(*drawn(rules, card.color), players)} at random"
    if players is None:
        return ", ".join(f"{p}+" for p in card.players)
    return f"{card.copies_at(players)}"


def chains_cell(card: Card) -> str:
    lines = []
    if card.chains_from:
        lines.append("from " + ", ".join(card.chains_from))
    if card.chains_to:
        lines.append("to " + ", ".join(card.chains_to))
    if card.upgrades:
        lines.append("over " + card.upgrades)
    return "\n".join(lines)


def card_line(card: Card, rules: Any) -> str:
    """The card's row on one line: `Name (age 1, yellow, 3+, 5+; cost ...): text; chains`."""
    where = f"age {card.age}" if not card.deck else f"deck {card.deck}"
    chains = chains_cell(card).replace("\n", "; ")
    return (f"{card.name} ({where}, {card.color}, copies {copies_cell(card, None, rules)}; "
            f"cost {cost_text(card.cost)}): {effects_english(card.effects, rules.vocab)}"
            + (f" [chains {chains}]" if chains else ""))

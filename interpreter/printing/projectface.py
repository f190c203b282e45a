"""The face of a shared project (dsl/projects.py) at card size: what joining costs, what each
joiner gets when it is complete, what every other city suffers when it fails, and how many
cities must join at each player count (one marker per place, as the table's markers).

Kept apart from cardface.py: a project is no card of a deck, and its face has two effect
panels (reward, penalty) and a row of joiner markers instead of chains.
"""
from __future__ import annotations

from typing import Any

from dsl.vocab import Vocabulary

from .cardface import CARD_H, CARD_W, ROMAN, cost_symbols, effect_panel, text_block
from .glyphs import label, stage, token
from .palette import Prim

BAND = "#2f5d62"  # a project's header: no card colour uses it
REWARD = "#4f8a2e"
PENALTY = "#c0392b"
MARKER = "#e8d9a8"


def needed_row(needed: tuple[tuple[int, int], ...], x: float, y: float, w: float) -> list[Prim]:
    """Joiners needed per player count: "3p" and a marker with the number, side by side; the
    counts that need the same number share one marker ("3-4p")."""
    groups: list[tuple[int, int, int]] = []  # (first count, last count, joiners)
    for n, k in needed:
        if groups and groups[-1][2] == k and groups[-1][1] == n - 1:
            groups[-1] = (groups[-1][0], n, k)
        else:
            groups.append((n, n, k))
    step = w / max(1, len(groups))
    out: list[Prim] = []
    for i, (a, b, k) in enumerate(groups):
        cx = x + step * (i + 0.5)
        out.append(label(cx, y, f"{a}p" if a == b else f"{a}-{b}p", 2.2, "#333333", False))
        out += token(cx, y + 5.0, 7.0, str(k), MARKER)
    return out


def project_face(project: Any, vocab: Vocabulary, players: int | None = None) -> list[Prim]:
    """A project at real card size (59 x 91 mm). `players`: only that count's joiners."""
    out: list[Prim] = [("rect", 0, 0, CARD_W, CARD_H, "#f4f1e6", "#555555", 3),
                       ("rect", 0, 0, CARD_W, 13, BAND, None, 3), ("rect", 0, 6, CARD_W, 7, BAND, None, 0)]
    size = min(4.2, 50 / (0.52 * max(1, len(project.name))))
    out.append(("text", CARD_W / 2 + 3, 8.5, project.name, size, "#ffffff", "middle", True))
    # the join cost down the left, under a wonder stage: paid besides a stage
    out += stage(5.5, 17.5, 5.0)
    out += cost_symbols(project.cost.coins, project.cost.resources, 5.5, 24, vocab=vocab)
    if project.cost.is_free:
        out.append(label(5.5, 24, "free", 2.0, "#333333"))
    x, w = 11.0, CARD_W - 14
    out.append(("text", x + 1, 17.5, "Each joiner, complete:", 2.4, REWARD, "start", True))
    out.append(("rect", x, 19, w, 25, REWARD + "22", REWARD, 2))
    out += effect_panel(project.reward, vocab, x, 19, w, 25, 3.0)
    if project.penalty:
        out.append(("text", x + 1, 48.5, "Each other city, failed:", 2.4, PENALTY, "start", True))
        out.append(("rect", x, 50, w, 20, PENALTY + "22", PENALTY, 2))
        out += effect_panel(project.penalty, vocab, x, 50, w, 20, 3.0)
    needed = project.needed if players is None else ((players, project.needed_at(players)),)
    out += text_block(["Joiners needed"], CARD_W / 2, 74, 2.4, "#333333", bold=True)
    out += needed_row(needed, 3, 77.5, CARD_W - 6)
    when = "paid when full" if project.completes == "when full" else "checked at the age's end"
    out.append(("text", 3, CARD_H - 3, f"project, {when}", 2.2, "#555555", "start", False))
    out.append(("text", CARD_W - 3, CARD_H - 3, f"Age {ROMAN.get(project.age, str(project.age))}",
                2.4, "#555555", "end", True))
    return out


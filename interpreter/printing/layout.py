"""Pages of cards (3 x 3 at 59 x 91 mm, with cut marks) and wonder boards, as face primitives."""
from __future__ import annotations

from dataclasses import dataclass

from dsl.model import Card, Pack

from interpreter.printing.cardface import (
    BOARD_H, BOARD_W, CARD_H, CARD_W, Prim, board_face, card_face, moved)

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PER_ROW = PER_COL = 3
MARK = "#000000"


@dataclass
class Page:
    width: float
    height: float
    prims: list[Prim]
    title: str


def copies(pack: Pack, players: int) -> list[tuple[Card, str]]:
    """The physical cards for a table of `players`, each with the player count printed on it:
    an age card once per count up to `players` it is dealt at ("3+", "5+"), every guild once
    (the game draws some of them)."""
    out: list[tuple[Card, str]] = []
    for card in pack.cards:
        if card.players is None:
            out.append((card, "guild"))
        else:
            out.extend((card, f"{p}+") for p in card.players if p <= players)
    return out


def cut_marks(x0: float, y0: float, cols: int, rows: int, room: float) -> list[Prim]:
    """Marks in the margin at every card edge, `room` mm long at most."""
    length = max(1.5, min(5.0, room - 1.0))
    out: list[Prim] = []
    right, bottom = x0 + cols * CARD_W, y0 + rows * CARD_H
    for i in range(cols + 1):
        x = x0 + i * CARD_W
        out.append(("line", x, y0 - 1 - length, x, y0 - 1, MARK, 0.2))
        out.append(("line", x, bottom + 1, x, bottom + 1 + length, MARK, 0.2))
    for j in range(rows + 1):
        y = y0 + j * CARD_H
        out.append(("line", x0 - 1 - length, y, x0 - 1, y, MARK, 0.2))
        out.append(("line", right + 1, y, right + 1 + length, y, MARK, 0.2))
    return out


def card_pages(pack: Pack, players: int, paper: str = "a4") -> list[Page]:
    width, height = PAPERS[paper]
    cards = copies(pack, players)
    x0, y0 = (width - PER_ROW * CARD_W) / 2, (height - PER_COL * CARD_H) / 2
    pages = []
    per_page = PER_ROW * PER_COL
    for start in range(0, len(cards), per_page):
        chunk = cards[start:start + per_page]
        prims: list[Prim] = []
        for k, (card, label) in enumerate(chunk):
            col, row = k % PER_ROW, k // PER_ROW
            prims += moved(card_face(card, pack.rules.vocab, label), x0 + col * CARD_W, y0 + row * CARD_H)
        rows = (len(chunk) + PER_ROW - 1) // PER_ROW
        prims += cut_marks(x0, y0, PER_ROW if rows > 1 else len(chunk), rows, min(x0, y0))
        pages.append(Page(width, height, prims, f"cards {start + 1}-{start + len(chunk)}"))
    return pages


def board_pages(pack: Pack, paper: str = "a4") -> list[Page]:
    """One page per wonder, its sides one above the other."""
    width, height = PAPERS[paper]
    pages = []
    for w in pack.wonders:
        prims: list[Prim] = []
        x = (width - BOARD_W) / 2
        y = 15.0
        for side in w.sides.values():
            prims += moved(board_face(w.name, side, pack.rules.vocab), x, y)
            y += BOARD_H + 12
        pages.append(Page(width, height, prims, f"wonder {w.name}"))
    return pages


def project_pages(pack: Pack, players: int, paper: str = "a4") -> list[Page]:
    """The shared projects at card size, 9 to a page with cut marks, each with the joiners
    needed at `players` (a table uses one marker per place)."""
    from interpreter.printing.projectface import project_face

    width, height = PAPERS[paper]
    x0, y0 = (width - PER_ROW * CARD_W) / 2, (height - PER_COL * CARD_H) / 2
    per_page = PER_ROW * PER_COL
    pages = []
    for start in range(0, len(pack.projects), per_page):
        chunk = pack.projects[start:start + per_page]
        prims: list[Prim] = []
        for k, project in enumerate(chunk):
            col, row = k % PER_ROW, k // PER_ROW
            prims += moved(project_face(project, pack.rules.vocab, players),
                           x0 + col * CARD_W, y0 + row * CARD_H)
        rows = (len(chunk) + PER_ROW - 1) // PER_ROW
        prims += cut_marks(x0, y0, PER_ROW if rows > 1 else len(chunk), rows, min(x0, y0))
        pages.append(Page(width, height, prims, f"projects {start + 1}-{start + len(chunk)}"))
    return pages

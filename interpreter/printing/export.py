"""A pack's faces as pictures for online playtest tools: one PNG per card and board side, deck
sheets in the grid Tabletop Simulator's Custom Deck takes, and a saved object that loads them.

Sheets: one deck per age (or per named deck, e.g. a draft deck), every physical copy a table of
`players` needs, 10 columns x 7 rows with the card back in the last slot (bottom right), so 69
faces to a sheet; a deck of more takes a second sheet. The back is also written on its own, as
the BackURL of the deck.

The saved object follows Tabletop Simulator's save file format
(https://kb.tabletopsimulator.com/custom-content/save-file-format/) as TTS itself writes it and
as deck builders do (e.g. ZONT3/tts-deck-generator, jeandeaual/tts-deckconverter): a top-level
"ObjectStates" list of "DeckCustom" objects, each with "CustomDeck" {id: {FaceURL, BackURL,
NumWidth, NumHeight, BackIsHidden, UniqueBack}}, "DeckIDs" and "ContainedObjects" of "Card"
objects whose CardID is deck id * 100 + the slot on the sheet (left to right, top down).
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dsl.model import Card, Pack

from interpreter.printing.cardface import (
    BOARD_H, BOARD_W, CARD_H, CARD_W, ROMAN, Prim, board_face, card_face, text_block, wrap)
from interpreter.printing.layout import copies
from interpreter.printing.raster import DPI, pixels, render

COLS, ROWS = 10, 7
PER_SHEET = COLS * ROWS - 1  # the last slot holds the back
BACK = "#3e3a35"


@dataclass
class Sheet:
    """One deck sheet written: its file, its back's file, and the card names slot by slot."""
    path: Path
    back: Path
    title: str
    names: list[str] = field(default_factory=list)


def slug(text: str) -> str:
    """A file-name-safe form of `text`: lowercase ASCII letters and digits joined by hyphens."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "card"


def deck_key(card: Card) -> tuple[str, str]:
    """The deck a card is shuffled into, as a file-name part and a title: ("age1", "Age I")."""
    if card.deck:
        return slug(card.deck), f"{card.deck} deck"
    return f"age{card.age}", f"Age {ROMAN.get(card.age, str(card.age))}"


def back_face(pack_name: str, title: str) -> list[Prim]:
    """A plain card back naming the pack and the deck, so the decks are told apart face down."""
    out: list[Prim] = [("rect", 0, 0, CARD_W, CARD_H, BACK, "#555555", 3),
                       ("rect", 4, 4, CARD_W - 8, CARD_H - 8, None, "#c9b27c", 2)]
    lines = wrap(pack_name, CARD_W - 14, 5.0)[:3]
    out += text_block(lines, CARD_W / 2, CARD_H / 2 - 4 - 3 * (len(lines) - 1), 5.0, "#f6f0e0", bold=True)
    out.append(("text", CARD_W / 2, CARD_H / 2 + 10, title, 4.0, "#c9b27c", "middle", True))
    return out


def _unique(name: str, taken: set[str]) -> str:
    out, n = name, 2
    while out in taken:
        out, n = f"{name}-{n}", n + 1
    taken.add(out)
    return out


def write_pngs(pack: Pack, folder: str | Path, dpi: int = DPI) -> list[Path]:
    """One PNG per distinct card (`age1-lumber-yard.png`; every player count it is dealt at on
    its footer) and per wonder board side (`board-<wonder>-a.png`)."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    vocab = pack.rules.vocab
    taken: set[str] = set()
    written = []
    for card in pack.cards:
        path = out / (_unique(f"{deck_key(card)[0]}-{slug(card.name)}", taken) + ".png")
        render(card_face(card, vocab), CARD_W, CARD_H, dpi).save(path)
        written.append(path)
    if pack.projects:
        from interpreter.printing.projectface import project_face
    for project in pack.projects:  # every player count's joiners on the face
        path = out / (_unique(f"project-{slug(project.name)}", taken) + ".png")
        render(project_face(project, vocab), CARD_W, CARD_H, dpi).save(path)
        written.append(path)
    for wonder in pack.wonders:
        for side in wonder.sides.values():
            path = out / (_unique(f"board-{slug(wonder.name)}-{slug(side.name)}", taken) + ".png")
            render(board_face(wonder.name, side, vocab), BOARD_W, BOARD_H, dpi).save(path)
            written.append(path)
    return written


def decks(pack: Pack, players: int) -> list[tuple[str, str, list[tuple[Card, str]]]]:
    """The physical copies for `players`, split by deck in the pack's order: (key, title, copies)."""
    found: dict[str, tuple[str, list[tuple[Card, str]]]] = {}
    for card, label in copies(pack, players):
        key, title = deck_key(card)
        found.setdefault(key, (title, []))[1].append((card, label))
    return [(key, title, cards) for key, (title, cards) in found.items()]


def write_sheets(pack: Pack, folder: str | Path, players: int, dpi: int = DPI) -> list[Sheet]:
    """Deck sheets of 10 x 7 card images, the back bottom right, and each deck's back alone."""
    from PIL import Image

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    vocab = pack.rules.vocab
    w, h = pixels(CARD_W, dpi), pixels(CARD_H, dpi)
    faces: dict[tuple[str, str], Any] = {}
    sheets = []
    for key, title, cards in decks(pack, players):
        back = render(back_face(pack.name, title), CARD_W, CARD_H, dpi)
        back_path = out / f"{key}-back.png"
        back.save(back_path)
        chunks = [cards[i:i + PER_SHEET] for i in range(0, len(cards), PER_SHEET)]
        for n, chunk in enumerate(chunks, 1):
            image = Image.new("RGB", (COLS * w, ROWS * h), "#ffffff")
            for slot, (card, label) in enumerate(chunk):
                if (card.name, label) not in faces:
                    faces[(card.name, label)] = render(card_face(card, vocab, label), CARD_W, CARD_H, dpi)
                image.paste(faces[(card.name, label)], ((slot % COLS) * w, (slot // COLS) * h))
            image.paste(back, ((COLS - 1) * w, (ROWS - 1) * h))
            suffix = f"-{n}" if len(chunks) > 1 else ""
            path = out / f"{key}-sheet{suffix}.png"
            image.save(path)
            sheets.append(Sheet(path, back_path, title + (f" ({n})" if suffix else ""),
                                [card.name for card, _ in chunk]))
    return sheets


def _url(path: Path, url_base: str) -> str:
    """Where Tabletop Simulator fetches an image: under `url_base` when the sheets are hosted,
    else the local file (file:///...), which loads on this computer only."""
    if url_base:
        return url_base.rstrip("/") + "/" + path.name
    return path.resolve().as_uri()


def _guid(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:6]


def _transform(x: float) -> dict[str, float]:
    # face down (rotZ 180), decks side by side along x
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def tts_object(pack: Pack, sheets: list[Sheet], url_base: str = "") -> dict[str, Any]:
    """A Tabletop Simulator saved object: one DeckCustom per sheet, its cards named."""
    states = []
    for deck_id, sheet in enumerate(sheets, 1):
        custom = {str(deck_id): {"FaceURL": _url(sheet.path, url_base), "BackURL": _url(sheet.back, url_base),
                                 "NumWidth": COLS, "NumHeight": ROWS, "BackIsHidden": True,
                                 "UniqueBack": False, "Type": 0}}
        ids = [deck_id * 100 + slot for slot in range(len(sheet.names))]
        cards = [{"Name": "Card", "GUID": _guid(f"{sheet.path.name}/{slot}"), "Nickname": name,
                  "Description": "", "CardID": card_id, "CustomDeck": custom,
                  "Transform": _transform(0.0), "Locked": False, "Grid": True, "Snap": True,
                  "Autoraise": True, "Sticky": True, "Tooltip": True, "SidewaysCard": False}
                 for slot, (card_id, name) in enumerate(zip(ids, sheet.names))]
        states.append({"Name": "DeckCustom", "GUID": _guid(sheet.path.name),
                       "Nickname": f"{pack.name} {sheet.title}", "Description": "",
                       "Transform": _transform(3.0 * (deck_id - 1)), "Locked": False, "Grid": True,
                       "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
                       "SidewaysCard": False, "HideWhenFaceDown": True, "DeckIDs": ids,
                       "CustomDeck": custom, "ContainedObjects": cards})
    return {"SaveName": f"{pack.name} cards", "GameMode": "", "Date": "", "Table": "", "Sky": "",
            "Note": "", "Rules": "", "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
            "ObjectStates": states, "TabStates": {}, "VersionNumber": ""}

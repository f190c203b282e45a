"""`wonders print --png/--sheet/--tts`: an export of the base pack loads as images of the right
size and count, the deck sheets are Tabletop Simulator's 10 x 7 grid, the saved object loads them."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from dsl.loader import load_pack
from interpreter.cli import main
from interpreter.printing.cardface import BOARD_H, BOARD_W, CARD_H, CARD_W, color_of
from interpreter.printing.layout import copies
from interpreter.printing.raster import pixels, render

Image = pytest.importorskip("PIL.Image")
DPI = 60


@pytest.fixture(scope="module")
def export(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("export")
    assert main(["print", "base", "--png", str(out / "png"), "--sheet", str(out / "sheets"),
                 "--tts", str(out / "base.json"), "--players", "7", "--dpi", str(DPI)]) == 0
    return out


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def test_one_png_per_distinct_card_and_board_side_at_the_card_size(export: Path) -> None:
    pack = load_pack("base")
    sides = sum(len(w.sides) for w in pack.wonders)
    files = sorted((export / "png").glob("*.png"))
    cards = [f for f in files if not f.name.startswith("board-")]
    boards = [f for f in files if f.name.startswith("board-")]
    assert len(cards) == len(pack.cards) and len(boards) == sides
    assert (export / "png" / "age1-lumber-yard.png").is_file()
    assert all(f.name == f.name.lower() and " " not in f.name for f in files)
    card_size, board_size = (pixels(CARD_W, DPI), pixels(CARD_H, DPI)), (pixels(BOARD_W, DPI), pixels(BOARD_H, DPI))
    assert Counter(Image.open(f).size for f in cards) == {card_size: len(cards)}
    assert Counter(Image.open(f).size for f in boards) == {board_size: sides}


def test_a_card_image_is_drawn_its_band_in_the_card_colour(export: Path) -> None:
    image = Image.open(export / "png" / "age1-lumber-yard.png").convert("RGB")
    band = image.getpixel((image.width // 6, pixels(10, DPI)))  # in the colour band, left of the name
    assert max(abs(a - b) for a, b in zip(band, rgb(color_of("brown")))) <= 8
    assert len(set(image.getdata())) > 20, "the card is (nearly) blank"


def test_sheets_are_ten_by_seven_with_every_copy_and_the_back_bottom_right(export: Path) -> None:
    pack = load_pack("base")
    sheets = sorted((export / "sheets").glob("*-sheet*.png"))
    assert [s.name for s in sheets] == ["age1-sheet.png", "age2-sheet.png", "age3-sheet.png"]
    w, h = pixels(CARD_W, DPI), pixels(CARD_H, DPI)
    back = Image.open(export / "sheets" / "age1-back.png").convert("RGB")
    assert back.size == (w, h)
    for sheet in sheets:
        image = Image.open(sheet).convert("RGB")
        assert image.size == (10 * w, 7 * h)
        assert image.crop((9 * w, 6 * h, 10 * w, 7 * h)).getpixel((w // 2, h // 5)) == back.getpixel((w // 2, h // 5))
    data = json.loads((export / "base.json").read_text())
    assert sum(len(d["ContainedObjects"]) for d in data["ObjectStates"]) == len(copies(pack, 7))


def test_the_tabletop_simulator_object_loads_the_sheets(export: Path) -> None:
    pack = load_pack("base")
    data = json.loads((export / "base.json").read_text())
    decks = data["ObjectStates"]
    assert len(decks) == 3 and all(d["Name"] == "DeckCustom" for d in decks)
    names = Counter()
    for deck in decks:
        (deck_id, custom), = deck["CustomDeck"].items()
        assert (custom["NumWidth"], custom["NumHeight"], custom["BackIsHidden"], custom["UniqueBack"]) == (10, 7, True, False)
        face = Path(custom["FaceURL"].removeprefix("file://"))
        assert face.parent == (export / "sheets").resolve() and face.is_file()
        assert custom["BackURL"].endswith("-back.png")
        cards = deck["ContainedObjects"]
        assert [c["CardID"] for c in cards] == deck["DeckIDs"] == [int(deck_id) * 100 + i for i in range(len(cards))]
        assert all(c["Name"] == "Card" and c["CustomDeck"] == deck["CustomDeck"] for c in cards)
        assert len(cards) <= 69
        names.update(c["Nickname"] for c in cards)
    assert names == Counter(card.name for card, _ in copies(pack, 7))


def test_hosted_sheets_and_sheets_beside_the_json(tmp_path: Path) -> None:
    out = tmp_path / "deck.json"
    assert main(["print", "base", "--tts", str(out), "--players", "3", "--dpi", "30",
                 "--url-base", "https://example.org/w/"]) == 0
    decks = json.loads(out.read_text())["ObjectStates"]
    assert decks[0]["CustomDeck"]["1"]["FaceURL"] == "https://example.org/w/age1-sheet.png"
    assert (tmp_path / "age1-sheet.png").is_file()
    assert len(decks[0]["ContainedObjects"]) == 21


def test_bad_paths_are_one_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a_file = tmp_path / "f"
    a_file.write_text("")
    assert main(["print", "base", "--png", str(a_file), "--dpi", "30"]) == 1
    assert "--png" in capsys.readouterr().err
    assert main(["print", "base", "--png", str(a_file / "sub"), "--dpi", "30"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: --png") and "Traceback" not in err
    assert main(["print", "base", "--tts", str(a_file / "x.json")]) == 1
    assert capsys.readouterr().err.startswith("error: --tts")
    assert main(["print", "base", "--tts", str(tmp_path), "--dpi", "30"]) == 1
    assert "is a folder" in capsys.readouterr().err


def test_translucent_fills_and_polygons_draw() -> None:
    image = render([("rect", 0, 0, 10, 10, "#ffffff", None, 0),
                    ("polygon", ((0, 0), (10, 0), (10, 10), (0, 10)), "#ff000080", None)], 10, 10, 254)
    r, g, b = image.getpixel((50, 50))
    assert r == 255 and 110 < g < 145 and 110 < b < 145


def test_a_deck_too_big_for_one_sheet_takes_two(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from interpreter.printing import export

    monkeypatch.setattr(export, "PER_SHEET", 20)
    pack = load_pack("base")
    sheets = export.write_sheets(pack, tmp_path, 3, 30)
    assert [(s.path.name, len(s.names)) for s in sheets[:2]] == [("age1-sheet-1.png", 20), ("age1-sheet-2.png", 1)]
    assert sum(len(s.names) for s in sheets) == len(copies(pack, 3))
    decks = export.tts_object(pack, sheets)["ObjectStates"]
    assert decks[1]["DeckIDs"] == [200] and decks[1]["ContainedObjects"][0]["Nickname"] == sheets[1].names[0]


def test_without_pillow_the_error_names_the_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "PIL", None)  # import PIL now fails as if it were not installed
    assert main(["print", "base", "--png", str(tmp_path / "png")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install 'wonders-dsl[print]'" in err

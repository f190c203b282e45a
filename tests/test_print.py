"""`wonders print`: real-size cards with cut marks, the right copies, boards, PDF and SVG."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from dsl.loader import load_pack
from interpreter.printing.cardface import CARD_H, CARD_W
from interpreter.cli import main
from interpreter.printing.layout import PAPERS, card_pages, copies

TINY = str(Path(__file__).resolve().parent / "packs" / "tiny")


def test_copies_follow_the_player_count_and_nine_cards_fit_a_page() -> None:
    pack = load_pack("base")
    guilds = sum(1 for c in pack.cards if c.players is None)
    assert len(copies(pack, 3)) == 21 + 21 + (21 - 5) + guilds
    assert len(copies(pack, 7)) == 49 + 49 + (49 - 9) + guilds
    labels = [label for card, label in copies(pack, 5) if card.name == "Clay Pool"]
    assert labels == ["3+", "5+"]  # each printed copy shows the count it joins the deck at
    for paper, (w, h) in PAPERS.items():
        pages = card_pages(pack, 3, paper)
        assert len(pages) == -(-len(copies(pack, 3)) // 9)
        cards = [p for p in pages[0].prims if p[0] == "rect" and p[3:5] == (CARD_W, CARD_H)]
        assert len(cards) == 9
        assert all(0 <= p[1] and p[1] + CARD_W <= w and 0 <= p[2] and p[2] + CARD_H <= h for p in cards)
        assert sum(1 for p in pages[0].prims if p[0] == "line") == 4 * 4  # cut marks on every edge


def test_a_new_pack_prints_to_pdf_and_svg_and_the_page_is_not_blank(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("reportlab")
    pdf, svg = tmp_path / "tiny.pdf", tmp_path / "svg"
    assert main(["print", TINY, "-o", str(pdf), "--svg", str(svg), "--players", "4", "--paper", "letter"]) == 0
    assert "written to" in capsys.readouterr().out
    assert pdf.read_bytes().startswith(b"%PDF")
    pages = sorted(svg.glob("page-*.svg"))
    assert pages and "<svg" in pages[0].read_text() and "cut" not in pages[0].name
    if not shutil.which("pdftoppm"):
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    from PIL import Image

    subprocess.run(["pdftoppm", "-r", "40", "-png", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "p")], check=True)
    png = next(tmp_path.glob("p-*.png"))
    image = Image.open(png).convert("L")
    inked = sum(image.point(lambda v: 255 if v < 200 else 0).histogram()[255:])
    assert inked > image.width * image.height * 0.05, "the printed page is (nearly) blank"


def test_print_needs_an_output_and_a_player_count_the_pack_allows(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["print", "base"]) == 1
    assert "-o cards.pdf" in capsys.readouterr().err
    assert main(["print", "base", "--svg", "/tmp/x", "--players", "12"]) == 1
    assert "2 to 7 players" in capsys.readouterr().err


def test_a_faces_footer_says_where_the_card_comes_from() -> None:
    """Issue 24: leaders said "Age 0 guild" and Cities' black cards "Age II guild"."""
    from interpreter.printing.cardface import footer
    leaders = {c.name: c for c in load_pack("leaders").cards}
    cities = {c.name: c for c in load_pack("cities").cards}
    assert footer(leaders["Cleopatra"]) == "leaders deck"
    assert footer(cities["Spy Ring"]) == "Age II  drawn"
    assert footer(leaders["Builders Guild"]) == "Age III  drawn"
    assert footer(leaders["Clay Pit"]) == "Age I  3+"
    assert not any("guild" in footer(c) or "Age 0" in footer(c) for c in [*leaders.values(), *cities.values()])

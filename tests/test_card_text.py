"""The English renderer gives every base card, guild and wonder stage readable text.

tests/golden/card_text_base.txt holds one line per card (`Name (age): text`), per wonder
board (`Wonder S (Alias) board: text`, the starting resource) and per wonder stage
(`Wonder S (Alias) stage i: text`). Each line was read by hand against the published
1st-edition card or board. To rewrite the file after a deliberate wording change:

    .venv/bin/python tests/test_card_text.py

then read the diff line by line before committing it.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
GOLDEN = REPO / "tests" / "golden" / "card_text_base.txt"


def render_lines(pack) -> list[str]:
    from dsl.english import effects_english

    vocab = pack.rules.vocab
    lines = [f"{c.name} ({c.age}): {effects_english(c.effects, vocab)}" for c in pack.cards]
    for w in pack.wonders:
        for s, side in w.sides.items():
            label = f"{w.name} {s}" + (f" ({side.alias})" if side.alias else "")
            lines.append(f"{label} board: {effects_english(side.effects, vocab)}")
            for i, st in enumerate(side.stages, 1):
                lines.append(f"{label} stage {i}: {effects_english(st.effects, vocab)}")
    return lines


@pytest.fixture(scope="module")
def pack():
    from dsl.loader import load_pack

    return load_pack("base")


@pytest.fixture(scope="module")
def golden_lines() -> list[str]:
    return GOLDEN.read_text(encoding="utf-8").splitlines()


def test_rendering_equals_golden_file(pack, golden_lines):
    rendered = render_lines(pack)
    missing = [x for x in golden_lines if x not in rendered]
    extra = [x for x in rendered if x not in golden_lines]
    assert not missing and not extra, (
        "English card text differs from tests/golden/card_text_base.txt\n"
        + "".join(f"- {x}\n" for x in missing) + "".join(f"+ {x}\n" for x in extra))
    assert rendered == golden_lines  # same order too


def test_golden_file_covers_every_card_and_stage(pack, golden_lines):
    stages = sum(len(side.stages) for w in pack.wonders for side in w.sides.values())
    sides = sum(len(w.sides) for w in pack.wonders)
    assert len(pack.cards) == 78 and stages == 42 and sides == 14
    assert len(golden_lines) == len(pack.cards) + sides + stages
    assert len(set(golden_lines)) == len(golden_lines)


def test_every_line_is_readable_english(golden_lines):
    for line in golden_lines:
        head, sep, text = line.partition(": ")
        assert sep and head and text, line
        assert text[0].isupper() or text[0].isdigit(), line
        assert text.endswith("."), line
        # no card-language keywords or internal names leak into the English
        for word in ("wonder_stage", "untradable", "neighbors", "vp ", "None", "()", "_"):
            assert word not in text, f"{word!r} in: {line}"
        assert not re.search(r"\d per ", text), line  # "1 per brown card": card language


@pytest.mark.parametrize("name, text", [
    ("Clay Pit (1)", "Produces one of ore or clay each turn."),
    ("East Trading Post (1)", "Buy raw materials from your right neighbour for 1 coin each."),
    ("West Trading Post (1)", "Buy raw materials from your left neighbour for 1 coin each."),
    ("Marketplace (1)", "Buy manufactured goods from either neighbour for 1 coin each."),
    ("Olympia B (Night) stage 1", "Buy raw materials from either neighbour for 1 coin each."),
    ("Halikarnassus A (Day) stage 2", "At the end of the turn in which this is built, build one "
                                      "card from the discard pile for free."),
    ("Tavern (1)", "Take 5 coins when built."),
    ("Forum (2)", "Produces one of glass, loom or papyrus each turn (neighbours cannot buy it)."),
    ("Strategists Guild (3)", "1 victory point for each defeat token in your two neighbours' cities, at game end."),
    ("Builders Guild (3)", "1 victory point for each wonder stage built in your city and in your "
                           "two neighbours' cities, at game end."),
    ("Babylon B (Night) stage 2", "Play the last card of each age instead of discarding it "
                                  "(build it, use it for a wonder stage or sell it)."),
    ("Olympia B (Night) stage 3", "At game end, copy one purple card built by either neighbour."),
    ("Olympia A (Day) stage 2", "Once per age, build a structure from your hand for free."),
])
def test_key_texts(golden_lines, name, text):
    assert f"{name}: {text}" in golden_lines


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    from dsl.loader import load_pack

    GOLDEN.write_text("\n".join(render_lines(load_pack("base"))) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}")

"""The engine knows phases, decks and effect words, never a card, board or expansion: no name
of anything a shipped or example pack defines appears in interpreter/ or dsl/ (code,
comments or docs strings). Resource and colour names are words of the language, not names;
expansion names are matched as names (capitalised: "cities" is a word of the game)."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from dsl.vocab import BASE_VOCABULARY

REPO = Path(__file__).resolve().parents[1]
EXPANSIONS = ("Leaders", "Leader", "Cities", "Free City", "Armada", "Babel", "Edifice", "Carthage",
              "Second Edition")


def _names() -> set[str]:
    names: set[str] = set()
    for f in [*REPO.glob("cards/*/*.yaml"), *REPO.glob("examples/*/*.yaml")]:
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            continue
        names |= {c["name"] for c in data.get("cards") or []}
        names |= {w["name"] for w in data.get("wonders") or []}
    words = {*BASE_VOCABULARY.resources, *BASE_VOCABULARY.colors}
    return {n for n in names if n.lower() not in words}


def test_no_card_board_or_expansion_name_in_the_engine() -> None:
    names = sorted(_names())
    assert len(names) > 100
    cards = re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")\b", re.IGNORECASE)
    boxes = re.compile(r"\b(" + "|".join(re.escape(n) for n in EXPANSIONS) + r")\b")
    hits = []
    for root in ("interpreter", "dsl"):
        for path in sorted((REPO / root).rglob("*")):
            if path.suffix not in (".py", ".lark", ".json"):
                continue
            for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for m in [*cards.finditer(line), *boxes.finditer(line)]:
                    hits.append(f"{path.relative_to(REPO)}:{i}: {m.group(0)}")
    assert not hits, "\n".join(hits[:20])

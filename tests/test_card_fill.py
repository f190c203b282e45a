"""Printed faces fill their effect box (a playtest finding: the icons were drawn at most 11 mm
high and the rule in 2.3 mm print, leaving most of the 45 x 50 mm box empty). The measure is
the height the icons and the rule span inside the box, as a share of its height."""
from __future__ import annotations

import pytest

from dsl.loader import load_pack
from interpreter.printing.cardface import card_face

TOP, BOTTOM, LEFT = 16.0, 66.0, 11.0  # the effect box of a card face (cardface.card_face)


def span(prims: list) -> float:
    """The share of the box's height between its highest and lowest drawing (text counted
    from its cap height to its baseline; the box itself and the cost column left out)."""
    ys: list[float] = []
    for p in prims:
        if p[0] == "text" and p[1] > LEFT and TOP <= p[2] <= BOTTOM:
            ys += [p[2] - p[4] * 0.75, p[2]]
        elif p[0] == "circle" and p[1] > LEFT and TOP < p[2] < BOTTOM:
            ys += [p[2] - p[3], p[2] + p[3]]
        elif p[0] == "polygon":
            ys += [y for x, y in p[1] if TOP < y < BOTTOM and x > LEFT]
    return (max(ys) - min(ys)) / (BOTTOM - TOP) if ys else 0.0


@pytest.mark.parametrize("pack_name", ["base", "leaders", "cities"])
def test_faces_fill_their_effect_box(pack_name: str) -> None:
    pack = load_pack(pack_name)
    spans = sorted(span(card_face(c, pack.rules.vocab)) for c in pack.cards if c.effects)
    median = spans[len(spans) // 2]
    assert median >= 0.5, f"half the faces fill {median:.0%} of their box or less"  # was 30%
    assert spans[0] >= 0.25  # a row as wide as the box (three shields) is as tall as it can be


def test_a_short_effect_draws_large() -> None:
    """Altar (`vp 2`): the laurel is most of the box, the rule under it in readable print."""
    pack = load_pack("base")
    altar = next(c for c in pack.cards if c.name == "Altar")
    face = card_face(altar, pack.rules.vocab)
    laurel = max(p[3] for p in face if p[0] == "circle" and p[1] > LEFT)
    rule = next(p for p in face if p[0] == "text" and p[3] == "2 victory points.")
    assert laurel >= 8.0 and rule[4] >= 3.0  # mm: a disc 16 mm across or more, print 3 mm high (were 3.6 and 2.3)
    assert span(face) >= 0.5  # was 23%

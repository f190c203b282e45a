"""Hand-computed cases for the `second-edition` pack (tests/golden/second-edition/*.json).

The cases use the format and the runner of tests/test_golden_leaders.py (its docstring
describes the kinds score, price, turn and war; every case here says "pack": "second-edition").
One kind is added here, because the harness's `turn` plays one resolution and never reaches
the end of an Age:

  last   the sixth turn of an Age ("turn", default 6) as the game plays it: everyone's move
         ("moves"), then the last card of the cities that may play it (Babylon Night,
         `play last card`: "last_moves" per seat), then the cards left in the hands go to the
         discard pile; expected: as for `turn`, plus "stages" (wonder stages built per seat)
         and "discard" (the discard pile's card names, sorted).

The expected numbers were worked out by hand from the published 2nd-edition card text (the
arithmetic is in each case's description), never copied from the engine. A coverage check
asks for a case for every card and board side that `differences_from_1e` of
tests/golden/published_2e.yaml lists as changed or new, and for every board power.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

# tests/ has no __init__.py: pytest puts this folder on sys.path, so the harness is a module
import test_golden_leaders as harness

GOLDEN = Path(__file__).parent / "golden"
CASES = sorted((GOLDEN / "second-edition").glob("*.json"))
TABLE = yaml.safe_load((GOLDEN / "published_2e.yaml").read_text(encoding="utf-8"))
SIDE_KEYS = {"day": "A", "night": "B"}


def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def test_enough_cases() -> None:
    assert len(CASES) >= 25
    for p in CASES:
        case = _load(p)
        assert case.get("pack") == "second-edition", p.name
        assert case["description"].strip() and case["covers"], p.name


def _wanted() -> set[str]:
    want = set()
    diffs = TABLE["differences_from_1e"]
    want |= {d["name"] for d in diffs["cards"] if d["change"] in ("added", "changed")}
    want |= {f"{d['name']} {SIDE_KEYS[d['side']]}" for d in diffs["wonders"]}
    for w in TABLE["wonders"]:
        for side, s in w["sides"].items():
            want |= {f"{w['name']} {SIDE_KEYS[side]} stage {p['stage']}" for p in s["powers"]}
    return want


def test_every_changed_card_board_side_and_power_is_covered() -> None:
    want = _wanted()
    assert {"Decorators Guild", "Well", "Ludus", "Castrum", "Olympia A stage 2",
            "Olympia B stage 1", "Olympia B stage 2", "Babylon B stage 1"} <= want
    assert len([w for w in want if " stage " not in w]) == 17 + 14
    covered = {n for p in CASES for n in _load(p)["covers"]}
    missing = want - covered
    assert not missing, f"no golden case for {sorted(missing)}"


def test_covers_name_cards_and_boards_of_the_pack() -> None:
    from dsl.loader import load_pack

    pack = load_pack("second-edition")
    names = {c.name for c in pack.cards}
    names |= {f"{w.name} {s}" for w in pack.wonders for s in w.sides}
    names |= {f"{w.name} {s} stage {i}" for w in pack.wonders for s, side in w.sides.items()
              for i in range(1, len(side.stages) + 1)}
    for p in CASES:
        unknown = set(_load(p)["covers"]) - names
        assert not unknown, (p.name, unknown)


def _play_last_turn(case: dict[str, Any]) -> Any:
    """The sixth turn of an Age, as interpreter.game.phases.run_age plays it."""
    g = harness._game(case)
    g.hands = [[harness._card(g, n) for n in hand] for hand in case["hands"]]
    g.begin_turn(case.get("turn", 6))
    g.resolve([g.decide(s) if case["moves"][s] else None for s in range(g.n)])
    last = case.get("last_moves") or [None] * g.n
    extra = [s for s in range(g.n) if g.cities[s].play_last and g.hands[s]]
    assert sorted(extra) == sorted(s for s in range(g.n) if last[s]), \
        f"cities allowed to play their last card: {extra}; {case['description']}"
    if extra:
        for s in extra:
            g.bots[s].step = last[s]
        g.resolve([g.decide(s) if s in extra else None for s in range(g.n)], note="last card")
    for hand in g.hands:
        g.discard.extend(hand)
        hand.clear()
    g.settle_discard_builds()
    return g


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_golden_second_edition(path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = _load(path)
    if case["kind"] != "last":
        harness.test_golden_leaders(path, tmp_path, capsys)
        return
    g = _play_last_turn(case)
    harness._check(case, g)
    exp = case["expected"]
    if "stages" in exp:
        assert [c.stages_built for c in g.cities] == exp["stages"], case["description"]
    if "discard" in exp:
        assert sorted(c.name for c in g.discard) == sorted(exp["discard"]), case["description"]

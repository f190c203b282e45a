"""The shipped `wonder-pack` pack: its boards equal the printed Wonder Pack boards
(cards/wonder-pack/README.md: [P], the board scans), each board reads back in English, and full
games with greedy bots play at every player count, the same for the same seed."""
from __future__ import annotations

from typing import Any

import pytest

from dsl import ast as A
from dsl.loader import load_pack
from interpreter.cli import main
from interpreter.players.bots import GreedyBot
from interpreter.players.game import Game
from interpreter.rules.compiled import compile_pack

# Printed boards ([P]): starting resource (or None), then each stage as (cost, effect text).
PRINTED: dict[tuple[str, str], tuple[Any, str | None, list[tuple[dict[str, int], str]]]] = {
    ("The Great Wall", "A"): ("loom", None, [
        ({"wood": 2}, "coins 8"),
        ({"clay": 1, "glass": 1, "papyrus": 1}, "science any"),
        ({"stone": 3}, "shields 2"),
        ({"ore": 3}, "build from discard")]),
    ("The Great Wall", "B"): ("loom", None, [
        ({"wood": 1, "papyrus": 1}, "coins 8; neighbors gain 2 coins"),
        ({"ore": 1, "clay": 2}, "copy green card from neighbors"),
        ({"wood": 2, "papyrus": 1}, "tokens 1 diplomacy; others lose 2 coins"),
        ({"stone": 2}, "produce one unproduced")]),
    ("Manneken Pis", "B"): (None, "coins 4", [
        ({r: 1 for r in ("wood", "stone", "ore", "clay", "glass", "loom", "papyrus")},
         "coins 7; vp 7; shields 1")]),
}
_PACK: list[Any] = []


def _cp() -> Any:
    if not _PACK:
        _PACK.append(compile_pack(load_pack("wonder-pack")))
    return _PACK[0]


def _parsed(text: str) -> Any:
    from dsl.parser import parse_effects
    return parse_effects(text)


def test_boards_equal_the_printed_boards() -> None:
    pack = load_pack("wonder-pack")
    base = {w.name for w in load_pack("base").wonders}
    new = {(w.name, s): side for w in pack.wonders if w.name not in base for s, side in w.sides.items()}
    assert set(new) == set(PRINTED)
    for key, (resource, board, stages) in PRINTED.items():
        side = new[key]
        assert (side.resource or None) == resource, key
        assert len(side.stages) == len(stages), key
        for i, (stage, (cost, effect)) in enumerate(zip(side.stages, stages)):
            assert stage.cost.as_dict() == cost, (key, i + 1)
            assert stage.effects == _parsed(effect), (key, i + 1)
        if board:
            assert side.effects == _parsed(board), key
    assert "diplomacy" in pack.rules.tokens and not pack.rules.debt


def test_manneken_pis_starts_with_4_coins_more() -> None:
    g2 = Game(_cp(), [GreedyBot() for _ in range(3)], seed=1,
              wonders=["Manneken Pis", "Gizah", "Rhodos"], sides="B")
    g2.set_up_boards()
    assert [c.coins for c in g2.cities] == [7, 3, 3]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_full_games_with_greedy_bots(players: int) -> None:
    names = ["The Great Wall", "Manneken Pis", "Gizah", "Babylon", "Rhodos", "Olympia", "Ephesos"]

    def one(sides: str) -> dict[str, Any]:
        g = Game(_cp(), [GreedyBot() for _ in range(players)], seed=players,
                 wonders=names[:players], sides=sides)
        return g.play()

    first = one("random")
    assert len(first["players"]) == players + (players == 2)  # 2 players: and the Free City
    assert one("random") == first  # the same seed, the same game
    one("B")


def test_sides_a_deals_only_boards_with_a_side_a() -> None:
    for seed in range(6):
        g = Game(_cp(), [GreedyBot() for _ in range(7)], seed=seed, sides="A")
        assert all(c.side.side == "A" for c in g.cities)
        assert "Manneken Pis" not in {c.side.wonder for c in g.cities}


def test_validate_and_explain_read_each_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "wonder-pack"]) == 0
    capsys.readouterr()
    assert main(["wonders", "wonder-pack"]) == 0
    out = capsys.readouterr().out
    assert "The Great Wall" in out and "Manneken Pis" in out
    for _, board, stages in PRINTED.values():
        for text in [board] * bool(board) + [e for _, e in stages]:
            assert main(["explain", "--pack", "wonder-pack", text]) == 0, text
            assert capsys.readouterr().out.strip(), text

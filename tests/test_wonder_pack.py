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
from interpreter.rules.contribution import Contribution
from interpreter.rules.moves import Move

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
    ("Stonehenge", "A"): ("wood", None, [
        ({"ore": 1, "clay": 1}, "vp 3"),
        ({"papyrus": 1, "clay": 2}, "vp 5"),
        ({"wood": 3, "loom": 1}, "vp 2 per stone produced")]),
    ("Stonehenge", "B"): ("wood", None, [
        ({"ore": 3}, "coins 1 per stone produced; vp 1 per stone produced"),
        ({"clay": 3, "papyrus": 1}, "vp 1 per card of the tucked colour in neighbors")]),
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
    names = ["The Great Wall", "Manneken Pis", "Stonehenge", "Gizah", "Babylon", "Rhodos", "Olympia"]

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



# -- stages in any order (`stage_order: any`) ---------------------------------------------------

def _wall_game(side: str = "A", seed: int = 3) -> Game:
    """3 players, the Great Wall at seat 0, at the first decision; seat 0 rich in everything."""
    g = Game(_cp(), [GreedyBot() for _ in range(3)], seed=seed,
             wonders=["The Great Wall", "Gizah", "Rhodos"], sides=side)
    g.pending()
    city = g.cities[0]
    city.coins = 30
    n = len(_cp().resources)
    city.add(Contribution(tuple([3] * n), tuple([0] * n), (), ()), "wonder")  # 3 of every resource
    return g


def test_the_great_wall_builds_its_stages_in_any_order() -> None:
    from interpreter.rules.moves import WONDER, legal_moves, refusal
    assert all(_cp().sides[("The Great Wall", s)].any_order for s in "AB")
    assert not _cp().sides[("Gizah", "A")].any_order
    g = _wall_game()
    city, hand = g.cities[0], g.hands[0]
    moves = legal_moves(hand, city, g.table, False)
    assert sorted({m.stage for m in moves if m.action == WONDER}) == [0, 1, 2, 3]  # each one, named
    assert all(m.stage == -1 for m in moves if m.action != WONDER)
    assert refusal(Move(0, WONDER), hand, city, g.table, False).startswith(
        "the stages of The Great Wall are built in any order: say which one (1-4)")
    city.build_stage(3)  # the fourth first
    assert city.built_stages == [3] and city.stages_built == 1 and city.open_stages() == (0, 1, 2)
    assert refusal(Move(0, WONDER, stage=3), hand, city, g.table, False) == "wonder stage 4 is already built"
    assert refusal(Move(0, "sell", stage=1), hand, city, g.table, False) == "only a wonder move names a stage"
    other = g.cities[1]  # an ordinary board builds its next printed stage and refuses another
    assert other.open_stages() == (0,)
    assert refusal(Move(0, WONDER, stage=2), g.hands[1], other, g.table, False) == \
        "the stages are built in order: the next is stage 1"


def test_a_wonder_move_builds_the_stage_it_names() -> None:
    from interpreter.rules.moves import WONDER, legal_moves
    g = _wall_game("B")
    city = g.cities[0]
    four = next(m for m in legal_moves(g.hands[0], city, g.table, False) if m.action == WONDER and m.stage == 3)
    g.step({0: four, **{s: g.decide(s) for s in (1, 2)}})
    assert city.built_stages == [3] and city.relative == ["unproduced"]  # stage 4: produce one unproduced


def test_greedy_bot_values_each_stage_by_its_own_reward() -> None:
    from interpreter.rules.moves import WONDER
    g = _wall_game("A")
    bot, obs = GreedyBot(), g.observe(0)
    values = [bot.score_move(obs, Move(0, WONDER, stage=k)) for k in range(4)]
    assert len(set(values)) > 1  # 8 coins, a science symbol, 2 shields, a build from the discard


def test_the_native_core_declines_stages_in_any_order() -> None:
    from interpreter.native.lower import NotNative, lower
    with pytest.raises(NotNative, match="any order"):
        lower(_cp())


def test_a_game_with_stages_in_any_order_resumes_from_its_log(tmp_path: Any) -> None:
    import json
    out, again = tmp_path / "full.json", tmp_path / "again.json"
    args = ["--pack", "wonder-pack", "--players", "3", "--seed", "5", "--sides", "A",
            "--wonders", "The Great Wall,Gizah,Rhodos"]
    assert main(["play", *args, "--log", str(out)]) == 0
    full = json.loads(out.read_text())
    stages = [m["stage"] for t in full["turns"] for m in t["moves"] if m.get("player") == 0 and "stage" in m]
    assert stages and all(1 <= k <= 4 for k in stages)
    part = {k: v for k, v in full.items() if k not in ("final", "scores")}
    part["turns"] = full["turns"][: len(full["turns"]) // 2]
    (tmp_path / "cut.json").write_text(json.dumps(part))
    assert main(["play", "--pack", "wonder-pack", "--resume", str(tmp_path / "cut.json"), "--log", str(again)]) == 0
    got = json.loads(again.read_text())
    assert got["turns"] == full["turns"] and got["scores"] == full["scores"]


def test_web_move_codes_carry_the_stage() -> None:
    from interpreter.web.views import move_code, parse_move
    m = Move(2, "wonder", 1, 0, "", 0, stage=3)
    assert move_code(m) == "wonder:2:1:0::0:4" and parse_move(move_code(m)) == m
    assert parse_move("wonder:2:1:0:") == Move(2, "wonder", 1, 0)
    assert parse_move(move_code(Move(1, "build", 0, 2))) == Move(1, "build", 0, 2)


# -- Stonehenge: `per RESOURCE produced`, `per card of the tucked colour` ----------------------

def test_stonehenge_b_stage_1_takes_a_coin_per_stone_for_sale_and_stage_2_keeps_its_card() -> None:
    from interpreter.rules.moves import WONDER, legal_moves
    g = Game(_cp(), [GreedyBot() for _ in range(3)], seed=2, wonders=["Stonehenge", "Gizah", "Rhodos"], sides="B")
    g.pending()
    city = g.cities[0]
    for name in ("Quarry", "Excavation"):  # 2 + 1 stone for sale
        city.build_card(g.cp.card_named(name))
    city.build_card(g.cp.card_named("Ore Vein"))
    city.build_card(g.cp.card_named("Mine"))  # stone/ore: 1 more stone for sale (4), ore for the cost
    city.coins = 5
    move = next(m for m in legal_moves(g.hands[0], city, g.table, False) if m.action == WONDER)
    tucked = g.hands[0][move.card]
    g.step({0: move, 1: Move(0, "sell"), 2: Move(0, "sell")})  # the others buy nothing from her
    assert city.built_stages == [0] and city.under == {0: tucked}
    assert city.coins == 5 - move.left - move.right + 4  # 1 coin per stone for sale, when built


def test_the_tucked_colour_is_refused_outside_a_wonder_stage(tmp_path: Any) -> None:
    from dsl.diagnostics import PackError
    (tmp_path / "pack.yaml").write_text("name: t\nversion: 0.1.0\nextends: [base]\n")
    (tmp_path / "cards.yaml").write_text(
        "cards:\n  - name: Odd\n    age: 1\n    color: blue\n    players: [3]\n"
        "    effect: vp 1 per card of the tucked colour in neighbors\n")
    with pytest.raises(PackError) as err:
        load_pack(str(tmp_path))
    (d,) = err.value.diagnostics
    assert "only a stage's effect may use it" in d.message and d.file.endswith("cards.yaml")
    assert (d.line, d.column) == (6, 18)  # where 'per card of the tucked colour' starts


def test_greedy_bot_values_the_tucked_colour_by_the_card_it_would_tuck() -> None:
    from interpreter.rules.moves import WONDER
    g = Game(_cp(), [GreedyBot() for _ in range(3)], seed=2, wonders=["Stonehenge", "Gizah", "Rhodos"], sides="B")
    g.pending()
    city = g.cities[0]
    city.build_stage(0)
    for s in (1, 2):
        g.cities[s].build_card(g.cp.card_named("Altar"))
        g.cities[s].build_card(g.cp.card_named("Theater"))
    blue = g.cp.card_named("Baths")
    g.hands[0][0], g.hands[0][1] = blue, g.cp.card_named("Stone Pit")
    bot, obs = GreedyBot(), g.observe(0)
    assert bot.score_move(obs, Move(0, WONDER)) - bot.score_move(obs, Move(1, WONDER)) == pytest.approx(4)

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
    ("Manneken Pis", "A"): (None, "coins 4", [  # each stage as a neighbour's of the same number
        ({"copy": "left"}, ""), ({"copy": "right"}, ""), ({"copy": "left"}, "")]),
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
            if "copy" in cost:
                assert stage.copy == cost["copy"] and stage.cost.is_free and not stage.effects, (key, i + 1)
                continue
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
    one("A")
    one("B")


def test_sides_a_deals_only_boards_with_a_side_a() -> None:
    for seed in range(6):
        g = Game(_cp(), [GreedyBot() for _ in range(7)], seed=seed, sides="A")
        assert all(c.side.side == "A" for c in g.cities)


def test_validate_and_explain_read_each_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "wonder-pack"]) == 0
    capsys.readouterr()
    assert main(["wonders", "wonder-pack"]) == 0
    out = capsys.readouterr().out
    assert "The Great Wall" in out and "Manneken Pis" in out
    for _, board, stages in PRINTED.values():
        for text in [board] * bool(board) + [e for _, e in stages if e]:  # (a copied stage: none)
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


def test_the_native_core_plays_stages_in_any_order(native_core: None) -> None:
    """(tests/test_native_constructs.py compares the whole pack on both cores.)"""
    from interpreter.sim.differential import first_difference
    for seed in range(3):
        assert first_difference(_cp(), seed, 3, "greedy", "A", ["The Great Wall", "Gizah", "Rhodos"]) == ""


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


# -- Manneken Pis A: stages copied from the neighbours (`copy: left|right`) ---------------------

def _mp(left: str, right: str, side_left: str = "A") -> Any:
    names = ["Manneken Pis", left, right]
    g = Game(_cp(), [GreedyBot() for _ in range(3)], seed=1, wonders=names, sides="A")
    if side_left != "A":  # the left neighbour (seat 1) on another side: deal again with it
        from interpreter.rules.copied_stages import seat_sides
        sides = seat_sides([_cp().sides[("Manneken Pis", "A")], _cp().sides[(left, side_left)],
                            _cp().sides[(right, "A")]])
        from interpreter.rules.city import City
        g.cities = [City(i, c.name, s, _cp()) for i, (c, s) in enumerate(zip(g.cities, sides))]
        from interpreter.rules.city import Table
        g.table = Table(g.cities)
    return g


def test_manneken_pis_a_stages_are_the_neighbours_stages_of_the_same_number() -> None:
    g = _mp("Gizah", "Rhodos")
    mine, left, right = (c.side for c in g.cities)
    assert [st.effect for st in mine.stages] == [left.stages[0].effect, right.stages[1].effect,
                                                 left.stages[2].effect]
    assert [st.cost for st in mine.stages] == [left.stages[0].cost, right.stages[1].cost, left.stages[2].cost]
    assert [st.cost for st in mine.source.stages] == [left.source.stages[0].cost, right.source.stages[1].cost,
                                                      left.source.stages[2].cost]  # what the prompt shows


def test_a_copied_stage_the_neighbour_lacks_cannot_be_built() -> None:
    from interpreter.rules.moves import WONDER, legal_moves, price_stage
    g = _mp("Rhodos", "Gizah", side_left="B")  # Rhodos B: 2 stages; stage 3 copies it on the left
    city = g.cities[0]
    city.coins = 50
    city.build_stage()
    city.build_stage()
    g.table.age = 1
    p = price_stage(city, g.table)
    assert not p.buildable and p.reason == ("stage 3 copies the left neighbour's stage 3, and that "
                                            "board (Rhodos B) has no stage 3")
    g.deal(1)
    assert not [m for m in legal_moves(g.hands[0], city, g.table, False) if m.action == WONDER]


@pytest.mark.parametrize("players", [3, 5, 7])
def test_manneken_pis_a_in_full_games(players: int) -> None:
    names = ["Manneken Pis", "Gizah", "Babylon", "Rhodos", "Olympia", "Ephesos", "Stonehenge"][:players]
    built = 0
    for seed in range(4):
        g = Game(_cp(), [GreedyBot() for _ in range(players)], seed=seed, wonders=names, sides="A", log=True)
        g.play()
        city, n = g.cities[0], players
        built += city.stages_built
        left, right = g.cities[1].side, g.cities[n - 1].side
        for t in g.log["turns"]:
            for m in t["moves"]:
                if m["player"] == 0 and m["action"] == "wonder":
                    k = len([1 for t2 in g.log["turns"] if t2["turn"] <= t["turn"] and t2["age"] <= t["age"]
                             for m2 in t2["moves"] if m2["player"] == 0 and m2["action"] == "wonder"])
                    assert k >= 1
        assert city.side.stages[1].cost == right.stages[1].cost and city.side.stages[0].cost == left.stages[0].cost
    assert built  # greedy builds copied stages


FOUNTAIN = ("wonders:\n  - name: Fountain\n    sides:\n      A:\n        resource: wood\n        stages:\n"
            "          - {cost: 2 wood, effect: vp 3}\n          - copy: COPY\n")


def _fountain(tmp_path: Any, copy: str = "left") -> Any:
    (tmp_path / "pack.yaml").write_text("name: fountain\nextends: base\n")
    (tmp_path / "wonders.yaml").write_text(FOUNTAIN.replace("COPY", copy))
    return tmp_path


@pytest.mark.parametrize("copy", ["left", "right"])
def test_the_native_core_plays_a_copied_stage_as_python_does(native_core: None, tmp_path: Any, copy: str) -> None:
    """The copying stage is its neighbour's stage 2 (its cost, its reward), whichever board sits
    there; (a copy with nothing to copy, never offered: the wonder-pack tests in
    tests/test_native_constructs.py, where Manneken Pis sits beside a board of two stages)."""
    from interpreter import native
    from interpreter.sim.differential import first_difference
    cp = compile_pack(load_pack(str(_fountain(tmp_path, copy))))
    assert native.unsupported(cp) == ""
    for seed in range(4):
        for wonders in (["Fountain", "Rhodos", "Gizah"], ["Fountain", "Gizah", "Rhodos"]):
            diff = first_difference(cp, seed, 3, ("random", "greedy")[seed % 2], "A", wonders)
            assert diff == "", diff


def test_a_copying_stage_with_its_own_cost_is_a_located_error(tmp_path: Any, capsys: Any) -> None:
    _fountain(tmp_path, "left\n            effect: vp 2")
    assert main(["validate", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "wonders.yaml:9:13: " in err and "remove `effect` (or `copy`)" in err, err
    _fountain(tmp_path, "lefft")
    assert main(["validate", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "wonders.yaml:8:19: " in err and "'lefft'" in err and "left" in err, err


def test_a_state_file_cannot_hold_a_copied_stage_with_nothing_to_copy(tmp_path: Any, capsys: Any) -> None:
    import json
    players = [{"name": "Ana", "wonder": "Manneken Pis", "side": "A", "stages": 3},
               {"name": "Bob", "wonder": "Rhodos", "side": "B"}, {"name": "Cyd", "wonder": "Gizah", "side": "A"}]
    state = tmp_path / "state.json"
    state.write_text(json.dumps({"pack": "wonder-pack", "players": players}))
    assert main(["score", str(state)]) == 1
    assert ("players[0]: stage 3 copies the left neighbour's stage 3, and that board (Rhodos B) has "
            "no stage 3: it cannot have been built") in capsys.readouterr().err

"""The terminal player: moves typed as text, illegal ones refused with the reason."""
from __future__ import annotations

from dsl.loader import load_pack
from interpreter.players.bots import GreedyBot
from interpreter.rules.compiled import compile_pack
from interpreter.players.game import Game
from interpreter.players.human import HumanBot
from interpreter.rules.moves import BUILD, SELL


def scripted(lines: list[str]) -> tuple[HumanBot, list[str]]:
    said: list[str] = []
    answers = iter(lines)
    return HumanBot(ask=lambda prompt: next(answers), say=said.append), said


def test_bad_input_is_refused_with_a_reason_then_a_legal_move_is_taken() -> None:
    cp = compile_pack(load_pack("base"))
    human, said = scripted(["fly 1", "build 9", "wonder 1", "sell 2"])
    game = Game(cp, [human, GreedyBot(), GreedyBot()], seed=4)
    game.deal(1)
    game.age, game.turn = 1, 1
    move = game.decide(0)
    assert move.action == SELL and move.card == 1
    refusals = [s for s in said if "refused" in s]
    assert len(refusals) == 3
    assert "type e.g." in refusals[0]
    assert "no card 9" in refusals[1]
    # no wonder stage is affordable on the first turn: the reason is the rules' own
    assert "resources" in refusals[2] or "coins" in refusals[2]


def test_a_whole_game_can_be_played_from_typed_moves() -> None:
    cp = compile_pack(load_pack("base"))
    human, said = scripted(["sell 1"] * 30 + ["none"] * 5)
    scores = Game(cp, [human, GreedyBot(), GreedyBot()], seed=2).play()
    me = scores["players"][0]
    # sold all 18 cards: 3 + 54 coins at least (neighbours may also pay for the board's resource)
    assert me["treasury"] >= (3 + 18 * 3) // 3
    assert me["wonder"] == me["civilian"] == me["science"] == 0
    assert any("Age 3, turn 6" in s for s in said)


def test_payment_option_letters_pick_among_ways_to_pay() -> None:
    cp = compile_pack(load_pack("base"))
    human, _ = scripted([])
    game = Game(cp, [human, GreedyBot(), GreedyBot()], seed=1)
    game.deal(1)
    moves = [m for m in game.moves(0)]
    builds = {}
    for m in moves:
        if m.action == BUILD:
            builds.setdefault(m.card, []).append(m)
    card, ways = next(((c, w) for c, w in builds.items()), (None, []))
    assert card is not None
    move, problem = human.parse(f"build {card + 1} a", game.observe(0), moves)
    assert move == ways[0] and problem == ""
    move, problem = human.parse(f"build {card + 1} z", game.observe(0), moves)
    assert move is None and "option letters" in problem


def test_help_news_conflicts_and_the_missing_resource_are_shown() -> None:
    cp = compile_pack(load_pack("base"))
    human, said = scripted(["help", "scores", "left"] + ["sell 1"] * 30 + ["none"] * 5)
    game = Game(cp, [human, GreedyBot(), GreedyBot()], seed=2, log=True)
    game.play()
    text = "\n".join(said)
    assert "build N [x]" in text  # help
    assert "total" in text  # the score pad so far
    assert "P2 built" in text or "P2 sold" in text  # what the others did
    assert "conflicts at the end of age 1" in text and "shields" in text
    human.finish(game.observe(0))
    assert "conflicts at the end of age 3" in "\n".join(said)
    assert "next wonder stage 1:" in text and "produces:" in text and "sells:" in text
    assert "cost " in text
    assert "needs 1 more" in text  # a card refused for a missing resource names it


def test_a_short_bot_list_fills_the_table_with_its_last_bot() -> None:
    from interpreter.players.roster import make_bots

    assert [b.name for b in make_bots("human,greedy", 4)] == ["human", "greedy", "greedy", "greedy"]
    assert [b.name for b in make_bots("random", 3)] == ["random"] * 3


def test_a_leaders_game_from_typed_moves_keep_in_the_draft_then_recruit() -> None:
    """The draft asks for `keep N` (a build is refused there); recruitments are moves on the
    leader hand; the pack's `leaders` line shows in `scores`."""
    cp = compile_pack(load_pack("leaders"))
    human, said = scripted(["build 1", "keep 1", "keep 2", "keep 1", "scores"] + ["sell 1"] * 40
                           + ["none"] * 5)
    scores = Game(cp, [human, GreedyBot(), GreedyBot()], seed=5).play()
    refusals = [s for s in said if "refused" in s]
    assert "'build' is not allowed now" in refusals[0]
    assert any("keep one card" in s for s in said)
    assert any(s.strip().startswith("leaders") for s in said)  # the score line, from `scores`
    assert scores["players"][0]["leaders"] == 0  # every leader sold: nothing recruited


def test_a_card_costing_coins_per_age_is_offered_at_its_price(tmp_path) -> None:
    """Issue 23: the prompt priced a build by the card's fixed coins only ("free" for `1 coin per
    age`); in age II the card costs 2 coins, as the game then takes."""
    (tmp_path / "pack.yaml").write_text("name: toll\nextends: base\n")
    (tmp_path / "cards.yaml").write_text(
        "cards:\n  - name: Toll Road\n    age: 2\n    color: blue\n    players: [3, 3, 3, 3, 3, 3, 3]\n"
        "    cost: 1 coin per age\n    effect: vp 5\n")
    cp = compile_pack(load_pack(str(tmp_path)))
    human, said = scripted([])
    game = Game(cp, [human, GreedyBot(), GreedyBot()], seed=1)
    game.deal(2)
    game.table.age = 2
    obs = game.observe(0)
    human._show(obs, game.moves(0))
    line = next(s for s in said if "Toll Road" in s)
    assert "a: 2 to the bank" in line and "free" not in line.split("[")[1], line

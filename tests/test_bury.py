"""`bury card from HAND for N vp per coin` (issue 23, Abu Simbel in examples/wonder-pack-leaders):
a stage takes one card of a second hand out of the game, worth N points per coin of its cost."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dsl.loader import load_pack
from interpreter.players.bots import GreedyBot, RandomBot
from interpreter.players.game import Game
from interpreter.rules.compiled import compile_pack
from interpreter.rules.effects import BuryHook

PACK = Path(__file__).resolve().parents[1] / "examples" / "wonder-pack-leaders"
_CP: list[Any] = []


def cp() -> Any:
    if not _CP:
        _CP.append(compile_pack(load_pack(str(PACK))))
    return _CP[0]


def _abu(side: str, seed: int, players: int = 3, bots: Any = GreedyBot) -> Game:
    names = ["Abu Simbel", "Gizah", "Rhodos", "Babylon", "Olympia", "Ephesos", "Stonehenge"][:players]
    return Game(cp(), [bots() for _ in range(players)], seed=seed, wonders=names, sides=side, log=True)


def test_the_boards_are_the_printed_ones() -> None:
    a, b = (cp().sides[("Abu Simbel", s)] for s in "AB")
    assert [type(h) for st in a.stages for h in st.effect.hooks][-1] is BuryHook
    assert all(isinstance(st.effect.hooks[0], BuryHook) for st in b.stages)
    assert all(h.hand == "leaders" and h.vp == 2 for st in b.stages for h in st.effect.hooks)


def test_a_buried_leader_leaves_the_hand_and_scores_twice_its_cost() -> None:
    g = _abu("B", seed=1)
    g.pending()  # the set-up, the leaders' draft dealt
    city = g.cities[0]
    leaders = [c for c in cp().cards if c.deck == "leaders"]
    dear, cheap = max(leaders, key=lambda c: c.cost_coins), min(leaders, key=lambda c: c.cost_coins)
    hand = city.hands["leaders"] = [cheap, dear]
    hook = cp().sides[("Abu Simbel", "B")].stages[0].effect.hooks[0]
    g.bury_card(0, hook)  # greedy buries the dearest
    assert hand == [cheap] and city.buried == [(hook, dear)] and dear in g.box
    assert hook.score(g.table, 0) == 2 * dear.cost_coins
    other = cp().sides[("Abu Simbel", "B")].stages[1].effect.hooks[0]
    assert other.score(g.table, 0) == 0  # each stage scores its own card
    assert g.log["turns"][-1]["note"] == "bury from leaders"
    assert g.log["turns"][-1]["moves"][0] == {"player": 0, "card": dear.name, "action": "bury", "bank": 0,
                                              "left": 0, "right": 0, "free": "bury"}


def test_a_player_may_bury_nothing() -> None:
    g = _abu("B", seed=1)
    g.pending()
    city = g.cities[0]
    city.hands["leaders"] = hand = [c for c in cp().cards if c.deck == "leaders"][:2]
    g.choose_card = lambda seat, cards, purpose: None  # type: ignore[method-assign]
    g.bury_card(0, cp().sides[("Abu Simbel", "B")].stages[0].effect.hooks[0])
    assert len(hand) == 2 and city.buried == []


@pytest.mark.parametrize("players", [3, 5, 7])
@pytest.mark.parametrize("side", ["A", "B"])
def test_full_games_score_the_buried_cards_on_the_wonder_line(players: int, side: str) -> None:
    buried = 0
    for seed in range(3):
        g = _abu(side, seed, players)
        pad = g.play()["players"][0]
        city = g.cities[0]
        fixed = sum((3, 5)[k] for k in city.built_stages if side == "A" and k < 2)
        assert pad["wonder"] == fixed + sum(2 * c.cost_coins for _, c in city.buried)
        for _, card in city.buried:
            assert card in g.box and card not in city.cards
        buried += len(city.buried)
    assert buried  # the greedy bot buries


def test_random_bots_play_it_to_the_end() -> None:
    for seed in range(3):
        assert len(_abu("B", seed, 4, RandomBot).play()["players"]) == 4


def test_the_native_core_plays_it_as_python_does(native_core: None) -> None:
    """Abu Simbel at the table, both sides, random and greedy bots: the cards buried (the
    choice recorded by both cores), the hands they left, their points on the pad."""
    from interpreter.sim.differential import first_difference, native_run
    buried = 0
    for seed in range(6):
        n, side, bots = 3 + seed % 3, "AB"[seed % 2], ("random", "greedy")[seed // 2 % 2]
        names = ["Abu Simbel", "Gizah", "Rhodos", "Babylon", "Olympia"][:n]
        assert first_difference(cp(), seed, n, bots, side, names) == ""
        trace, _ = native_run(cp(), seed, n, bots, side, names)
        leaders = {c.id for c in cp().cards if c.deck == "leaders"}
        buried += sum(1 for r in trace if r[0] == "card" and r[3] is not None and set(r[2]) <= leaders
                      and r[1] == 0)
    assert buried


def test_a_hand_no_draft_fills_is_a_located_error(tmp_path: Path, capsys: Any) -> None:
    from interpreter.cli import main
    text = (PACK / "wonders.yaml").read_text()
    (tmp_path / "wonders.yaml").write_text(text.replace("from leaders", "from leaderz"))
    (tmp_path / "pack.yaml").write_text("name: bz\nextends: [leaders, wonder-pack]\n")
    assert main(["validate", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert (f"{tmp_path}/wonders.yaml:5:5: wonder \"Abu Simbel\" side B stage 1: 'bury card from leaderz': "
            "no draft fills a hand 'leaderz' (hands: leaders); did you mean 'leaders'?") in err
    (tmp_path / "wonders.yaml").write_text(text)
    (tmp_path / "pack.yaml").write_text("name: bz\nextends: [wonder-pack]\n")  # no draft at all
    assert main(["validate", str(tmp_path)]) == 1
    assert "no draft fills a hand 'leaders' (extend the pack that declares that draft)" in capsys.readouterr().err


def test_a_game_with_burials_resumes_from_its_log(tmp_path: Path, capsys: Any) -> None:
    from interpreter.cli import main
    log = tmp_path / "log.json"
    args = ["play", "--pack", str(PACK), "--json"]
    assert main([*args, "--players", "3", "--seed", "4", "--sides", "B", "--wonders", "Abu Simbel,Gizah,Rhodos",
                 "--log", str(log)]) == 0
    first = capsys.readouterr().out
    assert '"action": "bury"' in log.read_text()
    assert main([*args, "--resume", str(log)]) == 0
    assert capsys.readouterr().out == first

"""The 2-player expert variant the way a user runs it: `play --players 2`, `score` and `price`
on 2-player STATE files, bad STATE files, and a human at the terminal playing for the Free City."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from dsl.loader import load_pack
from interpreter.players.bots import GreedyBot
from interpreter.cli import main
from interpreter.rules.compiled import compile_pack
from interpreter.players.game import Game
from interpreter.players.human import HumanBot


def _state(tmp_path: Path, players: list[dict[str, Any]], name: str = "s.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps({"pack": "base", "players": players}))
    return str(path)


def test_play_two_players_prints_who_played_for_the_free_city_each_turn(capsys, tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    assert main(["play", "--players", "2", "--seed", "1", "--log", str(log)]) == 0
    out = capsys.readouterr().out
    turns = re.findall(r"age (I+) turn (\d): played by (P[12]):", out)
    assert len(turns) == 18
    # Age I starts with the player left of the Free City (P1), Age II right (P2), Age III left
    firsts = [who for age, turn, who in turns if turn == "1"]
    assert firsts == ["P1", "P2", "P1"]
    for (age_a, _, a), (age_b, _, b) in zip(turns, turns[1:]):
        if age_a == age_b:
            assert a != b  # the other player holds the card on the next turn
    assert "Free City" in out and "Winner" in out
    game = json.loads(log.read_text())
    assert game["players"][2]["free_city"] is True and game["final"]["players"][2]["free_city"] is True
    assert 2 not in game["scores"]["winners"]


def test_play_leaders_with_two_players(capsys) -> None:
    assert main(["play", "--pack", "leaders", "--players", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Leader draft" in out and "played by P1" in out


def test_score_of_a_two_player_state_never_makes_the_free_city_win(capsys, tmp_path: Path) -> None:
    # Free City: Palace 8 + Pantheon 7 + Town Hall 6 = 21 civilian, 3 coins (1) -> 22; P1 10 coins (3)
    # + Altar 2 -> 5; P2 Theater 2, 0 coins -> 2. The Free City scores most, P1 wins.
    path = _state(tmp_path, [
        {"name": "Ana", "wonder": "Gizah", "cards": ["Altar"], "coins": 10},
        {"name": "Bob", "wonder": "Babylon", "cards": ["Theater"], "coins": 0},
        {"name": "Free City", "wonder": "Rhodos", "cards": ["Palace", "Pantheon", "Town Hall"], "coins": 3,
         "free_city": True}])
    assert main(["score", path, "--json"]) == 0
    scores = json.loads(capsys.readouterr().out)
    assert [p["total"] for p in scores["players"]] == [5, 2, 22]
    assert scores["winners"] == [0] and scores["players"][2]["free_city"] is True


def test_price_on_a_two_player_state_buys_from_two_different_cities(capsys, tmp_path: Path) -> None:
    # Walls need 3 stone; Ana (Rhodos: ore) has none. Her left is Bob (Quarry: 2 stone), her
    # right the Free City (Gizah A: 1 stone from its board). In a ring of two Bob would be both
    # neighbours and could sell his stone twice; here all three are needed, each bought once.
    path = _state(tmp_path, [
        {"name": "Ana", "wonder": "Rhodos", "coins": 10},
        {"name": "Bob", "wonder": "Babylon", "cards": ["Quarry"]},
        {"name": "Free City", "wonder": "Gizah", "free_city": True}])
    assert main(["price", path, "--player", "0", "--card", "Walls", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    options = sorted((o["left"], o["right"]) for o in got["options"])
    # 3 stone: Bob's 2 (4 coins) + the Free City's 1 (2 coins); never 3 from one city
    assert options == [(4, 2)]


def test_a_two_player_state_without_its_free_city_or_with_a_free_city_winner_is_refused(
        capsys, tmp_path: Path) -> None:
    two = _state(tmp_path, [{"wonder": "Gizah"}, {"wonder": "Babylon"}], "two.json")
    assert main(["score", two]) == 1
    err = capsys.readouterr().err
    assert "0 seat(s) marked free_city; with 2 players this pack has 1 (Free City)" in err
    assert "Traceback" not in err
    won = _state(tmp_path, [{"wonder": "Gizah"}, {"wonder": "Babylon"},
                            {"wonder": "Rhodos", "free_city": True, "winner": True}], "won.json")
    assert main(["score", won]) == 1
    err = capsys.readouterr().err
    assert "players[2]: a seat no player owns (free_city) scores but cannot win" in err
    odd = _state(tmp_path, [{"wonder": "Gizah"}, {"wonder": "Babylon"},
                            {"wonder": "Rhodos", "free_city": "yes"}], "odd.json")
    assert main(["score", odd]) == 1
    assert "'free_city' must be true or false" in capsys.readouterr().err


def test_a_claimed_winner_is_checked_against_the_score_pad(capsys, tmp_path: Path) -> None:
    path = _state(tmp_path, [{"wonder": "Gizah", "coins": 0, "winner": True},
                             {"wonder": "Babylon", "coins": 9},
                             {"wonder": "Rhodos", "free_city": True}])
    assert main(["score", path]) == 1
    assert "marks players[0] as winner, but the score pad makes players[1] the winner" in \
        capsys.readouterr().err


def test_a_human_plays_for_the_free_city_on_their_turns() -> None:
    cp = compile_pack(load_pack("base"))
    said: list[str] = []
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return "sell 1"  # always legal for oneself; refused for the Free City when it can build

    class Careful(HumanBot):
        """Sells for itself; for the Free City takes the first move it is offered."""

        def choose(self, obs: Any, moves: list[Any]) -> Any:
            if obs.cities[obs.seat].unowned:
                self._show(obs, moves)
                return moves[0]
            return super().choose(obs, moves)

    human = Careful(ask=ask, say=said.append)
    g = Game(cp, [human, GreedyBot()], seed=5, log=True)
    g.play()
    mine = [m for t in g.log["turns"] for m in t["moves"] if m["player"] == 2 and m.get("by") == 0]
    assert len(mine) == 9  # P1 holds the card on 9 of the 18 turns
    assert any("You play for Free City, a city no player owns" in s for s in said)
    assert any("It must build a structure or a stage when it can" in s for s in said)


def test_the_browser_player_is_told_when_it_plays_for_the_free_city() -> None:
    import pytest
    pytest.importorskip("starlette")
    from interpreter.web.app import render
    from interpreter.web.player import LiveGame
    from interpreter.web.views import move_code

    cp = compile_pack(load_pack("base"))
    live = LiveGame(cp, 2, 3).start()
    pages = []
    try:
        while not live.over:
            p = live.prompt
            if p.kind == "move":
                if p.seat == 2:
                    pages.append(render("game.html", view=live.view, step=live.step, prompt="move",
                                        error="", live=True, replay=None))
                assert live.submit(move_code(p.moves[0])) == ""
            else:
                live.submit("discard:none" if p.kind == "discard" else "pay:0")
    finally:
        live.stop()
    assert len(pages) == 9 and all("You play for Free City" in page for page in pages)

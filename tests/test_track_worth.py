"""The greedy bot's worth of strength in a conflict along a track (interpreter/rules/track_worth.py).

Worked by hand for a four-player base game with a conflict counting red cards, victory
3/5/7 and defeat -1/-2/-3: seats 0, 2 and 3 hold one red card, seat 1 two. In age 1 seat 0
is among the weakest (-1); one red card more ties it with the strongest (+3): 0.8 * (3 - -1)
= 3.2 now, plus 0.1 per unit of every later age's (victory - defeat): 0.1 * (7 + 10) = 1.7;
4.9 in all. The seats' land shields are such that a shield more changes no land conflict.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl.loader import load_pack
from interpreter.players.bots import GreedyBot
from interpreter.players.game import Game
from interpreter.players.roster import make_bots
from interpreter.rules.compiled import compile_pack
from interpreter.rules.moves import BUILD
from interpreter.rules.track_worth import build_worth, track_gain

FLEET = """\
name: red-fleet
extends: [base]
rules:
  tokens:
    naval: {}
  track_conflicts:
    naval:
      strength: STRENGTH
      victory: [3, 5, 7]
      defeat: [-1, -2, -3]
"""
BUILT = [["Barracks", "Lumber Yard"], ["Guard Tower", "Fortifications"], ["Barracks"], ["Fortifications"]]


def _position(cp):
    game = Game(cp, make_bots("greedy", 4), seed=3)
    for seat, names in enumerate(BUILT):
        for name in names:
            game.cities[seat].build_card(cp.card_named(name))
    game.hands[0] = [cp.card_named("Stockade"), cp.card_named("Altar")]
    return game


def _pack(tmp_path: Path, strength: str):
    (tmp_path / "pack.yaml").write_text(FLEET.replace("STRENGTH", strength))
    return compile_pack(load_pack(str(tmp_path)))


def test_one_red_card_more_turns_a_defeat_into_a_victory(tmp_path: Path) -> None:
    cp = _pack(tmp_path, "red cards")
    obs = _position(cp).observe(0)
    red = cp.card_named("Stockade").color
    assert track_gain(obs, 0, 0, 1) == pytest.approx(4.9)
    assert build_worth(obs, 0, red, 1) == pytest.approx(4.9)
    assert build_worth(obs, 0, cp.card_named("Altar").color, 0) == 0.0  # not counted
    assert build_worth(obs, 0, -1, 0) == 0.0  # a wonder stage: not counted either
    # seat 1, alone the strongest: a red card more keeps its victory, only later ages gain
    assert track_gain(_position(cp).observe(1), 1, 0, 1) == pytest.approx(1.7)


def test_greedy_prefers_the_card_that_wins_the_conflict(tmp_path: Path) -> None:
    base = compile_pack(load_pack("base"))
    for cp, expected in ((base, "Altar"), (_pack(tmp_path, "red cards"), "Stockade")):
        game = _position(cp)
        obs = game.observe(0)
        builds = [m for m in game.moves(0) if m.action == BUILD]
        assert len(builds) == 2
        bot = GreedyBot()
        scores = {obs.hand[m.card].name: bot.score_move(obs, m) for m in builds}
        # Stockade: one shield that changes no land conflict (0.3), Altar: 2 points
        assert scores["Altar"] == pytest.approx(2.0)
        assert scores["Stockade"] == pytest.approx(0.3 + (4.9 if cp is not base else 0.0))
        assert obs.hand[bot.choose(obs, builds).card].name == expected


def test_a_count_in_groups_gains_only_when_a_group_completes(tmp_path: Path) -> None:
    cp = _pack(tmp_path, "2 red cards")
    obs = _position(cp).observe(0)
    # strengths 0, 1, 0, 0: seat 0 is among the weakest; 1 + 1 red = one group, a tie with
    # seat 1 at the top: 0.8 * 4 + 0.1 * 1 * 17
    assert track_gain(obs, 0, 0, 1) == pytest.approx(4.9)
    # seat 1 (2 red cards): a third completes no group
    assert track_gain(_position(cp).observe(1), 1, 0, 1) == 0.0


def test_naval_tokens_are_worth_the_conflict_they_change(tmp_path: Path) -> None:
    cp = _pack(tmp_path, "naval")
    naval = compile_pack(load_pack(str(Path(__file__).resolve().parents[1] / "examples" / "naval-tracks")))
    (hook,) = naval.tracks[0].steps[0].hooks  # the red track's first step: tokens 1 naval
    obs = _position(cp).observe(0)
    # no city holds a naval token: one makes seat 0 the strongest alone: 0.8 * 3 + 1.7
    assert track_gain(obs, 0, 0, 1) == pytest.approx(4.1)
    assert hook.kind == "naval" and hook.amount == 1
    assert hook.worth(obs, 0) == pytest.approx(4.1)  # the word's worth is that gain

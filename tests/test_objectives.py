"""Secret objectives: `rules: scored_hands: [objectives]` scores the cards still in that second
hand at the game's end for their holder, as if built (on their colour's line). Expectations by
hand from the card texts; a hand no draft fills is a located error; the native core plays the
same games, and declines a card there with points other than `vp`."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dsl.loader import load_pack
from interpreter.cli import main
from interpreter.rules.compiled import compile_pack
from interpreter.rules.scoring import score_table
from interpreter.rules.statefile import build_table

RULES = """name: objectives
extends: base
rules:
  players: {min: 3, max: 4}
  decks: [objectives]
  scored_hands: [objectives]
  phases:
    - {name: secret objectives, kind: draft, at: start, deck: objectives, deal: 1, hand: objectives}
"""
CARDS = """cards:
  - {name: Warlord, deck: objectives, color: purple, effect: vp 3 if most shields}
  - {name: Banker, deck: objectives, color: purple, effect: vp 1 per 3 coins}
  - {name: Architect, deck: objectives, color: purple, effect: vp 5 if wonder complete}
  - {name: Scholar, deck: objectives, color: purple, effect: vp 2 per green card}
"""


def _pack(folder: Path, rules: str = RULES) -> Path:
    (folder / "pack.yaml").write_text(rules, encoding="utf-8")
    (folder / "cards.yaml").write_text(CARDS, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def cp(tmp_path_factory) -> Any:
    return compile_pack(load_pack(_pack(tmp_path_factory.mktemp("objectives"))))


def test_the_cards_left_in_the_hand_score_for_their_holder(cp) -> None:
    state = {"pack": "objectives", "players": [
        {"wonder": "Rhodos", "side": "A", "coins": 9, "cards": ["Stockade"], "hands": {"objectives": ["Banker", "Warlord"]}},
        {"wonder": "Alexandria", "side": "A", "coins": 9, "hands": {"objectives": ["Scholar"]}},
        {"wonder": "Babylon", "side": "A", "coins": 2, "cards": ["Apothecary", "Scriptorium"]}]}
    pads = score_table(build_table(state, cp), cp.rules)
    # Rhodos: 9 coins -> 3 (Banker), 1 shield vs 0 and 0 -> the most: 3 (Warlord), on the guilds line
    assert pads[0]["guilds"] == 3 + 3
    assert pads[1]["guilds"] == 0  # Scholar counts its holder's green cards: none
    assert pads[2]["guilds"] == 0  # green cards, but no objective in hand


def test_a_whole_game_scores_each_players_objective(cp) -> None:
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    g = Game(cp, make_bots("greedy", 3), seed=4, sides="A")
    scores = g.play()
    for seat, city in enumerate(g.cities):
        [objective] = city.hands["objectives"]  # one dealt, kept, never played
        (hook,) = objective.effect.score_hooks
        guilds = sum(h.score(g.table, seat) for line, h in city.scorers if line == "guilds")
        assert scores["players"][seat]["guilds"] == guilds + hook.score(g.table, seat)


def test_a_scored_hand_no_draft_fills_is_a_located_error(tmp_path: Path, capsys) -> None:
    assert main(["validate", str(_pack(tmp_path, RULES.replace("scored_hands: [objectives]",
                                                                 "scored_hands: [objective]")))]) == 1
    err = capsys.readouterr().err
    assert "pack.yaml:6:" in err and "scored_hands: no draft phase fills the hand 'objective'" in err
    assert "did you mean 'objectives'?" in err and "Traceback" not in err


@pytest.mark.parametrize("players", [3, 4])
def test_both_cores_play_the_same_games(cp, players) -> None:
    from interpreter import native
    if not native.available():
        pytest.skip("no native core built")
    from game_checks import same_games_on_both_cores
    from interpreter.native import lower
    lower(cp)
    same_games_on_both_cores(cp, players, range(12))


def test_the_native_core_declines_a_hand_card_with_other_points_by_name(tmp_path: Path) -> None:
    from interpreter import native
    if not native.available():
        pytest.skip("no native core built")
    from interpreter.native import NotNative, lower
    folder = _pack(tmp_path)
    (folder / "cards.yaml").write_text(CARDS + "  - {name: Herald, deck: objectives, color: purple, "
                                       "effect: vp 1 when build card}\n", encoding="utf-8")
    with pytest.raises(NotNative, match="scored in a hand"):
        lower(compile_pack(load_pack(folder)))

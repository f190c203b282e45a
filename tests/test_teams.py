"""The Cities team variant (`rules: teams`): partners add their scores, the best team wins both
seats, a tie is broken by the team's coins; only at an even count from 4 players; the native
core declines those games (Python plays them)."""
from __future__ import annotations

from pathlib import Path

from dsl.loader import load_pack
from interpreter.native import undealable
from interpreter.players.game import Game
from interpreter.players.roster import make_bots
from interpreter.rules.compiled import compile_pack
from interpreter.rules.scoring import partners, team_winners, winners

EXAMPLE = str(Path(__file__).resolve().parent.parent / "examples" / "cities-teams")


def pads(*totals: int) -> list[dict[str, int]]:
    return [{"total": t} for t in totals]


def test_partners_side_by_side_or_across_the_table() -> None:
    assert partners("neighbours", 4) == [(0, 1), (2, 3)]
    assert partners("neighbours", 8) == [(0, 1), (2, 3), (4, 5), (6, 7)]
    assert partners("opposite", 6) == [(0, 3), (1, 4), (2, 5)]
    assert partners("opposite", 5) == partners("neighbours", 3) == partners("", 4) == []


def test_the_team_with_the_higher_total_wins_both_seats_worked_by_hand() -> None:
    # totals 40 35 30 50, coins 3 4 5 1: alone, seat 3 wins with 50
    p, coins = pads(40, 35, 30, 50), [3, 4, 5, 1]
    assert winners(p, coins) == [3]
    # side by side: 0+1 = 75 against 2+3 = 80: seats 2 and 3 win
    assert team_winners(p, coins, partners("neighbours", 4)) == [2, 3]
    # across the table: 0+2 = 70 against 1+3 = 85: seats 1 and 3 win
    assert team_winners(p, coins, partners("opposite", 4)) == [1, 3]


def test_a_tie_between_teams_goes_to_the_team_with_more_coins_then_is_shared() -> None:
    # 40+40 = 80 against 45+35 = 80; coins 3+4 = 7 against 5+1 = 6: seats 0 and 1
    assert team_winners(pads(40, 40, 45, 35), [3, 4, 5, 1], partners("neighbours", 4)) == [0, 1]
    # coins 3+3 = 6 against 5+1 = 6: both teams win
    assert team_winners(pads(40, 40, 45, 35), [3, 3, 5, 1], partners("neighbours", 4)) == [0, 1, 2, 3]


def test_a_played_game_scores_by_team_and_the_native_core_declines_it() -> None:
    cp = compile_pack(load_pack(EXAMPLE))
    assert cp.rules.teams == "neighbours"
    g = Game(cp, make_bots("greedy", 4), seed=3)
    scores = g.play()
    players = scores["players"]
    assert [p["team"] for p in players] == [0, 0, 1, 1]
    assert [t["seats"] for t in scores["teams"]] == [[0, 1], [2, 3]]
    assert [t["total"] for t in scores["teams"]] == [players[0]["total"] + players[1]["total"],
                                                     players[2]["total"] + players[3]["total"]]
    best = max(t["total"] for t in scores["teams"])
    assert set(scores["winners"]) >= set(next(t["seats"] for t in scores["teams"] if t["total"] == best))
    assert "team variant" in undealable(cp, 4)
    assert undealable(cp, 5) == ""  # at 5 players everyone plays for themselves, natively too
    five = Game(cp, make_bots("greedy", 5), seed=3).play()
    assert "teams" not in five and len(five["winners"]) >= 1


def test_teams_is_checked_by_the_schema(tmp_path) -> None:
    from dsl.diagnostics import PackError
    import pytest
    (tmp_path / "pack.yaml").write_text("name: t\nextends: cities\nrules:\n  teams: diagonal\n")
    with pytest.raises(PackError) as err:
        load_pack(str(tmp_path))
    assert "teams" in str(err.value.diagnostics[0].message) or err.value.diagnostics[0].kind == "schema"

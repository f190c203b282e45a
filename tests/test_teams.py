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


def _war(shields: tuple[int, ...], team_conflicts: str = "twice", diplomacy: tuple[int, ...] = ()) -> Game:
    from dataclasses import replace
    cp = compile_pack(load_pack(EXAMPLE))
    if team_conflicts != "twice":
        cp = replace(cp, rules=replace(cp.rules, team_conflicts=team_conflicts))
    g = Game(cp, make_bots("greedy", 4), seed=1, log=True)
    g.pending()
    for seat, (city, s) in enumerate(zip(g.cities, shields)):
        city.shields, city.tokens = s, []
        city.token_counts["diplomacy"] = 1 if seat in diplomacy else 0
    g.war(1)
    return g


def test_partners_side_by_side_fight_their_other_neighbour_twice_worked_by_hand() -> None:
    """Teams (0, 1) and (2, 3); seat 1 is seat 0's left neighbour. Shields 5, 1, 2, 4.
    Partners do not fight: seat 0 fights seat 3 twice (5 > 4: +1 +1), seat 1 seat 2 twice
    (1 < 2: -1 -1), seat 2 seat 1 (+1 +1), seat 3 seat 0 (-1 -1). As any two cities (normal),
    seat 2 would fight seat 3 (2 < 4) and seat 1 (2 > 1): -1 +1, and seat 3 +1 against seat 2."""
    g = _war((5, 1, 2, 4))
    assert [c.tokens for c in g.cities] == [[1, 1], [-1, -1], [1, 1], [-1, -1]]
    normal = _war((5, 1, 2, 4), "normal")
    assert [c.tokens for c in normal.cities] == [[1, 1], [-1, -1], [-1, 1], [-1, 1]]


def test_a_sit_out_token_makes_the_two_bouts_one() -> None:
    """Seat 0 holds a diplomacy token: it gives it back, and its bouts with seat 3 are one
    (+1 for seat 0, -1 for seat 3); seats 1 and 2 fight twice as before."""
    g = _war((5, 1, 2, 4), diplomacy=(0,))
    assert [c.tokens for c in g.cities] == [[1], [-1, -1], [1, 1], [-1]]
    assert g.cities[0].token_counts["diplomacy"] == 0
    assert [r.get("fought_once", False) for r in g.log["war"][0]["results"]] == [True, False, False, False]


def test_team_conflicts_is_checked_by_the_schema(tmp_path) -> None:
    import pytest
    from dsl.diagnostics import PackError
    (tmp_path / "pack.yaml").write_text("name: t\nextends: cities\nrules:\n  teams: neighbours\n  team_conflicts: thrice\n")
    with pytest.raises(PackError) as err:
        load_pack(str(tmp_path))
    assert "thrice" in str(err.value.diagnostics[0].message)

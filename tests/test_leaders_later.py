"""The later Leaders (examples/leaders-later) and the conditions they need: `vp N if more THING
than SIDES|others` (a tie is not more), `if most THING` (a tie counts), `if no THING`, `if at
most N THING`. Scores of each Leader: tests/golden/leaders-later (hand-computed)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dsl.loader import load_pack
from dsl.parser import parse_effects
from interpreter.players.bots import GreedyBot, RandomBot
from interpreter.players.game import Game
from interpreter.rules.compiled import compile_pack
from interpreter.rules.counting import Counter
from interpreter.rules.effects.vp import CountTest, VictoryHook

PACK = Path(__file__).resolve().parents[1] / "examples" / "leaders-later"
LATER = {"Phryne", "Cornelia", "Eurypyle", "Theano", "Makeda", "Cynisca", "Agrippina", "Arsinoe", "Octavia",
         "Enheduanna", "Aganice", "Gorgo", "Nitocris", "Telesilla"}
_CP: list[Any] = []


def cp() -> Any:
    if not _CP:
        _CP.append(compile_pack(load_pack(str(PACK))))
    return _CP[0]


class _City:
    def __init__(self, coins: int = 0, defeats: int = 0):
        self.coins, self.defeats = coins, defeats


class _Table:
    """Cities in seat order; around() as rules.city.Table: (self, left = seat + 1, right = seat - 1)."""

    def __init__(self, *cities: _City):
        self.cities, self.n = list(cities), len(cities)

    def around(self, seat: int) -> tuple[_City, _City, _City]:
        n = self.n
        return self.cities[seat], self.cities[(seat + 1) % n], self.cities[(seat - 1) % n]


COINS = Counter("coin")


def test_the_leaders_join_the_leader_deck() -> None:
    cards = {c.name: c for c in cp().cards}
    assert LATER <= set(cards)
    assert all(cards[n].deck == "leaders" for n in LATER)
    assert len([c for c in cp().cards if c.deck == "leaders"]) == 36 + len(LATER)


def test_more_than_neighbours_ignores_the_far_cities_and_a_tie_is_not_more() -> None:
    more = VictoryHook(5, None, CountTest("more", COINS, (1, 2)))
    # seat 0's neighbours are seats 1 and 3; seat 2 (12 coins) is not one
    assert more.score(_Table(_City(9), _City(8), _City(12), _City(2)), 0) == 5
    assert more.score(_Table(_City(9), _City(9), _City(0), _City(2)), 0) == 0  # a tie
    left_only = VictoryHook(5, None, CountTest("more", COINS, (1,)))
    assert left_only.score(_Table(_City(9), _City(8), _City(0), _City(20)), 0) == 5


def test_more_than_others_and_most() -> None:
    more = VictoryHook(3, None, CountTest("more", COINS, ()))
    most = VictoryHook(3, None, CountTest("most", COINS, ()))
    table = _Table(_City(9), _City(2), _City(9), _City(1))
    assert more.score(table, 0) == 0  # seat 2 ties (not a neighbour: every other city counts)
    assert most.score(table, 0) == 3  # a tie counts as the most
    assert most.score(table, 1) == 0


def test_none_and_at_most_with_a_count() -> None:
    none = VictoryHook(6, None, CountTest("none", Counter("defeat")))
    assert none.score(_Table(_City(defeats=0), _City(defeats=3)), 0) == 6
    assert none.score(_Table(_City(defeats=1), _City()), 0) == 0
    at_most = VictoryHook(2, Counter("coin", every=3), CountTest("at_most", COINS, limit=9))
    assert at_most.score(_Table(_City(9), _City()), 0) == 2 * 3  # counted, and the test holds
    assert at_most.score(_Table(_City(10), _City()), 0) == 0


@pytest.mark.parametrize("text", ["vp 5 if more blue cards than neighbors", "vp 4 if most coins",
                                  "vp 6 if no defeats", "vp 7 if at most 1 purple card",
                                  "vp 3 if more wonder stages than others", "vp 1 per red card if no defeats"])
def test_canonical_text_reads_back_to_the_same_effect(text: str) -> None:
    from dsl.printer import effects_text
    once = parse_effects(text)
    assert parse_effects(effects_text(once)) == once


def test_a_bad_condition_is_a_located_error(tmp_path: Path, capsys: Any) -> None:
    from interpreter.cli import main
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "pack.yaml").write_text("name: bad\nversion: 1.0.0\nextends: [leaders]\n", encoding="utf-8")
    (bad / "cards.yaml").write_text(
        "cards:\n"
        "  - name: Tester\n    deck: leaders\n    color: white\n    cost: 1 coin\n"
        "    effect: vp 5 if more bleu cards than neighbors\n"
        "  - name: Other\n    deck: leaders\n    color: white\n    cost: 1 coin\n"
        "    effect: vp 5 if most age\n", encoding="utf-8")
    assert main(["validate", str(bad)]) == 1
    err = capsys.readouterr()
    text = err.out + err.err
    assert "cards.yaml:6:" in text and "Tester" in text and "did you mean 'blue'" in text
    assert "cards.yaml:11:" in text and "Other" in text and "not the age" in text
    assert "Traceback" not in text


@pytest.mark.parametrize("players", range(2, 8))
def test_it_plays_at_every_declared_count_greedy_and_random(players: int) -> None:
    rules = load_pack(str(PACK)).rules
    assert rules.min_players == 2 and rules.max_players == 7
    for bots in (GreedyBot, RandomBot):
        g = Game(cp(), [bots() for _ in range(players)], seed=players)
        pad = g.play()["players"]
        assert len(pad) == max(players, 3)  # 2 players: the Free City takes the third seat
        assert all(c.coins >= 0 for c in g.cities)


def test_a_recruited_later_leader_scores_what_its_condition_says() -> None:
    """Over a few greedy games: each later Leader in a city scores exactly its test's verdict."""
    seen = 0
    for seed in range(6):
        g = Game(cp(), [GreedyBot() for _ in range(5)], seed=seed)
        g.play()
        for seat, city in enumerate(g.cities):
            for card in city.cards:
                for h in getattr(card.effect, "hooks", ()):
                    if isinstance(h, VictoryHook) and isinstance(h.condition, CountTest):
                        seen += 1
                        assert h.score(g.table, seat) in (0, h.amount)
                        assert (h.score(g.table, seat) == h.amount) == h.condition.holds(g.table, seat)
    assert seen


def test_the_native_core_runs_it() -> None:
    """Conditions, `science most|swap`, victory pairs and conflict tokens all lower (the games
    are compared on both cores in tests/test_native_constructs.py)."""
    from interpreter import native
    from interpreter.native.lower import lower
    tables = lower(cp())
    assert any(row[0] == 2 and row[2] == 2 for row in tables["hooks"])  # a vp with a test row
    if native.available():
        assert native.unsupported(cp()) == ""


def test_packs_without_a_condition_still_lower() -> None:
    from interpreter.native.lower import lower
    lower(compile_pack(load_pack("leaders")))

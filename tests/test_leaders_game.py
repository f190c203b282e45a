"""The Leaders phases against the rulebook (seed 003, "LEADERS EXPANSION"), and invariants
over many seeded Leaders games: the draft (4 dealt, keep one, pass the rest to the right:
hands of 4, 3, 2, 1), one leader played per recruitment, the last unplayed leader returned
before Age III, 6 starting coins, leaders never in an age deck, every card in one place."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from game_checks import card_places

from dsl.loader import load_pack
from interpreter.players.bots import GreedyBot, RandomBot
from interpreter.rules.compiled import compile_pack
from interpreter.players.game import Game
from interpreter.rules.moves import ALL_ACTIONS, KEEP, Move, _general_moves, legal_moves


@pytest.fixture(scope="module")
def cp() -> Any:
    return compile_pack(load_pack("leaders"))


class Watcher(RandomBot):
    """A random bot that records what it was offered in each phase."""

    def __init__(self) -> None:
        self.offers: list[tuple[str, int, list[str]]] = []

    def choose(self, obs: Any, moves: list[Move]) -> Move:
        self.offers.append((obs.phase.kind, obs.age, [c.name for c in obs.hand]))
        return super().choose(obs, moves)


def test_six_starting_coins_and_leaders_never_in_an_age_deck(cp) -> None:
    g = Game(cp, [RandomBot() for _ in range(4)], seed=3)
    assert [c.coins for c in g.cities] == [6] * 4
    for age in (1, 2, 3):
        assert all(not c.deck for c in cp.deck(age, 7))
    assert all(not c.deck for c in cp.guilds())
    assert len(cp.deck_cards("leaders", 7)) == 36


@pytest.mark.parametrize("n", [3, 5, 7])
def test_the_draft_deals_four_keeps_one_and_passes_right(cp, n: int) -> None:
    bots = [Watcher() for _ in range(n)]
    g = Game(cp, bots, seed=n, log=True)
    g.play()
    picks = [e for e in g.log["turns"] if e["phase"] == "draft"]
    assert [len(e["moves"]) for e in picks] == [n] * 4  # four picks, everyone keeps one each time
    for bot in bots:  # asked with hands of 4, 3 and 2; the last card is simply kept
        assert [len(h) for kind, _, h in bot.offers if kind == "draft"] == [4, 3, 2]
    # passing right: what seat s is offered at pick k+1 is what seat s+1 held minus its pick
    for k in range(2):
        for s in range(n):
            giver = (s + 1) % n
            held = bots[giver].offers[k][2]
            kept = picks[k]["moves"][giver]["card"]
            rest = list(held)
            rest.remove(kept)
            assert sorted(bots[s].offers[k + 1][2]) == sorted(rest)
    # each player's four kept leaders are those they recruit, tuck, sell or return
    dealt = Counter(m["card"] for e in picks for m in e["moves"])
    assert sum(dealt.values()) == 4 * n and max(dealt.values()) == 1


@pytest.mark.parametrize("seed", range(4))
def test_one_leader_per_recruitment_and_the_last_one_returned(cp, seed: int) -> None:
    n = 3 + seed
    g = Game(cp, [RandomBot() for _ in range(n)], seed=seed, log=True)
    g.play()
    recruits = [e for e in g.log["turns"] if e["phase"] == "recruit" and "note" not in e]
    assert [e["age"] for e in recruits] == [1, 2, 3]
    assert all(len(e["moves"]) == n for e in recruits)
    # before Age III each player held 2 leaders (unless a board drew more): one played, the
    # other back to the box; nothing is left in any hand at the end
    assert all(not cards for c in g.cities for cards in c.hands.values())
    leaders_dealt = {m["card"] for e in g.log["turns"] if e["phase"] == "draft" for m in e["moves"]}
    boxed = {c.name for c in g.box if c.deck == "leaders"}
    played = {m["card"] for e in recruits for m in e["moves"]}
    sold = {m["card"] for e in recruits for m in e["moves"] if m["action"] == "sell"}
    assert sold <= boxed  # sold leaders go back to the box, not the discard pile
    assert not any(c.deck for c in g.discard)
    returned = leaders_dealt - played
    assert returned <= boxed


def _places(g) -> Counter:  # noqa: ANN001
    return card_places(g)


class CheckedGame(Game):
    """Coins never negative after any resolution; no building twice in a city; the legal
    moves (fast path for cards no cost change touches) equal full pricing of every card."""

    def decide(self, seat, actions=ALL_ACTIONS):  # type: ignore[override]
        if actions is ALL_ACTIONS and self.hands[seat]:
            city = self.cities[seat]
            fast = legal_moves(self.hands[seat], city, self.table, self.free_power(seat), actions)
            full = _general_moves(self.hands[seat], city, self.table, self.free_power(seat), actions)
            assert set(fast) == set(full), (self.age, seat, set(fast) ^ set(full))
        return super().decide(seat, actions)

    def resolve(self, choices, turn=None, note="", sold="discard"):  # type: ignore[override]
        out = super().resolve(choices, turn, note, sold)
        for c in self.cities:
            assert c.coins >= 0
            names = [x.name for x in c.cards]
            assert len(names) == len(set(names)), names
        return out


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_invariants_over_100_games_per_player_count(cp, n: int) -> None:
    for seed in range(100):
        bots = [GreedyBot() if (seed + i) % 3 == 0 else RandomBot() for i in range(n)]
        g = CheckedGame(cp, bots, seed=seed, sides="random", log=True)
        scores = g.play()
        assert len(scores["players"]) == n
        # every card dealt is in exactly one place: a city, under a stage, a hand, discard, box
        dealt = Counter(m["card"] for e in g.log["turns"] if e["phase"] == "draft" for m in e["moves"])
        dealt.update(g.dealt)
        where = _places(g)
        for name, k in dealt.items():
            if name in {c.name for c in cp.cards if c.deck}:
                assert where[name] == 1, (seed, name)
        assert sum(where.values()) == sum(g.dealt.values()) + len(cp.deck_cards("leaders", n)), seed
        assert [len(e["moves"]) for e in g.log["turns"] if e["phase"] == "recruit" and "note" not in e] == [n, n, n]
        assert all(not x.deck for x in g.discard)


def test_score_and_price_read_states_with_leaders_in_play_and_in_hand(tmp_path, capsys) -> None:
    import json

    from interpreter.cli import main
    state = {"pack": "leaders", "players": [
        {"wonder": "Roma", "side": "B", "cards": ["Cleopatra"], "hands": {"leaders": ["Caesar"]},
         "coins": 4},
        {"wonder": "Gizah", "cards": [], "coins": 6},
        {"wonder": "Babylon", "cards": [], "copied": [], "coins": 6}]}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(state))
    assert main(["score", str(path), "--json"]) == 0
    pad = json.loads(capsys.readouterr().out)["players"][0]
    assert (pad["leaders"], pad["treasury"], pad["total"]) == (5, 1, 6)
    # Caesar (5 coins) for Roma B's owner: 2 less -> 3 coins to the bank
    assert main(["price", str(path), "--player", "0", "--card", "Caesar", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["options"] == [{"bank": 3, "left": 0, "right": 0}]
    state["players"][0]["hands"] = {"leader": ["Caesar"]}
    path.write_text(json.dumps(state))
    assert main(["score", str(path)]) == 1
    assert "no deck 'leader'" in capsys.readouterr().err

"""The search bot: stronger than greedy, the same game for the same seed, and at home in every
phase (drafts, recruitment, builds from the discard pile)."""
from __future__ import annotations

import json
from typing import Any

import pytest

from dsl.loader import load_pack
from interpreter.players.bots import GreedyBot
from interpreter.players.roster import make_bots
from interpreter.rules.compiled import compile_pack
from interpreter.players.game import Game
from interpreter.players.search import SearchBot, candidates, shortlist


@pytest.fixture(scope="module")
def base() -> Any:
    return compile_pack(load_pack("base"))


class Watched(SearchBot):
    """A search bot that notes where it searched: (phase kind, sub-step)."""

    def __init__(self, playouts: int) -> None:
        super().__init__(playouts)
        self.where: list[tuple[str, str]] = []

    def search(self, obs: Any, answers: Any) -> int:
        self.where.append((obs.phase.kind, obs.sub))
        return super().search(obs, answers)


def test_search_wins_more_than_its_share_against_greedy(base) -> None:
    """Three players, 9 seeded games, 32 playouts a decision: more than 3 wins (a fair share)."""
    wins = 0.0
    for seed in range(9):
        seat = seed % 3
        bots: list[Any] = [GreedyBot() for _ in range(3)]
        bots[seat] = SearchBot(32)
        winners = Game(base, bots, seed=seed, sides="random").play()["winners"]
        wins += 1 / len(winners) if seat in winners else 0.0
    assert wins > 3


def test_the_same_seed_plays_the_same_game(base) -> None:
    logs = []
    for _ in range(2):
        g = Game(base, make_bots("search:4,greedy", 3), seed=3, log=True)
        g.play()
        logs.append(json.dumps(g.log))
    assert logs[0] == logs[1]
    other = Game(base, make_bots("search:4,greedy", 3), seed=4, log=True)
    other.play()
    assert json.dumps(other.log) != logs[0]


def test_it_searches_drafts_recruitments_and_age_turns() -> None:
    cp = compile_pack(load_pack("leaders"))
    bot = Watched(3)
    Game(cp, [bot, *make_bots("greedy", 2)], seed=1).play()
    kinds = {kind for kind, _sub in bot.where}
    assert {"draft", "recruit", "age"} <= kinds


def test_it_searches_a_build_from_the_discard_pile(base) -> None:
    for seed in range(60):
        g = Game(base, make_bots("greedy", 4), seed=seed, sides="B")
        while True:
            pending = g.pending()
            if not pending:
                break
            cards = [d for d in pending.values() if d.kind == "card"]
            if not cards or len(cards[0].cards) < 2:
                g.step(g.ask_bots())
                continue
            d = cards[0]
            bot = Watched(4)
            pick = bot.choose_card(g.observe(d.seat), list(d.cards), "discard")
            assert bot.where == [("age", "settle")] and 0 <= pick < len(d.cards)
            g.step({d.seat: pick})
            return
    pytest.fail("no build from the discard pile in 60 games")


def test_candidates_keep_the_cheapest_payment_of_each_card_and_action(base) -> None:
    g = Game(base, make_bots("greedy", 4), seed=2)
    g.pending()
    for seat in range(4):
        obs = g.observe(seat)
        moves = g.moves(seat)
        cands = candidates(obs, moves)
        keys = {(id(obs.hand[m.card]), m.action, m.free == "power") for m in moves}
        assert len(cands) == len(keys)
        for c in cands:
            same = [m for m in moves if obs.hand[m.card] is obs.hand[c.card] and m.action == c.action
                    and (m.free == "power") == (c.free == "power")]
            assert c.left + c.right + c.extra == min(m.left + m.right + m.extra for m in same)


def test_bot_options() -> None:
    bots = make_bots("search:12,random", 3)
    assert isinstance(bots[0], SearchBot) and bots[0].playouts == 12 and bots[1].name == "random"
    with pytest.raises(ValueError, match="takes no option"):
        make_bots("random:3", 3)
    with pytest.raises(ValueError, match="number of playouts"):
        make_bots("search:many", 3)
    timed = make_bots("search:50ms", 3)[0]
    assert isinstance(timed, SearchBot) and timed.ms == 50.0
    assert make_bots("search:12:s3", 3)[0].stream == 3 and make_bots("search", 3)[0].stream == 0
    with pytest.raises(ValueError, match="stream number"):
        make_bots("search:12:x3", 3)
    both = make_bots("search:12:w6:s2", 3)[0]
    assert both.width == 6 and both.stream == 2 and make_bots("search:12:w0", 3)[0].width == 0
    with pytest.raises(ValueError, match="number of candidates"):
        make_bots("search:12:wide", 3)


def test_the_shortlist_keeps_the_moves_greedy_values_most_in_their_order(base) -> None:
    """Hand-checked on the first turn of a seeded game: the shortlist is the `width` best
    candidates by the greedy bot's score (ties by their order), listed as the candidates are;
    a width as large as the list, or 0, keeps every candidate."""
    g = Game(base, make_bots("greedy", 4), seed=2)
    g.pending()
    judge = GreedyBot()
    checked = 0
    for seat in range(4):
        obs = g.observe(seat)
        cands = candidates(obs, g.moves(seat))
        assert shortlist(obs, cands, 0) == cands and shortlist(obs, cands, len(cands)) == cands
        scores = [judge.score_move(obs, m) for m in cands]
        for width in (1, 3):
            kept = shortlist(obs, cands, width)
            assert len(kept) == width
            assert [cands.index(m) for m in kept] == sorted(cands.index(m) for m in kept)
            worst_kept = min(scores[cands.index(m)] for m in kept)
            dropped = [scores[i] for i, m in enumerate(cands) if m not in kept]
            assert all(v <= worst_kept for v in dropped)
            checked += 1
        best = max(range(len(cands)), key=lambda i: (scores[i], -i))
        assert shortlist(obs, cands, 1) == [cands[best]]
        sells = [m for m in cands if m.action == "sell"]
        assert len(sells) == len({id(c) for c in obs.hand})  # each card once, all tied
    assert checked == 8


def test_a_decision_searches_at_most_width_candidates(base) -> None:
    """search:N:wM plays out at most M candidates an age turn, w0 all of them; the budget
    goes to more worlds each (16 playouts over 4 candidates: 4 worlds, 16 playouts)."""
    def searched(spec: str) -> list[int]:
        sizes: list[int] = []
        bot = make_bots(spec, 4)[0]
        real = bot.search
        bot.search = lambda obs, answers: sizes.append(len(answers)) or real(obs, answers)
        Game(base, [bot] + make_bots("greedy", 3), seed=1).play()
        assert bot.spent == sum(max(1, 16 // k) * k for k in sizes)
        return sizes
    assert max(searched("search:16:w4")) == 4
    assert max(searched("search:16:w0")) > 4


def test_another_search_stream_thinks_differently_on_the_same_deal(base) -> None:
    """search:N:sK is another sample of the same bot: the deal (wonders, hands) is the seed's,
    the search's draws are not, so some decision differs over a few games."""
    def game(spec: str, seed: int) -> tuple[Any, str]:
        g = Game(base, make_bots(spec, 3), seed=seed, sides="random", log=True)
        g.pending()
        dealt = ([(c.side.wonder, c.side.side) for c in g.cities], [[c.name for c in h] for h in g.hands])
        g.play()
        return dealt, json.dumps(g.log)
    differ = 0
    for seed in range(3):
        (deal_a, log_a), (deal_b, log_b) = game("search:6", seed), game("search:6:s1", seed)
        assert deal_a == deal_b
        differ += log_a != log_b
    assert differ >= 1

"""What a bot is given: its observation, never the game; it shows what the player may know and
nothing else, and a determinization of it depends on nothing else."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from dsl.loader import load_pack
from interpreter.players.bots import GreedyBot
from interpreter.players.roster import make_bots
from interpreter.rules.compiled import compile_pack
from interpreter.players.determinize import determinize
from interpreter.players.game import Game
from interpreter.rules.moves import SELL, Move
from interpreter.players.observation import CityView, Observation
from interpreter.game.rng import Stream


@pytest.fixture(scope="module")
def base() -> Any:
    return compile_pack(load_pack("base"))


@pytest.fixture(scope="module")
def leaders() -> Any:
    return compile_pack(load_pack("leaders"))


class Snoop:
    """A bot that tries to read what it must not, and records every attempt's outcome."""

    name = "snoop"

    def __init__(self) -> None:
        self.given: list[Any] = []
        self.leaks: list[str] = []

    def choose(self, obs: Any, moves: list[Move]) -> Move:
        self.given.append(obs)
        for attempt in ("game", "hands", "deck", "decks", "discard", "box", "bots", "bot_rngs",
                        "seed", "__dict__", "records", "log"):
            if hasattr(obs, attempt):
                self.leaks.append(attempt)
        for city in obs.cities:
            for attempt in ("hands", "sold", "tucked", "__dict__"):
                if hasattr(city, attempt):
                    self.leaks.append(f"city.{attempt}")
        return moves[obs.rng.randrange(len(moves))]

    def choose_card(self, obs: Any, cards: list[Any], purpose: str) -> int:
        self.given.append(obs)
        return 0


def test_a_bot_is_given_an_observation_that_hides_the_others_cards(leaders) -> None:
    snoop = Snoop()
    g = Game(leaders, [snoop, *make_bots("random", 3)], seed=5, log=True)
    g.play()
    assert snoop.given and not snoop.leaks
    assert all(isinstance(o, Observation) and not isinstance(o, Game) for o in snoop.given)
    assert all(isinstance(c, CityView) for c in snoop.given[0].cities)


def test_what_an_observation_shows(leaders) -> None:
    g = Game(leaders, make_bots("random", 4), seed=2, log=True)
    while g.phase.kind != "age" or g.age != 1 or g.turn < 3:  # a few turns into age I
        g.step(g.ask_bots())
        g.deciders()
    obs = g.observe(1)
    assert obs.hand == tuple(g.hands[1]) and obs.seat == 1 and obs.n == 4
    assert obs.age == 1 and obs.turn == 3 and obs.phase.kind == "age"
    assert obs.second_hands == {k: tuple(v) for k, v in g.cities[1].hands.items() if v}
    assert obs.hand_sizes == tuple(len(h) for h in g.hands)
    assert [c.coins for c in obs.cities] == [c.coins for c in g.cities]
    assert obs.cities[2].hand_sizes == {k: len(v) for k, v in g.cities[2].hands.items() if v}
    assert obs.rng is g.bot_rngs[1] and obs.search_rng is g.search_rng(1)
    assert obs.search_rng is not g.rng and obs.search_rng.state != g.bot_rngs[1].state
    # the hands it held this phase, in order: the first was dealt to it, the last is its hand
    assert len(obs.seen) == 3 and obs.seen[-1] == obs.hand
    history = obs.history
    assert [p.kind for p in history] == ["draft", "recruit", "age"]
    # plays: its own cards and built cards show, cards others sold or tucked do not
    for _turn, seat, action, card, _lin in history[-1].plays:
        assert (card is None) == (seat != 1 and action != "build")
    backs, known = obs.pile("discard")
    assert len(backs) == obs.discard_size == len(g.discard)
    assert all(g.discard[i] is c for i, c in known)
    log = obs.public_log()
    for t in log["turns"]:
        for m in t["moves"]:
            if m["player"] != 1 and m["action"] in ("sell", "wonder", "keep"):
                assert m["card"] is None


def test_the_discard_pile_is_known_to_who_put_a_card_there(base) -> None:
    g = Game(base, make_bots("random", 3), seed=1)
    g.pending()
    g.step({0: Move(0, SELL), 1: Move(0, SELL), 2: Move(1, SELL)})
    sold = list(g.discard)
    for seat in range(3):
        assert g.observe(seat).pile("discard")[1] == ((seat, sold[seat]),)


def _other_hands(g: Game, seat: int) -> list[list[str]]:
    return [sorted(c.name for c in h) for s, h in enumerate(g.hands) if s != seat]


def _world(g: Game) -> list[Any]:
    return [[[c.name for c in h] for h in g.hands], [c.name for c in g.discard],
            [[c.name for c in city.tucked] for city in g.cities], g.seed]


def test_a_determinization_depends_only_on_what_the_seat_knows(base) -> None:
    """Two games that differ only in cards seat 0 has not seen give the same worlds."""
    g = Game(base, make_bots("greedy", 4), seed=9)
    g.pending()
    h = g.clone()
    h.hands[1][0], h.hands[2][0] = h.hands[2][0], h.hands[1][0]  # unseen at the first turn
    assert _other_hands(g, 0) != _other_hands(h, 0)
    a, b = determinize(g.observe(0), Stream(1, "t")), determinize(h.observe(0), Stream(1, "t"))
    assert _world(a) == _world(b)
    # deep in age II: two face-down discards of age I swapped, seat 0 knowing neither
    while not (g.age == 2 and g.turn == 4):
        g.step(g.ask_bots())
        g.deciders()
    unknown = [i for i, m in enumerate(g.known_masks(g.discard, g.discard_known)) if not m & 1]
    names = {g.discard[i].name for i in unknown}
    assert len(names) > 1
    h = g.clone()
    i, j = next((i, j) for i in unknown for j in unknown if g.discard[i].name != g.discard[j].name)
    h.discard[i], h.discard[j] = h.discard[j], h.discard[i]
    a, b = determinize(g.observe(0), Stream(2, "t")), determinize(h.observe(0), Stream(2, "t"))
    assert _world(a) == _world(b)


def test_an_observation_works_out_the_seats_knowledge_once_and_it_changes_no_world(base) -> None:
    """A search determinizes many worlds from one observation: the second and later reuse what
    the first worked out, and give the worlds a fresh observation gives."""
    g = Game(base, make_bots("greedy", 4), seed=5, sides="random")
    checked = 0
    while g.pending():
        if g.turn in (2, 5):
            seat = g.deciders()[0][0]
            reused = g.observe(seat)
            determinize(reused, Stream(99, "warm"))
            assert reused._known is not None
            for k in range(3):
                assert _world(determinize(reused, Stream(k, "t"))) == \
                    _world(determinize(g.observe(seat), Stream(k, "t")))
            checked += 1
        g.step(g.ask_bots())
    assert checked == 6


def test_the_undealt_cards_in_the_box_do_not_change_a_determinization(leaders) -> None:
    g = Game(leaders, make_bots("greedy", 4), seed=6)
    while g.phase.kind != "recruit":
        g.step(g.ask_bots())
        g.deciders()
    assert len(g.box) > 2 and not any(m & 1 for m in g.box_known)
    h = g.clone()
    h.box.reverse()
    a, b = determinize(g.observe(0), Stream(4, "t")), determinize(h.observe(0), Stream(4, "t"))
    assert _world(a) + [[c.name for c in a.box]] == _world(b) + [[c.name for c in b.box]]
    assert [sorted(c.name for c in city.hands["leaders"]) for city in a.cities] == \
        [sorted(c.name for c in city.hands["leaders"]) for city in b.cities]


@pytest.mark.parametrize("pack", ["base", "leaders"])
def test_a_determinization_keeps_what_the_seat_knows_and_redeals_the_rest(pack, base, leaders) -> None:
    cp = base if pack == "base" else leaders
    differ = 0
    for seed in range(4):
        g = Game(cp, make_bots("greedy", 4), seed=seed)
        for _ in range(4 + 4 * seed):
            g.step(g.ask_bots())
        deciding = g.deciders()
        seat = deciding[0][0]
        obs = g.observe(seat)
        worlds = [determinize(obs, Stream(seed, f"w{k}"), [GreedyBot() for _ in range(4)])
                  for k in range(3)]
        differ += _other_hands(worlds[0], seat) != _other_hands(worlds[1], seat)
        for w in worlds:
            assert w.determinized_shortfall == 0
            assert w.hands[seat] == g.hands[seat] and w.at == g.at and w.sub == g.sub
            assert [len(h) for h in w.hands] == [len(h) for h in g.hands]
            assert len(w.discard) == len(g.discard) and len(w.box) == len(g.box)
            assert [c for c, m in zip(w.discard, g.discard_known) if m >> seat & 1] == \
                [c for c, m in zip(g.discard, g.discard_known) if m >> seat & 1]
            for a, b in zip(w.cities, g.cities):
                assert a.cards == b.cards and a.coins == b.coins and a.tokens == b.tokens
            assert w.cities[seat].hands == g.cities[seat].hands
            # no card is anywhere more often than the pack has it
            everywhere: Counter = Counter()
            for city in w.cities:
                everywhere.update(city.cards)
                everywhere.update(city.tucked)
                for cards in city.hands.values():
                    everywhere.update(cards)
            seconds = {id(cards) for city in w.cities for cards in city.hands.values()}
            for hand in w.hands:
                if id(hand) not in seconds:  # (a recruitment plays the second hands)
                    everywhere.update(hand)
            everywhere.update(w.discard)
            everywhere.update(w.box)
            copies = Counter()
            for age in (1, 2, 3):
                copies.update(cp.deck(age, 4))
            copies.update(cp.guilds())
            for deck in {c.deck for c in cp.cards if c.deck}:
                copies.update(cp.deck_cards(deck, 4))
            assert all(k <= copies[c] for c, k in everywhere.items()), \
                (seed, [(c.name, k, copies[c]) for c, k in everywhere.items() if k > copies[c]])
            assert w.seed != g.seed and not w.records
            w.play()
    assert differ >= 2


def test_the_next_players_hand_is_the_one_passed_to_it(base) -> None:
    g = Game(base, make_bots("greedy", 3), seed=4)
    g.pending()
    played = {s: g.decide(s) for s in range(3)}
    passed = [c for k, c in enumerate(g.hands[0]) if k != played[0].card]
    g.step(played)
    g.pending()
    left = 1  # age I passes to the left: seat 0's hand went to seat 1
    w = determinize(g.observe(0), Stream(3), [GreedyBot() for _ in range(3)])
    assert sorted(c.name for c in w.hands[left]) == sorted(c.name for c in passed)
    assert w.hands[left] == g.hands[left] or sorted(map(id, w.hands[left])) == sorted(map(id, g.hands[left]))

"""The 2-player Free City on the native core (issue 23): the seat no player owns in the ring,
its face-down pile and the holder's draw, the seat's card chosen from the rest of its holder's
hand (must play, its own stream, its holder's policy), the holder changing with the passed
hands, drafts among the players only, its score (it cannot win). Played seed by seed on both
cores, move by move (differential.first_difference), random and greedy."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dsl.loader import load_pack
from interpreter.rules.compiled import compile_pack

# every shipped pack with a seat no player owns at 2 players that the core runs (the law
# tower and shared projects are declined for their own reasons, at every count)
SHIPPED = {"cards/base": 8, "cards/leaders": 4, "cards/wonder-pack": 3, "examples/catan-promo": 2,
           "examples/catan-promo-leaders": 2, "examples/designer-ideas": 3, "examples/expansion-carthage": 2,
           "examples/expansion-heroes": 2, "examples/far-seats": 2, "examples/fourth-age": 2,
           "examples/leaders-later": 3, "examples/naval-tracks": 2, "examples/sample-variant": 2,
           "examples/wonder-pack-leaders": 2}
_CP: dict[str, Any] = {}


def cp(name: str) -> Any:
    if name not in _CP:
        _CP[name] = compile_pack(load_pack(name))
    return _CP[name]


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_both_cores_play_the_same_two_player_games(native_core: None, name: str) -> None:
    from interpreter.native import undealable, unsupported
    from interpreter.sim.differential import first_difference
    pack = cp(name)
    assert pack.rules.seats_at(2), name
    assert unsupported(pack) == "" and undealable(pack, 2) == "", name
    for seed in range(SHIPPED[name]):
        bots = ("random", "greedy", "random,greedy", "greedy,random")[seed % 4]
        diff = first_difference(pack, seed * 17 + 2, 2, bots, ("A", "B", "random")[seed % 3])
        assert diff == "", diff


def _trace(name: str, seed: int, bots: str) -> list[Any]:
    from interpreter.sim.differential import native_run
    return native_run(cp(name), seed, 2, bots, "random")[0]


def test_the_seat_decides_third_each_turn_and_its_pile_shrinks(native_core: None) -> None:
    """Each age turn: the two players, then the Free City (seat 2) choosing from its holder's
    hand. After a turn of age 1 the pile holds 7 - t cards (its top card drawn each turn, the
    card it played put back on top and built or sold); the players hold 7 - t too."""
    trace = _trace("cards/base", 3, "random")
    movers = [r[1] for r in trace if r[0] == "moves"]
    assert movers[:9] == [0, 1, 2] * 3
    states = [r[1] for r in trace if r[0] == "state" and r[1][0] == 1]
    for t, (age, turn, cities, _, _) in enumerate(states[:6], start=1):
        assert turn == t
        assert [len(c[6]) for c in cities] == [7 - t, 7 - t, 7 - t]


def test_the_seat_must_build_when_it_can(native_core: None) -> None:
    """must_play: a build or a stage when there is one (a card that chains only by its chain);
    it sells only when it can play nothing."""
    stuck = chose = 0
    for seed in range(12):
        for r in _trace("cards/base", seed, ("random", "greedy")[seed % 2]):
            if r[0] != "moves" or r[1] != 2:
                continue
            moves, pick = r[2], r[3]
            plays = [m for m in moves if m[1] in ("build", "wonder")]
            chained = {m[0] for m in plays if m[4] == "chain"}
            if plays:
                assert moves[pick][1] in ("build", "wonder"), (seed, moves[pick])
                assert moves[pick][0] not in chained or moves[pick][4] == "chain", (seed, moves[pick])
                chose += 1
            else:
                assert moves[pick][1] == "sell"
                stuck += 1
    assert chose > 50


def test_the_seat_scores_but_cannot_win(native_core: None) -> None:
    from interpreter.native import run_games
    rows = run_games(cp("cards/base"), range(300), 2, "greedy", "A")
    assert all(len(totals) == 3 and 2 not in winners and winners for totals, winners in rows)
    assert any(totals[2] > max(totals[:2]) for totals, _ in rows)  # it did score best, and lost
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    for seed in range(3):  # the same totals as the Python engine's
        scores = Game(cp("cards/base"), make_bots("greedy", 2), seed=seed, sides="A").play()
        assert rows[seed] == (tuple(p["total"] for p in scores["players"]), scores["winners"])


def _pack(tmp_path: Path, seats: str) -> Any:
    (tmp_path / "pack.yaml").write_text(f"name: odd-seats\nextends: base\nrules:\n  seats:\n{seats}",
                                        encoding="utf-8")
    return compile_pack(load_pack(tmp_path))


@pytest.mark.parametrize("seats,why", [
    ("    - {name: Free City, players: [2], controller: left, hand: own}\n", "played by 'left'"),
    ("    - {name: Free City, players: [2], controller: holder, hand: own, first_holder: [left, right, left]}\n",
     "with the hand 'own'"),
    ("    - {name: East, players: [2], controller: left, hand: own}\n"
     "    - {name: West, players: [2], controller: right, hand: own}\n", "more than one seat"),
])
def test_other_seat_forms_are_declined_with_the_reason(native_core: None, tmp_path: Path, seats: str,
                                                       why: str) -> None:
    from interpreter.native import NotNative, start, undealable
    from interpreter.cli.core_opt import pick_core
    pack = _pack(tmp_path, seats)
    assert why in undealable(pack, 2)
    assert undealable(pack, 3) == ""
    with pytest.raises(NotNative, match=why.replace("(", r"\(")):
        start(pack, 1, 2)
    core, reason = pick_core("auto", pack, "greedy", 2)
    assert core == "python" and why in reason


def test_a_free_city_game_is_not_taken_native_mid_game(native_core: None) -> None:
    """bridge.from_decision does not carry the pile, the holder or the sub-step "seat": the
    search plays such a game's playouts in Python (players/native_worlds declines it too)."""
    from interpreter.native import NotNative
    from interpreter.native.bridge import from_decision
    from interpreter.players.bots import GreedyBot
    from interpreter.players.game import Game
    refused: list[str] = []

    class Probe(GreedyBot):
        def choose(self, obs: Any, moves: list[Any]) -> Any:
            if obs.seat == 0 and obs._g.sub == "turn":  # (not the seat's own sub-step)
                try:
                    from_decision(obs._g)
                except NotNative as err:
                    refused.append(str(err))
            return super().choose(obs, moves)
    Game(cp("cards/base"), [Probe(), GreedyBot()], seed=4).play()
    assert len(refused) == 18 and all("seat no player owns" in why for why in refused)


@pytest.mark.parametrize("pack,bots", [("base", "greedy,random"), ("leaders", "greedy")])
def test_a_native_simulation_at_two_players_folds_what_python_folds(native_core: None, pack: str,
                                                                    bots: str) -> None:
    """simulate --core native at 2 players: the Free City is no player's statistics (not a
    seat, bot or wonder of the tallies, its cards not in the verdicts), as in Python."""
    from dataclasses import replace
    from interpreter.sim.runner import SimConfig, _compiled, _native_ready, run_chunk
    cfg = SimConfig(pack=pack, games=16, players=2, bots=bots, sides="random", seed=5, core="native")
    assert _native_ready(_compiled(cfg.pack, cfg.allow_plugins, cfg.without, cfg.blank), cfg)
    fast, slow = run_chunk(cfg, range(16)), run_chunk(replace(cfg, core="python"), range(16))
    assert fast.games == 16 and set(fast.seat) == {0, 1}
    for field in ("turns", "actions", "wonder", "wonder_scores", "seat", "bot", "scores", "cards", "dealt",
                  "verdicts"):
        assert getattr(fast, field) == getattr(slow, field), field


@pytest.fixture(scope="module")
def construct_packs(tmp_path_factory: Any) -> dict:
    """The newer constructs' small packs (tests/test_native_constructs.py), which extend base
    and so declare the Free City at 2 players; their cards come in two copies at 3 players
    (one object twice in the deck: Python's identity tests remove both from the seat's offer)."""
    from game_checks import base_plus
    from test_native_constructs import ON, PACKS
    return {name: base_plus(tmp_path_factory, f"fc-{name}", cards) for name, cards in PACKS.items()} \
        | {name: base_plus(tmp_path_factory, f"fc-{name}", cards, pack) for name, (pack, cards) in ON.items()}


def test_the_constructs_packs_play_the_same_two_player_games(native_core: None, construct_packs: dict) -> None:
    from interpreter.native import undealable, unsupported
    from interpreter.sim.differential import first_difference
    played = 0
    for name, pack in sorted(construct_packs.items()):
        if pack.rules.min_players > 2 or unsupported(pack) or undealable(pack, 2):
            continue
        played += 1
        for seed in (2, 13, 24, 35):  # seeds that parted before copies were compared by id
            bots = ("random", "greedy", "random,greedy")[seed % 3]
            diff = first_difference(pack, seed * 11 + 2, 2, bots, ("A", "B", "random")[seed % 3])
            assert diff == "", f"{name}: {diff}"
    assert played >= 15


class _Table:
    """The few parts of a game seat_pools and seat_choices use: hands, the pile seat 2, held by 0."""

    def __init__(self, hands: list[list[Any]]) -> None:
        self.hands, self.piles, self.pile_saved = hands, frozenset({2}), {}

    def controller(self, seat: int) -> int:
        return 0


def test_the_offer_is_the_holders_hand_without_its_card_by_position() -> None:
    """A card dealt twice at one count is one object twice in a hand: the holder keeping one
    copy leaves the other in the seat's offer (identity used to remove both, and to leave
    nothing to offer when the hand held only copies); the card taken leaves the holder's hand
    at its place, the holder's move follows its card."""
    from interpreter.game.seats import seat_choices, seat_pools
    from interpreter.rules.moves import BUILD, SELL, Move
    a, b = object(), object()
    t = _Table([[a, b, a], ["x"], ["p1", "p2"]])
    assert seat_pools(t, [Move(2, BUILD), Move(0, BUILD), None]) == [2]
    assert t.hands[2] == [a, b] and t.pile_saved == {2: ["p1", "p2"]}
    moves = seat_choices(t, [Move(2, BUILD), Move(0, BUILD), None], [None, None, Move(0, SELL)])
    assert t.hands[0] == [b, a] and t.hands[2] == [a, "p1", "p2"]
    assert moves[0].card == 1 and moves[2].card == 0 and moves[1].card == 0
    t = _Table([[a, a], ["x"], ["p1"]])
    seat_pools(t, [Move(1, BUILD), Move(0, BUILD), None])
    assert t.hands[2] == [a]
    moves = seat_choices(t, [Move(1, BUILD), Move(0, BUILD), None], [None, None, Move(0, BUILD)])
    assert t.hands[0] == [a] and moves[0].card == 0 and t.hands[2] == [a, "p1"]


def test_a_turn_with_the_seat_is_not_stepped_with_given_moves(native_core: None) -> None:
    """NativeGame.step(moves): a given move indexes the hand before the holder's draw, so the
    core refuses it at such a table; the policies' turns play on as play() does."""
    from interpreter.native import start
    g, whole = start(cp("cards/base"), 9, 2, "greedy"), start(cp("cards/base"), 9, 2, "greedy")
    with pytest.raises(ValueError, match="seat no player owns"):
        g.step([0, None, None])
    g.step([None, None, None])
    g.play()
    whole.play()
    assert g.scores() == whole.scores() and g.free_seat == 2

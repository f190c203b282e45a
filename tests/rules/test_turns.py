"""The turn cycle: when-built coins, the sixth-turn discard, passing, decks, determinism,
illegal moves."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from interpreter.players.bots import GreedyBot, RandomBot
from interpreter.players.game import Game
from interpreter.game.contract import IllegalMove
from interpreter.rules.moves import BUILD, SELL, WONDER, Move


# -- yellow cards' coins -----------------------------------------------------------------------

def test_vineyard_counts_neighbours_brown_cards_built_the_same_turn(game, Script, turn):
    # 4 players: seat 0 builds Vineyard; left = seat 1, opposite = seat 2, right = seat 3
    g = game([{"wonder": "Gizah", "cards": ["Lumber Yard", "Stone Pit", "Loom"]},
              {"wonder": "Rhodos", "cards": ["Clay Pool"]},
              {"wonder": "Babylon", "cards": ["Quarry", "Sawmill"]},
              {"wonder": "Ephesos", "cards": ["Timber Yard"]}],
             [Script([("build", "Vineyard"), ("build", "Altar")]),
              Script([("build", "Ore Vein"), ("build", "Stone Pit")]),
              Script([("build", "Lumber Yard"), ("build", "Ore Vein")]),
              Script([("build", "Glassworks"), ("build", "Clay Pool")])])
    turn(g, [["Vineyard"], ["Ore Vein"], ["Lumber Yard"], ["Glassworks"]], turn=1)
    # own 2 + left 2 (Clay Pool, Ore Vein built this turn) + right 1; opposite and grey: no
    assert g.cities[0].coins == 3 + 5
    turn(g, [["Altar"], ["Stone Pit"], ["Ore Vein"], ["Clay Pool"]], turn=2)
    assert g.cities[0].coins == 8  # taken once, not re-counted


def test_bazar_counts_neighbours_grey_cards_built_the_same_turn(game, Script, turn):
    g = game([{"wonder": "Gizah", "cards": ["Loom", "Lumber Yard"]},
              {"wonder": "Rhodos", "cards": ["Press"]},
              {"wonder": "Babylon", "cards": ["Glassworks", "Press"]},
              {"wonder": "Ephesos"}],
             [Script([("build", "Bazar")]), Script([("build", "Glassworks")]),
              Script([("build", "Loom")]), Script([("build", "Loom")])])
    turn(g, [["Bazar"], ["Glassworks"], ["Loom"], ["Loom"]])
    assert g.cities[0].coins == 3 + 2 * (1 + 2 + 1)


def test_tavern_gives_five_coins_once(game, Script, turn):
    g = game(["Gizah", "Rhodos", "Ephesos"],
             [Script([("build", "Tavern"), ("build", "Altar")]), Script([("build", "Altar")] * 2),
              Script([("build", "Theater")] * 2)])
    turn(g, [["Tavern"], ["Altar"], ["Theater"]], turn=1)
    assert g.cities[0].coins == 8
    g.cities[1].names.clear()
    g.cities[2].names.clear()
    turn(g, [["Altar"], ["Altar"], ["Theater"]], turn=2)
    assert g.cities[0].coins == 8


def test_haven_counts_only_own_brown_cards(game, Script, turn):
    g = game([{"wonder": "Gizah", "cards": ["Forum", "Lumber Yard", "Stone Pit"]},
              {"wonder": "Rhodos", "cards": ["Clay Pool"]}, "Ephesos"],
             [Script([("build", "Haven", "chain")]), Script([("build", "Ore Vein")]),
              Script([("build", "Lumber Yard")])])
    turn(g, [["Haven"], ["Ore Vein"], ["Lumber Yard"]])
    assert g.cities[0].coins == 3 + 2


def test_lighthouse_counts_itself_and_own_yellow_cards_only(game, Script, turn):
    g = game([{"wonder": "Gizah", "cards": ["Caravansery", "Marketplace"]},
              {"wonder": "Rhodos", "cards": ["Tavern"]}, "Ephesos"],
             [Script([("build", "Lighthouse", "chain")]), Script([("build", "East Trading Post")]),
              Script([("build", "West Trading Post")])])
    turn(g, [["Lighthouse"], ["East Trading Post"], ["West Trading Post"]])
    assert g.cities[0].coins == 3 + 3


def test_chamber_of_commerce_two_per_own_grey_card(game, Script, turn):
    g = game([{"wonder": "Babylon", "cards": ["Clay Pool", "Press", "Loom"]},
              {"wonder": "Rhodos", "cards": ["Glassworks"]}, "Ephesos"],
             [Script([("build", "Chamber of Commerce", (0, 0))]), Script([("build", "Loom")]),
              Script([("build", "Press")])])
    turn(g, [["Chamber of Commerce"], ["Loom"], ["Press"]])
    assert g.cities[0].coins == 3 + 4


def test_arena_three_coins_per_stage_when_built_only(game, Script, turn):
    g = game([{"wonder": "Gizah", "stages": 2, "cards": ["Stone Pit", "Ore Vein", "Quarry"]},
              "Rhodos", "Ephesos"],
             [Script([("build", "Arena", (0, 0)), ("wonder", "Altar", (0, 0))]),
              Script([("build", "Altar"), ("build", "Theater")]), Script([("build", "Altar"), ("build", "Theater")])])
    turn(g, [["Arena"], ["Altar"], ["Altar"]], turn=1)
    assert g.cities[0].coins == 3 + 6
    turn(g, [["Altar"], ["Theater"], ["Theater"]], turn=2)
    assert g.cities[0].stages_built == 3 and g.cities[0].coins == 9


# -- the age cycle -----------------------------------------------------------------------------

def _plain_build_or_sell(obs, seat, moves):
    """Build the first card that moves no coins at all (no cost, no coin effect), else sell card 0."""
    hand = obs.hand
    for m in moves:
        c = hand[m.card]
        if m.action == BUILD and m.free != "power" and m.left == m.right == 0 and not c.cost_coins \
                and not c.effect.built_hooks:
            return m
    return Move(0, SELL)


@pytest.mark.parametrize("n, seed", [(3, 1), (5, 2), (7, 3)])
def test_sixth_turn_discards_the_last_card_without_coins(cp, Script, n, seed):
    bots = [Script([_plain_build_or_sell] * 6) for _ in range(n)]
    g = Game(cp, bots, seed=seed)
    dealt = []
    original = g.deal

    def deal(age):
        original(age)
        dealt.append([list(h) for h in g.hands])

    g.deal = deal
    g.play_age(1)
    assert [len(h) for h in dealt[0]] == [7] * n
    assert all(len(b.offers) == 6 for b in bots)
    assert all(not h for h in g.hands)
    last = []
    sold = []
    for b in bots:
        for (names, _), move in zip(b.offers, b.chosen):
            if move.action == SELL:
                sold.append(names[move.card])
        names, _ = b.offers[5]
        assert len(names) == 2
        last.append(names[1 - b.chosen[5].card])
    assert Counter(c.name for c in g.discard) == Counter(sold + last)
    for b, city in zip(bots, g.cities):
        sells = sum(1 for m in b.chosen if m.action == SELL)
        assert city.coins == 3 + 3 * sells  # nothing for the discarded last card
        assert len(city.cards) == 6 - sells


def test_hands_pass_left_right_left(game):
    for n in (3, 5):
        g = game(["Gizah", "Rhodos", "Ephesos", "Babylon", "Olympia"][:n])
        for age, step in ((1, 1), (2, -1), (3, 1)):
            markers = [[f"hand of {i}"] for i in range(n)]
            g.hands = [list(h) for h in markers]
            g.pass_hands(age)
            for i in range(n):
                assert g.hands[(i + step) % n] == markers[i], (n, age)


def test_passing_through_whole_ages(cp, game, Script, rig):
    names = [c.name for c in cp.cards]
    hands = {age: [names[(age * 21 + s * 7):(age * 21 + s * 7 + 7)] for s in range(3)] for age in (1, 2)}
    hands[3] = [names[s * 7 + 1:s * 7 + 8] for s in range(3)]
    bots = [Script() for _ in range(3)]  # everyone sells card 0
    g = game(["Gizah", "Rhodos", "Ephesos"], bots)
    rig(g, hands)
    for age, step in ((1, 1), (2, -1), (3, 1)):
        g.play_age(age)
        for s, b in enumerate(bots):
            for t in range(6):
                origin = (s - step * t) % 3
                assert b.offers[(age - 1) * 6 + t][0] == hands[age][origin][t:], (age, s, t)


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_decks_per_player_count(cp, n):
    assert len(cp.deck(1, n)) == len(cp.deck(2, n)) == 7 * n
    assert len(cp.deck(3, n)) == 7 * n - (n + 2)
    g = Game(cp, [RandomBot() for _ in range(n)], seed=n)
    for age in (1, 2, 3):
        g.deal(age)
        assert [len(h) for h in g.hands] == [7] * n
        dealt = [c for h in g.hands for c in h]
        purple = [c for c in dealt if c.color_name == "purple"]
        if age < 3:
            assert Counter(c.id for c in dealt) == Counter(c.id for c in cp.deck(age, n))
            assert not purple
        else:
            assert len(purple) == n + 2 == len({c.name for c in purple})
            assert Counter(c.id for c in dealt if c.color_name != "purple") == \
                Counter(c.id for c in cp.deck(3, n))
        assert all(c.age == age for c in dealt)


def test_card_copies_by_player_count(cp):
    def copies(name, age, n):
        return sum(1 for c in cp.deck(age, n) if c.name == name)
    assert [copies("Tavern", 1, n) for n in range(3, 8)] == [0, 1, 2, 2, 3]
    assert [copies("Clay Pool", 1, n) for n in range(3, 8)] == [1, 1, 2, 2, 2]
    assert [copies("Loom", 2, n) for n in range(3, 8)] == [1, 1, 2, 2, 2]
    assert [copies("Palace", 3, n) for n in range(3, 8)] == [1, 1, 1, 1, 2]


def _played(seed, bots, sides="random"):
    g = Game(_played.cp, bots, seed=seed, sides=sides, log=True)
    g.play()
    return json.dumps(g.log)


@pytest.mark.parametrize("make", [lambda: [RandomBot() for _ in range(4)],
                                  lambda: [GreedyBot(), RandomBot(), GreedyBot(), GreedyBot(), RandomBot()]],
                         ids=["random", "mixed"])
def test_same_seed_same_log_byte_for_byte(cp, make):
    _played.cp = cp
    a, b = _played(11, make()), _played(11, make())
    assert a == b
    c = _played(12, make())
    assert c != a
    assert json.loads(a)["turns"] and json.loads(a)["scores"]


# -- illegal moves -----------------------------------------------------------------------------

def _illegal(cp, game, Script, move, hand=("Clay Pit",), who="Gizah"):
    g = game([who, "Rhodos", "Ephesos"], [Script([move]), Script(), Script()])
    g.hands = [[cp.card_named(n) for n in hand], [cp.card_named("Altar")], [cp.card_named("Altar")]]
    return g


@pytest.mark.parametrize("move, reason", [
    (Move(3, BUILD), "no card #3"),
    (Move(-1, SELL), "no card #-1"),
    (Move(0, "burn"), "unknown action"),
    (Move(0, SELL, 2, 0), "selling takes no payment"),
    (Move(0, BUILD, 0, 0, "power"), "no free-build power"),
    (Move(0, BUILD, 0, 0, "chain"), "no chain to Clay Pit"),
    (Move(0, BUILD, -1, 0), "negative"),
    (Move(0, WONDER, 0, 0), "cannot be produced or bought"),
])
def test_illegal_bot_moves_raise_with_the_reason(cp, game, Script, move, reason):
    g = _illegal(cp, game, Script, move)
    with pytest.raises(IllegalMove, match=reason):
        g.decide(0)


def test_a_move_claiming_an_unknown_reason_to_be_free_is_refused(cp, game, Script):
    """Clay Pit costs 1 coin: a Move marked free for no reason must not skip the payment."""
    for free in ("cost", "bogus"):
        g = _illegal(cp, game, Script, Move(0, BUILD, 0, 0, free))
        with pytest.raises(IllegalMove):
            g.decide(0)


def test_a_bot_returning_a_non_move_raises_illegal_move(cp, game, Script):
    for bad in (None, "sell", (0, "sell")):
        g = _illegal(cp, game, Script, lambda obs, seat, moves, bad=bad: bad)
        with pytest.raises(IllegalMove):
            g.decide(0)


def test_illegal_move_stops_a_whole_age(cp, game, Script, rig):
    g = game(["Gizah", "Rhodos", "Ephesos"], [Script([Move(0, BUILD, 5, 0)]), Script(), Script()])
    rig(g, {1: [["Stockade"] * 7, ["Altar"] * 7, ["Altar"] * 7]})
    with pytest.raises(IllegalMove, match="P1 .*cannot be produced or bought"):
        g.play_age(1)


def test_bad_discard_pick_raises(cp, game, Script, turn):
    hali = Script([("wonder", "Altar", (0, 0))], discards=[5])
    g = game([{"wonder": "Halikarnassus", "stages": 1, "cards": ["Foundry", "Ore Vein"]}, "Rhodos", "Ephesos"],
             [hali, Script([("build", "Altar")]), Script([("build", "Altar")])])
    g.discard = [cp.card_named("Palace")]
    with pytest.raises(IllegalMove, match="no discarded card #5"):
        turn(g, [["Altar"], ["Altar"], ["Altar"]])


def test_play_cli_seats_chosen_wonders_and_names(capsys) -> None:
    import json as _json
    from interpreter.cli import main
    assert main(["play", "--players", "3", "--wonders", "Gizah,Babylon,Rhodos", "--names", "Ana,Bo,Cy",
                 "--sides", "B", "--seed", "3", "--json"]) == 0
    names = [p["name"] for p in _json.loads(capsys.readouterr().out)["players"]]
    assert names == ["Ana", "Bo", "Cy"]
    assert main(["play", "--players", "3", "--wonders", "Giza,Babylon,Rhodos"]) == 1
    assert "did you mean 'Gizah'" in capsys.readouterr().err
    assert main(["play", "--players", "3", "--wonders", "Gizah,Gizah,Rhodos"]) == 1
    assert "one player only" in capsys.readouterr().err

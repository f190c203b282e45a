"""Durations (`until age ends`), costs counted from the state (`6 coins, 1 less per blue card`),
surcharges, shields counted, and the `buy from you` event, on the real game. Every expectation
is worked out by hand from the card texts and the rules (a resource of the age is the city's
until the age's conflicts are over; the coins of a cost counted as the turn's prices are)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from game_checks import at_first_decision, base_plus, card_named

from interpreter.rules.city import City
from interpreter.rules.moves import BUILD, SELL, Move, legal_moves, price_card
from interpreter.rules.pricing import build_terms

CARDS = """cards:
  - {name: Glass Rush, age: 1, color: brown, players: [3, 4, 5, 6, 7], effect: produce glass until age ends}
  - {name: Glass Order, age: 1, color: blue, players: [3, 4, 5, 6, 7], cost: glass, effect: vp 1}
  - {name: Levy, age: 1, color: red, players: [3, 4, 5, 6, 7], effect: shields 9 until age ends}
  - {name: Turned Roads, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: rule pass -2 for all until age ends}
  - {name: Festival, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: discount 2 coins on blue cards until age ends}
  - {name: Costly Chapel, age: 1, color: blue, players: [3, 4, 5, 6, 7], cost: 3 coins, effect: vp 2}
  - {name: Letters Academy, age: 1, color: blue, players: [3, 4, 5, 6, 7], cost: "6 coins, 1 less per blue card", effect: vp 5}
  - {name: Toll House, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: surcharge 1 coin on yellow cards for neighbors; coins 1 when neighbors buy from you}
  - {name: Free Stall, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: vp 0}
  - {name: Fair, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: buy raw from neighbors for 1 until age ends}
  - {name: Veterans, age: 1, color: purple, players: [3, 4, 5, 6, 7], effect: vp 1 per 2 shields; vp 3 if most shields}
"""


@pytest.fixture(scope="module")
def cp(tmp_path_factory) -> Any:
    return base_plus(tmp_path_factory, "durations", CARDS)


def _res(cp: Any, name: str) -> int:
    return cp.resources.index(name)


def _game_without(cp: Any, resource: str) -> tuple[Any, int]:
    """A game at its first decision and a seat whose board and neighbours make none of
    `resource` (so only its own card can)."""
    r = _res(cp, resource)
    for seed in range(40):
        g = at_first_decision(cp, 3, seed=seed)
        for seat in range(3):
            if all(c.fixed[r] == 0 and not any(r in ch for ch in c.choices) for c in g.table.around(seat)):
                return g, seat
    raise AssertionError(f"every seat can get {resource}")


# -- a resource lasting one age ---------------------------------------------------------------

def test_a_resource_of_the_age_pays_in_that_age_and_not_after_it(cp) -> None:
    g, seat = _game_without(cp, "glass")
    city, order = g.cities[seat], card_named(cp, "Glass Order")
    assert not price_card(order, city, g.table).buildable  # no glass at all
    city.build_card(card_named(cp, "Glass Rush"))
    assert city.fixed[_res(cp, "glass")] == 1 and city.lasting
    assert price_card(order, city, g.table).options == ((0, 0),)  # paid with its own glass
    g.end_durations()  # what the age's end does, after its conflicts
    assert city.fixed[_res(cp, "glass")] == 0 and not city.lasting
    assert card_named(cp, "Glass Rush") in city.cards  # the card stays; its effect is over
    assert not price_card(order, city, g.table).buildable
    g.end_durations()  # a second age's end: nothing comes back
    assert city.fixed[_res(cp, "glass")] == 0


def _remade_without(cp: Any, city: City, card: Any) -> City:
    """The city as it would stand had `card` never been built (its other cards and stages)."""
    fresh = City(city.seat, city.name, city.side, cp)
    for c in city.cards:
        if c is not card:
            fresh.build_card(c)
    for k in city.built_stages:
        fresh.build_stage(k)
    return fresh


def test_shields_of_the_age_win_its_conflicts_then_end(cp) -> None:
    g = at_first_decision(cp, 3, seed=2)
    city, levy = g.cities[0], card_named(cp, "Levy")
    city.build_card(levy)  # 9 shields: more than any city can have in age I (3 red cards, a stage)
    g.play_age(1)
    assert city.victories == 2 and city.defeats == 0  # both of age I's conflicts won with them
    assert city.tokens.count(1) == 2  # age I's victory tokens
    assert city.shields == _remade_without(cp, city, levy).shields  # then gone
    assert levy in city.cards


def test_a_duration_ends_after_the_ages_conflicts_in_a_whole_game(cp) -> None:
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    for seed in range(3):  # the cards dealt and played by the bots; each game ends, coins never negative
        g = Game(cp, make_bots("greedy", 4), seed=seed, sides="random")
        g.play()
        for city in g.cities:
            assert not city.lasting  # every duration has ended by the game's end
            assert all(c >= 0 for c in (city.coins,))


def test_a_trade_price_of_the_age_ends_with_it(cp) -> None:
    g = at_first_decision(cp, 3, seed=1)
    city, wood, glass = g.cities[0], _res(cp, "wood"), _res(cp, "glass")
    price = cp.rules.trade_price
    assert city.prices[1][wood] == city.prices[2][wood] == price
    city.build_card(card_named(cp, "Fair"))
    assert city.prices[1][wood] == city.prices[2][wood] == 1 and city.prices[1][glass] == price
    g.end_durations()
    assert city.prices[1][wood] == city.prices[2][wood] == price


# -- the pass reversed, then restored -----------------------------------------------------------

def test_the_pass_reversed_until_the_age_ends(cp) -> None:
    g = at_first_decision(cp, 4, seed=1)
    g.cities[2].build_card(card_named(cp, "Turned Roads"))  # the whole table's, wherever it stands
    g.refresh_rules()  # as a turn starts
    before = [list(h) for h in g.hands]
    g.pass_hands(1)  # age I passes left (+1): now 1 - 2 = -1 seat, to the right
    assert all(g.hands[(s - 1) % 4] == before[s] for s in range(4))
    g.end_durations()
    g.refresh_rules()
    before = [list(h) for h in g.hands]
    g.pass_hands(1)  # restored: to the left
    assert all(g.hands[(s + 1) % 4] == before[s] for s in range(4))


# -- a discount of the age; costs counted from the state; surcharges ------------------------------

def test_a_discount_of_the_age_ends_and_the_price_cache_follows(cp) -> None:
    g = at_first_decision(cp, 3, seed=3)
    city, chapel = g.cities[0], card_named(cp, "Costly Chapel")
    city.coins = 5
    assert price_card(chapel, city, g.table).bank == 3
    city.build_card(card_named(cp, "Festival"))
    assert price_card(chapel, city, g.table).bank == 1
    g.end_durations()
    assert price_card(chapel, city, g.table).bank == 3


def test_a_cost_counted_from_the_city_as_the_count_changes(cp) -> None:
    g = at_first_decision(cp, 3, seed=5)
    city, academy = g.cities[0], card_named(cp, "Letters Academy")
    city.coins = 20
    blues = [c for c in cp.cards if c.color_name == "blue" and c.name != "Letters Academy"]
    assert city.color_counts[cp.colors.index("blue")] == 0
    assert price_card(academy, city, g.table).bank == 6
    city.build_card(blues[0])
    assert price_card(academy, city, g.table).bank == 5  # 6 - 1 per blue card
    for c in blues[1:7]:
        city.build_card(c)
    assert city.color_counts[cp.colors.index("blue")] == 7
    assert price_card(academy, city, g.table).bank == 0  # 6 - 7, never below 0
    other = g.cities[1]
    assert price_card(academy, other, g.table).bank == 6  # the builder's own blue cards count


def test_a_turn_takes_the_counted_cost(cp) -> None:
    g = at_first_decision(cp, 3, seed=6)
    city, academy = g.cities[0], card_named(cp, "Letters Academy")
    for c in [c for c in cp.cards if c.color_name == "blue" and c.name != "Letters Academy"][:2]:
        city.build_card(c)
    city.coins = 10
    g.hands[0][0] = academy
    moves = [Move(0, BUILD), Move(0, SELL), Move(0, SELL)]
    assert Move(0, BUILD) in legal_moves(g.hands[0], city, g.table, False)
    g.resolve(moves)
    assert academy in city.cards and city.coins == 10 - 4  # 6 coins, 2 blue cards: 4


def test_a_surcharge_on_the_neighbours_and_its_cache(cp) -> None:
    g = at_first_decision(cp, 4, seed=7)
    owner, left, right, far = g.cities[0], g.cities[1], g.cities[3], g.cities[2]
    stall = card_named(cp, "Free Stall")  # a yellow card of no cost
    bank = lambda c: build_terms(stall.color, stall.cost_coins, stall.cost, c, g.table).bank  # noqa: E731
    assert [bank(c) for c in (owner, left, right, far)] == [0, 0, 0, 0]
    owner.build_card(card_named(cp, "Toll House"))
    assert [bank(c) for c in (owner, left, right, far)] == [0, 1, 1, 0]  # the neighbours pay 1 more
    left.coins = 0
    assert not price_card(stall, left, g.table).buildable  # it cannot pay the surcharge
    left.coins = 1
    assert price_card(stall, left, g.table).bank == 1
    left.build_card(card_named(cp, "Festival"))  # a discount on blue cards: yellow unchanged
    assert bank(left) == 1


# -- the buy-from-you event ---------------------------------------------------------------------------

def test_the_seller_is_paid_once_for_each_neighbour_that_buys(cp) -> None:
    g = at_first_decision(cp, 3, seed=8)
    seller = g.cities[0]
    seller.build_card(card_named(cp, "Toll House"))
    r = next(r for r in range(len(cp.resources)) if seller.fixed_trade[r] > 0)  # the board's own resource
    wanted = next(c for c in cp.cards if c.cost == ((r, 1),) and not c.cost_coins and c.age == 1
                  and c.name not in g.cities[1].names and c.name not in g.cities[2].names)
    buyers = {1: "right", 2: "left"}  # seat 1's right neighbour is seat 0, seat 2's left is seat 0
    moves: list[Any] = [Move(0, SELL)]
    for seat, side in buyers.items():
        city = g.cities[seat]
        for k in range(len(city.fixed)):  # it must buy: none of its own
            city.fixed[k] = 0
        city.choices, city.coins = [], 5
        city.pay_key = ()
        g.hands[seat][0] = wanted
        got = [m for m in legal_moves(g.hands[seat], city, g.table, False)
               if m.card == 0 and m.action == BUILD and getattr(m, side) > 0]
        assert got, f"seat {seat} cannot buy from seat 0"
        moves.append(got[0])
    coins = seller.coins
    paid = moves[1].right + moves[2].left
    g.resolve(moves)
    sale = seller.sale_value(cp.rules.sell_coins)
    assert seller.coins == coins + sale + paid + 2  # the trade's coins, and 1 for each buyer


# -- shields counted --------------------------------------------------------------------------

def test_points_per_shields_and_for_the_most_shields(cp) -> None:
    g = at_first_decision(cp, 3, seed=9)
    city, vets = g.cities[0], card_named(cp, "Veterans")
    city.build_card(vets)
    reds = [c for c in cp.cards if c.color_name == "red" and c.effect.shields == 1][:5]
    for c in reds:
        city.build_card(c)
    for other in g.cities[1:]:
        assert other.shields < city.shields
    per, most = vets.effect.score_hooks
    assert per.score(g.table, 0) == city.shields // 2
    assert most.score(g.table, 0) == 3
    g.cities[1].shields = city.shields  # a tie counts as most
    assert most.score(g.table, 0) == 3
    g.cities[1].shields = city.shields + 1
    assert most.score(g.table, 0) == 0


def test_a_state_file_is_read_as_the_game_ends_every_duration_over(cp) -> None:
    from interpreter.rules.statefile import build_table
    state = {"pack": "x", "players": [
        {"wonder": "Rhodos", "side": "A", "cards": ["Levy", "Glass Rush", "Veterans"]},
        {"wonder": "Alexandria", "side": "A", "cards": []},
        {"wonder": "Babylon", "side": "A", "cards": []}]}
    table = build_table(state, cp)
    city = table.cities[0]
    assert city.shields == 0 and city.fixed[_res(cp, "glass")] == 0 and not city.lasting
    per, most = card_named(cp, "Veterans").effect.score_hooks
    assert per.score(table, 0) == 0 and most.score(table, 0) == 3  # 0 shields each: a tie counts


# -- stealing --------------------------------------------------------------------------------

STEAL = """cards:
  - {name: Bandits, age: 1, color: red, players: [3, 4, 5, 6, 7], effect: neighbors lose 2 coins to you}
"""


def test_the_owner_takes_what_the_victims_pay(tmp_path_factory) -> None:
    cp = base_plus(tmp_path_factory, "steal", STEAL)  # base: no debt kind, a city pays what it can
    g = at_first_decision(cp, 4, seed=3)
    thief, left, right, far = g.cities[0], g.cities[1], g.cities[3], g.cities[2]
    thief.coins, left.coins, right.coins, far.coins = 0, 5, 1, 5
    g.hands[0][0] = card_named(cp, "Bandits")
    g.resolve([Move(0, BUILD), Move(0, SELL), Move(0, SELL), Move(0, SELL)])
    sale = g.cities[1].sale_value(cp.rules.sell_coins)
    assert left.coins == 5 + sale - 2 and right.coins == 1 + sale - 2  # after their sales' coins arrive
    assert thief.coins == 0 + 2 + 2 and far.coins == 5 + sale  # the thief takes both; the far city nothing


def test_a_stolen_coin_not_paid_is_a_debt_token_and_gives_the_owner_nothing(tmp_path_factory) -> None:
    cp = base_plus(tmp_path_factory, "steal-debt", STEAL, extends="cities")  # cities: debt tokens
    g = at_first_decision(cp, 3, seed=5)
    thief, left, right = g.cities[0], g.cities[1], g.cities[2]
    free = next(c for c in cp.cards if c.age == 1 and not c.cost and not c.cost_coins and not c.deck
                and not c.effect.built_hooks and c.name not in left.names)  # no coins from it
    g.hands[0][0], g.hands[1][0] = card_named(cp, "Bandits"), free
    thief.coins, left.coins, right.coins = 0, 0, 0
    g.resolve([Move(0, BUILD), Move(0, BUILD), Move(0, SELL)])
    # settled after the turn's coins: the left neighbour has none (2 debt tokens, nothing paid);
    # the right one has its sale's 3 coins and pays 2 (greedy pays all it can)
    assert left.coins == 0 and left.token_counts.get("debt", 0) == 2
    assert right.coins == 1 and right.token_counts.get("debt", 0) == 0
    assert thief.coins == 2


COUNTED = """cards:
  - {name: Drill Yard, age: 1, color: red, players: [3, 4, 5, 6, 7], effect: surcharge 1 coin on yellow cards for neighbors per red card}
  - {name: Free Stall, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: vp 0}
"""


def test_a_counted_surcharge_follows_the_count_through_the_price_cache(tmp_path_factory) -> None:
    cp = base_plus(tmp_path_factory, "counted-surcharge", COUNTED)
    g = at_first_decision(cp, 3, seed=2)
    owner, left = g.cities[0], g.cities[1]
    left.coins = 10
    stall = card_named(cp, "Free Stall")
    assert price_card(stall, left, g.table).bank == 0
    owner.build_card(card_named(cp, "Drill Yard"))  # one red card: itself
    assert price_card(stall, left, g.table).bank == 1
    owner.build_card(next(c for c in cp.cards if c.color_name == "red" and c.name != "Drill Yard"))
    assert price_card(stall, left, g.table).bank == 2  # the count changed: the cached summary too
    assert price_card(stall, owner, g.table).bank == 0  # the owner's own builds unchanged


# -- an upgrade: built over a card, its cost credited ---------------------------------------------

UPGRADES = """cards:
  - {name: Meeting Hall, age: 1, color: blue, players: [3, 4, 5, 6, 7], cost: "2 coins, wood", effect: vp 2}
  - {name: Great Hall, age: 2, color: blue, players: [3, 4, 5, 6, 7], cost: "3 coins, 2 wood, stone", upgrades: Meeting Hall, effect: vp 6}
"""


def test_an_upgrade_is_built_over_its_card_which_leaves_and_whose_cost_is_credited(tmp_path_factory) -> None:
    cp = base_plus(tmp_path_factory, "upgrades", UPGRADES)
    g = at_first_decision(cp, 3, seed=1)
    city, hall, great = g.cities[0], card_named(cp, "Meeting Hall"), card_named(cp, "Great Hall")
    city.coins = 10
    assert "Meeting Hall, which is not built" in price_card(great, city, g.table).reason
    city.build_card(hall)
    p = price_card(great, city, g.table)
    assert p.bank == 3 - 2  # coins credited
    wood, stone = _res(cp, "wood"), _res(cp, "stone")
    from interpreter.rules.cost_now import printed_resources
    assert printed_resources(great, city) == ((wood, 1), (stone, 1))  # 2 wood, stone less a wood
    for k in range(len(city.fixed)):  # its own wood and stone: pays nothing to neighbours
        city.fixed[k] = 0
    city.fixed[wood] = city.fixed[stone] = 1
    city.pay_key = ()
    g.hands[0][0] = great
    assert Move(0, BUILD) in legal_moves(g.hands[0], city, g.table, False)
    g.resolve([Move(0, BUILD), Move(0, SELL), Move(0, SELL)])
    assert great in city.cards and hall not in city.cards and "Meeting Hall" not in city.names
    assert city.coins == 10 - 1 and hall in g.discard  # the old card to the discard pile
    assert [h.score(g.table, 0) for h in great.effect.score_hooks] == [6]


def test_an_upgrade_in_a_bad_pack_is_located(tmp_path: Path, capsys) -> None:
    (tmp_path / "pack.yaml").write_text("name: bad\nextends: base\n", encoding="utf-8")
    (tmp_path / "cards.yaml").write_text(UPGRADES.replace("upgrades: Meeting Hall", "upgrades: Meeting Hal"), encoding="utf-8")
    from interpreter.cli import main
    assert main(["validate", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "cards.yaml:3:" in err and "upgrades: no card named \"Meeting Hal\"; did you mean 'Meeting Hall'?" in err

"""Commerce: buying resources from the two neighbouring cities.

Seats: left of seat i is seat i+1, right is seat i-1 (3 players: seat 0 has left 1, right 2).
East Trading Post = raw from the RIGHT neighbour for 1; West Trading Post = raw from the LEFT
neighbour for 1; Marketplace = manufactured from both for 1; Olympia B stage 1 = raw from both
for 1 (001 quick rules: "arrows show to which neighbouring city or cities the discount applies").
"""
from __future__ import annotations

import random

import pytest

from interpreter.game.contract import IllegalMove
from interpreter.rules.moves import BUILD, Move, price_card, price_stage, refusal

RAW = ("Stockade", "Baths", "Barracks", "Guard Tower")  # wood, stone, ore, clay (one unit each)
MANUFACTURED = ("Workshop", "Scriptorium")  # glass, papyrus


def options(cp, t, seat, name, coins=999):
    """Every Pareto (left, right) option for building `name`, ignoring the city's coins."""
    return set(price_card(cp.card_named(name), t.cities[seat], t, coins).options)


# -- the basic price ---------------------------------------------------------------------------

def test_missing_resource_costs_two_coins_paid_to_the_neighbour_who_has_it(cp, table, game, Script, turn):
    t = table(["Gizah", "Olympia", "Babylon"])  # stone | wood | clay boards
    assert options(cp, t, 0, "Stockade") == {(2, 0)}  # wood only on the left (Olympia)
    assert options(cp, t, 2, "Stockade") == {(0, 2)}  # Babylon: Olympia is its right
    p = price_card(cp.card_named("Barracks"), t.cities[0], t)  # ore: nobody makes it
    assert not p.buildable and "cannot be produced or bought" in p.reason

    g = game(["Gizah", "Olympia", "Babylon"],
             [Script([("build", "Stockade")]), Script([("build", "Altar")]), Script([("build", "Theater")])])
    turn(g, [["Stockade"], ["Altar"], ["Theater"]])
    assert [c.coins for c in g.cities] == [1, 5, 3]
    assert "Stockade" in g.cities[0].names


# -- discounts ---------------------------------------------------------------------------------

def _market_table(table, own_cards, wonder="Halikarnassus", side="A", stages=0):
    """Seat 0 (loom board) between two neighbours that make every other resource."""
    return table([
        {"wonder": wonder, "side": side, "stages": stages, "cards": own_cards},
        {"wonder": "Babylon", "cards": ["Lumber Yard", "Stone Pit", "Ore Vein", "Press", "Glassworks"]},
        {"wonder": "Rhodos", "cards": ["Lumber Yard", "Stone Pit", "Clay Pool", "Press", "Glassworks"]},
    ])


@pytest.mark.parametrize("cards, raw, manufactured", [
    ([], {(2, 0), (0, 2)}, {(2, 0), (0, 2)}),
    (["East Trading Post"], {(2, 0), (0, 1)}, {(2, 0), (0, 2)}),
    (["West Trading Post"], {(1, 0), (0, 2)}, {(2, 0), (0, 2)}),
    (["East Trading Post", "West Trading Post"], {(1, 0), (0, 1)}, {(2, 0), (0, 2)}),
    (["Marketplace"], {(2, 0), (0, 2)}, {(1, 0), (0, 1)}),
    (["West Trading Post", "Marketplace"], {(1, 0), (0, 2)}, {(1, 0), (0, 1)}),
], ids=["none", "east", "west", "both-posts", "marketplace", "west+marketplace"])
def test_trading_post_and_marketplace_discounts(cp, table, cards, raw, manufactured):
    t = _market_table(table, cards)
    for name in RAW:
        assert options(cp, t, 0, name) == raw, name
    for name in MANUFACTURED:
        assert options(cp, t, 0, name) == manufactured, name


def test_discount_is_the_buyers_not_the_sellers(cp, table):
    """Seat 1 owns West Trading Post; seat 0 buying from seat 1 still pays 2."""
    t = table([{"wonder": "Gizah"}, {"wonder": "Olympia", "cards": ["West Trading Post", "Marketplace"]},
               {"wonder": "Alexandria"}])
    assert options(cp, t, 0, "Stockade") == {(2, 0)}
    assert options(cp, t, 0, "Workshop") == {(0, 2)}  # Alexandria's glass


def test_discounts_apply_per_unit_on_multi_unit_costs(cp, table):
    """Aqueduct (3 stone), West Trading Post: 1 per stone from the left, 2 from the right."""
    t = table([{"wonder": "Rhodos", "cards": ["West Trading Post"]},
               {"wonder": "Gizah", "cards": ["Stone Pit"]},  # 2 stone on the left
               {"wonder": "Babylon", "cards": ["Quarry"]}])  # 2 stone on the right
    assert options(cp, t, 0, "Aqueduct") == {(2, 2), (1, 4)}


@pytest.mark.parametrize("stages, raw, manufactured", [
    (0, {(2, 0), (0, 2)}, {(2, 0), (0, 2)}),
    (1, {(1, 0), (0, 1)}, {(2, 0), (0, 2)}),
])
def test_olympia_b_first_stage_buys_raw_from_both_neighbours_for_one(cp, table, stages, raw, manufactured):
    t = _market_table(table, [], wonder="Olympia", side="B", stages=stages)
    for name in ("Baths", "Barracks", "Guard Tower"):  # Olympia makes wood itself
        assert options(cp, t, 0, name) == raw, name
    for name in MANUFACTURED:
        assert options(cp, t, 0, name) == manufactured, name


def test_olympia_a_has_no_discount(cp, table):
    t = _market_table(table, [], wonder="Olympia", side="A", stages=3)
    assert options(cp, t, 0, "Baths") == {(2, 0), (0, 2)}


# -- what can be bought ------------------------------------------------------------------------

def test_only_brown_grey_cards_and_the_board_resource_can_be_bought(cp, table):
    t = table([{"wonder": "Gizah"},  # stone
               {"wonder": "Babylon", "cards": ["Caravansery", "Forum"]},
               {"wonder": "Alexandria", "stages": 2}])  # glass board; stage 2: any raw, untradable
    for name in ("Stockade", "Barracks"):  # wood, ore: only yellow / wonder production around
        p = price_card(cp.card_named(name), t.cities[0], t, 99)
        assert not p.buildable and "cannot be produced or bought" in p.reason, name
    p = price_card(cp.card_named("Scriptorium"), t.cities[0], t, 99)  # papyrus only from Forum
    assert not p.buildable
    assert options(cp, t, 0, "Workshop") == {(0, 2)}  # Alexandria's board glass, not Forum's
    assert options(cp, t, 0, "Guard Tower") == {(2, 0)}  # Babylon's board clay
    # the owners use their own untradable production for free
    assert options(cp, t, 1, "Stockade") == {(0, 0)}
    assert options(cp, t, 1, "Scriptorium") == {(0, 0)}
    assert options(cp, t, 2, "Stockade") == {(0, 0)}
    assert options(cp, t, 2, "Barracks") == {(0, 0)}


def test_alexandria_b_manufactured_stage_is_not_for_sale(cp, table):
    t = table([{"wonder": "Gizah"}, {"wonder": "Alexandria", "side": "B", "stages": 2},
               {"wonder": "Rhodos"}])
    assert options(cp, t, 1, "Scriptorium") == {(0, 0)}
    assert options(cp, t, 1, "Guard Tower") == {(0, 0)}
    assert not price_card(cp.card_named("Scriptorium"), t.cities[0], t, 99).buildable
    assert not price_card(cp.card_named("Guard Tower"), t.cities[0], t, 99).buildable
    assert options(cp, t, 0, "Workshop") == {(2, 0)}  # the board's glass is for sale


def test_either_or_card_sells_either_resource_whatever_its_owner_uses(cp, table, game, Script, turn):
    players = [{"wonder": "Rhodos"},  # ore
               {"wonder": "Babylon", "cards": ["Timber Yard"]},  # clay + wood/stone
               {"wonder": "Ephesos"}]  # papyrus; Babylon is its right neighbour
    t = table(players)
    assert options(cp, t, 0, "Stockade") == {(2, 0)}
    assert options(cp, t, 0, "Baths") == {(2, 0)}
    # one either/or card is one unit: Senate needs 2 wood + stone (+ ore) -> impossible
    assert not price_card(cp.card_named("Senate"), t.cities[0], t, 99).buildable
    # the owner takes stone for its Baths while both neighbours buy from the same card
    g = game(players, [Script([("build", "Stockade", (2, 0))]), Script([("build", "Baths", (0, 0))]),
                       Script([("build", "Baths", (0, 2))])])
    turn(g, [["Stockade"], ["Baths"], ["Baths"]])
    assert [c.coins for c in g.cities] == [1, 7, 1]
    assert all(n in c.names for c, n in zip(g.cities, ("Stockade", "Baths", "Baths")))


def test_each_neighbour_unit_is_bought_once_per_turn(cp, table):
    # Caravansery: 2 wood. Olympia (left) has one wood: not enough on its own.
    t = table(["Rhodos", "Olympia", "Babylon"])
    p = price_card(cp.card_named("Caravansery"), t.cities[0], t, 99)
    assert not p.buildable and "cannot be produced or bought" in p.reason
    t = table(["Rhodos", "Olympia", {"wonder": "Babylon", "cards": ["Lumber Yard"]}])
    assert options(cp, t, 0, "Caravansery") == {(2, 2)}
    t = table(["Rhodos", {"wonder": "Olympia", "cards": ["Lumber Yard"]},
               {"wonder": "Babylon", "cards": ["Lumber Yard"]}])
    assert options(cp, t, 0, "Caravansery") == {(4, 0), (2, 2)}  # never (0, 4): one wood on the right


def test_both_neighbours_sell_and_the_player_chooses(cp, table, game, Script, turn):
    players = ["Rhodos", {"wonder": "Olympia"}, {"wonder": "Babylon", "cards": ["Lumber Yard"]}]
    assert options(cp, table(players), 0, "Stockade") == {(2, 0), (0, 2)}
    for pay, coins in (((2, 0), [1, 5, 3]), ((0, 2), [1, 3, 5])):
        g = game(players, [Script([("build", "Stockade", pay)]), Script([("build", "Altar")]),
                           Script([("build", "Theater")])])
        turn(g, [["Stockade"], ["Altar"], ["Theater"]])
        assert [c.coins for c in g.cities] == coins


def test_options_are_exactly_the_pareto_front(cp, table):
    """Temple (wood, clay, glass) for Alexandria (glass) owning Tree Farm (wood/clay):
    own wood + buy clay, or own clay + buy wood. Buying both (4,0)/(2,2) is dominated."""
    t = table([{"wonder": "Alexandria", "cards": ["Tree Farm"]},
               {"wonder": "Olympia", "cards": ["Clay Pool"]},  # wood + clay on the left
               {"wonder": "Babylon"}])  # clay on the right
    p = price_card(cp.card_named("Temple"), t.cities[0], t, 99)
    assert set(p.options) == {(2, 0), (0, 2)}
    assert p.options[0] == (0, 2) or sum(p.options[0]) <= sum(p.options[1])
    # without the own either/or card both units are bought: (4,0) and (2,2), never (0,4)
    t = table(["Alexandria", {"wonder": "Olympia", "cards": ["Clay Pool"]}, "Babylon"])
    assert options(cp, t, 0, "Temple") == {(4, 0), (2, 2)}


def test_options_are_sorted_cheapest_first(cp, table):
    t = table([{"wonder": "Rhodos", "cards": ["West Trading Post"]},
               {"wonder": "Gizah", "cards": ["Stone Pit"]}, {"wonder": "Babylon", "cards": ["Quarry"]}])
    opts = price_card(cp.card_named("Aqueduct"), t.cities[0], t, 99).options
    totals = [a + b for a, b in opts]
    assert totals == sorted(totals) and opts[0] == (2, 2)


# -- brute force cross-check -------------------------------------------------------------------

RAW_NAMES = ("wood", "stone", "ore", "clay")


def _units(contribution, tradable_only):
    """Production units of a contribution: lists of resource indexes (one list per unit)."""
    out = []
    fixed = contribution.fixed if tradable_only else [a + b for a, b in zip(contribution.fixed,
                                                                            contribution.fixed_private)]
    for r, n in enumerate(fixed):
        out.extend([[r]] * n)
    out.extend(list(ch) for ch in contribution.choices)
    if not tradable_only:
        out.extend(list(ch) for ch in contribution.choices_private)
    return out


def _city_units(city, tradable_only):
    units = _units(city.side.board, tradable_only)
    for k in range(city.stages_built):
        units += _units(city.side.stages[k].effect, tradable_only)
    for c in city.cards:
        units += _units(c.effect, tradable_only)
    return units


def _prices(cp, city):
    raw = {cp.resources.index(r) for r in RAW_NAMES}
    left = [2] * len(cp.resources)
    right = [2] * len(cp.resources)
    names = city.names
    for r in range(len(cp.resources)):
        if r in raw:
            if "West Trading Post" in names or (city.side.wonder, city.side.side) == ("Olympia", "B") \
                    and city.stages_built >= 1:
                left[r] = 1
            if "East Trading Post" in names or (city.side.wonder, city.side.side) == ("Olympia", "B") \
                    and city.stages_built >= 1:
                right[r] = 1
        elif "Marketplace" in names:
            left[r] = right[r] = 1
    return left, right


def _brute_force(cp, t, seat, cost_vec):
    city, left, right = t.cities[seat], t.cities[(seat + 1) % t.n], t.cities[(seat - 1) % t.n]
    lp, rp = _prices(cp, city)
    sources = [(u, 0) for u in _city_units(city, False)]
    sources += [(u, 1) for u in _city_units(left, True)]
    sources += [(u, 2) for u in _city_units(right, True)]
    needed = [r for r, n in enumerate(cost_vec) for _ in range(n)]
    results = set()
    memo = {}

    def go(i, used):
        key = (i, used)
        if key in memo:
            return memo[key]
        if i == len(needed):
            return {(0, 0)}
        r = needed[i]
        out = set()
        for k, (res, side) in enumerate(sources):
            if used >> k & 1 or r not in res:
                continue
            add = (0, 0) if side == 0 else ((lp[r], 0) if side == 1 else (0, rp[r]))
            for a, b in go(i + 1, used | 1 << k):
                out.add((a + add[0], b + add[1]))
        memo[key] = out
        return out

    results = go(0, 0)
    return {o for o in results if not any(p != o and p[0] <= o[0] and p[1] <= o[1] for p in results)}


def _cost_vec(cp, cost):
    vec = [0] * len(cp.resources)
    for name, n in cost.resources:
        vec[cp.resources.index(name)] += n
    return vec


def test_payment_options_match_a_brute_force_search(cp, table):
    rng = random.Random(7)
    producers = [c.name for c in cp.cards if c.age <= 2 and c.color_name in ("brown", "grey")]
    producers += ["Caravansery", "Forum", "East Trading Post", "West Trading Post", "Marketplace"]
    producers = sorted(set(producers))
    costly = [c for c in cp.cards if c.card.cost.resources]
    wonders = [(w, s) for (w, s) in cp.sides]
    checked = 0
    for _ in range(150):
        players = []
        for w, s in rng.sample(wonders, 3):
            n_st = rng.randrange(len(cp.sides[(w, s)].stages) + 1)
            players.append({"wonder": w, "side": s, "stages": n_st,
                            "cards": rng.sample(producers, rng.randrange(0, 5))})
        names = [p["wonder"] for p in players]
        if len(set(names)) < 3:
            continue
        t = table(players)
        target = rng.choice(costly)
        if target.name in t.cities[0].names:
            continue
        got = price_card(target, t.cities[0], t, 999)
        if got.free == "chain":
            continue
        want = _brute_force(cp, t, 0, _cost_vec(cp, target.card.cost))
        assert set(got.options) == want, (players, target.name)
        assert len(got.options) == len(set(got.options))
        city = t.cities[0]
        if city.stages_built < len(city.side.stages):
            stage = city.side.source.stages[city.stages_built]
            want = _brute_force(cp, t, 0, _cost_vec(cp, stage.cost))
            assert set(price_stage(city, t, 999).options) == want, (players, "stage")
        checked += 1
    assert checked > 100


# -- coins and timing --------------------------------------------------------------------------

def test_coins_must_be_in_hand_at_the_start_of_the_turn(cp, table, game, Script):
    # Rhodos (2 coins) needs 2 wood (Caravansery) = 4 coins, while Olympia buys Rhodos' ore.
    players = [{"wonder": "Rhodos", "coins": 2},
               {"wonder": "Olympia", "cards": ["Lumber Yard"]}, {"wonder": "Babylon"}]
    t = table(players)
    p = price_card(cp.card_named("Caravansery"), t.cities[0], t)
    assert not p.buildable and "costs at least 4 coins, has 2" in p.reason
    g = game(players, [Script([("raw", BUILD, "Caravansery", 4, 0)]),
                       Script([("build", "Barracks", (0, 2))]), Script()])
    g.hands = [[cp.card_named("Caravansery")], [cp.card_named("Barracks")], [cp.card_named("Altar")]]
    assert not any(m.action == BUILD for m in g.moves(0))
    with pytest.raises(IllegalMove, match="costs at least 4 coins, has 2"):
        g.decide(0)
    # with exactly 4 coins it is legal
    t.cities[0].coins = 4
    assert options(cp, t, 0, "Caravansery") == set(price_card(cp.card_named("Caravansery"),
                                                               t.cities[0], t).options) == {(4, 0)}


def test_trade_income_arrives_after_payment(cp, game, Script, turn):
    # Rhodos (2 coins) buys wood from Olympia; Olympia buys ore from Rhodos, same turn.
    g = game([{"wonder": "Rhodos", "coins": 2}, {"wonder": "Olympia", "coins": 2}, "Babylon"],
             [Script([("build", "Stockade", (2, 0))]), Script([("build", "Barracks", (0, 2))]),
              Script([("build", "Altar")])])
    turn(g, [["Stockade"], ["Barracks"], ["Altar"]])
    assert [c.coins for c in g.cities] == [2, 2, 3]
    assert "Stockade" in g.cities[0].names and "Barracks" in g.cities[1].names


def test_sale_coins_cannot_pay_this_turn(cp, game, Script):
    """Coins from another player's sale or purchase are not there at decision time."""
    g = game([{"wonder": "Rhodos", "coins": 1}, "Olympia", "Babylon"],
             [Script([("raw", BUILD, "Stockade", 2, 0)]), Script(), Script()])
    g.hands = [[cp.card_named("Stockade")], [cp.card_named("Altar")], [cp.card_named("Altar")]]
    with pytest.raises(IllegalMove, match="costs at least 2 coins, has 1"):
        g.decide(0)


def test_a_building_built_this_turn_cannot_be_bought_from(cp, game, Script, turn):
    rhodos = Script([("build", "Altar"), ("build", "Stockade", (2, 0))])
    g = game(["Rhodos", "Babylon", "Gizah"],
             [rhodos, Script([("build", "Lumber Yard")]), Script([("build", "Theater")])])
    turn(g, [["Altar", "Stockade"], ["Lumber Yard", "Baths"], ["Theater", "Baths"]], turn=1)
    hand, moves = rhodos.offers[0]
    assert not [m for m in moves if hand[m.card] == "Stockade" and m.action == BUILD]
    # the next turn the Lumber Yard is for sale
    turn(g, [["Stockade"], ["Baths"], ["Baths"]], turn=2)
    assert "Stockade" in g.cities[0].names
    assert g.cities[0].coins == 1

    g = game(["Rhodos", "Babylon", "Gizah"],
             [Script([("raw", BUILD, "Stockade", 2, 0)]), Script([("build", "Lumber Yard")]), Script()])
    g.hands = [[cp.card_named("Stockade")], [cp.card_named("Lumber Yard")], [cp.card_named("Altar")]]
    with pytest.raises(IllegalMove, match="cannot be produced or bought"):
        g.decide(0)


def test_a_seller_still_uses_the_resource_it_sells(cp, game, Script, turn):
    # Olympia's single wood: Olympia builds Stockade while both neighbours buy that wood.
    g = game(["Rhodos", "Olympia", "Babylon"],
             [Script([("build", "Stockade", (2, 0))]), Script([("build", "Stockade", (0, 0))]),
              Script([("build", "Stockade", (0, 2))])])
    turn(g, [["Stockade"], ["Stockade"], ["Stockade"]])
    assert [c.coins for c in g.cities] == [1, 7, 1]
    assert all("Stockade" in c.names for c in g.cities)


# -- refusal -----------------------------------------------------------------------------------

def test_refusal_explains_an_illegal_payment(cp, table):
    t = table([{"wonder": "Gizah", "coins": 3}, "Olympia", "Babylon"])
    hand = [cp.card_named("Stockade"), cp.card_named("Caravansery"), cp.card_named("Barracks")]
    city = t.cities[0]
    assert refusal(Move(0, BUILD, 2, 0), hand, city, t, False) == ""
    for left, right in ((1, 0), (0, 2), (0, 0), (3, 0), (2, 2)):
        why = refusal(Move(0, BUILD, left, right), hand, city, t, False)
        assert "not a way to pay" in why and "left 2 + right 0" in why, (left, right)
    assert "negative" in refusal(Move(0, BUILD, -2, 4), hand, city, t, False)
    assert "cannot be produced or bought" in refusal(Move(1, BUILD, 4, 0), hand, city, t, False)
    assert "cannot be produced or bought" in refusal(Move(2, BUILD, 2, 0), hand, city, t, False)
    city.coins = 1
    assert "costs at least 2 coins, has 1" in refusal(Move(0, BUILD, 2, 0), hand, city, t, False)


def test_illegal_payment_through_the_game_raises_with_the_reason(cp, game, Script):
    g = game(["Gizah", "Olympia", "Babylon"], [Script([("raw", BUILD, "Stockade", 0, 2)]), Script(), Script()])
    g.hands = [[cp.card_named("Stockade")], [cp.card_named("Altar")], [cp.card_named("Altar")]]
    with pytest.raises(IllegalMove, match="not a way to pay"):
        g.decide(0)


class _CheckingBot:
    """A random bot that first checks the game's legal moves against price_card/price_stage."""

    name = "checking"

    def __init__(self):
        self.checked = 0

    def choose(self, obs, moves):
        for i, c in enumerate(obs.hand):
            p = obs.price(c)
            builds = {(m.left, m.right) for m in moves if m.card == i and m.action == BUILD and m.free != "power"}
            assert builds == (set(p.options) if p.buildable else set()), (c.name, builds, p)
            s = obs.stage_price()
            stages = {(m.left, m.right) for m in moves if m.card == i and m.action == "wonder"}
            assert stages == (set(s.options) if s.buildable else set())
        for m in moves:
            assert obs.refusal(m) == "", m
        self.checked += 1
        return moves[obs.rng.randrange(len(moves))]

    def choose_card(self, obs, cards, purpose):
        return obs.rng.randrange(len(cards))


@pytest.mark.parametrize("seed", [3, 4])
def test_legal_moves_agree_with_the_price_of_every_card(cp, seed):
    from interpreter.players.game import Game
    bots = [_CheckingBot() for _ in range(5)]
    Game(cp, bots, seed=seed, sides="random").play()
    assert all(b.checked >= 18 for b in bots)

"""A discount counted per thing (issue 23): `discount 1 coin on yellow cards per yellow card`
lowers the price by the owner's yellow cards at the moment the price is asked, and the
price cache follows the count; `... for neighbors per grey card` counts the owner's cards and
lowers the neighbours' prices. Expectations by hand from the card texts."""
from __future__ import annotations

from typing import Any

import pytest
from game_checks import base_plus

from interpreter.players.game import Game
from interpreter.players.roster import make_bots
from interpreter.rules.pricing import build_terms

CARDS = """cards:
  - {name: Patronage, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: discount 1 coin on yellow cards per yellow card}
  - {name: Costly Hall, age: 1, color: yellow, players: [3, 4, 5, 6, 7], cost: 3 coins, effect: vp 1}
  - {name: Gift Shop, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: vp 0}
  - {name: Mason Lodge, age: 1, color: grey, players: [3, 4, 5, 6, 7], effect: discount 1 resource on wonder stages for neighbors per grey card}
"""


@pytest.fixture(scope="module")
def cp(tmp_path_factory) -> Any:
    return base_plus(tmp_path_factory, "per", CARDS)


def _card(cp: Any, name: str) -> Any:
    return next(c for c in cp.cards if c.name == name)


def test_the_amount_follows_the_count_when_the_price_is_asked(cp) -> None:
    g = Game(cp, make_bots("greedy", 3), seed=1, sides="A")
    g.pending()
    city, hall = g.cities[0], _card(cp, "Costly Hall")
    bank = lambda: build_terms(hall.color, hall.cost_coins, hall.cost, city, g.table).bank  # noqa: E731
    assert bank() == 3
    city.build_card(_card(cp, "Patronage"))  # one yellow card: itself
    assert bank() == 2
    city.build_card(_card(cp, "Gift Shop"))  # two yellow cards
    assert bank() == 1
    other = g.cities[1]
    assert build_terms(hall.color, hall.cost_coins, hall.cost, other, g.table).bank == 3  # for self only


def test_a_neighbours_discount_counts_the_owners_cards(cp) -> None:
    g = Game(cp, make_bots("greedy", 4), seed=2, sides="A")
    g.pending()
    owner, left, far = g.cities[0], g.cities[1], g.cities[2]
    stage = left.side.stages[0]
    units = sum(k for _, k in stage.cost)
    terms = lambda c: build_terms(-1, c.side.stages[0].cost_coins, c.side.stages[0].cost, c, g.table)  # noqa: E731
    assert terms(left).drop == 0
    owner.build_card(_card(cp, "Mason Lodge"))
    assert terms(left).drop == min(1, units) or terms(left).cost == ()
    owner.build_card(next(c for c in cp.cards if c.color_name == "grey" and c.name != "Mason Lodge"))
    assert terms(left).drop == 2 or terms(left).cost == ()  # two grey cards: two units
    assert terms(far).drop == 0 and terms(owner).drop == 0  # not a neighbour; not the owner's own


def test_games_with_counted_discounts_play_on_both_cores(cp) -> None:
    from interpreter.native import lower
    lower(cp)  # runs natively too (tests/test_native_constructs.py compares the games)
    for seed in range(3):
        assert len(Game(cp, make_bots("greedy", 4), seed=seed, sides="random").play()["players"]) == 4

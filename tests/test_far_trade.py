"""Trading with the cities two seats away (issue 23): `trade 2 seats away`. The owner may buy
resources from the cities two seats away on either side as from a neighbour (each unit of
their tradable production once a turn) at the rules' trade price; the coins go to that city.
At 4 players the city opposite is the one such seller; at 3 players both are neighbours, so a
card with it in play there is refused by validate."""
from __future__ import annotations

from typing import Any

import pytest
from game_checks import at_first_decision, base_plus, card_named

from dsl.diagnostics import PackError
from dsl.loader import load_pack
from interpreter.players.game import Game
from interpreter.players.roster import make_bots
from interpreter.rules.far_trade import far_sellers
from interpreter.rules.moves import BUILD, SELL, legal_moves, pay_label, refusal

CARDS = """cards:
  - {name: Far Caravan, age: 1, color: yellow, players: [4, 5, 6, 7], effect: trade 2 seats away}
  - {name: Lens Shop, age: 1, color: blue, players: [4, 5, 6, 7], cost: glass, effect: vp 2}
"""


@pytest.fixture(scope="module")
def cp(tmp_path_factory) -> Any:
    return base_plus(tmp_path_factory, "far-trade", CARDS)


def _glass_two_seats_left(cp: Any, players: int) -> Game:
    """Only the city two seats to the left of seat 0 makes glass; seat 0 trades that far."""
    g = at_first_decision(cp, players, seed=1)
    glass = cp.resources.index("glass")
    for c in g.cities:
        for row in (c.fixed, c.fixed_trade, c.trade_count):
            row[glass] = 0
        c.choices = [ch for ch in c.choices if glass not in ch]
        c.choices_trade = [ch for ch in c.choices_trade if glass not in ch]
    g.cities[2].build_card(card_named(cp, "Glassworks"))
    g.cities[0].build_card(card_named(cp, "Far Caravan"))
    g.hands[0][0] = card_named(cp, "Lens Shop")
    return g


def test_glass_is_bought_two_seats_away_and_the_coins_go_there(cp) -> None:
    g = _glass_two_seats_left(cp, 5)
    moves = legal_moves(g.hands[0], g.cities[0], g.table, False)
    lens = [m for m in moves if m.card == 0 and m.action == BUILD]
    assert lens == [lens[0]] and lens[0].far == (2, 0)  # the rules' price, to the far left city
    assert pay_label(lens[0], 0) == "2 to the city seats away on the left"
    coins = [c.coins for c in g.cities]
    answers = {s: next(m for m in d.moves if m.card == 0 and m.action == SELL) for s, d in g.pending().items()}
    answers[0] = lens[0]
    g.step(answers)
    sale = g.rules.sell_coins
    assert "Lens Shop" in g.cities[0].names
    assert g.cities[0].coins == coins[0] - 2
    assert g.cities[2].coins == coins[2] + sale + 2  # its sale and the glass
    assert g.cities[3].coins == coins[3] + sale  # two seats to the right: sold nothing


def test_without_the_power_the_far_city_is_out_of_reach(cp) -> None:
    g = _glass_two_seats_left(cp, 5)
    g.cities[0].far_trade = 0
    moves = legal_moves(g.hands[0], g.cities[0], g.table, False)
    assert not [m for m in moves if m.card == 0 and m.action == BUILD]
    far = g.moves(0)[0]._replace(action=BUILD, far=(2, 0))
    assert refusal(far, g.hands[0], g.cities[0], g.table, False)


def test_at_four_players_the_city_opposite_sells_once(cp) -> None:
    g = _glass_two_seats_left(cp, 4)
    left, right = far_sellers(g.cities[0], g.table)
    assert left is g.cities[2] and right is None
    lens = [m for m in legal_moves(g.hands[0], g.cities[0], g.table, False) if m.card == 0 and m.action == BUILD]
    assert [m.far for m in lens] == [(2, 0)]


def test_validate_refuses_it_where_two_seats_away_is_a_neighbour(tmp_path) -> None:
    (tmp_path / "pack.yaml").write_text("name: far3\nextends: base\n", encoding="utf-8")
    (tmp_path / "cards.yaml").write_text(
        "cards:\n  - {name: Far Caravan, age: 1, color: yellow, players: [3, 5], effect: trade 2 seats away}\n",
        encoding="utf-8")
    with pytest.raises(PackError) as err:
        load_pack(tmp_path)
    text = err.value.render()
    assert "cards.yaml:2:" in text and "reaches only the owner or its neighbours at 3 players" in text


def test_both_cores_play_it_and_games_replay(cp, native_core: None) -> None:
    from interpreter.native import lower
    from interpreter.sim.differential import first_difference
    lower(cp)
    for seed in range(4):  # (tests/test_native_constructs.py plays it at every count)
        assert first_difference(cp, seed, 4 + seed % 4, ("random", "greedy")[seed % 2], "random") == ""
    for seed in range(3):
        assert Game(cp, make_bots("greedy", 5), seed=seed).play() == Game(cp, make_bots("greedy", 5), seed=seed).play()
        g = Game(cp, make_bots("random", 6), seed=seed, log=True)
        g.play()
        assert all(c.coins >= 0 for c in g.cities)
    hook = card_named(cp, "Far Caravan").effect.hooks[0]
    assert hook.worth(at_first_decision(cp, 5, 1).observe(0), 0) > 0
    assert hook.worth(at_first_decision(cp, 4, 1).observe(0), 0) > 0

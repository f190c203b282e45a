"""A trigger carries any one-time gain (issue 23, item 2): `vp 1 when neighbors build red card`,
`tokens 1 diplomacy when age starts`, `neighbors lose 1 coin when build red card`. The gain is
applied to the owner each time the event fires; points are counted then and kept to the end.
Lasting words (produce, shields, ...) are refused at their position with the reason.
Expectations worked out by hand from the turn order (interpreter/game/turn.py): a seat that
sells takes the rules' sale coins; losses and coins from other cities settle at the turn's end."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from game_checks import base_plus

from interpreter.players.game import Game
from interpreter.players.roster import make_bots
from interpreter.rules.scoring import score_table
from test_events import _card, _turn

CARDS = """cards:
  - {name: Victory Arch, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: vp 1 when neighbors build red card}
  - {name: Brickworks Fair, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: vp 1 per brown card in self when build card once per age}
  - {name: Press Gang, age: 1, color: yellow, players: [3, 4, 5, 6, 7], effect: neighbors lose 1 coin when build red card}
  - {name: Drill Yard, age: 1, color: red, players: [3, 4, 5, 6, 7], effect: shields 1}
  - {name: Sentry Post, age: 1, color: red, players: [3, 4, 5, 6, 7], effect: shields 1}
  - {name: Clay Digs, age: 1, color: brown, players: [3, 4, 5, 6, 7], effect: produce clay}
  - {name: Ore Digs, age: 1, color: brown, players: [3, 4, 5, 6, 7], effect: produce ore}
"""


@pytest.fixture(scope="module")
def cp(tmp_path_factory) -> Any:
    return base_plus(tmp_path_factory, "gains", CARDS)


def _game(cp: Any, seed: int, players: int = 4) -> Game:
    g = Game(cp, make_bots("greedy", players), seed=seed, sides="A")
    g.pending()
    return g


def test_points_for_a_neighbours_red_card_go_on_the_cards_line(cp) -> None:
    g = _game(cp, 1)
    g.cities[0].build_card(_card(cp, "Victory Arch"))
    assert score_table(g.table, g.rules)[0]["commercial"] == 0  # nothing yet: a gain, not a card's points
    _turn(g, {1: "Drill Yard", 2: "Drill Yard"})  # seat 1 is the left neighbour; seat 2 is across
    assert score_table(g.table, g.rules)[0]["commercial"] == 1
    _turn(g, {3: "Sentry Post"})  # the right neighbour: one more
    _turn(g, {2: "Sentry Post"})  # across the table: nothing
    assert score_table(g.table, g.rules)[0]["commercial"] == 2
    assert score_table(g.table, g.rules)[1]["commercial"] == 0  # the builders gain nothing


def test_counted_points_are_counted_when_the_event_fires_and_kept(cp) -> None:
    g = _game(cp, 2)
    city = g.cities[0]
    city.build_card(_card(cp, "Brickworks Fair"))
    city.build_card(_card(cp, "Clay Digs"))  # one brown card now
    _turn(g, {0: "Ore Digs"})  # the second brown card is built: 2 brown cards then, 1 point each
    assert score_table(g.table, g.rules)[0]["commercial"] == 2
    _turn(g, {0: "Drill Yard"})  # once per age: not again in age I
    assert score_table(g.table, g.rules)[0]["commercial"] == 2
    twin = g.clone()  # a clone's points are its own
    twin.age = 2
    _turn(twin, {0: "Sentry Post"})  # a new age: 2 brown cards again
    assert score_table(twin.table, twin.rules)[0]["commercial"] == 4
    assert score_table(g.table, g.rules)[0]["commercial"] == 2


def test_neighbours_lose_coins_when_the_owner_builds_red(cp) -> None:
    g = _game(cp, 3)
    g.cities[0].build_card(_card(cp, "Press Gang"))
    before = [c.coins for c in g.cities]
    sale = g.rules.sell_coins
    _turn(g, {0: "Drill Yard"})  # built free; seats 1 and 3 sell and lose 1 each; seat 2 sells
    assert [c.coins for c in g.cities] == [before[0], before[1] + sale - 1, before[2] + sale,
                                           before[3] + sale - 1]


def test_tokens_when_age_starts(tmp_path: Path) -> None:
    from dsl.loader import load_pack
    from interpreter.rules.compiled import compile_pack
    (tmp_path / "pack.yaml").write_text("name: envoys\nextends: cities\n", encoding="utf-8")
    (tmp_path / "cards.yaml").write_text(
        "cards:\n  - {name: Envoy House, age: 1, color: yellow, players: [3, 4, 5, 6, 7], "
        "effect: tokens 1 diplomacy when age starts}\n", encoding="utf-8")
    cp = compile_pack(load_pack(tmp_path))
    g = _game(cp, 4, 3)
    g.cities[0].build_card(_card(cp, "Envoy House"))
    g.age_starts()
    g.age_starts()
    assert g.cities[0].token_counts.get("diplomacy") == 2
    assert not g.cities[1].token_counts.get("diplomacy")


def test_whole_games_play_and_the_native_core_lowers_points(cp) -> None:
    from interpreter.native.lower import H_TRIGGER, H_VP, _HookLowering
    hook = _card(cp, "Brickworks Fair").effect.hooks[0]  # heard in its own city, points kept
    lowering = _HookLowering(cp, [], [])
    assert lowering.row(hook)[0] == H_TRIGGER and lowering.inner[-1][0] == H_VP
    for seed in range(3):
        scores = Game(cp, make_bots("greedy", 5), seed=seed, sides="random").play()
        assert len(scores["players"]) == 5


def test_the_greedy_bot_values_triggered_points_like_triggered_coins(cp) -> None:
    g = _game(cp, 5)
    obs = g.observe(0)
    (hook,) = _card(cp, "Victory Arch").effect.hooks
    # built in age I: the inner point, times (1.5 x ages left + 1), times the two cities heard
    assert hook.worth(obs, 0) == pytest.approx(1 * (1.5 * 2 + 1) * 2)


@pytest.mark.parametrize("effect,column,word", [
    ("shields 1 when age starts", 1, "shields"),
    ("coins 1; produce wood when build red card", 10, "produce"),
    ("discard own card for 3 coins when win conflict", 1, "discard"),
])
def test_a_lasting_or_choosing_word_is_refused_where_it_is_written(tmp_path: Path, effect: str, column: int,
                                                                   word: str) -> None:
    from dsl.loader import PackError, load_pack
    (tmp_path / "pack.yaml").write_text("name: bad\nextends: base\n", encoding="utf-8")
    (tmp_path / "cards.yaml").write_text(
        f"cards:\n  - name: Odd Idea\n    age: 1\n    color: yellow\n    players: [3]\n    effect: {effect}\n",
        encoding="utf-8")
    with pytest.raises(PackError) as err:
        load_pack(tmp_path)
    text = err.value.render()
    assert f"cards.yaml:6:{12 + column}" in text and 'card "Odd Idea"' in text
    assert f"'{word}'" in text and "a trigger gives one-time gains: coins, vp, tokens, advance, draw" in text


def test_a_misspelt_event_says_did_you_mean() -> None:
    from dsl.parser import parse_effects
    from dsl.text_errors import CardTextError
    with pytest.raises(CardTextError) as err:
        parse_effects("vp 1 when neighbors biuld red card")
    assert "did you mean 'build'?" in err.value.errors[0].message


def test_points_gained_survive_a_state_document(cp) -> None:
    """Game.state() writes them by card name; build_table reads them back onto the trigger."""
    from interpreter.rules.statefile import StateError, build_table
    g = _game(cp, 6)
    g.cities[0].build_card(_card(cp, "Victory Arch"))
    _turn(g, {1: "Drill Yard", 3: "Drill Yard"})  # both neighbours: 2 points
    doc = g.state()
    assert doc["players"][0]["points"] == {"Victory Arch": 2}
    table = build_table(doc, cp)
    assert score_table(table, g.rules)[0]["commercial"] == 2
    doc["players"][1]["points"] = {"Victory Arch": 1}  # seat 1 holds no such card
    with pytest.raises(StateError, match="points.Victory Arch"):
        build_table(doc, cp)

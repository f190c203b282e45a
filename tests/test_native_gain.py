"""The gain primitive on both cores: the words defined over it (coins, tokens, lose/gain) lower to
one native hook kind, and the stealing card (`neighbors lose 1 coin to you`), once declined by
the native core, now plays move by move as in Python: with no debt kind (base: a city pays what
it can) and with debt tokens (Cities: a random bot pays part and takes debt for the rest, the
owner taking only what is paid)."""
from __future__ import annotations

from typing import Any

import pytest
from game_checks import base_plus, same_games_on_both_cores

from interpreter import native
from interpreter.native.consts import H_GAIN, Q_COINS, Q_CTOKENS, Q_TOKENS

P = "players: [3, 3, 4, 4, 5, 6, 7]"  # several copies, so the cards are dealt and built often
STEALING = f"""cards:
  - {{name: Highwaymen, age: 1, color: red, {P}, effect: neighbors lose 1 coin to you}}
  - {{name: Cutpurses, age: 2, color: yellow, {P}, effect: others lose 1 coin per 2 coins to you}}
  - {{name: Raiders, age: 3, color: red, {P}, effect: shields 1; neighbors lose 1 coin to you when build red card}}
  - {{name: Almshouse, age: 2, color: blue, {P}, effect: neighbors gain 1 coin; coins 1 per blue card}}
  - {{name: Spoils, age: 3, color: yellow, {P}, effect: tokens 1 victory; tokens 1 defeat for the richer neighbor}}
"""


@pytest.fixture(scope="module")
def stealing(tmp_path_factory) -> Any:
    return base_plus(tmp_path_factory, "gain-native", STEALING)


@pytest.fixture(scope="module")
def stealing_with_debt(tmp_path_factory) -> Any:
    return base_plus(tmp_path_factory, "gain-native-debt", STEALING, extends="cities")


def _rows(cp: Any) -> list[list[int]]:
    from interpreter.native import lower
    return [row for row in lower(cp)["hooks"] if row[0] == H_GAIN]


@pytest.mark.skipif(not native.available(), reason="no native core built")
def test_each_defined_word_lowers_to_one_gain_row(stealing) -> None:
    """kind H_GAIN; amount signed; period the quantity; ref the kind; seatmask 1 paid to the owner."""
    from interpreter.native.consts import HR_AMOUNT, HR_NSEATS, HR_PERIOD, HR_REF, HR_SEATMASK
    rows = {(r[HR_AMOUNT], r[HR_PERIOD], r[HR_REF], r[HR_SEATMASK], r[HR_NSEATS]) for r in _rows(stealing)}
    assert (-1, Q_COINS, 0, 1, 2) in rows  # neighbors lose 1 coin to you: left, right; to the owner
    assert (1, Q_COINS, 0, 0, 2) in rows  # neighbors gain 1 coin
    assert (1, Q_COINS, 0, 0, 0) in rows  # coins 1 per blue card: the owner alone
    assert (1, Q_CTOKENS, 1, 0, 0) in rows  # tokens 1 victory
    assert (1, Q_CTOKENS, 0, 0, 1) in rows  # tokens 1 defeat for the richer neighbor
    assert not any(r[1] == Q_TOKENS for r in rows)  # base declares no token kind


@pytest.mark.skipif(not native.available(), reason="no native core built")
@pytest.mark.parametrize("players", [3, 4, 5, 7])
def test_the_stealing_card_plays_alike_on_both_cores(stealing, players) -> None:
    same_games_on_both_cores(stealing, players, range(6))


@pytest.mark.skipif(not native.available(), reason="no native core built")
@pytest.mark.parametrize("players", [3, 5])
def test_stealing_with_debt_plays_alike_on_both_cores(stealing_with_debt, players) -> None:
    same_games_on_both_cores(stealing_with_debt, players, range(6))


def test_the_games_compared_do_build_the_stealing_cards(stealing) -> None:
    """The comparison above means something: in those games the thieves are built."""
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    built = set()
    for seed in range(3):
        g = Game(stealing, make_bots("greedy", 4), seed=seed * 11 + 4, sides="A")
        g.play()
        built |= {c.name for city in g.cities for c in city.cards}
    assert {"Highwaymen", "Cutpurses", "Raiders"} <= built

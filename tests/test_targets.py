"""Targets as one sub-language (issue 23, item 1): one grammar rule names cities for every word
(`others` everywhere, `the richer neighbor` as an effect's target), resolved when the effect
applies. Expectations are computed by hand from small tables of stub cities."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from dsl.parser import parse_effects
from dsl.text_errors import CardTextError
from interpreter.native.lower import NotNative, _HookLowering
from interpreter.rules import effects as E
from interpreter.rules.city import Table
from interpreter.rules.counting import OTHERS, Counter, count, seats_at
from interpreter.rules.laws import shifts_of
from interpreter.rules.pricing import _reaching

RED = 0


def _city(seat: int, red: int = 0, coins: int = 0, shields: int = 0) -> Any:
    return SimpleNamespace(seat=seat, color_counts=[red], coins=coins, shields=shields,
                           cost_changes=[], rule_changes=[])


def _table(*cities: Any) -> Table:
    return Table(list(cities))  # type: ignore[arg-type]


def test_old_texts_parse_to_the_same_ast() -> None:
    """Side lists written before TARGET keep their meaning (shipped digests are unchanged too)."""
    (a,) = parse_effects("shields -1 for neighbors")
    assert a.sides == ("left", "right")
    (b,) = parse_effects("vp 1 per brown card in richer neighbor")
    assert b.per.sides == ("richer",)
    (c,) = parse_effects("others lose 1 coin")
    assert c.sides == ("others",)


@pytest.mark.parametrize("text", ["shields -1 for others", "vp 1 per red card in others",
                                  "discount 1 coin on white cards for others",
                                  "rule trade_price +1 for others", "coins 1 when others build red card",
                                  "tokens 1 victory for others", "vp 5 if more red cards than others"])
def test_others_is_accepted_by_every_word_acting_on_cities(text: str) -> None:
    (e,) = parse_effects(text)
    assert "others" in str(e)


def test_the_chosen_neighbour_reads_with_or_without_the() -> None:
    assert parse_effects("vp 1 per red card in the richer neighbour") == \
        parse_effects("vp 1 per red card in richer neighbor")


@pytest.mark.parametrize("text,where,says", [
    ("shields 1 for others, left", (1, 15), "'others' stands alone"),
    ("buy raw from others for 1", (1, 1), "'buy' works with neighbours only"),
    ("rebate 1 coin from the richer neighbor", (1, 1), "'rebate' works with neighbours only"),
    ("discount 1 coin on red cards for the poorer neighbor", (1, 34), "'discount' cannot act on a neighbour"),
    ("coins 1 when the richer neighbor build red card", (1, 14), "'when' cannot act on a neighbour"),
])
def test_a_target_a_word_cannot_use_is_a_located_error(text: str, where: tuple[int, int], says: str) -> None:
    with pytest.raises(CardTextError) as err:
        parse_effects(text)
    first = err.value.errors[0]
    assert (first.line, first.column) == where and says in first.message


def test_counting_in_others_sums_every_other_city() -> None:
    # five cities with 1, 2, 0, 3, 4 red cards: seat 0 counts 2 + 0 + 3 + 4 = 9, seat 3 counts 1 + 2 + 0 + 4 = 7
    t = _table(*(_city(i, red=r) for i, r in enumerate((1, 2, 0, 3, 4))))
    c = Counter("card", (RED,), (OTHERS,))
    assert count(t, 0, c) == 9 and count(t, 3, c) == 7
    assert count(t, 0, Counter("card", (RED,), (OTHERS,), every=2)) == 4  # whole pairs of 9


def test_seats_at_resolves_others_and_chosen_neighbours_now() -> None:
    # seat 1 of 5: left is seat 2, right is seat 0
    t = _table(_city(0, coins=5), _city(1), _city(2, coins=5), _city(3), _city(4))
    assert seats_at(t, 1, (OTHERS,)) == [2, 3, 4, 0]
    assert seats_at(t, 1, (3,)) == [2]  # richer: a tie at 5 coins goes to the left one
    t.cities[0].coins = 6
    assert seats_at(t, 1, (3,)) == [0] and seats_at(t, 1, (4,)) == [2]  # richer right, poorer left


def test_tokens_for_the_richer_neighbor_go_to_it() -> None:
    t = _table(_city(0, coins=2), _city(1, coins=7), _city(2, coins=3))
    got: list[tuple[int, str, int]] = []
    game = SimpleNamespace(table=t, n=3, give_tokens=lambda s, k, c: got.append((s, k, c)))
    E.GainHook("tokens", 1, "debt", None, (3,)).when_built(game, 0)  # seat 0: left seat 1 (7 coins), right seat 2 (3)
    E.GainHook("tokens", 2, "debt", None, (OTHERS,)).when_built(game, 2)  # seat 2: others are 0 and 1, leftwards
    assert got == [(1, "debt", 1), (0, "debt", 2), (1, "debt", 2)]


def test_a_rule_change_for_others_reaches_every_other_city() -> None:
    t = _table(*(_city(i) for i in range(4)))
    t.cities[0].rule_changes.append(("trade_price", 1, (OTHERS,)))
    assert shifts_of(t) == [{}, {"trade_price": 1}, {"trade_price": 1}, {"trade_price": 1}]


def test_a_cost_change_for_others_reaches_far_cities_once() -> None:
    ch = SimpleNamespace(seats=(OTHERS,))
    t = _table(*(_city(i) for i in range(4)))
    t.cities[0].cost_changes.append(ch)
    assert [len(_reaching(c, t)) for c in t.cities] == [0, 1, 1, 1]  # seat 2 is not a neighbour of 0
    two = _table(_city(0), _city(1))  # at two players the left and the right neighbour are one city
    two.cities[0].cost_changes.append(ch)
    assert len(_reaching(two.cities[1], two)) == 1


@pytest.mark.parametrize("hook,where,codes", [
    (E.StrengthHook(-1, None, (OTHERS,)), slice(5, 7), [1, OTHERS]),  # one seat code: every other city
    (E.GainHook("tokens", 1, "debt", None, (3,)), slice(5, 7), [1, 3]),  # the richer neighbour, chosen as it applies
    (E.GainHook("tokens", 1, "debt", None, (1, 0)), slice(5, 8), [2, 1, 0]),  # left, then the owner
    (E.GainHook("coins", 1, "", Counter("card", (RED,), (OTHERS,))), slice(20, 22), [1, OTHERS]),  # counted in others
])
def test_the_native_core_lowers_the_new_targets(hook: Any, where: slice, codes: list[int]) -> None:
    """The seat codes reach the core's row as written (HookC.nseats, seats; CounterC.nseats, seats)."""
    row = _HookLowering(None, [], ["debt"]).row(hook)  # type: ignore[arg-type]
    assert row[where] == codes


def test_a_cost_change_for_others_is_lowered_as_its_own_seat_bit() -> None:
    """HookC.seatmask bit 3: pricing.pxi's mods_for looks round the table for it."""
    for sides, mask in ((("others",), 8), (("left", "right"), 6), (("self",), 1)):
        (hook,) = [h for h in _hooks(f"discount 1 coin on yellow cards for {', '.join(sides)}")]
        assert _HookLowering(None, [], []).row(hook)[11] == mask, sides  # type: ignore[arg-type]


# -- targets chosen by a count (issue 23, item 1, the rest) ---------------------------------------

def _hooks(text: str) -> list[Any]:
    from word_golden import pack_index
    from interpreter.rules.effects import compile_effects
    vocab, ix = pack_index("base")
    return compile_effects(parse_effects(text, vocab), ix).hooks


def _given(t: Table, text: str, seat: int) -> list[tuple[int, str, int]]:
    got: list[tuple[int, str, int]] = []
    game = SimpleNamespace(table=t, n=t.n, take_conflict_tokens=lambda s, k, c: got.append((s, k, c)))
    for h in _hooks(text):
        h.when_built(game, seat)
    return got


def test_the_neighbor_with_most_or_fewest_is_chosen_as_it_applies_tie_left() -> None:
    # seat 1 of 4: left is seat 2 (3 shields), right is seat 0 (5 shields)
    t = _table(_city(0, shields=5), _city(1, shields=9), _city(2, shields=3), _city(3, shields=8))
    assert _given(t, "tokens 1 defeat for the neighbor with most shields", 1) == [(0, "defeat", 1)]
    assert _given(t, "tokens 1 defeat for the neighbor with fewest shields", 1) == [(2, "defeat", 1)]
    t.cities[2].shields = 5  # a tie: the left one (seat 2), for most and for fewest alike
    assert _given(t, "tokens 1 defeat for the neighbor with most shields", 1) == [(2, "defeat", 1)]
    assert _given(t, "tokens 1 defeat for the neighbor with fewest shields", 1) == [(2, "defeat", 1)]
    from word_golden import pack_index
    col = pack_index("base")[1].col  # red cards: right 2, left 0; seat 3 (not a neighbour) is never asked
    for city, red in zip(t.cities, (2, 0, 0, 7)):
        city.color_counts = [red if i == col["red"] else 0 for i in range(len(col))]
    assert _given(t, "tokens 2 victory for the neighbour with most red cards", 1) == [(0, "victory", 2)]


def test_every_city_with_filters_all_cities_owner_first_then_leftwards() -> None:
    t = _table(_city(0, coins=0), _city(1, coins=4), _city(2, coins=1), _city(3, coins=2), _city(4, coins=0))
    # seat 2: order 2, 3, 4, 0, 1; no coins: seats 4 and 0; at least 2: seats 3 and 1
    assert _given(t, "tokens 1 defeat for every city with no coins", 2) == [(4, "defeat", 1), (0, "defeat", 1)]
    assert _given(t, "tokens 1 defeat for every city with at least 2 coins", 2) == [(3, "defeat", 1),
                                                                                   (1, "defeat", 1)]
    # the owner is in unless `other`: seat 4 has none itself
    assert [s for s, _, _ in _given(t, "tokens 1 defeat for every city with no coins", 4)] == [4, 0]
    assert [s for s, _, _ in _given(t, "tokens 1 defeat for every other city with no coins", 4)] == [0]
    assert _given(t, "tokens 1 defeat for every city with at least 5 coins", 2) == []


def test_chosen_by_a_count_round_trips_and_only_tokens_take_it() -> None:
    for text in ("tokens 1 defeat for the neighbor with most shields",
                 "tokens 1 victory for every other city with at least 3 wonder stages",
                 "tokens 1 victory for every city with no defeats"):
        (e,) = parse_effects(text)
        from dsl.printer import canonical
        assert canonical(e) == text and parse_effects(canonical(e)) == (e,)
    assert parse_effects("tokens 1 defeat for every city with no defeat tokens") == \
        parse_effects("tokens 1 defeat for every city with no defeats")


@pytest.mark.parametrize("text,where,says", [
    ("vp 1 per red card in the neighbor with most coins", (1, 22), "only 'tokens', 'remove', 'lose'"),
    ("coins 1 when every city with no coins build red card", (1, 14), "only 'tokens', 'remove', 'lose'"),
    ("tokens 1 defeat for every city with at least 0 coins", (1, 46), "write at least 1"),
    ("tokens 1 defeat for the neighbor with most age", (1, 44), "cannot be chosen by the age"),
    ("tokens 1 defeat for the neighbor with most sheilds", (1, 44), "did you mean 'shields'"),
    ("vp 1 per red card in neighbour", (1, 22), "did you mean 'neighbours'"),
])
def test_a_count_chosen_target_mistake_is_a_located_error(text: str, where: tuple[int, int], says: str) -> None:
    from word_golden import pack_index
    with pytest.raises(CardTextError) as err:
        parse_effects(text, pack_index("base")[0])
    first = err.value.errors[0]
    assert (first.line, first.column) == where and says in first.message, first


def test_the_native_core_lowers_a_city_chosen_by_a_count_as_a_pick_row() -> None:
    """cond 1 and the pick at `inner` (amount: at least, cond: 1 most 2 fewest 3 none 4 at least,
    period: 1 for `other`); its count is the row's counter (defeats: WHAT 3)."""
    low = _HookLowering(None, [], ["debt"])  # type: ignore[arg-type]
    for text, pick in (("tokens 1 defeat for every city with no defeats", [0, 3, 0]),
                       ("tokens 1 defeat for every other city with at least 2 defeats", [2, 4, 1]),
                       ("every other city with at least 2 defeats lose 1 coin", [2, 4, 1]),
                       ("the neighbor with fewest defeats gain 1 coin", [0, 2, 0])):
        row = low.row(_hooks(text)[0])
        assert row[2] == 1 and row[13] == -len(low.inner), text
        assert low.inner[-1][1:4] == pick and low.inner[-1][16] == 3, text


def test_a_pack_with_count_chosen_targets_plays_natively_under_auto(tmp_path_factory: Any, capsys: Any) -> None:
    """Whole games: the bots value and build these cards, and `--core auto` plays them natively
    (tests/test_native_targets.py compares both cores move by move)."""
    from interpreter.cli import main
    p = "players: [3, 3, 4, 4, 5, 6, 7]"
    pack = tmp_path_factory.mktemp("count-chosen")
    (pack / "pack.yaml").write_text("name: count-chosen\nextends: base\n", encoding="utf-8")
    (pack / "cards.yaml").write_text(f"""cards:
  - {{name: Levy, age: 1, color: red, {p}, effect: "shields 1; tokens 1 defeat for the neighbor with most shields"}}
  - {{name: Alms, age: 2, color: yellow, {p}, effect: tokens 1 victory for every other city with no red cards}}
  - {{name: Tribute, age: 3, color: purple, {p}, effect: tokens 1 defeat for every city with at least 3 coins}}
  - {{name: Dole, age: 1, color: yellow, {p}, effect: "every city with no red cards gain 2 coins; the neighbor with most coins lose 1 coin"}}
""", encoding="utf-8")
    for seed in (1, 2):
        assert main(["play", "--pack", str(pack), "--players", "4", "--seed", str(seed), "--json"]) == 0
    err = capsys.readouterr().err
    assert "core: native" in err and "core: python" not in err
    from dsl.loader import load_pack
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    from interpreter.rules.compiled import compile_pack
    cp, built = compile_pack(load_pack(pack)), set()
    for seed in range(4):
        for bots in ("greedy", "random"):
            game = Game(cp, make_bots(bots, 4), seed=seed)
            game.play()
            built |= {card.name for c in game.table.cities for card in c.cards}
    assert {"Levy", "Alms", "Tribute", "Dole"} <= built  # the new targets were really resolved in play


def test_lose_and_gain_reach_a_city_chosen_by_a_count() -> None:
    # seat 0 of 4: left seat 1 (2 coins), right seat 3 (6 coins); defeats: seats 1 and 2 have one
    t = _table(*(_city(i, coins=c) for i, c in enumerate((5, 2, 0, 6))))
    for c, d in zip(t.cities, (0, 1, 1, 0)):
        c.defeats = d
    paid: list[tuple[str, int, int]] = []
    game = SimpleNamespace(table=t, n=4, give_coins=lambda s, k: paid.append(("gain", s, k)),
                           owe_loss=lambda s, k, by: paid.append(("lose", s, k)))
    for h in _hooks("every city with no defeat tokens gain 2 coins; the neighbor with most coins lose 3 coins"):
        h.when_built(game, 0)
    # gains: seat 0 (the owner, no defeats), then leftwards seat 3; loses: the richer neighbour, seat 3
    assert paid == [("gain", 0, 2), ("gain", 3, 2), ("lose", 3, 3)]


def test_syntax_errors_offer_the_count_chosen_forms_only_where_they_are_taken() -> None:
    def message(text: str) -> str:
        with pytest.raises(CardTextError) as err:
            parse_effects(text)
        return err.value.errors[0].message
    assert "'the neighbor with most|fewest COUNT', 'every [other] city with no|at least N COUNT'" in \
        message("tokens 1 defeat for")
    assert "most|fewest" in message("tokens 1 defeat for neighbour") and "did you mean 'neighbours'" in \
        message("tokens 1 defeat for neighbour")
    assert "most|fewest" not in message("copy purple card from")  # copy cannot take them
    assert "most|fewest" not in message("vp 2 per defeat in neighbour")


# -- seats at a distance (issue 23, item 1: `2 seats left`, `3 seats right`) ---------------------

def _red_table(*reds: int) -> Table:
    """Cities whose only colour index is the base pack's red (a list long enough for every colour)."""
    from word_golden import pack_index
    col = pack_index("base")[1].col
    t = _table(*(_city(i) for i in range(len(reds))))
    for city, red in zip(t.cities, reds):
        city.color_counts = [red if i == col["red"] else 0 for i in range(len(col))]
        city.cards, city.defeats, city.token_counts = [], 0, {}
    return t


def test_a_seat_at_a_distance_is_counted_round_the_ring() -> None:
    # seven cities, seat 1: left is 2, 2 seats left is 3, 3 seats left is 4; right is 0,
    # 2 seats right is 6, 3 seats right is 5
    from interpreter.rules.counting import FAR_LEFT, FAR_RIGHT
    t = _red_table(1, 10, 100, 1000, 10_000, 100_000, 1_000_000)
    assert seats_at(t, 1, (FAR_LEFT + 2, FAR_LEFT + 3, FAR_RIGHT + 2, FAR_RIGHT + 3)) == [3, 4, 6, 5]
    (coins,) = _hooks("coins 1 per red card in 2 seats left, 3 seats right")
    assert count(t, 1, coins.counter) == 1000 + 100_000  # seats 3 and 5
    (vp,) = _hooks("vp 1 per red card in neighbors, 3 seats left")
    assert vp.score(t, 6) == 1 + 100_000 + 100  # seat 6: left 0, right 5, 3 seats left is 2


def test_one_seat_is_the_neighbour_and_the_text_prints_one_way() -> None:
    from dsl.printer import canonical
    assert parse_effects("shields 1 for 1 seat left") == parse_effects("shields 1 for left")
    (e,) = parse_effects("tokens 1 debt for 3 seats right, 2 seats left, neighbours, 2 seats left")
    assert e.sides == ("left", "right", "2 seats left", "3 seats right")
    assert canonical(e) == "tokens 1 debt for left, right, 2 seats left, 3 seats right"
    assert parse_effects(canonical(e)) == (e,)


def test_coins_for_a_target_is_gain_printed_one_way() -> None:
    from dsl.printer import canonical
    (a,) = parse_effects("coins 2 per defeat for 2 seats right")
    (b,) = parse_effects("2 seats right gain 2 coins per defeat")
    assert a == b and canonical(a) == "2 seats right gain 2 coins per defeat"
    assert parse_effects("coins 3 for self") == parse_effects("coins 3")
    assert parse_effects("coins 1 for the neighbor with most coins") == \
        parse_effects("the neighbor with most coins gain 1 coin")


def test_coins_lose_gain_and_tokens_reach_the_seat_named() -> None:
    # five cities, seat 0: 2 seats left is seat 2, 2 seats right is seat 3
    t = _red_table(0, 0, 0, 0, 0)
    paid: list[tuple[str, int, int]] = []
    game = SimpleNamespace(table=t, n=5, give_coins=lambda s, k: paid.append(("gain", s, k)),
                           owe_loss=lambda s, k, by: paid.append(("lose", s, k)),
                           take_conflict_tokens=lambda s, k, c: paid.append((k, s, c)))
    for h in _hooks("coins 2 for 2 seats left; 2 seats right lose 1 coin; tokens 1 defeat for 2 seats right, left"):
        h.when_built(game, 0)
    assert paid == [("gain", 2, 2), ("lose", 3, 1), ("defeat", 1, 1), ("defeat", 3, 1)]


def test_copy_rule_changes_conditions_and_triggers_name_the_far_seat() -> None:
    from interpreter.rules.scoring import copy_candidates
    t = _red_table(3, 0, 1, 2, 5)  # five cities, seat 0: 2 seats left is 2, 2 seats right is 3
    guild = SimpleNamespace(color=0, name="g")
    t.cities[3].cards = [guild]
    t.cities[0].copies = [((0,), (FAR_LEFT_2 := 102,)), ((0,), (203,))]  # 2 seats left, 3 seats right (= 2 left)
    assert copy_candidates(t, 0) == [[], []]
    t.cities[2].cards = [guild]
    assert copy_candidates(t, 0) == [[guild], [guild]] and FAR_LEFT_2 == 102
    t.cities[0].rule_changes.append(("trade_price", 1, (202,)))  # 2 seats right of seat 0 is seat 3
    assert shifts_of(t) == [{}, {}, {}, {"trade_price": 1}, {}]
    (more,) = _hooks("vp 4 if more red cards than 2 seats left, 2 seats right")
    assert more.score(t, 0) == 4  # 3 red cards against 1 (seat 2) and 2 (seat 3)
    t.cities[3].color_counts = list(t.cities[0].color_counts)  # a tie is not more
    assert more.score(t, 0) == 0
    (when,) = _hooks("coins 1 when 2 seats right build red card")
    assert [s for s in range(5) if when.hears(0, s, 5)] == [3]


@pytest.mark.parametrize("text,where,says", [
    ("discount 1 coin on red cards for 2 seats left", (1, 34), "'discount' cannot act on a seat at a distance"),
    ("rebate 1 coin from 2 seats right", (1, 1), "'rebate' works with neighbours only"),
    ("vp 1 per red card in 0 seats left", (1, 22), "count at least 1 seat"),
    ("vp 1 per red card in 11 seats left", (1, 22), "more seats than a table has"),
    ("coins 0 for 2 seats left", (1, 7), "coins given to other cities are at least 1"),
    ("coins 2 for all", (1, 1), "not self (the owner's own coins: 'coins N')"),
    ("3 coins", (1, 1), "the word comes first"),
    ("vp 1 per red card in 2 seat", (1, 28), "'left', 'right'"),
])
def test_a_seat_at_a_distance_mistake_is_a_located_error(text: str, where: tuple[int, int], says: str) -> None:
    with pytest.raises(CardTextError) as err:
        parse_effects(text)
    first = err.value.errors[0]
    assert (first.line, first.column) == where and says in first.message, first


def test_the_native_core_lowers_seats_at_a_distance() -> None:
    """Seat codes 100 + N / 200 + N go into the rows as they are (ring_seat in city.pxi);
    tests/test_native_far_seats.py plays them on both cores."""
    from interpreter.rules.counting import FAR_LEFT, FAR_RIGHT
    rows = {text: _HookLowering(None, [], ["debt"]).row(_hooks(text)[0])  # type: ignore[arg-type]
            for text in ("shields 1 for 2 seats right", "coins 1 for 3 seats left",
                         "copy purple card from 2 seats left")}
    assert rows["shields 1 for 2 seats right"][5:7] == [1, FAR_RIGHT + 2]  # one seat: 2 seats right
    assert rows["coins 1 for 3 seats left"][5:7] == [1, FAR_LEFT + 3]
    assert rows["copy purple card from 2 seats left"][5:7] == [1, FAR_LEFT + 2]


def _seat_pack(tmp: Any, players: str) -> Any:
    (tmp / "pack.yaml").write_text("name: far-seats\nextends: base\n", encoding="utf-8")
    (tmp / "cards.yaml").write_text(f"""cards:
  - {{name: Far Watch, age: 1, color: red, players: {players}, effect: "shields 1; shields 1 for 2 seats left"}}
  - {{name: Far Gift, age: 2, color: yellow, players: {players}, effect: "coins 2 for 2 seats right; coins 1 per red card in 2 seats left"}}
  - {{name: Far Sight, age: 3, color: purple, effect: "vp 1 per red card in 2 seats left, 2 seats right"}}
""", encoding="utf-8")
    return tmp


def test_a_seat_that_is_not_its_own_at_a_player_count_is_refused_by_validate(tmp_path: Any, capsys: Any) -> None:
    """At 3 cities `2 seats left` is the right neighbour, at 4 the city opposite: both refused,
    all at once, naming the player counts (the guild is in play at every count)."""
    from interpreter.cli import main
    pack = _seat_pack(tmp_path, "[3, 5]")
    assert main(["validate", str(pack)]) == 1
    err = capsys.readouterr().err
    assert "cards.yaml:2:" in err and 'card "Far Watch"' in err and 'card "Far Gift"' in err
    assert "'2 seats left' is not a seat of its own at 2, 3, 4 players (at 3 cities it is the right " \
           "neighbour; at 4 cities it is the city opposite" in err and "(players: [5, ...])" in err
    assert 'card "Far Sight"' in err and "'2 seats right' is not a seat of its own" in err
    assert "Traceback" not in err


def test_a_pack_with_far_seats_validates_and_plays(tmp_path: Any, capsys: Any) -> None:
    from interpreter.cli import main
    pack = _seat_pack(tmp_path, "[5, 6]")
    (pack / "cards.yaml").write_text((pack / "cards.yaml").read_text().replace(
        "color: purple,", "color: purple, players: [5],").replace("name: Far Sight, age: 3", "name: Far Sight, age: 2"),
        encoding="utf-8")
    (pack / "pack.yaml").write_text("name: far-seats\nextends: base\nrules: {players: {min: 5, max: 7}}\n", encoding="utf-8")
    assert main(["validate", str(pack)]) == 0, capsys.readouterr().err
    assert main(["play", "--pack", str(pack), "--players", "5", "--seed", "1", "--json"]) == 0
    err = capsys.readouterr().err
    assert "core: python" not in err, err  # the native core runs seats at a distance


def test_prices_see_a_change_for_others_held_beyond_the_neighbours_as_soon_as_it_is_built() -> None:
    """pricing.mods_for: a far city's change `for others` reaches a city whose neighbours hold no
    cost change, and a price summed (cached) before it was built is summed again after."""
    from game_checks import at_first_decision
    from dsl.loader import load_pack
    from interpreter.rules.compiled import compile_pack
    from interpreter.rules.pricing import mods_for
    cp = compile_pack(load_pack("base"))
    game = at_first_decision(cp, 5, seed=3)
    t = game.table  # seat 2's neighbours are seats 3 and 1; seat 0 is beyond them
    yellow, blue = cp.colors.index("yellow"), cp.colors.index("blue")
    assert not any(c.cost_changes for c in t.cities)
    assert mods_for(t.cities[2], t) is None
    t.cities[2].add_cost_change(E.CostChange("coin", False, frozenset({blue}), 1, (0,)))  # its own
    assert mods_for(t.cities[2], t).cards[yellow] == (0, 0, False)  # type: ignore[union-attr]
    t.cities[0].add_cost_change(E.CostChange("coin", False, frozenset({yellow}), 2, (OTHERS,)))
    assert mods_for(t.cities[2], t).cards[yellow] == (2, 0, False)  # type: ignore[union-attr]
    assert mods_for(t.cities[2], t).cards[blue] == (1, 0, False)  # type: ignore[union-attr]
    assert mods_for(t.cities[0], t).cards[yellow] == (0, 0, False)  # type: ignore[union-attr]  # not its own


def test_a_city_far_from_a_change_for_others_may_build_what_it_makes_free() -> None:
    """The legal moves and the coins paid go through the cost changes whenever one `for others`
    is on the table, though the city and its neighbours hold none (moves.legal_moves, Turn._bank)."""
    from game_checks import at_first_decision
    from dsl.loader import load_pack
    from interpreter.rules.compiled import compile_pack
    from interpreter.rules.moves import BUILD, legal_moves
    cp = compile_pack(load_pack("base"))
    game = at_first_decision(cp, 6, seed=3)
    t, far = game.table, game.table.cities[3]  # seat 3's neighbours are seats 4 and 2
    far.coins = 0
    hand = game.hands[3]
    dear = [i for i, c in enumerate(hand) if c.cost_coins]
    assert dear and not {m.card for m in legal_moves(hand, far, t, False) if m.action == BUILD} & set(dear)
    t.cities[0].add_cost_change(E.CostChange("all", False, frozenset(), 0, (OTHERS,)))  # every card free
    assert {m.card for m in legal_moves(hand, far, t, False) if m.action == BUILD} == set(range(len(hand)))


@pytest.mark.parametrize("hook,what", [
    (E.GainHook("tokens", 1, "debt", None, (9,)), "an effect"),
    (E.GainHook("coins", 1, "", Counter("card", (RED,), (9,))), "a count"),
    (E.StrengthHook(-1, None, (1, 9)), "shields"),
])
def test_a_seat_code_the_native_core_does_not_know_plays_in_python(hook: Any, what: str) -> None:
    """A target form added to the language later (a code past 7) is declined, not misread."""
    with pytest.raises(NotNative, match=f"{what} in cities the native core cannot name"):
        _HookLowering(None, [], ["debt"]).row(hook)  # type: ignore[arg-type]

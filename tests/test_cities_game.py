"""The Cities rules in play (cards/cities/README.md, the docstring of interpreter/game/state.py):
coin losses and debt (a city pays what it chooses, up to what it has after the turn's income,
and takes one debt token per coin it does not pay; -1 each on the treasury line), diplomacy
(the city sits out the next conflict, gives the token back, its neighbours fight each other),
and invariants over many seeded games of `cities` and `examples/leaders-cities` at 3 to 8
players: every coin accounted for after every resolution, every card in one place, no
building twice, hands of 7 at 8 players and 8 otherwise, one black card per player in every
Age deck."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any, Sequence

import pytest
from game_checks import card_places

from dsl import ast as A
from dsl.loader import load_pack
from interpreter.players.bots import GreedyBot, RandomBot
from interpreter.rules.compiled import compile_pack
from interpreter.players.game import Game
from interpreter.game.contract import IllegalMove
from interpreter.rules.moves import BUILD, SELL, WONDER, Move
from interpreter.rules.scoring import score_table
from interpreter.rules.statefile import build_table

REPO = Path(__file__).resolve().parents[1]
LEADERS_CITIES = str(REPO / "examples" / "leaders-cities")
_PACKS: dict[str, Any] = {}


def _cp(ref: str) -> Any:
    if ref not in _PACKS:
        _PACKS[ref] = compile_pack(load_pack(ref))
    return _PACKS[ref]


class Payer:
    """A scripted player: moves by card name; pays `payments` of each loss in turn (default:
    all it can); picks cards named in `picks` (from the discard pile)."""

    name = "payer"

    def __init__(self, payments: Sequence[int] = (), picks: Sequence[str] = ()):
        self.payments, self.picks = list(payments), list(picks)
        self.asked: list[tuple[int, int]] = []  # (due, can) of every loss it settled

    def choose_payment(self, obs: Any, due: int, can: int) -> int:
        self.asked.append((due, can))
        return self.payments.pop(0) if self.payments else can

    def choose(self, obs: Any, moves: list[Move]) -> Move:  # pragma: no cover
        raise AssertionError(f"seat {obs.seat} was asked to move")

    def choose_card(self, obs: Any, cards: list[Any], purpose: str) -> int | None:
        if not self.picks:
            return None
        names = [c.name for c in cards]
        want = self.picks.pop(0)
        assert want in names, (want, names)
        return names.index(want)


def scripted(players: list[dict[str, Any]], bots: Sequence[Any] | None = None, age: int = 1,
             ref: str = "cities") -> Game:
    """A game whose cities are the STATE players (wonder, side, cards, coins, tokens, ...)."""
    cp = _cp(ref)
    table = build_table({"pack": ref, "players": players}, cp)
    bots = list(bots) if bots is not None else [Payer() for _ in players]
    g = Game(cp, bots, seed=0, wonders=[c.side.wonder for c in table.cities], sides="A", log=True)
    g.cities, g.table = table.cities, table
    g.age = table.age = age
    return g


def play(g: Game, plays: dict[int, tuple[str, str]], tuck: str = "Altar") -> None:
    """One turn: seat -> (action, card name); a seat building or selling holds that card, a
    seat building a wonder stage holds `tuck`; the cheapest legal move is played; the other
    seats do nothing. Then the builds from the discard pile owed this turn."""
    g.hands = [[] for _ in range(g.n)]
    choices: list[Move | None] = [None] * g.n
    for seat, (action, name) in plays.items():
        g.hands[seat] = [g.cp.card_named(tuck if action == WONDER else name)]
        cands = [m for m in g.moves(seat) if m.action == action]
        assert cands, f"seat {seat}: {action} {name} is not legal"
        choices[seat] = min(cands, key=lambda m: (m.left + m.right + m.extra, m.left))
    g.begin_turn(1)
    g.resolve(choices)
    g.settle_discard_builds()


def debt(g: Game) -> list[int]:
    return [c.token_counts.get("debt", 0) for c in g.cities]


def lost_entries(g: Game) -> list[dict[str, Any]]:
    return [m for e in g.log["turns"] if e.get("note") == "coins lost" for m in e["moves"]]


# -- coin losses and debt -------------------------------------------------------------------

LAIR_BUILDER = {"wonder": "Gizah", "cards": ["Lumber Yard", "Glassworks"], "coins": 3}


def test_a_city_without_coins_takes_debt_for_the_whole_loss() -> None:
    g = scripted([LAIR_BUILDER, {"wonder": "Babylon", "coins": 0}, {"wonder": "Ephesos", "coins": 5}])
    play(g, {0: (BUILD, "Lair")})  # vp 3; others lose 2 coins
    assert [c.coins for c in g.cities] == [3, 0, 3]
    assert debt(g) == [0, 2, 0]  # the builder loses nothing; a city that pays keeps no debt
    assert sorted((m["player"], m["bank"], m.get("debt", 0)) for m in lost_entries(g)) == [(1, 0, 2), (2, 2, 0)]
    # the city without coins was not asked for an amount it cannot pay
    assert g.bots[1].asked == [(2, 0)] and g.bots[2].asked == [(2, 2)]


def test_a_city_with_too_few_coins_pays_them_and_takes_debt_for_the_rest() -> None:
    g = scripted([LAIR_BUILDER, {"wonder": "Babylon", "coins": 1}, {"wonder": "Ephesos", "coins": 2}])
    play(g, {0: (BUILD, "Lair")})
    assert [c.coins for c in g.cities] == [3, 0, 0]
    assert debt(g) == [0, 1, 0]


def test_losses_are_paid_after_the_coins_of_the_turn() -> None:
    # seat 1 has no coin but sells a card the same turn: it pays the loss from the sale
    g = scripted([LAIR_BUILDER, {"wonder": "Babylon", "coins": 0}, {"wonder": "Ephesos", "coins": 0}])
    play(g, {0: (BUILD, "Lair"), 1: (SELL, "Altar")})
    assert [c.coins for c in g.cities] == [3, 1, 0]
    assert debt(g) == [0, 0, 2]


@pytest.mark.parametrize("pay, coins, debts", [(0, 6, 3), (1, 5, 2), (3, 3, 0)])
def test_a_player_may_choose_debt_while_having_coins(pay: int, coins: int, debts: int) -> None:
    builder = {"wonder": "Gizah", "cards": ["Sawmill", "Ore Vein", "Loom"], "coins": 3}
    g = scripted([builder, {"wonder": "Babylon", "coins": 6}, {"wonder": "Ephesos", "coins": 6}],
                 bots=[Payer(), Payer([pay]), Payer([0])])
    play(g, {0: (BUILD, "Brotherhood")})  # vp 4; others lose 3 coins
    assert [c.coins for c in g.cities] == [3, coins, 6]
    assert debt(g) == [0, debts, 3]
    assert g.bots[1].asked == [(3, 3)]


def test_a_player_cannot_pay_more_than_it_has_or_a_negative_amount() -> None:
    for bad in (4, -1):
        g = scripted([{"wonder": "Gizah", "coins": 3}, {"wonder": "Babylon", "coins": 3},
                      {"wonder": "Ephesos", "coins": 9}], bots=[Payer(), Payer([bad]), Payer()])
        with pytest.raises(IllegalMove):
            play(g, {0: (BUILD, "Hideout")})  # a loss of 1: 0 or 1 may be paid


@pytest.mark.parametrize("card, builder_cards, others, dues", [
    # Sepulcher: 1 coin per victory token (any value) of the losing city
    ("Sepulcher", ["Glassworks", "Loom"],
     [{"tokens": [1, 3, -1]}, {"tokens": [-1, -1]}, {"tokens": [5]}], [2, 0, 1]),
    ("Cenotaph", ["Glassworks", "Loom", "Brickyard"],
     [{"tokens": [5, 5, 3]}, {"tokens": []}, {"tokens": [-1, 1]}], [3, 0, 1]),
    # Builders Union: 1 coin per wonder stage the losing city has built
    ("Builders Union", ["Lumber Yard", "Clay Pool", "Glassworks", "Press"],
     [{"stages": 2}, {"stages": 0}, {"stages": 3}], [2, 0, 3]),
    ("Counterfeiters Guild", ["Foundry", "Ore Vein", "Glassworks", "Loom"],
     [{}, {}, {}], [3, 3, 3]),
    ("Hideout", [], [{}, {}, {}], [1, 1, 1]),
])
def test_losses_per_thing_are_counted_in_each_losing_city(card, builder_cards, others, dues) -> None:
    wonders = ["Babylon", "Ephesos", "Rhodos"]
    players = [{"wonder": "Gizah", "cards": builder_cards, "coins": 10}] + [
        {"wonder": w, "coins": 10, **o} for w, o in zip(wonders, others)]
    g = scripted(players, age=3)
    play(g, {0: (BUILD, card)})
    assert [c.coins for c in g.cities] == [10] + [10 - d for d in dues]
    assert debt(g) == [0, 0, 0, 0]
    # a city that owes nothing is not asked and has no entry
    assert sorted((m["player"], m["bank"]) for m in lost_entries(g)) == \
        [(i + 1, d) for i, d in enumerate(dues) if d]


def test_petra_b_first_stage_makes_the_others_lose_two_coins() -> None:
    g = scripted([{"wonder": "Petra", "side": "B", "cards": ["Foundry", "Brickyard"], "coins": 3},
                  {"wonder": "Babylon", "coins": 1}, {"wonder": "Ephesos", "coins": 4},
                  {"wonder": "Rhodos", "coins": 0}], age=2)
    play(g, {0: (WONDER, "stage")})
    assert g.cities[0].stages_built == 1
    assert [c.coins for c in g.cities] == [3, 0, 2, 0]
    assert debt(g) == [0, 1, 0, 2]


def test_gambling_den_gives_coins_to_the_owner_and_both_neighbours_only() -> None:
    g = scripted([{"wonder": "Gizah", "coins": 0}, {"wonder": "Babylon", "coins": 0},
                  {"wonder": "Ephesos", "coins": 0}, {"wonder": "Rhodos", "coins": 0}])
    play(g, {0: (BUILD, "Gambling Den")})
    assert [c.coins for c in g.cities] == [6, 1, 0, 1]
    g = scripted([{"wonder": "Gizah", "coins": 1}, {"wonder": "Babylon", "coins": 0},
                  {"wonder": "Ephesos", "coins": 1}, {"wonder": "Rhodos", "coins": 0}], age=2)
    play(g, {2: (BUILD, "Gambling House")})
    assert [c.coins for c in g.cities] == [1, 2, 9, 2]


def test_debt_scores_minus_one_each_on_the_treasury_line(tmp_path, capsys) -> None:
    from interpreter.cli import main
    state = {"pack": "cities", "players": [
        {"wonder": "Gizah", "coins": 7, "token_kinds": {"debt": 4}},
        {"wonder": "Babylon", "coins": 7},
        {"wonder": "Petra", "coins": 0, "token_kinds": {"debt": 1, "diplomacy": 2}}]}
    cp = _cp("cities")
    pads = score_table(build_table(state, cp), cp.rules)
    assert [p["treasury"] for p in pads] == [7 // 3 - 4, 7 // 3, -1]
    for p in pads:
        assert p["total"] == sum(p[line] for line in cp.rules.score_lines)
    assert pads[0]["total"] == pads[1]["total"] - 4
    path = tmp_path / "s.json"
    path.write_text(json.dumps(state))
    capsys.readouterr()
    assert main(["score", str(path), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)["players"]
    assert [(p["treasury"], p["total"]) for p in got] == [(-2, -2), (2, 2), (-1, -1)]
    assert all("debt" not in p for p in got)  # no separate line: counted with the coins


def test_debt_taken_in_play_is_scored() -> None:
    g = scripted([LAIR_BUILDER, {"wonder": "Babylon", "coins": 0}, {"wonder": "Ephesos", "coins": 5}])
    play(g, {0: (BUILD, "Lair")})
    pads = score_table(g.table, g.rules)
    assert [p["treasury"] for p in pads] == [1, -2, 1]


# -- diplomacy --------------------------------------------------------------------------------

_SHIELDS = [(5, "Contingent"), (3, "Fortifications"), (3, "Arsenal"), (3, "Circus"),
            (3, "Mercenaries"), (2, "Walls"), (2, "Stables"), (2, "Militia"), (1, "Stockade"),
            (1, "Barracks"), (1, "Guard Tower")]
_WONDERS = ["Gizah", "Babylon", "Ephesos", "Rhodos", "Olympia", "Alexandria", "Halikarnassus", "Petra"]


def _with_shields(k: int) -> list[str]:
    out = []
    for s, name in _SHIELDS:
        if s <= k:
            out.append(name)
            k -= s
    assert k == 0
    return out


def war_game(shields: list[int], diplomacy: dict[int, int], age: int = 1) -> Game:
    players = [{"wonder": w, "cards": _with_shields(s),
                **({"token_kinds": {"diplomacy": diplomacy[i]}} if i in diplomacy else {})}
               for i, (w, s) in enumerate(zip(_WONDERS, shields))]
    g = scripted(players, age=age)
    assert [c.conflict_shields(g.table) for c in g.cities] == shields
    return g


def _expected(shields: list[int], pairs: list[tuple[int, int]], win: int) -> list[list[int]]:
    out: list[list[int]] = [[] for _ in shields]
    for a, b in pairs:
        if shields[a] != shields[b]:
            hi, lo = (a, b) if shields[a] > shields[b] else (b, a)
            out[hi].append(win)
            out[lo].append(-1)
    return [sorted(t) for t in out]


def dip(g: Game) -> list[int]:
    return [c.token_counts.get("diplomacy", 0) for c in g.cities]


def test_three_players_one_out_the_other_two_fight_once() -> None:
    g = war_game([9, 1, 0], {0: 1})
    g.war(1)
    assert [sorted(c.tokens) for c in g.cities] == [[], [1], [-1]]
    assert dip(g) == [0, 0, 0]
    [war] = g.log["war"]
    assert [r.get("sat_out", False) for r in war["results"]] == [True, False, False]


def test_four_players_one_out_its_neighbours_fight_each_other() -> None:
    shields = [3, 9, 2, 1]
    g = war_game(shields, {1: 1}, age=2)
    g.war(2)
    # seat 1 out: seat 0 (its right) and seat 2 (its left) now fight; 2-3 and 3-0 as usual
    assert [sorted(c.tokens) for c in g.cities] == _expected(shields, [(0, 2), (2, 3), (3, 0)], 3)
    assert [sorted(c.tokens) for c in g.cities] == [[3, 3], [], [-1, 3], [-1, -1]]
    assert dip(g) == [0, 0, 0, 0]


def test_four_players_two_neighbours_out_the_other_two_fight_once() -> None:
    g = war_game([0, 0, 5, 2], {0: 1, 1: 1}, age=3)
    g.war(3)
    assert [sorted(c.tokens) for c in g.cities] == [[], [], [5], [-1]]
    assert dip(g) == [0, 0, 0, 0]


def test_eight_players_two_neighbours_out() -> None:
    shields = [4, 1, 9, 9, 2, 6, 0, 3]
    g = war_game(shields, {2: 1, 3: 1}, age=3)
    g.war(3)
    pairs = [(0, 1), (1, 4), (4, 5), (5, 6), (6, 7), (7, 0)]
    assert [sorted(c.tokens) for c in g.cities] == _expected(shields, pairs, 5)
    assert g.cities[1].tokens == [-1, -1] and sorted(g.cities[4].tokens) == [-1, 5]
    assert dip(g) == [0] * 8


def test_eight_players_one_out_and_two_tokens_sit_out_two_conflicts() -> None:
    shields = [1, 2, 3, 4, 5, 6, 7, 8]
    g = war_game(shields, {7: 2, 3: 1})
    g.war(1)
    pairs1 = [(0, 1), (1, 2), (2, 4), (4, 5), (5, 6), (6, 0)]
    assert [sorted(c.tokens) for c in g.cities] == _expected(shields, pairs1, 1)
    assert dip(g) == [0, 0, 0, 0, 0, 0, 0, 1]  # one token given back per conflict sat out
    for c in g.cities:
        c.tokens.clear()
    g.war(2)
    pairs2 = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 0)]
    assert [sorted(c.tokens) for c in g.cities] == _expected(shields, pairs2, 3)
    assert dip(g) == [0] * 8
    for c in g.cities:
        c.tokens.clear()
    g.war(3)  # no token left: everyone fights
    pairs3 = [(i, (i + 1) % 8) for i in range(8)]
    assert [sorted(c.tokens) for c in g.cities] == _expected(shields, pairs3, 5)


def test_a_diplomacy_card_built_in_play_makes_its_city_sit_out() -> None:
    g = scripted([{"wonder": "Gizah", "cards": ["Clay Pool", "Contingent"]},
                  {"wonder": "Babylon", "cards": ["Stockade"]}, {"wonder": "Ephesos"}])
    play(g, {0: (BUILD, "Residence")})  # vp 1; tokens 1 diplomacy
    assert dip(g) == [1, 0, 0]
    g.war(1)
    assert [sorted(c.tokens) for c in g.cities] == [[], [1], [-1]]
    assert dip(g) == [0, 0, 0]
    g.war(2)  # the token is spent: seat 0 (5 shields) fights again
    assert [sorted(c.tokens) for c in g.cities] == [[3, 3], [-1, 1, 3], [-1, -1, -1]]


# -- the end of a turn: builds from the discard pile -----------------------------------------

def test_a_loss_from_a_card_built_from_the_discard_pile_is_settled_that_turn() -> None:
    """Halikarnassus B builds Brotherhood from the discard pile on the last turn of Age III:
    the others lose 3 coins at the end of that turn (rules: debt.when), before the game ends."""
    g = scripted([{"wonder": "Halikarnassus", "side": "B", "cards": ["Foundry"], "coins": 2},
                  {"wonder": "Babylon", "coins": 5}, {"wonder": "Ephesos", "coins": 0}],
                 bots=[Payer(picks=["Brotherhood"]), Payer(), Payer()], age=3)
    g.discard = [g.cp.card_named("Brotherhood")]
    play(g, {0: (WONDER, "stage")})  # vp 2; build from discard (settled at the end of the turn)
    assert "Brotherhood" in g.cities[0].names
    assert [c.coins for c in g.cities] == [2, 2, 0] and debt(g) == [0, 0, 3], \
        f"the loss is still pending: {g.losses}"
    assert not g.losses


def test_coins_given_by_a_card_built_from_the_discard_pile_arrive_that_turn() -> None:
    g = scripted([{"wonder": "Halikarnassus", "side": "B", "cards": ["Foundry"], "coins": 0},
                  {"wonder": "Babylon", "coins": 0}, {"wonder": "Ephesos", "coins": 0}],
                 bots=[Payer(picks=["Gambling Den"]), Payer(), Payer()], age=3)
    g.discard = [g.cp.card_named("Gambling Den")]
    play(g, {0: (WONDER, "stage")})
    assert [c.coins for c in g.cities] == [6, 1, 1], f"pending gains: {g.gains}"
    assert not g.gains


def test_berenice_adds_a_coin_to_coins_taken_in_a_turn() -> None:
    g = scripted([{"wonder": "Gizah", "cards": ["Berenice"], "coins": 0},
                  {"wonder": "Babylon", "cards": ["Berenice"], "coins": 0}, {"wonder": "Ephesos", "coins": 0}],
                 age=1, ref=LEADERS_CITIES)
    play(g, {0: (BUILD, "Gambling Den"), 1: (SELL, "Altar")})
    # seat 0: 6 + 1; seat 1: 3 for the sale and 1 from the Den, one extra coin at most per turn
    assert [c.coins for c in g.cities] == [7, 3 + 1 + 1, 1]


def test_berenice_adds_a_coin_to_coins_taken_by_a_build_from_the_discard_pile() -> None:
    """Berenice: 1 more coin each time the owner takes coins from the bank, for any reason
    (cards/cities/README.md); here 6 coins of a Gambling Den built from the discard pile."""
    g = scripted([{"wonder": "Halikarnassus", "side": "B", "cards": ["Foundry", "Berenice"], "coins": 0},
                  {"wonder": "Babylon", "coins": 0}, {"wonder": "Ephesos", "coins": 0}],
                 bots=[Payer(picks=["Gambling Den"]), Payer(), Payer()], age=2, ref=LEADERS_CITIES)
    g.discard = [g.cp.card_named("Gambling Den")]
    play(g, {0: (WONDER, "stage")})
    assert "Gambling Den" in g.cities[0].names
    assert g.cities[0].coins == 6 + 1


# -- many seeded games: coins, cards, hands, decks ------------------------------------------------

def _places(g) -> Counter:  # noqa: ANN001
    return card_places(g)


def _counted(g: Game, seat: int, per: A.Counted) -> int | None:
    """What a `per` clause counts, read from the cities (independently of the engine)."""
    n = g.n
    seats = {"self": seat, "left": (seat + 1) % n, "right": (seat - 1) % n}
    total = 0
    for side in per.sides:
        c = g.cities[seats[side]]
        if per.what == "card":
            total += sum(1 for x in c.cards if not per.colors or x.color_name in per.colors)
        elif per.what == "wonder_stage":
            total += c.stages_built
        elif per.what == "victory":
            total += sum(1 for t in c.tokens if t > 0)
        elif per.what == "defeat":
            total += sum(1 for t in c.tokens if t < 0)
        else:
            return None
    return total // per.every


class CheckedGame(Game):
    """After every resolution, every coin is accounted for: coins before - bank costs - trade
    paid + trade received + sales + when-built and triggered coins + coins given by others'
    cards - losses paid == coins after, never negative; each loss is paid + debt == due (the
    due worked out here from the built card's text); when-built coins of the `coins` effects
    equal their text; no city builds a name twice. Deals are recorded."""

    def __init__(self, *a: Any, **k: Any) -> None:
        super().__init__(*a, **k)
        self.rec: dict[str, Any] | None = None
        self.depth = 0
        self.decks: list[tuple[int, list[Any], list[int]]] = []  # (age, deck, hand sizes)
        self.deferred = 0  # gains and losses left for a later resolution

    # the engine's own coin flows, recorded (outermost calls only)
    def when_built(self, seat, effect):  # type: ignore[override]
        self.depth += 1
        try:
            got = super().when_built(seat, effect)
        finally:
            self.depth -= 1
        if self.rec is not None and self.depth == 0:
            self.rec["built"][seat] += got
        return got

    def fire(self, seat, event):  # type: ignore[override]
        got = super().fire(seat, event)
        if self.rec is not None and self.depth == 0:
            self.rec["fired"][seat] += got
        return got

    def deal(self, age: int) -> None:
        seen: list[list[Any]] = []
        stream = self.rng

        class Spy:  # the deal's stream, noting what each shuffle was given
            def shuffle(self, x: list[Any]) -> None:
                seen.append(list(x))
                stream.shuffle(x)

            def __getattr__(self, name: str) -> Any:
                return getattr(stream, name)

        self.rng = Spy()  # type: ignore[assignment]
        try:
            super().deal(age)
        finally:
            self.rng = stream
        self.decks.append((age, seen[-1], [len(h) for h in self.hands]))

    def _expected_dues(self, entries: list[dict[str, Any]]) -> list[tuple[int, int]]:
        dues = []
        for e in entries:
            if e["action"] == BUILD:
                effects = self.cp.card_named(e["card"]).card.effects
            elif e["action"] == WONDER:
                city = self.cities[e["player"]]
                effects = city.side.source.stages[city.stages_built - 1].effects
            else:
                continue
            for x in effects:
                if isinstance(x, A.OthersCoins) and x.amount < 0:
                    seat = e["player"]
                    if x.sides == ("others",):
                        targets = [s for s in range(self.n) if s != seat]
                    else:
                        targets = sorted({(seat + 1) % self.n if s == "left" else (seat - 1) % self.n
                                          for s in x.sides} - {seat})
                    for t in targets:
                        k = 1 if x.per is None else _counted(self, t, x.per)
                        if k:
                            dues.append((t, -x.amount * k))
        return dues

    def _expected_coins(self, entries: list[dict[str, Any]]) -> list[int] | None:
        got = [0] * self.n
        for e in entries:
            if e["action"] == BUILD:
                effects = self.cp.card_named(e["card"]).card.effects
            elif e["action"] == WONDER:
                city = self.cities[e["player"]]
                effects = city.side.source.stages[city.stages_built - 1].effects
            else:
                continue
            for x in effects:
                if isinstance(x, A.CopyCard) and x.now:
                    return None
                if isinstance(x, A.Coins):
                    k = 1 if x.per is None else _counted(self, e["player"], x.per)
                    if k is None:
                        return None
                    got[e["player"]] += x.amount * k
        return got

    def resolve(self, choices, turn=None, note="", sold="discard"):  # type: ignore[override]
        n = self.n
        before = [c.coins for c in self.cities]
        debts = [c.token_counts.get("debt", 0) for c in self.cities]
        gains = Counter()
        for seat, coins in self.gains:  # owed from an earlier build from the discard pile
            gains[seat] += coins
        pending = [(s, due) for s, due, _ in self.losses]
        k = len(self.log["turns"])
        outer, self.rec = self.rec, {"built": [0] * n, "fired": [0] * n, "gains": gains}
        try:
            out = super().resolve(choices, turn, note, sold)
        finally:
            rec, self.rec = self.rec, outer
        new = self.log["turns"][k:]
        # the turn's own entry first, then what its effects did: cards copied, coins lost
        turn_entry = new[0]
        assert turn_entry.get("note") not in ("coins lost", "copy"), new
        lost = [m for e in new if e.get("note") == "coins lost" for m in e["moves"]]
        assert all(e.get("note") in ("coins lost", "copy") for e in new[1:]), new
        expected = list(before)
        for e in turn_entry["moves"]:
            p = e["player"]
            if e["action"] == SELL:
                assert e["bank"] == e["left"] == e["right"] == 0
                expected[p] += self.rules.sell_coins
            else:
                expected[p] -= e["bank"] + e["left"] + e["right"]
                expected[(p + 1) % n] += e["left"]
                expected[(p - 1) % n] += e["right"]
        for seat in range(n):
            expected[seat] += rec["built"][seat] + rec["fired"][seat] + rec["gains"][seat]
        # losses: each due (worked out from the card text) paid or taken as debt
        dues = sorted(pending + self._expected_dues(turn_entry["moves"]))
        assert sorted((m["player"], m["bank"] + m.get("debt", 0)) for m in lost) == dues, (lost, dues)
        new_debt = [0] * n
        for m in lost:
            assert m["bank"] >= 0 and m.get("debt", 0) >= 0
            expected[m["player"]] -= m["bank"]
            new_debt[m["player"]] += m.get("debt", 0)
        assert [c.coins for c in self.cities] == expected, (self.age, self.turn, before, expected, new)
        assert [c.token_counts.get("debt", 0) - d for c, d in zip(self.cities, debts)] == new_debt
        coins = self._expected_coins(turn_entry["moves"])
        if coins is not None:
            assert rec["built"] == coins, (turn_entry, rec["built"], coins)
        for c in self.cities:
            assert c.coins >= 0
            names = [x.name for x in c.cards]
            assert len(names) == len(set(names)), names
        return out

    def give_coins(self, seat: int, coins: int) -> None:
        assert coins > 0
        if self.rec is not None:
            self.rec["gains"][seat] += coins
        else:
            self.deferred += 1
        super().give_coins(seat, coins)

    def owe_loss(self, seat: int, coins: int, by: int) -> None:
        assert coins > 0
        if self.rec is None:
            self.deferred += 1
        super().owe_loss(seat, coins, by)

    def _build_from_discard(self, seat: int) -> None:
        """A card built from the discard pile: its coins, the coins it gives others and the
        coins it makes others lose are all settled in that turn (losses logged as usual)."""
        before = [c.coins for c in self.cities]
        debts = [c.token_counts.get("debt", 0) for c in self.cities]
        n_turns = len(self.log["turns"])
        outer, self.rec = self.rec, {"built": [0] * self.n, "fired": [0] * self.n, "gains": Counter()}
        try:
            super()._build_from_discard(seat)
        finally:
            rec, self.rec = self.rec, outer
        assert not self.gains and not self.losses  # nothing left pending
        paid, debt = [0] * self.n, [0] * self.n
        for e in self.log["turns"][n_turns:]:
            if e.get("note") == "coins lost":
                for m in e["moves"]:
                    paid[m["player"]] += m["bank"]
                    debt[m["player"]] += m.get("debt", 0)
        for s, c in enumerate(self.cities):
            want = before[s] + rec["gains"][s] + rec["fired"][s] - paid[s] + \
                (rec["built"][s] if s == seat else 0)
            assert c.coins == want, ("build from discard", s, before, want)
            assert c.coins >= 0
            assert c.token_counts.get("debt", 0) == debts[s] + debt[s]

    def war(self, age: int) -> None:
        before = [c.coins for c in self.cities]
        out = [c.token_counts.get("diplomacy", 0) > 0 for c in self.cities]
        dips = [c.token_counts.get("diplomacy", 0) for c in self.cities]
        tokens = [len(c.tokens) for c in self.cities]
        outer, self.rec = self.rec, {"built": [0] * self.n, "fired": [0] * self.n, "gains": Counter()}
        try:
            super().war(age)
        finally:
            rec, self.rec = self.rec, outer
        new = [c.tokens[t:] for c, t in zip(self.cities, tokens)]
        for s, c in enumerate(self.cities):
            assert c.coins == before[s] + rec["fired"][s] >= 0
            if out[s]:  # sat out: no token, one diplomacy token given back
                assert new[s] == [] and c.token_counts["diplomacy"] == dips[s] - 1
            assert sum(1 for x in new[s] if x > 0) <= 2  # (defeats may be given to the winner)
        wins = sum(1 for t in new for x in t if x > 0)
        defeats = sum(1 for t in new for x in t if x < 0)
        assert wins == defeats  # every conflict fought has one winner and one loser (or none)
        assert all(x in (self.rules.victory_tokens[age - 1], self.rules.defeat_token) for t in new for x in t)


GAMES = [(ref, n) for ref in ("cities", LEADERS_CITIES) for n in range(3, 9)]
SEEDS = 42  # 12 (pack, players) pairs x 42 = 504 games


@pytest.mark.parametrize("ref, n", GAMES, ids=[f"{Path(r).name}-{n}p" for r, n in GAMES])
def test_invariants_over_seeded_games(ref: str, n: int) -> None:
    cp = _cp(ref)
    black_per_age = {age: {c.name for c in cp.drawn("black", age)} for age in (1, 2, 3)}
    leaders = [c.name for c in cp.deck_cards("leaders", n)] if cp.rules.decks else []
    for seed in range(SEEDS):
        bots = [GreedyBot() if (seed + i) % 5 == 0 and i < 2 else RandomBot() for i in range(n)]
        g = CheckedGame(cp, bots, seed=seed, sides="random", log=True)
        scores = g.play()
        assert len(scores["players"]) == n
        # hands of 7 at 8 players, 8 otherwise, in every age; one black card per player per deck
        assert [age for age, _, _ in g.decks] == [1, 2, 3]
        for age, deck, sizes in g.decks:
            assert sizes == [cp.rules.hand_size_at(n)] * n == [7 if n == 8 else 8] * n, (seed, age)
            black = [c.name for c in deck if c.color_name == "black"]
            assert len(black) == n and len(set(black)) == n, (seed, age, black)
            assert set(black) <= black_per_age[age]
            assert all(c.age == age and not c.deck for c in deck)
            if age == 3:
                assert sum(1 for c in deck if c.color_name == "purple") == n + 2
            if n < 8:
                assert len(deck) == 8 * n  # every card of the deck dealt
        # every dealt card is in exactly one place (a city, under a stage, a hand, discard, box)
        where = _places(g)
        for name in leaders:
            assert where.pop(name) == 1, (seed, name)
        assert where == Counter(g.dealt), seed
        # coins at the end: the score pad's treasury counts coins and debt
        for c, p in zip(g.cities, scores["players"]):
            assert p["treasury"] == c.coins // 3 - c.token_counts.get("debt", 0)
        assert not g.losses and not g.gains, (seed, g.losses, g.gains)


def test_eight_players_play_six_cards_of_seven_per_age() -> None:
    """Hands of 7 at 8 players: as at every count, the last card of each hand is discarded
    (cards/cities/README.md, Readings: "hands of 7 (6 cards played, the 7th discarded)")."""
    g = CheckedGame(_cp("cities"), [RandomBot() for _ in range(8)], seed=1, log=True)
    g.play()
    for age in (1, 2, 3):
        turns = [e for e in g.log["turns"] if e["age"] == age and e["phase"] == "turn" and "note" not in e]
        assert len(turns) == 6, f"age {age}: {len(turns)} turns with hands of 7"
        assert all(len(e["moves"]) == 8 for e in turns)


def test_an_eight_player_game_plays_to_the_end_from_the_cli(tmp_path, capsys) -> None:
    from interpreter.cli import main
    log = tmp_path / "game.json"
    capsys.readouterr()
    assert main(["play", "--pack", "cities", "--players", "8", "--seed", "1", "--json", "--log", str(log)]) == 0
    out = json.loads(capsys.readouterr().out)
    cp = _cp("cities")
    assert len(out["players"]) == 8
    for p in out["players"]:
        assert "cities" in p
        assert p["total"] == sum(p[line] for line in cp.rules.score_lines)
    best = max(p["total"] for p in out["players"])
    assert all(out["players"][w]["total"] == best for w in out["winners"])
    # the cities line is the points of the black cards, worked out from the final state
    game = json.loads(log.read_text())
    final = game["final"]["players"]
    assert len(final) == 8
    for p, city in zip(out["players"], final):
        vp = 0
        blacks = [cp.card_named(n) for n in city["cards"] if cp.card_named(n).color_name == "black"]
        for card in blacks:
            for e in card.card.effects:
                if isinstance(e, A.VictoryPoints):
                    if e.per is None:
                        vp += e.amount
                    elif e.per.what == "card":
                        vp += e.amount * len(blacks)
                    else:
                        assert e.per.what == "victory"
                        vp += e.amount * sum(1 for t in city["tokens"] if t > 0)
        assert p["cities"] == vp, city["name"]
        debt_tokens = city.get("token_kinds", {}).get("debt", 0)
        assert p["treasury"] == city["coins"] // 3 - debt_tokens

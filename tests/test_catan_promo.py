"""`exchange N same for 1 any` and the Catan promo board (examples/catan-promo).

Price cases (tests/golden/catan-promo/*.json) were worked out by hand from the board's text and
run through the real CLI; the payment search is also checked against a brute force over every
way to use the city's own units and to buy the neighbours' units, on random small cities."""
from __future__ import annotations

import json
import random
from itertools import product
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from dsl.loader import load_pack
from interpreter import native
from interpreter.cli import main
from interpreter.players.bots import GreedyBot, RandomBot
from interpreter.players.game import Game
from interpreter.rules.city import intern
from interpreter.rules.compiled import compile_pack
from interpreter.rules.moves import BUILD, Move, legal_moves, refusal_explained
from interpreter.rules.payment import payment_options
from interpreter.rules.statefile import build_table

REPO = Path(__file__).resolve().parents[1]
PACK = str(REPO / "examples" / "catan-promo")
CASES = sorted((Path(__file__).parent / "golden" / "catan-promo").glob("*.json"))
_CP: list[Any] = []


def _cp() -> Any:
    if not _CP:
        _CP.append(compile_pack(load_pack(PACK)))
    return _CP[0]


def _case(path: Path) -> dict[str, Any]:
    case = json.loads(path.read_text(encoding="utf-8"))
    case["state"]["pack"] = PACK
    return case


def _key(o: dict[str, int]) -> tuple[int, int, int]:
    return (o["bank"] + o["left"] + o["right"], o["left"], o["right"])


def test_enough_cases() -> None:
    assert len(CASES) >= 8


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_golden_price(path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = _case(path)
    state = tmp_path / "state.json"
    state.write_text(json.dumps(case["state"]), encoding="utf-8")
    argv = ["price", str(state), "--player", str(case["player"]), "--json"]
    argv += ["--stage"] if case.get("stage") else ["--card", case["card"]]
    capsys.readouterr()
    assert main(argv) == 0
    got = json.loads(capsys.readouterr().out)
    expected, why = case["expected"], case["description"]
    assert got["buildable"] is expected["buildable"], (got, why)
    assert sorted(got["options"], key=_key) == sorted(expected["options"], key=_key), (got, why)
    totals = [_key(o)[0] for o in got["options"]]
    assert totals == sorted(totals)


def test_legal_moves_build_with_the_exchange_and_refusals_say_why() -> None:
    cp = _cp()
    free = _case(CASES[0])  # two wood pay Workshop's glass
    table = build_table(free["state"], cp)
    city = table.cities[0]
    assert city.exchange == 2 and city.copy({}).exchange == 2
    hand = [next(c for c in cp.cards if c.name == "Workshop")]
    builds = [m for m in legal_moves(hand, city, table, False) if m.action == BUILD]
    assert [(m.left, m.right) for m in builds] == [(0, 0)]
    short = _case(next(p for p in CASES if "no_clay" in p.stem))
    table = build_table(short["state"], cp)
    hand = [next(c for c in cp.cards if c.name == "Forum")]
    assert not [m for m in legal_moves(hand, table.cities[0], table, False) if m.action == BUILD]
    why = refusal_explained(Move(0, BUILD), hand, table.cities[0], table, False, cp.resources)
    assert "2 identical resources exchanged for 1 of any" in why, why


def test_the_board_reads_as_printed() -> None:
    pack = load_pack(PACK)
    board = next(w for w in pack.wonders if w.name == "Catan")
    assert set(board.sides) == {"A"}
    side = board.sides["A"]
    assert not side.resource
    assert [s.cost.as_dict() for s in side.stages] == [
        {"clay": 1, "wood": 1}, {"ore": 3}, {"stone": 2, "glass": 1, "papyrus": 1}]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_full_games_at_every_player_count(players: int) -> None:
    names = ["Catan", "Gizah", "Babylon", "Rhodos", "Olympia", "Ephesos", "Alexandria"][:players]
    for bot in (GreedyBot, RandomBot):
        def one() -> dict[str, Any]:
            return Game(_cp(), [bot() for _ in range(players)], seed=players, wonders=names,
                        sides="A").play()
        first = one()
        assert len(first["players"]) == players + (players == 2)
        assert one() == first  # same pack, seed and bots: the same game


@pytest.mark.parametrize("players", [3, 5, 7])
def test_both_sides_with_leaders(players: int) -> None:
    cp = compile_pack(load_pack(str(REPO / "examples" / "catan-promo-leaders")))
    night = next(w for w in cp.pack.wonders if w.name == "Catan").sides["B"]
    assert [len(s.effects) for s in night.stages] == [2, 2]
    names = ["Catan", "Gizah", "Babylon", "Rhodos", "Olympia", "Ephesos", "Alexandria"][:players]
    for sides in ("A", "B"):
        for bot in (GreedyBot, RandomBot):
            got = Game(cp, [bot() for _ in range(players)], seed=players, wonders=names, sides=sides).play()
            assert len(got["players"]) == players


def test_the_native_core_runs_both_packs(native_core: None) -> None:
    assert native.unsupported(_cp()) == ""
    assert native.unsupported(_leaders_cp()) == ""


_LEADERS: list[Any] = []


def _leaders_cp() -> Any:
    if not _LEADERS:
        _LEADERS.append(compile_pack(load_pack(str(REPO / "examples" / "catan-promo-leaders"))))
    return _LEADERS[0]


@pytest.mark.parametrize("leaders,players", [(lead, n) for lead in (False, True) for n in range(3, 8)])
def test_both_cores_play_the_same_games_with_the_exchange(native_core: None, leaders: bool,
                                                          players: int) -> None:
    """Catan at the table (a different seat each game), random and greedy bots, move by move:
    the native exchange search offers the payments Python offers, in the same order, and the
    greedy bot values the board's power as Python does."""
    from interpreter.sim.differential import first_difference
    cp = _leaders_cp() if leaders else _cp()
    others = ["Gizah", "Babylon", "Rhodos", "Olympia", "Ephesos", "Alexandria"][:players - 1]
    for seed in range(8):
        names = others[:seed % players] + ["Catan"] + others[seed % players:]
        bots = ("random", "greedy", "random,greedy")[seed % 3]
        sides = ("A", "B", "random")[seed % 3] if leaders else "A"
        diff = first_difference(cp, seed * 17 + players, players, bots, sides, names)
        assert diff == "", diff


def test_the_search_playouts_with_the_exchange_equal_the_python_ones(native_core: None) -> None:
    """The search bot's native playouts (a world cloned from the game, Catan's exchange with it)
    value every candidate as the Python playouts do."""
    from test_search_native import Probe
    for players in (3, 5):
        probe = Probe()
        names = ["Catan", "Gizah", "Babylon", "Rhodos", "Olympia"][:players]
        Game(_cp(), [RandomBot() for _ in range(players - 1)] + [probe], seed=players, wonders=names[::-1],
             sides="A").play()
        assert probe.compared >= 6


# -- the search against a brute force ------------------------------------------------------

def _city(fixed: list[int], choices: list[tuple[int, ...]], give: int, price: tuple[int, int]) -> Any:
    n = len(fixed)
    prices = [None, [price[0]] * n, [price[1]] * n]
    return SimpleNamespace(exchange=give, fixed=fixed, choices=sorted(choices), n_res=n, prices=prices,
                           own_id=intern(("t-own", tuple(choices))),
                           price_id=intern(("t-price", price)),
                           choice_count=[sum(r in c for c in choices) for r in range(n)],
                           choice_mask=sum(1 << r for c in choices for r in c))


def _seller(fixed: list[int], choices: list[tuple[int, ...]]) -> Any:
    n = len(fixed)
    count = [fixed[r] + sum(r in c for c in choices) for r in range(n)]
    return SimpleNamespace(fixed_trade=fixed, choices_trade=sorted(choices), trade_count=count,
                           trade_mask=sum(1 << r for r in range(n) if count[r]),
                           trade_id=intern(("t-trade", tuple(fixed), tuple(sorted(choices)))))


def _brute(cost: dict[int, int], city: Any, left: Any, right: Any) -> set[tuple[int, int]]:
    """Every own pick, every purchase of neighbour units, every split of own units between
    paying directly and exchanging: the Pareto set of what it costs."""
    n, give = city.n_res, city.exchange
    units = [((r,), 1) for r in range(n) for _ in range(left.fixed_trade[r])] + \
            [(c, 1) for c in left.choices_trade] + \
            [((r,), 2) for r in range(n) for _ in range(right.fixed_trade[r])] + \
            [(c, 2) for c in right.choices_trade]
    found = set()
    for picks in product(*city.choices):
        own = list(city.fixed)
        for r in picks:
            own[r] += 1
        for buys in product(*[(None, *c) for c, _ in units]):
            bought, paid = [0] * n, [0, 0]
            for (_, side), r in zip(units, buys):
                if r is not None:
                    bought[r] += 1
                    paid[side - 1] += city.prices[side][r]
            for direct in product(*[range(min(own[r], cost.get(r, 0)) + 1) for r in range(n)]):
                wild = sum((own[r] - direct[r]) // give for r in range(n))
                short = sum(max(0, k - direct[r] - bought[r]) for r, k in cost.items())
                if short <= wild:
                    found.add((paid[0], paid[1]))
    return {o for o in found if not any(p != o and p[0] <= o[0] and p[1] <= o[1] for p in found)}


def test_search_matches_a_brute_force_on_random_cities() -> None:
    rng = random.Random(23)
    n = 4
    for _ in range(150):
        def fixed(most: int) -> list[int]:
            return [rng.randint(0, most) if rng.random() < 0.4 else 0 for _ in range(n)]

        def choices(most: int) -> list[tuple[int, ...]]:
            return [tuple(sorted(rng.sample(range(n), 2))) for _ in range(rng.randint(0, most))]
        city = _city(fixed(2), choices(2), rng.choice((2, 2, 3)), (rng.choice((1, 2)), rng.choice((1, 2))))
        left, right = _seller(fixed(1), choices(1)), _seller(fixed(1), choices(1))
        cost = {r: rng.randint(1, 2) for r in rng.sample(range(n), rng.randint(1, 3))}
        got = payment_options(tuple(sorted(cost.items())), city, left, right)
        assert set(got) == _brute(cost, city, left, right), (cost, city, left, right)
        assert [a + b for a, b in got] == sorted(a + b for a, b in got)

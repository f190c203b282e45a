"""Hand-computed cases for every card, guild and board of the expansion packs
(tests/golden/leaders/*.json for `leaders`, tests/golden/cities/*.json for `cities` and the
leaders-cities example, tests/golden/wonder-pack/*.json for `wonder-pack`): the expected numbers were worked out from the card's text.

Each file: {"description", "covers": [card names], "kind", "state", ..., "expected"}.
  score  `wonders score` of the STATE                     expected: {"players": [{line: n}], "winners"?}
  price  `wonders price` --player P (--card C | --stage)  expected: the price JSON (or a subset)
  turn   one turn: "hands" (card names per seat), "moves" (per seat ["build"|"wonder"|"sell", name,
         optional [left, right, extra]]), optional "discards" (picks, by name, from the discard
         pile, of a copied card, or of a card of a second hand an effect plays, built at its
         cheapest); expected: any of "coins", "tokens", "cards", "hands" per seat
  war    the conflicts of "age"; expected: "tokens" and/or "coins" per seat
Optional everywhere: "turn" (for a turn case: which turn of the age it is, default 1), "pack" (default `leaders`; `cities`, or a folder such as
examples/leaders-cities), "payments" (per seat, the coins a player chooses to pay of each loss
it must settle, in order; default: all it can), and in expected "token_kinds" (per seat, e.g.
{"debt": 2}) and "shields" (per seat, strength in the conflict).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dsl.loader import load_pack
from interpreter.cli import main
from interpreter.rules.compiled import compile_pack
from interpreter.players.game import Game
from interpreter.rules.moves import Move
from interpreter.rules.statefile import build_table

GOLDEN = Path(__file__).parent / "golden"
REPO = Path(__file__).resolve().parents[1]
CASES = sorted([*(GOLDEN / "leaders").glob("*.json"), *(GOLDEN / "cities").glob("*.json"),
                *(GOLDEN / "wonder-pack").glob("*.json"), *(GOLDEN / "leaders-later").glob("*.json")])
LEADER_CASES = [p for p in CASES if p.parent.name == "leaders"]
CITIES_CASES = [p for p in CASES if p.parent.name == "cities"]
LATER_CASES = [p for p in CASES if p.parent.name == "leaders-later"]
_PACKS: dict[str, Any] = {}


def _ref(name: str) -> str:
    return str(REPO / name) if "/" in name else name


def _cp(name: str) -> Any:
    if name not in _PACKS:
        _PACKS[name] = compile_pack(load_pack(_ref(name)))
    return _PACKS[name]


class _Scripted:
    name = "script"

    def __init__(self, step: list[Any] | None, picks: list[str], payments: list[int] = ()):
        self.step, self.picks, self.payments = step, list(picks), list(payments)

    def choose_payment(self, obs: Any, due: int, can: int) -> int:
        seat = obs.seat
        pay = self.payments.pop(0) if self.payments else can
        assert 0 <= pay <= can, f"seat {seat}: cannot pay {pay} of {due} (at most {can})"
        return pay

    def choose(self, obs: Any, moves: list[Move]) -> Move:
        seat = obs.seat
        if self.step is None and self.picks:  # a card of a second hand played by an effect
            self.step = ["build", self.picks.pop(0)]
        assert self.step is not None, f"seat {seat} was asked to move"
        action, name, *pay = self.step
        self.step = None
        hand = obs.hand
        cands = [m for m in moves if m.action == action and hand[m.card].name == name]
        if pay:
            want = tuple(pay[0]) + (0,) * (3 - len(pay[0]))
            cands = [m for m in cands if (m.left, m.right, m.extra) == want]
        assert cands, f"seat {seat}: {self.step} is not legal; moves: " + \
            str([(hand[m.card].name, m) for m in moves])
        return min(cands, key=lambda m: (m.left + m.right + m.extra, m.left))

    def choose_card(self, obs: Any, cards: list[Any], purpose: str) -> int | None:
        seat = obs.seat
        if not self.picks:
            return None
        want = self.picks.pop(0)
        names = [c.name for c in cards]
        assert want in names, f"seat {seat}: {want} not offered ({purpose}): {names}"
        return names.index(want)


def _game(case: dict[str, Any]) -> Game:
    cp = _cp(case.get("pack", "leaders"))
    state = {"pack": _ref(case.get("pack", "leaders")), **case["state"]}
    table = build_table(state, cp)
    moves = case.get("moves") or [None] * table.n
    picks = case.get("discards") or [[] for _ in range(table.n)]
    payments = case.get("payments") or [[] for _ in range(table.n)]
    bots = [_Scripted(m, p, pay) for m, p, pay in zip(moves, picks, payments)]
    g = Game(cp, bots, seed=0, wonders=[c.side.wonder for c in table.cities], sides="A")
    g.cities, g.table = table.cities, table
    g.age = table.age = case.get("age", 1)
    return g


def _check(case: dict[str, Any], g: Game) -> None:
    exp = case["expected"]
    for key in ("coins", "tokens"):
        if key in exp:
            assert [getattr(c, key) for c in g.cities] == exp[key], (key, case["description"])
    if "cards" in exp:
        assert [[c.name for c in city.cards] for city in g.cities] == exp["cards"], case["description"]
    if "token_kinds" in exp:
        got_kinds = [{k: v for k, v in c.token_counts.items() if v} for c in g.cities]
        assert got_kinds == exp["token_kinds"], case["description"]
    if "shields" in exp:
        assert [c.conflict_shields(g.table) for c in g.cities] == exp["shields"], case["description"]
    if "hands" in exp:
        got = [{k: sorted(c.name for c in v) for k, v in city.hands.items() if v} for city in g.cities]
        assert got == [{k: sorted(v) for k, v in h.items()} for h in exp["hands"]], case["description"]


def test_enough_cases() -> None:
    assert len(LEADER_CASES) >= 40


def _uncovered(pack_ref: str, cases: list[Path]) -> set[str]:
    pack = load_pack(_ref(pack_ref))
    base = load_pack("base")
    new = {c.name for c in pack.cards} - {c.name for c in base.cards}
    new |= {f"{w.name} {s}" for w in pack.wonders if w.name not in {x.name for x in base.wonders}
            for s in w.sides}
    covered = {n for p in cases for n in json.loads(p.read_text(encoding="utf-8"))["covers"]}
    return new - covered


def test_every_leader_guild_and_board_is_covered() -> None:
    missing = _uncovered("leaders", LEADER_CASES)
    assert not missing, f"no golden case for {sorted(missing)}"


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_golden_leaders(path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))
    assert case["description"].strip() and case["covers"]
    kind = case["kind"]
    if kind in ("score", "price"):
        state = tmp_path / "state.json"
        state.write_text(json.dumps({"pack": case.get("pack", "leaders"), **case["state"]}), encoding="utf-8")
        capsys.readouterr()
        if kind == "score":
            rc = main(["score", str(state), "--json"])
        else:
            what = ["--stage"] if case.get("stage") else ["--card", case["card"]]
            rc = main(["price", str(state), "--player", str(case.get("player", 0)), *what, "--json"])
        out, err = capsys.readouterr()
        assert rc == 0, err
        got = json.loads(out)
        exp = case["expected"]
        if kind == "score":
            if "winners" in exp:
                assert got["winners"] == exp["winners"], case["description"]
            for i, e in enumerate(exp["players"]):
                assert {k: got["players"][i][k] for k in e} == e, f"player {i}: {case['description']}"
        else:
            assert {k: got[k] for k in exp} == exp, case["description"]
        return
    g = _game(case)
    if kind == "turn":
        g.hands = [[_card(g, n) for n in hand] for hand in case["hands"]]
        g.begin_turn(case.get("turn", 1))  # the turn of the age (1..6 with hands of 7)
        g.resolve([g.decide(s) if case["moves"][s] else None for s in range(g.n)])
        g.settle_discard_builds()
    elif kind == "war":
        g.war(case["age"])
    else:  # pragma: no cover - a typo in a case file
        raise AssertionError(f"unknown kind {kind}")
    _check(case, g)


def _card(g: Game, name: str) -> Any:
    return next(c for c in g.cp.cards if c.name == name)


def test_enough_cities_cases_and_every_cities_card_is_covered() -> None:
    assert len(CITIES_CASES) >= 50
    missing = _uncovered("examples/leaders-cities", CITIES_CASES) - _uncovered("leaders", [])
    missing -= {n for n in missing if n in {c.name for c in load_pack("leaders").cards}}
    assert not missing, f"no golden case for {sorted(missing)}"


def test_every_later_leader_is_covered() -> None:
    """examples/leaders-later: each of its Leaders has a hand-computed case."""
    missing = _uncovered("examples/leaders-later", LATER_CASES) - _uncovered("leaders", [])
    assert not missing, f"no golden case for {sorted(missing)}"

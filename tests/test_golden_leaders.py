"""Hand-computed cases for every leader, guild and board of the `leaders` pack
(tests/golden/leaders/*.json): the expected numbers were worked out from the card's text.

Each file: {"description", "covers": [card names], "kind", "state", ..., "expected"}.
  score  `wonders score` of the STATE                     expected: {"players": [{line: n}], "winners"?}
  price  `wonders price` --player P (--card C | --stage)  expected: the price JSON (or a subset)
  turn   one turn: "hands" (card names per seat), "moves" (per seat ["build"|"wonder"|"sell", name,
         optional [left, right, extra]]), optional "discards" (picks, by name, from the discard
         pile, of a copied card, or of a card of a second hand an effect plays, built at its
         cheapest); expected: any of "coins", "tokens", "cards", "hands" per seat
  war    the conflicts of "age"; expected: "tokens" and/or "coins" per seat
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dsl.loader import load_pack
from interpreter.cli import main
from interpreter.compiled import compile_pack
from interpreter.game import Game
from interpreter.moves import Move
from interpreter.statefile import build_table

CASES = sorted((Path(__file__).parent / "golden" / "leaders").glob("*.json"))
_PACKS: dict[str, Any] = {}


def _cp(name: str) -> Any:
    if name not in _PACKS:
        _PACKS[name] = compile_pack(load_pack(name))
    return _PACKS[name]


class _Scripted:
    name = "script"

    def __init__(self, step: list[Any] | None, picks: list[str]):
        self.step, self.picks = step, list(picks)

    def choose(self, game: Game, seat: int, moves: list[Move]) -> Move:
        if self.step is None and self.picks:  # a card of a second hand played by an effect
            self.step = ["build", self.picks.pop(0)]
        assert self.step is not None, f"seat {seat} was asked to move"
        action, name, *pay = self.step
        self.step = None
        hand = game.hands[seat]
        cands = [m for m in moves if m.action == action and hand[m.card].name == name]
        if pay:
            want = tuple(pay[0]) + (0,) * (3 - len(pay[0]))
            cands = [m for m in cands if (m.left, m.right, m.extra) == want]
        assert cands, f"seat {seat}: {self.step} is not legal; moves: " + \
            str([(hand[m.card].name, m) for m in moves])
        return min(cands, key=lambda m: (m.left + m.right + m.extra, m.left))

    def choose_card(self, game: Game, seat: int, cards: list[Any], purpose: str) -> int | None:
        if not self.picks:
            return None
        want = self.picks.pop(0)
        names = [c.name for c in cards]
        assert want in names, f"seat {seat}: {want} not offered ({purpose}): {names}"
        return names.index(want)

    def choose_discard(self, game: Game, seat: int, cards: list[Any]) -> int | None:
        return self.choose_card(game, seat, cards, "discard")


def _game(case: dict[str, Any]) -> Game:
    cp = _cp(case.get("pack", "leaders"))
    state = {"pack": case.get("pack", "leaders"), **case["state"]}
    table = build_table(state, cp)
    moves = case.get("moves") or [None] * table.n
    picks = case.get("discards") or [[] for _ in range(table.n)]
    bots = [_Scripted(m, p) for m, p in zip(moves, picks)]
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
    if "hands" in exp:
        got = [{k: sorted(c.name for c in v) for k, v in city.hands.items() if v} for city in g.cities]
        assert got == [{k: sorted(v) for k, v in h.items()} for h in exp["hands"]], case["description"]


def test_enough_cases() -> None:
    assert len(CASES) >= 40


def test_every_leader_guild_and_board_is_covered() -> None:
    pack = load_pack("leaders")
    base = load_pack("base")
    new = {c.name for c in pack.cards} - {c.name for c in base.cards}
    new |= {f"{w.name} {s}" for w in pack.wonders if w.name not in {x.name for x in base.wonders}
            for s in w.sides}
    covered = {n for p in CASES for n in json.loads(p.read_text(encoding="utf-8"))["covers"]}
    assert not new - covered, f"no golden case for {sorted(new - covered)}"


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
        g.begin_turn(1)
        g.resolve([g.decide(s) if case["moves"][s] else None for s in range(g.n)])
        g.settle_discard_builds()
    elif kind == "war":
        g.war(case["age"])
    else:  # pragma: no cover - a typo in a case file
        raise AssertionError(f"unknown kind {kind}")
    _check(case, g)


def _card(g: Game, name: str) -> Any:
    return next(c for c in g.cp.cards if c.name == name)

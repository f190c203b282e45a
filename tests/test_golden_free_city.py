"""Golden turns of the 2-player expert variant, one file per rule of seed 003 ("2 PLAYER EXPERT
VARIANT"), each written by hand from the rule it quotes.

A case: "pack" (default base), "age", "turn", "wonders" ([[name, side]] for P1, P2 and the
Free City, in ring order: the Free City's left is P1, its right P2), optional "cities" (per
seat: "cards", "coins", "stages" before the turn), "hands" (P1's and P2's cards), "pile" (the
Free City's face-down pile, top card first), optional "holder" (default: the rule's holder
for the age and turn), "picks" (per seat [action, card, optional [left, right]]: P1's, P2's,
and the Free City's card chosen by its holder), and "expected": "refused" (part of the
reason the game gives), "offered" (the Free City's moves as [action, card, left, right,
free]), "offered_card" (the same, for one card), "offered_actions", "cards", "coins", "hands", "pile", "discard", "holder".
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dsl.loader import load_pack
from interpreter.rules.compiled import compile_pack
from interpreter.players.game import Game
from interpreter.game.contract import IllegalMove
from interpreter.rules.moves import Move
from interpreter.game.phases import AGE, RUNNERS

CASES = sorted((Path(__file__).parent / "golden" / "free-city").glob("*.json"))
PACKS: dict[str, Any] = {}
FREE = 2  # the Free City's seat


class Holder:
    """Both players' bot: plays the scripted picks, and notes what the Free City was offered."""

    name = "script"

    def __init__(self, picks: list[list[Any]]):
        self.picks = picks
        self.offered: list[Move] = []
        self.hand: list[Any] = []

    def choose(self, obs: Any, moves: list[Move]) -> Move:
        seat = obs.seat
        action, name, *pay = self.picks[seat]
        hand = list(obs.hand)
        if seat == FREE:
            self.offered, self.hand = list(moves), list(hand)
        index = next((i for i, c in enumerate(hand) if c.name == name), None)
        assert index is not None, f"seat {seat}: {name} is not in {[c.name for c in hand]}"
        cands = [m for m in moves if m.card == index and m.action == action]
        if pay:
            cands = [m for m in cands if [m.left, m.right] == pay[0]]
        if not cands:  # not offered: hand the game the move anyway, to hear its refusal
            left, right = pay[0] if pay else (0, 0)
            return Move(index, action, left, right)
        return min(cands, key=lambda m: (m.left + m.right, m.left))

    def choose_card(self, obs: Any, cards: list[Any], purpose: str) -> int | None:
        return None


def age_turn(g: Game, age: int, turn: int) -> list[list[Any]]:
    """Play the age's turn `turn` from the hands as set (the holder draws first), through
    its end: the last card's discarding, builds owed, the pass (and after the last turn,
    the conflicts). Returns the hands between this turn and the next (before the next
    holder draws)."""
    import interpreter.game.phases as phases
    between: list[list[Any]] = []
    draw = phases.open_piles

    def noted(game: Any) -> None:
        if game.turn != turn and not between:
            between.extend(list(h) for h in game.hands)
        draw(game)

    g.phase, g.phase_age = AGE, age
    phases.open_piles = noted
    try:
        RUNNERS["age"].start_turn(g, turn)
        while True:
            deciding = g.advance(stop_at_done=True)
            if not deciding or g.turn != turn:
                break
            g._bots_play(deciding)
    finally:
        phases.open_piles = draw
    return between or [list(h) for h in g.hands]


def _cp(name: str) -> Any:
    if name not in PACKS:
        PACKS[name] = compile_pack(load_pack(name))
    return PACKS[name]


def _cards(cp: Any, names: list[str], age: int) -> list[Any]:
    pool = [c for c in cp.cards if c.age == age] + [c for c in cp.cards if c.age != age]
    return [next(c for c in pool if c.name == n) for n in names]


def _setup(case: dict[str, Any]) -> tuple[Game, Holder]:
    cp = _cp(case.get("pack", "base"))
    bot = Holder(case["picks"])
    sides = {s for _, s in case["wonders"]}
    assert len(sides) == 1, "one side for every board"
    g = Game(cp, [bot, bot], seed=0, wonders=[w for w, _ in case["wonders"]], sides=sides.pop())
    age = case["age"]
    g.begin_age(age)
    for city, spec in zip(g.cities, case.get("cities") or [{}] * 3):
        for card in _cards(cp, spec.get("cards", []), age):
            city.build_card(card)
        for _ in range(spec.get("stages", 0)):
            city.build_stage()
        city.coins = spec.get("coins", city.coins)
    g.hands = [_cards(cp, h, age) for h in case["hands"]] + [_cards(cp, case["pile"], age)]
    for _ in range(case["turn"] - 1):  # the card changes hands every turn of the age
        g.holders[FREE] = 1 - g.holders[FREE]
    if "holder" in case:
        g.holders[FREE] = case["holder"]
    return g, bot


def _names(cards: list[Any]) -> list[str]:
    return [c.name for c in cards]


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_golden_free_city_turn(path: Path) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))
    exp = case["expected"]
    g, bot = _setup(case)
    hands = g.hands
    if "refused" in exp:
        with pytest.raises(IllegalMove) as err:
            age_turn(g, case["age"], case["turn"])
        assert exp["refused"] in str(err.value), case["description"]
    else:
        hands = age_turn(g, case["age"], case["turn"])
    if "offered" in exp:
        got = sorted([m.action, bot.hand[m.card].name, m.left, m.right, m.free] for m in bot.offered)
        assert got == sorted(exp["offered"]), case["description"]
    if "offered_card" in exp:
        want = exp["offered_card"]
        got = sorted([m.action, want["card"], m.left, m.right, m.free] for m in bot.offered
                     if bot.hand[m.card].name == want["card"])
        assert got == sorted(want["moves"]), case["description"]
    if "offered_actions" in exp:
        assert sorted({m.action for m in bot.offered}) == exp["offered_actions"], case["description"]
    if "cards" in exp:
        assert [_names(c.cards) for c in g.cities] == exp["cards"], case["description"]
    if "coins" in exp:
        assert [c.coins for c in g.cities] == exp["coins"], case["description"]
    if "hands" in exp:
        assert [_names(h) for h in hands[:2]] == exp["hands"], case["description"]
    if "pile" in exp:
        assert _names(hands[FREE]) == exp["pile"], case["description"]
    if "discard" in exp:
        assert sorted(_names(g.discard)) == sorted(exp["discard"]), case["description"]
    if "holder" in exp:
        assert g.holders[FREE] == exp["holder"], case["description"]


def test_every_rule_of_the_variant_has_a_golden_turn() -> None:
    rules = {json.loads(p.read_text(encoding="utf-8"))["rule"] for p in CASES}
    assert {"drawing", "two picks", "must build", "must chain", "sells only when stuck",
            "seller", "last pile card"} <= rules

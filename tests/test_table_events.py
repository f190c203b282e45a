"""The table's event deck (phases of kind `reveal`): a revealed card's rules changes hold for
every city during its age and not after; the log, replay and the bad input of such decks."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dsl.loader import load_pack
from interpreter.native.lower import NotNative, lower
from interpreter.players.bots import GreedyBot, RandomBot
from interpreter.players.game import Game
from interpreter.rules.compiled import compile_pack

ROOT = Path(__file__).resolve().parents[1]
PACK = ROOT / "examples" / "table-events"
_CP: list[Any] = []


def cp() -> Any:
    if not _CP:
        _CP.append(compile_pack(load_pack(str(PACK))))
    return _CP[0]


class Watcher(GreedyBot):
    """A greedy bot that notes, at each of its moves, the age and its city's rules changes."""

    def __init__(self, seen: list[tuple[int, dict[str, int]]]) -> None:
        super().__init__()
        self.seen = seen

    def choose(self, obs: Any, moves: Any) -> Any:
        g = obs._g
        if g.phase.kind == "age":
            self.seen.append((g.age, dict(g.cities[obs.seat].shifts)))
        return super().choose(obs, moves)


def _stacked(order: list[str], seen: list[tuple[int, dict[str, int]]], seed: int = 1) -> Game:
    """A 3-player game whose event deck reveals `order` (age I first)."""
    g = Game(cp(), [Watcher(seen), GreedyBot(), GreedyBot()], seed=seed, log=True)
    by_name = {c.name: c for c in g.zones["events"]}
    g.zones["events"] = [c for c in g.zones["events"] if c.name not in order] + \
        [by_name[n] for n in reversed(order)]  # the top card is the last
    return g


def test_the_event_deck_is_the_tables_not_the_boxes() -> None:
    g = Game(cp(), [GreedyBot() for _ in range(3)], seed=2, log=True)
    names = {c.name for c in g.zones["events"]}
    assert names == {"Caravan Season", "Border Tolls", "Scrap Fair", "Glorious Campaign", "Lean Harvest"}
    assert not any(c.deck == "events" for c in g.box)
    g.play()
    revealed = [c for e in g.log["events"] for c in e["cards"]]
    assert [e["age"] for e in g.log["events"]] == [1, 2, 3] and len(set(revealed)) == 3
    assert sorted(c.name for c in g.box if c.deck == "events") == sorted(revealed)  # boxed after their age
    assert len(g.zones["events"]) == 2 and g.revealed == []


def test_a_revealed_events_law_holds_in_its_age_and_not_the_next() -> None:
    seen: list[tuple[int, dict[str, int]]] = []
    g = _stacked(["Glorious Campaign", "Scrap Fair", "Border Tolls"], seen)
    g.play()
    by_age = {age: [s for a, s in seen if a == age] for age in (1, 2, 3)}
    assert all(s == {"victory": 2, "defeat": -1} for s in by_age[1]) and by_age[1]
    assert all(s == {"sell_coins": 2} for s in by_age[2]) and by_age[2]
    assert all(s == {"trade_price": 1} for s in by_age[3]) and by_age[3]
    # the conflicts at the end of an age read its event: age I victory 1 + 2, defeat -1 - 1;
    # age II victory 3, defeat -1 (Glorious Campaign is in the box)
    tokens = {w["age"]: {t for r in w["results"] for t in r["tokens"]} for w in g.log["war"]}
    assert tokens[1] and tokens[1] <= {3, -2}
    assert tokens[2] and tokens[2] <= {3, -1}
    assert tokens[3] and tokens[3] <= {5, -1}
    assert g.log["events"][0] == {"age": 1, "phase": "event", "cards": ["Glorious Campaign"], "effects": [
        "While this holds, each victory token you take is worth 2 points more. While this holds, "
        "each defeat token you take is worth 1 point less."]}


def test_a_game_is_seeded_and_its_log_replays() -> None:
    from interpreter.players.resume import resume
    a = Game(cp(), [RandomBot() for _ in range(4)], seed=7, log=True)
    a.play()
    b = Game(cp(), [RandomBot() for _ in range(4)], seed=7, log=True)
    b.play()
    assert json.dumps(a.log, sort_keys=True) == json.dumps(b.log, sort_keys=True)
    again = resume(cp(), json.loads(json.dumps(a.log)), [GreedyBot() for _ in range(4)])
    again.play()  # every turn replayed from the log: the greedy bots never choose
    assert again.log["events"] == a.log["events"] and again.log["turns"] == a.log["turns"]
    assert again.scores == a.scores


def test_clones_keep_their_own_zones() -> None:
    g = Game(cp(), [GreedyBot() for _ in range(3)], seed=3)
    g.pending()
    c = g.clone()
    assert c.zones == g.zones and c.zones["events"] is not g.zones["events"]
    assert c.revealed == g.revealed and c.revealed is not g.revealed and len(g.revealed) == 1


def test_the_native_core_declines_a_reveal() -> None:
    with pytest.raises(NotNative, match="the phase kind 'reveal'"):
        lower(cp())


def _pack(tmp_path: Path, phases: str, cards: str) -> Path:
    (tmp_path / "pack.yaml").write_text(
        "name: bad\nversion: 1.0.0\ndescription: t\nextends: [base]\nrules:\n"
        "  colors: [brown, grey, blue, yellow, red, green, purple, event]\n"
        "  decks: [events]\n  phases:\n" + phases)
    (tmp_path / "cards.yaml").write_text("cards:\n" + cards)
    return tmp_path


def test_bad_event_decks_are_located_all_at_once(tmp_path: Path, capsys: Any) -> None:
    from interpreter.cli import main
    cards = ("  - {name: Boom, deck: events, color: event, effect: coins 3}\n"
             "  - {name: Near, deck: events, color: event, effect: rule sell_coins +1 for left}\n")
    phases = ("    - {name: event, kind: reveal, deck: events, at: before age}\n"
              "    - {name: omen, kind: reveal, deck: evnts, at: start}\n")
    assert main(["validate", str(_pack(tmp_path, phases, cards))]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert ("pack.yaml:9:41: rules: phase 'event': the deck 'events' runs out: its reveals turn "
            "3 cards face up in a game, and it holds 2 at 2 players") in err
    assert "pack.yaml:10:40: rules: phase 'omen': unknown deck 'evnts' (decks: events); did you mean 'events'?" in err
    assert 'cards.yaml:2:5: card "Boom": a card of the deck \'events\' is revealed for the whole table: its ' \
        "effects may only change rules numbers" in err
    assert 'cards.yaml:3:5: card "Near"' in err and "leave out `for ...`" in err and "4 problem(s)" in err


def test_a_search_bots_worlds_do_not_know_the_order_of_the_event_deck() -> None:
    from interpreter.game.rng import Stream
    from interpreter.players.determinize import determinize
    g = Game(cp(), [GreedyBot() for _ in range(3)], seed=4)
    g.pending()
    obs = g.observe(0)
    orders = set()
    for k in range(8):
        w = determinize(obs, Stream(50 + k))
        assert w.revealed == g.revealed  # face up: known to all
        assert sorted(c.name for c in w.zones["events"]) == sorted(c.name for c in g.zones["events"])
        orders.add(tuple(c.name for c in w.zones["events"]))
    assert len(orders) > 1

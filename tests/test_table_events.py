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
    assert ("pack.yaml:9:41: rules: phase 'event': the deck 'events' runs out: the phases drawing from "
            "it turn 3 cards face up in a game, and it holds 2 at 2 players") in err
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


# -- the auction ---------------------------------------------------------------------------------

class Bidder(GreedyBot):
    """Greedy, except at an auction: bids its script (in order) and notes its coins then, and
    at each move of an age (the age and its coins)."""

    def __init__(self, bids: list[int], notes: list[tuple[str, int, int]]) -> None:
        super().__init__()
        self.bids, self.notes = list(bids), notes

    def choose(self, obs: Any, moves: Any) -> Any:
        g = obs._g
        coins = g.cities[obs.seat].coins
        if moves and moves[0].action == "bid":
            self.notes.append(("bid", g.age, coins))
            bid = self.bids.pop(0)
            assert bid <= coins, f"the script bids {bid}, and the city has {coins} coins"
            return next(m for m in moves if m.stage == bid)
        self.notes.append(("move", g.age, coins))
        return super().choose(obs, moves)


def _auction(bids: list[list[int]], top: list[str]) -> tuple[Game, list[list[tuple[str, int, int]]]]:
    notes: list[list[tuple[str, int, int]]] = [[] for _ in bids]
    g = Game(cp(), [Bidder(b, n) for b, n in zip(bids, notes)], seed=1, log=True)
    by_name = {c.name: c for c in g.zones["relics"]}
    g.zones["relics"] = [c for c in g.zones["relics"] if c.name not in top] + [by_name[n] for n in reversed(top)]
    while not (g.pending() and g.phase.kind == "auction"):
        g.step(g.ask_bots())
    for city in g.cities:  # every city with 5 coins at the first auction
        city.coins = 5
    g.play()
    return g, notes


def _after_bid(notes: list[tuple[str, int, int]], age: int) -> tuple[int, int]:
    """Coins at the age's auction bid, and at the next age's first move."""
    k = next(i for i, n in enumerate(notes) if n[:2] == ("bid", age))
    return notes[k][2], next(n[2] for n in notes[k:] if n[0] == "move")


def test_the_single_highest_bid_builds_the_card_and_pays_the_bank() -> None:
    g, notes = _auction([[2, 0], [4, 0], [1, 0]], ["Golden Idol", "Sunken Chest"])
    bids = [t for t in g.log["turns"] if t["phase"] == "auction"]
    assert [(m["player"], m["bid"]) for m in bids[0]["moves"]] == [(0, 2), (1, 4), (2, 1)]
    assert bids[1]["note"] == "auction won" and bids[1]["moves"] == [
        {"player": 1, "card": "Golden Idol", "action": "build", "bank": 4, "left": 0, "right": 0, "free": "auction"}]
    assert "Golden Idol" in g.cities[1].names and g.log["scores"]  # built: its 5 points count
    before, after = _after_bid(notes[1], 1)
    assert after == before - 4  # the bid to the bank; no other coins between (a reveal gives none)
    assert [_after_bid(notes[s], 1)[1] - _after_bid(notes[s], 1)[0] for s in (0, 2)] == [0, 0]
    # age II: every bid 0, a tie: nobody takes the Sunken Chest, it goes to the box
    assert not any("Sunken Chest" in c.names for c in g.cities)
    assert "Sunken Chest" in [c.name for c in g.box]
    assert [t.get("note") for t in g.log["turns"] if t["phase"] == "auction"] == [None, "auction won", None]


def test_a_tie_for_the_highest_bid_sells_to_nobody() -> None:
    g, notes = _auction([[3, 0], [3, 0], [1, 0]], ["War Banner", "Merchant Seal"])
    assert not any("War Banner" in c.names for c in g.cities)
    assert all(_after_bid(n, 1)[0] == _after_bid(n, 1)[1] for n in notes)  # nobody paid


def test_a_bid_beyond_ones_coins_is_refused() -> None:
    from interpreter.rules.moves import BID, Move, legal_moves, refusal
    g = Game(cp(), [GreedyBot() for _ in range(3)], seed=1)
    city = g.cities[0]
    city.coins = 2
    hand = [g.zones["relics"][0]]
    assert [m.stage for m in legal_moves(hand, city, g.table, False, (BID,))] == [0, 1, 2]
    assert refusal(Move(0, BID, stage=3), hand, city, g.table, False, (BID,)) == \
        "a bid is 0 to the 2 coins the city has, not 3"
    assert "only in an auction" in refusal(Move(0, BID, stage=0), hand, city, g.table, False)
    city.coins = 0  # a city with no coins bids 0
    assert legal_moves(hand, city, g.table, False, (BID,)) == [Move(0, BID, stage=0)]


def test_an_auctions_log_resumes_to_the_same_game() -> None:
    from interpreter.players.resume import resume
    a = Game(cp(), [RandomBot() for _ in range(5)], seed=11, log=True)
    a.play()
    assert sum(1 for t in a.log["turns"] if t["phase"] == "auction" and not t.get("note")) == 2
    again = resume(cp(), json.loads(json.dumps(a.log)), [GreedyBot() for _ in range(5)])
    again.play()
    assert again.log["turns"] == a.log["turns"] and again.scores == a.scores


def test_an_auction_deck_that_can_run_out(tmp_path: Path, capsys: Any) -> None:
    from interpreter.cli import main
    cards = "  - {name: Idol, deck: events, color: event, effect: vp 3}\n"
    phases = "    - {name: sale, kind: auction, deck: events, at: after age, deal: 2}\n"
    assert main(["validate", str(_pack(tmp_path, phases, cards))]) == 1
    err = capsys.readouterr().err
    assert ("pack.yaml:9:41: rules: phase 'sale': the deck 'events' runs out: the phases drawing from "
            "it turn 6 cards face up in a game, and it holds 1 at 2 players") in err and "Traceback" not in err


def test_the_browser_offers_a_bid_for_every_coin() -> None:
    pytest.importorskip("jinja2")
    from interpreter.web.views import game_view, parse_move
    g = Game(cp(), [GreedyBot() for _ in range(3)], seed=1, log=True)
    while True:
        pending = g.pending()
        if 0 in pending and g.phase.kind == "auction":
            break
        g.step(g.ask_bots())
    moves = list(pending[0].moves)
    view = game_view(g, 0, moves, 0)
    assert view["heading"] == "Auction: a card of the relics deck up for auction after Age 1"
    (card,) = view["hand"]
    assert card["status"].startswith("up for auction") and not card["builds"]
    coins = g.cities[0].coins
    assert [b["label"] for b in card["keeps"]] == [f"Bid {b}" for b in range(coins + 1)]
    assert [parse_move(b["code"]) for b in card["keeps"]] == moves  # each button posts its bid


def test_greedy_bids_the_most_below_the_cards_worth() -> None:
    """Golden Idol (vp 5) is worth 5 points, 15 coins, to greedy; Sunken Chest (coins 6) 6 coins."""
    from interpreter.rules.moves import BID, legal_moves
    g = Game(cp(), [GreedyBot() for _ in range(3)], seed=1)
    while not (0 in g.pending() and g.phase.kind == "auction"):
        g.step(g.ask_bots())
    relic = {c.name: c for c in cp().cards if c.deck == "relics"}
    city = g.cities[0]
    for name, coins, bid in (("Golden Idol", 20, 14), ("Golden Idol", 3, 3), ("Sunken Chest", 20, 5),
                             ("Sunken Chest", 0, 0)):
        g.hands[0][:] = [relic[name]]
        city.coins = coins
        moves = legal_moves(g.hands[0], city, g.table, False, (BID,))
        assert GreedyBot().choose(g.observe(0), moves).stage == bid, (name, coins)


def test_the_native_core_declines_an_auction_by_name(tmp_path: Path) -> None:
    cards = "  - {name: Idol, deck: events, color: event, effect: vp 3}\n" * 1 + \
        "  - {name: Mask, deck: events, color: event, effect: coins 2}\n"
    pack = _pack(tmp_path, "    - {name: sale, kind: auction, deck: events, at: after age, ages: [1, 2]}\n", cards)
    with pytest.raises(NotNative, match="the phase kind 'auction'"):
        lower(compile_pack(load_pack(str(pack))))


def test_an_event_revealed_at_the_end_holds_for_the_scoring(tmp_path: Path) -> None:
    pack = _pack(tmp_path, "    - {name: omen, kind: reveal, deck: events, at: end}\n",
                 "  - {name: Late Glory, deck: events, color: event, effect: rule science_set +2}\n")
    g = Game(compile_pack(load_pack(str(pack))), [GreedyBot() for _ in range(3)], seed=1, log=True)
    g.play()
    assert g.log["events"] == [{"age": 3, "phase": "omen", "cards": ["Late Glory"], "effects": [
        "While this holds, each complete set of science symbols you score is worth 2 points more."]}]
    assert all(c.shifts == {"science_set": 2} for c in g.cities) and [c.name for c in g.revealed] == ["Late Glory"]


def test_the_terminal_player_bids_with_bid_n() -> None:
    from interpreter.players.human import HumanBot
    answers = iter(["bid 99", "bid x", "bid 1"])
    said: list[str] = []
    g = Game(cp(), [GreedyBot() for _ in range(3)], seed=1, log=True)
    while not (0 in g.pending() and g.phase.kind == "auction"):
        g.step(g.ask_bots())
    from interpreter.rules.moves import BID, legal_moves
    g.cities[0].coins = 3
    moves = legal_moves(g.hands[0], g.cities[0], g.table, False, (BID,))
    human = HumanBot(ask=lambda _prompt: next(answers), say=said.append)
    assert human.choose(g.observe(0), moves).stage == 1
    text = "\n".join(said)
    assert "is up for auction" in text and "the single highest bid builds it" in text
    assert text.count(f"refused: type 'bid N', N from 0 to {g.cities[0].coins} (your coins)") == 2
    assert "age 1, event:" in text and "is face up for the whole table" in text  # the event, as news


# -- the market row ------------------------------------------------------------------------------

def test_the_market_row_is_taken_fewest_points_first() -> None:
    from interpreter.rules.scoring import score_table
    g = Game(cp(), [GreedyBot() for _ in range(4)], seed=3, log=True)
    while not (g.pending() and g.phase.kind == "market"):
        g.step(g.ask_bots())
    pads = score_table(g.table, g.rules)
    expected = sorted(range(4), key=lambda s: (pads[s]["total"], s))[:3]  # 3 wares for 4 players
    row = [c.name for c in next(h for h in g.hands if h)]
    takers = []
    while g.phase.kind == "market":
        (seat,) = g.pending()
        assert [c.name for c in g.hands[seat]] == row  # the row as it stands, to the taker only
        takers.append(seat)
        answers = g.ask_bots()
        row.pop(answers[seat].card)
        g.step(answers)
    assert takers == expected and row == []
    took = [t for t in g.log["turns"] if t["phase"] == "market"]
    assert [t["moves"][0]["player"] for t in took] == expected
    assert len(g.zones["wares"]) == 1  # 4 wares, 3 laid out
    g.play()
    trade = [m for t in g.log["turns"] if t["phase"] == "recruit" for m in t["moves"]]
    assert sorted(m["player"] for m in trade) == sorted(expected)  # each plays the ware it took
    assert all(not c.hands.get("wares") for c in g.cities)  # rest: box


def test_a_market_needs_a_hand(tmp_path: Path, capsys: Any) -> None:
    from interpreter.cli import main
    cards = "".join(f"  - {{name: W{c}, deck: events, color: event, effect: vp 1}}\n" for c in "abc")
    phases = "    - {name: stall, kind: market, deck: events, at: start, deal: 3}\n"
    assert main(["validate", str(_pack(tmp_path, phases, cards))]) == 1
    err = capsys.readouterr().err
    assert "pack.yaml:9:7: rules: phase 'stall': a market needs `hand`, the second hand it fills" in err

"""`rule` (rules numbers changed while a card or a stage holds) on the native core (issue 23):
small packs whose cards and a board change every rules number, played seed by seed on both
cores, move by move, with random and greedy bots at every player count; a game taken native
in the middle plays on as in Python (the changes in force carried over)."""
from __future__ import annotations

from typing import Any

import pytest
from game_checks import base_plus

P = "players: [3, 3, 4, 5, 6, 7]"  # several copies, so the cards are dealt often (those lowering a
# number for others fewer: validate bounds their copies reaching one city)

# every rules number, raised and lowered, for self, neighbours, one side and every other city
RULES = f"""cards:
  - {{name: Toll Gate, age: 1, color: yellow, {P}, effect: rule trade_price +1 for neighbors}}
  - {{name: Free Market, age: 2, color: yellow, {P}, effect: rule trade_price -1}}
  - {{name: Pawn Shop, age: 1, color: yellow, {P}, effect: rule sell_coins +2}}
  - {{name: Tax Law, age: 2, color: blue, players: [3, 3, 4], effect: rule sell_coins -1 for others}}
  - {{name: War Chest, age: 1, color: red, {P}, effect: "shields 1; rule victory +1"}}
  - {{name: Peace Pact, age: 2, color: blue, players: [3], effect: rule victory -1 for neighbors}}
  - {{name: Harsh Terms, age: 2, color: red, {P}, effect: "shields 1; rule defeat -1 for left"}}
  - {{name: Mercy Hall, age: 3, color: blue, {P}, effect: rule defeat +1}}
  - {{name: Long Road, age: 1, color: yellow, {P}, effect: rule pass +1 for all}}
  - {{name: Study Circle, age: 2, color: green, {P}, effect: "science tablet; rule science_set +3"}}
  - {{name: Rival School, age: 3, color: yellow, {P}, effect: rule science_set -2 for neighbors}}
  - {{name: Drill Yard, age: 1, color: red, {P}, effect: "tokens 1 victory; rule victory +1 for right"}}
  - {{name: Far Caravan, age: 2, color: yellow, players: [4, 5, 6, 7], effect: trade 2 seats away}}
wonders:
  - name: Lawgiver
    sides:
      A:
        resource: wood
        stages:
          - {{cost: 2 wood, effect: rule sell_coins +1 for neighbors}}
          - {{cost: 2 stone, effect: rule trade_price +1 for left}}
          - {{cost: 2 clay, effect: "rule science_set +1 for all; vp 3"}}
      B:
        resource: wood
        stages:
          - {{cost: 2 wood, effect: rule victory +2 for right}}
          - {{cost: 3 clay, effect: "rule defeat -1 for neighbors; vp 5"}}
"""
# a token kind's points changed (`rule token debt`), on a pack with debt
TOKENS = f"""cards:
  - {{name: Usury, age: 1, color: yellow, {P}, effect: "rule token debt -1 for neighbors; neighbors lose 2 coins"}}
  - {{name: Amnesty, age: 2, color: blue, {P}, effect: rule token debt +1}}
  - {{name: Pawn Shop, age: 1, color: yellow, {P}, effect: rule sell_coins +2 for all}}
"""
# hands passed 5 seats at 4 players: the Python engine's slices leave them where they are
FAR_PASS = """cards:
  - {name: Long Road, age: 1, color: yellow, players: [4, 4, 4], effect: rule pass +4 for all}
  - {name: Short Cut, age: 2, color: yellow, players: [4, 4], effect: rule pass +2 for all}
"""


def _pack(tmp_path_factory: Any, name: str, cards: str, extends: str, players: str) -> Any:
    from dsl.loader import load_pack
    from interpreter.rules.compiled import compile_pack
    folder = tmp_path_factory.mktemp(name)
    (folder / "pack.yaml").write_text(f"name: {name}\nextends: {extends}\nrules:\n  players: {players}\n",
                                      encoding="utf-8")
    (folder / "cards.yaml").write_text(cards, encoding="utf-8")
    return compile_pack(load_pack(folder))


@pytest.fixture(scope="module")
def packs(tmp_path_factory: Any) -> dict:
    return {"rules": _pack(tmp_path_factory, "native-rules", RULES, "base", "{min: 3, max: 7}"),
            "tokens": base_plus(tmp_path_factory, "native-rule-tokens", TOKENS, "cities"),
            "far-pass": _pack(tmp_path_factory, "native-far-pass", FAR_PASS, "base", "{min: 4, max: 4}")}


COUNTS = {"rules": range(3, 8), "tokens": range(3, 8), "far-pass": range(4, 5)}


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_the_pack_lowers_with_its_changes(native_core: None, packs: dict, name: str) -> None:
    from interpreter.native import lower, unsupported
    from interpreter.native.lower import H_RULE
    assert unsupported(packs[name]) == ""
    t = lower(packs[name])
    assert t["law_changes"] == 1
    assert sum(1 for row in t["hooks"] if row[0] == H_RULE) >= 2


def test_a_pack_without_changes_sums_none(native_core: None) -> None:
    from dsl.loader import load_pack
    from interpreter.native import lower
    from interpreter.rules.compiled import compile_pack
    assert lower(compile_pack(load_pack("base")))["law_changes"] == 0


@pytest.mark.parametrize("name,players", [(p, n) for p in sorted(COUNTS) for n in COUNTS[p]])
def test_both_cores_play_the_same_games(native_core: None, packs: dict, name: str, players: int) -> None:
    from interpreter.sim.differential import first_difference
    for seed in range(12):
        bots = ("random", "greedy", "random,greedy")[seed % 3]
        diff = first_difference(packs[name], seed * 7 + players, players, bots, ("A", "B", "random")[seed % 3])
        assert diff == "", diff


def test_the_games_compared_change_every_rules_number(packs: dict, monkeypatch: Any) -> None:
    """The comparison above is not vacuous: in those games every number is changed for some
    city at some turn, raised and lowered."""
    import interpreter.game.state as state
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    seen: set[tuple[str, bool]] = set()
    refresh = state.refresh

    def spy(table: Any, laws: Any = ()) -> None:
        refresh(table, laws)
        seen.update((k, v > 0) for c in table.cities for k, v in c.shifts.items() if v)
    monkeypatch.setattr(state, "refresh", spy)
    for name in ("rules", "tokens"):
        for seed in range(10):
            n = 3 + seed % 5
            Game(packs[name], make_bots(("random", "greedy")[seed % 2], n), seed=seed, sides="random").play()
    for rule in ("trade_price", "sell_coins", "victory", "defeat", "science_set", "token debt"):
        assert (rule, True) in seen and (rule, False) in seen, rule
    assert ("pass", True) in seen


def test_a_pass_round_the_whole_table_or_more_counts_the_seats_past_it(packs: dict) -> None:
    """A step of n seats or more goes round the table and on: left 1 + 4 at 4 players is
    left 1 (the native core does the same, compared above)."""
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    g = Game(packs["far-pass"], make_bots("random", 4), seed=1)
    g.pending()
    g.cities[0].shifts = {"pass": 4}
    before = [list(h) for h in g.hands]
    g.pass_hands(1)
    assert all(g.hands[(s + 1) % 4] == before[s] for s in range(4))


@pytest.mark.parametrize("name", ["rules", "tokens"])
def test_taken_native_mid_game_it_plays_on_as_python(native_core: None, packs: dict, name: str) -> None:
    """bridge.from_decision at a turn's start: the native city sums the changes in force as
    the Python one did at that turn's start (prices shifted, sales, tokens, the pass)."""
    from test_native_bridge import played_on_natively
    cp = packs[name]
    assert len(list(played_on_natively(cp, range(10)))) == 10


# the law tower (`rules: tower:`): examples/law-tower, and a tower whose tiles change every
# rules number (token kinds, the pass, the set bonus), two visible so tiles are soon covered,
# with cards changing numbers too
TOWER = """tower:
    visible: 2
    draw: 3
    points: [4, 8, 12, 16]
    line: civilian
    tiles:
      - {name: Toll Road, effect: rule trade_price +1}
      - {name: Free Market, effect: rule trade_price -1}
      - {name: Scrap Dealers, effect: rule sell_coins +2}
      - {name: Austerity, effect: rule sell_coins -1}
      - {name: Glory, effect: rule victory +1}
      - {name: Blood Feud, effect: "rule victory +2; rule defeat -1"}
      - {name: Mercy, effect: rule defeat +1}
      - {name: Usury, effect: rule token debt -1}
      - {name: Amnesty, effect: rule token debt +1}
      - {name: Schools, effect: rule science_set +2}
      - {name: Long Roads, effect: rule pass +1}
      - {name: Censors, effect: rule science_set -1}
      - {name: Scribes, effect: "rule sell_coins +1; rule trade_price +1"}
      - {name: Heralds, effect: rule victory -1}
      - {name: Tithes, effect: rule sell_coins +1}
      - {name: Envoys, effect: rule token debt -1}
      - {name: Guards, effect: rule defeat -1}
      - {name: Lenders, effect: rule trade_price +2}
      - {name: Ports, effect: rule sell_coins +3}
      - {name: Fairs, effect: rule trade_price +1}
      - {name: Courts, effect: rule victory +1}
      - {name: Markets, effect: rule sell_coins -1}
      - {name: Pardons, effect: rule token debt -1}
      - {name: Academies, effect: rule science_set +1}
"""
TOWER_CARDS = f"""cards:
  - {{name: Pawn Shop, age: 1, color: yellow, {P}, effect: rule sell_coins +2}}
  - {{name: Usury Hall, age: 2, color: yellow, {P}, effect: "rule token debt -1 for neighbors; neighbors lose 2 coins"}}
"""


@pytest.fixture(scope="module")
def towers(tmp_path_factory: Any) -> dict:
    from dsl.loader import load_pack
    from interpreter.rules.compiled import compile_pack
    folder = tmp_path_factory.mktemp("native-tower")
    (folder / "pack.yaml").write_text("name: native-tower\nextends: cities\nrules:\n  players: {min: 3, max: 8}\n  "
                                      + TOWER, encoding="utf-8")
    (folder / "cards.yaml").write_text(TOWER_CARDS, encoding="utf-8")
    return {"examples/law-tower": compile_pack(load_pack("examples/law-tower")),
            "tower-rules": compile_pack(load_pack(folder))}


def test_the_towers_lower_at_every_count(native_core: None, towers: dict) -> None:
    from interpreter.native import lower, undealable, unsupported
    for cp in towers.values():
        assert unsupported(cp) == ""
        t = lower(cp)
        assert t["law_changes"] == 1 and len(t["tower"]["tiles"]) == len(cp.rules.tower.tiles)
    assert all(undealable(towers["examples/law-tower"], n) == "" for n in range(2, 8))  # 2: the Free City


@pytest.mark.parametrize("name,players", [("examples/law-tower", n) for n in range(2, 8)]
                         + [("tower-rules", n) for n in range(3, 9)])
def test_tower_games_are_the_same_on_both_cores(native_core: None, towers: dict, name: str, players: int) -> None:
    from interpreter.sim.differential import first_difference
    for seed in range(15):
        bots = ("random", "greedy", "random,greedy")[seed % 3]
        diff = first_difference(towers[name], seed * 5 + players, players, bots, ("A", "B", "random")[seed % 3])
        assert diff == "", diff


def test_both_bots_place_laws_and_tiles_get_covered(native_core: None, towers: dict) -> None:
    """The games compared place tiles (both policies choose `law` moves), and with two tiles
    visible some placed tile stops acting: the comparison covers laws ending."""
    from interpreter.sim.differential import native_run
    chosen = {"random": 0, "greedy": 0}
    covered = 0
    for seed in range(10):
        for bots in chosen:
            trace, _ = native_run(towers["tower-rules"], seed, 3 + seed % 5, bots, "A")
            chosen[bots] += sum(1 for r in trace if r[0] == "moves" and r[2][r[3]][1] == "law")
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    for seed in range(5):
        g = Game(towers["tower-rules"], make_bots("random", 4), seed=seed)
        g.play()
        covered += len(g.tower) > g.rules.tower.visible_at(4)
    assert chosen["random"] and chosen["greedy"] and covered


@pytest.mark.parametrize("name", ["examples/law-tower", "tower-rules"])
def test_a_towers_game_taken_native_mid_game_plays_on_as_python(native_core: None, towers: dict,
                                                                name: str) -> None:
    """bridge.from_decision carries the tiles each city holds, the tiles placed and the
    tiles' count per city: the native game plays on to the same scores (tower points too)."""
    from test_native_bridge import played_on_natively
    cp, placed = towers[name], 0
    for game in played_on_natively(cp, range(10)):
        placed += len(game.tower)
    assert placed


def test_search_on_a_tower_is_the_same_on_both_cores(native_core: None, towers: dict) -> None:
    """The search's worlds keep every city's tiles as the Python determinization's clone does,
    so its native playouts are Python's and it chooses the same moves."""
    from interpreter.players.bots import GreedyBot
    from interpreter.players.game import Game
    from interpreter.players.search import SearchBot
    logs = []
    for native in (False, True):
        g = Game(towers["examples/law-tower"], [SearchBot(playouts=6, native=native)] + [GreedyBot() for _ in range(2)],
                 seed=2, log=True)
        g.play()
        logs.append(g.log)
    assert logs[0] == logs[1]
    assert any(m["action"] == "law" for turn in logs[0]["turns"] for m in turn.get("moves", []))


def test_hands_passed_farther_at_a_table_with_an_unowned_seat_are_declined(native_core: None,
                                                                           tmp_path_factory: Any) -> None:
    """With a seat no player owns the Python engine passes round a ring without its pile,
    which the core does not hold for a pass farther than one seat: that player count is
    declined by name, and plays on Python."""
    from interpreter.native import undealable
    cards = "cards:\n  - {name: Long Road, age: 1, color: yellow, players: [2], effect: rule pass +2 for all}\n"
    cp = _pack(tmp_path_factory, "native-far-pass-2", cards, "base", "{min: 2, max: 2}")
    assert "`rule pass`" in undealable(cp, 2) and "seats no player owns" in undealable(cp, 2)


def test_other_players_tiles_are_dealt_again_in_each_world(native_core: None, towers: dict) -> None:
    """A bot sees only its own law tiles and the tower: each world deals the others' tiles
    again from the ones it has not seen (determinize), so the core leaves those worlds to Python."""
    from game_checks import at_first_decision
    from interpreter.game.rng import Stream
    from interpreter.players.determinize import determinize
    from interpreter.players.native_worlds import NativeWorlds
    cp = towers["examples/law-tower"]
    g = at_first_decision(cp, 4, 1)
    obs = g.observe(0)
    assert NativeWorlds.of(obs) is None
    real = [list(c.laws) for c in g.cities]
    unseen = set(range(len(cp.rules.tower.tiles))) - set(real[0])
    dealt = []
    for k in range(8):
        w = determinize(obs, Stream(1000 + k))
        assert w.cities[0].laws == real[0]  # its own, as they are
        for s in (1, 2, 3):
            assert len(w.cities[s].laws) == len(real[s]) and set(w.cities[s].laws) <= unseen
            assert w.cities[s].laws == sorted(w.cities[s].laws)
        assert len({t for s in (1, 2, 3) for t in w.cities[s].laws}) == sum(len(real[s]) for s in (1, 2, 3))
        dealt.append([list(w.cities[s].laws) for s in (1, 2, 3)])
    assert any(d != real[1:] for d in dealt)  # not the real ones every time


def test_prices_that_could_fall_below_0_from_copies_are_refused_at_validate(tmp_path_factory: Any) -> None:
    """Found by the pack fuzzer: two copies of a card lowering the price for others, held by
    two cities, take a third city's price to -1. validate bounds such a change once per copy
    the largest table deals, so the pack is refused with the reason; one copy is accepted."""
    from dsl.diagnostics import PackError
    cards = ("cards:\n  - {name: Altar, replace: true, age: 1, color: blue, players: [3, 5], "
             "effect: rule trade_price -1 for others; rule trade_price +1 for left}\n")
    with pytest.raises(PackError) as err:
        _pack(tmp_path_factory, "negative-price", cards, "base", "{min: 3, max: 5}")
    assert any("on 2 copies of the card" in d.message and "could fall to -1" in d.message
               for d in err.value.diagnostics)
    one = cards.replace("players: [3, 5]", "players: [3]")
    _pack(tmp_path_factory, "one-copy-price", one, "base", "{min: 3, max: 4}")  # loads

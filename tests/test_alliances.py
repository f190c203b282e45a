"""Alliances between neighbours (phase kind `alliance`, examples/alliances): mutual offers ally
two neighbours for the age; allies buy each other's raw and manufactured resources for 1 coin and
fight no conflict with each other (`truce with ally`); it all ends with the age. Expectations
worked out by hand from the pack's card (Pact of Friendship) and the conflict rules."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dsl.loader import load_pack
from interpreter.native.lower import NotNative, lower
from interpreter.players.bots import GreedyBot, RandomBot
from interpreter.players.game import Game
from interpreter.rules.city import LEFT, RIGHT
from interpreter.rules.compiled import compile_pack

ROOT = Path(__file__).resolve().parents[1]
PACK = ROOT / "examples" / "alliances"
_CP: list[Any] = []


def cp() -> Any:
    if not _CP:
        _CP.append(compile_pack(load_pack(str(PACK))))
    return _CP[0]


class Offers(GreedyBot):
    """Greedy, but its alliance offers are scripted by age: "offer alliance left", ..."""

    def __init__(self, by_age: dict[int, str]) -> None:
        super().__init__()
        self.by_age = by_age

    def choose(self, obs: Any, moves: Any) -> Any:
        if obs._g.phase.kind == "alliance":
            want = self.by_age.get(obs._g.phase_age, "no alliance")
            return next(m for m in moves if obs.hand[m.card].name == want)
        return super().choose(obs, moves)


def _game(offers: list[dict[int, str]], seed: int = 5) -> Game:
    return Game(cp(), [Offers(o) for o in offers], seed=seed, sides="A", log=True)


def _to_age_turns(g: Game) -> None:
    """Play the alliance phase (the bots' offers): the game waits at the age's first turn."""
    g.pending()
    g.step(g.ask_bots())
    assert g.phase.kind == "age"


def test_mutual_offers_ally_two_neighbours_and_halve_their_prices() -> None:
    # seat 1 is seat 0's left neighbour (the next seat); seat 2 its right one
    g = _game([{1: "offer alliance left"}, {1: "offer alliance right"}, {1: "offer alliance left"}])
    _to_age_turns(g)
    assert g.log["alliances"] == [{"age": 1, "phase": "alliance", "offers": {"0": "left", "1": "right", "2": "left"},
                                   "pairs": [[0, 1]]}]  # seat 2 offered to seat 0, who offered to seat 1
    raw_and_made = [1] * 7  # Pact of Friendship: buy raw/manufactured from ally for 1
    assert g.cities[0].prices[LEFT] == raw_and_made and g.cities[0].prices[RIGHT] == [2] * 7
    assert g.cities[1].prices[RIGHT] == raw_and_made and g.cities[1].prices[LEFT] == [2] * 7
    assert g.cities[2].prices[LEFT] == [2] * 7 and g.cities[2].prices[RIGHT] == [2] * 7
    assert g.cities[0].truces == (LEFT,) and g.cities[1].truces == (RIGHT,) and g.cities[2].truces == ()


def test_allies_fight_no_conflict_with_each_other() -> None:
    """Shields 3, 1, 2. Without the alliance seat 0 would beat both (+1 +1) and seat 1 lose
    both (-1 -1). Allied (0, 1): seat 0 fights seat 2 only (3 > 2: +1), seat 1 fights seat 2
    only (1 < 2: -1), seat 2 fights both (its left, seat 0, first: -1; then seat 1: +1)."""
    g = _game([{1: "offer alliance left"}, {1: "offer alliance right"}, {}])
    _to_age_turns(g)
    for city, shields in zip(g.cities, (3, 1, 2)):
        city.shields, city.tokens = shields, []
    g.war(1)
    assert [c.tokens for c in g.cities] == [[1], [-1], [-1, 1]]
    alone = _game([{}, {}, {}])
    _to_age_turns(alone)
    for city, shields in zip(alone.cities, (3, 1, 2)):
        city.shields, city.tokens = shields, []
    alone.war(1)
    assert [c.tokens for c in alone.cities] == [[1, 1], [-1, -1], [-1, 1]]


def test_one_sided_offers_make_no_alliance() -> None:
    g = _game([{1: "offer alliance left"}, {1: "offer alliance left"}, {1: "offer alliance left"}])
    _to_age_turns(g)
    assert g.log["alliances"][0]["pairs"] == []
    assert all(c.prices[LEFT] == [2] * 7 and not c.truces for c in g.cities)


def test_an_alliance_ends_with_its_age_and_is_offered_again() -> None:
    g = _game([{1: "offer alliance left", 2: "offer alliance right"},
               {1: "offer alliance right"},
               {2: "offer alliance left"}])
    seen: dict[int, tuple[tuple[int, ...], tuple[int, ...], list[int], int]] = {}
    while g.pending():
        if g.phase.kind == "age" and g.age not in seen:  # each age's first turn
            c0, c1 = g.cities[0], g.cities[1]
            seen[g.age] = (c0.truces, c1.truces, list(c0.prices[RIGHT]), len(c0.lasting))
        g.step(g.ask_bots())
    # age I: seat 0 allied with seat 1 (its left); age II: with seat 2 (its right), seat 1's
    # truce of age I over; age III: none, nothing of the alliances held any more
    assert seen[1][:2] == ((LEFT,), (RIGHT,)) and seen[1][3] == 2  # two durations: buy, truce
    assert seen[2][:3] == ((RIGHT,), (), [1] * 7) and seen[2][3] == 2
    assert seen[3] == ((), (), seen[3][2], 0) and 2 in seen[3][2]  # (seat 0's own cards may trade cheaper)
    assert [a["pairs"] for a in g.log["alliances"]] == [[[0, 1]], [[0, 2]], []]


def test_bots_decide_a_game_is_seeded_and_its_log_replays() -> None:
    from interpreter.players.resume import resume
    a = Game(cp(), [RandomBot() for _ in range(4)], seed=7, log=True)
    a.play()
    b = Game(cp(), [RandomBot() for _ in range(4)], seed=7, log=True)
    b.play()
    assert json.dumps(a.log, sort_keys=True) == json.dumps(b.log, sort_keys=True)
    assert [x["age"] for x in a.log["alliances"]] == [1, 2, 3]
    again = resume(cp(), json.loads(json.dumps(a.log)), [GreedyBot() for _ in range(4)])
    again.play()  # every offer replayed from the log: the greedy bots never choose
    assert again.log["alliances"] == a.log["alliances"] and again.log["turns"] == a.log["turns"]
    assert again.scores == a.scores


def test_greedy_offers_where_the_alliance_is_worth_most() -> None:
    """With a much stronger neighbour on one side, the truce there is worth a defeat avoided
    (more than the difference in the cheap trade either side), so greedy offers there."""
    g = Game(cp(), [GreedyBot() for _ in range(3)], seed=5, sides="A")
    g.pending()
    moves = list(g.pending()[0].moves)
    g.cities[1].shields = 5  # its left neighbour: far stronger
    pick = GreedyBot().choose(g.observe(0), moves)
    assert g.hands[0][pick.card].name == "offer alliance left"
    g.cities[1].shields, g.cities[2].shields = 0, 5
    pick = GreedyBot().choose(g.observe(0), moves)
    assert g.hands[0][pick.card].name == "offer alliance right"


def test_the_native_core_declines_an_alliance_by_name() -> None:
    with pytest.raises(NotNative, match="the phase kind 'alliance'"):
        lower(cp())


def test_the_terminal_player_makes_an_offer_with_keep_n() -> None:
    from interpreter.players.human import HumanBot
    answers = iter(["keep 2"])
    said: list[str] = []
    g = Game(cp(), [GreedyBot() for _ in range(3)], seed=5, log=True)
    moves = list(g.pending()[0].moves)
    human = HumanBot(ask=lambda _prompt: next(answers), say=said.append)
    pick = human.choose(g.observe(0), moves)
    assert g.hands[0][pick.card].name == "offer alliance right"
    text = "\n".join(said)
    assert "two neighbours who offer each other an alliance are allies for the age" in text
    assert "offer alliance left" in text and "no alliance" in text


def test_the_browser_shows_the_offers_as_cards_to_choose() -> None:
    pytest.importorskip("jinja2")
    from interpreter.web.views import game_view, parse_move
    g = Game(cp(), [GreedyBot() for _ in range(3)], seed=5, log=True)
    moves = list(g.pending()[0].moves)
    view = game_view(g, 0, moves, 0)
    assert view["heading"] == "Alliance: offer an alliance to a neighbour for Age 1"
    assert [c["name"] for c in view["hand"]] == ["offer alliance left", "offer alliance right", "no alliance"]
    left = view["hand"][0]
    assert left["status"].startswith("your offer, in secret") and not left["builds"]
    assert [k["label"] for k in left["keeps"]] == ["Make this offer"]
    assert parse_move(left["keeps"][0]["code"]) == moves[0]
    assert "Buy raw materials or manufactured goods from your left neighbour for 1 coin each" in left["text"]


def _pack(tmp_path: Path, phases: str, cards: str) -> Path:
    (tmp_path / "pack.yaml").write_text(
        "name: bad\nversion: 1.0.0\ndescription: t\nextends: [base]\nrules:\n"
        "  colors: [brown, grey, blue, yellow, red, green, purple, pact]\n"
        "  decks: [pacts]\n  phases:\n" + phases)
    (tmp_path / "cards.yaml").write_text("cards:\n" + cards)
    return tmp_path


def test_bad_alliances_are_located_all_at_once(tmp_path: Path, capsys: Any) -> None:
    from interpreter.cli import main
    phases = "    - {name: pact, kind: alliance, deck: pacts, at: after age}\n"
    cards = ("  - {name: Gift, deck: pacts, color: pact, effect: coins 3}\n"
             "  - {name: Spy, age: 1, color: blue, players: [3], effect: truce with ally}\n")
    assert main(["validate", str(_pack(tmp_path, phases, cards))]) == 1
    err = capsys.readouterr().err
    assert "pack.yaml:9:53: rules: phase 'pact': an alliance holds for the age that follows it: " \
           "declare it `at: before age`, not 'after age'" in err
    assert "cards.yaml:2:52: card \"Gift\": allies hold the cards of the deck 'pacts' for one age, so their " \
           "effects must be ones that can end with it (produce, shields, buy, discount, surcharge, rebate, " \
           "rule, truce); 'coins' is not" in err
    assert "cards.yaml:3:71: card \"Spy\": 'ally' names the city allied with the owner, on a card of an " \
           "alliance phase's deck (kind: alliance) only; the alliance decks: pacts" in err
    assert "3 problem(s)" in err and "Traceback" not in err


def test_an_alliance_deck_with_no_card(tmp_path: Path, capsys: Any) -> None:
    from interpreter.cli import main
    phases = "    - {name: pact, kind: alliance, deck: pacts, at: before age}\n"
    assert main(["validate", str(_pack(tmp_path, phases, "  - {name: A, age: 1, color: blue, players: [3], effect: vp 1}\n"))]) == 1
    err = capsys.readouterr().err
    assert "rules: phase 'pact': the deck 'pacts' has no card, so an alliance would do nothing" in err


def test_a_truce_on_any_card_spares_the_pair_and_the_native_core_declines_it(tmp_path_factory: Any) -> None:
    """`truce with left` on seat 0's card: seats 0 and 1 do not fight (either side's truce is
    enough), each still fights its other neighbour. Shields 3, 1, 2 as above."""
    from game_checks import base_plus
    truce_cp = base_plus(tmp_path_factory, "truce", "cards:\n  - {name: Peace Stone, age: 1, color: blue, "
                         "players: [3, 4, 5, 6, 7], effect: truce with left}\n")
    g = Game(truce_cp, [GreedyBot() for _ in range(3)], seed=1)
    g.pending()
    g.cities[0].build_card(next(c for c in truce_cp.cards if c.name == "Peace Stone"))
    for city, shields in zip(g.cities, (3, 1, 2)):
        city.shields, city.tokens = shields, []
    g.war(1)
    assert [c.tokens for c in g.cities] == [[1], [-1], [-1, 1]]
    with pytest.raises(NotNative, match="a truce"):
        lower(truce_cp)


def test_ally_on_a_wonder_stage_is_refused(tmp_path: Path, capsys: Any) -> None:
    from interpreter.cli import main
    (tmp_path / "pack.yaml").write_text("name: w\nversion: 1.0.0\ndescription: t\nextends: [base]\n")
    (tmp_path / "wonders.yaml").write_text(
        "wonders:\n  - name: Rhodos\n    replace: true\n    sides:\n      A:\n        resource: ore\n"
        "        stages:\n          - {cost: 2 wood, effect: truce with ally}\n")
    assert main(["validate", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "'ally' names the city allied with the owner" in err and "not on a wonder stage" in err


def test_a_build_pays_its_ally_1_coin_and_the_other_neighbour_2() -> None:
    """Seat 0 allied with seat 1 (its left). A card costing one unit of what each neighbour alone
    produces (their wonder boards' resources, raw or manufactured) is bought from seat 1 for 1
    coin (the pact) and from seat 2 for 2 (the rules' price)."""
    from dsl import ast as A
    from interpreter.rules.moves import BUILD
    g = _game([{1: "offer alliance left"}, {1: "offer alliance right"}, {}])
    _to_age_turns(g)
    res = g.cp.resources
    own, left, right = (set(r for r, n in enumerate(c.fixed_trade) if n) for c in g.cities)
    for seat_res, price, side in ((left - own - right, 1, "left"), (right - own - left, 2, "right")):
        r = min(seat_res)
        card = next(c for c in g.cp.cards if c.age == 1 and c.card.cost == A.Cost(resources=((res[r], 1),)))
        g.hands[0][0] = card
        g.cities[0].coins = 5
        moves = [m for m in g.pending()[0].moves if m.card == 0 and m.action == BUILD]
        assert [(m.left, m.right) for m in moves] == [(price, 0) if side == "left" else (0, price)], res[r]


def test_a_simulation_counts_no_offer_as_a_card(capsys: Any) -> None:
    from interpreter.cli import main
    assert main(["simulate", "--pack", str(PACK), "--players", "3", "--games", "2", "--json"]) == 0
    out = capsys.readouterr().out
    cards = {c["card"] for c in json.loads(out)["verdicts"]["cards"]}
    assert "Lumber Yard" in cards and not cards & {"offer alliance left", "offer alliance right", "no alliance"}


def test_a_seeded_game_with_an_alliance_every_age_fights_as_worked_out_from_its_shields() -> None:
    """Seats 2 and 3 ally before every age (seats 0 and 1 make no offer). Each age's tokens,
    from the shields the log records, by the base rule (each city against its left then its
    right neighbour: more shields takes the age's victory token, fewer a defeat -1) with the pair
    (2, 3) left out, and the game replays from its log."""
    from interpreter.players.resume import resume
    ally = {a: "offer alliance left" for a in (1, 2, 3)}
    back = {a: "offer alliance right" for a in (1, 2, 3)}
    g = Game(cp(), [Offers({}), Offers({}), Offers(ally), Offers(back)], seed=3, sides="A", log=True)
    g.play()
    assert [a["pairs"] for a in g.log["alliances"]] == [[[2, 3]]] * 3
    victory = g.rules.victory_tokens
    # (the alliance mattered: in some age the allies' shields differed, a conflict they skipped)
    assert any(w["results"][2]["shields"] != w["results"][3]["shields"] for w in g.log["war"])
    for war in g.log["war"]:
        shields = [r["shields"] for r in war["results"]]
        for seat, r in enumerate(war["results"]):
            want = []
            for nb in ((seat + 1) % 4, (seat - 1) % 4):
                if {seat, nb} == {2, 3}:
                    continue
                if shields[seat] > shields[nb]:
                    want.append(victory[war["age"] - 1])
                elif shields[seat] < shields[nb]:
                    want.append(-1)
            assert r["tokens"] == want, (war["age"], seat, shields)
    again = resume(cp(), json.loads(json.dumps(g.log)), [RandomBot() for _ in range(4)])
    again.play()
    assert again.log["war"] == g.log["war"] and again.scores == g.scores

"""Every example pack under examples/ validates, plays and simulates; the expansion uses every
kind of effect; the `tax` plug-in parses its arguments, is documented and moves coins right."""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from textwrap import dedent

import pytest

from dsl import ast as A
from dsl.diagnostics import PackError
from dsl.english import effects_english
from dsl.loader import load_pack
from dsl.parser import parse_effects
from dsl.text_errors import CardTextError
from interpreter.players.bots import GreedyBot
from dsl.registry import EFFECTS, PLUGINS
from interpreter.players.roster import make_bots
from interpreter.cli import main
from interpreter.rules.compiled import compile_pack
from interpreter.players.game import Game
from interpreter.rules.moves import BUILD, SELL, Move

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
EXAMPLE_PACKS = sorted(p.parent for p in EXAMPLES.glob("*/pack.yaml"))
EXPANSION = EXAMPLES / "expansion-carthage"
TAX = EXAMPLES / "plugin-tax"
ids = [p.name for p in EXAMPLE_PACKS]


def loads(ref):
    try:
        return load_pack(ref, allow_plugins=True)  # the tax example's plug-in, with consent
    except PackError as err:
        pytest.fail(f"{ref} has problems:\n{err.render()}")


def test_the_examples_are_there() -> None:
    assert {"sample-variant", "expansion-carthage", "plugin-tax"} <= {p.name for p in EXAMPLE_PACKS}
    for folder in EXAMPLE_PACKS:
        assert (folder / "README.md").is_file(), folder.name


# -- every example ----------------------------------------------------------------------------

@pytest.mark.parametrize("folder", EXAMPLE_PACKS, ids=ids)
def test_example_validates(folder: Path, capsys) -> None:
    assert main(["validate", "--allow-plugins", str(folder)]) == 0
    out, err = capsys.readouterr()
    trusted = [line for line in err.splitlines() if line.startswith("trusting the plug-ins of ")
               or ": assumed: " in line]  # (what a pack that changed `ages` was given)
    assert err == "".join(f"{line}\n" for line in trusted) and ": ok - pack " in out  # (consent said)


@pytest.mark.parametrize("bots", ["greedy", "random"])
@pytest.mark.parametrize("players", [3, 7])
@pytest.mark.parametrize("folder", EXAMPLE_PACKS, ids=ids)
def test_example_plays(folder: Path, players: int, bots: str) -> None:
    cp = compile_pack(loads(folder))
    for seed, sides in ((1, "A"), (2, "B"), (3, "random")):
        game = Game(cp, make_bots(bots, players), seed=seed, sides=sides)
        scores = game.play()
        assert len(scores["players"]) == players
        assert all(c.coins >= 0 for c in game.cities)
        assert all(not hand for hand in game.hands)


@pytest.mark.parametrize("folder", EXAMPLE_PACKS, ids=ids)
def test_example_simulates_without_errors(folder: Path, capsys) -> None:
    # two worker processes: plug-ins must load in the workers too
    assert main(["simulate", "--allow-plugins", "--pack", str(folder), "--games", "12", "--players", "4",
                 "--bots", "greedy,random", "--workers", "2", "--json"]) == 0
    out, _ = capsys.readouterr()
    stats = json.loads(out)
    assert stats["errors"] == 0, stats["error_samples"]
    assert stats["games"] == 12


# -- the expansion: every kind of effect ----------------------------------------------------

def _new_effects():
    base, pack = loads("base"), loads(EXPANSION)
    known = {(c.name, c.age) for c in base.cards}
    cards = [c for c in pack.cards if (c.name, c.age) not in known]
    wonders = [w for w in pack.wonders if w.name not in {b.name for b in base.wonders}]
    effects = [e for c in cards for e in c.effects]
    effects += [e for w in wonders for side in w.sides.values() for st in side.stages for e in st.effects]
    return base, cards, wonders, effects


def test_expansion_adds_a_wonder_with_both_sides_and_five_to_eight_cards() -> None:
    base, cards, wonders, _ = _new_effects()
    assert 5 <= len(cards) <= 8
    [wonder] = wonders
    assert sorted(wonder.sides) == ["A", "B"]
    assert all(side.alias for side in wonder.sides.values())
    # chains tie new cards to base cards, in both directions
    base_names = {c.name for c in base.cards}
    assert any(set(c.chains_from) & base_names for c in cards)
    assert any(set(c.chains_to) & base_names for c in cards)


def test_expansion_uses_every_kind_of_effect() -> None:
    _, _, _, effects = _new_effects()
    used = {type(e) for e in effects}
    # `draw` takes a deck the pack declares (with a draft to fill its hand): see cards/leaders;
    # `tokens` a token kind the pack declares: see cards/cities; `bury` a drafted hand, as `draw`;
    # `rule` (a rules number changed): see examples/law-tower
    # `advance` a track the pack declares: see examples/naval-tracks
    # `exchange` (two identical resources for one of any, when paying): see examples/catan-promo
    # `remove` (tokens given back, Telesilla): see examples/leaders-later
    # `until` (a lasting effect for one age) and `surcharge`: see examples/durations
    # `choose` (the owner's player picks one reward): see examples/choices
    # `truce` (allies who do not fight: an alliance deck's card): see examples/alliances
    missing = [w for w, spec in EFFECTS.items() if spec.node not in used
               and w not in ("draw", "tokens", "bury", "advance", "rule", "exchange", "remove",
                             "until", "surcharge", "choose", "truce")]
    assert not missing, f"the expansion uses no {missing} effect"
    produce = [e for e in effects if isinstance(e, A.Produce)]
    assert any(not p.choice for p in produce), "fixed production"
    assert any(p.choice and p.tradable for p in produce), "a production choice"
    assert any(not p.tradable for p in produce), "untradable production"
    assert any(isinstance(e, A.Science) and len(e.symbols) > 1 and "any" not in e.symbols
               for e in effects), "a science symbol to choose"
    for node in (A.Coins, A.VictoryPoints):
        mine = [e for e in effects if isinstance(e, node)]
        assert any(e.per is None for e in mine) and any(e.per is not None for e in mine), node
    counted = [e.per for e in effects if isinstance(e, (A.Coins, A.VictoryPoints)) and e.per]
    assert any(c.what == "card" and c.colors for c in counted), "per card colour"
    for what in ("wonder_stage", "defeat", "victory"):
        assert any(c.what == what for c in counted), what
    assert any(isinstance(e, A.FreeBuild) and e.period == "age" for e in effects)


@pytest.mark.parametrize("side", ["A", "B"])
def test_carthage_plays_on_both_sides(side: str) -> None:
    cp = compile_pack(loads(EXPANSION))
    for bots in ("greedy", "random"):
        game = Game(cp, make_bots(bots, 3), seed=5, sides=side, wonders=["Carthage", "Gizah", "Rhodos"])
        game.play()
        assert game.cities[0].side.wonder == "Carthage" and game.cities[0].side.side == side


def test_expansion_decks_are_larger_than_a_deal() -> None:
    cp = compile_pack(loads(EXPANSION))
    base = compile_pack(loads("base"))
    for n in range(3, 8):
        for age in (1, 2, 3):
            assert len(cp.deck(age, n)) > len(base.deck(age, n))
        assert len(cp.deck(1, n)) >= cp.rules.hand_size * n


# -- the tax plug-in --------------------------------------------------------------------------

@pytest.fixture(scope="module")
def tax_pack():
    return loads(TAX)


def test_tax_pack_declares_its_plugin(tax_pack) -> None:
    assert tax_pack.plugins == ("tax",)
    assert "tax" in tax_pack.rules.vocab.plugin_words
    spec = PLUGINS["tax"]
    assert [(p.name, p.kind) for p in spec.params] == [("amount", "int"), ("sides", "sides")]
    [toll] = [c for c in tax_pack.cards if c.name == "Toll Gate"]
    assert toll.effects == (A.PluginEffect("tax", (1, ("left", "right"))),)


def test_tax_arguments_are_parsed_and_explained(tax_pack, capsys) -> None:
    vocab = tax_pack.rules.vocab
    assert parse_effects("tax 2 left", vocab) == (A.PluginEffect("tax", (2, ("left",))),)
    assert parse_effects("tax 1 left, right", vocab) == parse_effects("tax 1 neighbors", vocab)
    assert effects_english(parse_effects("tax 1 neighbors", vocab), vocab) == \
        "When built, take up to 1 coin from each neighbour (what they have, if less)."
    for text, message in (("tax neighbors", "'tax' takes 2 argument(s), not 1"),
                          ("tax 1 neighbors 2", "'tax' takes 2 argument(s), not 3"),
                          ("tax left 1", "'tax' argument amount must be a number"),
                          ("tax 1 2", "'tax' argument sides must be sides")):
        with pytest.raises(CardTextError) as err:
            parse_effects(text, vocab)
        assert message in str(err.value), text
    assert main(["explain", "--allow-plugins", "--pack", str(TAX), "tax 1 neighbors"]) == 0
    assert "canonical: tax 1 neighbors" in capsys.readouterr().out
    assert main(["explain", "--allow-plugins", "--pack", str(TAX), "tax neighbors"]) == 1
    assert "(usage: tax AMOUNT SIDES)" in capsys.readouterr().err


def test_tax_argument_errors_are_located_by_validate(tmp_path, monkeypatch, capsys) -> None:
    folder = tmp_path / "bad-tax"
    folder.mkdir()
    shutil.copytree(TAX, tmp_path / "plugin-tax")  # `extends` takes relative paths only
    monkeypatch.delitem(PLUGINS, "tax", raising=False)  # the copy's module registers the word anew
    (folder / "pack.yaml").write_text("name: bad-tax\nextends: [../plugin-tax]\n", encoding="utf-8")
    (folder / "cards.yaml").write_text(dedent("""\
        cards:
          - name: Border Post
            age: 1
            color: yellow
            players: [3]
            effect: tax neighbors
          - name: Customs
            age: 1
            color: yellow
            players: [3]
            effect: vp 1; tax left 1
          - name: Tithe Barn
            age: 1
            color: yellow
            players: [3]
            effect: tax 2 nieghbors
        """), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["trust", "plugin-tax"]) == 0  # the pack it extends is trusted by name
    capsys.readouterr()
    assert main(["validate", "--allow-plugins", "bad-tax"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    usage = "(usage: tax AMOUNT SIDES)"
    assert err == dedent(f"""\
        bad-tax/cards.yaml:6:13: card "Border Post": effect: 'tax' takes 2 argument(s), not 1 {usage}
                effect: tax neighbors
                        ^^^
        bad-tax/cards.yaml:11:23: card "Customs": effect: 'tax' argument amount must be a number {usage}
                effect: vp 1; tax left 1
                                  ^^^^
        bad-tax/cards.yaml:11:28: card "Customs": effect: 'tax' argument sides must be sides (left, self, right, neighbors) {usage}
                effect: vp 1; tax left 1
                                       ^
        bad-tax/cards.yaml:16:19: card "Tithe Barn": effect: 'tax' argument sides must be sides (left, self, right, neighbors) {usage}; did you mean 'neighbors'?
                effect: tax 2 nieghbors
                              ^^^^^^^^^
        bad-tax: 4 problem(s)
        """)


def test_docs_document_the_plugin_word(capsys) -> None:
    assert main(["docs", "--allow-plugins", "--pack", str(TAX)]) == 0
    out = capsys.readouterr().out
    section = out[out.index("### tax"):]
    assert "Syntax: `tax AMOUNT SIDES` (acts: when built)" in section
    assert "| amount | int |" in section and "| sides | sides |" in section
    assert ("Example: `tax 1 neighbors`: When built, take up to 1 coin from each neighbour "
            "(what they have, if less).") in section
    assert main(["docs"]) == 0
    assert "### tax" not in capsys.readouterr().out  # only with --pack


class Scripted:
    """Builds the named card when it is in hand (else sells the first card)."""

    name = "scripted"

    def __init__(self, card: str = ""):
        self.card = card

    def choose(self, obs, moves):
        for m in moves:
            if m.action == BUILD and obs.hand[m.card].name == self.card:
                return m
        return Move(0, SELL)

    def choose_card(self, obs, cards, purpose):
        return None


def _turn(tax_pack, hands, bots, coins=(3, 3, 3)):
    cp = compile_pack(tax_pack)
    game = Game(cp, bots, seed=0, wonders=["Gizah", "Babylon", "Rhodos"], log=True)
    game.age = 1
    for city, n in zip(game.cities, coins):
        city.coins = n
    game.hands = [[cp.card_named(name, 1) for name in hand] for hand in hands]
    before = sum(c.coins for c in game.cities)
    game.resolve([game.decide(seat) for seat in range(3)], turn=1)
    return game, before


def test_a_scripted_turn_moves_the_tax(tax_pack) -> None:
    # P1 builds Toll Gate (1 coin to the bank) and takes 1 coin from each neighbour;
    # the neighbours build a free Altar. Seat 1 is P1's left, seat 2 its right.
    game, before = _turn(tax_pack, [["Toll Gate"], ["Altar"], ["Altar"]],
                         [Scripted("Toll Gate"), Scripted("Altar"), Scripted("Altar")])
    assert [c.coins for c in game.cities] == [3 - 1 + 2, 2, 2]
    assert sum(c.coins for c in game.cities) == before - 1  # only the bank's coin left the table
    assert game.log["turns"][0]["moves"][0] == {"player": 0, "card": "Toll Gate", "action": BUILD,
                                                "bank": 1, "left": 0, "right": 0}


def test_tax_takes_only_what_a_neighbour_has(tax_pack) -> None:
    # a neighbour with no coin gives nothing; one who sells this turn pays from what it had
    # before the sale (the 3 coins of the sale arrive after the tax)
    game, before = _turn(tax_pack, [["Toll Gate"], ["Altar"], ["Altar"]],
                         [Scripted("Toll Gate"), Scripted("Altar"), Scripted("nothing")], coins=(1, 0, 1))
    assert [c.coins for c in game.cities] == [0 + 1, 0, 0 + 3]
    assert sum(c.coins for c in game.cities) == before - 1 + 3


def test_two_taxes_in_one_turn(tax_pack) -> None:
    # P1 and P2 both build Toll Gate; they tax each other and P3 pays both
    game, before = _turn(tax_pack, [["Toll Gate"], ["Toll Gate"], ["Altar"]],
                         [Scripted("Toll Gate"), Scripted("Toll Gate"), Scripted("Altar")])
    assert [c.coins for c in game.cities] == [1 + 2, 1 + 2, 1]
    assert sum(c.coins for c in game.cities) == before - 2


def test_tax_collector_chains_and_takes_two(tax_pack) -> None:
    [collector] = [c for c in tax_pack.cards if c.name == "Tax Collector"]
    assert collector.chains_from == ("Toll Gate",)
    cp = compile_pack(tax_pack)
    game = Game(cp, [Scripted(), Scripted(), Scripted()], seed=0, wonders=["Gizah", "Babylon", "Rhodos"])
    card = cp.card_named("Tax Collector")
    [hook] = [h for h in card.effect.hooks if hasattr(h, "handler")]
    handler, args = hook.handler, hook.args
    assert args == (2, ("left", "right"))
    for city, n in zip(game.cities, (0, 5, 1)):
        city.coins = n
    assert handler.on_build(game.table, 0, args) == 2 + 1
    assert [c.coins for c in game.cities] == [0, 3, 0]


def test_the_heroes_expansion_plays_its_own_phases() -> None:
    """examples/expansion-heroes (the modding guide's chapter 12): a draft before Age II and a
    muster after its conflicts, a deck of its own and a score line of its own."""
    pack = load_pack(str(REPO / "examples" / "expansion-heroes"))
    cp = compile_pack(pack)
    assert [(p.kind, p.at, p.ages) for p in pack.rules.phases] == [
        ("draft", "before age", (2,)), ("recruit", "after age", (2,))]
    g = Game(cp, [GreedyBot() for _ in range(5)], seed=4, log=True)
    scores = g.play()
    turns = g.log["turns"]
    draft = [t for t in turns if t["phase"] == "draft"]
    muster = [t for t in turns if t["phase"] == "recruit" and "note" not in t]
    assert [(t["age"], t["name"]) for t in draft] == [(2, "call to arms")] * 2
    assert [(t["age"], t["name"]) for t in muster] == [(2, "muster")]
    # the draft comes after age I's last turn and before age II's first; the muster after age II
    ages = [(t["age"], t["phase"]) for t in turns if "note" not in t]
    first_draft = ages.index((2, "draft"))
    assert ages[first_draft - 1] == (1, "turn") and ages[first_draft + 2] == (2, "turn")
    assert ages[ages.index((2, "recruit")) + 1] == (3, "turn")
    assert all("heroes" in p for p in scores["players"])
    heroes = {c.name for c in cp.cards if c.deck == "heroes"}
    built = [c.name for city in g.cities for c in city.cards if c.name in heroes]
    assert len(built) == sum(1 for m in muster[0]["moves"] if m["action"] == "build")
    assert not any(city.hands.get("heroes") for city in g.cities)  # the rest was discarded

"""Words a pack defines (`words:` in pack.yaml): a use is read once into its expansion, printed and
explained as written, run by both cores and valued by the bots as its expansion; every mistake in
a definition or a use is a located error, all at once, through `wonders validate`."""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from textwrap import dedent

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dsl import ast as A
from dsl.diagnostics import PackError
from dsl.english import effects_english
from dsl.loader import load_pack
from dsl.parser import parse_effects
from dsl.printer import effects_text
from dsl.text_errors import CardTextError
from interpreter.cli import main
from interpreter.players.game import Game
from interpreter.rules.compiled import compile_pack

REPO = Path(__file__).resolve().parents[1]
OWN = REPO / "examples" / "own-words"


@pytest.fixture(scope="module")
def own():
    return load_pack(str(OWN))


@pytest.fixture(scope="module")
def vocab(own):
    return own.rules.vocab


# -- expansion, printer, English -----------------------------------------------------------

# (a use, what it expands to, worked out by hand from each word's body)
EXPANSIONS = [
    ("tithe 2", "coins 2; vp 1"),
    ("levy 1 neighbors", "neighbors lose 1 coin; coins 1"),
    ("levy 2 others", "others lose 2 coins; coins 2"),
    ("patronage yellow", "coins 1 per yellow card in self; vp 1 per yellow card in self"),
    ("war_chest 3", "shields 3; coins 3; vp 1"),  # over tithe: expanded through it
    ("stipend 2 when build red card", "coins 2 per age when build red card"),
    ("shields 1; tithe 1; vp 2", "shields 1; coins 1; vp 1; vp 2"),
]


@pytest.mark.parametrize("use,expansion", EXPANSIONS)
def test_a_use_expands_to_its_body_with_the_arguments(vocab, use: str, expansion: str) -> None:
    got = parse_effects(use, vocab)
    assert A.expanded(got) == parse_effects(expansion, vocab)
    assert effects_text(got) == use  # the use printed as written
    assert parse_effects(effects_text(got), vocab) == got


def test_the_ast_keeps_the_use_and_its_expansion(vocab) -> None:
    (use,) = parse_effects("levy  1   left", vocab)
    assert use == A.DefinedEffect("levy", (1, ("left",)), (A.OthersCoins(-1, ("left",)), A.Coins(1)))
    (trig,) = parse_effects("stipend 1 when build yellow card", vocab)
    assert isinstance(trig, A.Trigger) and isinstance(trig.effect, A.DefinedEffect)
    assert A.expanded((trig,)) == (A.Trigger(A.Coins(1, A.Counted("age", sides=())), A.Event("build", ("yellow",))),)


ENGLISH = [
    ("tithe 2", "Take 2 coins when built, and score 1 victory point at game end."),
    ("tithe 1", "Take 1 coin when built, and score 1 victory point at game end."),  # `{n coin}`
    ("levy 1 neighbors", "When built, each of your two neighbours loses 1 coin to the bank (a debt "
     "token for each coin not paid), and you take 1 coin."),
    ("levy 2 others", "When built, every other city loses 2 coins to the bank (a debt token for each "
     "coin not paid), and you take 2 coins."),
    ("patronage blue", "When built, take 1 coin for each blue card in your city; at game end, 1 victory "
     "point for each blue card in it."),
    ("stipend 1 when build yellow card", "Each time you build a yellow card, take 1 coin for each "
     "age's number: 1 in age I, twice that in age II, three times in age III."),
]


@pytest.mark.parametrize("use,english", ENGLISH)
def test_english_reads_the_definitions_template(vocab, use: str, english: str) -> None:
    assert effects_english(parse_effects(use, vocab), vocab) == english


def test_explain_shows_the_use_its_expansion_and_its_english(capsys) -> None:
    assert main(["explain", "war_chest 2", "--pack", str(OWN)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:3] == ["canonical: war_chest 2", "expands:   shields 2; coins 2; vp 1",
                       "english:   2 shields; take 2 coins when built, and score 1 victory point at game end."]
    assert main(["explain", "war_chest 2", "--pack", str(OWN), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["expands"] == "shields 2; coins 2; vp 1" and data["ast"][0]["type"] == "DefinedEffect"


ARGS = {"int": st.integers(1, 9), "sides": st.sampled_from([("left",), ("right",), ("left", "right"),
                                                             ("others",)]),
        "color": st.sampled_from(["brown", "grey", "blue", "yellow", "red", "green", "purple"])}


@st.composite
def uses(draw, vocab) -> A.Effect:
    word = draw(st.sampled_from(sorted(vocab.words)))
    args = tuple(draw(ARGS[p.kind]) for p in vocab.words[word].params)
    text = " ".join((word, *(", ".join(a) if isinstance(a, tuple) else str(a) for a in args)))
    return parse_effects(text, vocab)[0]


def test_round_trip_of_random_uses(vocab) -> None:
    @settings(max_examples=150, deadline=None)
    @given(st.lists(uses(vocab), min_size=1, max_size=4).map(tuple))
    def check(effects: tuple[A.Effect, ...]) -> None:
        text = effects_text(effects)
        again = parse_effects(text, vocab)
        assert again == effects, text
        assert A.expanded(again) == parse_effects(effects_text(A.expanded(effects)), vocab)
    check()


# -- the engines see the expansion ----------------------------------------------------------

def _spelled_out(tmp_path: Path) -> Path:
    """The example pack with every use replaced by its expansion, written by hand."""
    folder = tmp_path / "spelled"
    shutil.copytree(OWN, folder)
    text = (folder / "cards.yaml").read_text()
    for use, expansion in (("tithe 2", "coins 2; vp 1"), ("shields 1; levy 1 neighbors",
                                                         "shields 1; neighbors lose 1 coin; coins 1"),
                           ("stipend 1 when build yellow card", "coins 1 per age when build yellow card"),
                           ("war_chest 2", "shields 2; coins 2; vp 1"),
                           ("patronage yellow", "coins 1 per yellow card in self; vp 1 per yellow card in self")):
        assert f"effect: {use}\n" in text, use
        text = text.replace(f"effect: {use}\n", f"effect: {expansion}\n")
    (folder / "cards.yaml").write_text(text)
    return folder


@pytest.mark.parametrize("bots", ["greedy", "random,greedy", "search"])
def test_bots_play_the_same_games_as_on_the_spelled_out_pack(own, tmp_path, bots: str) -> None:
    """The greedy and search bots value a use as its expansion: same seeds, same games."""
    from interpreter.players.roster import make_bots
    from interpreter.sim.differential import digest
    other = compile_pack(load_pack(str(_spelled_out(tmp_path))))
    mine = compile_pack(own)
    for seed in range(2 if bots == "search" else 4):
        n = 3 + seed
        kind = "search:4" if bots == "search" else bots
        runs = []
        for cp in (mine, other):
            g = Game(cp, make_bots(kind, n), seed=seed)
            runs.append((g.play(), digest(g)))
        assert runs[0] == runs[1], (bots, seed)


def test_greedy_values_a_defined_word_card_by_its_expansion(own) -> None:
    from interpreter.players.bots import GreedyBot
    cp = compile_pack(own)
    g = Game(cp, [GreedyBot() for _ in range(3)], seed=1)
    g.age = g.table.age = 1
    obs, bot = g.observe(0), GreedyBot()
    barn = cp.card_named("Tithe Barn")  # tithe 2: 2 coins (2/3 point at the treasury's 3) + 1 point
    assert bot.value(obs, barn.effect, "commercial") == pytest.approx(
        bot.value(obs, compile_pack_effect(cp, "coins 2; vp 1"), "commercial"))
    assert bot.value(obs, barn.effect, "commercial") > bot.value(obs, compile_pack_effect(cp, "coins 2"), "commercial")


def compile_pack_effect(cp, text: str):
    from interpreter.rules.compiled import _Indexes
    from interpreter.rules.effects import compile_effects
    return compile_effects(parse_effects(text, cp.rules.vocab), _Indexes(cp.rules))


def test_both_cores_play_the_same_games(own, native_core: None) -> None:
    from interpreter.native import unsupported
    from interpreter.sim.differential import first_difference
    cp = compile_pack(own)
    assert unsupported(cp) == ""
    for players in range(3, 8):
        for seed in range(3):
            bots = ("random", "greedy", "random,greedy")[seed]
            assert first_difference(cp, seed * 11 + players, players, bots, "AB"[seed % 2]) == ""


def test_play_on_the_native_core_prints_the_python_game(capsys, native_core: None) -> None:
    outs = []
    for core in ("native", "python"):
        assert main(["play", "--pack", str(OWN), "--players", "5", "--seed", "4", "--core", core]) == 0
        outs.append(capsys.readouterr().out.splitlines()[1:])  # after the `core:` line
    assert outs[0] == outs[1]


# -- extends --------------------------------------------------------------------------------

def _pack(folder: Path, manifest: str, cards: str = "") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(dedent(manifest))
    if cards:
        (folder / "cards.yaml").write_text(dedent(cards))
    return folder


def test_a_pack_extending_another_inherits_its_words(tmp_path) -> None:
    shutil.copytree(OWN, tmp_path / "own-words")
    child = _pack(tmp_path / "child", """\
        name: child
        extends: [../own-words]
        words:
          - name: double_tithe
            params: {n: int}
            english: "Twice tithe {n}."
            body: tithe {n}; tithe {n}
        """, """\
        cards:
          - {name: Collector, age: 1, color: yellow, players: [3], effect: double_tithe 1; levy 1 left}
        """)
    pack = load_pack(str(child))
    assert set(pack.rules.vocab.words) == {"tithe", "levy", "patronage", "war_chest", "stipend", "double_tithe"}
    card = next(c for c in pack.cards if c.name == "Collector")
    assert A.expanded(card.effects) == parse_effects("coins 1; vp 1; coins 1; vp 1; left lose 1 coin; coins 1")


# -- mistakes: located, all at once, exit 1, through the real command -------------------------

BAD_MANIFEST = """\
name: bad-words
extends: [../own-words]
words:
  - name: loop_a
    params: {n: int}
    english: "A {n}."
    body: coins {n}; loop_b {n}
  - name: loop_b
    params: {n: int}
    english: "B {n}."
    body: loop_a {n}
  - name: hoard
    params: {n: int}
    english: "Hoard {n}."
    body: coins {m}
  - name: garble
    params: {n: int, c: color}
    english: "Garble {n} {c}."
    body: coins {n} per {c} crad
  - name: idle
    params: {n: int, who: sides}
    english: "Idle {n}."
    body: vp {n}
  - name: vp
    params: {n: int}
    english: "Points {n}."
    body: coins {n}
  - name: tithe
    params: {n: int}
    english: "Mine {n}."
    body: coins {n}
"""
BAD_CARDS = """\
cards:
  - {name: Wrong Count, age: 1, color: yellow, players: [3], effect: tithe 2 3}
  - {name: Wrong Kind, age: 1, color: yellow, players: [3], effect: levy left 1}
  - {name: Typo, age: 1, color: yellow, players: [3], effect: tihte 2}
  - {name: Zero Levy, age: 1, color: yellow, players: [3], effect: levy 0 neighbors}
"""


def test_every_mistake_is_reported_at_once_with_its_place(tmp_path, capsys, monkeypatch) -> None:
    shutil.copytree(OWN, tmp_path / "own-words")
    (tmp_path / "bad-words").mkdir()
    (tmp_path / "bad-words" / "pack.yaml").write_text(BAD_MANIFEST)
    (tmp_path / "bad-words" / "cards.yaml").write_text(BAD_CARDS)
    monkeypatch.chdir(tmp_path)
    assert main(["validate", "bad-words"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    headers = [line for line in err.splitlines() if line.startswith("bad-words/")]
    expected = [  # each checked by eye against the file (the caret under the token named)
        "bad-words/pack.yaml:7:22: word \"loop_a\": 'loop_a' is defined through itself: its use of 'loop_b' "
        "leads back to it (loop_a -> loop_b -> loop_a)",
        "bad-words/pack.yaml:15:17: word \"hoard\": body: '{m}' is not a parameter of 'hoard' (parameters: n)",
        "bad-words/pack.yaml:13:14: word \"hoard\": parameter 'n' is never used in the body",
        "bad-words/pack.yaml:19:29: word \"garble\": body: unexpected 'crad'; expected 'card', 'cards', 'for', "
        "'in', 'produced', 'until', 'when', '/', ';', end of text; did you mean 'card'?",
        "bad-words/pack.yaml:21:22: word \"idle\": parameter 'who' is never said in the English",
        "bad-words/pack.yaml:21:22: word \"idle\": parameter 'who' is never used in the body",
        "bad-words/pack.yaml:24:11: word \"vp\": 'vp' is a built-in effect word; choose another name",
        "bad-words/pack.yaml:28:11: word \"tithe\": 'tithe' is already defined in pack 'own-words'; choose another name",
        "bad-words/cards.yaml:2:70: card \"Wrong Count\": effect: 'tithe' takes 1 argument(s), not 2 (usage: tithe N)",
        "bad-words/cards.yaml:3:74: card \"Wrong Kind\": effect: 'levy' argument n must be a number (usage: levy N WHO)",
        "bad-words/cards.yaml:3:79: card \"Wrong Kind\": effect: 'levy' argument who must be sides (left, self, right, "
        "neighbors) (usage: levy N WHO)",
        "bad-words/cards.yaml:4:63: card \"Typo\": effect: unknown effect word 'tihte'; did you mean 'tithe'?",
        "bad-words/cards.yaml:5:68: card \"Zero Levy\": effect: 'levy 0 neighbors' reads 'neighbors lose 0 coins; "
        "coins 0': lose at least 1 coin",
    ]
    assert sorted(headers) == sorted(expected), "\n".join(headers)
    assert err.splitlines()[-1] == f"bad-words: {len(expected)} problem(s)"
    with pytest.raises(PackError):
        load_pack(str(tmp_path / "bad-words"))


def test_a_use_of_a_broken_word_is_not_reported_twice(tmp_path) -> None:
    folder = _pack(tmp_path / "p", """\
        name: p
        extends: [base]
        words:
          - name: spin
            params: {n: int}
            english: "Spin {n}."
            body: spin {n}
        """, """\
        cards:
          - {name: Spinner, age: 1, color: yellow, players: [3], effect: spin 1}
        """)
    with pytest.raises(PackError) as err:
        load_pack(str(folder))
    assert [d.message for d in err.value.diagnostics] == [
        "'spin' is defined through itself: its use of 'spin' leads back to it (spin -> spin)"]


def test_two_extended_packs_defining_a_word_differently_conflict(tmp_path) -> None:
    for name, body in (("one", "coins {n}"), ("two", "vp {n}")):
        _pack(tmp_path / name, f"""\
            name: {name}
            extends: [base]
            words:
              - {{name: boon, params: {{n: int}}, english: "Boon {{n}}.", body: "{body}"}}
            """)
    both = _pack(tmp_path / "both", "name: both\nextends: [../one, ../two]\n")
    with pytest.raises(PackError) as err:
        load_pack(str(both))
    [d] = err.value.diagnostics
    assert d.kind == "conflict" and "packs 'one' and 'two' both define the word 'boon' differently" in d.message
    assert (d.line, d.column) == (2, 19)  # at '../two'


def test_a_trigger_carries_a_word_only_when_it_is_one_gain(vocab) -> None:
    with pytest.raises(CardTextError) as err:
        parse_effects("tithe 1 when build red card", vocab)
    assert "'tithe' expands to 2 effects; a trigger gives one-time gains" in str(err.value)


def test_a_word_too_big_to_expand_is_refused(tmp_path) -> None:
    """wa uses wb 7 times, wb wc 7 times...: 343 effects, past the limit of 40 (each distinct use
    is read once, so refusing it costs a few parses, not 343)."""
    lines = ["name: big", "extends: [base]", "words:"]
    for k in range(4):
        body = "; ".join([f"w{chr(98 + k)} {{n}}"] * 7) if k < 3 else "coins {n}"
        lines += [f"  - name: w{chr(97 + k)}", "    params: {n: int}", '    english: "W {n}."', f"    body: {body}"]
    folder = _pack(tmp_path / "big", "\n".join(lines) + "\n", """\
        cards:
          - {name: Huge, age: 1, color: yellow, players: [3], effect: wa 1}
        """)
    with pytest.raises(PackError) as err:
        load_pack(str(folder))
    messages = [d.message for d in err.value.diagnostics]
    assert messages == ["body: it expands to 49 effects, more than the limit of 40"], messages


def test_words_work_in_wonder_stages_track_steps_and_law_tiles(tmp_path, capsys) -> None:
    """A word is card text wherever card text is: a wonder stage, a track's step, a law tile."""
    assert main(["new", str(tmp_path / "p"), "--extends", "base"]) == 0
    capsys.readouterr()
    folder = tmp_path / "p"
    (folder / "pack.yaml").write_text(dedent("""\
        name: p
        extends: [base]
        rules:
          tracks:
            glory: {steps: ["boon 2", "vp 2"]}
          tower:
            visible: 3
            draw: 2
            points: [2, 5, 10]
            tiles:
              - {name: Cheap, effect: "cheaper 1"}
              - {name: Dear, effect: "pricey 1"}
              - {name: Ta, effect: "rule sell_coins +1"}
              - {name: Tb, effect: "rule sell_coins +1"}
              - {name: Tc, effect: "rule sell_coins +1"}
              - {name: Td, effect: "rule sell_coins +1"}
              - {name: Te, effect: "rule sell_coins +1"}
              - {name: Tf, effect: "rule sell_coins +1"}
              - {name: Tg, effect: "rule sell_coins +1"}
              - {name: Th, effect: "rule sell_coins +1"}
              - {name: Ti, effect: "rule sell_coins +1"}
              - {name: Tj, effect: "rule sell_coins +1"}
              - {name: Tk, effect: "rule sell_coins +1"}
              - {name: Tl, effect: "rule sell_coins +1"}
        words:
          - {name: boon, params: {n: int}, english: "Boon {n}.", body: "coins {n}; vp 1"}
          - {name: pricey, params: {n: int}, english: "Prices +{n}.", body: "rule trade_price +{n}"}
          - {name: cheaper, params: {n: int}, english: "Prices -{n}.", body: "rule trade_price -{n}"}
        """))
    wonders = (folder / "wonders.yaml").read_text().replace("effect: coins 9", "effect: boon 9", 1)
    (folder / "wonders.yaml").write_text(wonders)
    pack = load_pack(str(folder))
    stage = next(w for w in pack.wonders if w.name.startswith("Beacon")).sides["A"].stages[1]
    assert stage.effects == parse_effects("boon 9", pack.rules.vocab)
    assert A.expanded(stage.effects) == parse_effects("coins 9; vp 1")
    assert [t.effects for t in pack.rules.tower.tiles[:2]] == [
        (A.RuleChange("trade_price", -1, ("left", "self", "right")),),
        (A.RuleChange("trade_price", 1, ("left", "self", "right")),)]
    cp = compile_pack(pack)
    shape = lambda c: [(type(h).__name__, vars(h)) for h in c.hooks]  # noqa: E731 - hooks compare by identity
    assert shape(cp.tracks[0].steps[0]) == shape(compile_pack_effect(cp, "coins 2; vp 1"))
    assert [type(h).__name__ for h in cp.tracks[0].steps[0].hooks] == ["GainHook", "VictoryHook"]

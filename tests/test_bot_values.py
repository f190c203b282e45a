"""The greedy bot gives every effect word a value: a new registry word without one fails here,
and a plug-in word without a declared `value` is reported by `simulate` and `compare`."""
from __future__ import annotations

from dataclasses import replace

import pytest

from dsl.model import Rules
from dsl.parser import parse_effects
from dsl.registry import EFFECTS
from dsl.vocab import Vocabulary
from interpreter.players.bots import GreedyBot, unvalued_words
from interpreter.players.roster import bot_warnings
from interpreter.rules.compiled import _Indexes
from interpreter.rules.contribution import Hook
from interpreter.rules.effects import compile_effects

VOCAB = Vocabulary(colors=("brown", "grey", "blue", "yellow", "red", "green", "purple", "black"),
                   decks=("heroes",), tokens=("debt", "diplomacy"), tracks=("red", "yellow"))


@pytest.mark.parametrize("word", sorted(EFFECTS))
def test_every_registry_word_compiles_to_something_greedy_can_value(word: str) -> None:
    from dsl.model import TokenKind, TrackDecl
    ix = _Indexes(replace(Rules(), vocab=VOCAB, decks=("heroes",),
                          tokens={"debt": TokenKind("debt", -1, "treasury"),
                                  "diplomacy": TokenKind("diplomacy", sit_out=True)},
                          tracks=(TrackDecl("red", ("vp 1",)), TrackDecl("yellow", ("coins 2",)))))
    for example in EFFECTS[word].examples:
        c = compile_effects(parse_effects(example, VOCAB), ix)
        fast = c.produces or c.shields or any(c.science) or c.science_wild or c.discounts
        assert fast or c.hooks, example
        for hook in c.hooks:
            assert hook.valued, example
            assert type(hook).worth is not Hook.worth, f"{type(hook).__name__} ({example}) has no worth()"


def test_greedy_weighs_a_card_by_its_effect(tmp_path) -> None:
    from dsl.loader import load_pack
    from interpreter.rules.compiled import compile_pack
    from interpreter.players.game import Game
    cp = compile_pack(load_pack("leaders"))
    g = Game(cp, [GreedyBot(), GreedyBot(), GreedyBot()], seed=1)
    g.age = g.table.age = 1
    bot = GreedyBot()
    cleopatra, sappho = cp.card_named("Cleopatra"), cp.card_named("Sappho")
    assert bot.value(g.observe(0), cleopatra.effect, "leaders") == 5
    assert bot.value(g.observe(0), sappho.effect, "leaders") == 2
    assert bot.value(g.observe(0), cp.card_named("Croesus").effect, "leaders") == 2  # 6 coins = 2 points


def test_plugin_words_without_a_value_are_reported(tmp_path) -> None:
    from pathlib import Path

    from dsl.loader import load_pack
    from interpreter.rules.compiled import compile_pack
    tax = compile_pack(load_pack(str(Path(__file__).resolve().parents[1] / "examples" / "plugin-tax"),
                                     allow_plugins=True))
    assert unvalued_words(tax) == ["tax"]
    warnings = bot_warnings(tax, "greedy,random")
    assert any("'tax'" in w for w in warnings) and any("heuristic" in w for w in warnings)
    assert bot_warnings(tax, "random") == []
    assert unvalued_words(compile_pack(load_pack("leaders"))) == []

"""The registry is the one source: grammar, handlers, schema text and docs must agree with it."""
from __future__ import annotations

import re
from pathlib import Path

import dsl
from dsl.docgen import render
from dsl.registry import EFFECTS
from dsl.schema import build_schema
from interpreter.rules.effects import HANDLERS

GRAMMAR = (Path(dsl.__file__).parent / "effects.lark").read_text(encoding="utf-8")


def test_every_registry_word_has_a_handler_and_no_handler_is_orphaned() -> None:
    assert set(HANDLERS) == set(EFFECTS)


def test_grammar_effect_alternatives_match_the_registry() -> None:
    effect = re.search(r"\?effect:(.*?)\n\n", GRAMMAR, re.S).group(1)
    # a trigger wraps a gain, and a duration (`until age ends`) a lasting one
    assert {r.strip() for r in effect.split("|")} == {"gain", "trigger", "lasting"}
    block = re.search(r"\?gain:(.*?)\n\n", GRAMMAR, re.S).group(1)
    rules = {r.strip() for r in block.replace("\n", " ").split("|")} - {""}
    rules.discard("plugin_effect")
    assert len(rules | {"trigger", "lasting"}) == len(EFFECTS)
    # every registry word is the literal that starts its grammar rule
    for spec in EFFECTS.values():
        assert re.search(rf'^\w+: .*"{spec.word}"', GRAMMAR, re.M), spec.word


def test_schema_descriptions_list_every_effect_word() -> None:
    card_effect = build_schema()["$defs"]["card"]["properties"]["effect"]["description"]
    for word in EFFECTS:
        assert word in card_effect


def test_docs_cover_every_effect_with_its_examples() -> None:
    text = render()
    for spec in EFFECTS.values():
        assert f"## {spec.word}" in text
        for ex in spec.examples:
            assert f"`{ex}`" in text

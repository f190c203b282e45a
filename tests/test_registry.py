"""The registry is the one source: grammar, handlers, schema text and docs must agree with it."""
from __future__ import annotations

import re
from pathlib import Path

import dsl
from dsl import ast as A
from dsl.definitions import DEFINITIONS, PRIMITIVES, primitive, unmapped_fields
from dsl.docgen import render
from dsl.parser import parse_effects
from dsl.registry import EFFECTS
from dsl.schema import build_schema
from interpreter.rules.effects import HANDLERS

GRAMMAR = (Path(dsl.__file__).parent / "effects.lark").read_text(encoding="utf-8")


def test_every_registry_word_has_a_handler_and_no_handler_is_orphaned() -> None:
    """A word is run by its own handler or is a definition over a primitive, both only when its
    row covers some of its forms (`only`: the others are its hooks); the handlers beyond the
    words' are the primitives'."""
    partial = {w for w, d in DEFINITIONS.items() if d.only}
    assert partial == {"produce", "shields"}
    assert set(HANDLERS) == (set(EFFECTS) - set(DEFINITIONS)) | partial | set(PRIMITIVES)
    assert set(DEFINITIONS) <= set(EFFECTS)
    for word, d in DEFINITIONS.items():
        assert d.node is EFFECTS[word].node and d.primitive in PRIMITIVES


def test_definitions_map_every_field_and_read_as_before() -> None:
    """Each defined word's parameters all mean something in its primitive; and its parse
    becomes the primitive's node with the values written (a worked example per word)."""
    assert unmapped_fields() == {}
    (coins,) = parse_effects("coins 1 per brown card in neighbors")
    assert primitive(coins) == A.QuantityGain("coins", 1, per=coins.per, sides=("self",))
    (tokens,) = parse_effects("tokens 2 defeat for others")
    assert primitive(tokens) == A.QuantityGain("tokens", 2, kind="defeat", sides=("others",))
    (stolen,) = parse_effects("neighbors lose 2 coins to you")
    assert primitive(stolen) == A.QuantityGain("coins", -2, sides=("left", "right"), to_owner=True)
    (vp,) = parse_effects("vp 2")
    assert primitive(vp) is vp  # an engine word stays itself
    (either,) = parse_effects("produce wood/clay")
    assert primitive(either) == A.Hold(resources=(("wood", 1), ("clay", 1)), choice=True)
    (private,) = parse_effects("produce 2 glass untradable")
    assert primitive(private) == A.Hold(resources=(("glass", 2),), tradable=False)
    (shields,) = parse_effects("shields 2")
    assert primitive(shields) == A.Hold(shields=2)
    (wild,) = parse_effects("science gear/tablet")
    assert primitive(wild) == A.Hold(symbols=("gear", "tablet"))
    (most,) = parse_effects("science most")
    assert primitive(most) == A.Hold(symbols=("most",))
    # the forms a row's `only` leaves out stay the word's (its hooks)
    for text in ("shields 1 per defeat", "shields -1 for neighbors", "produce wood for neighbors",
                 "produce one produced"):
        (hook,) = parse_effects(text)
        assert primitive(hook) is hook, text


def test_cost_change_words_become_the_cost_change_primitive() -> None:
    """`discount` (its `free TARGET` and `all resources` forms too), `surcharge` (a negative coin
    change) and `rebate` (the owner's purchases from a side) each become one A.CostChangeOp."""
    (d,) = parse_effects("discount 1 coin on purple cards for neighbors per yellow card")
    assert primitive(d) == A.CostChangeOp("coin", 1, d.target, ("left", "right"), d.per)
    (free,) = parse_effects("free red/blue cards for neighbors")
    assert primitive(free) == A.CostChangeOp("all", 0, A.Target("card", ("red", "blue")), ("left", "right"))
    (none,) = parse_effects("discount all resources on wonder stages")
    assert primitive(none) == A.CostChangeOp("all_resources", 0, A.Target("wonder_stage"), ("self",))
    (s,) = parse_effects("surcharge 2 coins on wonder stages for others")
    assert primitive(s) == A.CostChangeOp("coin", -2, A.Target("wonder_stage"), ("others",))
    (r,) = parse_effects("rebate 1 coin from left")
    assert primitive(r) == A.CostChangeOp("rebate", 1, None, ("self",), None, ("left",))


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


def test_the_modding_guide_shows_the_definitions_as_they_are() -> None:
    """docs/modding.md's worked example of definition rows is the table itself, verbatim."""
    guide = (Path(dsl.__file__).parent.parent / "docs" / "modding.md").read_text(encoding="utf-8")
    shown = re.search(r"```python\n(DEFINITIONS: dict.*?)```", guide, re.S).group(1)
    source = (Path(dsl.__file__).parent / "definitions.py").read_text(encoding="utf-8")
    assert shown in source


def test_explain_says_what_the_engines_run_of_a_defined_word(capsys) -> None:
    """`wonders explain` reads a defined word back through its template and shows the primitive
    it runs as (inside a trigger too); an engine word alone shows none."""
    import json

    from interpreter.cli import main
    assert main(["explain", "neighbors lose 2 coins to you; vp 1 when build red card; tokens 1 victory"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("english:   When built, each of your two neighbours loses 2 coins to you (or")
    assert lines[2] == ("runs as:   gain: coins -2 for neighbors, paid to the owner; "
                        "gain: victory tokens +1 for the owner")
    assert main(["explain", "coins 1 per brown card in neighbors when build card", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["runs_as"] == "gain: coins +1 per brown card in neighbors for the owner"
    assert main(["explain", "vp 1"]) == 0
    assert "runs as" not in capsys.readouterr().out
    assert main(["explain", "produce wood/clay untradable; shields 2; science any; shields 1 per defeat"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2] == ("runs as:   hold: production one of wood/clay, not tradable; hold: shields 2; "
                        "hold: science any")


def test_explain_shows_a_cost_change_as_the_price_s_change(capsys) -> None:
    """A discount lowers the price (-N), a surcharge raises it (+N), free waives it; the English
    is the word's own (its row's template)."""
    from interpreter.cli import main
    assert main(["explain", "surcharge 1 coin on yellow cards for neighbors; discount 2 resources on "
                            "wonder stages; free blue cards; rebate 1 coin from left"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == ("english:   Yellow cards cost your two neighbours 1 coin more. Wonder stages cost "
                        "you 2 resources less (of your choice). You build blue cards for free. Each "
                        "turn, the first resource you buy from your left neighbour costs 1 coin less.")
    assert lines[2] == ("runs as:   cost change: coins +1 on yellow cards for neighbors; cost change: "
                        "resources -2 on wonder stages for the owner; cost change: whole cost waived on "
                        "blue cards for the owner; cost change: coins -1 on the first resource bought "
                        "from left each turn")


def test_every_definition_template_uses_known_flags_and_holes_and_ends_with_a_fallback() -> None:
    """A row's English cannot name a flag or a hole dsl/english.py does not fill, and its last
    case holds always (so every parse of the word reads as something)."""
    from dsl.english import FLAGS, HOLES
    from dsl.words import holes
    for d in DEFINITIONS.values():
        for cases in (d.english, d.clause):
            for flags, template in cases:
                assert set(flags) <= set(FLAGS), (d.word, flags)
                assert {name for name, _, _ in holes(template)} <= set(HOLES), (d.word, template)
            assert not cases or cases[-1][0] == (), d.word

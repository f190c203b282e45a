"""One golden file per effect word (tests/golden/words/<word>.yaml), as jmespath's compliance
files: each example's canonical text, its English and what the word's handler compiles it
into, then a mistake and its message. Every registry word must have one; a new word is a new
handler module (interpreter/rules/effects/<word>.py), or a row over a primitive
(dsl/definitions.py), plus its file here (docs/modding.md)."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from dsl.definitions import DEFINITIONS, PRIMITIVES, primitive
from dsl.parser import parse_effects
from dsl.registry import EFFECTS
from dsl.text_errors import CardTextError
from interpreter.rules.effects import READS, unread_fields
from word_golden import describe, pack_index

WORDS = Path(__file__).parent / "golden" / "words"


def cases() -> list[tuple[str, dict]]:
    out = []
    for path in sorted(WORDS.glob("*.yaml")):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        out.extend((doc["word"], case) for case in doc["cases"])
    return out


def test_every_registry_word_has_a_golden_file() -> None:
    files = {p.stem for p in WORDS.glob("*.yaml")}
    assert files == set(EFFECTS)


def test_each_file_has_examples_and_a_mistake() -> None:
    by_word: dict[str, list[dict]] = {}
    for word, case in cases():
        by_word.setdefault(word, []).append(case)
    for word, got in by_word.items():
        assert any("error" in c for c in got), word
        assert any("compiled" in c for c in got), word


@pytest.mark.parametrize("word,case", cases(), ids=lambda x: x if isinstance(x, str) else x["text"])
def test_word_case(word: str, case: dict) -> None:
    pack = case.get("pack", "base")
    if "error" in case:
        with pytest.raises(CardTextError) as err:
            parse_effects(case["text"], pack_index(pack)[0])
        assert err.value.errors[0].message == case["error"]
        return
    got = describe(case["text"], pack)
    assert got == {k: case[k] for k in ("canonical", "english", "compiled")}
    # the case is about its word: its first effect is that word (a trigger's outer word is `when`)
    (first, *_) = parse_effects(case["text"], pack_index(pack)[0])
    assert EFFECTS[word].node is type(first)


def test_every_handler_reads_every_parameter_of_its_word() -> None:
    """Each engine word's and primitive's handler reads every field of its node; a defined word's
    row maps every field of its node (dsl/definitions.py)."""
    assert unread_fields() == {}
    partial = {w for w, d in DEFINITIONS.items() if d.only}  # other forms: the word's hooks
    assert set(READS) == (set(EFFECTS) - set(DEFINITIONS)) | partial | set(PRIMITIVES)


class _Recording:
    """An AST node that notes which of its fields a handler reads."""

    def __init__(self, node: object, seen: set[str]):
        object.__setattr__(self, "_node", node)
        object.__setattr__(self, "_seen", seen)

    def __getattr__(self, name: str) -> object:
        self._seen.add(name)
        return getattr(self._node, name)


def test_handlers_really_read_what_they_declare() -> None:
    """Over each word's examples, the handler reads exactly the fields it declares: a declared
    parameter it never looks at would be a parameter silently ignored."""
    from interpreter.rules.effects.base import HANDLERS, Builder
    seen: dict[str, set[str]] = {w: set() for w in READS}
    for word, case in cases():
        if "error" in case:
            continue
        vocab, ix = pack_index(case.get("pack", "base"))
        (node, *_) = parse_effects(case["text"], vocab)
        if word in DEFINITIONS and primitive(node) is not node:  # run by its primitive's handler
            word, node = DEFINITIONS[word].primitive, primitive(node)
        HANDLERS[word](_Recording(node, seen[word]), Builder(len(ix.res), len(ix.sym)), ix)
    for word in READS:
        assert seen[word] == set(READS[word]), word

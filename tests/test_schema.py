"""The JSON Schema of pack files (dsl/schema.py, committed as dsl/pack.schema.json)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest
import yaml
from jsonschema import Draft7Validator, Draft202012Validator

from dsl.packref import shipped_packs
from dsl.schema import SCHEMA_PATH, build_schema, schema_json

REPO = Path(__file__).resolve().parents[1]
SCHEMA = build_schema()

# Keywords whose meaning is the same in draft-07 and draft 2020-12 (the YAML language server
# in editors validates draft-07).
DRAFT07_SAFE = {
    "type", "properties", "additionalProperties", "required", "items", "enum", "pattern",
    "minimum", "minItems", "minLength", "minProperties", "anyOf", "oneOf", "if", "then", "else",
    "$ref", "$defs", "description", "title", "$schema", "$id", "propertyNames",
    "maximum", "maxItems", "maxLength", "maxProperties",  # the limits (docs/pack-format.md)
}
SCHEMA_MAPS = ("properties", "$defs")  # keyword -> {name: schema}
SCHEMA_LISTS = ("anyOf", "oneOf")  # keyword -> [schema]
SCHEMA_ONE = ("items", "additionalProperties", "if", "then", "else", "propertyNames")


def walk(schema: Any, where: str = "#") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every (location, subschema) of the schema, the root first."""
    if isinstance(schema, bool):
        return
    assert isinstance(schema, dict), f"{where}: a schema must be an object, not {schema!r}"
    yield where, schema
    for key in SCHEMA_MAPS:
        for name, sub in schema.get(key, {}).items():
            yield from walk(sub, f"{where}/{key}/{name}")
    for key in SCHEMA_LISTS:
        for i, sub in enumerate(schema.get(key, [])):
            yield from walk(sub, f"{where}/{key}/{i}")
    for key in SCHEMA_ONE:
        if key in schema:
            yield from walk(schema[key], f"{where}/{key}")


def resolve(ref: str) -> dict[str, Any]:
    assert ref.startswith("#/"), ref
    node: Any = SCHEMA
    for part in ref[2:].split("/"):
        node = node[part]
    return node


def base_files() -> list[Path]:
    return sorted(shipped_packs()["base"].glob("*.yaml"))


def test_schema_is_valid_2020_12() -> None:
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_schema_is_also_a_valid_draft_07_schema() -> None:
    Draft7Validator.check_schema(SCHEMA)


def test_committed_schema_is_up_to_date() -> None:
    committed = SCHEMA_PATH.read_text(encoding="utf-8")
    assert committed == schema_json(), (
        "dsl/pack.schema.json is out of date with dsl/schema.py; run `python -m dsl.schema`")
    assert json.loads(committed) == SCHEMA


def test_only_draft_07_compatible_keywords() -> None:
    for where, sub in walk(SCHEMA):
        unknown = set(sub) - DRAFT07_SAFE
        assert not unknown, f"{where}: keywords {sorted(unknown)} do not mean the same in draft-07"
        if "items" in sub:
            assert isinstance(sub["items"], dict), f"{where}: `items` must be one schema, not a list"
        if "$ref" in sub:
            # draft-07 ignores everything beside $ref
            assert set(sub) == {"$ref"}, f"{where}: $ref with siblings {sorted(set(sub) - {'$ref'})}"
            resolve(sub["$ref"])  # and the reference resolves
        if "$defs" in sub:
            assert where == "#", f"{where}: $defs only at the root"


def test_every_property_has_a_description() -> None:
    props = 0
    for where, sub in walk(SCHEMA):
        for name, prop in sub.get("properties", {}).items():
            target = resolve(prop["$ref"]) if "$ref" in prop else prop
            assert target.get("description"), f"{where}/properties/{name} has no description"
            props += 1
    assert props > 30
    for name, definition in SCHEMA["$defs"].items():
        assert definition.get("description"), f"$defs/{name} has no description"


def test_effect_descriptions_name_every_effect_word() -> None:
    from dsl.registry import EFFECTS
    desc = SCHEMA["$defs"]["card"]["properties"]["effect"]["description"]
    for word in EFFECTS:
        assert word in desc


@pytest.mark.parametrize("path", base_files(), ids=lambda p: p.name)
def test_base_pack_files_validate(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    errors = [e.message for e in Draft202012Validator(SCHEMA).iter_errors(data)]
    assert errors == []
    assert [e.message for e in Draft7Validator(SCHEMA).iter_errors(data)] == []


@pytest.mark.parametrize("path", base_files(), ids=lambda p: p.name)
def test_base_pack_files_point_editors_at_the_schema(path: Path) -> None:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    prefix = "# yaml-language-server: $schema="
    assert first.startswith(prefix)
    target = (path.parent / first[len(prefix):]).resolve()
    assert target == SCHEMA_PATH.resolve()


def test_manifest_and_card_files_are_told_apart() -> None:
    v = Draft202012Validator(SCHEMA)
    assert not list(v.iter_errors({"name": "x", "extends": ["base"]}))
    assert not list(v.iter_errors({"cards": [{"name": "A", "age": 1, "color": "blue", "effect": "vp 1"}]}))
    # a card file entry with a typo: reported, by both drafts alike
    bad = {"cards": [{"name": "A", "age": "two", "colr": "blue", "effect": "vp 1"}]}
    errs_2020 = sorted(e.message for e in v.iter_errors(bad))
    errs_07 = sorted(e.message for e in Draft7Validator(SCHEMA).iter_errors(bad))
    assert errs_2020 and errs_2020 == errs_07
    # a manifest with an unknown key
    assert list(v.iter_errors({"name": "x", "extend": ["base"]}))


def test_golden_broken_packs_fail_the_same_way_in_both_drafts() -> None:
    root = REPO / "tests" / "golden" / "diagnostics"
    checked = 0
    for path in sorted(root.glob("*/*.yaml")):
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except yaml.YAMLError:
            continue
        a = sorted((list(e.absolute_path), e.message) for e in Draft202012Validator(SCHEMA).iter_errors(data))
        b = sorted((list(e.absolute_path), e.message) for e in Draft7Validator(SCHEMA).iter_errors(data))
        assert a == b, path
        checked += 1
    assert checked > 10

"""Validate one YAML document against the pack schema and report every error in place."""
from __future__ import annotations

import difflib
from functools import lru_cache
from typing import Any, Callable

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match

from .text_errors import did_you_mean
from .safeio import short
from .schema import NAME_PATTERN, PASS_PATTERN, WORD_PATTERN, build_schema
from .yamlsource import YamlDoc

Report = Callable[..., None]
_TYPE_NAMES = {"integer": "a whole number", "string": "text", "array": "a list", "object": "a mapping",
               "boolean": "true or false", "null": "empty", "number": "a number"}


@lru_cache(maxsize=None)
def _validator(part: str) -> Draft202012Validator:
    schema = build_schema()
    sub = {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": f"#/$defs/{part}"}
    return _Strict(sub)


# JSON Schema counts 3.0 as an integer; a pack means a whole number, so a float is an error
_Strict = validators.extend(Draft202012Validator, type_checker=Draft202012Validator.TYPE_CHECKER.redefine(
    "integer", lambda _checker, v: isinstance(v, int) and not isinstance(v, bool)))


def subject_of(doc: YamlDoc, path: tuple[Any, ...]) -> str:
    data = doc.data
    if len(path) >= 2 and path[0] in ("cards", "wonders", "words") and isinstance(path[1], int):
        try:
            item = data[path[0]][path[1]]
            name = item.get("name") if isinstance(item, dict) else None
        except (IndexError, KeyError, TypeError):
            name = None
        noun = path[0][:-1]
        return f'{noun} "{name}"' if name else f"{noun} #{path[1] + 1}"
    return ""


def _field(path: tuple[Any, ...]) -> str:
    names = [str(p) for p in path if not isinstance(p, int)]
    return names[-1] if names else "file"


def _describe(err: ValidationError) -> str:
    v = err.validator
    if v == "type":
        want = err.validator_value if isinstance(err.validator_value, list) else [err.validator_value]
        return (f"'{_field(tuple(err.absolute_path))}' must be "
                f"{' or '.join(_TYPE_NAMES.get(t, t) for t in want)}, not {short(err.instance)}")
    if v in ("anyOf", "oneOf") and all(isinstance(s, dict) and set(s) == {"required"}
                                       for s in err.validator_value):
        keys = [k for s in err.validator_value for k in s["required"]]
        given = [k for k in keys if isinstance(err.instance, dict) and k in err.instance]
        quoted = " or ".join(f"'{k}'" for k in keys)
        if given and v == "oneOf":
            return f"takes {quoted}, not both"
        return f"needs {quoted}" + (" (or both)" if v == "anyOf" else "")
    if v == "anyOf":
        kinds = [s.get("type") for s in err.validator_value if isinstance(s, dict) and "type" in s]
        shaped = [e for e in err.context if e.validator != "type"]  # the branch of the right type
        inner = best_match(shaped or err.context) if err.context else None
        if inner is not None and inner.validator not in ("type",):
            return _describe(inner)
        return (f"'{_field(tuple(err.absolute_path))}' must be "
                f"{' or '.join(_TYPE_NAMES.get(k, k) for k in kinds)}, not {short(err.instance)}")
    if v == "pattern" and err.validator_value == PASS_PATTERN:
        guess = did_you_mean(str(err.instance).split(" ")[0] if err.instance else "", ["left", "right"])
        return (f"{short(err.instance)} is not a passing direction: left or right, with a distance in "
                f"seats if more than one ('left 2'){guess}")
    if v == "pattern" and err.validator_value != NAME_PATTERN and "a-z" not in err.validator_value:
        return (f"'{_field(tuple(err.absolute_path))}' must not hold control characters or "
                f"escape sequences: {short(err.instance)}")
    if v == "pattern":
        allowed = "lower-case letters and _: a word of card text" if err.validator_value == WORD_PATTERN \
            else "lower-case letters, digits and _"
        return f"{short(err.instance)} is not a valid name for '{_field(tuple(err.absolute_path))}' ({allowed})"
    if v == "minimum":
        return f"'{_field(tuple(err.absolute_path))}' must be at least {err.validator_value}, not {err.instance}"
    if v == "maximum":
        return f"'{_field(tuple(err.absolute_path))}' must be at most {err.validator_value}, not {err.instance}"
    if v in ("maxItems", "maxProperties"):
        return (f"'{_field(tuple(err.absolute_path))}' has more than {err.validator_value} entries "
                "(the limit; see docs/pack-format.md)")
    if v == "maxLength":
        return (f"'{_field(tuple(err.absolute_path))}' is longer than {err.validator_value} characters "
                "(the limit; see docs/pack-format.md)")
    if v in ("minItems", "minProperties"):
        return f"'{_field(tuple(err.absolute_path))}' must not be empty"
    if v == "enum":
        hint = did_you_mean(err.instance, map(str, err.validator_value)) if isinstance(err.instance, str) else ""
        return f"{short(err.instance)} must be one of {', '.join(map(str, err.validator_value))}{hint}"
    if v == "minLength":
        return f"'{_field(tuple(err.absolute_path))}' must not be empty"
    return short(err.message, 200)


def check_schema(doc: YamlDoc, part: str, report: Report) -> set[tuple[Any, ...]]:
    """Report every schema error of `doc` checked as `part` ("manifest" or "content").

    Returns the paths of the values in error (empty when the document is valid)."""
    if doc.data is None:
        need = "at least a `name:`" if part == "manifest" else "a `cards:` or `wonders:` list"
        report(doc, (1, 1), f"the file is empty; it needs {need}", kind="schema")
        return {()}
    bad: set[tuple[Any, ...]] = set()
    errors = sorted(_validator(part).iter_errors(doc.data), key=lambda e: list(map(str, e.absolute_path)))
    suggested: set[tuple[Any, ...]] = set()  # (path + missing key) already hinted by "did you mean"
    for err in errors:
        if err.validator == "additionalProperties" and isinstance(err.instance, dict):
            allowed = list(err.schema.get("properties", {}))
            for key in err.instance:
                if key not in allowed:
                    close = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
                    if close and close[0] not in err.instance:
                        suggested.add(tuple(err.absolute_path) + (close[0],))
    for err in errors:
        path = tuple(err.absolute_path)
        bad.add(path)
        subject = subject_of(doc, path)
        if err.validator == "additionalProperties" and isinstance(err.instance, dict):
            allowed = list(err.schema.get("properties", {}))
            for key in err.instance:
                if key not in allowed:
                    close = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
                    hint = f"; did you mean '{close[0]}'?" if close else f" (known keys: {', '.join(allowed)})"
                    report(doc, doc.key_where(path + (key,)), f"unknown key '{key}'{hint}", subject,
                           kind="schema", length=len(str(key)))
            continue
        if err.validator == "required":
            missing = [k for k in err.validator_value if not isinstance(err.instance, dict) or k not in err.instance]
            for k in missing:
                if path + (k,) in suggested:
                    continue  # "unknown key 'colr'; did you mean 'color'?" says it already
                report(doc, doc.where(path), f"missing required key '{k}'", subject, kind="schema")
            continue
        message = _describe(err)
        if message.startswith("takes ") and isinstance(err.instance, dict):  # both keys given:
            given = [k for s_ in err.validator_value for k in s_["required"] if k in err.instance]
            second = max(given, key=lambda k: doc.key_where(path + (k,)))
            report(doc, doc.key_where(path + (second,)), message, subject, kind="schema",
                   length=len(second))  # point at the second one written
            continue
        report(doc, doc.where(path), message, subject, kind="schema", length=doc.width(path))
    return bad

"""Rules of packs combined by `extends`: which pack's value holds, which lists join, and which
values two packs set differently (a conflict the combining pack settles).

The merge rule (docs/pack-format.md, "Composition"):
- a pack built on another replaces what that one set (mappings merge key by key);
- two packs neither built on the other: the lists that name things (`UNION_KEYS`) join, the first
  pack's entries, then the second's it lacks, in its order; any other value they set differently
  is a conflict, reported at the `extends` entry naming both packs, unless the combining pack
  sets it itself;
- the combining pack's own rules replace all of it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# lists of names or of declarations that two unrelated packs' rules join rather than replace
UNION_KEYS = ("colors", "score_lines", "decks", "draws", "phases", "science.symbols")


@dataclass(frozen=True)
class RuleSource:
    """The rules one pack wrote itself, and the packs below it (its ancestors, by folder)."""

    key: str
    name: str
    rules: dict[str, Any]
    ancestors: frozenset[str]


def rule_lineage(parent_lineages: list[list[RuleSource]]) -> list[RuleSource]:
    """Every ancestor once, in extends order, each before the packs built on it: a pack shared
    by two parents (base, typically) is applied once, so it cannot undo what the first set."""
    out: list[RuleSource] = []
    seen: set[str] = set()
    for lineage in parent_lineages:
        for src in lineage:
            if src.key not in seen:
                seen.add(src.key)
                out.append(src)
    return out


def _flat(rules: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in rules.items():
        if isinstance(v, dict):
            out.update(_flat(v, f"{prefix}{k}."))
        else:
            out[f"{prefix}{k}"] = v
    return out


def rule_conflicts(lineage: list[RuleSource],
                   own: dict[str, Any]) -> list[tuple[str, RuleSource, RuleSource]]:
    """Rule values set differently by two packs neither of which builds on the other,
    and not settled by the pack that combines them (the lists of UNION_KEYS join instead)."""
    settled = _flat(own)
    setters: dict[str, list[tuple[RuleSource, Any]]] = {}
    for src in lineage:
        for key, value in _flat(src.rules).items():
            setters.setdefault(key, []).append((src, value))
    out = []
    for key, found in setters.items():
        if key in settled or key in UNION_KEYS:
            continue
        for i, (a, va) in enumerate(found):
            clash = [b for b, vb in found[i + 1:] if vb != va and a.key not in b.ancestors
                     and b.key not in a.ancestors]
            if clash:
                out.append((key, a, clash[0]))
                break
    return out


def merge_rules(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """Deep merge: mappings merge key by key, everything else is replaced."""
    out = dict(base)
    for k, v in override.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = merge_rules(out[k], v)
        else:
            out[k] = v
    return out


def combine_rules(lineage: list[RuleSource], own: dict[str, Any]) -> dict[str, Any]:
    """The rules of a pack's ancestors in lineage order, then its own (the merge rule above)."""
    raw: dict[str, Any] = {}
    last: dict[str, RuleSource] = {}  # the pack that last set each of UNION_KEYS
    for src in lineage:
        joined = {}
        for key in UNION_KEYS:
            value = _at(src.rules, key)
            if not isinstance(value, list):
                continue
            before = last.get(key)
            if before is not None and before.key not in src.ancestors and isinstance(_at(raw, key), list):
                had = _at(raw, key)
                joined[key] = had + [x for x in value if x not in had]
            last[key] = src
        raw = merge_rules(raw, src.rules)
        for key, value in joined.items():
            raw = merge_rules(raw, _nested(key, value))
    return merge_rules(raw, own)


def _at(rules: dict[str, Any], key: str) -> Any:
    for part in key.split("."):
        if not isinstance(rules, dict):
            return None
        rules = rules.get(part)  # type: ignore[assignment]
    return rules


def _nested(key: str, value: Any) -> dict[str, Any]:
    head, _, rest = key.partition(".")
    return {head: _nested(rest, value) if rest else value}

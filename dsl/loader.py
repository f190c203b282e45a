"""Load a pack folder: YAML -> schema -> parsed effects -> meaning checks -> Pack.

Every stage collects its problems instead of stopping, so a modder sees all of
them at once; only when a stage cannot go on (no manifest, broken YAML) are the
later checks of that file skipped.

This module is over 400 lines for a reason: the pack builder is one pass over a pack's files
(and the packs it extends) whose steps share the problems being gathered and the positions
they point at; split, each piece would need the whole collector passed around.
"""
from __future__ import annotations

import hashlib
import os
from dataclasses import fields, is_dataclass, replace
from pathlib import Path
from typing import Any, Iterable, Mapping

import yaml

from . import ast as A
from .diagnostics import Diagnostic, PackError
from .model import Card, Pack, Rules, Source, Stage, Wonder, WonderSide
from .limits import LIMITS
from .packref import resolve_extends, resolve_pack
from .laws import check_rule_changes
from .alliances import check_alliances, check_ally_on_wonders
from .events import check_events
from .zones import check_phase_order, check_table_draws
from .tower import build_tower, tower_effects
from .checks import effect_sources, most_copies, check_bury_hands, copy_stage, check_drafts, check_far_trade, check_seat_distances, check_guild_ages, deck_problems, follow_ages, link_chains, check_upgrades
from .parser import parse_cost, parse_effects
from .text_errors import CardTextError, LanguageError, did_you_mean
from .plugins import load_plugins
from .projects import Project, check_projects, read_project
from .safeio import ReadProblem, read_bounded
from .rule_merge import RuleSource, combine_rules, rule_conflicts, rule_lineage
from .rules import build_rules
from .schema_check import check_schema, subject_of
from .vocab import Vocabulary
from .wordload import inherited_words, read_words
from .yamlsource import LimitError, YamlDoc, load_yaml

MANIFEST = "pack.yaml"


class _Collector:
    """One load: its problems, the user's consent to plug-ins, the folder `extends` may take
    packs from, and every pack read so far (each is read once, however often it is extended)."""

    def __init__(self, allow_plugins: bool = False, root: Path | None = None, trust: bool = False,
                 overlay: Mapping[str, str] | None = None) -> None:
        self.diags: list[Diagnostic] = []
        self.overlay = overlay or {}  # resolved path -> text an editor holds unsaved
        self.more = 0  # problems past LIMITS.diagnostics, counted but not kept
        self.allow_plugins = allow_plugins
        self.trust = trust  # the user's remembered consent counts (dsl/trust.py)
        self.trusted_now: list[tuple[str, list[str], list[str]]] = []  # consent recorded by this load
        self.root = root
        self.packs: dict[Path, tuple[Pack | None, bool]] = {}  # folder -> (pack, had problems)
        self.named: Path | None = None  # the pack the user named: `allow_plugins` is consent to its plug-ins only

    def add(self, doc: YamlDoc | str, pos: tuple[int, int], message: str, subject: str = "",
            kind: str = "error", length: int = 1) -> None:
        if len(self.diags) >= LIMITS.diagnostics:
            self.more += 1
            return
        file = _shown(doc.file if isinstance(doc, YamlDoc) else doc)
        self.diags.append(Diagnostic(file, pos[0], pos[1], message, subject, length, kind))

    def count(self) -> int:
        return len(self.diags) + self.more


def _shown(path: str) -> str:
    """Paths under the working directory are shown relative to it, as a user typed them."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


def _as_list(v: Any) -> list[str]:
    if v is None:
        return []
    return [v] if isinstance(v, str) else list(v)


def _suggest(name: str, known: Iterable[str]) -> str:
    return did_you_mean(name, known)


def _yaml_hint(problem: str) -> str:
    """A plain-words hint for PyYAML's commonest complaints."""
    if "\\t" in problem or "\t" in problem:
        return "; indent with spaces, not tabs"
    if "<block" in problem:
        return "; check that this line is indented like the lines around it"
    if "mapping values are not allowed" in problem:
        return "; put text that holds ': ' in quotes, or check the indentation"
    return ""


def _read(path: Path, col: _Collector, folder: Path, budget: list[int] | None = None) -> YamlDoc | None:
    """Read one YAML file of the pack in `folder`: bounded, never outside the folder."""
    file = str(path)
    try:
        text = _overlaid(path, col) or read_bounded(path, folder, LIMITS.file_bytes)
    except FileNotFoundError:
        col.add(file, (0, 0), "file not found", kind="missing")
        return None
    except ReadProblem as err:
        col.add(file, (0, 0), str(err), kind="limit")
        return None
    except OSError as err:
        col.add(file, (0, 0), f"cannot read file: {err.strerror or err}", kind="missing")
        return None
    if budget is not None:
        budget[0] -= len(text)
        if budget[0] < 0:
            col.add(file, (0, 0), f"the pack's YAML files hold more than {LIMITS.pack_bytes} bytes "
                    "together (the limit); not read", kind="limit")
            return None
    try:
        doc = load_yaml(text, file)
    except LimitError as err:
        mark = err.problem_mark
        col.add(file, (mark.line + 1, mark.column + 1), f"{err.problem} (the limit; see "
                "docs/pack-format.md); not read further", kind="limit")
        return None
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        problem = getattr(err, "problem", None) or str(err)
        ctx = getattr(err, "context", None)
        msg = f"broken YAML: {problem}" + (f" ({ctx})" if ctx else "") + _yaml_hint(problem)
        col.add(file, (mark.line + 1, mark.column + 1) if mark else (1, 1), msg, kind="yaml")
        return None
    for path_, span in doc.duplicates:
        col.add(doc, (span.line, span.column), f"key '{path_[-1]}' appears twice",
                subject_of(doc, path_), kind="yaml", length=len(str(path_[-1])))
    return doc


def _overlaid(path: Path, col: _Collector) -> str:
    """The editor's text of `path` when it is open there (load_pack's `overlay`), bounded as a
    file on disk is; "" when the disk is to be read."""
    text = col.overlay.get(str(path.resolve())) if col.overlay else None
    if text is None:
        return ""
    if len(text.encode("utf-8", "surrogatepass")) > LIMITS.file_bytes:
        raise ReadProblem(f"the file has more than {LIMITS.file_bytes} bytes")
    if "\0" in text:
        raise ReadProblem("not text (it holds NUL bytes); not read")
    return text or "\n"


def _counts_in(node: Any) -> Iterable[A.Counted]:
    """Every `per` / `needs` count in a parsed text (a trigger's inner coins too)."""
    if isinstance(node, A.Counted):
        yield node
    elif isinstance(node, tuple):
        for x in node:
            yield from _counts_in(x)
    elif is_dataclass(node):
        for f in fields(node):
            yield from _counts_in(getattr(node, f.name))


def _parse_text(doc: YamlDoc, path: tuple[Any, ...], text: Any, subject: str, what: str,
                vocab: Vocabulary, col: _Collector, stage: bool = False) -> Any:
    """The parsed cost or effect; `stage`: a wonder stage's effect (the only place
    `per card of the tucked colour` means something)."""
    parse = parse_cost if what == "cost" else parse_effects
    try:
        got = parse(str(text), vocab)
        if stage and what == "effect":
            return got
        for c in _counts_in(got):
            if c.what == "tucked":
                raise CardTextError(str(text), [LanguageError(
                    "'of the tucked colour' counts the colour of the card under a wonder stage: "
                    "only a stage's effect may use it", c.line, c.column, 1)])
        return got
    except CardTextError as err:
        lines = str(text).splitlines() or [""]
        for e in err.errors:
            token = lines[e.line - 1][e.column - 1:e.column - 1 + e.length] if e.line <= len(lines) else ""
            pos = doc.inner(path, e.line, e.column, token)
            kind = "name" if e.message.startswith("unknown") else "syntax"
            col.add(doc, pos, f"{what}: {e.message}", subject, kind, e.length)
        return None


def _track_strengths(doc: YamlDoc, rules: Rules, col: _Collector) -> Rules:
    """Each track conflict's strength parsed as a `per` count (`naval`, `2 blue cards`,
    `coins in self, left`); `shields` is the city's strength in the neighbours' conflicts."""
    wars = []
    for w in rules.track_conflicts:
        if w.strength in ("", "shields"):
            wars.append(w)
            continue
        got, message = None, f"'{w.strength}' is not a count (shields, blue cards, a token kind...)"
        try:
            parsed = parse_effects(f"vp 1 per {w.strength}", rules.vocab)
            if len(parsed) == 1 and isinstance(parsed[0], A.VictoryPoints) and not parsed[0].condition:
                got = parsed[0].per
                if got is not None and got.what == "tucked":  # only a wonder stage has a tucked card
                    got, message = None, "'of the tucked colour' means something only on a wonder stage"
                elif got is not None and got.what == "shield":  # (a count of printed shields only)
                    got, message = None, "a city's strength in shields is written 'shields'"
        except CardTextError as err:
            message = "; ".join(e.message for e in err.errors)
        if " " not in w.strength and "did you mean" not in message:
            message += did_you_mean(w.strength, [*rules.tokens, "shields", "coins", "defeats", "victories"])
        if got is None:
            path = ("rules", "track_conflicts", w.name, "strength")
            col.add(doc, doc.where(path), f"rules: track conflict '{w.name}': strength: {message}",
                    "", "rules", doc.width(path))
        wars.append(replace(w, count=got))
    return replace(rules, track_conflicts=tuple(wars))


class _PackBuilder:
    """Turns one pack folder (and the packs it extends) into a Pack."""

    def __init__(self, col: _Collector, stack: tuple[Path, ...]):
        self.col = col
        self.stack = stack
        self.parent_spots: list[tuple[tuple[int, int], int]] = []  # where each parent is named

    def build(self, folder: Path) -> Pack | None:
        col = self.col
        budget = [LIMITS.pack_bytes]
        manifest_path = folder / MANIFEST
        manifest = _read(manifest_path, col, folder, budget)
        if manifest is None:
            return None
        if check_schema(manifest, "manifest", col.add):
            return None
        m = manifest.data
        parents = self._parents(folder, manifest)
        own_rules = m.get("rules") or {}
        lineage = rule_lineage([p.meta.get("lineage", []) for p in parents])
        for key, first, second in rule_conflicts(lineage, own_rules):
            # reported at the `extends` entry that brings the second value, like card conflicts
            at = next((i for i, p in enumerate(parents) if second.key in
                       {e.key for e in p.meta.get("lineage", [])}), 0)
            pos, length = self.parent_spots[at] if self.parent_spots else (manifest.where(("extends",)), 1)
            col.add(manifest, pos, f"extends: packs '{first.name}' and '{second.name}' set rules "
                    f"'{key}' differently; set it in this pack's rules to choose",
                    kind="conflict", length=length)
        raw_rules = combine_rules(lineage, own_rules)
        lineage = [*lineage, RuleSource(str(folder), str(m["name"]), own_rules,
                                        frozenset(e.key for e in lineage))]
        rules = build_rules(raw_rules, manifest, col.add, own_rules)
        plugin_mods = [*(x for p in parents for x in p.plugins), *_as_list(m.get("plugins"))]
        named = folder.resolve() == col.named  # consent on the command line is to this pack only
        words = load_plugins(manifest, folder, col.add, col.allow_plugins and named, col.trust,
                             col.trusted_now if col.trust else None, extended=not named)
        for p in parents:
            words |= set(p.meta.get("plugin_words", ()))
        vocab = Vocabulary(rules.vocab.resource_classes, rules.vocab.colors, rules.vocab.symbols,
                           frozenset(words), rules.decks, tuple(rules.tokens),
                           tuple(t.name for t in rules.tracks))
        vocab = replace(vocab, words=read_words(manifest, str(m["name"]), vocab, inherited_words(
            parents, self.parent_spots, manifest, col.add), col.add))
        rules = _with_vocab(rules, vocab)
        if rules.tracks:
            rules = self._track_steps(manifest, rules)
        if rules.track_conflicts:
            rules = _track_strengths(manifest, rules, col)
        if raw_rules.get("tower"):
            rules = _with_tower(rules, raw_rules["tower"], manifest, vocab, col)

        cards: list[tuple[Card, YamlDoc, tuple[Any, ...], bool]] = []
        wonders: list[tuple[Wonder, YamlDoc, tuple[Any, ...], bool]] = []
        projects: list[tuple[Project, YamlDoc, tuple[Any, ...], bool]] = []
        files = [p for p in sorted({*folder.glob("*.yaml"), *_unsaved(folder, col)}) if p.name != MANIFEST]
        if len(files) > LIMITS.files_per_pack:
            col.add(manifest, (1, 1), f"the pack's folder holds {len(files)} YAML files, more than "
                    f"the limit of {LIMITS.files_per_pack}; only the first {LIMITS.files_per_pack} "
                    "are read", kind="limit")
        for path in files[:LIMITS.files_per_pack]:
            doc = _read(path, col, folder, budget)
            if doc is None:
                continue
            bad = check_schema(doc, "content", col.add)
            if any(len(p) < 2 for p in bad):
                continue
            data = doc.data or {}
            for key, make, into in (("cards", self._card, cards), ("wonders", self._wonder, wonders),
                                    ("projects", self._project, projects)):
                for i, raw in enumerate(data.get(key) or []):
                    if any(p[:2] == (key, i) for p in bad):  # schema errors already reported
                        continue
                    item = make(doc, (key, i), raw, rules)
                    if item:
                        into.append((item, doc, (key, i), bool(raw.get("replace"))))

        if not self._within_limits(manifest, cards, wonders):
            return None
        all_cards = self._compose(parents, "cards", cards, manifest)
        all_wonders = self._compose(parents, "wonders", wonders, manifest)
        all_projects = list(self._compose(parents, "projects", projects, manifest).values())
        docs = {id(item): doc for item, doc, _path, _r in projects}
        check_projects(all_projects, col.add, lambda p: docs.get(id(p), manifest))
        self._remove(manifest, all_cards, all_wonders)
        final_cards = link_chains(list(all_cards.values()), col.add)
        check_upgrades(final_cards, col.add)
        if "ages" in own_rules:  # the pack changed the number of ages: ages without cards
            final_cards, rules = follow_ages(final_cards, rules)
        check_guild_ages(final_cards, rules, col.add)
        check_far_trade(final_cards, rules, col.add)
        check_seat_distances(final_cards, list(all_wonders.values()), rules, col.add)
        check_bury_hands(final_cards, list(all_wonders.values()), rules, col.add)
        tiles = tower_effects(rules.tower)
        check_rule_changes(effect_sources(final_cards, list(all_wonders.values()))
                           + [(manifest, manifest.where(path), subject, effects) for path, subject, effects in tiles],
                           rules, col.add,
                           most_copies(final_cards, list(all_wonders.values()), rules) + [1] * len(tiles))
        for card, i, why, spot, length in check_alliances(final_cards, rules):  # (dsl/alliances.py)
            if card is not None:
                col.add(card.source.file, card.source.at(spot), why, f'card "{card.name}"', "range", length)
            else:
                path = ("rules", "phases", i, "deck")
                col.add(manifest, manifest.where(path), f"rules: {why}", kind="range",
                        length=manifest.width(path))
        check_ally_on_wonders(list(all_wonders.values()), col.add)
        check_table_draws(final_cards, rules, col.add)
        for i, key, why in check_phase_order(rules):  # by the schedule (dsl/zones.py)
            path = ("rules", "phases", i, key)
            col.add(manifest, manifest.where(path), f"rules: {why}", kind="range",
                    length=manifest.width(path))
        for i, why in check_drafts(final_cards, rules):
            path = ("rules", "phases", i, "deal")
            col.add(manifest, manifest.where(path), f"rules: {why}", kind="range",
                    length=manifest.width(path))
        for card, i, why in check_events(final_cards, rules):  # the table's decks (dsl/events.py)
            if card is not None:
                col.add(card.source.file, card.source.at("effect"), why, f'card "{card.name}"', "range")
            else:
                path = ("rules", "phases", i, "deck")
                col.add(manifest, manifest.where(path), f"rules: {why}", kind="range",
                        length=manifest.width(path))
        return Pack(name=str(m["name"]), version=str(m.get("version", "0")),
                    description=str(m.get("description", "")), rules=rules,
                    cards=tuple(final_cards), wonders=tuple(all_wonders.values()),
                    path=str(folder), extends=tuple(p.name for p in parents),
                    plugins=tuple(dict.fromkeys(plugin_mods)),
                    projects=tuple(sorted(all_projects, key=lambda p: p.age)),
                    meta={"raw_rules": raw_rules, "lineage": lineage,
                          "plugin_words": tuple(sorted(words)), "deal_spot": _deal_spot(manifest),
                          "content_hash": content_hash(folder, [p.meta.get("content_hash", "") for p in parents])})

    def _track_steps(self, manifest: YamlDoc, rules: Rules) -> Rules:
        """Each track step's reward parsed, its mistakes located in the manifest."""
        tracks = []
        for t in rules.tracks:
            parsed = []
            for i, text in enumerate(t.steps):
                got = _parse_text(manifest, ("rules", "tracks", t.name, "steps", i), text,
                                  f"track {t.name} step {i + 1}", "effect", rules.vocab, self.col)
                parsed.append(tuple(got) if got else ())
            tracks.append(replace(t, effects=tuple(parsed)))
        return replace(rules, tracks=tuple(tracks))

    def _within_limits(self, manifest: YamlDoc, cards: list[Any], wonders: list[Any]) -> bool:
        """Counts over the whole pack (one file's are bounded by the schema)."""
        ok = True
        for what, items, limit in (("cards", cards, LIMITS.cards), ("wonders", wonders, LIMITS.wonders)):
            if len(items) > limit:
                _item, doc, path, _ = items[limit]
                self.col.add(doc, doc.where(path), f"more than {limit} {what} in the pack (the limit)",
                             kind="limit")
                ok = False
        wild = 0
        for item, doc, path, _ in [*cards, *wonders]:
            texts = [item.effects] if isinstance(item, Card) else \
                [st.effects for side in item.sides.values() for st in side.stages]
            wild += sum(1 for effects in texts for e in effects
                        if isinstance(e, A.Science) and (len(e.symbols) > 1 or e.symbols[0] in A.SCIENCE_WILDS))
            if wild > LIMITS.wild_symbols:
                noun = "card" if isinstance(item, Card) else "wonder"
                self.col.add(doc, doc.where(path), f"more than {LIMITS.wild_symbols} science choices "
                             "(`any`, `a/b`, `most`, `swap`) in the pack (the limit)", f'{noun} "{item.name}"', kind="limit")
                return False
        return ok

    # -- extends ----------------------------------------------------------
    def _parents(self, folder: Path, manifest: YamlDoc) -> list[Pack]:
        parents: list[Pack] = []
        for i, ref in enumerate(_as_list(manifest.data.get("extends"))):
            path = ("extends", i) if isinstance(manifest.data.get("extends"), list) else ("extends",)
            pos = manifest.where(path)
            target, problem = resolve_extends(ref, folder, self.col.root or folder.parent.resolve())
            if target is not None and len(self.stack) >= LIMITS.extends_depth:
                target, problem = None, (f"more than {LIMITS.extends_depth} packs in one chain of "
                                         "extends (the limit)")
            if target is not None and target not in self.col.packs and \
                    len(self.col.packs) >= LIMITS.packs_per_load:
                target, problem = None, f"more than {LIMITS.packs_per_load} packs in one load (the limit)"
            if target is not None and any(p.path == str(target) for p in parents):
                target, problem = None, f"pack '{ref}' is already extended above"
            if target is None:
                self.col.add(manifest, pos, f"extends: {problem}", kind="extends", length=len(str(ref)))
                continue
            if target in self.stack or target == folder.resolve():
                chain = " -> ".join(p.name for p in (*self.stack, target))
                self.col.add(manifest, pos, f"extends: cycle of extends ({chain})", kind="extends",
                             length=len(str(ref)))
                continue
            if target in self.col.packs:  # a diamond: the shared pack is read once
                parent, had_problems = self.col.packs[target]
            else:
                before = self.col.count()
                parent = _PackBuilder(self.col, (*self.stack, target)).build(target)
                had_problems = parent is None or self.col.count() > before
                self.col.packs[target] = (parent, had_problems)
            if had_problems:
                self.col.add(manifest, pos, f"extends: pack '{ref}' has problems (listed above)",
                             kind="extends", length=len(str(ref)))
            if parent is not None:
                parents.append(parent)
                self.parent_spots.append((pos, len(str(ref))))
        return parents

    def _compose(self, parents: list[Pack], what: str, own_items: list[tuple[Any, YamlDoc, tuple[Any, ...], bool]],
                 manifest: YamlDoc) -> dict[str, Any]:
        """Parents' items, then this pack's: replacing by name only when asked to."""
        items: dict[Any, Any] = {}
        origin: dict[Any, str] = {}
        chosen = {_key(item) for item, _doc, _path, replace in own_items if replace}
        removed = set(_as_list(manifest.data.get("remove")))
        for i, p in enumerate(parents):
            for item in getattr(p, what):
                k = _key(item)
                if k in items and items[k] != item and k not in chosen and _name_of(k) not in removed:
                    # reported at the later pack's `extends` entry; replacing or removing it settles it
                    pos, length = self.parent_spots[i]
                    self.col.add(manifest, pos,
                                 f"extends: packs '{origin[k]}' and '{p.name}' both define "
                                 f"{what[:-1]} \"{item.name}\" differently; replace it in this pack "
                                 "to choose", kind="conflict", length=length)
                items[k] = item
                origin[k] = p.name
        local: dict[Any, str] = {}
        noun = what[:-1]
        for item, doc, path, replace in own_items:
            subject = f'{noun} "{item.name}"'
            k = _key(item)
            age = f" of age {item.age}" if isinstance(item, Card) else ""
            nlen = doc.width(path + ("name",))
            if k in local:
                self.col.add(doc, doc.where(path + ("name",)),
                             f"{noun} name{age} already used in {local[k]}", subject, "duplicate", nlen)
                continue
            local[k] = f"{Path(doc.file).name}"
            if replace and k not in items:
                self.col.add(doc, doc.where(path + ("name",)),
                             f"replace: no {noun} named \"{item.name}\"{age} in the extended packs"
                             f"{_suggest(item.name, [_name_of(x) for x in items])}", subject, "replace", nlen)
            elif not replace and k in items:
                self.col.add(doc, doc.where(path + ("name",)),
                             f"{noun}{age} already defined in pack '{origin[k]}'; "
                             "add `replace: true` to replace it", subject, "duplicate", nlen)
                continue
            items[k] = item
        return items

    def _remove(self, manifest: YamlDoc, cards: dict[Any, Card], wonders: dict[Any, Wonder]) -> None:
        raw = manifest.data.get("remove")
        for i, name in enumerate(_as_list(raw)):
            path = ("remove", i) if isinstance(raw, list) else ("remove",)
            hits = [k for k in cards if k[0] == name]
            for k in hits:
                del cards[k]
            if name in wonders:
                del wonders[name]
            elif not hits:
                known = [*(k[0] for k in cards), *wonders]
                self.col.add(manifest, manifest.where(path),
                             f"remove: no card or wonder named \"{name}\"{_suggest(name, known)}",
                             kind="remove", length=manifest.width(path))

    # -- items ------------------------------------------------------------
    def _card(self, doc: YamlDoc, path: tuple[Any, ...], raw: dict[str, Any], rules: Rules) -> Card | None:
        name = str(raw["name"])
        subject = f'card "{name}"'
        vocab = rules.vocab
        ok = True
        color = raw["color"]
        if color not in vocab.colors:
            self.col.add(doc, doc.where(path + ("color",)),
                         f"unknown colour '{color}'{_suggest(color, vocab.colors)}", subject, "name",
                         len(str(color)))
            ok = False
        age = raw.get("age", 0)
        deck = str(raw.get("deck", ""))
        if "deck" in raw and "age" in raw:
            self.col.add(doc, doc.where(path + ("age",)),
                         f"a card of the deck '{deck}' has no age (it is not dealt into an age)",
                         subject, "range")
            ok = False
        elif "deck" not in raw and "age" not in raw:
            self.col.add(doc, doc.key_where(path + ("name",)),
                         "'age' is missing (or `deck:` for a card of another deck)", subject, "range")
            ok = False
        if deck and deck not in rules.decks:
            self.col.add(doc, doc.where(path + ("deck",)),
                         f"unknown deck '{deck}'" + (f" (decks: {', '.join(rules.decks)})" if rules.decks
                                                     else " (declare it in the rules: decks)")
                         + _suggest(deck, rules.decks), subject, "name", len(deck))
            ok = False
        if age > rules.ages:
            self.col.add(doc, doc.where(path + ("age",)),
                         f"age {age} is past the last age ({rules.ages})", subject, "range")
            ok = False
        players = raw.get("players")
        if deck:
            pass  # a deck's cards are all used (players, when given, counts copies)
        if players is not None:
            for i, n in enumerate(players):
                if not rules.min_players <= n <= rules.max_players:
                    self.col.add(doc, doc.where(path + ("players", i)),
                                 f"player count {n} is outside the rules' {rules.min_players}"
                                 f"..{rules.max_players}", subject, "range",
                                 doc.width(path + ("players", i)))
                    ok = False
            if list(players) != sorted(players):
                self.col.add(doc, doc.where(path + ("players",)),
                             "player counts must be in increasing order", subject, "range",
                             doc.width(path + ("players",)))
        elif color not in rules.drawn_colors() and not deck:
            drawn = " and ".join(sorted(rules.drawn_colors() - {rules.guild_color}))
            what = f"{rules.guild_color} guild" + (f" and {drawn}" if drawn else "")
            self.col.add(doc, doc.where(path + ("name",)),
                         f"'players' is missing (only {what} cards are drawn "
                         "without player counts)", subject, "range", doc.width(path + ("name",)))
            ok = False
        cost = _parse_text(doc, path + ("cost",), raw.get("cost", "free"), subject, "cost", vocab, self.col)
        effects = _parse_text(doc, path + ("effect",), raw["effect"], subject, "effect", vocab, self.col)
        if cost is None or effects is None or not ok:
            return None
        line, column = doc.where(path)
        spots = []
        for k, e in enumerate(effects):  # each effect's start (pack-wide checks point there)
            if getattr(e, "line", 0):
                spots.append((f"effect:{k}", *doc.inner(path + ("effect",), e.line, e.column)))
        if any(A.names_ally(e) for e in effects):
            spots.append((A.ALLY, *doc.inner(path + ("effect",), 1, 1, A.ALLY)))
        if raw.get("upgrades"):  # (located like a chain: checks.check_upgrades)
            spots.append((f"upgrades:{raw['upgrades']}", *doc.where(path + ("upgrades",))))
        for fld in ("chains_from", "chains_to"):
            value = raw.get(fld)
            for i, other in enumerate(_as_list(value)):
                at = doc.where(path + ((fld, i) if isinstance(value, list) else (fld,)))
                spots.append((f"{fld}:{other}", *at))
        return Card(name=name, age=age, color=color,
                    players=tuple(players) if players is not None else None,
                    cost=cost, effects=effects,
                    chains_from=tuple(_as_list(raw.get("chains_from"))),
                    chains_to=tuple(_as_list(raw.get("chains_to"))),
                    source=Source(doc.file, line, column, tuple(spots)), deck=deck,
                    upgrades=str(raw.get("upgrades") or ""))

    def _project(self, doc: YamlDoc, path: tuple[Any, ...], raw: dict[str, Any], rules: Rules) -> Project | None:
        return read_project(doc, path, raw, rules, lambda at, text, subject, what: _parse_text(
            doc, at, text, subject, what, rules.vocab, self.col), self.col.add)

    def _wonder(self, doc: YamlDoc, path: tuple[Any, ...], raw: dict[str, Any], rules: Rules) -> Wonder | None:
        name = str(raw["name"])
        sides: dict[str, WonderSide] = {}
        ok = True
        for side_name, side in raw["sides"].items():
            sp = path + ("sides", side_name)
            subject = f'wonder "{name}" side {side_name}'
            res = side.get("resource", "")
            board: tuple[A.Effect, ...] = ()
            if "effect" in side:
                board = _parse_text(doc, sp + ("effect",), side["effect"], subject,
                                    "effect", rules.vocab, self.col)
                if board is None:
                    ok = False
                    board = ()
            elif not res:
                self.col.add(doc, doc.key_where(sp), "a side needs a starting `resource` or a board "
                             "`effect` (or both)", subject, "range")
                ok = False
            if res and res not in rules.vocab.resources:
                self.col.add(doc, doc.where(sp + ("resource",)),
                             f"unknown resource '{res}'{_suggest(res, rules.vocab.resources)}", subject, "name",
                             len(str(res)))
                ok = False
            stages = []
            for i, st in enumerate(side["stages"]):
                stp = sp + ("stages", i)
                sub = f"{subject} stage {i + 1}"
                if "copy" in st:
                    stages.append(copy_stage(self.col.add, doc, stp, st, sub))
                    continue
                cost = _parse_text(doc, stp + ("cost",), st.get("cost", "free"), sub, "cost", rules.vocab, self.col)
                eff = _parse_text(doc, stp + ("effect",), st["effect"], sub, "effect", rules.vocab, self.col,
                                  stage=True)
                if cost is None or eff is None:
                    ok = False
                    continue
                stages.append(Stage(cost, eff))
            order = str(side.get("stage_order", "printed"))  # checked by the schema
            start = (A.Produce(((res, 1),)),) if res else ()
            sides[side_name] = WonderSide(side_name, res, tuple(stages), str(side.get("alias", "")),
                                          start + tuple(board), order)
        if not ok:
            return None
        line, column = doc.where(path)
        return Wonder(name, sides, Source(doc.file, line, column))


def _unsaved(folder: Path, col: _Collector) -> list[Path]:
    """YAML files an editor holds open in `folder` that are not on disk yet."""
    real = folder.resolve()
    return [folder / Path(p).name for p in col.overlay
            if Path(p).suffix == ".yaml" and Path(p).parent == real and not Path(p).exists()]


def _key(item: Card | Wonder) -> Any:
    """Cards are known by name and age or deck (one name may be a card of two ages)."""
    return (item.name, item.deck or item.age) if isinstance(item, Card) else item.name


def _name_of(key: Any) -> str:
    return key[0] if isinstance(key, tuple) else key


def _with_tower(rules: Rules, raw: Any, manifest: YamlDoc, vocab: Vocabulary, col: _Collector) -> Rules:
    """The law tower of the merged rules, its tiles' texts parsed where the manifest wrote them."""
    from dataclasses import replace

    def bad(path: tuple[Any, ...], message: str) -> None:
        col.add(manifest, manifest.where(("rules", *path)), message, kind="rules", length=1)
    tower = build_tower(raw, rules, lambda path, text, subject: _parse_text(
        manifest, path, text, subject, "effect", vocab, col), bad)
    return replace(rules, tower=tower)


def content_hash(folder: Path, parents: list[str]) -> str:
    """sha256 of what the pack is made of: every file of its folder (by path and content,
    cached bytecode and hidden files left out) and the packs it extends. A game log keeps it,
    so a log is resumed under the pack it was played with."""
    from .trust import file_hashes
    h = hashlib.sha256()
    for parent in parents:
        h.update(parent.encode() + b"\0")
    for rel, sha in sorted(file_hashes(folder).items()):
        if "__pycache__" in rel.split("/") or any(part.startswith(".") for part in rel.split("/")):
            continue
        h.update(rel.encode() + b"\0" + sha.encode() + b"\0")
    return h.hexdigest()


def _with_vocab(rules: Rules, vocab: Vocabulary) -> Rules:
    from dataclasses import replace
    return replace(rules, vocab=vocab)


def load_pack(ref: str | Path, allow_plugins: bool = False, root: str | Path | None = None,
              trust: bool = False, overlay: Mapping[str, str] | None = None,
              known: Mapping[Path, Pack] | None = None) -> Pack:
    """Load a shipped pack by name or a pack folder by path; raises PackError listing all problems.

    A pack is data: its plug-ins (Python code) run only when `allow_plugins` is true, the
    user's consent (then remembered, with `trust`), or with `trust` when the user trusted those
    very files before (dsl/trust.py). `extends` may name shipped packs and folders inside
    `root` (default: the folder holding the pack's folder). `overlay` maps resolved file paths
    to the text an editor holds for them (read instead of the disk: the language server);
    `known` maps resolved folders to packs already loaded (with the same consent and root),
    taken as they are when extended instead of being read again."""
    folder, problem = resolve_pack(str(ref))
    if folder is None:
        raise PackError([Diagnostic(str(ref), 0, 0, problem or "not found", kind="missing")])
    col = _Collector(allow_plugins, Path(root).resolve() if root else folder.parent, trust, overlay)
    for where, known_pack in (known or {}).items():
        col.packs[where] = (known_pack, False)
    col.packs[folder] = (None, True)  # extending the pack being loaded is a cycle
    col.named = folder.resolve()
    pack = _PackBuilder(col, (folder,)).build(folder)
    if col.more:
        col.diags.append(Diagnostic(_shown(str(folder / MANIFEST)), 0, 0,
                                    f"{col.more} more problem(s) not listed (at most "
                                    f"{LIMITS.diagnostics} are)", kind="limit"))
    if col.diags or pack is None:
        raise PackError(col.diags or [Diagnostic(str(folder), 0, 0, "pack could not be loaded")])
    short = deck_problems(pack)
    if short:  # a pack promises games at every player count it declares
        file, pos, length = pack.meta["deal_spot"]
        raise PackError([Diagnostic(file, pos[0], pos[1], why, "", length, "range") for why in short])
    pack.meta["warnings"] = []
    pack.meta["trusted_now"] = col.trusted_now
    return pack


def _deal_spot(manifest: YamlDoc) -> tuple[str, tuple[int, int], int]:
    """Where a deck too small for a declared player count is reported: the pack's own
    `players`, else what it removes, else what it extends, else its name."""
    for path in (("rules", "players"), ("remove",), ("extends",), ("name",)):
        if tuple(path) in manifest.values:
            return _shown(manifest.file), manifest.where(path), manifest.width(path)
    return _shown(manifest.file), (1, 1), 1

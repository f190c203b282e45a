"""Completion inside card text: the words the grammar accepts at the cursor (Lark's
interactive parser fed the text before it) and, where it takes a name, the names of the pack
that fit there (colours before `card`, resources, token kinds, tracks, decks, effect words of
plug-ins and of the pack, the rules numbers `rule` changes); in a chain or a `remove`, the
pack's card names."""
from __future__ import annotations

import re
from dataclasses import dataclass

from lark import Token
from lark.exceptions import LarkError

from dsl.grammar import PARSER
from dsl.laws import RULE_NUMBERS
from dsl.model import Pack
from dsl.registry import EFFECTS
from dsl.text_errors import expected_words
from dsl.vocab import Vocabulary

from .locate import NAME_FIELDS, Spot


@dataclass(frozen=True)
class Item:
    label: str
    detail: str  # what it is: "keyword", "colour", "resource", "card", ...


def _accepts(head: str, start: str) -> tuple[set[str], set[str]] | None:
    """(terminals accepted after `head`, terminals accepted after one more NAME there), or
    None when `head` itself does not parse (nothing sensible to offer)."""
    try:
        ip = PARSER.parse_interactive(head, start=start)
        ip.exhaust_lexer()
        now = set(ip.accepts())
    except LarkError:
        return None
    after: set[str] = set()
    if "NAME" in now:
        try:
            probe = ip.copy()
            probe.feed_token(Token("NAME", "x"))
            after = set(probe.accepts())
        except LarkError:
            pass
    return now, after


def _name_kinds(effect: list[str], after: set[str], vocab: Vocabulary, start: str) -> list[Item]:
    """The pack's names that fit where the grammar takes a NAME, told apart by the effect's
    word and by what the grammar takes after the name."""
    first = effect[0] if effect else ""
    prev = effect[-1] if effect else ""
    out: list[Item] = []

    def add(names: tuple[str, ...] | list[str], what: str) -> None:
        out.extend(Item(n, what) for n in names)

    counted = bool({"CARD", "CARDS"} & after) and "PRODUCED" in after  # `per` / `needs` / `if most`
    if start == "cost" and not counted:
        add(vocab.resources, "resource")
        add(("coin", "coins"), "coins")
    elif counted:
        add(vocab.colors, "card colour (`COLOUR card`)")
        add(vocab.tokens, "token kind")
        add(vocab.resources, "resource (`RESOURCE produced`)")
    elif {"CARD", "CARDS"} & after or "SLASH" in after and first in ("copy", "discard", "free"):
        add(vocab.colors, "card colour")
    elif not effect:  # an effect's first word: plug-in and pack-defined words
        add(sorted(vocab.plugin_words), "plug-in effect word")
        add(sorted(getattr(vocab, "words", {}) or {}), "effect word defined by the pack")
    elif first == "science":
        add(vocab.symbols, "science symbol")
    elif first in ("produce", "buy"):
        add(vocab.resources, "resource")
        if first == "buy":
            add((*vocab.resource_classes, "any"), "resource class")
    elif first == "advance":
        if prev == "advance":
            add(vocab.tracks, "track")
        else:
            add(vocab.resources, "resource")
            add(("coin", "coins"), "coins")
    elif first in ("tokens", "token", "remove"):
        add(vocab.tokens, "token kind")
        add(("defeat", "victory"), "conflict token")
    elif first in ("draw", "build", "bury"):
        add(vocab.decks, "deck")
    elif first == "rule":
        if prev == "token":
            add(vocab.tokens, "token kind")
        else:
            out.extend(Item(n, f"rules number: {RULE_NUMBERS[n][0]}") for n in RULE_NUMBERS)
    else:
        add(vocab.colors, "card colour")
        add(vocab.resources, "resource")
    return out


def text_completions(spot: Spot, vocab: Vocabulary) -> list[Item]:
    """What may be written at the cursor inside an effect or a cost."""
    start = "cost" if spot.card_text == "cost" else "effects"
    before = spot.text[:spot.offset]
    prefix = re.search(r"[a-z_]*$", before).group()  # the word being typed
    head = before[:len(before) - len(prefix)]
    got = _accepts(head, start)
    if got is None:
        return []
    now, after = got
    items = [Item(w, "effect word" if w in EFFECTS else "keyword")
             for w in sorted(set(expected_words(now)))]
    if "NAME" in now:
        effect = head.rsplit(";", 1)[-1].split()
        items += _name_kinds(effect, after, vocab, start)
    seen: set[str] = set()
    out = []
    for it in items:
        if it.label.startswith(prefix) and it.label not in seen:
            seen.add(it.label)
            out.append(it)
    return out


def completions(spot: Spot, vocab: Vocabulary, pack: Pack | None) -> list[Item]:
    if spot.card_text:
        return text_completions(spot, vocab)
    prefix = spot.text[:spot.offset]
    names: list[Item] = []
    if spot.field in NAME_FIELDS and pack is not None:
        names = [Item(c.name, f"card, age {c.age}" if not c.deck else f"card, deck {c.deck}")
                 for c in pack.cards]
        if spot.field == "remove":
            names += [Item(w.name, "wonder") for w in pack.wonders]
    elif spot.field == "color":
        names = [Item(c, "card colour") for c in vocab.colors]
    elif spot.field == "resource":
        names = [Item(r, "resource") for r in vocab.resources]
    elif spot.field == "deck":
        names = [Item(d, "deck") for d in vocab.decks]
    seen: set[str] = set()
    out = []
    for it in names:
        if it.label.lower().startswith(prefix.lower()) and it.label not in seen:
            seen.add(it.label)
            out.append(it)
    return out

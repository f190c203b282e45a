"""Hover: what the thing under the cursor means, in Markdown.

On card text: its canonical form (dsl/printer.py) and English reading (dsl/english.py), or
why it does not read yet; on an effect word, its entry of the reference (dsl/registry.py,
the table docs/effects.md is made from); on a card name, the card's line of `wonders cards`
(dsl/card_row.py); on an `extends` entry, the pack it names."""
from __future__ import annotations

from dsl.card_row import card_line
from dsl.english import cost_english, effects_english
from dsl.model import Pack
from dsl.packref import resolve_pack
from dsl.parser import parse_cost, parse_effects
from dsl.printer import cost_text, effects_text
from dsl.registry import EFFECTS, PLUGINS
from dsl.text_errors import CardTextError
from dsl.vocab import Vocabulary

from .locate import Spot, card_name_at, word_at


def reading(text: str, what: str, vocab: Vocabulary) -> tuple[str, str] | str:
    """(canonical, English) of card text, or the first problem as a sentence."""
    try:
        if what == "cost":
            cost = parse_cost(text, vocab)
            return cost_text(cost), cost_english(cost)
        effects = parse_effects(text, vocab)
        return effects_text(effects), effects_english(effects, vocab)
    except CardTextError as err:
        e = err.errors[0]
        return f"{e.message} (at {e.line}:{e.column})"


def word_entry(word: str, vocab: Vocabulary) -> str:
    """The reference entry of an effect word: built in, plug-in or defined by the pack."""
    spec = EFFECTS.get(word)
    if spec is not None:
        return f"**`{spec.word}`** ({spec.phase})\n\n{spec.summary}\n\nSyntax: `{spec.syntax}`"
    defined = getattr(vocab, "words", {}) or {}
    if word in defined:  # a word the pack defines (`words:` in pack.yaml)
        d = defined[word]
        usage = d.usage() if hasattr(d, "usage") else word
        return f"**`{word}`** (defined by the pack)\n\n{getattr(d, 'doc', '')}\n\nUsage: `{usage}`"
    if word in vocab.plugin_words and word in PLUGINS:
        plug = PLUGINS[word]
        doc = getattr(plug, "doc", "") or getattr(plug, "summary", "")
        return f"**`{word}`** (a plug-in word)\n\n{doc}"
    return ""


def _names(vocab: Vocabulary, word: str) -> str:
    """What kind of name `word` is in this pack: a colour, a resource, a token kind..."""
    kinds = [("a card colour", vocab.colors), ("a resource", vocab.resources),
             ("a resource class", tuple(vocab.resource_classes)), ("a science symbol", vocab.symbols),
             ("a token kind", vocab.tokens), ("a track", vocab.tracks), ("a deck", vocab.decks)]
    found = [k for k, names in kinds if word in names]
    return f"`{word}`: {' and '.join(found)} of this pack" if found else ""


def hover_text(spot: Spot, vocab: Vocabulary, pack: Pack | None) -> str:
    what = spot.card_text
    if what:
        parts = []
        word, _ = word_at(spot.text, spot.offset)
        entry = word_entry(word, vocab) or _names(vocab, word)
        got = reading(spot.text, what, vocab)
        if isinstance(got, tuple):
            parts.append(f"```\n{got[0]}\n```\n{got[1]}")
        else:
            parts.append(f"does not read yet: {got}")
        if entry:
            parts.append(entry)
        return "\n\n---\n\n".join(parts)
    name = card_name_at(spot) or (spot.text if spot.field == "name" and spot.path[:1] == ("cards",) else "")
    if name and pack is not None:
        lines = [card_line(c, pack.rules) for c in pack.cards if c.name == name]
        if lines:
            return "\n\n".join(lines)
        return f"no card named \"{name}\" in the pack (as last loaded)" if spot.field != "name" else ""
    if spot.field == "extends":
        folder, problem = resolve_pack(spot.text)
        return f"pack `{spot.text}`: {folder}" if folder else problem
    return ""

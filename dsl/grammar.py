"""The grammar (dsl/effects.lark) loaded once: one module-level LALR parser for effects and
costs, and the words it knows (for "did you mean" and for the list of effect words)."""
from __future__ import annotations

from lark import Lark

from .registry import EFFECTS

PARSER = Lark.open("effects.lark", rel_to=__file__, parser="lalr",
                   start=["effects", "cost"], propagate_positions=True,
                   maybe_placeholders=False, cache=True)

KEYWORDS = sorted({t.pattern.value for t in PARSER.terminals
                    if t.pattern.type == "str" and t.pattern.value.isalpha()})


def start_words() -> set[str]:
    """The literal words the grammar accepts as the first word of an effect."""
    accepted = PARSER.parse_interactive("", start="effects").accepts()
    words = set()
    for term in accepted:
        try:
            pat = PARSER.get_terminal(term).pattern
        except KeyError:
            continue
        if pat.type == "str":
            words.add(pat.value)
    return words


# The registry words an effect starts with, in registry order (`when` follows its effect).
EFFECT_WORDS = tuple(w for w in EFFECTS if w in start_words())

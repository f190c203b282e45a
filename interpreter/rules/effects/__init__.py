"""Effect handlers: one module per registry word, compiling an AST node into the fast path or
a Hook (interpreter/rules/contribution.py says what a hook may do and when the game calls it).

Each `<word>.py` here holds the word's hooks and its handler, registered with
@handles(word, *fields) (base.py). The modules are found by listing this package, so a new
word is a new file. A word defined over a primitive (dsl/definitions.py: `coins`, `tokens`,
`lose`/`gain` over the gain primitive, `science` over hold, `discount`, `surcharge`, `rebate`
over the cost change primitive) has no module: its parse becomes the primitive's node, compiled
by the primitive's handler (gain.py, hold.py, cost_change.py); a word whose row covers some of its
forms alone (`produce`, `shields`: their flat forms are hold) keeps a module for the others, its
hooks. The checks below make sure the handlers cover
dsl.registry.EFFECTS exactly (an engine word's own handler, or a definition) and the primitives,
and that each reads every field of its node. Plug-in words go through the same
hooks (plugin.py): each becomes a PluginHook whose flags come from the hooks its handler
defines. How to add a word: docs/modding.md, "Adding a word to the language".
"""
from __future__ import annotations

import dataclasses
import importlib
import pkgutil

from dsl import ast as A
from dsl.definitions import DEFINITIONS, PRIMITIVES, unmapped_fields
from dsl.registry import EFFECTS, PLUGINS

from interpreter.rules.contribution import Contribution, Hook
from interpreter.rules.effects.base import HANDLERS, READS, Builder, Event, compile_node, handles
from interpreter.rules.effects.plugin import PluginHandler, PluginHook

for _info in pkgutil.iter_modules(__path__):  # every word's module registers its handler
    importlib.import_module(f"{__name__}.{_info.name}")

# the hooks by name, for the native core's lowering (interpreter/native/lower.py) and tests
from interpreter.rules.effects.build import DiscardBuildHook, HandBuildHook  # noqa: E402
from interpreter.rules.effects.remove import RemoveTokensHook  # noqa: E402
from interpreter.rules.effects.bury import BuryHook  # noqa: E402
from interpreter.rules.effects.copy_card import CopyAtEnd, CopyNow  # noqa: E402
from interpreter.rules.effects.discard import DiscardOwnHook  # noqa: E402
from interpreter.rules.effects.cost_change import CostChange  # noqa: E402
from interpreter.rules.effects.draw import DrawHook  # noqa: E402
from interpreter.rules.effects.free import FreeBuildPower  # noqa: E402
from interpreter.rules.effects.give import GiveDefeatsRule  # noqa: E402
from interpreter.rules.effects.play import PlayLastPower  # noqa: E402
from interpreter.rules.effects.produce import RelativeProduction  # noqa: E402
from interpreter.rules.effects.shields import StrengthHook  # noqa: E402
from interpreter.rules.effects.gain import GainHook  # noqa: E402
from interpreter.rules.effects.vp import VictoryHook  # noqa: E402
from interpreter.rules.effects.when import TriggerHook  # noqa: E402


def engine_words() -> set[str]:
    """The registry words with a handler of their own: the words no row defines, and those whose
    row covers some of their forms alone (`only`: the others are the word's hooks)."""
    return (set(EFFECTS) - set(DEFINITIONS)) | {w for w, d in DEFINITIONS.items() if d.only}


def unread_fields() -> dict[str, set[str]]:
    """Per word (or primitive), the fields of its AST node its handler does not declare it reads
    (and any it declares that the node lacks), and per defined word the fields its definition
    does not map: empty when every parameter of every word is used."""
    out = unmapped_fields()
    nodes = {w: EFFECTS[w].node for w in engine_words()} | {p.name: p.node for p in PRIMITIVES.values()}
    for word, node in nodes.items():
        fields = {f.name for f in dataclasses.fields(node)} - {"line", "column"}
        diff = fields ^ set(READS.get(word, ()))
        if diff:
            out[word] = diff
    return out


if set(HANDLERS) != engine_words() | set(PRIMITIVES):  # pragma: no cover - caught by the test suite too
    raise RuntimeError(f"effect handlers out of step with the registry and the primitives: "
                       f"{sorted(set(HANDLERS) ^ (engine_words() | set(PRIMITIVES)))}")
if unread_fields():  # pragma: no cover - caught by the test suite too
    raise RuntimeError(f"effect handlers that do not read every field of their word: {unread_fields()}")


def handler_docs() -> dict[str, tuple[str, str]]:
    """Per word: its handler's file and the module's docstring (for the effect reference); a
    defined word: its primitive's handler, said to be a definition."""
    out = {}
    for word, fn in HANDLERS.items():
        module = importlib.import_module(fn.__module__)
        doc = " ".join((module.__doc__ or "").split())
        out[word] = (fn.__module__.replace(".", "/") + ".py", doc)
    for word, d in DEFINITIONS.items():
        if d.only:  # its module runs its other forms and says so
            continue
        path, _ = out[d.primitive]
        out[word] = (path, f"`{word}` is a definition over the {d.primitive} primitive (its row in "
                           f"[`dsl/definitions.py`](../dsl/definitions.py): what its parse becomes, its "
                           f"English); this module runs the primitive.")
    return {w: out[w] for w in EFFECTS}


def compile_effects(effects: tuple[A.Effect, ...], ix: object) -> Contribution:
    """AST effects -> one frozen Contribution (a pack's defined words: their expansion)."""
    b = Builder(len(ix.res), len(ix.sym))  # type: ignore[attr-defined]
    for e in A.expanded(effects):
        if isinstance(e, A.PluginEffect):
            spec = PLUGINS[e.word]
            b.hooks.append(PluginHook(spec.handler, e.args, spec.value, spec.word))
            continue
        compile_node(e, b, ix)
    return Contribution(
        tuple(b.fixed), tuple(b.fixed_private), tuple(b.choices), tuple(b.choices_private),
        b.shields, tuple(b.science), tuple(b.science_wild), tuple(b.discounts), tuple(b.hooks))


__all__ = ["HANDLERS", "READS", "Builder", "Event", "Hook", "PluginHandler", "PluginHook", "compile_effects",
           "handles", "handler_docs", "unread_fields", "engine_words", "GainHook", "VictoryHook", "FreeBuildPower", "PlayLastPower",
           "DiscardBuildHook", "HandBuildHook", "DrawHook", "GiveDefeatsRule", "RelativeProduction",
           "StrengthHook", "CopyAtEnd", "CopyNow", "CostChange", "DiscardOwnHook", "BuryHook",
           "TriggerHook", "RemoveTokensHook"]

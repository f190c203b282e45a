"""`wonders explain "EFFECT TEXT"`: canonical form, English text and AST of card text."""
from __future__ import annotations

import argparse
import dataclasses
import sys
from typing import Any

from dsl import ast as A
from dsl.definitions import primitives_text
from dsl.english import cost_english, effects_english
from dsl.parser import parse_cost, parse_effects
from dsl.text_errors import CardTextError
from dsl.printer import cost_text, effects_text

from .common import print_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("explain", help="show how card text is read",
                       description="Parse card text and show its canonical form, English text and AST.")
    p.add_argument("text", help='effect text, e.g. "coins 1 per brown card in left, self, right"')
    p.add_argument("--cost", action="store_true", help="the text is a cost, e.g. '2 stone, ore'")
    p.add_argument("--pack", help="check names against this pack's rules (default: base game words)")
    p.add_argument("--project", action="store_true",
                   help="the text names one of the pack's shared projects (needs --pack): show "
                        "its cost, joiners needed, reward and penalty in English")
    p.add_argument("--json", action="store_true", help="print as JSON")
    p.set_defaults(func=run)


def to_data(node: Any) -> Any:
    if dataclasses.is_dataclass(node):
        out: dict[str, Any] = {"type": type(node).__name__}
        for f in dataclasses.fields(node):
            if f.compare:
                out[f.name] = to_data(getattr(node, f.name))
        return out
    if isinstance(node, tuple):
        return [to_data(x) for x in node]
    return node


def explain_project(args: argparse.Namespace) -> int:
    """A shared project by name: canonical parts and English (an unknown name: did you mean)."""
    from dsl.projects import project_english
    from dsl.text_errors import did_you_mean

    from .cards_cmd import project_data
    from .common import fail, load_or_report
    if not args.pack:
        return fail("--project needs --pack PACK: projects belong to a pack")
    pack = load_or_report(args.pack)
    by_name = {p.name: p for p in pack.projects}
    project = by_name.get(args.text)
    if project is None:
        known = ", ".join(by_name) or "none"
        return fail(f'pack \'{pack.name}\' has no project named "{args.text}"'
                    f"{did_you_mean(args.text, list(by_name))} (its projects: {known})")
    if args.json:
        print_json({"valid": True, **project_data(project)})
        return 0
    cost = cost_text(project.cost)
    print(f"project:   {project.name} (age {project.age})")
    print(f"cost:      {cost}")
    print("needed:    " + ", ".join(f"{k} with {n} players" for n, k in project.needed))
    print(f"reward:    {effects_text(project.reward)}")
    print(f"penalty:   {effects_text(project.penalty) if project.penalty else '(none)'}")
    print(f"completes: {project.completes}")
    print(f"english:   {project_english(project)}")
    return 0


def run(args: argparse.Namespace) -> int:
    if args.project:
        return explain_project(args)
    vocab = None
    if args.pack:
        from .common import load_or_report
        vocab = load_or_report(args.pack).rules.vocab
    else:
        from dsl.vocab import BASE_VOCABULARY
        vocab = BASE_VOCABULARY
    expands = runs = ""
    try:
        if args.cost:
            cost = parse_cost(args.text, vocab)
            canon, english, tree = cost_text(cost), cost_english(cost), to_data(cost)
        else:
            effects = parse_effects(args.text, vocab)
            canon, english, tree = effects_text(effects), effects_english(effects, vocab), to_data(effects)
            if A.expanded(effects) != effects:  # the pack's own words: what the engines run
                expands = effects_text(A.expanded(effects))
            runs = primitives_text(effects)  # the built-in words defined over a primitive
    except CardTextError as err:
        if args.json:
            print_json({"valid": False, "errors": [
                {"line": e.line, "column": e.column, "message": e.message} for e in err.errors]})
        else:
            print(err.render(), file=sys.stderr)
        return 1
    if args.json:
        print_json({"valid": True, "canonical": canon, "english": english, "ast": tree,
                    **({"expands": expands} if expands else {}), **({"runs_as": runs} if runs else {})})
        return 0
    print(f"canonical: {canon}")
    if expands:
        print(f"expands:   {expands}")
    print(f"english:   {english}")
    if runs:
        print(f"runs as:   {runs}")
    print("ast:")
    import json
    for line in json.dumps(tree, indent=2).splitlines():
        print(f"  {line}")
    return 0

"""`wonders new PACK_DIR`: scaffold a pack that validates, plays and simulates at once."""
from __future__ import annotations

import argparse
import re
from pathlib import Path

from dsl.schema import schema_json

from .common import fail
from .editor_files import write_editor_files

MODELINE = "# yaml-language-server: $schema=./pack.schema.json\n"

MANIFEST = """{modeline}name: {name}
version: 0.1.0
description: "{description}"
extends: [{extends}]
# Override any rules parameter of the extended pack here, e.g.:
# rules:
#   starting_coins: 4
"""

CARDS = """{modeline}# Cards of this pack. Effects and costs are written in the card language:
# see docs/effects.md, or try `wonders explain "vp 1 per brown card in neighbors"`.
cards:
  - name: Cartographers Guild
    age: 3
    color: purple
    cost: 2 wood, 2 papyrus
    effect: vp 1 per yellow/blue card in neighbors
"""

WONDERS = """{modeline}# Wonder boards: side A (Day) and side B (Night); each stage has a cost and an effect.
# This example is balanced as shipped (both sides win about their fair share at 3, 4 and 6
# players with greedy bots), so it does not skew `wonders compare` until you change it.
wonders:
  - name: Beacon of {title}
    sides:
      A:
        alias: Day
        resource: glass
        stages:
          - cost: 2 wood
            effect: vp 3
          - cost: 2 clay
            effect: coins 9
          - cost: 2 ore, glass
            effect: vp 7
      B:
        alias: Night
        resource: glass
        stages:
          - cost: 2 stone
            effect: vp 3; buy raw from neighbors for 1
          - cost: 3 wood, loom
            effect: vp 5; shields 1
"""

README = """# {name}

A card pack for the 7 Wonders card language{extends_text}.

- `wonders validate {path}` checks it (add `--watch` to re-check on every save);
- `wonders cards {path}` and `wonders wonders {path}` list what it holds;
- `wonders play --pack {path} --players 4` plays a game with bots;
- `wonders compare --pack base --pack {path}` tells whether each new card is too strong or too weak (and `wonders budget {path}` gives a first estimate before any game).

Files: `pack.yaml` (the manifest and rules), `cards.yaml`, `wonders.yaml`. `pack.schema.json` lets editors
with the YAML language server check and complete the files (regenerate it with `wonders schema -o`).
`.vscode/`, `.helix/` and `.nvim.lua` start `wonders lsp` in VS Code, Helix and Neovim, which check,
explain and complete the card text as you type (install it with `pip install 'wonders-dsl[lsp]'`;
see docs/editor.md).
"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("new", help="start a new pack folder",
                       description="Create a pack folder with a manifest, an example card, an example "
                                   "wonder, the JSON Schema for editors and a README.")
    p.add_argument("folder", metavar="PACK_DIR")
    p.add_argument("--extends", default="base", help="pack to build on (default: base; '' for none)")
    p.add_argument("--name", help="pack name (default: from the folder name)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    folder = Path(args.folder)
    if folder.exists() and any(folder.iterdir()):
        return fail(f"{folder} already exists and is not empty")
    name = args.name or re.sub(r"[^a-z0-9_-]+", "-", folder.name.lower()).strip("-") or "my-pack"
    if not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", name):
        return fail(f"'{name}' is not a valid pack name (lower-case letters, digits, - and _)")
    folder.mkdir(parents=True, exist_ok=True)
    extends = args.extends or ""
    fmt = {"modeline": MODELINE, "name": name, "extends": extends, "title": name.replace("-", " ").title(),
           "description": f"{name}: a variant of {extends}" if extends else f"{name}: a new game",
           "extends_text": f", extending `{extends}`" if extends else "", "path": str(folder)}
    (folder / "pack.yaml").write_text(MANIFEST.format(**fmt), encoding="utf-8")
    (folder / "cards.yaml").write_text(CARDS.format(**fmt), encoding="utf-8")
    (folder / "wonders.yaml").write_text(WONDERS.format(**fmt), encoding="utf-8")
    (folder / "README.md").write_text(README.format(**fmt), encoding="utf-8")
    (folder / "pack.schema.json").write_text(schema_json(), encoding="utf-8")
    editors = write_editor_files(folder)
    print(f"created pack '{name}' in {folder}/ (pack.yaml, cards.yaml, wonders.yaml, README.md, "
          f"pack.schema.json; editor settings for `wonders lsp`: {', '.join(editors)})")
    print(f"next: wonders validate {folder}")
    return 0

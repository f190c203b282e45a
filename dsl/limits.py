"""Limits on what a pack (or a STATE file) may hold, so that opening one from a stranger is
bounded in time and memory. Each is far above what real packs need (docs/pack-format.md,
"Limits", gives the table and what real packs use); going past one is a located error.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    file_bytes: int = 1_000_000        # one YAML file (the base pack's largest: 20 kB)
    pack_bytes: int = 4_000_000        # every YAML file of one pack folder together
    files_per_pack: int = 100          # YAML files in one pack folder
    yaml_depth: int = 32               # nesting of mappings and lists (packs use 6)
    yaml_nodes: int = 100_000          # values in one file, aliases counted expanded
    scan_depth: int = 200              # the cheap pre-scan before YAML parsing (brackets, indent)
    number_digits: int = 9             # digits of any number in a pack file or STATE file
    extends_depth: int = 16            # packs in one chain of `extends`
    packs_per_load: int = 64           # distinct packs one load may read
    cards: int = 1_000                 # cards in a pack, extended ones included (base: 78)
    wonders: int = 100                 # wonder boards in a pack (base: 7)
    stages: int = 10                   # stages on one wonder side (base: 4)
    list_items: int = 1_000            # entries in `remove`, `players`, `extends`, `plugins`, ...
    effects_per_text: int = 12         # effects joined by ';' on one card or stage (base: 2)
    expansion: int = 40                # effects one use of a defined word expands to
    words: int = 200                   # words one pack defines (`words:`)
    text_chars: int = 2_000            # one effect or cost text
    units: int = 10                    # of one resource in one `produce` or cost item (base: 4)
    cost_units: int = 12               # resources in one cost, all together (base: 7)
    cost_resources: int = 8            # different resources in one cost (base: 7)
    amount: int = 100                  # coins, points, shields, trade price in card text
    choice_width: int = 10             # resources in one either/or, symbols in one `science` choice
    players: int = 10                  # most players a pack's rules may allow (expansions: 8)
    ages: int = 10                     # ages in the rules (base: 3)
    hand_size: int = 20                # cards dealt per player per age (base: 7)
    resources: int = 16                # resource names in the rules (base: 7)
    symbols: int = 4                   # science symbols in the rules (base: 3)
    wild_symbols: int = 40             # science choices (`any`, `a/b`) over a pack's cards and stages
    colors: int = 16                   # card colours in the rules (base: 7)
    tracks: int = 16                   # tracks a pack declares (a published expansion: 4)
    track_steps: int = 20              # steps of one track (a published expansion: 6)
    coins: int = 1_000                 # starting coins, sell value, victory values, ...
    diagnostics: int = 200             # problems printed for one pack (the rest are counted)
    state_bytes: int = 1_000_000       # a STATE file
    held: int = 5_000                  # coins, or tokens of one kind, a city may hold at a turn's
    #                                    start: past it both cores stop the game (a runtime bound
    #                                    for numbers that compound, e.g. losses per debt)
    log_bytes: int = 20_000_000        # a game log (a 7-player game with every deal: about 200 kB)
    log_depth: int = 12                # nesting of a game log (it needs 6)
    state_depth: int = 8               # nesting in a STATE file
    tokens: int = 100                  # military tokens in one STATE city


LIMITS = Limits()

"""A pack's law tower (`rules: tower:`): its tiles parsed and checked, all problems located.

The tower is shared by the table: each player draws tiles at the start; a hand card spent
like a sale places one of them; the most recent `visible` tiles make their laws (changes of
rules numbers, `rule ...`) for every city while visible (docs/pack-format.md, "A law tower").
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from . import ast as A
from .model import LawTile, Rules, TowerDecl

Parse = Callable[[tuple[Any, ...], str, str], Any]
Bad = Callable[[tuple[Any, ...], str], None]


def build_tower(raw: Any, rules: Rules, parse: Parse, bad: Bad) -> TowerDecl | None:
    """The tower of `raw` (the schema has checked its shape); `parse(path, text, subject)`
    parses an effect text and reports its errors; `bad(path, message)` reports a problem."""
    if not isinstance(raw, dict) or not isinstance(raw.get("tiles"), list):
        return None
    tiles = []
    seen: set[str] = set()
    for i, t in enumerate(raw["tiles"]):
        if not isinstance(t, dict):
            continue
        name, text = str(t.get("name", "")), str(t.get("effect", ""))
        if name in seen:
            bad(("tower", "tiles", i, "name"), f"tower: two law tiles named \"{name}\"")
        seen.add(name)
        effects = A.expanded(parse(("rules", "tower", "tiles", i, "effect"), text, f'law tile "{name}"') or ())
        for e in effects:
            if not isinstance(e, A.RuleChange):
                bad(("tower", "tiles", i, "effect"), f"tower: law tile \"{name}\": a law changes rules "
                    "numbers only (`rule trade_price +1`, ...), not other effects")
            elif e.sides != ("self",) and len(e.sides) != 3:
                bad(("tower", "tiles", i, "effect"), f"tower: law tile \"{name}\": a law holds for "
                    "every city: leave out `for ...`")
        every = ("left", "self", "right")  # a law holds for every city
        tiles.append(LawTile(name, text, tuple(replace(e, sides=every) for e in effects
                                               if isinstance(e, A.RuleChange))))
    visible = raw.get("visible", 3)
    by_count = {int(k): int(v) for k, v in visible.items()} if isinstance(visible, dict) else \
        {n: int(visible) for n in range(rules.min_players, rules.max_players + 1)}
    draw = int(raw.get("draw", 3))
    line = str(raw.get("line", "wonder"))
    if line not in rules.score_lines:
        bad(("tower", "line"), f"tower: unknown score-pad line '{line}' (lines: {', '.join(rules.score_lines)})")
    players = [s for s in range(rules.min_players, rules.max_players + 1)]
    short = [n for n in players if n * draw > len(tiles)]
    if short:
        bad(("tower", "draw"), f"tower: {short[-1]} players drawing {draw} tiles each need "
            f"{short[-1] * draw}, and the tower has {len(tiles)}")
    return TowerDecl(tuple(tiles), by_count, draw, tuple(int(p) for p in raw.get("points", (2, 5, 10))), line)


def tower_effects(tower: TowerDecl | None) -> list[tuple[tuple[Any, ...], str, tuple[Any, ...]]]:
    """(path in the manifest, subject, effects) of every tile, for the pack-wide checks of rules
    changes (every tile counted as if visible at once: a bound, as for the cards)."""
    return [(("rules", "tower", "tiles", i, "effect"), f'law tile "{t.name}"', t.effects)
            for i, t in enumerate(tower.tiles)] if tower else []

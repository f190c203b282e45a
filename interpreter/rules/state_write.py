"""One city as an entry of a STATE file (docs/formats.md), as a game writes it; reading it back
is interpreter/rules/statefile.py's."""
from __future__ import annotations

from typing import Any

from interpreter.rules.city import City
from interpreter.rules.gained import chosen_of, points_of


def city_state(c: City, tracks: Any = ()) -> dict[str, Any]:
    """One city as a STATE entry; `tracks`: the pack's compiled tracks (their names)."""
    out = {"name": c.name, "wonder": c.side.wonder, "side": c.side.side, "stages": c.stages_built
           if not c.side.any_order else [k + 1 for k in c.built_stages],  # which, when any order
           "cards": [card.name for card in c.cards], "coins": c.coins, "tokens": list(c.tokens)}
    hands = {name: [card.name for card in cards] for name, cards in c.hands.items() if cards}
    if hands:
        out["hands"] = hands
    if c.copied_now:
        out["copied"] = [card.name for card in c.copied_now]
    kinds = {k: v for k, v in c.token_counts.items() if v}
    if kinds:
        out["token_kinds"] = kinds
    if any(c.track_pos):
        out["tracks"] = {t.name: pos for t, pos in zip(tracks, c.track_pos) if pos}
    if c.gained:
        out["points"] = points_of(c)  # what `vp ... when ...` triggers gave so far
    if c.chosen:
        out["chosen"] = chosen_of(c)  # the lasting options its `choose ...` cards took
    if c.unowned:
        out["free_city"] = True
    return out

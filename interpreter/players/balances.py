"""What each city has after each turn (coins, tokens, shields, production, running score),
and the game log as written to a file: the engine's log with the pack's name, version and
content hash, and these balances.

The balances are taken where the game rests (before the next decision, or at the end), so a
turn's effects, income, losses and an age's conflicts are in; they are kept beside the log,
not in it, so the log a game produces while it plays (and the games' digests) is unchanged.
"""
from __future__ import annotations

from typing import Any

from interpreter.rules.scoring import score_table


def snapshot(game: Any) -> dict[str, Any]:
    """Each city's balances now, after the first `after` turns of the log."""
    pads = score_table(game.table, game.rules)
    res = game.cp.resources
    cities = []
    for city, pad in zip(game.cities, pads):
        production = {res[r]: n for r, n in enumerate(city.fixed) if n}
        choices = ["/".join(res[r] for r in ch) for ch in city.choices]
        tokens = {"conflict": sum(city.tokens), **{k: v for k, v in sorted(city.token_counts.items()) if v}}
        cities.append({"coins": city.coins, "shields": city.shields, "tokens": tokens,
                       "production": {**production, **({"choice": choices} if choices else {})},
                       "score": pad["total"]})
    turns = game.log["turns"]
    last = turns[-1] if turns else {}
    return {"after": len(turns), "age": last.get("age", game.age), "turn": last.get("turn", game.turn),
            "cities": cities}


def log_document(game: Any) -> dict[str, Any]:
    """The game log as written to a file (`play --log`, an interrupted game, the browser's
    download): the pack's name, version and content hash first, then the engine's log, then
    the balances after each turn (when the game kept them)."""
    pack = game.cp.pack
    doc = {"pack": pack.name, "pack_version": pack.version,
           "pack_hash": pack.meta.get("content_hash", ""), **game.log}
    kept = getattr(game, "balances", None)
    if kept is not None:
        doc["balances"] = list(kept) + ([snapshot(game)] if not kept or kept[-1]["after"] != len(game.log["turns"]) else [])
    return doc

"""GameState.clone: an independent game at the same position, for search.

The compiled pack, the rules, the schedule and every card are shared (they never change);
the mutable state is copied by hand, one level deep where that is all that changes (a
deepcopy would copy the pack too, and costs a hundred times more). A test checks that no
list, dict or set of the game is left shared, so a field added later cannot slip through.
"""
from __future__ import annotations

from typing import Any

# fields that may stay shared: never changed after the game is made, or replaced whole
SHARED = frozenset({"sit_out_kinds", "scores", "views", "player_seats", "unowned"})


def clone_game(game: Any) -> Any:
    new = object.__new__(type(game))
    d = dict(game.__dict__)
    memo: dict[int, list[Any]] = {}  # id(list) -> copy: a list held twice stays one list

    def same(cards: list[Any]) -> list[Any]:
        got = memo.get(id(cards))
        if got is None:
            got = memo[id(cards)] = cards[:]
        return got

    cities = [c.copy(memo) for c in game.cities]  # second hands first: hands may be them
    d["cities"] = cities
    d["table"] = game.table.copy(cities)
    d["hands"] = [same(h) for h in game.hands]
    if game.saved_hands is not None:
        d["saved_hands"] = [same(h) for h in game.saved_hands]
    d["kept"] = [same(h) for h in game.kept]
    d["discard"], d["discard_known"] = game.discard[:], game.discard_known[:]
    d["box"], d["box_known"] = game.box[:], game.box_known[:]
    d["owed"], d["owed_hands"] = game.owed[:], game.owed_hands[:]
    d["gains"], d["losses"], d["extra"] = game.gains[:], game.losses[:], game.extra[:]
    d["settle_queue"] = game.settle_queue[:]
    d["second_rest"] = {s: same(h) for s, h in game.second_rest.items()}
    d["holders"], d["held_moves"], d["seat_turn"] = dict(game.holders), game.held_moves[:], game.seat_turn[:]
    d["pile_saved"] = {s: same(p) for s, p in game.pile_saved.items()}
    d["joins"], d["projects_done"] = dict(game.joins), dict(game.projects_done)
    d["fired"] = set(game.fired)
    d["fired_once"] = set(game.fired_once)
    d["dealt"] = dict(game.dealt)
    d["tower"] = game.tower[:]
    d["revealed"], d["zones"] = game.revealed[:], {k: v[:] for k, v in game.zones.items()}
    if game.records:  # only the current phase's record still changes
        d["records"] = game.records[:-1] + [game.records[-1].copy()]
    else:
        d["records"] = []
    if game.lineage is not None:
        d["lineage"] = game.lineage[:]
    d["rng"] = game.rng.copy()
    d["log"] = {k: (v[:] if isinstance(v, list) else v) for k, v in game.log.items()}
    new.__dict__ = d
    return new

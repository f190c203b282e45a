"""A native game's results in the Python engine's shapes: the score dict of Game.play() and the
per-game record the statistics fold (interpreter/sim/aggregate.game_record)."""
from __future__ import annotations

from typing import Any, Sequence

from ..bots import make_bots
from ..compiled import CompiledPack
from . import native_pack, start


def _copied(names: list[str]) -> Any:
    return names[0] if len(names) == 1 else (names or None)


def scores_of(cp: CompiledPack, game: Any, names: Sequence[str] | None = None) -> dict[str, Any]:
    """scoring.city_scores of the finished game."""
    pads, winners, copies = game.scores()
    lines = (*cp.rules.score_lines, "total")
    players = []
    for seat, pad in enumerate(pads):
        entry = {"name": names[seat] if names else f"P{seat + 1}", **dict(zip(lines, pad))}
        if copies[seat] is not None:
            entry["copied"] = _copied([cp.cards[c].name for c in copies[seat]])
        players.append(entry)
    return {"players": players, "winners": winners}


def sides_of(cp: CompiledPack, game: Any) -> list[tuple[str, str]]:
    order = list(cp.sides)
    return [order[c[0]] for c in game.cities()]


def card_plays(cp: CompiledPack, game: Any) -> list[dict[tuple[str, int], tuple[Any, ...]]]:
    """Per seat, sim.watch.card_play for a native game recorded with record=True: the
    native core kept the cards held and buildable at each decision and the coins each card's
    effects gave, and scores each built card's points from the final state."""
    pack = native_pack(cp)
    if not pack.has_card_keys:  # once per pack: the verdicts' keys and colours by card id
        pack.set_card_keys([(c.name, c.age) for c in cp.cards], [(c.color, c.color_name) for c in cp.cards])
    return game.plays()


def record_of(cp: CompiledPack, game: Any, bots: Sequence[str], scores: dict[str, Any]) -> dict[str, Any]:
    """aggregate.game_record for a native game (recorded with record=True)."""
    winners = set(scores["winners"])
    turns, actions, dealt_ids = game.counters()
    card = cp.cards
    plays = card_plays(cp, game)
    players = []
    for seat, ((w, s), city, pad) in enumerate(zip(sides_of(cp, game), game.cities(), scores["players"])):
        players.append({
            "wonder": f"{w} {s}", "seat": seat, "bot": bots[seat], "won": seat in winners,
            "score": {k: v for k, v in pad.items() if k not in ("name", "copied")},
            "built": [card[c].name for c in city[3]], "sold": [card[c].name for c in city[4]],
            "wonder_cards": [card[c].name for c in city[5]], "plays": plays[seat]})
    dealt: dict[str, int] = {}
    for c in dealt_ids or ():
        name = card[c].name
        dealt[name] = dealt.get(name, 0) + 1
    return {"players": players, "turns": turns, "actions": actions, "dealt": dealt}


def play_record(cp: CompiledPack, seed: int, n: int, bots: str, sides: str) -> dict[str, Any]:
    """One whole native game, as the record a simulation folds."""
    game = start(cp, seed, n, bots, sides, record=True)
    game.play()
    names = [getattr(b, "name", "?") for b in make_bots(bots, n)]
    return record_of(cp, game, names, scores_of(cp, game))

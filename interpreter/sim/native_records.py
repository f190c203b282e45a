"""A native game's results in the Python engine's shapes: the score dict of Game.play() and the
per-game record the statistics fold (interpreter/sim/aggregate.game_record)."""
from __future__ import annotations

from typing import Any, Sequence

from interpreter.players.roster import make_bots
from interpreter.rules.compiled import CompiledPack
from interpreter.sim.cards import CardTally, CardVerdicts
from interpreter.native import native_pack, start


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


def _keyed(cp: CompiledPack) -> Any:
    """The native pack, told once each card's verdict key and colour (sim.watch.CardKey)."""
    pack = native_pack(cp)
    if not pack.has_card_keys:
        pack.set_card_keys([(c.name, c.age) for c in cp.cards], [(c.color, c.color_name) for c in cp.cards])
    return pack


def card_plays(cp: CompiledPack, game: Any) -> list[dict[tuple[str, int], tuple[Any, ...]]]:
    """Per seat, sim.watch.card_play for a native game recorded with record=True: the
    native core kept the cards held and buildable at each decision and the coins each card's
    effects gave, and scores each built card's points from the final state."""
    _keyed(cp)
    return game.plays()


def record_of(cp: CompiledPack, game: Any, bots: Sequence[str], scores: dict[str, Any],
              plays: bool = True) -> dict[str, Any]:
    """aggregate.game_record for a native game (recorded with record=True); without `plays`
    (a simulation folds them with a CardFold) the players' records have no "plays"."""
    winners = set(scores["winners"])
    turns, actions, dealt_ids = game.counters()
    card = cp.cards
    rows = card_plays(cp, game) if plays else None
    players = []
    for seat, ((w, s), city, pad) in enumerate(zip(sides_of(cp, game), game.cities(), scores["players"])):
        players.append({
            "wonder": f"{w} {s}", "seat": seat, "bot": bots[seat], "won": seat in winners,
            "score": {k: v for k, v in pad.items() if k not in ("name", "copied")},
            "built": [card[c].name for c in city[3]], "sold": [card[c].name for c in city[4]],
            "wonder_cards": [card[c].name for c in city[5]], **({"plays": rows[seat]} if rows else {})})
    dealt: dict[str, int] = {}
    for c in dealt_ids or ():
        name = card[c].name
        dealt[name] = dealt.get(name, 0) + 1
    return {"players": players, "turns": turns, "actions": actions, "dealt": dealt}


def play_game(cp: CompiledPack, seed: int, n: int, bots: str, sides: str,
              plays: bool = True) -> tuple[Any, dict[str, Any]]:
    """One whole recorded native game: (the game, the record a simulation folds)."""
    game = start(cp, seed, n, bots, sides, record=True)
    game.play()
    names = [getattr(b, "name", "?") for b in make_bots(bots, n)]
    return game, record_of(cp, game, names, scores_of(cp, game), plays)


def play_record(cp: CompiledPack, seed: int, n: int, bots: str, sides: str) -> dict[str, Any]:
    """One whole native game, as the record a simulation folds (per-card plays included)."""
    return play_game(cp, seed, n, bots, sides)[1]


class VerdictFold:
    """The per-card verdicts of recorded native games, summed in C as CardVerdicts.add_player
    sums the records' "plays" (which a native simulation then does not build)."""

    def __init__(self, cp: CompiledPack) -> None:
        from interpreter.native import _CORE
        self.fold = _CORE.CardFold(_keyed(cp))

    def add(self, game: Any, record: dict[str, Any]) -> None:
        self.fold.add(game, [p["seat"] for p in record["players"] if p["won"]])

    def verdicts(self) -> CardVerdicts:
        out = CardVerdicts()
        for key, rank, colour, dealt, built_dealt, built, built_won, passed, passed_won, points, \
                points_sq, coins, coins_sq in self.fold.rows():
            out.cards[key] = CardTally.of_tuple((rank, colour, dealt, built_dealt, built_won, built,
                                                 passed_won, passed, built, points, points_sq,
                                                 built, coins, coins_sq))
        return out

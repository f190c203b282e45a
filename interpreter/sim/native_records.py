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
    """scoring.city_scores of the finished game (a seat no player owns by its name, marked)."""
    pads, winners, copies = game.scores()
    lines = (*cp.rules.score_lines, "total")
    players = []
    free = game.free_seat
    for seat, pad in enumerate(pads):
        name = cp.rules.seats_at(free)[0].name if seat == free else (names[seat] if names else f"P{seat + 1}")
        entry = {"name": name, **dict(zip(lines, pad))}
        if copies[seat] is not None:
            entry["copied"] = _copied([cp.cards[c].name for c in copies[seat]])
        if seat == free:
            entry["free_city"] = True
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
        if seat == game.free_seat:  # a seat no player owns is no player's statistics
            continue
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


class StatsFold:
    """The statistics of many native games, summed in C from the core's results (StatsAcc in
    interpreter/native/api_stats.pxi) with no per-game record: what Aggregate.add folds from
    game_record, the same numbers in the same key order, several times faster. `into` adds
    them to an Aggregate once per chunk of games."""

    def __init__(self, cp: CompiledPack, bots: Sequence[str]) -> None:
        from interpreter.native import _CORE
        self.card = [c.name for c in cp.cards]
        self.side = [f"{w} {s}" for (w, s) in cp.sides]
        self.lines = (*cp.rules.score_lines, "total")
        self.bots = list(bots)
        self.acc = _CORE.StatsAcc(native_pack(cp), len(self.side))

    @property
    def games(self) -> int:
        return self.acc.games

    def add(self, game: Any) -> list[int]:
        """Fold one finished game; the winners' seats (for the verdicts' fold)."""
        return self.acc.add(game)

    def into(self, agg: Any) -> None:
        """Add the folded games to an Aggregate (as Aggregate.add would have, game by game)."""
        from interpreter.sim.aggregate import LINES
        from interpreter.sim.stats import CardStats, Rate, Tally
        if not self.games:  # (a line of the pack's appears only once a game has scored it)
            return
        rows = self.acc.rows()
        agg.games += self.games
        for tally, (n, total, squares) in ((agg.turns, rows["turns"]), (agg.actions, rows["actions"])):
            tally.merge(Tally(n, total, squares))
        for c, n in rows["dealt"]:
            name = self.card[c]
            agg.dealt[name] = agg.dealt.get(name, 0) + n
        line_sums = [[0, 0, 0] for _ in self.lines]
        for sid, hits, n, sums in rows["sides"]:
            side = self.side[sid]
            agg.wonder.setdefault(side, Rate()).merge(Rate(hits, n))
            per = agg.wonder_scores.setdefault(side, {k: Tally() for k in LINES})
            for line, (total, squares), u in zip(self.lines, sums, line_sums):
                per.setdefault(line, Tally()).merge(Tally(n, total, squares))
                u[0] += n
                u[1] += total
                u[2] += squares
        for line, (n, total, squares) in zip(self.lines, line_sums):
            agg.scores.setdefault(line, Tally()).merge(Tally(n, total, squares))
        bot_rows: dict[str, list[int]] = {}
        for seat, (bot, (hits, n)) in enumerate(zip(self.bots, rows["seats"])):
            agg.seat.setdefault(seat, Rate()).merge(Rate(hits, n))
            row = bot_rows.setdefault(bot, [0, 0])
            row[0] += hits
            row[1] += n
        for bot, (hits, n) in bot_rows.items():
            agg.bot.setdefault(bot, Rate()).merge(Rate(hits, n))
        for c, built, sold, tucked, won in rows["cards"]:
            cs = agg.cards.setdefault(self.card[c], CardStats())
            cs.merge(CardStats(built, sold, tucked, Rate(won, built)))

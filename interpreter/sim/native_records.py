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


class StatsFold:
    """The statistics of many native games, folded straight from the core's results (card and
    side ids, score pads as lists) with no per-game record: what Aggregate.add folds from
    game_record, the same numbers in the same key order, several times faster. `into` adds
    them to an Aggregate once per chunk of games."""

    def __init__(self, cp: CompiledPack, bots: Sequence[str]) -> None:
        self.card = [c.name for c in cp.cards]
        self.side = [f"{w} {s}" for (w, s) in cp.sides]
        self.lines = (*cp.rules.score_lines, "total")
        self.bots = list(bots)
        self.games = 0
        self.turns: list[int] = [0, 0, 0]
        self.actions: list[int] = [0, 0, 0]
        # by side index and card id (names only in `into`), each with the order first seen,
        # which is the key order Aggregate.add gives its dicts
        self.side_rows: list[Any] = [None] * len(self.side)  # [wins, games, per line [n, total, squares]]
        self.side_order: list[int] = []
        self.line_sums = [[0, 0, 0] for _ in self.lines]
        self.seats: dict[int, list[int]] = {}
        self.by_bot: dict[str, list[int]] = {}
        self.card_rows: list[Any] = [None] * len(self.card)  # [built, sold, wonder, built and won]
        self.card_order: list[int] = []
        self.dealt_counts: list[int] = [0] * len(self.card)
        self.dealt_order: list[int] = []

    def add(self, game: Any) -> list[int]:
        """Fold one finished game; the winners' seats (for the verdicts' fold)."""
        pads, winners, _copies = game.scores()
        turns, actions, dealt = game.counters()
        self.games += 1
        for acc, x in ((self.turns, turns), (self.actions, actions)):
            acc[0] += 1
            acc[1] += x
            acc[2] += x * x
        counts = self.dealt_counts
        for c in dealt or ():
            if not counts[c]:
                self.dealt_order.append(c)
            counts[c] += 1
        won_seats = set(winners)
        nlines = len(self.lines)
        line_sums = self.line_sums
        side_rows, card_rows = self.side_rows, self.card_rows
        for seat, (city, pad) in enumerate(zip(game.cities(), pads)):
            hit = 1 if seat in won_seats else 0
            sid = city[0]
            rate = side_rows[sid]
            if rate is None:
                rate = side_rows[sid] = [0, 0, [[0, 0, 0] for _ in range(nlines)]]
                self.side_order.append(sid)
            rate[0] += hit
            rate[1] += 1
            for v, t, u in zip(pad, rate[2], line_sums):
                t[0] += 1
                t[1] += v
                t[2] += v * v
                u[0] += 1
                u[1] += v
                u[2] += v * v
            for acc in (self.seats.setdefault(seat, [0, 0]), self.by_bot.setdefault(self.bots[seat], [0, 0])):
                acc[0] += hit
                acc[1] += 1
            for k, ids in ((0, city[3]), (1, city[4]), (2, city[5])):
                for c in ids:
                    row = card_rows[c]
                    if row is None:
                        row = card_rows[c] = [0, 0, 0, 0]
                        self.card_order.append(c)
                    row[k] += 1
                    if k == 0:
                        row[3] += hit
        return sorted(won_seats)

    def into(self, agg: Any) -> None:
        """Add the folded games to an Aggregate (as Aggregate.add would have, game by game)."""
        from interpreter.sim.aggregate import LINES
        from interpreter.sim.stats import CardStats, Rate, Tally
        if not self.games:  # (a line of the pack's appears only once a game has scored it)
            return
        agg.games += self.games
        for tally, (n, total, squares) in ((agg.turns, self.turns), (agg.actions, self.actions)):
            tally.merge(Tally(n, total, squares))
        for c in self.dealt_order:
            name = self.card[c]
            agg.dealt[name] = agg.dealt.get(name, 0) + self.dealt_counts[c]
        for sid in self.side_order:
            side = self.side[sid]
            hits, n, lines = self.side_rows[sid]
            agg.wonder.setdefault(side, Rate()).merge(Rate(hits, n))
            per = agg.wonder_scores.setdefault(side, {k: Tally() for k in LINES})
            for line, (n2, total, squares) in zip(self.lines, lines):
                per.setdefault(line, Tally()).merge(Tally(n2, total, squares))
        for line, (n, total, squares) in zip(self.lines, self.line_sums):
            agg.scores.setdefault(line, Tally()).merge(Tally(n, total, squares))
        for seat, (hits, n) in self.seats.items():
            agg.seat.setdefault(seat, Rate()).merge(Rate(hits, n))
        for bot, (hits, n) in self.by_bot.items():
            agg.bot.setdefault(bot, Rate()).merge(Rate(hits, n))
        for c in self.card_order:
            built, sold, tucked, won = self.card_rows[c]
            cs = agg.cards.setdefault(self.card[c], CardStats())
            cs.merge(CardStats(built, sold, tucked, Rate(won, built)))

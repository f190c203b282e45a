"""A native game's results in the Python engine's shapes: the score dict of Game.play() and the
per-game record the statistics fold (interpreter/sim/aggregate.game_record)."""
from __future__ import annotations

from collections import Counter
from operator import mul
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
        self.side_rows: list[Any] = [None] * len(self.side)  # [wins, games, the score pads]
        self.side_order: list[int] = []
        self.seat_rows = [[0, 0] for _ in self.bots]  # [wins, games] by seat
        self.bot_rows: dict[str, list[int]] = {}  # by bot name, in seat order
        self.bot_row_of = [self.bot_rows.setdefault(b, [0, 0]) for b in self.bots]
        # card ids as the games list them, counted once per chunk (Counter keeps first-seen order)
        self.built: list[int] = []
        self.sold: list[int] = []
        self.tucked: list[int] = []
        self.won: list[int] = []  # built by a winner
        self.seen: list[int] = []  # every card, in the order Aggregate.add meets them
        self.dealt_ids: list[int] = []

    def add(self, game: Any) -> list[int]:
        """Fold one finished game; the winners' seats (for the verdicts' fold)."""
        pads, winners, _copies = game.scores()
        turns, actions, dealt = game.counters()
        self.games += 1
        for acc, x in ((self.turns, turns), (self.actions, actions)):
            acc[0] += 1
            acc[1] += x
            acc[2] += x * x
        if dealt:
            self.dealt_ids.extend(dealt)
        won_seats = set(winners)
        side_rows, seat_rows, bot_row_of = self.side_rows, self.seat_rows, self.bot_row_of
        built, sold, tucked, seen = self.built, self.sold, self.tucked, self.seen
        for seat, (city, pad) in enumerate(zip(game.cities(), pads)):
            hit = 1 if seat in won_seats else 0
            sid = city[0]
            rate = side_rows[sid]
            if rate is None:
                rate = side_rows[sid] = [0, 0, []]
                self.side_order.append(sid)
            rate[0] += hit
            rate[1] += 1
            rate[2].append(pad)  # summed per line once per chunk (into)
            for acc in (seat_rows[seat], bot_row_of[seat]):
                acc[0] += hit
                acc[1] += 1
            b, so, t = city[3], city[4], city[5]
            built.extend(b)
            sold.extend(so)
            tucked.extend(t)
            seen.extend(b)
            seen.extend(so)
            seen.extend(t)
            if hit:
                self.won.extend(b)
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
        for c, n in Counter(self.dealt_ids).items():
            name = self.card[c]
            agg.dealt[name] = agg.dealt.get(name, 0) + n
        line_sums = [[0, 0, 0] for _ in self.lines]
        for sid in self.side_order:
            side = self.side[sid]
            hits, n, pads = self.side_rows[sid]
            agg.wonder.setdefault(side, Rate()).merge(Rate(hits, n))
            per = agg.wonder_scores.setdefault(side, {k: Tally() for k in LINES})
            for line, column, u in zip(self.lines, zip(*pads), line_sums):
                total, squares = sum(column), sum(map(mul, column, column))
                per.setdefault(line, Tally()).merge(Tally(len(column), total, squares))
                u[0] += len(column)
                u[1] += total
                u[2] += squares
        for line, (n, total, squares) in zip(self.lines, line_sums):
            agg.scores.setdefault(line, Tally()).merge(Tally(n, total, squares))
        for seat, (hits, n) in enumerate(self.seat_rows):
            agg.seat.setdefault(seat, Rate()).merge(Rate(hits, n))
        for bot, (hits, n) in self.bot_rows.items():
            agg.bot.setdefault(bot, Rate()).merge(Rate(hits, n))
        built, sold, tucked, won = (Counter(x) for x in (self.built, self.sold, self.tucked, self.won))
        for c in dict.fromkeys(self.seen):
            cs = agg.cards.setdefault(self.card[c], CardStats())
            cs.merge(CardStats(built[c], sold[c], tucked[c], Rate(won[c], built[c])))

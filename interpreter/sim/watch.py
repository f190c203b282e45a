"""What the per-card verdicts need from one game, gathered without touching the game loop.

A `Watcher` wraps each seat's bot: at every decision it sees the hand and the legal moves,
so it knows which cards the player was dealt (held at a decision) and which it could have
built. The final state gives each built card's points (`card_points`), and the game's
optional coin tally (Game.coin_tally) the coins each card's effects gave.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from interpreter.rules.moves import BUILD, Move
from interpreter.rules.scoring import science_score

CardKey = tuple[str, int]  # (name, age): a name may come back in another age


class Play(NamedTuple):
    """One player's dealings with one card in one game (records carry plain tuples in this
    order: building named tuples costs more than the rest of the bookkeeping)."""

    rank: int  # the colour's index in the pack (for sorting)
    color: str
    seen: bool  # in hand at one of the player's decisions
    could: bool  # a legal build at one of them
    built: bool
    points: int  # points it produced (card_points), when built
    coins: int  # coins its effects gave (card_coins), when built


class Watcher:
    """A bot wrapper that records, for its own game only (not for games a searching bot may
    copy and play ahead), the cards held and the cards legally buildable at each decision;
    every other attribute (name, choose_card, choose_payment, ...) is the wrapped bot's."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.game_id = 0  # id() of the game it watches, set by watch()
        self.seen: set[Any] = set()  # compiled cards held at a decision (by identity: cheap)
        self.could: set[Any] = set()  # ... and legally buildable at one

    def __getattr__(self, name: str) -> Any:
        bot = self.__dict__.get("bot")  # (absent while copy/pickle rebuild the object)
        if bot is None:
            raise AttributeError(name)
        return getattr(bot, name)

    def choose(self, obs: Any, moves: list[Move]) -> Move:
        # the engine's statistics may read which game an observation is of (its `_g`); the
        # choices a player makes for a seat no player owns are not its own city's
        if id(obs._g) == self.game_id and not obs.cities[obs.seat].unowned:
            hand = obs.hand
            self.seen.update(c for c in hand if c.id >= 0)  # (an alliance's offers are no cards of the pack)
            self.could.update([hand[m.card] for m in moves if m.action == BUILD])
        return self.bot.choose(obs, moves)


def watch(game: Any) -> None:
    """Start recording a game created with Watcher-wrapped bots: decisions and coins."""
    for bot in game.bots:
        if isinstance(bot, Watcher):
            bot.game_id = id(game)
    game.coin_tally = []


def card_points(table: Any, seat: int, rules: Any) -> dict[CardKey, int]:
    """Points each built card put on its city's final score pad: its own victory-point
    effects (as the game scores them, on whatever line) plus its science, counted as the
    science line minus the science line without this card's symbols (wild symbols placed
    for the best both times). Shields, production and discounts are not turned into points."""
    city = table.cities[seat]
    bonus = rules.science_set_bonus
    full = science_score(city.science, city.science_wild, bonus)
    out: dict[CardKey, int] = {}
    for card in city.cards:
        e = card.effect
        points = sum(h.score(table, seat) for h in e.score_hooks)
        if any(e.science) or e.science_wild:
            counts = [n - (e.science[i] if i < len(e.science) else 0) for i, n in enumerate(city.science)]
            wilds = list(city.science_wild)
            for w in e.science_wild:
                wilds.remove(w)
            points += full - science_score(counts, wilds, bonus)
        out[(card.name, card.age)] = points
    return out


def card_coins(game: Any, seat: int) -> dict[CardKey, int]:
    """Coins the effects of each card built in this city gave it (when built, and each time
    one of its triggers paid), from the game's coin tally; coins a card made other cities
    gain or lose are not counted."""
    tally = game.coin_tally or ()
    cards = game.cities[seat].cards
    by_effect = {id(c.effect): (c.name, c.age) for c in cards}
    by_id = {c.id: (c.name, c.age) for c in cards}
    out: dict[CardKey, int] = {}
    for s, source, coins in tally:
        if s != seat:
            continue
        key = by_id.get(source) if isinstance(source, int) else by_effect.get(id(source))
        if key is not None:
            out[key] = out.get(key, 0) + coins
    return out


def card_play(game: Any, seat: int) -> dict[CardKey, tuple[Any, ...]]:
    """For each card the player held, could build or built, what came of it; empty when the
    bot was not watched."""
    bot = game.bots[seat]
    if not isinstance(bot, Watcher):
        return {}
    seen = {(c.name, c.age) for c in bot.seen}
    could = {(c.name, c.age) for c in bot.could}
    colour = {(c.name, c.age): (c.color, c.color_name) for c in (*bot.seen, *game.cities[seat].cards)}
    points = card_points(game.table, seat, game.rules)
    coins = card_coins(game, seat)
    return {key: (*colour[key], key in seen, key in could, key in points, points.get(key, 0),  # a Play
                  coins.get(key, 0)) for key in sorted(colour)}

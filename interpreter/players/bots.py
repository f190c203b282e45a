"""Bots. A bot sees only its observation (interpreter/players/observation.py): its own hand(s), what
it saw, the public table, and its own random stream (obs.rng), so games replay exactly and a
bot's choices never change the deal. The protocol (docs/bots.md):

    choose(obs, moves) -> Move                          a move among the legal ones
    choose_card(obs, cards, purpose) -> int | None      a card (a build from the discard
                                                        pile, a copy); None declines
    choose_payment(obs, due, can) -> int                how much of a coin loss to pay
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from interpreter.players.choice_worth import discard_worth, lost_production, pass_amount, pass_worth
from interpreter.rules.compiled import CCard, Contribution
from interpreter.rules.cost_now import printed_coins, replaced
from interpreter.rules.effects.choose import ChoiceHook
from interpreter.rules.effects.discard import DiscardOwnHook
from interpreter.rules.effects.rule import RULE_WORTH
from interpreter.rules.effects.advance import step_worth
from interpreter.rules.moves import BID, BUILD, KEEP, LAW, SELL, Move
from interpreter.rules.scoring import science_score
from interpreter.rules.track_worth import build_worth

if TYPE_CHECKING:
    from interpreter.players.observation import Observation


class RandomBot:
    """Uniform over every legal move (each payment option counts as a move)."""

    name = "random"

    def choose(self, obs: "Observation", moves: list[Move]) -> Move:
        return moves[obs.rng.randrange(len(moves))]

    def choose_card(self, obs: "Observation", cards: list[CCard], purpose: str) -> int | None:
        if purpose.startswith(("join project", "advance")):  # join / pay for a step or not, even odds
            return 0 if obs.rng.randrange(2) else None
        return obs.rng.randrange(len(cards))

    def choose_payment(self, obs: "Observation", due: int, can: int) -> int:
        """A coin loss: any amount it can pay, the rest in debt."""
        return obs.rng.randint(0, can)


class _Now:
    """What the greedy bot reads of an observation, read once per decision."""

    __slots__ = ("obs", "seat", "city", "left", "right", "rules", "age", "ages_left", "table_age", "hand")

    def __init__(self, obs: "Observation"):
        self.obs = obs
        self.seat = seat = obs.seat
        table = obs.table
        self.city, self.left, self.right = table.around(seat)
        self.rules = rules = obs.rules
        self.age = obs.age
        self.ages_left = rules.ages - self.age
        self.table_age = table.age
        self.hand = obs.hand


class GreedyBot:
    """Takes the move with the best immediate value: points now, science (more early on),
    shields that change this and later wars, production early on, coins at a third of a
    point; ties at random. (These weights beat the plain immediate-value version 63-37 head to
    head over 400 games, 2 against 2 at 4 players.)"""

    name = "greedy"

    def value(self, obs: "Observation", effect: Contribution, category: str) -> float:
        """Points this contribution is worth now: the fast path weighed here, every other
        effect by its hook's own estimate (Hook.worth, given the observation)."""
        return self._value(_Now(obs), effect)

    def kept(self, now: _Now, card: CCard) -> float:
        """What a card built in the city still gives it (given up, upgraded over): its value,
        its production as the city would lose it (choice_worth.lost_production)."""
        return self._value(now, card.effect, True)

    def _value(self, now: _Now, effect: Contribution, kept: bool = False) -> float:
        city = now.city
        rules = now.rules
        ages_left = now.ages_left
        v = 0.0
        for hook in effect.hooks:
            kind = type(hook)
            if kind is DiscardOwnHook:  # as it will answer the question (choice_worth); a card
                if not kept:  # built already answered it when it was built: it gives nothing more
                    v += discard_worth(self, now, hook)
            elif kind is ChoiceHook and not hook.by:  # the option it will take, valued alike
                v += max(self._value(now, o) for o in hook.options)
            else:
                v += hook.worth(now.obs, now.seat)
        if any(effect.science) or effect.science_wild:
            sci = list(city.science)
            for i, n in enumerate(effect.science):
                sci[i] += n
            wild = list(city.science_wild) + list(effect.science_wild)
            bonus = rules.science_set_bonus + city.shifts.get("science_set", 0)  # `rule science_set`
            v += science_score(sci, wild, bonus) - science_score(city.science, city.science_wild, bonus)
            v += 0.8 * ages_left  # symbols grow in value as sets form later
        if effect.shields:
            age = max(1, now.age)
            war_value = rules.victory_tokens[age - 1] - rules.defeat_token
            later_wars = sum(rules.victory_tokens[age:])  # shields keep counting
            shields = city.shields
            for nb in (now.left, now.right):
                theirs = nb.shields
                if shields <= theirs < shields + effect.shields:
                    v += war_value * 0.8 + 0.6 * later_wars
                elif shields == theirs:
                    v += 0.5
            v += 0.3 * effect.shields
        if effect.produces:
            if kept:
                v += lost_production(now, effect)
            else:
                units = sum(effect.fixed) + sum(effect.fixed_private) + len(effect.choices) + \
                    len(effect.choices_private)
                v += units * (1.2 * ages_left + 0.3)
        if effect.discounts:
            v += 1.5 * ages_left
        return v

    def score_move(self, obs: "Observation", move: Move) -> float:
        """A move's value in points (the cost in coins at a third of a point)."""
        return self._score(_Now(obs), move, {})

    def score_moves(self, obs: "Observation", moves: Sequence[Move]) -> list[float]:
        """score_move of each move, the observation read once (the search's shortlist)."""
        now, memo = _Now(obs), {}
        return [self._score(now, m, memo) for m in moves]

    def _score(self, now: _Now, move: Move, memo: dict[int, float]) -> float:
        """`memo` keeps each card's value for the other ways to pay for it."""
        action = move.action
        if action == SELL:
            return (now.rules.sell_coins + now.city.shifts.get("sell_coins", 0)) / 3 - 0.5
        if action == LAW:
            return _law_worth(self, now, move)
        if action == BID:  # the highest bid below the card's worth in coins (3 a point)
            coins = 3 * self._value(now, now.hand[move.card].effect)
            return move.stage if move.stage < coins else -1.0 - move.stage
        paid = move.left + move.right + move.far[0] + move.far[1]
        if action == BUILD or action == KEEP:
            card = now.hand[move.card]
            worth = memo.get(id(card))
            if worth is None:
                worth = self._value(now, card.effect)
                if now.obs.cp.track_strength:  # what it counts in conflicts along tracks
                    worth += build_worth(now.obs, now.seat, card.color, card.effect.shields)
                amount = pass_amount(card.effect) if card.effect.attach_hooks else 0
                if amount:  # a change of the passing: the hand it brings back (choice_worth)
                    at = now.hand.index(card)  # (the first copy: copies share the memo)
                    worth += pass_worth(self, now, amount, now.hand[:at] + now.hand[at + 1:])
                if card.upgrades:  # built over a card of the city, which it loses
                    old = replaced(card, now.city)
                    if old is not None:
                        worth -= self.kept(now, old)
                memo[id(card)] = worth
            if action == KEEP:  # a draft: the card's worth as if built, less its price
                return worth - card.cost_coins / 3
            bank = 0 if move.free else printed_coins(card, now.obs.table, now.seat) \
                if card.less or card.upgrades else card.cost_coins + card.cost_per_age * now.table_age
            v = worth - (bank + paid + move.extra) / 3
            if move.free == "power":
                v -= 1.5  # keep the once-per-age power for something costly if possible
                v += (card.cost_coins + sum(n for _, n in card.cost)) / 2
            if move.free == "chain":
                v += 0.5
            return v
        city = now.city
        stage = city.side.stages[city.stage_at(move.stage)]  # the stage it names (any order)
        worth = memo.get(-2 - stage.index)
        if worth is None:
            worth = self._value(now, stage.effect)
            if now.obs.cp.track_strength:
                worth += build_worth(now.obs, now.seat, -1, stage.effect.shields)
            memo[-2 - stage.index] = worth
        worth += _tucked_worth(now, stage.effect, now.hand[move.card])
        amount = pass_amount(stage.effect) if stage.effect.attach_hooks else 0
        if amount:  # (the hand less the first copy of the card put under it, as a build)
            at = now.hand.index(now.hand[move.card])
            worth += pass_worth(self, now, amount, now.hand[:at] + now.hand[at + 1:])
        return worth - (stage.cost_coins + paid + move.extra) / 3 + 0.5

    def choose(self, obs: "Observation", moves: list[Move]) -> Move:
        best: list[Move] = []
        best_v = float("-inf")
        now = _Now(obs)
        memo: dict[int, float] = {}
        for m in moves:
            v = self._score(now, m, memo)
            if v > best_v + 1e-9:
                best, best_v = [m], v
            elif v > best_v - 1e-9:
                best.append(m)
        return best[obs.rng.randrange(len(best))]

    def choose_payment(self, obs: "Observation", due: int, can: int) -> int:
        """A coin loss: pay all it can (a coin is a third of a point, a debt token -1)."""
        return can

    def choose_card(self, obs: "Observation", cards: list[CCard], purpose: str) -> int | None:
        """A card to take (from the discard pile, to copy, ...): the one worth most. A card of
        its own to give up for coins (`discard own ...`): the one worth least, when it is worth
        less than the coins (a third of a point each)."""
        now = _Now(obs)
        if purpose.startswith("discard own"):
            return _give_up(self, now, cards, purpose)
        if purpose.startswith("second card"):
            return _second(self, now, cards, purpose)
        if purpose.startswith("join project"):
            return _join(self, now, cards[0], purpose)
        if purpose.startswith("advance"):  # a paid step: when its reward is worth the coins
            coins = int(next((w.strip("(") for w in reversed(purpose.split()) if w.strip("(").isdigit()), "0"))
            return 0 if step_worth(obs, obs.seat, cards[0].effect) > coins / 3 else None
        if purpose.startswith("remove"):  # a token given back: the one worth least (offered first)
            return 0
        if purpose.startswith("bury"):  # the dearest card: its points go by its coin cost
            top = max(c.cost_coins for c in cards)
            return next(i for i, c in enumerate(cards) if c.cost_coins == top)
        values = [self._value(now, c.effect) for c in cards]
        top = max(values)
        best = [i for i, v in enumerate(values) if v == top]
        return best[obs.rng.randrange(len(best))]


def _law_worth(bot: GreedyBot, now: _Now, move: Move) -> float:
    """Placing a law tile: the tower points it adds (points for one more tile placed), plus a
    third of what its law is worth to this city (the `rule` word's weights: it holds for
    everyone and only while visible), less a point for the card given up; a change of the
    passing as a card's (choice_worth.pass_worth)."""
    tower = now.rules.tower
    placed = now.city.laws_placed
    v = tower.points_for(placed + 1) - tower.points_for(placed) - 1.0
    amount = 0
    for e in tower.tiles[move.stage].effects:
        v += 0.3 * RULE_WORTH.get(e.rule, 0.0) * e.amount * max(1, now.ages_left)
        if e.rule == "pass":
            amount += e.amount
    if amount:  # (the hand less the first copy of the card spent on the tile)
        at = now.hand.index(now.hand[move.card])
        v += pass_worth(bot, now, amount, now.hand[:at] + now.hand[at + 1:])
    return v


def _give_up(bot: GreedyBot, now: _Now, cards: list[CCard], purpose: str) -> int | None:
    """The card of `cards` that still gives least (GreedyBot.kept) when that is less than the
    coins the purpose names ("discard own for 3 coins"); None keeps them all."""
    coins = int(next((w for w in purpose.split() if w.isdigit()), "0"))
    values = [bot.kept(now, c) for c in cards]
    low = min(values)
    if low >= coins / 3:
        return None
    least = [i for i, v in enumerate(values) if v == low]
    return least[now.obs.rng.randrange(len(least))]


def _join(bot: GreedyBot, now: _Now, card: CCard, purpose: str) -> int | None:
    """Join a shared project when what joining is expected to bring is worth the coins it
    costs now (a third of a point each). With k places left, the city's join completes it
    for sure when k is 1, else it counts as 1/k likely (the others must fill the rest): the
    reward that likely, and the penalty a joiner escapes the rest of the time. None declines."""
    coins = int(next((w for w in purpose.split() if w.isdigit()), "0"))
    project = next((p for p in now.obs.cp.projects if p.card is card), None)
    penalty = bot._value(now, project.penalty) if project is not None else 0.0
    left = now.obs.places_left(card.name) if project is not None else 1
    likely = 1.0 / max(1, left)
    worth = likely * bot._value(now, card.effect) - (1.0 - likely) * penalty
    return 0 if worth >= coins / 3 else None


def _second(bot: GreedyBot, now: _Now, cards: list[CCard], purpose: str) -> int | None:
    """A second card this turn ("second card once per game|age"): the best valued one when it
    is worth 3 points, or whenever this is the power's last chance (one card left: it would be
    discarded; for once per game, only in the last age); None waits."""
    values = [bot._value(now, c.effect) for c in cards]
    top = max(values)
    last_chance = len(cards) == 1 and (purpose.endswith("age") or now.ages_left == 0)
    if top < 3.0 and not (last_chance and top > 0):
        return None
    best = [i for i, v in enumerate(values) if v == top]
    return best[now.obs.rng.randrange(len(best))]


def _tucked_worth(now: _Now, effect: Any, card: CCard) -> float:
    """Points of `per card of the tucked colour` were `card` put under the stage: counted as
    the cities stand now (the stage is not built yet, so its hooks alone count nothing)."""
    total = 0.0
    for h in effect.score_hooks:
        c = getattr(h, "counter", None)
        if c is not None and c.what == "tucked":
            trio = (now.city, now.left, now.right)
            n = sum(trio[s].color_counts[card.color] for s in c.seats if s < 3)
            total += h.amount * (n // c.every)
    return total


def unvalued_words(cp: Any) -> list[str]:
    """Effect words of the pack the greedy bot has no estimate for (plug-ins without `value`)."""
    contributions = [c.effect for c in cp.cards]
    for side in cp.sides.values():
        contributions.append(side.board)
        contributions.extend(st.effect for st in side.stages)
    words = {getattr(h, "word", type(h).__name__) for c in contributions for h in c.hooks if not h.valued}
    return sorted(words)

"""The minimal core: seats in a ring, each with a city (built cards, stages, coins, tokens).

A City keeps running totals (production, shields, science, colour counts, trade
prices) updated as things are built, so the game loop never re-derives them.
"""
from __future__ import annotations

from typing import Any

from interpreter.rules.compiled import CCard, CompiledPack, CSide
from interpreter.rules.contribution import Contribution, Hook
from interpreter.rules.counting import OTHERS, count

LEFT, RIGHT = 1, 2
_IDS: dict[tuple[Any, ...], int] = {}
_NEXT_ID = [1]


def intern(sig: tuple[Any, ...]) -> int:
    """A small int standing for a production/price signature (cheap cache keys).

    Ids are never reused, so dropping the table when it grows only costs cache misses."""
    got = _IDS.get(sig)
    if got is None:
        if len(_IDS) > 200_000:
            _IDS.clear()
        got = _IDS[sig] = _NEXT_ID[0]
        _NEXT_ID[0] += 1
    return got


class City:
    __slots__ = ("seat", "name", "side", "stages_built", "coins", "cards", "names", "color_counts",
                 "fixed", "fixed_trade", "choices", "choices_trade", "shields", "science",
                 "science_wild", "tokens", "prices", "scorers", "triggers", "cost_changes", "free_build",
                 "free_build_used", "play_last", "play_two", "second_used", "far_trade", "far_price", "exchange", "copies", "copied_now", "hands", "defeats_to_winner", "bank_used", "mods", "mods_key",
                 "token_counts", "strength", "strength_out", "free_build_colors", "relative", "relative_choices",
                 "rebate_used", "free_turns", "colour_first", "listens", "counted_costs", "costs_for_others", "choice_mask", "trade_mask", "choice_count", "trade_count", "sold", "tucked", "pay_cache", "pay_key", "prod_version", "own_id", "trade_id", "price_id", "n_res",
                 "unowned", "built_stages", "under", "buried", "track_pos", "extras",
                 "rule_changes", "shifts", "laws", "laws_placed", "gained", "gives", "gifted",
                 "lasting", "expired", "chosen", "truces")

    def __init__(self, seat: int, name: str, side: CSide, cp: CompiledPack, expired: frozenset[Any] = frozenset()):
        n_res, n_col, n_sym = len(cp.resources), len(cp.colors), len(cp.symbols)
        self.seat = seat
        self.name = name
        self.side = side
        self.unowned = False  # a seat no player owns: it scores but cannot win
        self.n_res = n_res
        self.stages_built = 0
        self.built_stages: list[int] = []  # indices of the built stages, in the order built
        self.under: dict[int, CCard] = {}  # stage index -> the card used to build it
        self.buried: list[tuple[Any, CCard]] = []  # (the `bury` hook, the card it took out of the game)
        self.track_pos = [0] * len(cp.tracks)  # steps reached on each declared track (0: none)
        self.extras: list[Contribution] = []  # effects from no card: a project's reward or penalty
        self.gained: dict[Hook, int] = {}  # trigger -> points it gave (`vp 1 when ...`), scored at the end
        self.gives: list[Any] = []  # its `produce ... for SIDES` hooks (production for others)
        self.gifted: tuple[tuple[int, Any], ...] = ()  # (giver's seat, hook): production folded in
        self.lasting: list[Any] = []  # durations in force (`until age ends`: rules/durations.py)
        self.expired = expired  # durations ended: a city made again skips them
        self.chosen: list[tuple[Hook, Contribution]] = []  # (a `choose` hook, the lasting option it took)
        self.coins = cp.rules.starting_coins
        self.cards: list[CCard] = []
        self.names: set[str] = set()
        self.sold: list[CCard] = []  # cards this city sold (for statistics)
        self.tucked: list[CCard] = []  # cards used to build wonder stages
        self.color_counts = [0] * n_col
        self.fixed = [0] * n_res  # all own fixed production
        self.fixed_trade = [0] * n_res  # what neighbours may buy
        self.choices: list[tuple[int, ...]] = []
        self.choices_trade: list[tuple[int, ...]] = []
        self.shields = 0
        self.science = [0] * n_sym
        self.science_wild: list[tuple[int, ...]] = []
        self.tokens: list[int] = []
        price = cp.rules.trade_price
        self.prices = [None, [price] * n_res, [price] * n_res]  # indexed by LEFT / RIGHT
        self.scorers: list[tuple[str, Hook]] = []  # (score line, hook) scored at game end
        self.triggers: list[tuple[Hook, int]] = []  # (hook, id of the card it came with)
        self.cost_changes: list[Any] = []  # cost changes this city makes (on itself or others)
        self.free_build = ""
        self.free_build_used = False
        self.play_last = False
        self.play_two = ""  # "age" / "game": a second card in one turn, once per that period
        self.second_used = False  # that power is spent (for this age, or for the game)
        self.far_trade = 0  # `trade N seats away`: N (the cities that far sell to it too)
        self.far_price = 0
        self.exchange = 0  # `exchange N same for 1 any`: N (0: none); rules/exchange.py pays with it
        self.copies: list[Any] = []  # copy-at-game-end powers: (colours, seats)
        self.copied_now: list[CCard] = []  # cards copied whole by a `copy ... now` effect
        self.hands: dict[str, list[CCard]] = {}  # second hands (filled by drafts), by name
        self.defeats_to_winner = False  # conflict rule: its defeat tokens go to the winner
        self.truces: tuple[int, ...] = ()  # conflict rule: seat codes it fights no conflict with (truce.py)
        self.bank_used = False  # bought a resource from the bank this turn (once per turn)
        self.mods: Any = None  # the cost changes reaching this city, summed (pricing.mods_for)
        self.mods_key: tuple[Any, ...] = ()
        self.token_counts: dict[str, int] = {}  # tokens of the pack's declared kinds (debt, ...)
        self.strength: list[Any] = []  # shields counted anew at each conflict
        self.strength_out: list[Any] = []  # shields this city gives or takes from others (conflicts.py)
        self.free_build_colors: frozenset[int] = frozenset()  # empty: any colour
        self.free_turns: set[str] = set()  # "age_first" / "age_last": that turn's card is free
        self.colour_first = False  # a card of a colour it does not have yet costs nothing
        self.listens = False  # a trigger of its own hears events in other cities
        self.counted_costs = False  # a cost change of its own is counted (`discount ... per ...`)
        self.costs_for_others = False  # a cost change of its own reaches every other city (`for others`)
        self.relative: list[str] = []  # `produce one produced|unproduced` effects
        self.relative_choices: list[tuple[int, ...]] = []  # their choices as they stand now
        self.rebate_used: set[int] = set()  # sides (1 left, 2 right) whose rebate this turn used
        self.own_id = self.trade_id = self.price_id = 0
        self.rule_changes: list[tuple[str, int, tuple[int, ...]]] = []  # (rule, amount, seats) it makes
        self.shifts: dict[str, int] = {}  # the rules changes in force for it now (rules/laws.py)
        self.laws: list[int] = []  # the law tiles in its hand (indexes into the tower's tiles)
        self.laws_placed = 0  # law tiles it placed on the tower (points at game end)
        self.pay_cache: dict[int, tuple[tuple[int, int], ...]] = {}  # card id -> options
        self.pay_key: tuple[int, ...] = ()  # the signatures pay_cache is valid for
        self.prod_version = 0  # bumped whenever own production changes
        self.choice_mask = 0  # bit r: some own either/or card can make resource r
        self.trade_mask = 0  # bit r: neighbours can buy resource r here
        self.choice_count = [0] * n_res  # own either/or cards that can make resource r
        self.trade_count = [0] * n_res  # units of r neighbours can buy here (fixed + either/or)
        self.add(side.board, "wonder")

    # -- building ------------------------------------------------------------
    def add(self, c: Contribution, category: str, source: int = -1) -> None:
        """Fold a contribution into the running totals and register its hooks (its
        when-built hooks are the game's to run); `source` is the card it came with."""
        if c.produces:
            self.prod_version += 1
            for i in range(self.n_res):
                self.fixed[i] += c.fixed[i] + c.fixed_private[i]
                self.fixed_trade[i] += c.fixed[i]
            self.choices.extend(c.choices)
            self.choices.extend(c.choices_private)
            self.choices_trade.extend(c.choices)
            self.choices.sort()
            self.choices_trade.sort()
            for ch in c.choices + c.choices_private:
                for r in ch:
                    self.choice_mask |= 1 << r
                    self.choice_count[r] += 1
            for ch in c.choices:
                for r in ch:
                    self.trade_mask |= 1 << r
                    self.trade_count[r] += 1
            for r, n in enumerate(c.fixed):
                if n:
                    self.trade_mask |= 1 << r
                    self.trade_count[r] += n
            self.own_id = intern((tuple(self.choices),))
            self.trade_id = intern((tuple(self.fixed_trade), tuple(self.choices_trade)))
            if self.relative:
                self._refresh_relative()
        elif not self.own_id:
            self.own_id = intern((tuple(self.choices),))
            self.trade_id = intern((tuple(self.fixed_trade), tuple(self.choices_trade)))
        self.shields += c.shields
        if c.science:
            for i, n in enumerate(c.science):
                self.science[i] += n
        self.science_wild.extend(c.science_wild)
        for resources, seats, price in c.discounts:
            price += self.shifts.get("trade_price", 0) if self.shifts else 0
            for seat in seats:
                if seat in (LEFT, RIGHT):
                    row = self.prices[seat]
                    for r in resources:
                        if price < row[r]:
                            row[r] = price
            self.price_id = intern((tuple(self.prices[LEFT]), tuple(self.prices[RIGHT])))
        if not self.price_id:
            self.price_id = intern((tuple(self.prices[LEFT]), tuple(self.prices[RIGHT])))
        if c.hooks:
            for h in c.score_hooks:
                self.scorers.append((category, h))
            for h in c.react_hooks:
                self.triggers.append((h, source))
                if getattr(h, "others", False):  # it hears events in other cities (GameState.fire)
                    self.listens = True
            for h in c.attach_hooks:
                h.attach(self)

    def add_cost_change(self, change: Any) -> None:
        self.cost_changes.append(change)
        if change.unit == "first_of_color":
            self.colour_first = True
        if getattr(change, "counter", None) is not None:  # its amount is counted (pricing.mods_for)
            self.counted_costs = True
        if OTHERS in change.seats:  # it reaches cities beyond the neighbours (pricing.mods_for)
            self.costs_for_others = True

    def add_relative(self, kind: str) -> None:
        self.relative.append(kind)
        self._refresh_relative()

    def _refresh_relative(self) -> None:
        """Re-derive the choices of `produce one produced|unproduced` from what the city sells
        to its neighbours now (they are its own, never tradable)."""
        for ch in self.relative_choices:
            self.choices.remove(ch)
            for r in ch:
                self.choice_count[r] -= 1
        sold = [r for r in range(self.n_res) if self.trade_count[r] > 0]
        unsold = [r for r in range(self.n_res) if self.trade_count[r] == 0]
        self.relative_choices = [ch for ch in (tuple(sold if k == "produced" else unsold)
                                               for k in self.relative) if ch]
        for ch in self.relative_choices:
            self.choices.append(ch)
            for r in ch:
                self.choice_count[r] += 1
        self.choices.sort()
        self.choice_mask = sum(1 << r for r in range(self.n_res) if self.choice_count[r])
        self.prod_version += 1
        self.own_id = intern((tuple(self.choices),))

    def conflict_shields(self, table: Any) -> int:
        """Shields in a conflict: its own, plus those counted anew (`shields 1 per defeat`)."""
        return self.shields + sum(h.shields(table, self.seat) for h in self.strength)

    def build_card(self, card: CCard) -> None:
        self.cards.append(card)
        self.names.add(card.name)
        self.color_counts[card.color] += 1
        self.add(card.effect, card.category, card.id)

    def sale_value(self, sell_coins: int) -> int:
        """The coins a sold card gives this city: the rules' value and the changes in force."""
        return sell_coins + self.shifts.get("sell_coins", 0) if self.shifts else sell_coins

    # what giving up a card leaves as it was: the city's holdings and history, not its totals
    _KEPT = frozenset({"seat", "name", "side", "n_res", "unowned", "coins", "tokens", "token_counts", "laws", "laws_placed",
                       "free_build_used", "sold", "tucked", "buried", "hands", "bank_used", "rebate_used",
                       "copied_now", "second_used", "prod_version", "track_pos", "gained", "expired"})

    def give_up(self, card: CCard | None, cp: CompiledPack) -> None:
        """A built card leaves the city (`discard own ...`): every running total is made again
        from what remains (board, cards, stages, cards copied now), so its production, shields,
        science, powers and points end; coins, tokens and used powers stay."""
        fresh = City(self.seat, self.name, self.side, cp, self.expired)
        for c in self.cards:
            if c is not card:
                fresh.build_card(c)
        for k in self.built_stages:
            fresh.build_stage(k, self.under.get(k))
        for c in self.copied_now:
            fresh.add(c.effect, c.category, c.id)
        gone = card is not None  # a lasting option chosen ends with the card that chose it
        for hook, option in self.chosen:
            if gone and hook in card.effect.hooks:
                gone = False
                continue
            fresh.add(option, "wonder")
            fresh.chosen.append((hook, option))
        fresh.add_steps(cp, self.track_pos)
        for e in self.extras:
            fresh.add(e, "wonder")
            fresh.extras.append(e)
        fresh.take_gifts(self.gifted)
        for slot in City.__slots__:
            if slot not in City._KEPT:
                setattr(self, slot, getattr(fresh, slot))
        self.prod_version += fresh.prod_version + 1  # a new version: cached prices are stale

    def take_gifts(self, gifted: tuple[tuple[int, Any], ...]) -> None:
        """Fold in the production other cities give it (GameState.refresh_gifts)."""
        for _seat, hook in gifted:
            self.add(hook.gift, "wonder")
        self.gifted = gifted

    def remake(self, cp: CompiledPack) -> None:
        """Every running total made again from what the city holds (its gifts changed)."""
        self.give_up(None, cp)

    def add_steps(self, cp: CompiledPack, reached: list[int]) -> None:
        """Fold in the rewards of the track steps reached (a city made again, or read from a
        STATE file): their totals and hooks, not their one-time effects."""
        for track, pos in zip(cp.tracks, reached):
            for step in track.steps[:pos]:
                self.add(step, track.line)

    def open_stages(self) -> tuple[int, ...]:
        """The stages a card may go under now: the next printed one, or on a side whose stages
        are built in any order (`stage_order: any`) every unbuilt one."""
        n = len(self.side.stages)
        if not self.side.any_order:
            return (self.stages_built,) if self.stages_built < n else ()
        return tuple(k for k in range(n) if k not in self.built_stages)

    def stage_at(self, index: int = -1) -> int:
        """The stage a wonder move builds: `index`, or the next printed one when -1."""
        return self.stages_built if index < 0 else index

    def build_stage(self, index: int = -1, card: CCard | None = None) -> Contribution:
        """Build stage `index` (-1: the next printed one) with `card` under it."""
        index = self.stage_at(index)
        stage = self.side.stages[index]
        self.built_stages.append(index)
        if card is not None:
            self.under[index] = card
        self.stages_built += 1
        self.add(stage.effect, "wonder")
        return stage.effect

    def copy(self, memo: dict[int, list[Any]]) -> "City":
        """An independent copy for a cloned game, by hand (cheap: Game.clone's hot spot).

        Compiled data (side, hooks, cards) is shared; every mutable container is copied.
        `memo` maps id(list) -> its copy, so a second hand the game also holds as a hand
        (a recruitment, a build from a second hand) stays one list in the clone.
        The payment memo is shared: a city that changes replaces it (see legal_moves)."""
        new = City.__new__(City)
        new.seat, new.name, new.side, new.n_res = self.seat, self.name, self.side, self.n_res
        new.unowned = self.unowned
        new.stages_built, new.coins, new.shields = self.stages_built, self.coins, self.shields
        new.cards, new.names, new.sold, new.tucked = self.cards[:], set(self.names), self.sold[:], self.tucked[:]
        new.built_stages, new.under, new.buried = self.built_stages[:], dict(self.under), self.buried[:]
        new.track_pos = self.track_pos[:]
        new.extras = self.extras[:]
        new.gained = dict(self.gained)
        new.color_counts, new.fixed, new.fixed_trade = self.color_counts[:], self.fixed[:], self.fixed_trade[:]
        new.choices, new.choices_trade = self.choices[:], self.choices_trade[:]
        new.science, new.science_wild, new.tokens = self.science[:], self.science_wild[:], self.tokens[:]
        prices = self.prices
        new.prices = [None, prices[1][:], prices[2][:]]
        new.scorers, new.triggers, new.cost_changes = self.scorers[:], self.triggers[:], self.cost_changes[:]
        new.free_build, new.free_build_used, new.play_last = self.free_build, self.free_build_used, self.play_last
        new.copies, new.copied_now = self.copies[:], self.copied_now[:]
        new.play_two, new.second_used = self.play_two, self.second_used
        new.far_trade, new.far_price, new.exchange = self.far_trade, self.far_price, self.exchange
        hands = {}
        for key, cards in self.hands.items():
            got = memo.get(id(cards))
            if got is None:
                got = memo[id(cards)] = cards[:]
            hands[key] = got
        new.hands = hands
        new.defeats_to_winner, new.bank_used = self.defeats_to_winner, self.bank_used
        new.truces = self.truces
        new.mods, new.mods_key = self.mods, self.mods_key  # a summary, replaced (never changed) when stale
        new.token_counts, new.strength = dict(self.token_counts), self.strength[:]
        new.strength_out = self.strength_out[:]
        new.free_build_colors, new.free_turns = self.free_build_colors, set(self.free_turns)
        new.relative, new.relative_choices = self.relative[:], self.relative_choices[:]
        new.rebate_used, new.colour_first = set(self.rebate_used), self.colour_first
        new.listens, new.counted_costs = self.listens, self.counted_costs
        new.costs_for_others = self.costs_for_others
        new.choice_mask, new.trade_mask = self.choice_mask, self.trade_mask
        new.choice_count, new.trade_count = self.choice_count[:], self.trade_count[:]
        new.pay_cache, new.pay_key, new.prod_version = self.pay_cache, self.pay_key, self.prod_version
        new.own_id, new.trade_id, new.price_id = self.own_id, self.trade_id, self.price_id
        new.rule_changes, new.shifts, new.laws = self.rule_changes[:], dict(self.shifts), self.laws[:]
        new.laws_placed = self.laws_placed
        new.gives, new.gifted = self.gives[:], self.gifted
        new.lasting, new.expired = self.lasting[:], self.expired
        new.chosen = self.chosen[:]
        return new

    @property
    def defeats(self) -> int:
        return sum(1 for t in self.tokens if t < 0)

    @property
    def victories(self) -> int:
        return sum(1 for t in self.tokens if t > 0)


class Table:
    """The ring of cities: left of seat i is (i+1) mod N, right is (i-1) mod N; `age` is
    the age being played (the last one at game end)."""

    def __init__(self, cities: list[City], age: int = 0):
        self.cities = cities
        self.n = len(cities)
        self.age = age
        self.joins: dict[str, tuple[int, ...]] = {}  # shared projects: name -> seats joined
        self.projects_done: dict[str, str] = {}  # name -> "complete" / "failed"

    def copy(self, cities: list[City]) -> "Table":
        """The same ring over other (copied) cities."""
        return Table(cities, self.age)

    def left(self, seat: int) -> City:
        return self.cities[(seat + 1) % self.n]

    def right(self, seat: int) -> City:
        return self.cities[(seat - 1) % self.n]

    def around(self, seat: int) -> tuple[City, City, City]:
        """(self, left, right): indexed by the seat codes 0 / LEFT / RIGHT."""
        n = self.n
        return self.cities[seat], self.cities[(seat + 1) % n], self.cities[(seat - 1) % n]

    def count(self, seat: int, counter: Any) -> int:
        """How many of what a `per` clause counts, over its cities (see interpreter.rules.counting)."""
        return count(self, seat, counter)

"""The minimal core: seats in a ring, each with a city (built cards, stages, coins, tokens).

A City keeps running totals (production, shields, science, colour counts, trade
prices) updated as things are built, so the game loop never re-derives them.
"""
from __future__ import annotations

from typing import Any

from .compiled import CCard, Contribution, CompiledPack, CSide

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
                 "science_wild", "tokens", "prices", "vp_effects", "free_build", "free_build_used",
                 "play_last", "copies", "plugins", "choice_mask", "trade_mask", "choice_count", "trade_count", "sold", "tucked", "pay_cache", "pay_key", "prod_version", "own_id", "trade_id", "price_id", "n_res")

    def __init__(self, seat: int, name: str, side: CSide, cp: CompiledPack):
        n_res, n_col, n_sym = len(cp.resources), len(cp.colors), len(cp.symbols)
        self.seat = seat
        self.name = name
        self.side = side
        self.n_res = n_res
        self.stages_built = 0
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
        self.vp_effects: list[tuple[str, Contribution]] = []  # (category, contribution)
        self.free_build = ""
        self.free_build_used = False
        self.play_last = False
        self.copies: list[Any] = []
        self.plugins: list[tuple[str, Any, tuple[Any, ...]]] = []
        self.own_id = self.trade_id = self.price_id = 0
        self.pay_cache: dict[int, tuple[tuple[int, int], ...]] = {}  # card id -> options
        self.pay_key: tuple[int, ...] = ()  # the signatures pay_cache is valid for
        self.prod_version = 0  # bumped whenever own production changes
        self.choice_mask = 0  # bit r: some own either/or card can make resource r
        self.trade_mask = 0  # bit r: neighbours can buy resource r here
        self.choice_count = [0] * n_res  # own either/or cards that can make resource r
        self.trade_count = [0] * n_res  # units of r neighbours can buy here (fixed + either/or)
        self.add(side.board, "wonder")

    # -- building ------------------------------------------------------------
    def add(self, c: Contribution, category: str) -> None:
        """Fold a contribution into the running totals (not its when-built coins)."""
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
        elif not self.own_id:
            self.own_id = intern((tuple(self.choices),))
            self.trade_id = intern((tuple(self.fixed_trade), tuple(self.choices_trade)))
        self.shields += c.shields
        if c.science:
            for i, n in enumerate(c.science):
                self.science[i] += n
        self.science_wild.extend(c.science_wild)
        for resources, seats, price in c.discounts:
            for seat in seats:
                if seat in (LEFT, RIGHT):
                    row = self.prices[seat]
                    for r in resources:
                        if price < row[r]:
                            row[r] = price
            self.price_id = intern((tuple(self.prices[LEFT]), tuple(self.prices[RIGHT])))
        if not self.price_id:
            self.price_id = intern((tuple(self.prices[LEFT]), tuple(self.prices[RIGHT])))
        if c.vp or c.vp_per or c.plugins:
            self.vp_effects.append((category, c))
        if c.free_build:
            self.free_build = c.free_build
        if c.play_last:
            self.play_last = True
        self.copies.extend(c.copies)
        for handler, args in c.plugins:
            self.plugins.append((category, handler, args))

    def build_card(self, card: CCard) -> None:
        self.cards.append(card)
        self.names.add(card.name)
        self.color_counts[card.color] += 1
        self.add(card.effect, card.category)

    def build_stage(self) -> Contribution:
        stage = self.side.stages[self.stages_built]
        self.stages_built += 1
        self.add(stage.effect, "wonder")
        return stage.effect

    @property
    def defeats(self) -> int:
        return sum(1 for t in self.tokens if t < 0)

    @property
    def victories(self) -> int:
        return sum(1 for t in self.tokens if t > 0)


class Table:
    """The ring of cities: left of seat i is (i+1) mod N, right is (i-1) mod N."""

    def __init__(self, cities: list[City]):
        self.cities = cities
        self.n = len(cities)

    def left(self, seat: int) -> City:
        return self.cities[(seat + 1) % self.n]

    def right(self, seat: int) -> City:
        return self.cities[(seat - 1) % self.n]

    def around(self, seat: int) -> tuple[City, City, City]:
        """(self, left, right): indexed by the seat codes 0 / LEFT / RIGHT."""
        n = self.n
        return self.cities[seat], self.cities[(seat + 1) % n], self.cities[(seat - 1) % n]

    def count(self, seat: int, counter: Any) -> int:
        """How many of what a `per` clause counts, over its cities."""
        trio = self.around(seat)
        total = 0
        for s in counter.seats:
            city = trio[s]
            if counter.what == "card":
                cc = city.color_counts
                total += sum(cc[c] for c in counter.colors)
            elif counter.what == "wonder_stage":
                total += city.stages_built
            elif counter.what == "defeat":
                total += city.defeats
            elif counter.what == "victory":
                total += city.victories
        return total

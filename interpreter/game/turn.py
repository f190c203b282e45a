"""A turn's resolution, in the fixed order of the rules (a mixin of GameState).

Within any phase (interpreter/game/phases.py: the base game is three `age` phases; a pack may
declare more, such as a draft or a recruitment) a turn resolves in this fixed order:
  1. every player chooses a move against the state at the start of the turn (the position
     says who: interpreter/game/position.py; the players answer: interpreter/players/game.py);
  2. all moves resolve together (_pay_and_place): bank costs are fixed first (cost changes
     as they stood at the start of the turn), then payments leave and cards are built /
     stages built / sold (sold cards go to the discard pile, or to the box where the phase
     says so);
  3. when-built effects run on the city state after all of this turn's builds (so a
     neighbour's brown card built this turn counts for a card paying per brown card), then the
     turn's events (build, chain, wonder stage, buy) fire their triggers; trade income, sale
     coins, when-built and triggered coins (and coins other cities' cards give from the bank)
     arrive only now, so they cannot pay for this turn; a city that took coins from the bank
     then fires its `take coins` triggers (_effects_and_income);
  3b. coins lost to other cities' cards (`others lose 2 coins`) are settled next, in seat
     order (interpreter/game/losses.py);
  4. on the last turn of an age, players with `play last card` play their last card
     (steps 1-3 again, for them only), then every remaining card is discarded (the age
     phase, interpreter/game/phases.py);
  5. `build from discard` effects built this turn build from the discard pile (this turn's
     discards included), in seat order (interpreter/game/owed.py);
  6. hands pass (the age's direction, interpreter/game/phases.py). After the age's last turn:
     the conflicts (interpreter/game/conflicts.py).
The game can stop between any two of these turns (the game rests where some seat decides).
"""
from __future__ import annotations

from typing import Any, Sequence

from interpreter.game.contract import GameCapped
from interpreter.rules.compiled import CCard, Contribution
from interpreter.rules.effects import Event
from interpreter.rules.city import City
from interpreter.rules.far_trade import far_sellers
from interpreter.rules.gifts import refresh_gifts
from interpreter.rules.moves import BUILD, KEEP, LAW, SELL, Move
from interpreter.rules.cost_now import printed_coins
from interpreter.rules.pricing import build_terms, in_reach


class TurnResolution:
    """Steps 2, 3 and 4 of the module docstring: keep (a draft), resolve (a turn), and the
    effects and events a turn sets off (when_built, fire)."""

    coin_tally: list[tuple[int, Any, int]] | None

    def keep(self, moves: Sequence[Move | None], kept: list[list[CCard]]) -> None:
        """A draft step: each player keeps the chosen card of the hand in front of them."""
        self._count_actions(len(moves))
        entries = []
        picked = []
        for seat, move in enumerate(moves):
            if move is None:
                continue
            card = self.hands[seat].pop(move.card)
            kept[seat].append(card)
            picked.append((seat, move, card))
            entries.append({"player": seat, "card": card.name, "action": KEEP})
        if self.records:
            self.note_plays(self.turn, picked)
        if self.logging:
            self._log_turn(entries)

    def resolve(self, choices: Sequence[Move | None], turn: int | None = None, note: str = "",
                sold: str = "discard") -> list[int]:
        """Apply everyone's move at once (steps 2, 3 and 3b); returns the seats owed a build
        from the discard pile by this resolution (also kept in `owed` for the settling)."""
        if turn is not None:
            self.turn = turn
        owed_before = len(self.owed)
        plays = [(seat, move, self.hands[seat][move.card]) for seat, move in enumerate(choices)
                 if move is not None]
        self.actions += len(plays)
        if self.actions > self.max_actions:
            raise GameCapped(f"stopped after {self.actions} actions (cap {self.max_actions})")
        # cost changes and triggers: most games of most packs have none, and skip their work
        special = False
        for c in self.cities:
            if c.cost_changes or c.triggers:
                special = True
                break
        self.listening = special and self.watching()  # events of every city matter
        income = [0] * self.n
        offers = self.join_offers(plays) if self.cp.projects else None  # priced as the turn starts
        built, events = self._pay_and_place(plays, income, special, sold, note)
        if offers:
            self.join_projects(offers, income)
        self._effects_and_income(plays, built, events, income, special)
        if offers:
            self.projects_after_turn()
        if self.losses:  # step 3b: after the turn's coins (and logged after the turn)
            self.settle_losses()
        return self.owed[owed_before:]

    def _pay_and_place(self, plays: list[tuple[int, Move, CCard]], income: list[int], special: bool,
                       sold: str, note: str) -> tuple[list[tuple[int, Contribution]], list[tuple[int, Event]]]:
        """Step 2: bank costs fixed as cost changes stand at the start of the turn (the moves
        are simultaneous), then payments leave and cards are built, stages built or sold.
        Coins paid to neighbours and from sales go to `income`: they arrive in step 3."""
        n = self.n
        built: list[tuple[int, Contribution]] = []
        events: list[tuple[int, Event]] = []
        entries = []
        # costs counted from the state (`1 less per ...`) are counted as the turn starts, too
        banks = [self._bank(seat, move, card) for seat, move, card in plays] \
            if special or self.cp.state_costs else None
        for seat, _move, card in plays:
            self.hands[seat].remove(card)
        if self.records:
            self.note_plays(self.turn, plays)
        for k, (seat, move, card) in enumerate(plays):
            city = self.cities[seat]
            if banks is not None:
                bank = banks[k]
            elif move.action in (SELL, LAW) or move.free:
                bank = 0
            elif move.action == BUILD:
                bank = printed_coins(card, self.table, seat)
            else:
                bank = printed_coins(city.side.stages[city.stage_at(move.stage)], self.table, seat)
            if move.action == LAW:  # the card is discarded face down; the tile goes on the tower
                self.discard.append(card)
                self.discard_known.append(1 << seat)
                city.laws.remove(move.stage)
                city.laws_placed += 1
                self.tower.append((seat, move.stage))
            elif move.action == SELL:
                if sold == "box":
                    self.box.append(card)
                    self.box_known.append(1 << seat)
                else:
                    self.discard.append(card)
                    self.discard_known.append(1 << seat)
                income[seat] += city.sale_value(self.rules.sell_coins)
                city.sold.append(card)
            else:
                if move.action == BUILD:
                    city.build_card(card)
                    if card.upgrades:  # it replaces the card it is built over
                        self.upgrade_over(seat, card)
                    if move.free == "power" and not self._free_turn(city):
                        city.free_build_used = True
                    built.append((seat, card.effect))
                    if special and (city.triggers or self.listening):  # events matter to a city that reacts
                        events.append((seat, Event("build", card.color, card.id)))
                        if move.free == "chain":
                            events.append((seat, Event("chain", card.color, card.id)))
                else:
                    city.tucked.append(card)
                    built.append((seat, city.build_stage(move.stage, card)))
                    if special and (city.triggers or self.listening):
                        events.append((seat, Event("wonder_stage")))
                if special:
                    self._spent(city, move, events)
                city.coins -= bank + move.extra + move.left + move.right
                income[(seat + 1) % n] += move.left
                income[(seat - 1) % n] += move.right
                if move.far[0] or move.far[1]:  # `trade N seats away`: the far sellers
                    self._pay_far(city, move.far, income)
            if self.logging:
                entries.append(self._log_entry(seat, move, card, bank))
        if self.logging:  # the turn first; what its effects do (copies, losses) after it
            self._log_turn(entries, note)
        return built, events

    def _pay_far(self, city: City, far: tuple[int, int], income: list[int]) -> None:
        city.coins -= far[0] + far[1]
        for paid, seller in zip(far, far_sellers(city, self.table)):
            if paid and seller is not None:
                income[seller.seat] += paid

    def _log_entry(self, seat: int, move: Move, card: CCard, bank: int) -> dict[str, Any]:
        free = move.free or ("cost" if move.action == BUILD and not card.cost and not card.cost_coins
                             and not card.cost_per_age else "")
        if not free and move.action == BUILD and (card.cost_coins or card.cost_per_age) and not bank:
            free = "discount"  # a cost change waived the coins
        return {"player": seat, "card": card.name, "action": move.action,
                **({"stage": move.stage + 1} if move.stage >= 0 else {}),
                **({"law": self.rules.tower.tiles[move.stage].name} if move.action == LAW else {}),
                "bank": bank + move.extra, "left": move.left, "right": move.right,
                **({"free": free} if free else {}),
                **({"far": list(move.far)} if move.far[0] or move.far[1] else {}),
                **({"by": self.controller(seat)} if seat in self.unowned else {})}

    def _effects_and_income(self, plays: list[tuple[int, Move, CCard]], built: list[tuple[int, Contribution]],
                            events: list[tuple[int, Event]], income: list[int], special: bool) -> None:
        """Step 3: when-built effects on the cities as they stand after every build of the turn,
        then the turn's events fire their triggers; then all the turn's coins arrive (a
        negative effect takes at most what a city has), after `take coins` triggers."""
        n = self.n
        # coins from the bank matter only to a city that reacts to events (`take coins`)
        watch = [seat for seat in range(n) if self.cities[seat].triggers or self.listening] if special else ()
        from_bank = [0] * n if special else None  # coins from the bank, for `take coins`
        if watch:
            for seat, move, _card in plays:
                if move.action == SELL:
                    from_bank[seat] += self.cities[seat].sale_value(self.rules.sell_coins)
        for seat, effect in built:
            if effect.built_hooks:
                got = self.when_built(seat, effect)
                income[seat] += got
                if got > 0 and from_bank is not None:
                    from_bank[seat] += got
        for seat, event in events:  # (events exist only when `special`)
            got = self.fire(seat, event)
            income[seat] += got
            if got > 0:
                from_bank[seat] += got
        if self.gains:  # coins other cities' cards give from the bank
            for seat, coins in self.gains:
                income[seat] += coins
                if from_bank is not None:
                    from_bank[seat] += coins
            self.gains.clear()
        for seat in watch:
            if from_bank[seat]:
                income[seat] += self.fire(seat, Event("take_coins"))
        for seat in range(n):  # a negative effect takes at most what the city has
            city = self.cities[seat]
            city.coins = max(0, city.coins + income[seat])

    def set_up_boards(self) -> None:
        """The game begins: each board's one-time effects run as if the board were built then
        (coins from the bank arrive at once; coins other cities lose are settled next)."""
        for seat, city in enumerate(self.cities):
            if city.side.board.built_hooks:
                city.coins = max(0, city.coins + self.when_built(seat, city.side.board))
        self.settle_gains()
        if self.losses:
            self.settle_losses()

    def settle_gains(self) -> None:
        """Coins other cities' effects gave from the bank, outside a turn's step 3: now."""
        gains, self.gains = self.gains, []
        for seat, coins in gains:
            self.cities[seat].coins = max(0, self.cities[seat].coins + coins)

    def age_starts(self) -> None:
        """Every city's `when age starts` triggers, as the age begins."""
        self.boundary("age_start")

    def boundary(self, kind: str) -> None:
        """Every city's triggers of a boundary all cities meet at once (`age_start`, `age_end`,
        `game_end`): their coins at once, then the coins they gave others."""
        for seat, city in enumerate(self.cities):
            got = self.fire(seat, Event(kind))
            if got:
                city.coins = max(0, city.coins + got)
        self.settle_gains()

    def _spent(self, city: City, move: Move, events: list[tuple[int, Event]]) -> None:
        """What a paid move means beyond its coins: `buy` events, the bank bought from, rebates."""
        if city.triggers or self.listening:
            for side, paid in ((1, move.left), (2, move.right)):  # one per neighbour paid
                if paid:
                    events.append((city.seat, Event("buy", side)))
        n = self.n
        for seller, side, paid in ((city.seat + 1) % n, 2, move.left), ((city.seat - 1) % n, 1, move.right):
            if paid and (self.cities[seller].triggers or self.listening):  # `when neighbors buy from you`:
                events.append((seller, Event("sold", side)))  # in the seller's city, by the buyer's side
        if move.extra:
            city.bank_used = self.bank_reset = True
        if city.mods is not None and city.mods.rebate != (0, 0):  # the rebate is used
            for side, paid in ((1, move.left), (2, move.right)):
                if paid and city.mods.rebate[side - 1]:
                    city.rebate_used.add(side)
                    self.bank_reset = True

    def _bank(self, seat: int, move: Move, card: CCard) -> int:
        if move.action in (SELL, LAW) or move.free:
            return 0
        city = self.cities[seat]
        if not in_reach(city, self.table):  # no cost change in reach
            if move.action == BUILD:
                return printed_coins(card, self.table, seat)
            return printed_coins(city.side.stages[city.stage_at(move.stage)], self.table, seat)
        if move.action == BUILD:
            return build_terms(card.color, printed_coins(card, self.table, seat), card.cost, city,
                               self.table).bank
        stage = city.side.stages[city.stage_at(move.stage)]
        return build_terms(-1, printed_coins(stage, self.table, seat), stage.cost, city,
                           self.table).bank

    def when_built(self, seat: int, effect: Contribution) -> int:
        coins = 0
        for hook in effect.built_hooks:
            coins += hook.when_built(self, seat)
        if coins and self.coin_tally is not None:  # source: the effect built
            self.coin_tally.append((seat, effect, coins))
        return coins

    def fire(self, seat: int, event: Event) -> int:
        """Run the triggers that hear this event in `seat`'s city: its own (the coins they give
        are returned) and other cities' that listen to it (`when neighbors build ...`: their
        coins go to self.gains, settled with the turn's other coins)."""
        coins = 0
        for hook, source in self.cities[seat].triggers:
            if source == event.card and source >= 0 or not getattr(hook, "own", True) or not hook.matches(event):
                continue
            coins += self._react(seat, seat, hook, source, event)
        if self.watching():
            n = self.n
            for owner in range(n):
                if owner == seat:
                    continue
                for hook, source in self.cities[owner].triggers:
                    if getattr(hook, "others", False) and hook.hears(owner, seat, n) and hook.matches(event):
                        got = self._react(owner, seat, hook, source, event)
                        if got:
                            self.gains.append((owner, got))
        return coins

    def _react(self, owner: int, seat: int, hook: Any, source: int, event: Event) -> int:
        if getattr(hook, "once", False):  # once per turn for each distinct occurrence
            key = (owner, id(hook), event.color, seat)
            if key in self.fired:
                return 0
            self.fired.add(key)
        limit = getattr(hook, "limit", "")
        if limit:  # once in each age, or in the game: for this city's copy of the card
            key = (owner, id(hook), self.age if limit == "age" else 0, source)
            if key in self.fired_once:
                return 0
            self.fired_once.add(key)
        got = hook.react(self, owner, event)
        if got and self.coin_tally is not None:  # source: the id of the trigger's card
            self.coin_tally.append((owner, source, got))
        return got

    def refresh_gifts(self) -> None:
        """Production given to other cities, dealt again (interpreter/rules/gifts.py)."""
        refresh_gifts(self.table, self.cp)

    @property
    def has_triggers(self) -> bool:
        """Whether any city has triggers (most packs: none, and no boundary fires anything)."""
        return any(city.triggers for city in self.cities)

    def watching(self) -> bool:
        """Whether any city listens to events in other cities (most packs: none)."""
        return any(city.listens for city in self.cities)

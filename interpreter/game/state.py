"""The game: a schedule of phases (interpreter/game/phases.py) over a ring of cities, then scoring.

The base game is three `age` phases; a pack may declare more (a draft at the start, a
recruitment before each age, ...). Within any phase a turn resolves in this fixed order:
  1. every player chooses a move against the state at the start of the turn;
  2. all moves resolve together: bank costs are fixed first (cost changes as they stood at
     the start of the turn), then payments leave and cards are built / stages built / sold
     (sold cards go to the discard pile, or to the box where the phase says so);
  3. when-built effects run on the city state after all of this turn's builds (so a
     neighbour's brown card built this turn counts for a card paying per brown card), then the
     turn's events (build, chain, wonder stage, buy) fire their triggers; trade income, sale
     coins, when-built and triggered coins (and coins other cities' cards give from the bank)
     arrive only now, so they cannot pay for this turn; a city that took coins from the bank
     then fires its `take coins` triggers;
  3b. coins lost to other cities' cards (`others lose 2 coins`) are settled next, in seat
     order: each losing city's player chooses how much of the loss to pay from its treasury
     (as it stands after step 3) and takes one of the pack's debt tokens for each coin it does
     not pay;
  4. on the last turn of an age, players with `play last card` play their last card
     (steps 1-3 again, for them only), then every remaining card is discarded;
  5. `build from discard` effects built this turn build from the discard pile (this turn's
     discards included), in seat order;
  6. hands pass (the age's direction). After the age's last turn: the conflicts, whose
     win/lose events fire their triggers at once. Who fights whom comes from the declared
     rules: a city holding a token of a kind that sits out (diplomacy) gives one back and takes
     no part, and the two cities beside it fight each other; strength is its shields plus
     shields counted anew (`shields 1 per defeat`).
The game can stop between any two of these turns (the game rests where some seat decides):
interpreter/game/position.py has its position, pending/step and play; bots are given observations.
"""
from __future__ import annotations

import difflib
from typing import Any, Optional, Protocol, Sequence

from interpreter.rules.compiled import CCard, CompiledPack, Contribution
from interpreter.rules.effects import Event
from interpreter.game.records import Knowledge, Record
from interpreter.rules.moves import ALL_ACTIONS, BUILD, KEEP, SELL, Move, legal_moves, refusal
from interpreter.players.observation import Observation
from interpreter.game.phases import AGE, schedule
from interpreter.game.position import Stepping
from interpreter.rules.pricing import build_terms
from interpreter.game.rng import Stream
from interpreter.game.seats import SeatController, must_play, must_play_refusal, nearest_player
from interpreter.rules.city import City, Table


class IllegalMove(Exception):
    pass


class GameCapped(Exception):
    """A game passed its safety cap on actions (only a broken variant or plug-in could)."""


class Bot(Protocol):
    """A player. It sees only its observation (interpreter/players/observation.py), never the game.
    choose_card (a build from the discard pile, a copy) and choose_payment (a coin loss)
    are optional: without them the first card is taken and all that can be paid is paid."""

    name: str

    def choose(self, obs: "Observation", moves: list[Move]) -> Move: ...


class Game(Stepping, Knowledge):
    """The rules of a turn (below, and the module docstring); playing turn by turn from an
    explicit position: Stepping (interpreter/game/position.py); what each seat saw: Knowledge."""

    # statistics only (interpreter/sim): set to [] before play() to record (seat, source, coins)
    # for every card effect that gives coins; None (the default) records nothing
    coin_tally: list[tuple[int, Any, int]] | None = None
    base_fields: Optional[frozenset[str]] = None  # the fields of a plain game (determinize)

    def __init__(self, cp: CompiledPack, bots: Sequence[Bot], seed: int = 0, sides: str = "A",
                 wonders: Sequence[str] | None = None, names: Sequence[str] | None = None,
                 log: bool = False, max_actions: int | None = None):
        rules = cp.rules
        players = len(bots)
        if not rules.min_players <= players <= rules.max_players:
            raise ValueError(f"this pack plays {rules.min_players} to {rules.max_players} players, "
                             f"not {players}")
        decls = rules.seats_at(players)  # seats no player owns, after the players' seats
        n = players + len(decls)
        if n < 3:
            raise ValueError(f"{players} players make a ring of {n} cities; the pack declares no "
                             "seat no player owns for this count")
        if n > len(cp.wonders):
            raise ValueError(f"{n} cities but only {len(cp.wonders)} wonders in the pack")
        self.cp = cp
        self.rules = rules
        self.n = n  # cities in the ring
        self.n_players = players
        self.player_seats = list(range(players))
        self.unowned = {players + k: d for k, d in enumerate(decls)}
        self.piles = frozenset(s for s, d in self.unowned.items() if d.hand == "pile")
        self.holders: dict[int, int] = {}  # seat no player owns -> the player holding its card
        self.held_moves: list[Move | None] = []  # the players' moves while such seats choose
        self.seat_turn: list[int] = []  # the seats with a pile choosing now (sub-step "seat")
        self.pile_saved: dict[int, list[CCard]] = {}  # their piles, set aside meanwhile
        self.bots = list(bots) + [SeatController(s, d) for s, d in self.unowned.items()]
        self.seed = seed
        self.rng = Stream(seed, "deal")  # the deal's stream: wonders, sides, shuffles, draws
        # each seat's bot draws from its own stream, so a bot's choices never change the deal
        self.bot_rngs = [Stream(seed, f"bot:{s}") for s in range(n)]
        chosen = list(wonders) if wonders else self.rng.sample(list(cp.wonders), n)
        if len(chosen) == players < n:  # the players' wonders given: the other seats' at random
            chosen += self.rng.sample([w for w in cp.wonders if w not in chosen], n - players)
        side_names = []
        for w in chosen:
            options = sorted(s for (name, s) in cp.sides if name == w)
            if not options:
                close = difflib.get_close_matches(w, list(cp.wonders), n=1)
                hint = f"; did you mean '{close[0]}'?" if close else ""
                raise ValueError(f"no wonder named '{w}' in the pack{hint}")
            pick = sides if sides in options else (self.rng.choice(options) if sides == "random" else None)
            if pick is None:
                raise ValueError(f"wonder '{w}' has no side '{sides}' (sides: {', '.join(options)})")
            side_names.append(pick)
        names = list(names) if names else [f"P{i + 1}" for i in range(players)]
        names = names[:players] + [d.name for d in decls]
        self.cities = [City(i, names[i], cp.sides[(w, s)], cp) for i, (w, s) in enumerate(zip(chosen, side_names))]
        for seat, decl in self.unowned.items():
            city = self.cities[seat]
            city.unowned = True
            if decl.coins is not None:
                city.coins = decl.coins
        self.table = Table(self.cities)
        self.discard: list[CCard] = []
        self.box: list[CCard] = []  # cards out of the game (undealt, or put away by a phase)
        self.hands: list[list[CCard]] = [[] for _ in range(n)]  # the hands being played now
        self.phase = AGE
        self.actions_now: tuple[str, ...] = ALL_ACTIONS
        self.age = 0
        self.turn = 0
        self.turns_played = 0
        self.actions = 0
        self.owed: list[int] = []  # seats owed a build from the discard pile this turn
        self.owed_hands: list[tuple[int, str]] = []  # (seat, hand) owed a paid play this turn
        self.fired: set[tuple[int, int, int]] = set()  # once-per-turn triggers fired this turn
        self.bank_reset = False  # some city bought from the bank this turn
        self.gains: list[tuple[int, int]] = []  # (seat, coins from the bank) owed by others' cards
        self.sit_out_kinds = [k.name for k in rules.tokens.values() if k.sit_out]
        self.losses: list[tuple[int, int, int]] = []  # (seat, coins due, seat of the card's owner)
        self.steps = schedule(rules.phases, rules.ages)
        self.last_turn = rules.hand_size_at(n) - 1  # an age's turns: until one card is left
        deals = sum(s.decl.deal for s in self.steps if s.decl.kind == "draft")
        # every turn is at most a move, a last-card play and discard builds per player
        self.max_actions = max_actions or 4 * n * (rules.ages * rules.hand_size + len(self.steps) + deals)
        self.dealt: dict[str, int] = {}
        self.logging = log
        self.log: dict[str, Any] = {
            "pack": cp.pack.name, "seed": seed,
            "players": [{"name": c.name, "wonder": c.side.wonder, "side": c.side.side,
                         "bot": getattr(b, "name", type(b).__name__),
                         **({"free_city": True} if c.unowned else {})}
                        for c, b in zip(self.cities, self.bots)],
            "turns": [], "war": []}
        # the position (interpreter/game/position.py): a step of the schedule, a sub-step, a turn
        self.at = 0
        self.sub = "start"
        self.age_begun = 0  # the last age begun (its once-per-age powers came back)
        self.phase_age = 0  # the age of the current step
        self.extra: list[int] = []  # seats playing their last card now (sub-step "last")
        self.kept: list[list[CCard]] = []  # a draft's picks so far, by seat
        self.settle_queue: list[tuple[str, int, str]] = []  # owed builds: (kind, seat, hand)
        self.saved_hands: Optional[list[list[CCard]]] = None  # the hands, while a second hand is played
        self.scores: Optional[dict[str, Any]] = None
        # what each player saw (interpreter/game/records.py)
        self.records: list[Record] = []
        self.lineage: Optional[list[int]] = None
        self.discard_known: list[int] = []  # per discard pile card: a bit per seat that knows it
        self.box_known: list[int] = []
        self.search_rngs: list[Optional[Stream]] = [None] * n  # made when first asked for
        self.views: Optional[tuple[Any, list[City]]] = None  # observation views of the cities
        if Game.base_fields is None:  # what a plain game holds (a subclass may add more)
            Game.base_fields = frozenset(self.__dict__)

    # -- the cycle ----------------------------------------------------------------
    def begin_age(self, age: int) -> None:
        """An age begins (before its declared phases): powers once per age come back."""
        self.age = self.table.age = age
        for c in self.cities:
            if c.free_build == "age":
                c.free_build_used = False
        for seat, decl in self.unowned.items():  # its card goes to the player the rules name
            if decl.controller == "holder":
                self.holders[seat] = nearest_player(self, seat, decl.first_holder[age - 1])

    def bot_for(self, seat: int) -> Any:
        """The bot that chooses for this seat now: its own, or its controller's."""
        if self.unowned and seat in self.unowned:
            return self.bots[self.controller(seat)]
        return self.bots[seat]

    def controller(self, seat: int) -> int:
        """The player who plays for a seat no player owns, now."""
        decl = self.unowned[seat]
        if decl.controller == "holder":
            held = self.holders.get(seat)
            return held if held is not None else \
                nearest_player(self, seat, decl.first_holder[max(0, self.age - 1)])
        return nearest_player(self, seat, decl.controller)

    def play_age(self, age: int) -> None:
        """One age on its own (the age phase with its start), e.g. for tests (the game's
        position in its schedule is not kept)."""
        self.begin_age(age)
        self.run_phase(AGE, age)

    def begin_turn(self, turn: int) -> None:
        self.turn = turn
        self.turns_played += 1
        if self.records:
            self.see_turn(turn)
        if self.fired:
            self.fired.clear()
        if self.bank_reset:
            self.bank_reset = False
            for c in self.cities:
                c.bank_used = False
                c.rebate_used.clear()

    def deal(self, age: int) -> None:
        deck = self.cp.deck(age, self.n)
        if age == self.rules.ages:
            guilds = self.cp.guilds()
            deck += self.rng.sample(guilds, min(len(guilds), self.n + self.rules.guild_extra))
        for rule in self.rules.draws:  # other cards drawn at random (one black card per player, ...)
            if not rule.ages or age in rule.ages:
                pool = self.cp.drawn(rule.color, age)
                deck += self.rng.sample(pool, min(len(pool), rule.per_player * self.n + rule.extra))
        self.rng.shuffle(deck)
        size = self.rules.hand_size_at(self.n)
        if len(deck) < size * self.n:
            raise ValueError(f"age {age} has {len(deck)} cards for {self.n} players; "
                             f"{size * self.n} are needed")
        self.hands = [deck[i * size:(i + 1) * size] for i in range(self.n)]
        for hand in self.hands:
            for c in hand:
                self.dealt[c.name] = self.dealt.get(c.name, 0) + 1

    def deal_deck(self, decl: Any) -> list[list[CCard]]:
        """A draft's hands: `deal` cards of its deck to each player; the rest to the box."""
        players = self.n_players  # the players only: a seat no player owns gets none
        deck = self.cp.deck_cards(decl.deck, players)
        self.rng.shuffle(deck)
        size = decl.deal
        if len(deck) < size * players:
            raise ValueError(f"phase '{decl.name}': the deck '{decl.deck}' has {len(deck)} cards "
                             f"for {players} players; {size * players} are needed")
        self.to_box(deck[size * players:])
        return [deck[i * size:(i + 1) * size] if i < players else [] for i in range(self.n)]

    def free_power(self, seat: int) -> bool:
        c = self.cities[seat]
        if c.free_build and not c.free_build_used:
            return True
        return bool(c.free_turns) and self._free_turn(c)

    def _free_turn(self, city: City) -> bool:
        """Whether this turn's card is free by a `free first|last card of each age` power."""
        if not city.free_turns or self.phase.kind != "age":
            return False
        return ("age_first" in city.free_turns and self.turn == 1) or \
            ("age_last" in city.free_turns and self.turn == self.last_turn)

    def moves(self, seat: int, actions: tuple[str, ...] | None = None) -> list[Move]:
        return self._bound(seat, legal_moves(self.hands[seat], self.cities[seat], self.table,
                                             self.free_power(seat), actions or self.actions_now))

    def _bound(self, seat: int, moves: list[Move]) -> list[Move]:
        """The legal moves a seat may make: a seat no player owns that must play builds."""
        if self.unowned and seat in self.unowned and self.unowned[seat].must_play:
            return must_play(moves)
        return moves

    def decide(self, seat: int, actions: tuple[str, ...] = ALL_ACTIONS) -> Move:
        """The seat's bot chooses a move (given only its observation); checked here."""
        self.actions_now = actions
        moves = legal_moves(self.hands[seat], self.cities[seat], self.table, self.free_power(seat), actions)
        bound = self._bound(seat, moves)
        move = self.bot_for(seat).choose(Observation(self, seat), bound)
        if not isinstance(move, Move):  # checked first: a plain tuple can equal a legal Move
            raise IllegalMove(f"{self.cities[seat].name} ({getattr(self.bot_for(seat), 'name', '?')}): "
                              f"not a Move: {move!r}")
        if move in bound:  # generated as legal; only a foreign move needs the full check
            return move
        why = must_play_refusal(move, moves, bound, self.cities[seat].name)
        if why:
            raise IllegalMove(f"{self.cities[seat].name} ({getattr(self.bot_for(seat), 'name', '?')}): {why}")
        why = refusal(move, self.hands[seat], self.cities[seat], self.table, self.free_power(seat),
                      actions)
        if why:
            raise IllegalMove(f"{self.cities[seat].name} ({getattr(self.bot_for(seat), 'name', '?')}): {why}")
        return move

    def _count_actions(self, k: int) -> None:
        self.actions += k
        if self.actions > self.max_actions:
            raise GameCapped(f"stopped after {self.actions} actions (cap {self.max_actions})")

    def _log_turn(self, entries: list[dict[str, Any]], note: str = "") -> None:
        kind = "turn" if self.phase.kind == "age" else self.phase.kind
        named = {"name": self.phase.name} if self.phase.kind != "age" else {}
        self.log["turns"].append({"age": self.age, "turn": self.turn, "phase": kind, **named,
                                  **({"note": note} if note else {}), "moves": entries})

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
        """Apply everyone's move at once; returns the seats owed a build from the discard pile
        by this resolution (also kept in `owed` for settle_discard_builds)."""
        if turn is not None:
            self.turn = turn
        n = self.n
        income = [0] * n
        built: list[tuple[int, Contribution]] = []
        events: list[tuple[int, Event]] = []
        entries = []
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
        # bank costs as cost changes stand at the start of the turn (the moves are simultaneous)
        banks = [self._bank(seat, move, card) for seat, move, card in plays] if special else None
        for seat, _move, card in plays:
            self.hands[seat].remove(card)
        if self.records:
            self.note_plays(self.turn, plays)
        for k, (seat, move, card) in enumerate(plays):
            city = self.cities[seat]
            if banks is not None:
                bank = banks[k]
            elif move.action == SELL or move.free:
                bank = 0
            elif move.action == BUILD:
                bank = card.cost_coins + card.cost_per_age * self.table.age
            else:
                st = city.side.stages[city.stages_built]
                bank = st.cost_coins + st.cost_per_age * self.table.age
            if move.action == SELL:
                if sold == "box":
                    self.box.append(card)
                    self.box_known.append(1 << seat)
                else:
                    self.discard.append(card)
                    self.discard_known.append(1 << seat)
                income[seat] += self.rules.sell_coins
                city.sold.append(card)
            else:
                if move.action == BUILD:
                    city.build_card(card)
                    if move.free == "power" and not self._free_turn(city):
                        city.free_build_used = True
                    built.append((seat, card.effect))
                    if special and city.triggers:  # events matter to a city that reacts
                        events.append((seat, Event("build", card.color, card.id)))
                        if move.free == "chain":
                            events.append((seat, Event("chain", card.color, card.id)))
                else:
                    city.tucked.append(card)
                    built.append((seat, city.build_stage()))
                    if special and city.triggers:
                        events.append((seat, Event("wonder_stage")))
                if special:
                    self._spent(city, move, events)
                city.coins -= bank + move.extra + move.left + move.right
                income[(seat + 1) % n] += move.left
                income[(seat - 1) % n] += move.right
            if self.logging:
                free = move.free or ("cost" if move.action == BUILD and not card.cost
                                     and not card.cost_coins else "")
                if not free and move.action == BUILD and card.cost_coins and not bank:
                    free = "discount"  # a cost change waived the coins
                entries.append({"player": seat, "card": card.name, "action": move.action,
                                "bank": bank + move.extra, "left": move.left, "right": move.right,
                                **({"free": free} if free else {}),
                                **({"by": self.controller(seat)} if seat in self.unowned else {})})
        if self.logging:  # the turn first; what its effects do (copies, losses) after it
            self._log_turn(entries, note)
        # coins from the bank matter only to a city that reacts to events (`take coins`)
        watch = [seat for seat in range(n) if self.cities[seat].triggers] if special else ()
        from_bank = [0] * n if special else None  # coins from the bank, for `take coins`
        if watch:
            for seat, move, _card in plays:
                if move.action == SELL:
                    from_bank[seat] += self.rules.sell_coins
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
        if self.losses:  # after the turn's coins (and logged after the turn)
            self.settle_losses()
        return self.owed[owed_before:]

    def _spent(self, city: City, move: Move, events: list[tuple[int, Event]]) -> None:
        """What a paid move means beyond its coins: `buy` events, the bank bought from, rebates."""
        if city.triggers:
            for side, paid in ((1, move.left), (2, move.right)):  # one per neighbour paid
                if paid:
                    events.append((city.seat, Event("buy", side)))
        if move.extra:
            city.bank_used = self.bank_reset = True
        if city.mods is not None and city.mods.rebate != (0, 0):  # the rebate is used
            for side, paid in ((1, move.left), (2, move.right)):
                if paid and city.mods.rebate[side - 1]:
                    city.rebate_used.add(side)
                    self.bank_reset = True

    def _bank(self, seat: int, move: Move, card: CCard) -> int:
        if move.action == SELL or move.free:
            return 0
        city = self.cities[seat]
        n = self.n
        if not (city.cost_changes or self.cities[(seat + 1) % n].cost_changes
                or self.cities[(seat - 1) % n].cost_changes):  # no cost change in reach
            if move.action == BUILD:
                return card.cost_coins + card.cost_per_age * self.table.age
            st = city.side.stages[city.stages_built]
            return st.cost_coins + st.cost_per_age * self.table.age
        age = self.table.age
        if move.action == BUILD:
            return build_terms(card.color, card.cost_coins + card.cost_per_age * age, card.cost, city,
                               self.table).bank
        stage = city.side.stages[city.stages_built]
        return build_terms(-1, stage.cost_coins + stage.cost_per_age * age, stage.cost, city,
                           self.table).bank

    def when_built(self, seat: int, effect: Contribution) -> int:
        coins = 0
        for hook in effect.built_hooks:
            coins += hook.when_built(self, seat)
        if coins and self.coin_tally is not None:  # source: the effect built
            self.coin_tally.append((seat, effect, coins))
        return coins

    def fire(self, seat: int, event: Event) -> int:
        """Run the triggers of `seat`'s city that this event matches; coins they give."""
        coins = 0
        for hook, source in self.cities[seat].triggers:
            if source == event.card and source >= 0 or not hook.matches(event):
                continue
            if getattr(hook, "once", False):  # once per turn for each distinct occurrence
                key = (seat, id(hook), event.color)
                if key in self.fired:
                    continue
                self.fired.add(key)
            got = hook.react(self, seat, event)
            if got and self.coin_tally is not None:  # source: the id of the trigger's card
                self.coin_tally.append((seat, source, got))
            coins += got
        return coins

    def owe_discard_build(self, seat: int) -> None:
        self.owed.append(seat)

    def give_tokens(self, seat: int, kind: str, count: int) -> None:
        counts = self.cities[seat].token_counts
        counts[kind] = counts.get(kind, 0) + count

    def give_coins(self, seat: int, coins: int) -> None:
        """Coins from the bank to `seat` with this turn's income (another city's card)."""
        self.gains.append((seat, coins))

    def owe_loss(self, seat: int, coins: int, by: int) -> None:
        """A loss `seat` must settle at the end of this turn: coins or debt tokens."""
        self.losses.append((seat, coins, by))

    def settle_losses(self) -> None:
        """Each loss in seat order: the player pays what it chooses (at most what it has) and
        takes a debt token for each coin it does not pay (no debt kind: it pays what it can)."""
        losses, self.losses = sorted(self.losses), []
        entries = []
        debt = self.rules.debt
        for seat, due, by in losses:
            city = self.cities[seat]
            can = min(due, city.coins)
            pay = can
            if debt:
                chooser = getattr(self.bot_for(seat), "choose_payment", None)
                pay = can if chooser is None else chooser(self.observe(seat), due, can)
                if not isinstance(pay, int) or not 0 <= pay <= can:
                    raise IllegalMove(f"{city.name}: cannot pay {pay!r} of a loss of {due} "
                                      f"(0 to {can})")
            city.coins -= pay
            if debt and due > pay:
                self.give_tokens(seat, debt, due - pay)
            entries.append({"player": seat, "card": self.cities[by].name, "action": "lose",
                            "bank": pay, "left": 0, "right": 0,
                            **({"debt": due - pay} if debt and due > pay else {})})
        if self.logging:
            self._log_turn(entries, "coins lost")

    def owe_hand_build(self, seat: int, hand: str) -> None:
        self.owed_hands.append((seat, hand))

    def draw_from_box(self, seat: int, deck: str, count: int) -> None:
        """Cards of `deck` from the box, at random, into the city's hand of that name."""
        pool = [c for c in self.box if c.deck == deck]
        got = self.drawn_from(pool, count)
        for c in got:
            self.take_from(self.box, self.box_known, c)
        self.cities[seat].hands.setdefault(deck, []).extend(got)

    def drawn_from(self, pool: list[CCard], count: int) -> list[CCard]:
        """`count` cards of `pool` at random (a replay takes the logged ones)."""
        return self.rng.sample(pool, min(count, len(pool)))

    def choose_card(self, seat: int, cards: list[CCard], purpose: str) -> int | None:
        """The seat's bot picks one of `cards` (None declines; a bot without choose_card
        takes the first)."""
        chooser = getattr(self.bot_for(seat), "choose_card", None)
        return 0 if chooser is None else chooser(self.observe(seat), cards, purpose)

    def discard_choices(self, seat: int) -> list[CCard]:
        """The discarded cards the seat may build (one of each, none it has built)."""
        names = self.cities[seat].names
        unique: list[CCard] = []
        for c in self.discard:
            if c.name not in names and c not in unique:
                unique.append(c)
        return unique

    def build_discarded(self, seat: int, unique: list[CCard], pick: int | None) -> None:
        """Build `unique[pick]` from the discard pile for free (None: the seat declines)."""
        city = self.cities[seat]
        if not unique:
            return
        if pick is not None and (not isinstance(pick, int) or not 0 <= pick < len(unique)):
            raise IllegalMove(f"{city.name}: no discarded card #{pick}")
        self.look_through_discard(seat)
        if pick is None:
            return
        card = unique[pick]
        self.take_from(self.discard, self.discard_known, card)
        self._count_actions(1)
        city.build_card(card)
        if self.records:
            self.note_plays(self.turn, [(seat, Move(-1, BUILD, free="discard"), card)])
        coins = self.when_built(seat, card.effect)
        coins += self.fire(seat, Event("build", card.color, card.id))
        gains, self.gains = self.gains, []  # coins its effects give other cities, now
        for other, got in gains:
            if other == seat:
                coins += got
            else:
                self.cities[other].coins += got
                if got and self.cities[other].triggers:
                    self.cities[other].coins += self.fire(other, Event("take_coins"))
        if coins > 0 and city.triggers:
            coins += self.fire(seat, Event("take_coins"))
        city.coins = max(0, city.coins + coins)
        if self.logging:
            self._log_turn([{"player": seat, "card": card.name, "action": BUILD,
                             "bank": 0, "left": 0, "right": 0, "free": "discard"}], "build from discard")
        if self.losses:  # and the coins it makes others lose, at the end of this turn: now
            self.settle_losses()

    def copy_card_now(self, seat: int, colors: tuple[int, ...], seats: tuple[int, ...]) -> int:
        """A `copy ... now` effect: the chosen neighbour's card applies whole to this city."""
        city = self.cities[seat]
        trio = self.table.around(seat)
        cands: list[CCard] = []
        for s in seats:
            for card in trio[s].cards:
                if card.color in colors and card not in cands and card not in city.copied_now:
                    cands.append(card)
        if not cands:
            return 0
        pick = self.choose_card(seat, cands, "copy")
        if pick is None:
            return 0
        if not 0 <= pick < len(cands):
            raise IllegalMove(f"{city.name}: no card #{pick} to copy")
        card = cands[pick]
        city.copied_now.append(card)
        city.add(card.effect, card.category, card.id)
        if self.logging:
            self._log_turn([{"player": seat, "card": card.name, "action": "copy", "bank": 0,
                             "left": 0, "right": 0, "free": "copy"}], "copy")
        return self.when_built(seat, card.effect)

    def pass_hands(self, direction: str | int, players_only: bool = False) -> None:
        """Pass every hand to the left or right neighbour (an int is an age: its direction).
        A seat no player owns keeps a pile (it does not pass) and takes no part in a draft;
        the card of a seat held in turn goes with its holder's hand."""
        if isinstance(direction, int):
            direction = self.rules.pass_directions[direction - 1]
        step = 1 if direction == "left" else -1
        if not self.unowned:
            self.hands = self.hands[-step:] + self.hands[:-step]  # seat s's hand goes to s + step
            if self.lineage is not None:
                self.lineage = self.lineage[-step:] + self.lineage[:-step]
            return
        ring = self.player_seats if players_only else [s for s in range(self.n) if s not in self.piles]
        nxt = {s: ring[(k + step) % len(ring)] for k, s in enumerate(ring)}
        hands = list(self.hands)
        for s in ring:
            hands[nxt[s]] = self.hands[s]
        self.hands = hands
        if self.lineage is not None:
            lineage = list(self.lineage)
            for s in ring:
                lineage[nxt[s]] = self.lineage[s]
            self.lineage = lineage
        if not players_only:
            for seat, held in self.holders.items():
                self.holders[seat] = nxt.get(held, held)

    def war(self, age: int) -> None:
        """The conflicts of an age: each city against the next city on either side that takes
        part (a city holding a sit-out token gives one back and takes no part)."""
        win = self.rules.victory_tokens[age - 1]
        lose = self.rules.defeat_token
        n = self.n
        out = set()
        for kind in self.sit_out_kinds:
            for seat, city in enumerate(self.cities):
                if city.token_counts.get(kind, 0) > 0 and seat not in out:
                    city.token_counts[kind] -= 1
                    out.add(seat)
        fighting = [s for s in range(n) if s not in out] if out else list(range(n))
        strength = [c.conflict_shields(self.table) if c.strength else c.shields for c in self.cities]
        gets: list[list[int]] = [[] for _ in self.cities]
        won = [0] * n
        lost = [0] * n
        m = len(fighting)
        for k, seat in enumerate(fighting):
            left, right = fighting[(k + 1) % m], fighting[(k - 1) % m]
            # two rivals, or one (two cities left fight once), or none (one city left)
            rivals = (left, right) if left != right else ((left,) if left != seat else ())
            city = self.cities[seat]
            for nb in rivals:
                if strength[seat] > strength[nb]:
                    gets[seat].append(win)
                    won[seat] += 1
                elif strength[seat] < strength[nb]:
                    lost[seat] += 1
                    # a conflict rule may send the defeat token to the winner
                    gets[nb if city.defeats_to_winner else seat].append(lose)
        results = []
        for seat, city in enumerate(self.cities):
            city.tokens.extend(gets[seat])
            results.append({"player": seat, "shields": strength[seat], "tokens": gets[seat],
                            **({"sat_out": True} if seat in out else {})})
        for seat in range(n):
            if not self.cities[seat].triggers:
                continue
            coins = 0
            for _ in range(won[seat]):
                coins += self.fire(seat, Event("win_conflict"))
            for _ in range(lost[seat]):
                coins += self.fire(seat, Event("lose_conflict"))
            if coins:
                self.cities[seat].coins = max(0, self.cities[seat].coins + coins)
        if self.logging:
            self.log["war"].append({"age": age, "results": results})

    # -- views ----------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        """The cities as a STATE document (see docs/formats.md)."""
        return {"pack": self.cp.pack.name, "players": [city_state(c) for c in self.cities]}


def city_state(c: City) -> dict[str, Any]:
    out = {"name": c.name, "wonder": c.side.wonder, "side": c.side.side, "stages": c.stages_built,
           "cards": [card.name for card in c.cards], "coins": c.coins, "tokens": list(c.tokens)}
    hands = {name: [card.name for card in cards] for name, cards in c.hands.items() if cards}
    if hands:
        out["hands"] = hands
    if c.copied_now:
        out["copied"] = [card.name for card in c.copied_now]
    kinds = {k: v for k, v in c.token_counts.items() if v}
    if kinds:
        out["token_kinds"] = kinds
    if c.unowned:
        out["free_city"] = True
    return out

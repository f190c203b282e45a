"""The state of a game and its setup: the ring of cities, hands, piles, the position, the log.

GameState holds everything a game is at one moment and the rules of moving it on, one concern
a module, mixed in here:
  interpreter/game/turn.py       a turn's resolution (the seven steps, in its docstring)
  interpreter/game/conflicts.py  the conflicts at the end of an age, and sitting out
  interpreter/game/losses.py     coins lost to other cities' cards, and debt
  interpreter/game/owed.py       the end-of-turn builds (from the discard pile, from a hand), copies
  interpreter/game/own_cards.py  a city giving up one of its own built cards
  interpreter/game/second.py     a second card played in one turn
  interpreter/game/position.py   where the game stands: pending / step / advance / clone
  interpreter/game/records.py    who saw which card (what observations are made from)
It never asks a bot: a decision is a position (position.py); the few choices in the middle of a
turn go through choose_card / choose_payment, answered by the players' layer (players/game.py)."""
from __future__ import annotations

import difflib
from typing import Any, Optional, Sequence

from interpreter.game.conflicts import Conflicts
from dsl.limits import LIMITS
from dsl.rules import pass_step

from interpreter.game.contract import GameCapped, GameOverflow, beyond_bound
from interpreter.game.losses import Losses
from interpreter.game.owed import EndOfTurnBuilds
from interpreter.game.own_cards import OwnCards
from interpreter.game.projects import Projects
from interpreter.game.second import SecondCards
from interpreter.game.events import event_laws, shuffle_zones
from interpreter.game.phases import AGE, boxed_at_start, schedule
from interpreter.game.position import Stepping
from interpreter.game.records import Knowledge, Record
from interpreter.game.rng import Stream
from interpreter.game.seats import controller_label, must_play, nearest_player
from interpreter.game.turn import TurnResolution
from interpreter.rules.city import City, Table
from interpreter.rules.state_write import city_state
from interpreter.rules.compiled import CCard, CompiledPack
from interpreter.rules.copied_stages import seat_sides
from interpreter.rules.laws import farther, pack_changes_rules, refresh
from interpreter.rules.tower_state import write_tower
from interpreter.rules.moves import ALL_ACTIONS, Move, legal_moves, unmet


class GameState(Stepping, TurnResolution, Conflicts, Losses, EndOfTurnBuilds, OwnCards, SecondCards,
                Projects, Knowledge):
    """A game's state and the rules that move it on (see the module docstring)."""

    # statistics only (interpreter/sim): set to [] before play() to record (seat, source, coins)
    # for every card effect that gives coins; None (the default) records nothing
    coin_tally: list[tuple[int, Any, int]] | None = None

    def __init__(self, cp: CompiledPack, seats: Sequence[str], seed: int = 0, sides: str = "A",
                 wonders: Sequence[str] | None = None, names: Sequence[str] | None = None,
                 log: bool = False, max_actions: int | None = None):
        """`seats`: who plays each player's seat (a bot's name, for the log); the seats no
        player owns come after them, as the pack declares."""
        rules = cp.rules
        players = len(seats)
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
        self.seed = seed
        self.rng = Stream(seed, "deal")  # the deal's stream: wonders, sides, shuffles, draws
        # boards dealt at random for a named side: only those printed with that side
        pool = [w for w in cp.wonders if sides == "random" or (w, sides) in cp.sides]
        if not wonders and len(pool) < n:
            raise ValueError(f"{n} cities but only {len(pool)} wonders with a side '{sides}' in the pack")
        chosen = list(wonders) if wonders else self.rng.sample(pool, n)
        if len(chosen) == players < n:  # the players' wonders given: the other seats' at random
            chosen += self.rng.sample([w for w in pool if w not in chosen], n - players)
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
        sides = seat_sides([cp.sides[(w, s)] for w, s in zip(chosen, side_names)])  # copied stages
        self.cities = [City(i, names[i], side, cp) for i, side in enumerate(sides)]
        for seat, decl in self.unowned.items():
            city = self.cities[seat]
            city.unowned = True
            if decl.coins is not None:
                city.coins = decl.coins
        self.table = Table(self.cities)
        self.tower: list[tuple[int, int]] = []  # law tiles placed: (seat, tile), the newest last
        if rules.tower is not None:  # each player draws its law tiles at random
            order = list(range(len(rules.tower.tiles)))
            self.rng.shuffle(order)
            draw = rules.tower.draw
            for k, seat in enumerate(self.player_seats):
                self.cities[seat].laws = sorted(order[k * draw:(k + 1) * draw])
        self.revealed: list[CCard] = []  # the table's cards face up now (game/events.py)
        self.law_changes = rules.tower is not None or pack_changes_rules(cp)  # summed each turn
        if self.law_changes:
            self.refresh_rules()
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
        self.fired: set[tuple[int, int, int, int]] = set()  # once-per-turn triggers fired this turn
        self.listening = False  # this turn, some city listens to events of others (fire)
        self.fired_once: set[tuple[int, int, int, int]] = set()  # triggers limited to once an age / a game
        self.bank_reset = False  # some city bought from the bank this turn
        self.gains: list[tuple[int, int]] = []  # (seat, coins from the bank) owed by others' cards
        self.sit_out_kinds = [k.name for k in rules.tokens.values() if k.sit_out]
        self.losses: list[tuple[int, ...]] = []  # (seat, coins due, seat of the card's owner[, True: paid to it])
        self.joins: dict[str, tuple[int, ...]] = {}  # project name -> the seats that joined it
        self.projects_done: dict[str, str] = {}  # project name -> "complete" / "failed"
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
                         "bot": label, **({"free_city": True} if c.unowned else {})}
                        for c, label in zip(self.cities, list(seats) + [controller_label(d) for d in decls])],
            "turns": [], "war": []}
        # the position (interpreter/game/position.py): a step of the schedule, a sub-step, a turn
        self.at = 0
        self.sub = "start"
        self.age_begun = 0  # the last age begun (its once-per-age powers came back)
        # boards with a one-time effect (`coins 4` on a board) run it as the game begins
        self.boards_pending = any(c.side.board.built_hooks for c in self.cities)
        self.phase_age = 0  # the age of the current step
        self.extra: list[int] = []  # seats playing their last card now (sub-step "last") or a second one ("second")
        self.second_rest: dict[int, list[CCard]] = {}  # the rest of their hands meanwhile (game/second.py)
        self.kept: list[list[CCard]] = []  # a draft's picks so far, by seat
        self.settle_queue: list[tuple[str, int, str]] = []  # owed builds: (kind, seat, hand)
        self.saved_hands: Optional[list[list[CCard]]] = None  # the hands, while a second hand is played
        self.scores: Optional[dict[str, Any]] = None
        # what each player saw (interpreter/game/records.py)
        self.records: list[Record] = []
        self.lineage: Optional[list[int]] = None
        self.discard_known: list[int] = []  # per discard pile card: a bit per seat that knows it
        self.box_known: list[int] = []
        self.to_box(boxed_at_start(cp, self.n_players))
        self.zones = shuffle_zones(self)  # the table's decks, face down, the top card last

    # -- the cycle ----------------------------------------------------------------
    def begin_age(self, age: int) -> None:
        """An age begins (before its declared phases): powers once per age come back."""
        self.age = self.table.age = age
        for c in self.cities:
            if c.free_build == "age":
                c.free_build_used = False
            if c.play_two == "age":
                c.second_used = False
        if self.has_triggers:
            self.age_starts()
        for seat, decl in self.unowned.items():  # its card goes to the player the rules name
            if decl.controller == "holder":
                self.holders[seat] = nearest_player(self, seat, decl.first_holder[age - 1])

    def controller(self, seat: int) -> int:
        """The player who plays for a seat no player owns, now."""
        decl = self.unowned[seat]
        if decl.controller == "holder":
            held = self.holders.get(seat)
            if held is None:
                return nearest_player(self, seat, decl.first_holder[max(0, self.age - 1)])
            if held in self.unowned:  # its card passed into the hand of another such seat:
                for _ in range(self.n):  # whoever plays for that seat holds it
                    nxt = self.unowned[held]
                    if nxt.controller != "holder":
                        return nearest_player(self, held, nxt.controller)
                    held = self.holders.get(held, held)
                    if held not in self.unowned:
                        return held
                return nearest_player(self, seat, decl.first_holder[max(0, self.age - 1)])
            return held
        return nearest_player(self, seat, decl.controller)

    def refresh_rules(self) -> None:
        """The rules changes in force from now on (interpreter/rules/laws.py): the built cards',
        the laws of the tower's visible tiles and the table's revealed cards."""
        refresh(self.table, [(e.rule, e.amount) for tile in self.visible_laws()
                             for e in self.rules.tower.tiles[tile].effects] + event_laws(self.revealed))

    def visible_laws(self) -> list[int]:
        """The tower's visible tiles, oldest first (the most recent `visible` placed)."""
        if not self.tower:
            return []
        return [t for _, t in self.tower[-self.rules.tower.visible_at(self.n_players):]]

    def begin_turn(self, turn: int) -> None:
        self.check_bound()
        if self.law_changes:
            self.refresh_rules()
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
        for pool, count in self.cp.samples(age, self.n):  # guilds, one black card per player, ...
            deck += self.rng.sample(pool, count)
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

    def _count_actions(self, k: int) -> None:
        self.actions += k
        if self.actions > self.max_actions:
            raise GameCapped(f"stopped after {self.actions} actions (cap {self.max_actions})")

    def _log_turn(self, entries: list[dict[str, Any]], note: str = "") -> None:
        kind = "turn" if self.phase.kind == "age" else self.phase.kind
        named = {"name": self.phase.name} if self.phase.kind != "age" else {}
        self.log["turns"].append({"age": self.age, "turn": self.turn, "phase": kind, **named,
                                  **({"note": note} if note else {}), "moves": entries})

    def owe_discard_build(self, seat: int) -> None:
        self.owed.append(seat)

    def give_tokens(self, seat: int, kind: str, count: int) -> None:
        counts = self.cities[seat].token_counts
        counts[kind] = counts.get(kind, 0) + count

    def give_coins(self, seat: int, coins: int) -> None:
        """Coins from the bank to `seat` with this turn's income (another city's card)."""
        self.gains.append((seat, coins))

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

    def discard_choices(self, seat: int) -> list[CCard]:
        """The discarded cards the seat may build (one of each, none it has built)."""
        city = self.cities[seat]
        names = city.names
        unique: list[CCard] = []
        for c in self.discard:
            if c.name not in names and c not in unique and not (c.needs and unmet(c.needs, city, self.table)):
                unique.append(c)
        return unique

    def pass_hands(self, direction: str | int, players_only: bool = False) -> None:
        """Pass every hand to the left or right neighbour (an int is an age: its direction).
        A seat no player owns keeps a pile (it does not pass) and takes no part in a draft;
        the card of a seat held in turn goes with its holder's hand."""
        if isinstance(direction, int):
            direction = self.rules.pass_directions[direction - 1]
        step = pass_step(direction)
        step = step if players_only or not self.law_changes else farther(step, self.cities[0].shifts)
        if not self.unowned:
            k = step % self.n  # seat s's hand goes to s + step (a whole turn round or more counts past it)
            self.hands = self.hands[-k:] + self.hands[:-k] if k else self.hands
            if self.lineage is not None and k:
                self.lineage = self.lineage[-k:] + self.lineage[:-k]
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

    def state(self) -> dict[str, Any]:
        """The cities as a STATE document (see docs/formats.md), with the law tower (tower_state.py)
        and the shared projects (state_projects.py)."""
        doc = {"pack": self.cp.pack.name, "players": [city_state(c, self.cp.tracks) for c in self.cities]}
        if self.cp.projects:  # who joined, what is settled
            doc["projects"] = self.project_view()
        return write_tower(doc, self.cities, self.tower, self.rules)

    def check_bound(self) -> None:
        """Stop the game when a number compounded past the runtime bound (GameOverflow): at
        each turn's start and before scoring, the same places as the native core."""
        why = beyond_bound(self.cities, LIMITS.held)
        if why:
            raise GameOverflow(f"{why}, past {LIMITS.held:,}, the most a city may hold (a runtime "
                               "bound: the pack's numbers compound); the game is stopped")

    # -- decisions taken in the middle of a turn (the players' layer asks its bots) ----------
    def choose_card(self, seat: int, cards: list[CCard], purpose: str) -> int | None:
        """Which of `cards` the seat takes (a build from the discard pile, a copy); None
        declines. With nobody to ask: the first."""
        return 0

    def choose_payment(self, seat: int, due: int, can: int) -> int:
        """How much of a coin loss of `due` the seat pays (0 to `can`, the rest as debt).
        With nobody to ask: all it can."""
        return can

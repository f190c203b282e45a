"""The game loop: setup, ages of simultaneous turns, end-of-turn powers, war, scoring.

Turn order (fixed and documented):
  1. every player chooses a move against the state at the start of the turn;
  2. all moves resolve together: payments leave, cards are built / stages built / sold;
  3. when-built coins are counted on the city state after all of this turn's builds
     (so a neighbour's brown card built this turn counts for Vineyard); trade income,
     sale coins and when-built coins arrive only now, so they cannot pay for this turn;
  4. on the last turn of an age, players with `play last card` play their last card
     (steps 1-3 again, for them only), then every remaining card is discarded;
  5. `build from discard` powers triggered this turn build from the discard pile
     (this turn's discards included), in seat order;
  6. hands pass (the age's direction). After the age's last turn: war.
"""
from __future__ import annotations

import difflib
import random
from typing import Any, Protocol, Sequence

from .compiled import CCard, CompiledPack, Contribution
from .moves import BUILD, SELL, Move, legal_moves, refusal
from .scoring import city_scores
from .state import City, Table


class IllegalMove(Exception):
    pass


class GameCapped(Exception):
    """A game passed its safety cap on actions (only a broken variant or plug-in could)."""


class Bot(Protocol):
    name: str

    def choose(self, game: "Game", seat: int, moves: list[Move]) -> Move: ...

    def choose_discard(self, game: "Game", seat: int, cards: list[CCard]) -> int | None: ...


class Game:
    def __init__(self, cp: CompiledPack, bots: Sequence[Bot], seed: int = 0, sides: str = "A",
                 wonders: Sequence[str] | None = None, names: Sequence[str] | None = None,
                 log: bool = False, max_actions: int | None = None):
        rules = cp.rules
        n = len(bots)
        if not rules.min_players <= n <= rules.max_players:
            raise ValueError(f"this pack plays {rules.min_players} to {rules.max_players} players, not {n}")
        if n > len(cp.wonders):
            raise ValueError(f"{n} players but only {len(cp.wonders)} wonders in the pack")
        self.cp = cp
        self.rules = rules
        self.bots = list(bots)
        self.n = n
        self.seed = seed
        self.rng = random.Random(seed)
        chosen = list(wonders) if wonders else self.rng.sample(list(cp.wonders), n)
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
        names = list(names) if names else [f"P{i + 1}" for i in range(n)]
        self.cities = [City(i, names[i], cp.sides[(w, s)], cp) for i, (w, s) in enumerate(zip(chosen, side_names))]
        self.table = Table(self.cities)
        self.discard: list[CCard] = []
        self.hands: list[list[CCard]] = [[] for _ in range(n)]
        self.age = 0
        self.turn = 0
        self.turns_played = 0
        self.actions = 0
        # every turn is at most a move, a last-card play and discard builds per player
        self.max_actions = max_actions or 4 * rules.ages * rules.hand_size * n
        self.dealt: dict[str, int] = {}
        self.logging = log
        self.log: dict[str, Any] = {
            "pack": cp.pack.name, "seed": seed,
            "players": [{"name": c.name, "wonder": c.side.wonder, "side": c.side.side,
                         "bot": getattr(b, "name", type(b).__name__)} for c, b in zip(self.cities, self.bots)],
            "turns": [], "war": []}

    # -- the cycle ----------------------------------------------------------------
    def play(self) -> dict[str, Any]:
        for age in range(1, self.rules.ages + 1):
            self.play_age(age)
        scores = city_scores(self.cities, self.table, self.rules, self)
        self.log["final"] = self.state()
        self.log["scores"] = scores
        return scores

    def deal(self, age: int) -> None:
        deck = self.cp.deck(age, self.n)
        if age == self.rules.ages:
            guilds = self.cp.guilds()
            deck += self.rng.sample(guilds, min(len(guilds), self.n + self.rules.guild_extra))
        self.rng.shuffle(deck)
        size = self.rules.hand_size
        if len(deck) < size * self.n:
            raise ValueError(f"age {age} has {len(deck)} cards for {self.n} players; "
                             f"{size * self.n} are needed")
        self.hands = [deck[i * size:(i + 1) * size] for i in range(self.n)]
        for hand in self.hands:
            for c in hand:
                self.dealt[c.name] = self.dealt.get(c.name, 0) + 1

    def play_age(self, age: int) -> None:
        self.age = age
        self.deal(age)
        for c in self.cities:
            if c.free_build == "age":
                c.free_build_used = False
        last = self.rules.hand_size - 1
        for turn in range(1, last + 1):
            self.turn = turn
            self.turns_played += 1
            choices = [self.decide(seat) for seat in range(self.n)]
            pending = self.resolve(choices, turn)
            if turn == last:
                extra = [s for s in range(self.n) if self.cities[s].play_last and self.hands[s]]
                if extra:
                    pending += self.resolve([self.decide(s) if s in extra else None
                                             for s in range(self.n)], turn, note="last card")
                for hand in self.hands:
                    self.discard.extend(hand)
                    hand.clear()
            for seat in pending:
                self.build_from_discard(seat)
            if turn < last:
                self.pass_hands(age)
        self.war(age)

    def free_power(self, seat: int) -> bool:
        c = self.cities[seat]
        return bool(c.free_build) and not c.free_build_used

    def moves(self, seat: int) -> list[Move]:
        return legal_moves(self.hands[seat], self.cities[seat], self.table, self.free_power(seat))

    def decide(self, seat: int) -> Move:
        moves = self.moves(seat)
        move = self.bots[seat].choose(self, seat, moves)
        if not isinstance(move, Move):  # checked first: a plain tuple can equal a legal Move
            raise IllegalMove(f"{self.cities[seat].name} ({getattr(self.bots[seat], 'name', '?')}): "
                              f"not a Move: {move!r}")
        if move in moves:  # generated as legal; only a foreign move needs the full check
            return move
        why = refusal(move, self.hands[seat], self.cities[seat], self.table, self.free_power(seat))
        if why:
            raise IllegalMove(f"{self.cities[seat].name} ({getattr(self.bots[seat], 'name', '?')}): {why}")
        return move

    def resolve(self, choices: Sequence[Move | None], turn: int, note: str = "") -> list[int]:
        """Apply everyone's move at once; returns seats owed a build from the discard pile."""
        n = self.n
        income = [0] * n
        built: list[tuple[int, Contribution]] = []
        entries = []
        pending: list[int] = []
        plays = []
        for seat, move in enumerate(choices):
            if move is not None:
                plays.append((seat, move, self.hands[seat][move.card]))
        self.actions += len(plays)
        if self.actions > self.max_actions:
            raise GameCapped(f"stopped after {self.actions} actions (cap {self.max_actions})")
        for seat, _move, card in plays:
            self.hands[seat].remove(card)
        for seat, move, card in plays:
            city = self.cities[seat]
            bank = 0
            if move.action == SELL:
                self.discard.append(card)
                income[seat] += self.rules.sell_coins
                city.sold.append(card)
            else:
                if move.action == BUILD:
                    bank = 0 if move.free else card.cost_coins
                    city.build_card(card)
                    if move.free == "power":
                        city.free_build_used = True
                    built.append((seat, card.effect))
                else:
                    bank = city.side.stages[city.stages_built].cost_coins
                    city.tucked.append(card)
                    effect = city.build_stage()
                    built.append((seat, effect))
                    pending.extend([seat] * effect.discard_builds)
                city.coins -= bank + move.left + move.right
                income[(seat + 1) % n] += move.left
                income[(seat - 1) % n] += move.right
            if self.logging:
                free = move.free or ("cost" if move.action == BUILD and not card.cost
                                     and not card.cost_coins else "")
                entries.append({"player": seat, "card": card.name, "action": move.action,
                                "bank": bank, "left": move.left, "right": move.right,
                                **({"free": free} if free else {})})
        for seat, effect in built:
            income[seat] += self.when_built(seat, effect)
        for seat in range(n):  # a negative effect takes at most what the city has
            city = self.cities[seat]
            city.coins = max(0, city.coins + income[seat])
        if self.logging:
            self.log["turns"].append({"age": self.age, "turn": turn, **({"note": note} if note else {}),
                                      "moves": entries})
        return pending

    def when_built(self, seat: int, effect: Contribution) -> int:
        coins = effect.coins_now
        for amount, counter in effect.coins_per:
            coins += amount * self.table.count(seat, counter)
        for handler, args in effect.plugins:
            hook = getattr(handler, "on_build", None)
            if hook is not None:
                coins += int(hook(self.table, seat, args) or 0)
        return coins

    def build_from_discard(self, seat: int) -> None:
        city = self.cities[seat]
        options = [c for c in self.discard if c.name not in city.names]
        unique: list[CCard] = []
        for c in options:
            if c not in unique:
                unique.append(c)
        if not unique:
            return
        pick = self.bots[seat].choose_discard(self, seat, unique)
        if pick is None:
            return
        if not 0 <= pick < len(unique):
            raise IllegalMove(f"{city.name}: no discarded card #{pick}")
        card = unique[pick]
        self.discard.remove(card)
        self.actions += 1
        city.build_card(card)
        city.coins = max(0, city.coins + self.when_built(seat, card.effect))
        if self.logging:
            self.log["turns"].append({"age": self.age, "turn": self.turn, "note": "build from discard",
                                      "moves": [{"player": seat, "card": card.name, "action": BUILD,
                                                 "bank": 0, "left": 0, "right": 0, "free": "discard"}]})

    def pass_hands(self, age: int) -> None:
        direction = self.rules.pass_directions[age - 1]
        n = self.n
        step = 1 if direction == "left" else -1
        new: list[list[CCard]] = [[] for _ in range(n)]
        for seat in range(n):
            new[(seat + step) % n] = self.hands[seat]
        self.hands = new

    def war(self, age: int) -> None:
        win = self.rules.victory_tokens[age - 1]
        lose = self.rules.defeat_token
        results = []
        for seat, city in enumerate(self.cities):
            got = []
            for nb in (self.table.left(seat), self.table.right(seat)):
                if city.shields > nb.shields:
                    got.append(win)
                elif city.shields < nb.shields:
                    got.append(lose)
            city.tokens.extend(got)
            results.append({"player": seat, "shields": city.shields, "tokens": got})
        if self.logging:
            self.log["war"].append({"age": age, "results": results})

    # -- views ----------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        """The cities as a STATE document (see docs/formats.md)."""
        return {"pack": self.cp.pack.name, "players": [city_state(c) for c in self.cities]}


def city_state(c: City) -> dict[str, Any]:
    return {"name": c.name, "wonder": c.side.wonder, "side": c.side.side, "stages": c.stages_built,
            "cards": [card.name for card in c.cards], "coins": c.coins, "tokens": list(c.tokens)}

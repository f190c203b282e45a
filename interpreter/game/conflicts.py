"""The conflicts at the end of an age (a mixin of GameState).

Each city fights the next city on either side that takes part; a city holding a token of a
kind that sits out (diplomacy) gives one back and takes no part, and the two cities beside it
fight each other. Strength is a city's shields plus shields counted anew (`shields 1 per
defeat`); a conflict rule may send the defeat token to the winner. The win and lose events
fire their triggers at once.

A pack may declare conflicts along a track (`rules: track_conflicts`): after those, every city's
strength there (a count of the card language: its tokens of one declared kind, its blue cards;
or its shields as in the neighbours' conflicts, before shields given to neighbours) is compared with every other city's; the
strongest (ties share) take that conflict's victory token of the age and the weakest its
defeat token; when every city is as strong as the others nobody takes one. These tokens are
conflict tokens (the military line, `per victory` / `per defeat`); they fire no triggers.
"""
from __future__ import annotations

from functools import lru_cache

from dsl import ast as A
from dsl.model import Card
from interpreter.game.contract import IllegalMove
from interpreter.rules.compiled import CCard
from interpreter.rules.contribution import Contribution
from interpreter.rules.counting import FAR_LEFT, OTHERS, count, far_seat, seats_at
from interpreter.rules.city import LEFT
from interpreter.rules.effects import Event
from interpreter.rules.scoring import partners


def remove_purpose(kind: str) -> str:
    """The question of a token given back (and the log's note for it, which a resumed game reads)."""
    return f"remove {kind} token"


@lru_cache(maxsize=None)
def token_card(kind: str, value: int) -> CCard:
    """A conflict token of one value as a card (never dealt, its id -2000 - value as the native
    core traces it), to ask which one a city gives back."""
    name = f"{kind} token {value:+d}"
    return CCard(-2000 - value, name, 0, -1, "token", 0, (), frozenset(), Contribution((), (), (), ()), "military",
                 Card(name, 0, "token", (), A.Cost(), ()), "token")


class Conflicts:
    """GameState.war and the sit-out rule."""

    def take_conflict_tokens(self, seat: int, kind: str, count: int) -> None:
        """Conflict tokens taken outside a war (`tokens 1 victory`): the current age's victory
        token or a defeat token, worth what a war would give this city now; nothing is won or
        lost, so no trigger fires."""
        city = self.cities[seat]
        rules = self.rules
        value = rules.victory_tokens[max(1, self.age) - 1] if kind == "victory" else rules.defeat_token
        city.tokens.extend([value + (city.shifts.get(kind, 0) if city.shifts else 0)] * count)

    def remove_tokens(self, seat: int, kind: str, count: int) -> None:
        """The city gives back `count` tokens of `kind` (0: all it holds). Conflict tokens of
        different values: its player picks each one (choose_card, the values lowest first, a
        decline taking the first); the answer is logged as a turn of its own."""
        city = self.cities[seat]
        if kind not in A.CONFLICT_TOKENS:
            held = city.token_counts.get(kind, 0)
            if held:
                city.token_counts[kind] = held - min(held, count) if count else 0
            return
        of_kind = (lambda t: t > 0) if kind == "victory" else (lambda t: t < 0)
        if not count:
            city.tokens[:] = [t for t in city.tokens if not of_kind(t)]
            return
        for _ in range(count):
            values = sorted({t for t in city.tokens if of_kind(t)})
            if not values:
                return
            pick = 0
            if len(values) > 1:
                purpose = remove_purpose(kind)
                pick = self.choose_card(seat, [token_card(kind, v) for v in values], purpose)
                if pick is None:
                    pick = 0
                if isinstance(pick, bool) or not isinstance(pick, int) or not 0 <= pick < len(values):
                    raise IllegalMove(f"{city.name}: no {kind} token #{pick} to give back")
                if self.logging:
                    self._log_turn([{"player": seat, "card": token_card(kind, values[pick]).name,
                                     "action": "remove", "bank": 0, "left": 0, "right": 0}], purpose)
            city.tokens.remove(values[pick])

    def team_rivals(self) -> dict[int, int]:
        """Partners side by side (`teams: neighbours`, `team_conflicts: twice`): each seat's
        neighbour that is not its partner (empty when the rule does not apply). Partners do not
        fight each other; each fights that neighbour twice instead (docs/pack-format.md, Teams)."""
        rules = self.rules
        if rules.teams != "neighbours" or rules.team_conflicts != "twice" or self.unowned:
            return {}
        mate = {}
        for a, b in partners(rules.teams, self.n):
            mate[a], mate[b] = b, a
        return {s: (s - 1) % self.n if mate[s] == (s + 1) % self.n else (s + 1) % self.n
                for s in mate}

    def truce_pairs(self) -> set[frozenset[int]]:
        """The pairs of cities that fight no conflict (`truce with ...`: either one's truce)."""
        return {frozenset((c.seat, other)) for c in self.cities if c.truces
                for other in seats_at(self.table, c.seat, c.truces) if other != c.seat}

    def war(self, age: int) -> None:
        """The conflicts of an age: each city against the next city on either side that takes
        part (a city holding a sit-out token gives one back and takes no part)."""
        win = self.rules.victory_tokens[age - 1]
        lose = self.rules.defeat_token
        if self.law_changes:  # tokens worth what the rules changes in force say, city by city
            self.refresh_rules()
        n = self.n
        rival = self.team_rivals()
        out: set[int] = set()
        once: set[int] = set()  # (teams) a sit-out token given back: its two bouts become one
        for kind in self.sit_out_kinds:
            for seat, city in enumerate(self.cities):
                if city.token_counts.get(kind, 0) > 0 and seat not in out and seat not in once:
                    city.token_counts[kind] -= 1
                    (once if rival else out).add(seat)
        fighting = [s for s in range(n) if s not in out] if out else list(range(n))
        strength = [c.conflict_shields(self.table) if c.strength else c.shields for c in self.cities]
        for c in self.cities:  # shields a city gives or takes from its neighbours (`for neighbors`)
            for hook in c.strength_out:
                got = hook.shields(self.table, c.seat)
                for side in hook.seats:
                    if not isinstance(side, int) or 3 <= side < OTHERS:  # chosen at this conflict
                        for target in seats_at(self.table, c.seat, (side,)):
                            strength[target] += got
                    elif side == OTHERS:
                        for target in range(n):
                            if target != c.seat:
                                strength[target] += got
                    elif side >= FAR_LEFT:  # N seats round the ring
                        strength[far_seat(c.seat, side, n)] += got
                    elif side:
                        target = (c.seat + 1) % n if side == LEFT else (c.seat - 1) % n
                        strength[target] += got
        gets: list[list[int]] = [[] for _ in self.cities]
        won = [0] * n
        lost = [0] * n
        m = len(fighting)
        spared = self.truce_pairs() if any(c.truces for c in self.cities) else ()
        for k, seat in enumerate(fighting):
            left, right = fighting[(k + 1) % m], fighting[(k - 1) % m]
            # two rivals, or one (two cities left fight once), or none (one city left)
            rivals = (left, right) if left != right else ((left,) if left != seat else ())
            if rival:  # partners side by side: the other neighbour, twice (once per token given back)
                rivals = (rival[seat],) * max(0, 2 - (seat in once) - (rival[seat] in once))
            if spared:  # a truce: the pair does not fight
                rivals = tuple(nb for nb in rivals if frozenset((seat, nb)) not in spared)
            city = self.cities[seat]
            for nb in rivals:
                if strength[seat] > strength[nb]:
                    gets[seat].append(win + city.shifts.get("victory", 0) if city.shifts else win)
                    won[seat] += 1
                elif strength[seat] < strength[nb]:
                    lost[seat] += 1
                    # a conflict rule may send the defeat token to the winner
                    taker = nb if city.defeats_to_winner else seat
                    shifts = self.cities[taker].shifts
                    gets[taker].append(lose + shifts.get("defeat", 0) if shifts else lose)
        results = []
        for seat, city in enumerate(self.cities):
            city.tokens.extend(gets[seat])
            results.append({"player": seat, "shields": strength[seat], "tokens": gets[seat],
                            **({"sat_out": True} if seat in out else {}),
                            **({"fought_once": True} if seat in once else {})})
        listening = self.watching()
        for seat in range(n):
            if not self.cities[seat].triggers and not listening:
                continue
            coins = 0
            for _ in range(won[seat]):
                coins += self.fire(seat, Event("win_conflict"))
            for _ in range(lost[seat]):
                coins += self.fire(seat, Event("lose_conflict"))
            if coins:
                self.cities[seat].coins = max(0, self.cities[seat].coins + coins)
        self.settle_gains()
        along = self.track_wars(age) if self.rules.track_conflicts else None
        if self.logging:
            self.log["war"].append({"age": age, "results": results, **({"tracks": along} if along else {})})

    def track_wars(self, age: int) -> list[dict[str, object]]:
        """The conflicts along the tracks: every city against every other (module docstring)."""
        out: list[dict[str, object]] = []
        for war, counted in zip(self.rules.track_conflicts, self.cp.track_strength):
            strength = [c.conflict_shields(self.table) if c.strength else c.shields for c in self.cities] \
                if counted is None else [count(self.table, s, counted) for s in range(self.n)]
            top, low = max(strength), min(strength)
            winners = [s for s in range(self.n) if strength[s] == top] if top > low else []
            losers = [s for s in range(self.n) if strength[s] == low] if top > low else []
            for seat in winners:
                self.cities[seat].tokens.append(war.victory[age - 1])
            for seat in losers:
                self.cities[seat].tokens.append(war.defeat[age - 1])
            out.append({"name": war.name, "strength": strength, "won": winners, "lost": losers})
        return out

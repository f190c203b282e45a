"""What one player may know, and nothing more: the object every bot decides from.

`game.observe(seat)` gives an Observation: the seat's own hand(s), the hands it saw this
phase (in order) and every earlier phase, the public table (each city through a read-only
CityView: built cards, stages, coins, tokens, production...), the sizes and backs of the
face-down piles and the cards of them it knows, the phase, age and turn, and its own random
streams. It has no attribute holding another player's hand, the decks, the deal's stream or
the Game. (It is a contract, not a sandbox: Python cannot hide objects from code running in
the same process. Its underscore attribute is the engine's, for the queries below and for
interpreter/players/determinize.py, which reads only what the seat knows.)

An observation describes the game at the moment it is given: read it during the call.
"""
from __future__ import annotations

from operator import attrgetter
from typing import Any, NamedTuple, Optional

from interpreter.rules.compiled import CCard
from interpreter.rules.moves import BUILD, Move, Price, price_card, price_stage, refusal_explained
from interpreter.game.rng import Stream
from interpreter.rules.city import City, Table

# what every player sees of a city (running totals included: they follow from the cards)
PUBLIC = ("seat", "name", "side", "stages_built", "coins", "cards", "names", "color_counts",
          "fixed", "fixed_trade", "choices", "choices_trade", "shields", "science",
          "science_wild", "tokens", "prices", "scorers", "triggers", "cost_changes",
          "free_build", "free_build_used", "play_last", "copies", "copied_now", "exchange",
          "defeats_to_winner", "bank_used", "token_counts", "strength", "free_build_colors",
          "relative", "relative_choices", "rebate_used", "free_turns", "colour_first", "costs_for_others",
          "choice_mask", "trade_mask", "choice_count", "trade_count", "n_res", "defeats",
          "victories", "unowned", "built_stages", "under",  # under: its colour scores in the open
          "buried",  # a buried card scores in the open
          "track_pos",
          "shifts", "rule_changes", "laws_placed",
          "gained")  # markers on the tracks, rules changes in force, law tiles placed, points triggers gave


class CityView:
    """A read-only view of a city: what is on the table. Its second hands, the cards it sold
    and those under its wonder are face down: only their numbers show. (Lists are the
    city's own: read them, never change them.)"""

    __slots__ = ("_c",)

    def __init__(self, city: City):
        self._c = city

    def conflict_shields(self, table: Any) -> int:
        return self._c.conflict_shields(table)

    def open_stages(self) -> tuple[int, ...]:
        return self._c.open_stages()

    def stage_at(self, index: int = -1) -> int:
        return self._c.stage_at(index)

    @property
    def hand_sizes(self) -> dict[str, int]:
        return {k: len(v) for k, v in self._c.hands.items() if v}

    @property
    def sold_count(self) -> int:
        return len(self._c.sold)

    @property
    def tucked_count(self) -> int:
        return len(self._c.tucked)

    def __repr__(self) -> str:
        return f"CityView({self._c.name})"


for _name in PUBLIC:
    setattr(CityView, _name, property(attrgetter("_c." + _name)))


class PhaseView(NamedTuple):
    """One phase as a seat saw it. seen: (turn, lineage, hand) for each turn it held a hand
    (lineage: which of the phase's dealt hands it was, None when hands do not pass);
    holders: per turn, the lineage each seat held (public: hands pass in the open);
    plays: (turn, seat, action, card or None when face down to this seat, lineage)."""

    kind: str
    name: str
    age: int
    seen: tuple[tuple[int, Optional[int], tuple[CCard, ...]], ...]
    holders: tuple[Optional[tuple[int, ...]], ...]
    plays: tuple[tuple[int, int, str, Optional[CCard], int], ...]


class ProjectView(NamedTuple):
    """A shared project as everyone sees it: who joined (seats, in joining order), how many
    places are left at this player count, and its result once settled ("" while open)."""

    name: str
    age: int
    needed: int
    joined: tuple[int, ...]
    places_left: int
    result: str


def back(card: CCard) -> Any:
    """What the back of a face-down card shows: its deck's name, or its age."""
    return card.deck or card.age


class Observation:
    """What seat `seat` knows now (see the module docstring). Made for every decision of
    every bot, so it is made lazily: each field is read from the game when first asked for.

    seat, n, rules, cp (the pack: every card's text is public), age, turn, phase, sub (the
    sub-step, see interpreter/game/position.py), actions (allowed now), hand (the cards in front
    of the player now), cities (a CityView per seat), table (the ring of those views, for
    counting), rng (the seat's own stream), and the properties below."""

    __slots__ = ("seat", "rng", "_g", "_hand", "_table", "_known")

    def __init__(self, game: Any, seat: int):
        self.seat = seat
        self.rng = game.bot_rngs[seat]
        self._g = game
        self._hand: Optional[tuple[CCard, ...]] = None  # made when first read
        self._table: Optional[Table] = None
        self._known: Any = None  # what determinize() works out of the seat's knowledge, once

    n = property(lambda self: self._g.n)
    cp = property(lambda self: self._g.cp)
    rules = property(lambda self: self._g.rules)
    age = property(lambda self: self._g.age)
    turn = property(lambda self: self._g.turn)
    phase = property(lambda self: self._g.phase)
    sub = property(lambda self: self._g.sub)
    actions = property(lambda self: self._g.actions_now)
    tower = property(lambda self: tuple(self._g.tower))  # law tiles placed, (seat, tile), newest last
    visible_laws = property(lambda self: tuple(self._g.visible_laws()))  # the tiles whose laws hold
    my_laws = property(lambda self: tuple(self._g.cities[self.seat].laws))  # own tiles (others' hidden)
    cities = property(lambda self: self._g.city_views())
    # a seat no player owns that this player plays for now: it must build when it can
    must_play = property(lambda self: self.seat in self._g.unowned and self._g.unowned[self.seat].must_play)

    @property
    def hand(self) -> tuple[CCard, ...]:
        hand = self._hand
        if hand is None:
            hand = self._hand = tuple(self._g.hands[self.seat])
        return hand

    @property
    def table(self) -> Table:
        table = self._table
        if table is None:
            g = self._g
            table = self._table = Table(g.city_views(), g.table.age)  # type: ignore[arg-type]
        return table

    # -- its own cards -----------------------------------------------------------------
    @property
    def second_hands(self) -> dict[str, tuple[CCard, ...]]:
        """Its hands besides the one played now (a drafted hand), by name."""
        return {k: tuple(v) for k, v in self._g.cities[self.seat].hands.items() if v}

    @property
    def kept(self) -> tuple[CCard, ...]:
        """The cards it kept so far in the draft being played."""
        kept = self._g.kept
        return tuple(kept[self.seat]) if kept else ()

    @property
    def sold(self) -> tuple[CCard, ...]:
        return tuple(self._g.cities[self.seat].sold)

    @property
    def tucked(self) -> tuple[CCard, ...]:
        return tuple(self._g.cities[self.seat].tucked)

    @property
    def search_rng(self) -> Stream:
        """The seat's search stream ("search:<seat>"), apart from its bot's and the deal's."""
        return self._g.search_rng(self.seat)

    # -- counts and backs everyone sees ------------------------------------------------
    @property
    def hand_sizes(self) -> tuple[int, ...]:
        g = self._g
        hands = g.saved_hands if g.saved_hands is not None else g.hands
        return tuple(len(h) for h in hands)

    @property
    def discard_size(self) -> int:
        return len(self._g.discard)

    def pile(self, name: str) -> tuple[tuple[Any, ...], tuple[tuple[int, CCard], ...]]:
        """A face-down pile ("discard", or "box": the cards out of the game): the back of
        each of its cards (age or deck, public), and (position, card) for each card of it
        this seat knows (it put it there, or looked through the pile)."""
        g = self._g
        cards, masks = (g.discard, g.discard_known) if name == "discard" else (g.box, g.box_known)
        bit = 1 << self.seat
        masks = g.known_masks(cards, masks)
        return (tuple(back(c) for c in cards),
                tuple((i, c) for i, (c, m) in enumerate(zip(cards, masks)) if m & bit))

    @property
    def deck_sizes(self) -> dict[int, int]:
        """Cards to be dealt in each age still to come."""
        size = self.rules.hand_size_at(self.n) * self.n
        return {a: size for a in range(self._g.age_begun + 1, self.rules.ages + 1)}

    @property
    def position(self) -> tuple[int, str, int]:
        """(step of the schedule, sub-step, turn): see interpreter/game/position.py."""
        return self._g.at, self.sub, self.turn

    @property
    def settling(self) -> tuple[tuple[str, int, str], ...]:
        """The end-of-turn builds still to come this turn (public: who builds, from where)."""
        return tuple(self._g.settle_queue)

    @property
    def projects(self) -> tuple[ProjectView, ...]:
        """The pack's shared projects and every city's joins (public: markers on the table)."""
        g = self._g
        out = []
        for p in g.cp.projects:
            joined = tuple(g.joins.get(p.name, ()))
            need = p.needed_at(g.n_players)
            out.append(ProjectView(p.name, p.age, need, joined, max(0, need - len(joined)),
                                   g.projects_done.get(p.name, "")))
        return tuple(out)

    def places_left(self, name: str) -> int:
        """Places left on the project named `name` (0 when settled or unknown)."""
        got = next((p for p in self.projects if p.name == name), None)
        return 0 if got is None or got.result else got.places_left

    # -- what it saw -------------------------------------------------------------------
    @property
    def history(self) -> tuple[PhaseView, ...]:
        """Every phase so far as this seat saw it (the last one is the current phase)."""
        seat = self.seat
        out = []
        for rec in self._g.records:
            seen = tuple((t[0], t[1][seat] if t[1] is not None else None, rec.hand_at(k, seat))
                         for k, t in enumerate(rec.turns))
            plays = tuple(public_play(p, seat) for p in rec.plays)
            out.append(PhaseView(rec.kind, rec.name, rec.age, seen, tuple(t[1] for t in rec.turns), plays))
        return tuple(out)

    @property
    def seen(self) -> tuple[tuple[CCard, ...], ...]:
        """The hands it held this phase, turn by turn (the last is its hand now)."""
        recs = self._g.records
        if not recs:
            return ()
        return tuple(recs[-1].hand_at(k, self.seat) for k in range(len(recs[-1].turns)))

    # -- queries a player could work out at the table --------------------------------------
    def price(self, card: CCard) -> Price:
        """What building `card` costs this seat now."""
        g = self._g
        return price_card(card, g.cities[self.seat], g.table)

    def stage_price(self, index: int = -1) -> Price:
        """What wonder stage `index` (-1: the next printed one) costs now."""
        g = self._g
        return price_stage(g.cities[self.seat], g.table, index=index)

    @property
    def free_power(self) -> bool:
        return self._g.free_power(self.seat)

    def refusal(self, move: Move) -> str:
        """Why `move` is not legal now ("" when it is), naming missing resources."""
        g = self._g
        return refusal_explained(move, list(self.hand), g.cities[self.seat], g.table,
                                 g.free_power(self.seat), g.cp.resources, self.actions)

    def scores(self) -> dict[str, Any]:
        """The score pad as it stands (every line is public)."""
        from interpreter.rules.scoring import city_scores
        g = self._g
        return city_scores(g.cities, g.table, g.rules)

    def public_log(self) -> dict[str, list[Any]]:
        """The game log's turns, conflicts and the table's revealed cards as this seat saw them ({} lists when the game
        keeps no log): cards played face down by others show as None."""
        g = self._g
        if not g.logging:
            return {"turns": [], "war": [], "events": []}
        turns = []
        for t in g.log["turns"]:
            moves = [m if m["player"] == self.seat or m["action"] not in ("sell", "wonder", "keep", "law")
                     else {**m, "card": None} for m in t["moves"]]
            turns.append({**t, "moves": moves})
        return {"turns": turns, "war": list(g.log["war"]), "events": list(g.log.get("events", ()))}


def public_play(play: tuple[int, int, CCard, str, int], seat: int
                ) -> tuple[int, int, str, Optional[CCard], int]:
    """(turn, seat, action, card, lineage) as `seat` saw it: the card when built or its own."""
    turn, who, card, action, lineage = play
    return (turn, who, action, card if action == BUILD or who == seat else None, lineage)

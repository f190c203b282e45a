"""determinize(obs, stream): a whole game consistent with what one player knows.

Everything the player cannot see is dealt again from `stream`: the other players' hands, their
drafted hands and draft picks, the face-down cards it did not put there (discard pile, box,
cards under wonders), which random cards (guilds, drawn colours) are in this age's deck, and
every future deal (the copy draws from a new stream). What it knows stays: its own cards, the
public table, the face-down cards it knows, and the hands it saw this phase, minus what was
since taken from them: the hand the next player holds is exactly the one it passed, and a hand
seen earlier keeps the cards of it nobody was seen to play, less a random few for the cards
played face down since.

Each card is dealt where it can be: a card the player saw but cannot place goes to a hidden
played place (a face-down pile, a drafted hand), never to a hand it has not seen or to the
cards left in the box; the choice among consistent places is uniform, not weighed by how
likely the other players were to make the plays that lead there (a known simplification of
the exact posterior). Copies of one card are not told apart. The copy keeps no history
(game.records is empty) and plays with new streams: its seed says nothing of the real one.

Only the observation's seat's knowledge is read (a test deals two games that differ in hidden
cards only and checks that their determinizations are the same).
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, NamedTuple, Optional, Sequence

from interpreter.rules.compiled import CCard
from interpreter.game.phases import boxed_decks
from interpreter.game.records import Record
from interpreter.rules.moves import BUILD
from interpreter.players.observation import Observation, back
from interpreter.game.rng import Stream

if TYPE_CHECKING:
    from interpreter.players.game import Game

Cards = Counter  # a multiset of cards (a card's copies are one object)


def determinize(obs: Observation, stream: Stream, bots: Optional[Sequence[Any]] = None) -> "Game":
    """A full game at the observation's position, consistent with it (see the module)."""
    from interpreter.players.game import Game
    real: "Game" = obs._g
    seat, n = obs.seat, obs.n
    g = real.clone(bots)
    base = real.base_fields
    g.__class__ = Game
    for k in [k for k in vars(g) if k not in base]:  # a subclass's extras (a replay's deals)
        delattr(g, k)
    g.seed = stream.next64()
    g.rng = stream.fork("deal")
    g.bot_rngs = [stream.fork(f"bot:{s}") for s in range(n)]
    g.search_rngs = [None] * n
    g.logging = False
    g.log = {"pack": real.cp.pack.name, "seed": g.seed, "players": real.log["players"],
             "turns": [], "war": []}
    g.records = []
    if obs._known is None:  # the same for every world of a decision: worked out once
        obs._known = _Known.of(real, seat)
    _Redeal(real, g, seat, stream.fork("cards"), obs._known).run()
    if real.cp.rules.tower is not None:
        _redeal_tiles(g, seat, stream.fork("tiles"))
    if g.zones:  # the table's face-down decks: their order is unknown to every seat
        order = stream.fork("zones")
        for deck in g.zones.values():
            order.shuffle(deck)
    return g


def _redeal_tiles(g: "Game", seat: int, stream: Stream) -> None:
    """The law tiles other players hold are face down: each gets as many again from those the
    seat has not seen (neither its own nor placed on the tower), each hand kept sorted."""
    seen = set(g.cities[seat].laws) | {t for _s, t in g.tower}
    pool = [t for t in range(len(g.rules.tower.tiles)) if t not in seen]
    stream.shuffle(pool)
    for city in g.cities:
        if city.seat != seat and city.laws:
            city.laws, pool = sorted(pool[:len(city.laws)]), pool[len(city.laws):]


class _Known(NamedTuple):
    """What the seat knows, as determinize() needs it: the cards it can place (before the
    hands it saw this phase), every card it saw in a hand, which face-down cards it knows,
    and for each other player's hand this phase the cards that may still be in it (None: a
    hand it never held)."""

    located: Cards
    seen: Cards
    known_discard: list[bool]
    known_box: list[bool]
    lineage: Optional[list[tuple[int, Optional[list[CCard]]]]]  # None: not passing hands now

    @classmethod
    def of(cls, real: "Game", seat: int) -> "_Known":
        hands = real.saved_hands if real.saved_hands is not None else real.hands
        seconds = {id(cards) for city in real.cities for cards in city.hands.values()}
        passing = real.lineage is not None and bool(real.records) and \
            real.records[-1].kind in ("age", "draft")
        located: Cards = Counter()
        for city in real.cities:
            located.update(city.cards)  # built: public
        me = real.cities[seat]
        for cards in me.hands.values():
            located.update(cards)
        if id(hands[seat]) not in seconds:
            located.update(hands[seat])
        if real.kept:
            located.update(real.kept[seat])
        located.update(me.tucked)
        bit = 1 << seat
        known_discard = [m & bit != 0 for m in real.known_masks(real.discard, real.discard_known)]
        known_box = [m & bit != 0 for m in real.known_masks(real.box, real.box_known)]
        located.update(c for c, k in zip(real.discard, known_discard) if k)
        located.update(c for c, k in zip(real.box, known_box) if k)
        lineage = [(o, _lineage_pool(real, seat, o)) for o in range(real.n) if o != seat] if passing else None
        return cls(located, _seen_cards(real, seat), known_discard, known_box, lineage)


def _seen_cards(real: "Game", seat: int) -> Cards:
    """Every card the seat saw in a hand: for each dealt hand of a phase, as first seen."""
    seen: Cards = Counter()
    for rec in real.records:
        firsts: dict[int, int] = {}
        for k in range(len(rec.turns)):
            firsts.setdefault(rec.held(k, seat), k)
        for k in firsts.values():
            seen.update(rec.hand_at(k, seat))
    return seen


def _lineage_pool(real: "Game", seat: int, holder: int) -> Optional[list[CCard]]:
    """The cards that may be in the hand `holder` has now: that hand as the seat last held
    it, less the cards it saw taken from it since (None: the seat never held it this phase)."""
    rec: Record = real.records[-1]
    lin = real.lineage[holder]
    sighting = None
    for k in range(len(rec.turns)):
        if rec.held(k, seat) == lin:
            sighting = k
    if sighting is None:
        return None
    cands: Cards = Counter(rec.hand_at(sighting, seat))
    since = rec.turns[sighting][0]
    for turn, who, card, action, came in rec.plays:  # taken since: the cards it saw taken
        if came == lin and turn >= since and (action == BUILD or who == seat):
            cands[card] -= 1
    return _listed(+cands)


class _Redeal:
    """The re-deal of one determinization (see the module docstring)."""

    def __init__(self, real: "Game", g: "Game", seat: int, rng: Stream, known: _Known):
        self.real, self.g, self.seat, self.rng, self.known = real, g, seat, rng, known
        self.n = real.n
        self.shortfall = 0  # slots no consistent card was left for (0 unless a bug)

    # -- what the seat knows -----------------------------------------------------------
    def run(self) -> None:
        real, g, seat, known = self.real, self.g, self.seat, self.known
        hands = real.saved_hands if real.saved_hands is not None else real.hands
        located = Counter(known.located)
        known_discard, known_box, seen = known.known_discard, known.known_box, known.seen
        # this phase's other hands: from what the seat saw of them, or unseen
        g_hands = g.saved_hands if g.saved_hands is not None else g.hands
        unseen_hands: list[list[CCard]] = []
        for o, pool in known.lineage or ():
            if pool is None:
                unseen_hands.append(g_hands[o])
            else:
                got = self.lineage_hand(pool, len(hands[o]))
                g_hands[o][:] = got
                located.update(got)
        # the universe of each back dealt so far, and what of it the seat cannot place
        pools = self.pools(located, seen)
        key = self.current_key()
        for target in unseen_hands:  # never seen: only cards nobody saw
            target[:] = [self.take(pools, key, first="unseen") for _ in range(len(target))]
        self.refill(g.box, known_box, pools, first="unseen")
        rest: list[tuple[list[CCard], int]] = []  # (list, index): other hidden places
        for o, city in enumerate(g.cities):
            if o == seat:
                continue
            for name in sorted(city.hands):
                rest.extend((city.hands[name], i) for i in range(len(city.hands[name])))
            if g.kept:
                rest.extend((g.kept[o], i) for i in range(len(g.kept[o])))
            rest.extend((city.tucked, i) for i in range(len(city.tucked)))
        rest.extend((g.discard, i) for i, k in enumerate(known_discard) if not k)
        for target, i in rest:
            target[i] = self.take(pools, back(target[i]))
        for o, city in enumerate(g.cities):  # the cards sold: statistics only
            if o != seat:
                city.sold[:] = [self.take(pools, back(c), spare=True) for c in city.sold]
        g.dealt = dict(Counter(c.name for c in self.everywhere()))
        g.determinized_shortfall = self.shortfall  # type: ignore[attr-defined]

    def lineage_hand(self, pool: list[CCard], size: int) -> list[CCard]:
        """`size` cards of a hand's possible cards (_lineage_pool), at random."""
        if len(pool) < size:  # cannot happen with consistent records
            self.shortfall += size - len(pool)
            return list(pool)
        return self.rng.sample(pool, size)

    # -- the pools of unplaced cards -------------------------------------------------------
    def current_key(self) -> Any:
        rec = self.real.records[-1] if self.real.records else None
        if rec is None:
            return None
        return rec.deck if rec.kind == "draft" else rec.age

    def pools(self, located: Cards, seen: Cards) -> dict[Any, dict[str, list[CCard]]]:
        """For each back dealt so far: the cards seen but not placed, and those never seen
        (each list shuffled)."""
        real = self.real
        cp, n = real.cp, self.n
        universe: dict[Any, Cards] = {}
        known: Optional[Cards] = None
        for rec in real.records:
            if rec.kind == "age" and rec.age not in universe:
                known = located | seen if known is None else known
                universe[rec.age] = self.age_deck(rec.age, known)
            elif rec.kind == "draft" and rec.deck not in universe:
                universe[rec.deck] = Counter(cp.deck_cards(rec.deck, n))
        for name in boxed_decks(cp):  # decks in the box from the start (islands)
            universe[name] = Counter(cp.deck_cards(name, n))
        by_back: dict[Any, tuple[Cards, Cards]] = {key: (Counter(), Counter()) for key in universe}
        for i, cards in enumerate((located, seen)):
            for c, k in cards.items():
                group = by_back.get(back(c))
                if group is not None:
                    group[i][c] = k
        out: dict[Any, dict[str, list[CCard]]] = {}
        for key, cards in universe.items():
            placed, seen_here = by_back[key]
            left = cards - placed  # where the seat cannot say
            unplaced = seen_here - placed
            saw = Counter({c: min(k, left[c]) for c, k in unplaced.items()})
            out[key] = {"seen": self.shuffled(saw), "unseen": self.shuffled(left - saw)}
        return out

    def age_deck(self, age: int, known: Cards) -> Cards:
        """The cards dealt in `age`: the fixed deck, the random cards drawn into it (those the
        seat knows of, and others at random), cut to the cards dealt."""
        real = self.real
        cp, rules, n = real.cp, real.rules, self.n
        deck: Cards = Counter(cp.deck(age, n))
        for pool, count in cp.samples(age, n):
            sure = [c for c in pool if known[c] > 0][:count]
            others = [c for c in pool if known[c] == 0]
            deck.update(sure)
            deck.update(self.rng.sample(others, min(len(others), count - len(sure))))
        size = rules.hand_size_at(n) * n
        if sum(deck.values()) > size:  # more cards than are dealt: the known ones, then any
            sure = Counter({c: min(k, known[c]) for c, k in deck.items()})
            # more known than dealt happens when a card it saw in a hand is now known in the
            # discard pile (it looked through it) and counted twice: then nothing is drawn,
            # as the native worlds do (worlds.pxi)
            want = max(0, size - sum(sure.values()))
            deck = sure + Counter(self.rng.sample(_listed(deck - sure), want))
        return deck

    def shuffled(self, cards: Cards) -> list[CCard]:
        out = _listed(cards)
        self.rng.shuffle(out)
        return out

    def take(self, pools: dict[Any, dict[str, list[CCard]]], key: Any, first: str = "",
             spare: bool = False) -> CCard:
        """A card of back `key` nobody placed: from `first` ("unseen") if it has one, else
        from either list at random in proportion."""
        pool = pools.get(key)
        if pool is not None:
            if first and pool[first]:
                return pool[first].pop()
            a, b = pool["seen"], pool["unseen"]
            if a or b:
                side = a if self.rng.randrange(len(a) + len(b)) < len(a) else b
                return side.pop()
        if not spare:
            self.shortfall += 1
        return self.spare(key)

    def spare(self, key: Any) -> CCard:
        """Any card with this back (a statistics-only place, or a bug: counted above)."""
        cards = [c for c in self.real.cp.cards if back(c) == key] or list(self.real.cp.cards)
        return cards[self.rng.randrange(len(cards))]

    def refill(self, pile: list[CCard], known: list[bool], pools: dict[Any, Any], first: str) -> None:
        for i, k in enumerate(known):
            if not k:
                pile[i] = self.take(pools, back(pile[i]), first=first)

    def everywhere(self) -> list[CCard]:
        g = self.g
        out: list[CCard] = []
        hands = g.saved_hands if g.saved_hands is not None else g.hands
        seconds = {id(cards) for city in g.cities for cards in city.hands.values()}
        for city in g.cities:
            out.extend(city.cards)
            out.extend(city.tucked)
            for cards in city.hands.values():
                out.extend(cards)
        for hand in hands:
            if id(hand) not in seconds:
                out.extend(hand)
        for kept in g.kept:
            out.extend(kept)
        out.extend(g.discard)
        return out


def _listed(cards: Cards) -> list[CCard]:
    """A multiset as a list in the pack's order (so nothing depends on where cards were)."""
    out: list[CCard] = []
    for card in sorted(cards, key=lambda c: c.id):
        out.extend([card] * max(0, cards[card]))
    return out

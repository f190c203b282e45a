"""Determinizations dealt by the native core, for a search bot whose playouts are native.

determinize() builds a Python game per world and the bridge then rebuilds it in the core: most
of a search decision's time. Here the real game goes to the core once per decision, and each
world is a clone of it whose hidden cards the core deals again (interpreter/native/worlds.pxi)
by determinize()'s own algorithm, from the same streams: a world is card for card the one
determinize() deals (tests/test_native_worlds.py checks it at every decision of whole games).

What stays in Python is worked out once per decision: where the hidden cards lie (the slots),
what the seat knows (determinize._Known) and each dealt back's deck and random draws. Positions
the core's dealer does not cover (a second hand being played, a draft's picks, a card back no
deck accounts for) return None, and the search determinizes in Python as before.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from interpreter.game.phases import boxed_decks
from interpreter.game.rng import Stream
from interpreter.players.determinize import _Known
from interpreter.players.observation import Observation, back

if TYPE_CHECKING:
    from interpreter.players.game import Game

HAND, SECOND, TUCKED, DISCARD, BOX = range(5)  # slot kinds (worlds.pxi)


class NativeWorlds:
    """The worlds of one decision: `world(stream)` is determinize(obs, stream) on the core."""

    def __init__(self, fast: Any, plan: Any, n: int):
        self.fast, self.plan, self.n = fast, plan, n
        self.salts = _salts(n)

    @classmethod
    def of(cls, obs: Observation) -> Optional["NativeWorlds"]:
        """The decision's worlds on the core, or None where it cannot deal them."""
        from interpreter import native
        if not native.available() or native.unsupported(obs.cp):
            return None
        real: "Game" = obs._g
        if real.saved_hands is not None or any(real.kept) or real.unowned:
            return None
        if real.cp.rules.tower is not None and any(c.laws for s, c in enumerate(real.cities) if s != obs.seat):
            return None  # other players' law tiles are dealt again in Python (determinize)
        try:
            from interpreter.native.bridge import from_decision
            fast = from_decision(real, ["greedy"] * real.n)
        except Exception:  # noqa: BLE001 - NotNative: determinize in Python
            return None
        if obs._known is None:
            obs._known = _Known.of(real, obs.seat)
        spec = plan_of(real, obs.seat, obs._known)
        if spec is None:
            return None
        from interpreter.native import _CORE
        return cls(fast, _CORE.WorldPlan(spec), real.n)

    def indexes(self, seat: int, moves: Any) -> list[int]:
        """Where each move stands among the seat's legal moves on the core (the same in every
        world: they depend only on what the seat sees)."""
        where = {m: i for i, m in enumerate(self.fast.legal_moves(seat))}
        return [where[tuple(m)] for m in moves]  # (the core's moves are tuple(Move))

    def world(self, stream: Stream) -> Any:
        """determinize(obs, stream), dealt on a clone of the real game in the core: the same
        draws from the same streams (the seed, the deal, each bot's, then the cards')."""
        nxt = stream.next64
        nxt()  # the world's seed: unused by the core
        deal, *bots, cards = [nxt() ^ salt for salt in self.salts]  # Stream.fork, label by label
        return self.fast.world(self.plan, cards, deal, bots)


_SALTS: dict[int, list[int]] = {}


def _salts(n: int) -> list[int]:
    """What each label of a world's streams mixes into a fork ("deal", "bot:0".., "cards")."""
    got = _SALTS.get(n)
    if got is None:
        got = _SALTS[n] = [Stream(0, label).state for label in ["deal", *(f"bot:{s}" for s in range(n)), "cards"]]
    return got


class _PackFacts:
    """What a plan needs of the pack, the same at every decision: worked out once."""

    def __init__(self, cp: Any):
        from interpreter.native.lower import hand_names
        self.cp = cp
        self.size = max(c.id for c in cp.cards) + 1
        self.all = [c.id for c in cp.cards]
        self.by_back: dict[Any, list[int]] = {}
        for c in cp.cards:
            self.by_back.setdefault(back(c), []).append(c.id)
        self.names = hand_names(cp)
        self.decks: dict[tuple[Any, int], dict[str, Any]] = {}

    def deck(self, real: "Game", kind: str, key: Any) -> dict[str, Any]:
        got = self.decks.get((key, real.n))
        if got is None:
            if kind == "age":
                got = _age_deck(real, key, self.size)
            else:
                counts = [0] * self.size
                for c in self.cp.deck_cards(key, real.n):
                    counts[c.id] += 1
                got = {"fixed": counts, "groups": [], "cut": -1}
            self.decks[(key, real.n)] = got
        return got


_FACTS: dict[int, tuple[Any, _PackFacts]] = {}


def plan_of(real: "Game", seat: int, known: _Known) -> Optional[dict[str, Any]]:
    """What the core's dealer needs (worlds.pxi WorldPlan), in determinize._Redeal's order."""
    from interpreter.native import once_per_pack
    facts: _PackFacts = once_per_pack(_FACTS, real.cp, _PackFacts)
    size_c = facts.size
    located, seen = [0] * size_c, [0] * size_c
    for c, k in known.located.items():
        located[c.id] = k
    for c, k in known.seen.items():
        seen[c.id] = k
    lineage, unseen = [], []
    for o, pool in known.lineage or ():
        if pool is None:
            unseen.append(o)
        else:
            lineage.append((o, [c.id for c in pool], len(real.hands[o])))
    keys: list[Any] = []
    decks: list[dict[str, Any]] = []
    for rec in real.records:
        key = rec.age if rec.kind == "age" else rec.deck if rec.kind == "draft" else None
        if key is not None and key not in keys:
            keys.append(key)
            decks.append(facts.deck(real, rec.kind, key))
    for key in boxed_decks(real.cp):  # decks in the box from the start (determinize.pools)
        keys.append(key)
        decks.append(facts.deck(real, "draft", key))
    index = {key: k for k, key in enumerate(keys)}
    key_of = [-1] * size_c
    spare: list[list[int]] = []
    for key in keys:
        ids = facts.by_back.get(key, [])
        spare.append(ids)
        for i in ids:
            key_of[i] = index[key]
    current = None
    if real.records:
        rec = real.records[-1]
        current = rec.deck if rec.kind == "draft" else rec.age
    slots: list[tuple[int, int, int, int, int, int]] = []

    def slot(kind: int, o: int, h: int, j: int, card: Any, first: int) -> bool:
        k = index.get(back(card) if card is not None else current)
        if k is None:
            return False
        slots.append((kind, o, h, j, k, first))
        return True

    for o in unseen:
        if not all(slot(HAND, o, 0, j, None, 1) for j in range(len(real.hands[o]))):
            return None
    if not all(slot(BOX, 0, 0, i, real.box[i], 1) for i, k in enumerate(known.known_box) if not k):
        return None
    for o, city in enumerate(real.cities):
        if o == seat:
            continue
        for name in sorted(city.hands):
            h = facts.names.index(name)
            if not all(slot(SECOND, o, h, j, c, 0) for j, c in enumerate(city.hands[name])):
                return None
        if not all(slot(TUCKED, o, 0, j, c, 0) for j, c in enumerate(city.tucked)):
            return None
    if not all(slot(DISCARD, 0, 0, i, real.discard[i], 0) for i, k in enumerate(known.known_discard) if not k):
        return None
    return {"cards": size_c, "located": located, "seen": seen, "lineage": lineage, "decks": decks,
            "key_of": key_of, "spare": spare, "slots": slots, "all": facts.all}


def _age_deck(real: "Game", age: int, size_c: int) -> dict[str, Any]:
    """An age's deck as _Redeal.age_deck draws it: the fixed cards, the random groups (each
    pool and how many are drawn) and the cut to the cards dealt."""
    cp, rules, n = real.cp, real.rules, real.n
    fixed = [0] * size_c
    for c in cp.deck(age, n):
        fixed[c.id] += 1
    groups = [([c.id for c in pool], count) for pool, count in cp.samples(age, n)]
    return {"fixed": fixed, "groups": groups, "cut": rules.hand_size_at(n) * n}

"""From the Python engine to the native core in the middle of a game: a search bot deciding a
move on the Python engine takes the state as it stands, and plays its playouts natively.

from_decision(game) rebuilds the game at the start of the current age turn (nothing of the
turn is applied while its players decide), with the same random streams, so that playing on
natively is playing on in Python; playouts then reseed the bots (NativeGame.playouts).
"""
from __future__ import annotations

from typing import Any, Sequence

from interpreter.game.phases import AGE, schedule
from interpreter.rules.effects.until import LastingHook
from . import MASK, NotNative, _prepared, once_per_pack, policies
from .lower import hand_names


def _city(game: Any, seat: int, hands: list[str], sides: list[tuple[str, str]]) -> dict[str, Any]:
    c = game.cities[seat]
    return {"side": sides.index((c.side.wonder, c.side.side)), "cards": [x.id for x in c.cards],
            "stages": list(c.built_stages), "under": [c.under[k].id if k in c.under else -1 for k in c.built_stages],
            "copied": [x.id for x in c.copied_now], "coins": c.coins,
            "tokens": list(c.tokens), "token_counts": [c.token_counts.get(k, 0) for k in game.rules.tokens],
            "free_build_used": int(c.free_build_used), "bank_used": int(c.bank_used),
            "rebate_used": sum(1 << s for s in c.rebate_used), "sold": [x.id for x in c.sold],
            "tucked": [x.id for x in c.tucked], "second_used": int(c.second_used),
            "hands": [[x.id for x in c.hands.get(h, ())] for h in hands],
            "limits": _limits(game, seat), "gained": _gained(game, seat), "tracks": list(c.track_pos),
            "extras": _extras(game, seat), "laws": list(c.laws), "laws_placed": c.laws_placed,
            "expired": _expired(game, seat)}


def _expired(game: Any, seat: int) -> list[int]:
    """The durations ended in the city (City.expired), as their places among the durations met
    folding it in (board, cards, stages, copies, track steps, then the projects' rewards)."""
    c = game.cities[seat]
    if not c.expired:
        return []
    held = [h for effect, _ in _folded(game, seat) for h in effect.hooks if isinstance(h, LastingHook)]
    held += [h for e in c.extras for h in e.hooks if isinstance(h, LastingHook)]
    return [k for k, h in enumerate(held) if h in c.expired]


def _extras(game: Any, seat: int) -> list[tuple[int, int]]:
    """The projects' rewards (0) and penalties (1) the city got, as (project index, which)."""
    out = []
    for e in game.cities[seat].extras:
        for k, p in enumerate(game.cp.projects):
            if e is p.card.effect or e is p.penalty:
                out.append((k, int(e is not p.card.effect)))
                break
    return out


def _projects(game: Any) -> list[tuple[list[int], int]]:
    """Per project of the pack: the seats that joined it (in joining order), and 0 open,
    1 complete, 2 failed."""
    return [(list(game.joins.get(p.name, ())), {"complete": 1, "failed": 2}.get(game.projects_done.get(p.name), 0))
            for p in game.cp.projects]


def _folded(game: Any, seat: int) -> list[tuple[Any, int]]:
    """(effect, card id or -1) in the order load_game folds them in: board, cards, stages,
    copies, then the track steps reached (add_steps: track by track)."""
    c = game.cities[seat]
    return [(c.side.board, -1)] + [(x.effect, x.id) for x in c.cards] \
        + [(c.side.stages[k].effect, -1) for k in c.built_stages] + [(x.effect, x.id) for x in c.copied_now] \
        + [(t.steps[i], -1) for t, pos in zip(game.cp.tracks, c.track_pos) for i in range(pos)]


def _gained(game: Any, seat: int) -> list[int]:
    """Per trigger, in the order folded in: the points it gave so far (City.gained)."""
    gained = game.cities[seat].gained
    if not gained:
        return []
    return [gained.get(h, 0) for effect, _ in _folded(game, seat) for h in effect.react_hooks]


def _limits(game: Any, seat: int) -> list[int]:
    """Per trigger, in the order load_game folds them in (board, cards, stages, copies): the
    age + 1 a trigger limited to once per age last fired in, 1 for once per game, else 0."""
    if not game.fired_once:
        return []
    out = []
    for effect, source in _folded(game, seat):
        for h in effect.react_hooks:
            limit = getattr(h, "limit", "")
            key = (seat, id(h), game.age if limit == "age" else 0, source)
            out.append((game.age + 1 if limit == "age" else 1) if limit and key in game.fired_once else 0)
    return out


_FACTS: dict[int, tuple[Any, tuple[list[str], list[Any], dict[int, int]]]] = {}


def _of_pack(cp: Any) -> tuple[list[str], list[Any], dict[int, int]]:
    """The pack's second hands, its sides, and the schedule's step of each age: the same for
    every world a search takes to the core, so worked out once."""
    return once_per_pack(_FACTS, cp, _facts)


def _facts(cp: Any) -> tuple[list[str], list[Any], dict[int, int]]:
    ages: dict[int, int] = {}
    for i, s in enumerate(schedule(cp.rules.phases, cp.rules.ages)):
        if s.decl.kind == "age":
            ages.setdefault(s.age, i)
    return hand_names(cp), list(cp.sides), ages


def from_decision(game: Any, bots: str | Sequence[str] | None = None) -> Any:
    """The native game at the start of the turn being decided (an age's turn; not a draft, a
    recruitment, a last-card play or a build from a hand). `bots`: the policies by seat for
    playing on (default: the game's bots, which must be random or greedy)."""
    cp = game.cp
    if game.phase.kind != AGE.kind or game.turn < 1 or getattr(game, "sub", "turn") != "turn":
        raise NotNative("only a decision in an age's turn can be taken to the native core")
    last = game.rules.hand_size_at(game.n) - 1
    if game.unowned:  # its pile, holder and the sub-step "seat" are not carried over
        raise NotNative("a seat no player owns cannot be taken to the native core")
    if any(c.buried for c in game.cities):
        raise NotNative("a city's buried cards cannot be taken to the native core")
    if game.turn == last and any(len(h) == 1 for h in game.hands) or game.owed or game.owed_hands:
        raise NotNative("a last-card play or an owed build cannot be taken to the native core")
    names = bots if bots is not None else [getattr(b, "name", "?") for b in game.bots]
    pols = policies(names, game.n)
    if pols is None:
        raise NotNative("a bot other than random or greedy")
    hands, sides, steps = _of_pack(cp)
    step = steps[game.age]
    state = {
        "n": game.n, "hand_size": game.rules.hand_size_at(game.n), "deal_state": game.rng.state & MASK,
        "bot_states": [r.state & MASK for r in game.bot_rngs], "policies": pols,
        "cities": [_city(game, s, hands, sides) for s in range(game.n)],
        "hands": [[x.id for x in h] for h in game.hands], "discard": [x.id for x in game.discard],
        "box": [x.id for x in game.box], "age": game.age, "turn": game.turn - 1, "step": step,
        "turns_played": game.turns_played - 1, "actions": game.actions, "bank_reset": int(game.bank_reset),
        "projects": _projects(game),
        "tower": [t for _, t in game.tower]}  # the law tiles placed, oldest first
    from . import _CORE
    return _CORE.load_game(_prepared(cp, game.n), state)

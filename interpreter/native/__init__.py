"""The native core's interface: whether it is built, whether it can run a pack, and games on it.

The compiled module (`_core`, built from _core.pyx when a C compiler and Cython are there at
install time) is optional: without it, or with WONDERS_CORE=python in the environment,
everything runs on the Python engine, which stays the reference. A game runs natively only
when every effect of its pack is a native kind (lower.NATIVE_KINDS) and every bot is random or
greedy; the seeds mean the same games on both cores.

The interface: start(cp, seed, n, bots, sides) -> a NativeGame (play(), play_until(age),
start_age(), legal_moves(seat), step(moves by seat), clone(), scores(), cities());
run_games(cp, seeds, n, policy) whole games in one call; playouts(game, seeds, policy) many
playouts from a game's state in one call; bridge.from_decision(game) a Python game, at a
decision, on the native core.
"""
from __future__ import annotations

import os
from typing import Any, Callable, Sequence

from interpreter.rules.compiled import CompiledPack
from .lower import NATIVE_KINDS, PHASE_KINDS, NotNative, deals, lower, seat_plan, stream_salt

__all__ = ["NATIVE_KINDS", "PHASE_KINDS", "NotNative", "status", "available", "unsupported", "undealable", "native_pack",
           "policies", "start", "run_games", "playouts", "MASK"]

MASK = (1 << 64) - 1
POLICIES = {"random": 0, "greedy": 1}
_DEAL = stream_salt("deal")
_BOT = [stream_salt(f"bot:{s}") for s in range(8)]


def _load() -> tuple[Any, str]:
    """(the compiled module or None, why)."""
    if os.environ.get("WONDERS_CORE", "").strip().lower() == "python":
        return None, "WONDERS_CORE=python is set"
    from importlib.util import find_spec
    if find_spec(f"{__name__}._core") is None:
        return None, ("the compiled module is not built (no C compiler or Cython when it was "
                      "installed); reinstall with them to use the native core")
    try:
        from . import _core  # type: ignore[attr-defined]
    except ImportError as err:
        return None, f"the compiled module does not load ({err}); reinstall the package"
    return _core, "the compiled module is built"


_CORE, _WHY = _load()


def status() -> tuple[bool, str]:
    """(whether the native core can be used, why or why not)."""
    return _CORE is not None, _WHY


def available() -> bool:
    return _CORE is not None


def once_per_pack(table: dict[int, tuple[CompiledPack, Any]], cp: CompiledPack,
                  make: Callable[[CompiledPack], Any]) -> Any:
    """make(cp), worked out once per compiled pack and kept in `table` (by id, with the pack
    kept alive so that ids stay unique)."""
    got = table.get(id(cp))
    if got is not None and got[0] is cp:
        return got[1]
    value = make(cp)
    table[id(cp)] = (cp, value)
    return value


_PACKS: dict[int, tuple[CompiledPack, Any]] = {}


def native_pack(cp: CompiledPack) -> Any:
    """The pack lowered into the native core (once per compiled pack); raises NotNative."""
    if _CORE is None:
        raise NotNative(f"no native core: {_WHY}")
    return once_per_pack(_PACKS, cp, lambda cp: _CORE.NativePack(lower(cp)))


_REFUSED: dict[int, tuple[CompiledPack, str]] = {}


def unsupported(cp: CompiledPack) -> str:
    """What in the pack the native core cannot run ("" when it can run it all); asked once
    per compiled pack."""
    return once_per_pack(_REFUSED, cp, _refusal)


def _refusal(cp: CompiledPack) -> str:
    try:
        if _CORE is not None:
            native_pack(cp)
        else:
            lower(cp)
        return ""
    except NotNative as err:
        return str(err)


def undealable(cp: CompiledPack, n: int) -> str:
    """Why the native core cannot deal this pack's games at `n` players ("" when it can): too
    few cards for an age or a draft, a deck past its arrays, a seat no player owns of a form
    it does not play (lower.seat_plan). The Python engine says the same in a clear error when
    it tries, so `--core auto` leaves such games to it."""
    try:
        seat_plan(cp, n)
        deals(cp, cp.rules.cities_at(n))
        return ""
    except NotNative as err:
        return str(err)


def policies(bots: str | Sequence[str], n: int) -> list[int] | None:
    """Policy codes by seat for a `--bots` list (the last fills the table); None when a bot is
    not random or greedy (a human, say)."""
    names = [s.strip() for s in bots.split(",") if s.strip()] if isinstance(bots, str) else list(bots)
    names = names or ["greedy"]
    seats = [names[min(i, len(names) - 1)] for i in range(n)]
    if any(s not in POLICIES for s in seats):
        return None
    return [POLICIES[s] for s in seats]


def _fixed_sides(cp: CompiledPack, sides: str) -> list[int] | None:
    """Per wonder, the position of side `sides` among the pack's sides (None: at random)."""
    if sides == "random":
        return None
    order = list(cp.sides)
    return [order.index((w, sides)) if (w, sides) in cp.sides else -1 for w in cp.wonders]


def _prepared(cp: CompiledPack, n: int) -> Any:
    pack = native_pack(cp)
    if not pack.has_deals(n):
        pack.set_deals(n, deals(cp, n))
    return pack


def starter(cp: CompiledPack, n: int, bots: str | Sequence[str] = "random", sides: str = "A",
            wonders: Sequence[str] | None = None, trace: bool = False,
            record: bool = False) -> Callable[[int], Any]:
    """start(cp, seed, n, ...) as a function of the seed alone, with everything else worked
    out once (a simulation starts thousands of games)."""
    plan = seat_plan(cp, n)  # a seat no player owns: n players, one more city
    cities = cp.rules.cities_at(n)
    pack = _prepared(cp, cities)
    pols = policies(bots, n)
    if pols is None:
        raise NotNative("a bot other than random or greedy")
    pols += [pols[0]] * (cities - n)  # (the seat decides with its holder's policy)
    fixed, size, new = _fixed_sides(cp, sides), cp.rules.hand_size_at(cities), _CORE.new_game
    if wonders and len(wonders) < cities:
        raise NotNative("wonders named for the players only, at a table with a seat no player owns")
    chosen = [list(cp.wonders).index(w) for w in wonders] if wonders else None
    salts = [_BOT[s] for s in range(cities)]

    def begin(seed: int) -> Any:
        seed &= MASK
        game = new(pack, cities, size, seed ^ _DEAL, [seed ^ b for b in salts], pols, fixed, chosen, trace, record)
        if plan is not None:
            game.set_seat(plan)
        return game
    return begin


def start(cp: CompiledPack, seed: int, n: int, bots: str | Sequence[str] = "random", sides: str = "A",
          wonders: Sequence[str] | None = None, trace: bool = False, record: bool = False) -> Any:
    """A native game set up as Game(cp, bots, seed, sides, wonders) sets one up."""
    return starter(cp, n, bots, sides, wonders, trace, record)(seed)


def run_games(cp: CompiledPack, seeds: Sequence[int], n: int, policy: str | Sequence[str] = "random",
              sides: str = "A") -> list[tuple[tuple[int, ...], list[int]]]:
    """Whole games in one call: per seed, (totals by seat, winners). With a seat no player
    owns, the totals are the cities' (the seat's last)."""
    plan = seat_plan(cp, n)
    players, n = n, cp.rules.cities_at(n)
    pack = _prepared(cp, n)
    pols = policies(policy, players)
    if pols is None:
        raise NotNative("a bot other than random or greedy")
    pols += [pols[0]] * (n - players)
    masked = [s & MASK for s in seeds]
    raw = _CORE.run_games(pack, n, cp.rules.hand_size_at(n), [s ^ _DEAL for s in masked],
                          [[s ^ _BOT[k] for k in range(n)] for s in masked], pols, _fixed_sides(cp, sides), plan)
    return [(totals, [s for s in range(n) if mask >> s & 1]) for totals, mask in raw]


def playouts(game: Any, seeds: Sequence[int], policy: str | Sequence[str] = "random") -> list[tuple[tuple[int, ...], list[int]]]:
    """Playouts from a native game's state (game.clone() keeps it for more), one per seed: the
    seats' bots draw from Stream(seed, f"bot:{seat}"). Per playout (totals by seat, winners)."""
    n = len(game.cities())
    pols = policies(policy, n)
    if pols is None:
        raise NotNative("a bot other than random or greedy")
    masked = [s & MASK for s in seeds]
    raw = game.playouts([[s ^ _BOT[k] for k in range(n)] for s in masked], pols)
    return [(totals, [s for s in range(n) if mask >> s & 1]) for totals, mask in raw]

# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The native core: a lowered pack (NativePack) and games on it (NativeGame, run_games).

Every rule is a C function over plain structs (the .pxi files, one per job); Python only
lowers the pack, seeds the streams and reads the results. interpreter/native/__init__.py is
the interface the rest of the project uses.
"""

include "defs.pxi"
include "rng.pxi"
include "city.pxi"
include "laws.pxi"
include "payment.pxi"
include "exchange.pxi"
include "score.pxi"
include "moves.pxi"
include "pricing.pxi"
include "far_trade.pxi"
include "effects.pxi"
include "own_cards.pxi"
include "remove.pxi"
include "greedy.pxi"
include "choice_worth.pxi"
include "tracks.pxi"
include "trace.pxi"
include "projects.pxi"
include "plays.pxi"
include "turn.pxi"
include "second.pxi"
include "seats.pxi"
include "phases.pxi"
include "worlds.pxi"

ACTIONS = ("build", "wonder", "sell", "keep", "law")
FREES = ("", "chain", "power")


cdef int check(const Game* g) except -1:
    """Raise when the game outgrew an array (lower.py sizes the arrays so that no accepted pack
    can; a caller then plays the game in Python), or a number passed the runtime bound
    (GameOverflow, as the Python engine raises it at the same place)."""
    if g.beyond:
        from interpreter.game.contract import GameOverflow
        raise GameOverflow(f"a city's coins or tokens passed {HELD:,}, the most a city may hold "
                           "(a runtime bound: the pack's numbers compound); the game is stopped")
    if overflowed(g):
        raise ValueError("the game outgrew the native core's arrays: play it with --core python")
    return 0

include "api_pack.pxi"
include "api_game.pxi"
include "api_calls.pxi"
include "api_plays.pxi"
include "api_stats.pxi"

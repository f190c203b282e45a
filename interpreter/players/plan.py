"""The planning bot (`--bots plan`): the search bot's playouts, spent where they change the choice.

It is the search bot (players/search.py: flat Monte Carlo over determinizations, greedy's best 4
candidates, every candidate played in the same worlds, greedy playouts on the native core) with
its budget spread over the game's decisions by what a playout buys there, measured against a
large search (benchmarks/plan_regret.py, docs/bots.md "The planning bot"):

- the first age's last turn (two cards in hand): no search, greedy's choice, which chose there
  as a 64-playout search does (regret 0.028 against 0.021; a 16-playout search 0.044);
- the other ages' last turns and the last age's short hands (5 cards or fewer): a quarter of
  the budget; little is hidden then and the playouts are short, so 16 playouts choose about
  as 64 do (0.000-0.018 against 0.000-0.011);
- every other decision (the first turns of each age, drafts, recruitments, builds from the
  discard pile): the whole budget. That is where a search's choice differs most from a large
  search's (0.02-0.05 at 16 playouts), and where more playouts keep lowering the regret.

What was measured and left (docs/bots.md): sequential halving, racing (stop when every rival
is z standard errors behind on the paired differences), a budget scaled by the cards left, a
larger share of the margin in a playout's value, a playout valued by the win alone, greedy's
score as a prior, other widths, playouts cut at an age's end: none chose better than the
search bot at the same cost.

It sees only what its player may know (the observation, determinize's worlds) and is
deterministic for a seed: its draws come from the seat's "search:<seat>" stream, as the search
bot's do (the same stream and labels: where both search with the same budget they choose alike).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.players.search import SearchBot

if TYPE_CHECKING:
    from interpreter.players.observation import Observation
    from interpreter.rules.moves import Move

DEFAULT_PLAYOUTS = 64  # a decision's budget where it is searched in full
DEFAULT_WIDTH = 4  # greedy's best candidates searched, as the search bot
SHORT_HAND = 5  # the last age's hands of this many cards or fewer get a quarter of the budget


class PlanBot(SearchBot):
    """SearchBot whose budget depends on the decision (the module docstring says how)."""

    name = "plan"

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS, width: int = DEFAULT_WIDTH, stream: int = 0):
        super().__init__(playouts, stream=stream, width=width)

    def choose(self, obs: "Observation", moves: list["Move"]) -> "Move":
        if self.budget(obs) == 0:
            return self.fallback.choose(obs, moves)
        return super().choose(obs, moves)

    def budget(self, obs: "Observation") -> int:
        """The playouts of this decision: 0 (greedy's choice), a quarter, or all of them."""
        if obs.sub == "turn" and obs.phase.kind == "age":
            if len(obs.hand) <= 2 and obs.age <= 1:
                return 0
            if len(obs.hand) <= 2 or obs.age >= obs.rules.ages and len(obs.hand) <= SHORT_HAND:
                return max(1, self.playouts // 4)
        return self.playouts


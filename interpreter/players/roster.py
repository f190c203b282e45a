"""The bots by name: a `--bots` spec ('human,greedy', 'search:200') made into bots, and
the warnings a pack's words call for. The one table every tool picks bots from (BOTS).
"""
from __future__ import annotations

from typing import Any, Callable

from interpreter.players.bots import GreedyBot, RandomBot, unvalued_words


def bot_warnings(cp: Any, bots: str) -> list[str]:
    """What a statistics user must know about the chosen bots on this pack."""
    names = {s.strip().partition(":")[0] for s in bots.split(",") if s.strip()} or {"greedy"}
    out = []
    if "greedy" in names:
        out.append("greedy is a heuristic bot: the figures describe its play, not the game's balance")
        words = unvalued_words(cp)
        if words:
            out.append(f"the greedy bot cannot value the effect word(s) {', '.join(map(repr, words))} "
                       "(a plug-in can declare `value` in its PluginSpec): cards using them are "
                       "played as if they did nothing")
    if names & {"search", "plan"}:
        searching = sorted(names & {"search", "plan"})
        which = " and ".join(searching) + (" play" if len(searching) > 1 else " plays")
        out.append(f"{which} out games to the end for every decision (docs/bots.md): much "
                   "slower than greedy (its playouts run on the native core when it is built); "
                   "its playouts are greedy games")
        words = unvalued_words(cp)
        if words and "greedy" not in names:
            out.append(f"the search bot weighs cards with the effect word(s) {', '.join(map(repr, words))} "
                       "by what they do in its playouts, but the greedy players of its playouts "
                       "cannot value them (a plug-in can declare `value` in its PluginSpec)")
    return out


def _human() -> object:
    from interpreter.players.human import HumanBot
    return HumanBot()


def _suffixes(kind: str, option: str, width: int, eg_s: str, eg_w: str) -> tuple[str, int, int]:
    """A search-like bot's option: its budget, then the suffixes :sK (another random stream)
    and :wM (greedy's M best candidates), shared by search and plan."""
    budget, *suffixes = option.split(":")
    stream = 0
    for suffix in suffixes:
        if suffix[:1] == "s" and suffix[1:].isdigit():
            stream = int(suffix[1:])
        elif suffix[:1] == "w" and suffix[1:].isdigit():
            width = int(suffix[1:])
        else:
            raise ValueError(f"{kind}:N:sK takes a stream number after 's' ({kind}:{eg_s}:s1), and "
                             f"{kind}:N:wM a number of candidates after 'w' ({kind}:{eg_w}), not {suffix!r}")
    return budget, stream, width


def _search(option: str = "") -> object:
    """search, search:N (N playouts a decision) or search:Nms (N milliseconds a decision);
    a suffix :sK (search:128:s1) draws the search's randomness from another stream, K; a
    suffix :wM (search:32:w6) searches the greedy bot's M best candidates (w0: all of them)."""
    from interpreter.players.search import DEFAULT_WIDTH, SearchBot
    budget, stream, width = _suffixes("search", option, DEFAULT_WIDTH, "128", "32:w6")
    ms = budget.endswith("ms")
    number = budget[:-2] if ms else budget
    if budget and not (number.isdigit() and int(number) > 0):
        raise ValueError(f"search:N takes a number of playouts per decision (or search:Nms, "
                         f"milliseconds), not {budget!r}")
    if ms:
        return SearchBot(playouts=1_000_000, ms=float(number), stream=stream, width=width)
    if budget:
        return SearchBot(int(number), stream=stream, width=width)
    return SearchBot(stream=stream, width=width)


def _plan(option: str = "") -> object:
    """plan or plan:N (N playouts where a decision is searched in full: players/plan.py); the
    suffixes :sK (another search stream) and :wM (greedy's M best candidates) as search's."""
    from interpreter.players.plan import DEFAULT_PLAYOUTS, DEFAULT_WIDTH, PlanBot
    budget, stream, width = _suffixes("plan", option, DEFAULT_WIDTH, "64", "64:w3")
    if budget and not (budget.isdigit() and int(budget) > 0):
        raise ValueError(f"plan:N takes a number of playouts per decision, not {budget!r}")
    return PlanBot(int(budget) if budget else DEFAULT_PLAYOUTS, width=width, stream=stream)


BOTS: dict[str, Callable[..., object]] = {"random": RandomBot, "greedy": GreedyBot, "human": _human,
                                          "search": _search, "plan": _plan}
OPTIONS = {"search", "plan"}  # bots that take an option: search:200 (playouts a decision), search:500ms, plan:64


def make_bots(spec: str, n: int) -> list[object]:
    """'human,greedy' -> bots for n seats; a list shorter than the table fills with its last
    bot (human,greedy at 4 players: one human, three greedy). 'search:200' is the search bot
    with 200 playouts per decision."""
    names = [s.strip() for s in spec.split(",") if s.strip()] or ["greedy"]
    parsed = [name.partition(":")[::2] for name in names]
    unknown = [name for name, _ in parsed if name not in BOTS]
    if unknown:
        raise ValueError(f"unknown bot '{unknown[0]}' (bots: {', '.join(BOTS)})")
    bad = [name for name, opt in parsed if opt and name not in OPTIONS]
    if bad:
        raise ValueError(f"the bot '{bad[0]}' takes no option")

    def make(name: str, opt: str) -> object:
        return BOTS[name](opt) if opt else BOTS[name]()
    return [make(*parsed[min(i, len(parsed) - 1)]) for i in range(n)]

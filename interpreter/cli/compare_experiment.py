"""compare's experiment: the designer's cards of B measured by branching against their peers,
within the command's budget (the branched games it may play, its time), with a progress bar,
stopped by Ctrl-C, SIGTERM or SIGHUP like the simulations (what was decided so far is kept).

Each verdict is then checked at a second bot strength (`--recheck`): a card whose value needs a
plan can look weak to bots that do not plan, so a verdict that changes with the bots' strength
says so. The check plays at most as many branched games as the first run took (no intent-to-treat
games: half the cost a game); a stronger check (search after greedy, about 20 times the cost a
game) plays at most for as long as the first took, so the check never more than doubles the
experiment's time. When the time bounds the run, the first run leaves it a share: a fifth when
it is the cheaper greedy, half when it searches."""
from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

RECHECK_SHARE = {True: 0.5, False: 0.2}  # of the experiment's time, kept for the check (it searches?)
CAP = 3000  # branched games at most when the time bounds the run (--minutes, or compare's default time)


def cap_of(args: argparse.Namespace, measured: int = 1) -> tuple[int, str]:
    """The most branched games the experiment may play, and why, in words: `--experiment N` as
    given; `--games N` alone (no time given) as many games' worth as each pack's run played, so
    the number asked for bounds the whole command (a branched game plays the main game, pack A's
    game of the same seed and two branches for each of the `measured` cards); else CAP, the
    time bounding it."""
    asked = getattr(args, "experiment", None)
    if asked is not None:
        return asked, f"--experiment {asked}"
    if getattr(args, "games_given", None) is not None and not getattr(args, "minutes_given", False):
        n = max(1, args.games_given // (2 + 2 * measured))
        return n, (f"--games {args.games_given}: as many games' worth as each pack's run, {2 + 2 * measured} "
                   f"a branched game for {measured} cards measured; give --minutes M or --experiment N "
                   f"to decide more: a card not far off its peers needs a few hundred")
    return CAP, "the time given bounds it"


def designer_cards(preps: list[Any], focus_b: tuple[str, ...]) -> tuple[Any, Any, list[str], dict[str, list[str]]]:
    """(pack B compiled, pack A compiled, B's designer cards to measure, each one's peers: the
    cards of its age and colour that B keeps from A unchanged)."""
    from .packs import compiled
    a, b = compiled(preps[0].cfg.pack), compiled(preps[1].cfg.pack)
    unchanged = {c.name for c in b.cards} & {c.name for c in a.cards} - set(focus_b)
    by_b = {c.name: c for c in b.cards}
    ours = [n for n in focus_b if n in by_b and not by_b[n].deck]
    peer_of = {n: [c.name for c in b.cards if c.name in unchanged and c.age == by_b[n].age
                   and c.color_name == by_b[n].color_name and not c.deck]
               for n in ours}
    return b, a, ours, peer_of


def run_experiment(args: argparse.Namespace, preps: list[Any], focus_b: tuple[str, ...],
                   diff: dict[str, Any]) -> tuple[dict[str, Any] | None, bool]:
    """(the experiment's figures, interrupted); None when there is nothing to measure. Stopped
    by a signal, the figures are those of the games folded so far."""
    from ..sim.experiment import Experiment, findings, sentence
    if not focus_b or getattr(args, "without", None) or cap_of(args)[0] <= 0:
        return None, False
    b, a, ours, peer_of = designer_cards(preps, focus_b)
    if not ours:
        return None, False
    names = dict.fromkeys([*ours, *(p for ps in peer_of.values() for p in ps)])
    cap, why = cap_of(args, len(names))
    bots = preps[1].cfg.bots
    e = Experiment.of(b, names, preps[1].cfg.players, bots, args.seed)
    e.peer_of, e.baseline = peer_of, a
    # --minutes is the whole command's time: the experiment has what the two runs left of it
    deadline = args.started + 60 * args.minutes if getattr(args, "minutes", None) else None
    print(f"experiment: {len(ours)} designer card(s) against their peers, at most {cap:,} branched games "
          f"({why})" + (", until the time is spent" if deadline else ""), file=sys.stderr)
    spec = getattr(args, "recheck", "none")
    second = recheck_of(spec, bots)
    skipped = "" if second else unchecked(spec, bots)  # why no verdict is checked at a second strength
    if second.startswith("search") and spec == "auto":
        slow = _search_slow(b, preps[1].cfg.players)
        if slow:
            skipped = f"no check at {second}: {slow}; give --recheck search:N to check anyway"
            print(f"experiment: {skipped}", file=sys.stderr)
            second = ""
    if second and deadline is not None:  # the first run leaves the check its share of the time
        keep = RECHECK_SHARE["search" in second]
        first_deadline = time.monotonic() + (1 - keep) * max(0.0, deadline - time.monotonic())
    else:
        first_deadline = deadline
    began = time.monotonic()
    _run(e, cap, ours, first_deadline, args.workers, args.json)
    again = None
    if second and e.interrupted:
        skipped = "the experiment was stopped before the check"
    elif second and not e.games:
        skipped = "no branched game was played to check"
    if second and not e.interrupted and e.games:
        # a stronger check (more playouts a game) has the time the first took, at most
        stronger = strength(second) > strength(bots)
        limit = time.monotonic() + (time.monotonic() - began) if stronger else None
        end = min(t for t in (deadline, limit) if t is not None) if (deadline or limit) else None
        print(f"experiment: each verdict checked again at {second} bots, at most {e.games:,} branched games "
              f"(as many as at {bots})" + (", for as long as the first took at most" if stronger else "")
              + (", until the time is spent" if deadline else ""), file=sys.stderr)
        again = Experiment.of(b, names, preps[1].cfg.players, second, args.seed)
        again.peer_of = peer_of
        _run(again, e.games, ours, end, args.workers, args.json, second)
    cards = {}
    for n in ours:
        row, verdict, itt = e.cards[n], e.verdict(n), e.itt.get(n)
        cards[n] = {**row.as_json(), **verdict.as_json(), "peers": peer_of[n],
                    "intent_to_treat": itt.as_json() if itt else None,
                    "in_its_place": e.instead[n].as_json() if n in e.instead else None,
                    "a_to_b": _a_to_b(diff, n),
                    "sentence": sentence(row, verdict, [e.cards[p] for p in peer_of[n]], e.games, bots),
                    "findings": findings(row, itt)}
        if again is not None:
            v2 = again.verdict(n)
            clause, changes = strength_clause(bots, verdict.verdict, second, v2.verdict, again.games)
            cards[n]["recheck"] = {"bots": second, "games": again.games, "n": again.cards[n].n, **v2.as_json(),
                                   "changes": changes}
            cards[n]["sentence"] += " " + clause
    interrupted = e.interrupted or bool(again and again.interrupted)
    if interrupted:
        stopped = "interrupted"
    elif all(c["verdict"] != "undecided" for c in cards.values()):
        stopped = "decided"
    else:
        stopped = "time" if deadline and time.monotonic() >= deadline else "budget"
    return ({"games": e.games, "bots": bots, "budget": cap, "cards": cards, "stopped_by": stopped,
             "recheck": {"bots": second, "games": again.games} if again is not None else None,
             "recheck_skipped": None if again is not None else skipped,
             "peers": {p: e.cards[p].as_json() for ps in peer_of.values() for p in ps}}, interrupted)


def _search_slow(cp: Any, players: int) -> str:
    """'' when the search's playouts and worlds run natively for this pack, else why not (as
    `--bots auto` asks: sim/auto_bots.py)."""
    from ..sim.auto_bots import search_dealt_in_python
    from .core_opt import why_not_native
    return why_not_native(cp, "greedy", players) or search_dealt_in_python(cp, players)


def unchecked(spec: str, bots: str) -> str:
    """Why `recheck_of` gave no second strength, in words."""
    if spec.strip().casefold() == "none":
        return "--recheck none"
    if spec.strip().casefold() == "auto":
        return (f"--recheck auto checks greedy bots at search and search bots at greedy, not {bots}: "
                "give --recheck BOTS")
    return f"--recheck {spec.strip()} is the experiment's own bots"


def check_recheck(spec: str) -> None:
    """A bad --recheck is refused before any game is played (ValueError)."""
    if spec.strip().casefold() not in ("auto", "none"):
        from interpreter.players.roster import make_bots
        make_bots(spec, 3)


def recheck_of(spec: str, bots: str) -> str:
    """The bots each verdict is checked again with ('' none): auto is the other end of the
    strengths auto chooses from, greedy for search bots and search at the stable budget for
    greedy ones (none for other bots); a spec as given, unless it is the experiment's own."""
    from ..sim.auto_bots import STABLE
    spec = spec.strip()
    if spec.casefold() == "none":
        return ""
    if spec.casefold() == "auto":
        names = {b.strip().partition(":")[0] for b in bots.split(",")}
        return {frozenset({"search"}): "greedy", frozenset({"greedy"}): f"search:{STABLE}"}.get(frozenset(names), "")
    return "" if spec == bots.strip() else spec


def strength(bots: str) -> tuple[int, int]:
    """How strong a bot spec plays, for the order of a sentence: random, greedy, then search by
    its budget (a mixed table counts as its weakest seat)."""
    def one(b: str) -> tuple[int, int]:
        name, _, opt = b.strip().partition(":")
        if name == "search":
            return (2, int(opt.split(":")[0]) if opt.split(":")[0].isdigit() else 16)
        return (1 if name == "greedy" else 0, 0)
    return min(one(b) for b in bots.split(","))


DECIDED = ("stronger", "weaker", "no difference")


def strength_clause(bots: str, verdict: str, second: str, again: str, games: int) -> tuple[str, bool]:
    """(what the check at `second` bots says of a card's verdict at `bots`, whether the verdict
    changes with the bots' strength): weaker bots named first."""
    if again == verdict == "undecided":
        return f"At {second} bots: not decided either ({games} branched games).", False
    if again == verdict:
        return f"The same verdict at {second} bots ({games} branched games).", False
    if verdict in DECIDED and again in DECIDED:
        pair = sorted([(bots, verdict), (second, again)], key=lambda p: strength(p[0]))
        said = ", ".join(f"{word} at {who}" for who, word in pair)
        return f"Its verdict changes with the bots' strength: {said}.", True
    word = "not decided" if again == "undecided" else again
    return f"At {second} bots: {word} in {games} branched games.", False


def _run(e: Any, cap: int, ours: list[str], deadline: float | None, workers: int, quiet: bool,
         label: str = "") -> None:
    """The branched games with a progress bar (none when quiet): games played of the cap, the
    designer's cards decided so far."""
    if quiet:
        e.run(cap, ours, deadline=deadline, workers=workers)
        return
    with Progress(TextColumn("[bold]experiment" + (f" at {escape(label)}" if label else "")), BarColumn(), MofNCompleteColumn(),
                  TextColumn("decided {task.fields[decided]}"), TimeElapsedColumn(),
                  console=Console(stderr=True), transient=False) as bar:
        task = bar.add_task("experiment", total=cap, decided=f"0 of {len(ours)}")

        def progress(ex: Any) -> None:
            done = sum(ex.verdict(n).verdict != "undecided" for n in ours)
            bar.update(task, completed=ex.games, decided=f"{done} of {len(ours)}")
        e.run(cap, ours, on_game=progress, deadline=deadline, workers=workers)


def _a_to_b(diff: dict[str, Any], name: str) -> dict[str, Any] | None:
    """The same seeds' rows of the card in A and B: build share and win rate when built."""
    share, win = diff["cards_built_share"].get(name), diff["cards_win_when_built"].get(name)
    if share is None:
        return None
    return {"build_share": {"a": share["a"], "b": share["b"], "diff": share["diff"], "p_holm": share["p_holm"]},
            "win_when_built": ({"a": win["a"], "b": win["b"], "diff": win["diff"], "p_holm": win["p_holm"]}
                               if win else None)}


STOPS = {"decided": "stopped when every card was decided", "time": "stopped at the time limit",
         "budget": "stopped at the budget", "interrupted": "interrupted: what was decided so far"}


def print_experiment(console: Console, experiment: dict[str, Any]) -> None:
    """The designer's answer, the last lines of compare's text: one sentence a card (the verdict
    against its peers), then what the bots did with it, the intent-to-treat figure and the
    card's A-to-B rows."""
    again = experiment.get("recheck")
    checked = f"; checked at {escape(again['bots'])}, {again['games']} games" if again else ""
    console.print(f"[bold]The designer's cards by experiment[/] ({experiment['games']} branched games, "
                  f"{escape(experiment['bots'])} bots{checked}, {STOPS[experiment['stopped_by']]}):")
    if experiment.get("recheck_skipped"):
        console.print(f"Not checked at a second bot strength: {escape(experiment['recheck_skipped'])}.")
    for row in experiment["cards"].values():
        console.print(escape(row["sentence"]))
        extra = row["findings"]
        ab = row["a_to_b"]
        if ab and ab["build_share"]["a"]["n"]:
            share = ab["build_share"]
            extra += (f" Same seeds, A to B: built at {_pct(share['a'])} then {_pct(share['b'])} of the hands "
                      f"dealt it (Holm p {share['p_holm']:.3f}).")
        if extra:
            console.print("  " + escape(extra.strip()))


def _pct(rate: dict[str, Any]) -> str:
    return f"{100 * rate['rate']:.1f}%"

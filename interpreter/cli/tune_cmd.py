"""`wonders tune --pack P CARD [--field vp | --number K]` (or `--wonder W --side S --stage K`
instead of CARD): the value of one of the card's (or the wonder stage's) numbers at which it is
even with its peers, measured by compare's experiment over a few values on the same seeds
(interpreter/sim/tune.py, tune_stage.py)."""
from __future__ import annotations

import argparse
import math
import sys
import time
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from .common import check_writable, fail, load_or_report, print_json, write_output

DEFAULT_MINUTES = 5.0
UNITS = {"vp": "points", "coins": "coins", "shields": "shields"}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("tune", help="at what value of one of its numbers is a card even with its peers?",
                       description="Measure a card against its peers (the pack's other cards of its age and "
                                   "colour, or --against) at a few values of one of its numbers, on the same "
                                   "seeds, and fit where it is even: 'My Card: even with its peers at 3 points "
                                   "(...); now 7'. Without --number or --field, a card with one number tunes "
                                   "it; with several, they are listed. A wonder stage's number is tuned the "
                                   "same way: --wonder W --side A --stage 2 instead of CARD, against the same "
                                   "stage of the other wonders (or --against W).")
    p.add_argument("card", metavar="CARD", nargs="?", help="the card's name (any case); or --wonder")
    p.add_argument("--wonder", metavar="NAME", help="tune a stage of this wonder instead of a card")
    p.add_argument("--side", metavar="S", help="with --wonder: the side (A, B or its alias; needed when it has two)")
    p.add_argument("--stage", type=int, metavar="K", help="with --wonder: the stage, 1 for the first printed")
    p.add_argument("--pack", required=True, metavar="PACK", help="the pack the card is in")
    p.add_argument("--number", type=int, metavar="K",
                   help="the K-th number of the card (or stage): those of its effect text in the order printed, "
                        "then its cost's")
    p.add_argument("--field", metavar="NAME", help="the number by name: vp, coins, shields, cost.coins, cost.stone, ...")
    p.add_argument("--against", action="append", metavar="CARD",
                   help="measure against this card instead of the card's age-and-colour peers (repeatable); "
                        "with --wonder, against this wonder's same stage, the wonder dealt in every game")
    p.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    p.add_argument("--bots", default="greedy",
                   help="the bots (default greedy: the experiment plays its games in Python; search:N is "
                        "tens of times slower)")
    p.add_argument("--seed", type=int, default=0, help="master seed; game k's seed derives from it and k")
    p.add_argument("--games", type=int, default=2000,
                   help="at most this many games a value (default 2000; a wonder stage: seeds, of 2 games each)")
    p.add_argument("--minutes", type=float, default=DEFAULT_MINUTES,
                   help=f"the time it may take (default {DEFAULT_MINUTES:g}); it stops sooner once the even "
                        "value's interval is at most 1 wide")
    p.add_argument("--workers", type=int, default=0, help="processes (default: every core)")
    p.add_argument("--report", metavar="OUT.html", help="write the answer and the plot of value against effect")
    p.add_argument("--json", action="store_true", help="print the result as JSON (no progress bar)")
    p.set_defaults(func=run)


def _plan(args: argparse.Namespace) -> tuple[Any, Any, Any, list[str], list[str]]:
    """(the pack, the card's name or the wonder stage, the number, the peers, the peers dealt
    in every game), checked (ValueError)."""
    import difflib
    from interpreter.players.roster import make_bots
    from ..sim.tune import pick
    check_writable(args.report, "--report")
    if not 0 < args.minutes <= 10_000:
        raise ValueError(f"--minutes must be more than 0 (and at most 10000), not {args.minutes:g}")
    if not 1 <= args.games <= 1_000_000:
        raise ValueError(f"--games must be 1..1000000, not {args.games}")
    if not 0 <= args.workers <= 256:
        raise ValueError(f"--workers must be 0..256 (0 = every core), not {args.workers}")
    pack = load_or_report(args.pack)
    if not pack.rules.min_players <= args.players <= pack.rules.max_players:
        raise ValueError(f"--players {args.players}: pack '{pack.name}' plays "
                         f"{pack.rules.min_players}-{pack.rules.max_players} players")
    make_bots(args.bots, args.players)
    if (args.card is None) == (args.wonder is None):
        raise ValueError("tune a card (CARD) or a wonder stage (--wonder W --stage K), one of them")
    if args.wonder is None and (args.side or args.stage is not None):
        raise ValueError("--side and --stage go with --wonder")
    if args.wonder is not None:
        from ..sim.tune_stage import peers_of, stage_of
        ref = stage_of(pack, args.wonder, args.side, args.stage)
        num = pick(ref.of(pack), args.number, args.field, ref.label)
        wonders = peers_of(pack, ref, args.against, args.players)
        return pack, ref, num, wonders, (wonders if args.against else [])
    names = {c.name.casefold(): c for c in pack.cards}

    def card_named(name: str) -> Any:
        if name.casefold() in names:
            return names[name.casefold()]
        close = difflib.get_close_matches(name.casefold(), list(names), n=1, cutoff=0.5)
        hint = f"; did you mean '{names[close[0]].name}'?" if close else ""
        raise ValueError(f"no card named '{name}' in pack '{pack.name}'{hint}")
    card = card_named(args.card)
    if card.deck or card.players is None:
        raise ValueError(f"{card.name} is not dealt in the age decks: tune measures age cards")
    num = pick(card, args.number, args.field)
    if args.against:
        peers = list(dict.fromkeys(card_named(n).name for n in args.against))
        if card.name in peers:
            raise ValueError(f"--against {card.name}: a card is not its own peer")
    else:
        peers = [c.name for c in pack.cards if c.name != card.name and c.age == card.age
                 and c.color == card.color and not c.deck and c.players is not None]
        if not peers:
            raise ValueError(f"{card.name} has no peers (no other Age {card.age} {card.color} card): "
                             "name some with --against")
    return pack, card.name, num, peers, []


def run(args: argparse.Namespace) -> int:
    from ..sim.tune import tune
    try:
        pack, card, num, peers, forced = _plan(args)
    except ValueError as err:
        return fail(str(err))
    deadline = time.monotonic() + 60 * args.minutes
    print(f"tune: {label(card)}'s {num.name} ({num.text}; now {num.value}) against {_peers_said(pack, card, peers, args)}: "
          f"{args.bots} bots, {args.players} players, at most {args.games:,} games a value, "
          f"{args.minutes:g} minutes", file=sys.stderr)
    if args.json:
        curve, stopped, interrupted = tune(pack, card, num, peers, args.players, args.bots, args.seed,
                                           args.games, deadline, args.workers, forced=forced)
    else:
        with Progress(TextColumn("[bold]tune"), BarColumn(), MofNCompleteColumn(),
                      TextColumn("{task.fields[now]}"), TimeElapsedColumn(),
                      console=Console(stderr=True), transient=False) as bar:
            task = bar.add_task("tune", total=args.games, now="")

            def progress(c: Any, games: int) -> None:
                root, _ = c.crossing(c.seeds())
                bar.update(task, completed=games, now=f"values {sorted(c.rows)}" +
                           (f", even near {root:.1f}" if root is not None else ""))
            curve, stopped, interrupted = tune(pack, card, num, peers, args.players, args.bots, args.seed,
                                               args.games, deadline, args.workers, on_round=progress, forced=forced)
    from ..sim.runner import sigint_ignored
    with sigint_ignored(defer=True):  # the answer is written whole; a stop asked meanwhile ends it after
        result = result_of(card, num, peers, curve, stopped, args)
        written = True
        if args.report:
            from ..sim.report_tune import render_tune
            written = write_output(args.report, render_tune(result), "the report", "--report")
        if args.json:
            print_json(result)
        else:
            _print(Console(), result)
            if args.report and written:
                print(f"report written to {args.report}")
        if interrupted:
            print(f"interrupted: after {result['games']} games a value; the answer is that of the games so far",
                  file=sys.stderr)
    status = 130 if interrupted else 0
    return status if written else 1


def label(card: Any) -> str:
    """A card's name, or a wonder stage's 'W A stage 2' (wonder, side, stage)."""
    return card if isinstance(card, str) else card.label


def _peers_said(pack: Any, card: Any, peers: list[str], args: argparse.Namespace) -> str:
    if not isinstance(card, str):
        said = f"the cities of {'; '.join(peers)} (side {card.side}"
        return said + (", dealt in every game)" if args.against else ": the other boards, dealt at random)")
    c = next(c for c in pack.cards if c.name == card)
    return "; ".join(peers) + ("" if args.against else f" (the other Age {c.age} {c.color} cards)")


def result_of(subject: Any, num: Any, peers: list[str], curve: Any, stopped: str,
              args: argparse.Namespace) -> dict[str, Any]:
    card, noun = label(subject), ("card" if isinstance(subject, str) else "stage")
    seeds = curve.seeds()
    line, _pts = curve.fit(seeds)
    root, _ = curve.crossing(seeds)
    lo, hi, bands = curve.interval(args.seed) if len(seeds) >= 2 else (-math.inf, math.inf, {})
    values = []
    for v in sorted(curve.rows):
        d = curve.delta(v, seeds)
        n = sum(1 for s in seeds if curve.rows[v][s][0] is not None)
        values.append({"value": v, "n": n, "delta": None if d is None else round(d, 3),
                       "interval": [round(x, 3) for x in bands[v]] if v in bands else None})
    even = {"estimate": None if root is None else round(root, 3), "nearest": None if root is None else round(root),
            "low": round(lo, 3) if math.isfinite(lo) else lo, "high": round(hi, 3) if math.isfinite(hi) else hi}
    return {"card": card, **({} if noun == "card" else {"wonder": subject.as_json()}),
            "field": num.as_json(), "peers": peers, "players": args.players, "bots": args.bots,
            "seed": args.seed, "games": len(seeds), "stopped_by": stopped, "values": values, "even": even,
            "fit": {"intercept": round(line[0], 4), "slope": round(line[1], 4)} if line else None,
            "sentence": sentence(card, num, even, values),
            "how": _how(noun, len(seeds), args)}


def _how(noun: str, seeds: int, args: argparse.Namespace) -> str:
    measured = ("The card and its peers measured as compare's experiment measures them (at the first position "
                "where a player could build the card, the game played on building it and playing the best "
                f"alternative, with the same random streams), at each value on the same {seeds} seeded games"
                if noun == "card" else
                "The wonder's city against its peers' cities by their final totals: each of the "
                f"{seeds} seeds deals the wonder and its peers to seats drawn from the seed and is played twice, "
                "the wonder and a peer swapping seats, at each value on the same seeds")
    return (f"{measured}; the even value is where its points against its peers cross 0, on the line through "
            "the two values either side of 0 (else the least-squares line over every value), its 95% interval "
            f"from 300 bootstrap resamples of the seeds. {args.bots} bots, {args.players} players.")


def sentence(card: str, num: Any, even: dict[str, Any], values: list[dict[str, Any]]) -> str:
    """The answer in one line: 'My Card: even with its peers at 3 points (fitted 3.2; 95%
    interval 2.6 to 3.8); now 7'."""
    base = num.name.split("#")[0]
    unit = UNITS.get(base)

    def at(v: Any) -> str:
        return f"{v} {unit}" if unit else f"{num.name} {v}"
    tried = ", ".join(str(v["value"]) for v in values)
    if even["estimate"] is None:
        return (f"{card}: no even value found: its points against its peers do not move with {num.name} "
                f"over the values tried ({tried}); now {num.value}")
    if not (math.isfinite(even["low"]) and math.isfinite(even["high"])):
        return (f"{card}: even with its peers near {at(even['nearest'])} (fitted {even['estimate']:.1f}), not yet "
                f"sure: too few games for an interval (more --minutes); now {num.value}")
    return (f"{card}: even with its peers at {at(even['nearest'])} (fitted {even['estimate']:.1f}; 95% interval "
            f"{even['low']:.1f} to {even['high']:.1f}); now {num.value}")


def _print(console: Console, result: dict[str, Any]) -> None:
    stops = {"decided": "stopped once the interval was at most 1 wide", "time": "stopped at the time limit",
             "budget": "stopped at --games", "interrupted": "interrupted"}
    console.print(f"{escape(result['card'])} against {escape(', '.join(result['peers']))}: {result['games']} "
                  f"{'seeds' if 'wonder' in result else 'games'} a value, {escape(result['bots'])} bots, {result['players']} players "
                  f"({stops[result['stopped_by']]}); points against its peers by {escape(result['field']['field'])}:")
    counted = "seeds (2 games each)" if "wonder" in result else "games could build it"
    for r in result["values"]:
        band = "" if not r["interval"] else f" (95% {r['interval'][0]:+.1f} to {r['interval'][1]:+.1f})"
        now = "  <- now" if r["value"] == result["field"]["value"] else ""
        delta = "not measured" if r["delta"] is None else f"{r['delta']:+.2f}{band}"
        console.print(f"  {r['value']:>4}: {delta}, {r['n']} {counted}{now}")
    console.print(escape(result["sentence"]))

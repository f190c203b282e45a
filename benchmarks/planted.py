"""The planted-card suite at length (issue 21): packs of one planted card each, whose truth is
known (benchmarks/planted/: four strong, three weak, three neutral of several kinds), each
compared with base the way a designer would (`wonders compare --pack base --pack P`).

    python benchmarks/planted.py                      # strong and weak once, neutral 20 seeds
    python benchmarks/planted.py --seeds 5 --jobs 2   # quicker
    python benchmarks/planted.py --bots search:16 --kinds strong,weak --jobs 1 --workers 2 --minutes 5

Reports each run's verdict, branched games and seconds, how often each card was called
right, and the neutral cards' false-positive rate (flagged stronger or weaker) against the
nominal 5%. The CI version is tests/test_experiment.py (three planted cards, one seed).
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKS = Path(__file__).resolve().parent / "planted"
TRUTH = {"strong": "stronger", "weak": "weaker", "neutral": "no difference"}


# the command, which says on stderr at its end the CPU seconds it and its workers took
COMMAND = ("import atexit, resource, sys\n"
           "def cpu():\n"
           "    r = [resource.getrusage(w) for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]\n"
           "    print(f'cpu-seconds {sum(u.ru_utime + u.ru_stime for u in r):.2f}', file=sys.stderr)\n"
           "atexit.register(cpu)\n"
           "from interpreter.cli import console; console()")


def run(pack: Path, seed: int, players: int, bots: str, workers: int = 1,
        minutes: float | None = None, recheck: str = "auto") -> tuple[str, int, str, dict, float]:
    start = time.perf_counter()
    limit = ["--minutes", str(minutes)] if minutes else []
    out = subprocess.run([sys.executable, "-c", COMMAND, "compare",
                          "--pack", "base", "--pack", str(pack), "--games", "10", "--players", str(players),
                          "--bots", bots, "--workers", str(workers), "--seed", str(seed), "--json",
                          "--recheck", recheck, *limit],
                         capture_output=True, text=True, cwd=ROOT)
    took = time.perf_counter() - start
    if out.returncode:
        raise SystemExit(f"{pack.name} seed {seed}: {out.stderr.strip()}")
    data = json.loads(out.stdout)
    exp = data["experiment"]
    (card, row), = data["verdicts"].items()
    cpu = float(out.stderr.rsplit("cpu-seconds ", 1)[1].split()[0])
    return pack.name, seed, card, {**row, "games": exp["games"], "cpu": cpu}, took


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=20, help="seeds per neutral card (default 20)")
    ap.add_argument("--decisive-seeds", type=int, default=1, help="seeds per strong or weak card (default 1)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--jobs", type=int, default=2, help="runs at once (default 2)")
    ap.add_argument("--workers", type=int, default=1, help="processes each run's experiment uses (default 1)")
    ap.add_argument("--minutes", type=float, help="each run's time limit (compare --minutes)")
    ap.add_argument("--kinds", default="strong,weak,neutral", help="which planted kinds to run")
    ap.add_argument("--recheck", default="auto", help="compare --recheck (default auto; none to skip the check)")
    ap.add_argument("--only", help="a comma-separated list of pack folders to run")
    args = ap.parse_args()
    packs = sorted(p for p in PACKS.iterdir() if (p / "pack.yaml").is_file())
    if args.only:
        packs = [p for p in packs if p.name in args.only.split(",")]
    packs = [p for p in packs if p.name.split("-")[0] in args.kinds.split(",")]
    jobs = [(p, s) for p in packs
            for s in range(args.seeds if p.name.startswith("neutral") else args.decisive_seeds)]
    start = time.perf_counter()
    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda j: run(j[0], j[1], args.players, args.bots, args.workers, args.minutes,
                                                    args.recheck),
                                jobs))
    print(f"{len(jobs)} runs, {args.players} players, {args.bots} bots, {args.jobs} at once, "
          f"{time.perf_counter() - start:.0f} s in all, {sum(r[3]['cpu'] for r in results):.0f} CPU s")
    tally: dict[str, Counter[str]] = {}
    for name, seed, card, row, took in results:
        kind = name.split("-")[0]
        tally.setdefault(name, Counter())[row["verdict"]] += 1
        ok = "right" if row["verdict"] == TRUTH[kind] else "WRONG"
        print(f"  {name:16} seed {seed:2}: {card:11} {row['verdict']:14} {ok:5} {row['games']:5} games "
              f"{took:6.0f} s {row['cpu']:6.0f} CPU s  {row['points_vs_peers']:+.1f} "
              f"[{row['interval'][0]:+.1f}, {row['interval'][1]:+.1f}]")
    flagged = runs = 0
    for name, counts in tally.items():
        kind = name.split("-")[0]
        right = counts[TRUTH[kind]]
        print(f"{name}: right {right}/{sum(counts.values())} {dict(counts)}")
        if kind == "neutral":
            flagged += counts["stronger"] + counts["weaker"]
            runs += sum(counts.values())
    if runs:
        print(f"neutral cards flagged stronger or weaker: {flagged}/{runs} ({100 * flagged / runs:.1f}%; "
              f"nominal level 5%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

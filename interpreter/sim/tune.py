"""`wonders tune`: at what value of one of its numbers is a card even with its peers?

The card's numbers are those printed in its effect text (`vp 7`, `coins 1 per brown card`),
in the order they are printed, then its cost's; each can be named (`vp`, `coins`,
`vp.per.every`, `cost.coins`, `cost.stone`). The pack is compiled once per value tried, with
only that number changed, and the experiment of `compare` measures the card and its peers at
each value (sim/experiment.py: branch where the card could be built, build it or play the best
alternative, the same random streams), on the same seeds for every value (common random
numbers), so the values differ only by the number. A wonder stage's number is varied the same
way and measured by its wonder's whole city (sim/tune_stage.py says why). The card's points
against its peers, as a function of the value, is measured at a few values (two first, then
near the crossing); the even value is where it crosses 0, on the line through the two values
either side of 0 (else the least-squares line), and its 95% interval is the percentile
interval of the crossing over bootstrap resamples of the seeds (resampled together for every
value, which keeps their pairing)."""
from __future__ import annotations

import math
import multiprocessing as mp
import os
import random
import re
import time
from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import Any, Callable, Iterator, Sequence

SENTINEL = 987_654_321  # a value no card prints: where it shows in the text is where the number is
BOOTSTRAP = 300
MAX_VALUES = 5  # values tried at most beyond a bracket of the crossing (inside one, as it needs)


@dataclass(frozen=True)
class Number:
    """One number of a card: its position (1-based), its name, its value and where it is."""

    index: int
    name: str
    value: int
    path: tuple[Any, ...]  # the fields from the card down to it
    text: str  # the effect text it is printed in (or the cost, as `cost.stone 1`)

    def as_json(self) -> dict[str, Any]:
        return {"number": self.index, "field": self.name, "value": self.value, "text": self.text}


def _ints(node: Any, path: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], int]]:
    if isinstance(node, bool):
        return
    if isinstance(node, int):
        yield path, node
    elif is_dataclass(node):
        for f in fields(node):
            if f.name not in ("line", "column"):
                yield from _ints(getattr(node, f.name), (*path, f.name))
    elif isinstance(node, tuple):
        for j, x in enumerate(node):
            yield from _ints(x, (*path, j))


def with_value(node: Any, path: tuple[Any, ...], value: int) -> Any:
    """`node` with the number at `path` replaced (frozen dataclasses and tuples rebuilt)."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(head, int):
        items = list(node)
        items[head] = with_value(node[head], rest, value)
        return tuple(items)
    return replace(node, **{head: with_value(getattr(node, head), rest, value)})


def numbers(card: Any) -> list[Number]:
    """The card's numbers: those printed in its effect text, in text order, then its cost's."""
    from dsl.printer import canonical
    out: list[Number] = []
    for i, effect in enumerate(card.effects):
        text = canonical(effect)
        printed = {m.start(): int(m.group()) for m in re.finditer(r"\d+", text)}
        found = []
        for path, value in _ints(effect, ()):
            probe = canonical(with_value(effect, path, SENTINEL))
            at = probe.find(str(SENTINEL))
            if at >= 0 and printed.get(at) == value:  # printed now, at that place
                suffix = [p for p in path if isinstance(p, str) and p not in ("amount", "count")]
                found.append((at, ".".join([text.split()[0], *suffix]), value, ("effects", i, *path), text))
        out.extend(Number(0, n, v, p, t) for _at, n, v, p, t in sorted(found, key=lambda f: f[0]))
    cost = card.cost
    if cost.coins:
        out.append(Number(0, "cost.coins", cost.coins, ("cost", "coins"), f"cost: {cost.coins} coins"))
    for j, (res, n) in enumerate(cost.resources):
        out.append(Number(0, f"cost.{res}", n, ("cost", "resources", j, 1), f"cost: {n} {res}"))
    named: dict[str, int] = {}
    result = []
    for k, num in enumerate(out, 1):  # a name printed twice (two `vp` effects) gets #2, #3
        named[num.name] = named.get(num.name, 0) + 1
        name = num.name if named[num.name] == 1 else f"{num.name}#{named[num.name]}"
        result.append(replace(num, index=k, name=name))
    return result


def pick(card: Any, number: int | None, name: str | None, label: str | None = None) -> Number:
    """The number asked for (of a card, or of a wonder stage called `label`); ValueError
    listing the candidates when none or several fit."""
    nums = numbers(card)
    label = label or card.name
    listing = "; ".join(f"--number {n.index} or --field {n.name} ({n.text}: now {n.value})" for n in nums)
    if not nums:
        raise ValueError(f"{label} has no number to tune (its effect text and cost print none)")
    if number is not None:
        if not 1 <= number <= len(nums):
            raise ValueError(f"{label} has {len(nums)} number(s), not a number {number}: {listing}")
        return nums[number - 1]
    if name is not None:
        hit = [n for n in nums if n.name.casefold() == name.casefold()]
        if not hit:
            import difflib
            close = difflib.get_close_matches(name, [n.name for n in nums], n=1, cutoff=0.3)
            hint = f"did you mean --field {close[0]}? " if close else ""
            raise ValueError(f"{label} has no number named '{name}'; {hint}its numbers: {listing}")
        return hit[0]
    if len(nums) > 1:
        raise ValueError(f"{label} has {len(nums)} numbers; say which: {listing}")
    return nums[0]


def variant(pack: Any, card: Any, num: Number, value: int) -> Any:
    """The pack compiled with the number of the card (a name) or of the wonder stage (a
    StageRef) set to `value` (nothing else changed)."""
    from interpreter.rules.compiled import compile_pack
    if not isinstance(card, str):
        from .tune_stage import stage_variant
        return stage_variant(pack, card, num, value)
    cards = tuple(with_value(c, num.path, value) if c.name == card else c for c in pack.cards)
    return compile_pack(replace(pack, cards=cards))


@dataclass
class Curve:
    """The measurements: per value, per seed, the card's points difference (None where it
    could not be built) and its peers'."""

    rows: dict[int, dict[int, tuple[float | None, tuple[float, ...]]]] = field(default_factory=dict)
    paired: bool = False  # each seed's card against its own peers (a wonder's city and its peers' cities)

    def seeds(self) -> list[int]:
        """The seeds measured at every value (only those keep the values paired)."""
        sets = [set(r) for r in self.rows.values()]
        return sorted(set.intersection(*sets)) if sets else []

    def delta(self, value: int, seeds: Sequence[int]) -> float | None:
        """The card's mean points difference at `value` minus its peers' (pooled over every
        value tried: the peers do not change, and pooling keeps their noise out of the slope).
        Paired (a wonder stage: the peers' cities change with the value, and the same seed's
        cities share its luck): the mean over seeds of the card less its own peers' mean."""
        if self.paired:
            ds = [c - sum(ps) / len(ps) for s in seeds
                  if (c := self.rows[value][s][0]) is not None and (ps := self.rows[value][s][1])]
            return sum(ds) / len(ds) if ds else None
        card = [c for s in seeds if (c := self.rows[value][s][0]) is not None]
        peers = [p for by in self.rows.values() for s in seeds for p in by[s][1]]
        if not card or not peers:
            return None
        return sum(card) / len(card) - sum(peers) / len(peers)

    def fit(self, seeds: Sequence[int]) -> tuple[tuple[float, float] | None, list[tuple[int, float]]]:
        """((intercept, slope) of the line the even value is read from, None with fewer than two
        values measured; the points). Where two neighbouring values tried lie either side of 0,
        the line through those two (the secant nearest the least-squares line's crossing, when
        the points cross more than once): a card's effect need not be a straight line in its
        number (a wonder stage's is not: too few points and the bots skip it and the stages
        after it), and the values nearest the crossing say the most about it. Else the
        least-squares line over every value."""
        pts = [(v, d) for v in sorted(self.rows) if (d := self.delta(v, seeds)) is not None]
        if len(pts) < 2:
            return None, pts
        n = len(pts)
        mx, my = sum(v for v, _ in pts) / n, sum(d for _, d in pts) / n
        sxx = sum((v - mx) ** 2 for v, _ in pts)
        slope = sum((v - mx) * (d - my) for v, d in pts) / sxx
        line = (my - slope * mx, slope)
        pairs = [(p, q) for p, q in zip(pts, pts[1:]) if (p[1] < 0) != (q[1] < 0)]
        if not pairs:
            return line, pts
        near = -line[0] / line[1] if abs(line[1]) > 1e-9 else mx
        (v0, d0), (v1, d1) = min(pairs, key=lambda pq: abs((pq[0][0] + pq[1][0]) / 2 - near))
        secant = (d1 - d0) / (v1 - v0)  # not 0: one of d0, d1 is below 0 and the other not
        return (d0 - secant * v0, secant), pts

    def crossing(self, seeds: Sequence[int]) -> tuple[float | None, list[tuple[int, float]]]:
        """(where the fitted line crosses 0, None when it is flat or not fitted; the points)."""
        line, pts = self.fit(seeds)
        if line is None or abs(line[1]) <= 1e-9:
            return None, pts
        return -line[0] / line[1], pts

    def interval(self, seed: int = 0, resamples: int = BOOTSTRAP) -> tuple[float, float, dict[int, tuple[float, float]]]:
        """The crossing's 95% percentile interval over bootstrap resamples of the seeds (inf
        where too many resamples have no crossing), and each value's interval of its delta."""
        seeds = self.seeds()
        rng = random.Random(f"tune:{seed}")
        roots: list[float] = []
        per: dict[int, list[float]] = {v: [] for v in self.rows}
        for _ in range(resamples):
            draw = [rng.choice(seeds) for _ in seeds]
            root, pts = self.crossing(draw)
            roots.append(root if root is not None else math.nan)
            for v, d in pts:
                per[v].append(d)
        bands = {v: (_quantile(ds, 0.025), _quantile(ds, 0.975)) for v, ds in per.items() if ds}
        nan = sum(math.isnan(r) for r in roots)
        finite = sorted(r for r in roots if not math.isnan(r))
        if nan > 0.05 * resamples or not finite:
            return -math.inf, math.inf, bands
        k = len(finite)
        return finite[int(0.025 * k)], finite[min(k - 1, int(0.975 * k))], bands


def _quantile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


_JOB: dict[str, Any] = {}  # what a forked worker plays (set before the fork)


def _play(task: tuple[int, int]) -> tuple[int, int, float | None, tuple[float, ...]]:
    from .experiment import branch_game
    from .runner import game_seed
    value, k = task
    j = _JOB
    if not isinstance(j["card"], str):  # a wonder stage
        from .tune_stage import stage_game
        stage, peers = stage_game(j["packs"][value], game_seed(j["seed"], k), j["players"], j["bots"],
                                         j["card"], j["peers"], j["forced"])
        return value, k, stage, peers
    got = branch_game(j["packs"][value], game_seed(j["seed"], k), j["players"], j["bots"], {j["card"], *j["peers"]})
    card = next((d for name, _w, d, _t in got.rows if name == j["card"]), None)
    return value, k, card, tuple(d for name, _w, d, _t in got.rows if name in j["peers"])


def play(job: dict[str, Any], tasks: Sequence[tuple[int, int]], workers: int,
         deadline: float | None) -> Iterator[tuple[int, int, float | None, tuple[float, ...]]]:
    """Each (value, game) task's measurement, as they finish, on `workers` forked processes;
    those still playing when the caller stops (or at the deadline) are ended."""
    _JOB.clear()
    _JOB.update(job)
    workers = min(workers or os.cpu_count() or 1, len(tasks))
    if workers <= 1 or "fork" not in mp.get_all_start_methods():
        for t in tasks:
            if deadline is not None and time.monotonic() >= deadline:
                return
            yield _play(t)
        return
    from .runner import forked
    yield from forked(_play, tasks, workers, ordered=False, deadline=deadline)


def start_values(now: int) -> list[int]:
    """The two values tried first: the card's and 0 (a wide spread pins the slope, which a
    coin's third of a point makes shallow), or the card's plus 4 when it is 0 or 1."""
    return sorted({now, 0 if now >= 2 else now + 4})


def next_value(root: float | None, tried: Sequence[int], top: int, spread: float = math.inf,
               beyond: bool = True) -> int | None:
    """A value to add near the crossing: beyond the values tried (when `beyond`: fewer than
    MAX_VALUES tried), when it lies off them by more than one unit; between two of them more
    than two apart, the whole number nearest it not yet tried (so the secant the even value is
    read from spans two units at most: a secant over a wide gap of a bent curve misses), once
    the crossing's interval (`spread` wide) is narrower than those two values' gap (before
    that, more games say more than another value)."""
    if root is None or not math.isfinite(root):
        return None
    v = max(0, min(top, round(root)))
    below = max((t for t in tried if t <= root), default=None)
    above = min((t for t in tried if t >= root), default=None)
    if below is None or above is None:
        return None if not beyond or v in tried or min(abs(v - t) for t in tried) <= 1 else v
    if above - below <= 2 or not spread < above - below:
        return None
    if v in tried:
        v = v + 1 if root > v else v - 1
    return v if below < v < above else None


def _wider(lo: float, hi: float, tried: Sequence[int], top: int) -> int | None:
    """A value beyond those tried when the slope is too shallow to place the crossing (its
    interval [lo, hi] open, or more than twice the spread tried): a longer lever for the line."""
    spread = tried[-1] - tried[0]
    if math.isfinite(lo) and math.isfinite(hi) and hi - lo <= 2 * spread:
        return None
    v = min(top, tried[-1] + spread)
    return v if v not in tried else None


def tune(pack: Any, card: Any, num: Number, peers: Sequence[str], players: int, bots: str, seed: int,
         games: int, deadline: float | None, workers: int, width: float = 1.0, batch: int = 20,
         on_round: Callable[[Curve, int], None] | None = None, forced: Sequence[str] = ()
         ) -> tuple[Curve, str, bool]:
    """Measure until the even value's interval is at most `width` wide, `games` games a value
    are played, or the deadline: (the curve, why it stopped, interrupted). `card` is a card's
    name, or a wonder stage (sim/tune_stage.StageRef): its wonder's city is measured against the
    cities of the `peers` wonders, those `forced` dealt in every game."""
    packs = {v: variant(pack, card, num, v) for v in start_values(num.value)}
    job = {"packs": packs, "card": card, "peers": list(peers), "players": players, "bots": bots, "seed": seed,
           "forced": list(forced)}
    curve = Curve({v: {} for v in packs}, paired=not isinstance(card, str))
    top, done = max(3 * num.value, num.value + 6), 0
    try:
        while True:
            upto = min(games, done + max(batch, done // 2))  # rounds grow: fewer pauses to fit
            # seed by seed (a value added late catches up first), so a stop leaves the values even
            tasks = [(v, k) for k in range(upto) for v in sorted(packs) if k not in curve.rows[v]]
            for value, k, c, ps in play(job, tasks, workers, deadline):
                curve.rows[value][k] = (c, ps)
            done = upto
            seeds = curve.seeds()
            root, _ = curve.crossing(seeds)
            if on_round:
                on_round(curve, len(seeds))
            if deadline is not None and time.monotonic() >= deadline:
                return curve, "time", False
            lo, hi = curve.interval(seed)[:2] if len(seeds) >= batch else (-math.inf, math.inf)
            add = next_value(root, sorted(packs), top, hi - lo, beyond=len(packs) < MAX_VALUES)
            if add is None and len(packs) == 2 and len(seeds) >= batch:
                add = _wider(lo, hi, sorted(packs), top)
            if add is not None:  # a value near the crossing, measured on the seeds so far too
                packs[add] = job["packs"][add] = variant(pack, card, num, add)
                curve.rows[add] = {}
                continue
            if done >= games:
                return curve, "budget", False
            if hi - lo <= width:
                return curve, "decided", False
    except KeyboardInterrupt:
        return curve, "interrupted", True

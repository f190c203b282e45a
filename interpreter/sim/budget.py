"""A power budget before any game: each card's value estimated from what it does, by a linear
model fitted on the measured values of the base cards (benchmarks/measure_base_values.py:
the branching experiment of interpreter/sim/experiment.py, the card built against the player's
best alternative), with the model's leave-one-out error.

Why: the experiment takes minutes per pack; a designer wants a first look at a new card at
once. A card's features come from its compiled effect only (never its name): its age, cost,
production, shields, science, chains, and what its hooks do on a few reference positions (the
points it would score on seeded greedy games' final tables, the coins it would give at the
start of its age, the greedy bot's own estimate of any other effect). Points and those
estimates count at 1 and coins at the rules' treasury rate (the base cards cannot tell these
slopes apart); the rest is least squares with a small ridge on standardized features, solved
by hand (the matrix is tiny: no numpy), then corrected by what the model misses on the card's
peers (the base cards of its age and colour). A card far outside its peers' measured values is
an outlier: worth a `wonders compare` before anyone plays it. (A name dealt in two ages is one
card here, as in the measurement, which pools its copies.)
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from importlib import resources
from typing import Any, Sequence

from interpreter.players.game import Game
from interpreter.players.roster import make_bots

FEATURES = ("age 2", "age 3", "coin cost", "resource cost", "production", "either/or production",
            "private production", "shields", "science", "points", "coins", "other effects",
            "discounts", "chains to", "chained")
RIDGE = 1.0        # on standardized features: shrinks what the base cards cannot tell apart
OUTLIER = 1.5      # errors beyond the peers' measured range (one-sided: about 7% by chance)
MIN_GAMES = 20     # a base card measured in fewer games is not fitted
REF_SEEDS = (11, 12, 13)  # the reference games: where hooks are valued


def measured_values() -> dict[str, Any]:
    """The shipped measurement of the base cards (cards/base/measured_values.json)."""
    text = resources.files("cards").joinpath("base", "measured_values.json").read_text(encoding="utf-8")
    return json.loads(text)


@dataclass
class Reference:
    """Positions of a few seeded greedy games: a clone of each game at the start of each age
    (where coins and other effects are valued) and its final table (where points are)."""

    starts: list[dict[int, Any]]  # per game: age -> game at the age's first decision
    finals: list[Any]  # per game: the table at the end
    n: int

    @classmethod
    def of(cls, cp: Any, players: int, seeds: Sequence[int] = REF_SEEDS) -> "Reference":
        starts, finals = [], []
        for seed in seeds:
            g = Game(cp, make_bots("greedy", players), seed=seed, sides="random")
            at: dict[int, Any] = {}
            while not g.over:
                if not g.pending():
                    break
                if g.age not in at:
                    at[g.age] = g.clone()
                g.step(g.ask_bots())
            starts.append(at)
            finals.append(g.table)
        return cls(starts, finals, players)

    def at_age(self, k: int, age: int) -> Any:
        at = self.starts[k]
        ages = sorted(a for a in at if a <= age) or sorted(at)
        return at[ages[-1]]


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _safe(fn: Any, *args: Any) -> float:
    """A hook's answer, or 0 when it cannot answer off its game (a plug-in, a power)."""
    try:
        return float(fn(*args) or 0)
    except Exception:  # noqa: BLE001 - an estimate: a hook that fails here counts nothing
        return 0.0


def hook_values(card: Any, ref: Reference, coin: float) -> tuple[float, float, float]:
    """(points scored, coins given when built, other effects' worth in points), each the mean
    over the reference games and seats. A hook acting when built (a copy, a build from the
    discard pile, tokens) counts its coins, and the bot's estimate of the rest of what it does
    (its worth less those coins at `coin` points each) among the other effects."""
    eff = card.effect
    points, coins, other = [], [], []
    for k, final in enumerate(ref.finals):
        start = ref.at_age(k, card.age)
        for seat in range(ref.n):
            points.append(sum(_safe(h.score, final, seat) for h in eff.score_hooks))
            rest = [h for h in eff.hooks if not h.scores]
            if not rest:
                continue
            probe = start.clone() if eff.built_hooks else start  # when_built may act on its game: a copy's
            obs = start.observe(seat)
            got = [_safe(h.when_built, probe, seat) if h.builds else 0.0 for h in rest]
            coins.append(sum(got))
            other.append(sum(_safe(h.worth, obs, seat) - coin * c for h, c in zip(rest, got)))
    return _mean(points), _mean(coins), _mean(other)  # (a card's hooks are the same at every seat)


def features(cp: Any, ref: Reference) -> dict[str, list[float]]:
    """Each card's feature vector (FEATURES), from what it does."""
    chains_to: dict[str, int] = {}
    for c in cp.cards:
        for name in c.chains_from:
            chains_to[name] = chains_to.get(name, 0) + 1
    ages = cp.rules.ages
    coin = 1.0 / cp.rules.treasury if cp.rules.treasury else 0.0
    out: dict[str, list[float]] = {}
    for c in cp.cards:
        if c.name in out:
            continue
        eff = c.effect
        left = max(0, ages - c.age) + 1  # production serves this age and the later ones
        points, coins, other = hook_values(c, ref, coin)
        out[c.name] = [
            float(c.age == 2), float(c.age >= 3), float(c.cost_coins), float(sum(n for _, n in c.cost)),
            float(sum(eff.fixed)) * left, float(len(eff.choices)) * left,
            float(sum(eff.fixed_private) + len(eff.choices_private)) * left,
            float(eff.shields), float(sum(eff.science) + len(eff.science_wild)),
            points, coins, other,
            float(sum(len(r) * len(s) for r, s, _ in eff.discounts)),
            float(chains_to.get(c.name, 0)), float(bool(c.chains_from))]
    return out


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """a x = b by Gaussian elimination with partial pivoting (a small system, made regular by the ridge)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        p = m[col][col]
        if abs(p) < 1e-12:
            continue
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / p
                m[r] = [x - f * y for x, y in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


@dataclass
class Fit:
    """A ridge fit on standardized features: value = intercept + sum(coef * (x - mean) / sd)."""

    intercept: float
    coef: list[float]
    mean: list[float]
    sd: list[float]

    def predict(self, x: Sequence[float]) -> float:
        return self.intercept + sum(c * (v - m) / s for c, v, m, s in zip(self.coef, x, self.mean, self.sd))


def fit(xs: list[list[float]], ys: list[float], ridge: float = RIDGE,
        prior: Sequence[float] | None = None) -> Fit:
    """Least squares with a ridge on the standardized features (none on the intercept),
    shrinking each coefficient toward its prior (points per unit, PRIOR) rather than to 0."""
    n, p = len(xs), len(xs[0])
    prior = list(prior) if prior is not None else [0.0] * p
    mean = [sum(x[j] for x in xs) / n for j in range(p)]
    sd = [math.sqrt(sum((x[j] - mean[j]) ** 2 for x in xs) / n) or 1.0 for j in range(p)]
    zs = [[(x[j] - mean[j]) / sd[j] for j in range(p)] for x in xs]
    y0 = sum(ys) / n
    a = [[sum(z[i] * z[j] for z in zs) + (ridge if i == j else 0.0) for j in range(p)] for i in range(p)]
    b = [sum(z[i] * (y - y0) for z, y in zip(zs, ys)) + ridge * prior[i] * sd[i] for i in range(p)]
    return Fit(y0, solve(a, b), mean, sd)


def loo_rmse(xs: list[list[float]], ys: list[float], ridge: float = RIDGE,
             prior: Sequence[float] | None = None) -> float:
    """The error of a prediction for a card the fit never saw: each card left out in turn."""
    sq = 0.0
    for i in range(len(xs)):
        f = fit(xs[:i] + xs[i + 1:], ys[:i] + ys[i + 1:], ridge, prior)
        sq += (f.predict(xs[i]) - ys[i]) ** 2
    return math.sqrt(sq / len(xs))


def rates(rules: Any) -> list[float]:
    """The features whose worth the rules fix, in points per unit (0: fitted): a point scored is
    a point of score, the hooks' other estimates are in points, and coins go `treasury` to the
    point. The base cards cannot tell these apart (their points and coin costs barely vary
    within an age), so fitting them would fit noise and read a 7-point card as a 3-point one."""
    coin = 1.0 / rules.treasury if rules.treasury else 0.0
    fixed = {"points": 1.0, "other effects": 1.0, "coins": coin, "coin cost": -coin}
    return [fixed.get(f, 0.0) for f in FEATURES]


def _split(x: Sequence[float], rate: Sequence[float]) -> tuple[float, list[float]]:
    """(the fixed part in points, the features left to fit)."""
    return sum(r * v for r, v in zip(rate, x)), [v for r, v in zip(rate, x) if not r]


@dataclass
class Model:
    """The fit on the base cards, its error, and what it was fitted on."""

    fit: Fit
    rate: list[float]
    error: float  # leave-one-out error of the peer-corrected estimate, in points
    fitted: dict[str, float]  # base card -> its measured value
    residual: dict[str, float]  # base card -> measured minus its leave-one-out prediction
    meta: dict[str, Any]
    base: Any  # the base pack, compiled (peers)

    @classmethod
    def train(cls, base: Any, players: int | None = None, data: dict[str, Any] | None = None) -> "Model":
        data = data or measured_values()
        meta = data["meta"]
        ref = Reference.of(base, players or int(meta.get("players", 4)))
        feats = features(base, ref)
        fitted = {name: float(row["points"]) for name, row in data["cards"].items()
                  if row.get("n", 0) >= MIN_GAMES and name in feats}
        rate = rates(base.rules)
        names = sorted(fitted)
        parts = [_split(feats[n], rate) for n in names]
        xs, ys = [free for _, free in parts], [fitted[n] - fix for n, (fix, _) in zip(names, parts)]
        residual = {}
        for i, n in enumerate(names):  # each card predicted by a fit that never saw it
            f = fit(xs[:i] + xs[i + 1:], ys[:i] + ys[i + 1:])
            residual[n] = ys[i] - f.predict(xs[i])
        model = cls(fit(xs, ys), rate, 0.0, fitted, residual, meta, base)
        by = {c.name: c for c in base.cards}
        errs = [residual[n] - model.correction(by[n]) for n in names]
        model.error = math.sqrt(sum(e * e for e in errs) / len(errs))
        return model

    def peers(self, card: Any) -> list[str]:
        """The measured base cards of the card's age and colour, itself aside."""
        return sorted({c.name for c in self.base.cards if c.age == card.age and c.color_name == card.color_name
                       and c.name != card.name and c.name in self.fitted})

    def correction(self, card: Any) -> float:
        """What the model misses on the card's peers, on average (their measured values minus
        their leave-one-out predictions): cards of one age and colour share what no feature says
        (who else wants them, what the bot would play instead)."""
        peers = self.peers(card)
        return sum(self.residual[p] for p in peers) / len(peers) if peers else 0.0

    def estimate(self, card: Any, x: Sequence[float]) -> tuple[float, float]:
        """(the model's prediction, the peer-corrected estimate) for a card's features."""
        fix, free = _split(x, self.rate)
        raw = fix + self.fit.predict(free)
        return raw, raw + self.correction(card)


def flag(value: float, peer_values: Sequence[float], error: float) -> str:
    """'outlier: strong' above every peer by more than OUTLIER errors, 'outlier: weak' below."""
    if not peer_values:
        return ""
    if value > max(peer_values) + OUTLIER * error:
        return "outlier: strong"
    if value < min(peer_values) - OUTLIER * error:
        return "outlier: weak"
    return ""


def budget(cp: Any, model: Model, players: int | None = None) -> dict[str, Any]:
    """Every card of the pack: estimated value, error, peers' measured range, flag (and its
    own measured value when it is a base card measured unchanged)."""
    n = players or int(model.meta.get("players", 4))
    ref = Reference.of(cp, min(max(n, cp.rules.min_players), cp.rules.max_players))
    feats = features(cp, ref)
    base_by: dict[str, Any] = {}
    for c in model.base.cards:  # a name in two ages (same effect): its first, as in features()
        base_by.setdefault(c.name, c)
    rows = []
    seen: set[str] = set()
    for c in sorted(cp.cards, key=lambda c: (c.age, c.color_name, c.name)):  # stable: first of a name first
        if c.name in seen:
            continue
        seen.add(c.name)
        raw, value = model.estimate(c, feats[c.name])
        peers = model.peers(c)
        peer_values = [model.fitted[p] for p in peers]
        row: dict[str, Any] = {"card": c.name, "age": c.age, "color": c.color_name,
                               "predicted": round(value, 2), "error": round(model.error, 2),
                               "model": round(raw, 2), "peer_correction": round(value - raw, 2),
                               "features": dict(zip(FEATURES, (round(v, 3) for v in feats[c.name]))),
                               "peers": peers,
                               "peers_range": [round(min(peer_values), 2), round(max(peer_values), 2)]
                               if peer_values else None,
                               "flag": flag(value, peer_values, model.error)}
        same = base_by.get(c.name)
        if same is not None and same.card == c.card and c.name in model.fitted:
            row["measured"] = model.fitted[c.name]
        rows.append(row)
    meta = model.meta
    free = iter(zip(model.fit.coef, model.fit.sd))
    coef = {f: round(r if r else (lambda k, s: k / s)(*next(free)), 4) for f, r in zip(FEATURES, model.rate)}
    return {"cards": rows,
            "model": {"features": list(FEATURES), "fitted_cards": len(model.fitted),
                      "loo_rmse": round(model.error, 3), "ridge": RIDGE, "outlier_errors": OUTLIER,
                      "coefficients": coef,
                      "fixed_by_the_rules": [f for f, r in zip(FEATURES, model.rate) if r],
                      "measurement": {k: meta.get(k) for k in ("players", "bots", "games", "seed", "command")},
                      "reference_games": len(REF_SEEDS), "players": ref.n}}

"""Streaming statistics with exact, order-independent merging (integer sums only).

Win rates carry Wilson 95% intervals; means carry normal 95% intervals. Because
every accumulator is an integer count or sum, merging partial results from any
number of workers in any order gives identical numbers.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

Z95 = 1.959963984540054


@dataclass
class Rate:
    hits: int = 0
    n: int = 0

    def add(self, hit: bool) -> None:
        self.n += 1
        self.hits += 1 if hit else 0

    def merge(self, o: "Rate") -> None:
        self.hits += o.hits
        self.n += o.n

    @property
    def rate(self) -> float:
        return self.hits / self.n if self.n else 0.0

    def wilson(self, z: float = Z95) -> tuple[float, float]:
        """Wilson score interval: sensible even for rates near 0 or 1 and small n."""
        if not self.n:
            return (0.0, 1.0)
        p, n = min(1.0, max(0.0, self.rate)), self.n  # clamp: hits > n is a caller's mix-up
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
        return (max(0.0, centre - half), min(1.0, centre + half))

    def as_json(self) -> dict[str, Any]:
        lo, hi = self.wilson()
        return {"rate": _r(self.rate), "ci95": [_r(lo), _r(hi)], "n": self.n, "hits": self.hits}


@dataclass
class Tally:
    n: int = 0
    total: int = 0
    squares: int = 0

    def add(self, x: int) -> None:
        self.n += 1
        self.total += x
        self.squares += x * x

    def merge(self, o: "Tally") -> None:
        self.n += o.n
        self.total += o.total
        self.squares += o.squares

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def sd(self) -> float:
        if self.n < 2:
            return 0.0
        var = (self.squares - self.total * self.total / self.n) / (self.n - 1)
        return math.sqrt(max(0.0, var))

    def ci95(self) -> tuple[float, float]:
        if not self.n:
            return (0.0, 0.0)
        half = Z95 * self.sd / math.sqrt(self.n)
        return (self.mean - half, self.mean + half)

    def as_json(self) -> dict[str, Any]:
        lo, hi = self.ci95()
        return {"mean": _r(self.mean), "sd": _r(self.sd), "ci95": [_r(lo), _r(hi)], "n": self.n}


def _r(x: float) -> float:
    return round(x, 4)


def _p_two_sided(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def compare_rates(a: Rate, b: Rate, raw: bool = False) -> dict[str, Any]:
    """Two-proportion z-test (pooled): is b's rate different from a's? `raw` adds the
    unrounded p (`p_raw`, None when there is nothing to test) for a multiple-testing correction."""
    diff = b.rate - a.rate
    if not a.n or not b.n:
        return {"diff": _r(diff), "p": 1.0, "significant": False, **({"p_raw": None} if raw else {})}
    pooled = (a.hits + b.hits) / (a.n + b.n)
    se = math.sqrt(pooled * (1 - pooled) * (1 / a.n + 1 / b.n))
    p = _p_two_sided(diff / se) if se > 0 else (1.0 if diff == 0 else 0.0)
    return {"diff": _r(diff), "p": _r(p), "significant": p < 0.05, **({"p_raw": p} if raw else {})}


def compare_means(a: Tally, b: Tally, raw: bool = False) -> dict[str, Any]:
    """Welch's test with a normal approximation (the samples here are large); `raw` as for
    compare_rates."""
    diff = b.mean - a.mean
    if a.n < 2 or b.n < 2:
        return {"diff": _r(diff), "p": 1.0, "significant": False, **({"p_raw": None} if raw else {})}
    se = math.sqrt(a.sd ** 2 / a.n + b.sd ** 2 / b.n)
    p = _p_two_sided(diff / se) if se > 0 else (1.0 if diff == 0 else 0.0)
    return {"diff": _r(diff), "p": _r(p), "significant": p < 0.05, **({"p_raw": p} if raw else {})}


@dataclass
class CardStats:
    built: int = 0
    sold: int = 0
    wonder: int = 0
    win_when_built: Rate = field(default_factory=Rate)

    def merge(self, o: "CardStats") -> None:
        self.built += o.built
        self.sold += o.sold
        self.wonder += o.wonder
        self.win_when_built.merge(o.win_when_built)


def p_value(x: float) -> float:
    """A p-value for output: 4 significant digits, so that 1e-12 does not print as 0."""
    return float(f"{x:.4g}")


def diff_rates(a: Rate, b: Rate, z: float = Z95) -> dict[str, Any] | None:
    """a's rate minus b's, with the Agresti-Caffo interval (one win and one loss added to each
    group: it keeps its coverage for small groups and rates near 0 or 1) and the two-sided p of
    the same statistic, so the interval excludes 0 exactly when p < the level's alpha.
    None when a group is empty (nothing to compare)."""
    if not a.n or not b.n:
        return None
    pa, pb = (a.hits + 1) / (a.n + 2), (b.hits + 1) / (b.n + 2)
    se = math.sqrt(pa * (1 - pa) / (a.n + 2) + pb * (1 - pb) / (b.n + 2))
    centre = pa - pb
    return {"diff": _r(a.rate - b.rate),
            "ci": [_r(max(-1.0, centre - z * se)), _r(min(1.0, centre + z * se))],
            "p_raw": _p_two_sided(centre / se)}

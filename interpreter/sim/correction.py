"""Corrections for testing many rows at once (one row per card, per wonder side, ...).

Why: 80 card rows tested at 5% flag about 4 by chance. Holm's step-down procedure keeps the
chance that *any* flagged row is a fluke at 5% whatever the number of rows (family-wise error),
and always flags at least what Bonferroni flags. Intervals are simultaneous 95% intervals
(Bonferroni: each at 1 - 0.05/m), the usual companion of Holm: Holm can flag a row whose
interval just reaches 0 (it is slightly more powerful), never the reverse.
"""
from __future__ import annotations

from statistics import NormalDist
from typing import Any, Sequence

from .stats import p_value

ALPHA = 0.05
METHOD = "Holm"


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm-adjusted p-values (same order as given): the k-th smallest is multiplied by
    m - k + 1, then made non-decreasing, capped at 1. A row is significant when its adjusted
    p is below alpha. Ties are ordered by position, so the result is deterministic."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: (pvalues[i], i))
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def simultaneous_z(m: int, alpha: float = ALPHA) -> float:
    """The normal quantile that makes m two-sided intervals hold together with 1 - alpha."""
    return NormalDist().inv_cdf(1 - alpha / (2 * max(1, m)))


def describe(m: int, what: str, alpha: float = ALPHA, intervals: bool = True) -> dict[str, Any]:
    """The correction as stated in every output: method, number of rows, levels."""
    each = 100 * (1 - alpha / max(1, m))
    corrected = "intervals and p-values" if intervals else "p-values"
    return {"method": METHOD, "rows": m, "alpha": alpha, "what": what,
            "interval": f"simultaneous {100 * (1 - alpha):.0f}% (Bonferroni, each at {each:.3g}%)"
            if intervals else None,
            "text": f"{what}: {corrected} {METHOD}-corrected over {m} rows (significant: adjusted p < {alpha:g})"}


def apply(tests: list[dict[str, Any] | None], alpha: float = ALPHA) -> int:
    """Correct a family in place. Each test is a dict with `p_raw` (the unrounded p, None when
    there was nothing to test) or None (no row test at all); tested rows get `p` (if not set),
    `p_holm` and `significant`, untested ones p_holm 1 and not significant, and only the tested
    ones count in the family's size, which is returned."""
    done = [t for t in tests if t is not None and t.get("p_raw") is not None]
    adjusted = holm([t["p_raw"] for t in done])
    for t, adj in zip(done, adjusted):
        raw = t.pop("p_raw")
        t.setdefault("p", p_value(raw))
        t["p_holm"] = p_value(adj)
        t["significant"] = adj < alpha
    for t in tests:
        if t is not None and "p_raw" in t:  # untested
            del t["p_raw"]
            t["p_holm"], t["significant"] = 1.0, False
    return len(done)

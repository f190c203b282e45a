"""benchmarks/native.py --old: two builds of the native core timed in one run, each in a worker
process of its own (benchmarks/core_worker.py), and their ratios."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
import native as bench  # noqa: E402  (benchmarks/native.py)

from interpreter import native  # noqa: E402


def test_the_ratios_are_new_over_old_best_and_round_by_round() -> None:
    best, median, low, high = bench.summary([2.0, 1.0, 3.0], [1.0, 2.0, 2.0])
    assert best == 1.0  # 1.0 / 1.0: each build's best round
    assert (median, low, high) == (1.5, 0.5, 2.0)  # rounds 2/1, 1/2, 3/2


@pytest.mark.skipif(not native.available(), reason="no native core built")
def test_a_worker_runs_the_core_of_its_checkout() -> None:
    w = bench.Worker(ROOT)
    try:
        assert Path(w.core).parent == ROOT / "interpreter" / "native"
        assert 0 < w.time("random", 3, 20) < 1  # CPU seconds per game
        assert 0 < w.time("greedy", 4, 20) < 1  # per playout from Age II
    finally:
        w.close()


def test_a_checkout_without_a_built_core_stops_with_the_reason(tmp_path: Path) -> None:
    (tmp_path / "interpreter").mkdir()  # a checkout without the native core's package
    with pytest.raises(SystemExit, match="no native core built in"):
        bench.Worker(tmp_path)

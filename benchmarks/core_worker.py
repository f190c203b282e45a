"""One checkout's native core, timed on request: the worker `benchmarks/native.py --old` starts
for each build it compares (two builds cannot share a process: both are `interpreter.native._core`).

    python benchmarks/core_worker.py ROOT

imports the checkout at ROOT (its own built core, first on sys.path), prints the core's file,
then answers each line read: `greedy N UNITS` (a greedy playout of Ages II and III from the
same Age II start, base, N players) or `random N UNITS` (whole random games, random sides), with
the CPU seconds per unit of that one round. It uses only calls both old and new cores have
(native.start, play_until, playouts, run_games), so an older checkout needs no change.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path


def main() -> int:
    root = Path(sys.argv[1]).resolve()
    sys.path.insert(0, str(root))
    from dsl.loader import load_pack
    from interpreter import native
    ok, why = native.status()
    core = Path(native._core.__file__).resolve() if ok else None  # noqa: SLF001 - which build ran
    if core is None or root not in core.parents:
        found = f"the core imported is {core}" if core else why
        print(f"ERROR no native core built in {root} (run `python setup.py build_ext --inplace` there; "
              f"{found})", flush=True)
        return 1
    print(core, flush=True)
    from interpreter.rules.compiled import compile_pack
    cp = compile_pack(load_pack("base"))
    starts: dict[int, object] = {}
    for line in sys.stdin:
        kind, n, units = line.split()
        n, units = int(n), int(units)
        if kind == "greedy":
            if n not in starts:
                starts[n] = native.start(cp, 1, n, "greedy", "random")
                starts[n].play_until(2)
            t = time.process_time()
            done = len(native.playouts(starts[n], range(units), "greedy"))
        else:
            t = time.process_time()
            done = len(native.run_games(cp, range(units), n, "random", "random"))
        print((time.process_time() - t) / done, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

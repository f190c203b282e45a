"""A fingerprint of seeded games: greedy games of every shipped and example pack at every player
count, a few seeds each, on the Python core, hashed from their logs. Run it on two checkouts to
show a change leaves the games of existing packs byte for byte the same (packs whose plug-ins
need consent are left out: their code is not the language's).

    PYTHONPATH=../old-checkout python benchmarks/digest.py > old.json
    python benchmarks/digest.py > new.json && diff old.json new.json && echo same
"""
from __future__ import annotations

import argparse
import hashlib
import json

from pathlib import Path

from dsl.loader import PackError, load_pack
from dsl.packref import shipped_packs
from interpreter.players.game import Game
from interpreter.players.roster import make_bots
from interpreter.rules.compiled import compile_pack


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--shipped-only", action="store_true", help="leave the example packs out")
    args = ap.parse_args()
    out = {}
    examples = Path(__file__).resolve().parent.parent / "examples"
    names = sorted(shipped_packs())
    if not args.shipped_only:
        names += [f"examples/{d.name}" for d in sorted(examples.iterdir()) if (d / "pack.yaml").exists()]
    for name in names:
        try:
            pack = load_pack(examples.parent / name if name.startswith("examples/") else name)
        except PackError:
            continue  # a plug-in pack without consent
        cp = compile_pack(pack)
        h = hashlib.sha256()
        for n in range(cp.rules.min_players, cp.rules.max_players + 1):
            for seed in range(args.seeds):
                g = Game(cp, make_bots("greedy", n), seed=seed, sides="random")
                g.play()
                h.update(json.dumps(g.log, sort_keys=True, default=str).encode())
        out[name] = h.hexdigest()[:16]
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

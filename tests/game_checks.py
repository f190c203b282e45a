"""Checks shared by the game-invariant tests of several packs."""
from __future__ import annotations

import functools
from collections import Counter
from pathlib import Path
from typing import Any

import pytest


def card_places(g: Any) -> Counter:
    """How many times each card name is somewhere: in a city, under a stage, in a second hand,
    in the discard pile or in the box (every dealt card must be in exactly one of them)."""
    where: Counter = Counter()
    for c in g.cities:
        where.update(x.name for x in c.cards)
        where.update(x.name for x in c.tucked)
        for cards in c.hands.values():
            where.update(x.name for x in cards)
    where.update(x.name for x in g.discard)
    where.update(x.name for x in g.box)
    return where


def base_plus(tmp_path_factory: Any, name: str, cards_yaml: str, extends: str = "base") -> Any:
    """A pack extending base (or `extends`) with the given cards file, compiled: the
    language's new words tried on the real game."""
    from dsl.loader import load_pack
    from interpreter.rules.compiled import compile_pack
    folder = tmp_path_factory.mktemp(name)
    (folder / "pack.yaml").write_text(f"name: {name}\nextends: {extends}\n", encoding="utf-8")
    (folder / "cards.yaml").write_text(cards_yaml, encoding="utf-8")
    return compile_pack(load_pack(folder))


def at_first_decision(cp: Any, players: int, seed: int, sides: str = "A") -> Any:
    """A greedy game of the compiled pack at its first decision, to set a position up by hand."""
    from interpreter.players.game import Game
    from interpreter.players.roster import make_bots
    g = Game(cp, make_bots("greedy", players), seed=seed, sides=sides)
    g.pending()
    return g


def card_named(cp: Any, name: str) -> Any:
    """The compiled card of that name (the first one)."""
    return next(c for c in cp.cards if c.name == name)


@functools.lru_cache(maxsize=None)
def example_pack(name: str) -> Any:
    """examples/NAME compiled once for the whole test run (tests do not change it)."""
    from dsl.loader import load_pack
    from interpreter.rules.compiled import compile_pack
    return compile_pack(load_pack(str(Path(__file__).resolve().parents[1] / "examples" / name)))


def packs_of(tmp_path_factory: Any, prefix: str, on_base: dict, on_others: dict) -> dict:
    """Test packs by name: each of `on_base` a cards file extending base, each of `on_others`
    (pack, cards file) extending that pack; compiled."""
    out = {name: base_plus(tmp_path_factory, f"{prefix}-{name}", cards) for name, cards in on_base.items()}
    return out | {name: base_plus(tmp_path_factory, f"{prefix}-{name}", cards, pack)
                  for name, (pack, cards) in on_others.items()}


def same_games_on_both_cores(cp: Any, players: int, seeds: Any) -> None:
    """Python and native games equal move by move, for each seed: random, greedy or mixed bots
    and sides A, B or random by turns."""
    from interpreter.sim.differential import first_difference
    for seed in seeds:
        bots = ("random", "greedy", "random,greedy")[seed % 3]
        diff = first_difference(cp, seed * 11 + players, players, bots, ("A", "B", "random")[seed % 3])
        assert diff == "", diff


def native_or_skip() -> None:
    """Skip (fail in CI) when the native core is not there."""
    import os

    from interpreter import native
    ok, why = native.status()
    if ok:
        return
    if os.environ.get("CI") and os.environ.get("WONDERS_CORE", "").lower() != "python":
        pytest.fail(f"CI must build the native core: {why}")
    pytest.skip(f"native core unavailable: {why}")

"""The native core's numbers are written once (interpreter/native/consts.py): the generated
consts.pxi must be current, no other .pxi may define one of them again, and the few that mirror
a Python rule's value must equal it."""
from __future__ import annotations

import re
from pathlib import Path

from interpreter.native import consts

NATIVE = Path(consts.__file__).resolve().parent


def test_checked_in_consts_pxi_is_generated_from_consts_py() -> None:
    source = (NATIVE / "consts.py").read_text(encoding="utf-8")
    assert (NATIVE / "consts.pxi").read_text(encoding="utf-8") == consts.pxi_text(source), \
        "run: python interpreter/native/consts.py"


def test_every_shared_number_is_in_the_generated_pxi() -> None:
    pxi = dict(re.findall(r"^\s+([A-Z][A-Z0-9_]*) = (\d+)", (NATIVE / "consts.pxi").read_text(), re.M))
    shared = {k: v for k, v in vars(consts).items() if k.isupper() and isinstance(v, int)}
    assert {k: int(v) for k, v in pxi.items()} == shared
    assert len(shared) > 130  # the sizes, hook kinds, events, counted things ... all of them


def test_no_other_pxi_defines_a_shared_name_again() -> None:
    shared = {k for k in vars(consts) if k.isupper()}
    for f in NATIVE.glob("*.p*x*"):
        if f.name == "consts.pxi" or f.suffix not in (".pxi", ".pyx"):
            continue
        defined = set(re.findall(r"^\s+([A-Z][A-Z0-9_]*) = ", f.read_text(encoding="utf-8"), re.M))
        assert not defined & shared, f"{f.name} defines {sorted(defined & shared)} again"


def test_lower_uses_the_shared_numbers_and_they_mirror_the_python_rules() -> None:
    from dsl.limits import LIMITS
    import importlib

    from interpreter.rules import far_trade
    from interpreter.rules.counting import OTHERS
    from interpreter.rules.science import MOST, SWAP

    lower = importlib.import_module("interpreter.native.lower")

    assert lower.H_RULE == consts.H_RULE and lower.WHAT["victory_pair"] == consts.W_VPAIR
    assert lower.EVENT["game_end"] == consts.E_GAMEEND and lower.PHASE["recruit"] == consts.PH_RECRUIT
    assert consts.HELD == LIMITS.held and consts.SEAT_OTHERS == OTHERS
    assert lower.SETTLED == {MOST: consts.SCI_MOST, SWAP: consts.SCI_SWAP}
    far = re.search(r"FAR_LIMIT = (\d+)", (NATIVE / "far_trade.pxi").read_text())
    assert far and int(far.group(1)) == far_trade._LIMIT  # the far-trade search budget, both cores

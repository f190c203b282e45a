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


def _pxi_hook_columns() -> dict[str, int]:
    """HookC field -> row column, as api_pack.pxi reads a lowered hook row."""
    text = (NATIVE / "api_pack.pxi").read_text(encoding="utf-8")
    body = text[text.index("h = &P.hooks[i]"):text.index("for i, row in enumerate(contribs)")]
    cols: dict[str, int] = {}
    for lhs, src, start in re.findall(r"^\s+(h\.[^=]+?) = (row|c)\[(\d+):", body, re.M):
        for k, name in enumerate(x.strip() for x in lhs.split(",")):
            cols[name] = int(start) + k + (consts.HR_COUNTER if src == "c" else 0)
    for name, src, k in re.findall(r"(h\.counter\.\w+)(?:, h\.counter\.\w+)? = (c)\[(\d+)\]", body):
        cols.setdefault(name, consts.HR_COUNTER + int(k))
    last = re.search(r"h\.counter\.token, h\.counter\.nseats = c\[(\d+)\], c\[(\d+)\]", body)
    assert last, "api_pack.pxi reads the counter's token and seats otherwise: update this test"
    cols["h.counter.token"] = consts.HR_COUNTER + int(last.group(1))
    cols["h.counter.nseats"] = consts.HR_COUNTER + int(last.group(2))
    return cols


def test_the_hook_row_layout_is_the_same_in_lower_and_api_pack() -> None:
    """A hook row's columns (consts.HR_*, CR_*) are where lower._row writes each field and
    where api_pack.pxi reads it into HookC."""
    import importlib
    lower = importlib.import_module("interpreter.native.lower")
    row = lower._row(11, 12, 13, 14, colors=(0,), seats=(5, 6, 7), sciset=18, stages=19,
                     seatmask=20, resources=(1,), inner=22, ref=23, counter=[31, 32, 33, 34, 35, 36])
    c = consts
    wrote = {"kind": 11, "amount": 12, "cond": 13, "period": 14, "colors": 1, "nseats": 3,
             "sciset": 18, "stages": 19, "seatmask": 20, "resources": 2, "inner": 22, "ref": 23}
    for name, value in wrote.items():
        assert row[getattr(c, f"HR_{name.upper()}")] == value, name
    assert row[c.HR_SEATS:c.HR_SEATS + 3] == [5, 6, 7]
    counter = row[c.HR_COUNTER:]
    assert [counter[c.CR_HAS], counter[c.CR_WHAT], counter[c.CR_COLORS], counter[c.CR_EVERY],
            counter[c.CR_TOKEN], counter[c.CR_NSEATS]] == [31, 32, 33, 34, 35, 36]
    read = _pxi_hook_columns()
    for name in wrote:
        assert read[f"h.{name}"] == getattr(c, f"HR_{name.upper()}"), name
    assert [read[f"h.seats[{k}]"] for k in range(3)] == [c.HR_SEATS + k for k in range(3)]
    for name in ("has", "what", "colors", "every", "token", "nseats"):
        assert read[f"h.counter.{name}"] == c.HR_COUNTER + getattr(c, f"CR_{name.upper()}"), name

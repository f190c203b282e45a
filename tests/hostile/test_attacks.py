"""A pack (or STATE file) from a stranger is safe to open: every attack of issue 9, and more,
in a subprocess under 1 GB and 10 s, gives exit status 1 and a located message, with no
traceback, no file written outside the test's folder and no code of the pack run."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from conftest import assert_refused, card, run_wonders, write_pack

CARDS = "cards:\n"
MARKER_PLUGIN = """\
from pathlib import Path
Path({marker!r}).write_text("the plug-in ran")
PLUGIN_EFFECTS = []
"""


def marker_pack(home: Path, name: str = "evil") -> tuple[Path, Path]:
    marker = home.parent / "RAN"
    folder = write_pack(home / name, f"name: {name}\nextends: [base]\nplugins: [payload]\n",
                        payload__py=MARKER_PLUGIN.format(marker=str(marker)))
    return folder, marker


# -- 1. no code without consent ------------------------------------------------------------------

STATE = {"pack": "evil", "players": [{"wonder": w} for w in ("Gizah", "Babylon", "Rhodos")]}


@pytest.mark.parametrize("args", [
    ["validate", "evil"], ["cards", "evil"], ["wonders", "evil"], ["docs", "--pack", "evil"],
    ["explain", "--pack", "evil", "vp 1"], ["play", "--pack", "evil", "--players", "3"],
    ["score", "state.json"], ["price", "state.json", "--player", "0", "--stage"],
    ["simulate", "--pack", "evil", "--games", "2", "--players", "3", "--workers", "1"],
    ["compare", "--pack", "base", "--pack", "evil", "--games", "2", "--players", "3", "--workers", "1"],
], ids=lambda a: a[0])
def test_no_plugin_runs_without_consent(home: Path, args: list[str]) -> None:
    _, marker = marker_pack(home)
    (home / "state.json").write_text(json.dumps(STATE))
    r = run_wonders(args, home)
    assert_refused(r, "--allow-plugins")
    assert not marker.exists()


@pytest.mark.parametrize("name", ["../outside", "/tmp/outside", "os.path", "sub/payload"])
def test_plugin_names_are_files_in_the_pack_only(home: Path, name: str) -> None:
    marker = home.parent / "RAN"
    (home / "outside.py").write_text(MARKER_PLUGIN.format(marker=str(marker)))
    write_pack(home / "p", f"name: p\nextends: [base]\nplugins: ['{name}']\n")
    r = run_wonders(["validate", "--allow-plugins", "p"], home)
    assert_refused(r, "is not a module name")
    assert not marker.exists()


def test_an_installed_module_is_never_a_plugin(home: Path) -> None:
    marker = home.parent / "RAN"
    (home / "sitemod.py").write_text(MARKER_PLUGIN.format(marker=str(marker)))  # importable from cwd
    write_pack(home / "p", "name: p\nextends: [base]\nplugins: [sitemod]\n")
    r = run_wonders(["validate", "--allow-plugins", "p"], home, env={"PYTHONPATH": f"{home}:{os.environ.get('PYTHONPATH', '')}"})
    assert_refused(r, "no module 'sitemod'")
    assert not marker.exists()


def test_a_plugin_symlinked_out_of_the_pack_is_refused(home: Path) -> None:
    marker = home.parent / "RAN"
    (home / "elsewhere.py").write_text(MARKER_PLUGIN.format(marker=str(marker)))
    folder = write_pack(home / "p", "name: p\nextends: [base]\nplugins: [payload]\n")
    (folder / "payload.py").symlink_to(home / "elsewhere.py")
    r = run_wonders(["validate", "--allow-plugins", "p"], home)
    assert_refused(r, "outside the pack's folder")
    assert not marker.exists()


@pytest.mark.parametrize("body", ["import sys\nsys.exit(0)\n", "raise SystemExit('bye')\n",
                                  "import os\nraise MemoryError('no')\n", "1/0\n"])
def test_a_plugin_that_exits_or_raises_is_reported(home: Path, body: str) -> None:
    write_pack(home / "p", "name: p\nextends: [base]\nplugins: [bad]\n", bad__py=body)
    r = run_wonders(["validate", "--allow-plugins", "p"], home)
    assert_refused(r, "importing 'bad' failed")


HOOK_PLUGIN = """\
import sys
from dsl.registry import Param, PluginSpec
class Boom:
    def on_build(self, table, seat, args):
        sys.exit(0)
PLUGIN_EFFECTS = [PluginSpec("boom", (), "explodes", "boom", lambda a: "Explodes.", Boom())]
"""


def test_a_plugin_hook_that_exits_fails_the_game_and_simulate(home: Path) -> None:
    cards = "cards:\n" + "".join(card(f"Bomb {i}", "vp 9; boom", color="yellow") for i in range(6))
    write_pack(home / "p", "name: p\nextends: [base]\nplugins: [boom]\n", boom__py=HOOK_PLUGIN,
               cards__yaml=cards)
    r = run_wonders(["play", "--allow-plugins", "--pack", "p", "--players", "3", "--bots", "greedy"], home)
    assert r.status == 1 and "Traceback" not in r.err and "plug-in 'boom' (on_build) failed" in r.err, r.err
    r = run_wonders(["simulate", "--bots", "greedy", "--allow-plugins", "--pack", "p", "--games", "4", "--players", "3",
                     "--workers", "1", "--json"], home)
    assert r.status == 1 and "game(s) failed" in r.err and "Traceback" not in r.err, r.err


# -- 2. bounded reading ----------------------------------------------------------------------------

def test_yaml_alias_bomb(home: Path) -> None:
    lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        prev, cur = chr(ord("a") + i - 1), chr(ord("a") + i)
        lines.append(f"{cur}: &{cur} [{', '.join(['*' + prev] * 9)}]")
    write_pack(home / "p", "name: p\nextends: [base]\n", cards__yaml="\n".join(lines) + "\ncards: *i\n")
    r = run_wonders(["validate", "p"], home)
    assert_refused(r, "more than 100000 values")


def test_recursive_alias(home: Path) -> None:
    write_pack(home / "p", "name: p\nextends: [base]\n", cards__yaml="cards: &a [*a]\n")
    assert_refused(run_wonders(["validate", "p"], home))


@pytest.mark.parametrize("text", ["[" * 30000 + "]" * 30000, "{a: " * 30000 + "}" * 30000,
                                  "cards:\n" + "- " * 30000 + "x\n", "cards:\n" + " " * 5000 + "x\n"])
def test_deep_nesting_is_refused_before_parsing(home: Path, text: str) -> None:
    write_pack(home / "p", "name: p\nextends: [base]\n", cards__yaml=text)
    assert_refused(run_wonders(["validate", "p"], home), "deep")


@pytest.mark.parametrize("effect,cost", [("produce 1000000000 clay", "free"), ("vp 1", "1000000000 wood"),
                                         ("coins " + "9" * 5000, "free"), ("shields 99999", "free"),
                                         ("; ".join(["science any"] * 25), "free"),
                                         ("produce " + "/".join(["wood", "clay"] * 20), "free"),
                                         ("vp 1", ", ".join(["3 wood"] * 10))])
def test_huge_amounts_in_card_text(home: Path, effect: str, cost: str) -> None:
    write_pack(home / "p", "name: p\nextends: [base]\n", cards__yaml=CARDS + card("Hoard", effect, cost))
    assert_refused(run_wonders(["validate", "p"], home), "limit")


@pytest.mark.parametrize("rules,expect", [("ages: 3.0", "whole number"), ("players: {max: 1000000000}", "digits"),
                                          ("players: {max: 1000}", "at most"), ("hand_size: 1e9", "whole number"),
                                          ("starting_coins: " + "7" * 5000, "digits"),
                                          ("science: {symbols: [a, b, c, d, e, f, g]}", "entries")])
def test_rules_numbers(home: Path, rules: str, expect: str) -> None:
    write_pack(home / "p", f"name: p\nextends: [base]\nrules:\n  {rules}\n")
    assert_refused(run_wonders(["validate", "p"], home), expect)


def test_a_card_file_linked_to_dev_zero(home: Path) -> None:
    folder = write_pack(home / "p", "name: p\nextends: [base]\n")
    (folder / "cards.yaml").symlink_to("/dev/zero")
    assert_refused(run_wonders(["validate", "p"], home), "outside the pack's folder")


def test_a_card_file_linked_to_a_secret_is_not_echoed(home: Path) -> None:
    secret = home / "secret.txt"
    secret.write_text("cards: [{name: TOPSECRET-42}]\n")
    folder = write_pack(home / "p", "name: p\nextends: [base]\n")
    (folder / "cards.yaml").symlink_to(secret)
    r = run_wonders(["validate", "p"], home)
    assert_refused(r, "outside the pack's folder")
    assert "TOPSECRET" not in r.out + r.err


def test_a_fifo_as_card_file(home: Path) -> None:
    folder = write_pack(home / "p", "name: p\nextends: [base]\n")
    os.mkfifo(folder / "cards.yaml")
    assert_refused(run_wonders(["validate", "p"], home), "not a regular file")


def test_a_fifo_as_manifest(home: Path) -> None:
    folder = home / "p"
    folder.mkdir()
    os.mkfifo(folder / "pack.yaml")
    r = run_wonders(["validate", "p"], home)  # not opened: the folder is not a pack
    assert r.status == 1 and "without a pack.yaml" in r.err and "Traceback" not in r.err


def test_a_huge_card_file(home: Path) -> None:
    write_pack(home / "p", "name: p\nextends: [base]\n", cards__yaml="# " + "x" * 2_000_000 + "\n")
    assert_refused(run_wonders(["validate", "p"], home), "more than the limit")


def test_not_utf8(home: Path) -> None:
    folder = write_pack(home / "p", "name: p\nextends: [base]\n")
    (folder / "cards.yaml").write_bytes(b"cards:\n  - name: Caf\xe9\n")
    assert_refused(run_wonders(["validate", "p"], home), "not UTF-8")


@pytest.mark.parametrize("count,expect,most", [(5000, "more than 1000 entries", 100_000),
                                               (1000, "more problem(s) not listed", 200_000)])
def test_remove_lists_of_unknown_names(home: Path, count: int, expect: str, most: int) -> None:
    names = ", ".join(f"Nope{i}" for i in range(count))
    write_pack(home / "p", f"name: p\nextends: [base]\nremove: [{names}]\n")
    r = run_wonders(["validate", "p"], home)
    assert_refused(r, expect)
    assert len(r.err) < most


def test_diamond_extends_are_read_once(home: Path) -> None:
    write_pack(home / "l0", "name: l0\nextends: [base]\n")
    for i in range(1, 8):  # 2^7 paths down to l0: read once, not 128 times
        write_pack(home / f"a{i}", f"name: a{i}\nextends: [../l{i - 1}]\n")
        write_pack(home / f"b{i}", f"name: b{i}\nextends: [../l{i - 1}]\n")
        write_pack(home / f"l{i}", f"name: l{i}\nextends: [../a{i}, ../b{i}]\n")
    r = run_wonders(["validate", "l7"], home)
    assert r.status == 0 and r.seconds < 8, (r.err[-2000:], r.seconds)


def test_a_long_extends_chain(home: Path) -> None:
    write_pack(home / "c0", "name: c0\nextends: [base]\n")
    for i in range(1, 40):
        write_pack(home / f"c{i}", f"name: c{i}\nextends: [../c{i - 1}]\n")
    assert_refused(run_wonders(["validate", "c39"], home), "chain of extends")


@pytest.mark.parametrize("ref", ["/etc", "../../../../../../../tmp", "~/x", "../outside"])
def test_extends_stays_inside_the_root(home: Path, ref: str) -> None:
    write_pack(home / "outside", "name: outside\nextends: [base]\n")
    write_pack(home / "packs" / "p", f"name: p\nextends: ['{ref}']\n")
    assert_refused(run_wonders(["validate", "packs/p"], home), "extends")


def test_many_packs_in_one_folder_and_duplicate_extends(home: Path) -> None:
    write_pack(home / "a", "name: a\nextends: [base]\n")
    write_pack(home / "p", "name: p\nextends: [../a, ../a, base, base]\n")
    assert_refused(run_wonders(["validate", "p"], home), "already extended")


def test_too_many_cards(home: Path) -> None:
    cards = CARDS + "".join(card(f"C{i}", "vp 1", color="blue") for i in range(1001))
    write_pack(home / "p", "name: p\nextends: [base]\n", cards__yaml=cards)
    assert_refused(run_wonders(["validate", "p"], home), "more than 1000")


# -- the expensive computations stay bounded within the limits -------------------------------------

def wild_pack(home: Path) -> Path:
    cards = CARDS + "".join(card(f"Sage {i}", "science any", color="green") for i in range(40))
    return write_pack(home / "p", "name: p\nextends: [base]\n", cards__yaml=cards)


def test_forty_wild_science_symbols_score_quickly(home: Path) -> None:
    wild_pack(home)
    state = {"pack": "p", "players": [{"wonder": "Babylon", "stages": 2, "cards": [f"Sage {i}" for i in range(40)]},
                                      {"wonder": "Gizah"}, {"wonder": "Rhodos"}]}
    (home / "s.json").write_text(json.dumps(state))
    r = run_wonders(["score", "s.json", "--json"], home)
    assert r.status == 0, r.err
    assert r.seconds < 5


def test_twelve_three_way_cards_per_neighbour_price_quickly(home: Path) -> None:
    import itertools
    res = ["wood", "stone", "clay", "ore", "glass", "loom", "papyrus"]
    marts = [card(f"Mart {i}", "produce " + "/".join(t)) for i, t in enumerate(itertools.combinations(res, 3))]
    fund = card("Fund", "vp 9", cost="2 wood, 2 stone, 2 clay, 2 ore, 2 glass, loom, papyrus",
                color="blue")
    write_pack(home / "p", "name: p\nextends: [base]\n", cards__yaml=CARDS + "".join(marts) + fund)
    state = {"pack": "p", "players": [{"wonder": "Gizah", "cards": [], "coins": 100},
                                      {"wonder": "Babylon", "cards": [f"Mart {i}" for i in range(0, 35, 3)][:12]},
                                      {"wonder": "Rhodos", "cards": [f"Mart {i}" for i in range(1, 35, 3)][:12]}]}
    (home / "s.json").write_text(json.dumps(state))
    r = run_wonders(["price", "s.json", "--player", "0", "--card", "Fund", "--json"], home)
    assert r.status == 0, r.err
    assert json.loads(r.out)["options"]
    assert r.seconds < 5


# -- 3. safe output ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["Evil\x1b]0;pwned\x07", "Bidi\u202eeman", "Bell\x07", "Clear\x1b[2J"])
def test_escape_sequences_in_names_are_refused_and_never_printed(home: Path, name: str) -> None:
    write_pack(home / "p", "name: p\nextends: [base]\n",
               cards__yaml=CARDS + card(json.dumps(name), "vp 1", color="blue"))
    r = run_wonders(["validate", "p"], home)
    assert_refused(r, "control characters")
    assert "\x07" not in r.err and "\u202e" not in r.err


def test_escape_sequences_in_unknown_keys_and_words_are_escaped(home: Path) -> None:
    write_pack(home / "p", "name: p\nextends: [base]\n",
               cards__yaml='cards:\n  - {name: X, "\\e[31mkey": 1, age: 1, color: blue, players: [3], effect: vp 1}\n')
    assert_refused(run_wonders(["validate", "p"], home), "\\x1b")


def test_report_to_a_missing_folder_fails_before_the_games(home: Path) -> None:
    r = run_wonders(["simulate", "--bots", "greedy", "--games", "100000", "--players", "3", "--report", "nope/r.html"], home)
    assert_refused(r, "--report")
    assert r.seconds < 5


def test_report_to_an_unwritable_folder(home: Path) -> None:
    ro = home / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    try:
        if os.access(ro, os.W_OK):
            pytest.skip("running as root: permissions are not enforced")
        assert_refused(run_wonders(["simulate", "--bots", "greedy", "--games", "100000", "--players", "3", "--report", "ro/r.html"], home),
                       "permission denied")
    finally:
        ro.chmod(0o700)


def test_log_to_a_missing_folder_fails_before_the_game(home: Path) -> None:
    assert_refused(run_wonders(["play", "--players", "3", "--log", "missing/log.json"], home), "--log")


def test_output_is_atomic_and_leaves_no_temporary_file(home: Path) -> None:
    (home / "schema.json").write_text("old")
    r = run_wonders(["schema", "-o", "schema.json"], home)
    assert r.status == 0
    json.loads((home / "schema.json").read_text())
    assert sorted(p.name for p in home.iterdir() if not p.name.startswith(".lark_cache")) == ["schema.json"]


@pytest.mark.parametrize("games", ["10000000000000", "-5", "0"])
def test_huge_or_silly_game_counts(home: Path, games: str) -> None:
    assert_refused(run_wonders(["simulate", "--bots", "greedy", "--games", games, "--players", "3"], home), "--games")


# -- 5. STATE files ---------------------------------------------------------------------------------

GOOD = {"players": [{"wonder": "Gizah"}, {"wonder": "Babylon"}, {"wonder": "Rhodos"}]}


def with_player0(**changes: object) -> dict:
    return {"players": [{**GOOD["players"][0], **changes}, *GOOD["players"][1:]]}


@pytest.mark.parametrize("doc,expect", [
    (with_player0(coin=12), "did you mean 'coins'"),
    ({**GOOD, "pakc": "base"}, "did you mean 'pack'"),
    ({"players": [{"wonder": "Gizah"}, {"wonder": "Gizah"}, {"wonder": "Rhodos"}]}, "also played by"),
    ({"players": [{"wonder": "Gizah", "cards": ["Builders Guild"]}, {"wonder": "Babylon", "cards": ["Builders Guild"]},
                  {"wonder": "Rhodos"}]}, "one of each guild"),
    (with_player0(tokens=[7]), "token 7"),
    (with_player0(tokens=[1] * 50), "tokens"),
    (with_player0(coins=-1), "coins"),
    (with_player0(coins=10 ** 30), "digits"),
    (with_player0(stages=99), "stages"),
])
def test_strict_state_files(home: Path, doc: dict, expect: str) -> None:
    (home / "s.json").write_text(json.dumps(doc))
    assert_refused(run_wonders(["score", "s.json"], home), expect)


@pytest.mark.parametrize("text,expect", [
    ('{"players": [{"wonder": "Gizah", "coins": 3, "coins": 12}, {"wonder": "Babylon"}, {"wonder": "Rhodos"}]}',
     "appears twice"),
    ("[" * 100000 + "]" * 100000, "nested"),
    ('{"players": ' + "[" * 20 + "]" * 20 + "}", "nested"),
    ('{"players": [], "x": ' + "9" * 5000 + "}", "digits"),
])
def test_state_file_shapes(home: Path, text: str, expect: str) -> None:
    (home / "s.json").write_text(text)
    assert_refused(run_wonders(["score", "s.json"], home), expect)


def test_state_file_not_utf8_or_fifo(home: Path) -> None:
    (home / "s.json").write_bytes(b'{"players": [{"name": "\xff\xfe"}]}')
    assert_refused(run_wonders(["score", "s.json"], home), "not UTF-8")
    os.mkfifo(home / "f.json")
    assert_refused(run_wonders(["price", "f.json", "--player", "0", "--stage"], home), "not a regular file")


def test_control_characters_in_a_state_name_are_escaped(home: Path) -> None:
    doc = {"players": [{"wonder": "Gizah", "name": "\x1b[2Jpwn"}, {"wonder": "Babylon"}, {"wonder": "Rhodos"}]}
    (home / "s.json").write_text(json.dumps(doc))
    r = run_wonders(["score", "s.json"], home)
    assert r.status == 0 and "\x1b" not in r.out and "\\x1b" in r.out, r.out

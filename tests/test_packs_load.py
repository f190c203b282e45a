"""Every shipped pack and every example pack loads cleanly; `wonders validate` and `wonders explain`."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dsl import ast as A
from dsl.diagnostics import PackError
from dsl.loader import load_pack
from dsl.packref import shipped_packs
from interpreter.cli import main

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
EXAMPLE_PACKS = sorted(p.parent for p in EXAMPLES.rglob("pack.yaml"))
DIAGNOSTICS = REPO / "tests" / "golden" / "diagnostics"


def load_clean(ref: str | Path):
    try:
        return load_pack(ref, allow_plugins=True)
    except PackError as err:
        pytest.fail(f"{ref} has problems:\n{err.render()}")


@pytest.mark.parametrize("name", sorted(shipped_packs()))
def test_shipped_pack_loads(name: str) -> None:
    pack = load_clean(name)
    assert pack.name == name
    assert pack.cards


def test_base_is_shipped() -> None:
    assert "base" in shipped_packs()


@pytest.mark.parametrize("folder", EXAMPLE_PACKS, ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_example_pack_loads(folder: Path) -> None:
    pack = load_clean(folder)
    assert pack.cards


def test_sample_variant_is_among_the_examples() -> None:
    assert EXAMPLES / "sample-variant" in EXAMPLE_PACKS


def test_sample_variant_changes_what_it_says() -> None:
    base = load_clean("base")
    variant = load_clean(EXAMPLES / "sample-variant")
    assert variant.extends == ("base",)
    assert variant.rules.starting_coins == 6 and base.rules.starting_coins == 3
    # the other rules come from base unchanged
    assert variant.rules.hand_size == base.rules.hand_size
    assert variant.rules.vocab.colors == base.rules.vocab.colors
    # the replaced card: same name and age, new effect, still one card
    [tavern] = [c for c in variant.cards if c.name == "Tavern"]
    [base_tavern] = [c for c in base.cards if c.name == "Tavern"]
    assert tavern.age == base_tavern.age and tavern.effects == (A.Coins(3),)
    assert base_tavern.effects == (A.Coins(5),)
    # two new guilds, the rest as in base
    base_guilds = {c.name for c in base.cards if c.players is None}
    guilds = {c.name for c in variant.cards if c.players is None}
    assert guilds - base_guilds == {"Architects Guild", "Moneylenders Guild"}
    assert base_guilds <= guilds
    assert len(variant.cards) == len(base.cards) + 2
    assert {w.name for w in variant.wonders} == {w.name for w in base.wonders}
    assert (EXAMPLES / "sample-variant" / "README.md").is_file()


# -- wonders validate ----------------------------------------------------------------------

def test_validate_base(capsys) -> None:
    assert main(["validate", "base"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    pack = load_clean("base")
    assert out == (f"base: ok - pack 'base' {pack.version}: {len(pack.cards)} cards, "
                   f"{len(pack.wonders)} wonders\n")


def test_validate_several_packs(capsys) -> None:
    assert main(["validate", "base", str(EXAMPLES / "sample-variant")]) == 0
    out, _ = capsys.readouterr()
    assert len(out.splitlines()) == 2 and all(": ok - " in line for line in out.splitlines())


def test_validate_json_base(capsys) -> None:
    assert main(["validate", "--json", "base"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    pack = load_clean("base")
    assert json.loads(out) == [{"pack": "base", "valid": True, "cards": len(pack.cards),
                                "wonders": len(pack.wonders), "warnings": []}]


def test_a_deck_too_small_to_deal_is_an_error_naming_the_player_counts(tmp_path, capsys) -> None:
    """A pack promises games at every player count it declares: a deck that cannot be dealt at
    one of them is a located error at validate time (issue 22), not a failure at play."""
    (tmp_path / "pack.yaml").write_text("name: short\nextends: base\nremove: [Clay Pool]\n")
    assert main(["validate", str(tmp_path)]) == 1
    out, err = capsys.readouterr()
    # Clay Pool's copies come in at 3 and 5 players: one card short at 3-4, two at 5-7; and at
    # 2 players, whose game deals the 3-player deck to 3 cities (the Free City's pile included)
    assert "6 problem(s)" in err and "Traceback" not in err
    for have, n, cities in ((20, 2, 3), (20, 3, 3), (27, 4, 4), (33, 5, 5), (40, 6, 6), (47, 7, 7)):
        assert f"pack.yaml:3:9: age 1 has {have} cards at {n} players; {7 * cities} are needed" in err
    assert "age 2" not in err and "age 3" not in err
    with pytest.raises(SystemExit) as stop:  # play stops at loading, as validate does
        main(["play", "--pack", str(tmp_path), "--players", "3"])
    assert stop.value.code == 1 and "Traceback" not in capsys.readouterr().err


def test_a_deck_too_small_is_reported_at_the_packs_own_players(tmp_path, capsys) -> None:
    (tmp_path / "pack.yaml").write_text("name: short\nextends: base\nremove: [Clay Pool]\n"
                                        "rules:\n  players: {min: 3, max: 4}\n")
    assert main(["validate", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("problem") == 1 and "2 players" not in err and "5 players" not in err
    assert "pack.yaml:5:12: age 1 has 20 cards at 3 players" in err


def test_validate_good_and_bad_together(capsys) -> None:
    assert main(["validate", "base", str(DIAGNOSTICS / "wonder-stage")]) == 1
    out, err = capsys.readouterr()
    assert out.startswith("base: ok - ")
    assert "unknown science symbol 'gears'" in err
    assert err.rstrip().endswith("wonder-stage: 2 problem(s)")
    assert "Traceback" not in err


def test_validate_unknown_pack(capsys) -> None:
    assert main(["validate", "no-such-pack-here"]) == 1
    _, err = capsys.readouterr()
    assert "no pack folder or shipped pack named 'no-such-pack-here'" in err
    assert "Traceback" not in err


def test_installed_command_runs() -> None:
    exe = Path(sys.executable).parent / "wonders"
    if not exe.is_file():
        pytest.skip("the wonders script is not installed next to this Python")
    done = subprocess.run([str(exe), "validate", "base"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("base: ok - ")


# -- wonders explain -------------------------------------------------------------------------

def test_explain_prints_canonical_english_and_ast(capsys) -> None:
    assert main(["explain", "vp 1 per brown/grey card in neighbours"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == "canonical: vp 1 per brown/grey card in neighbors"
    assert lines[1] == ("english:   1 victory point for each brown or grey card in your two "
                        "neighbours' cities, at game end.")
    assert lines[2] == "ast:"
    tree = json.loads("\n".join(line[2:] for line in lines[3:]))
    assert tree == [{"type": "VictoryPoints", "amount": 1, "per": {
        "type": "Counted", "what": "card", "colors": ["brown", "grey"], "sides": ["left", "right"],
        "every": 1, "token": "", "resource": ""}, "condition": ""}]


def test_explain_json(capsys) -> None:
    assert main(["explain", "--json", "produce wood/clay; shields 1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["valid"] is True
    assert data["canonical"] == "produce wood/clay; shields 1"
    assert [n["type"] for n in data["ast"]] == ["Produce", "Shields"]


def test_explain_cost(capsys) -> None:
    assert main(["explain", "--cost", "3 coins, 2 wood, cloth"]) == 0
    out = capsys.readouterr().out
    assert "canonical: 3 coins, 2 wood, loom" in out
    assert "english:   3 coins, 2 wood and 1 loom" in out


def test_explain_syntax_error_has_a_caret(capsys) -> None:
    assert main(["explain", "shields two"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == ("1:9: unexpected 'two'; expected a number\n"
                   "  shields two\n"
                   "          ^^^\n")


def test_explain_name_error(capsys) -> None:
    assert main(["explain", "prodce wood"]) == 1
    err = capsys.readouterr().err
    assert err.splitlines() == ["1:1: unknown effect word 'prodce'; did you mean 'produce'?",
                                "  prodce wood", "  ^^^^^^"]


def test_explain_json_error(capsys) -> None:
    assert main(["explain", "--json", "3 coins"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["valid"] is False
    assert data["errors"][0]["line"] == 1 and data["errors"][0]["column"] == 1


def test_explain_with_a_pack_uses_its_words(capsys) -> None:
    assert main(["explain", "--pack", str(EXAMPLES / "sample-variant"), "vp 2 per wonder stage in self"]) == 0
    assert "canonical: vp 2 per wonder stage in self" in capsys.readouterr().out

"""A 4th age in one line (issue 23): `ages: 4` on a pack that extends another fills in what one
value per age needs, says what it assumed, and plays at every declared count on both cores."""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl.loader import load_pack
from interpreter import native
from interpreter.cli import main
from interpreter.players.game import Game
from interpreter.players.roster import make_bots
from interpreter.rules.compiled import compile_pack


def four(tmp_path: Path, parent: str, extra: str = "") -> Path:
    folder = tmp_path / f"four-{parent}"
    folder.mkdir()
    (folder / "pack.yaml").write_text(f"name: four-{parent}\nextends: {parent}\nrules:\n  ages: 4\n{extra}")
    return folder


def test_what_base_with_four_ages_assumes(tmp_path: Path, capsys) -> None:
    assert main(["validate", str(four(tmp_path, "base"))]) == 0
    err = capsys.readouterr().err
    assert err.splitlines() == [f"{tmp_path}/four-base: assumed: {a}" for a in (
        "hands pass left, right, left, right (rules: pass)",
        "victory tokens are worth 1, 3, 5, 7 (rules: military: victory)",
        "seat 'Free City' is first held on the left, right, left, right (rules: seats: first_holder)",
        "age 4 has no cards of its own: it is dealt from the age 3 cards, the guilds drawn into it as into age 3")]


def test_a_game_of_four_ages(tmp_path: Path) -> None:
    cp = compile_pack(load_pack(four(tmp_path, "base")))
    g = Game(cp, make_bots("greedy", 4), seed=2, log=True)
    g.play()
    assert [w["age"] for w in g.log["war"]] == [1, 2, 3, 4]
    plain = [t for t in g.log["turns"] if not t.get("note")]  # (not the last-card or discard builds)
    assert len(plain) == 4 * 6  # six turns an age (the seventh card is discarded)
    age4 = [m["card"] for t in g.log["turns"] if t["age"] == 4 for m in t["moves"]]
    third = {c.name for c in cp.cards if c.age == 3}
    assert age4 and set(age4) <= third  # dealt from the age 3 cards and the guilds
    won = [r["tokens"] for w in g.log["war"] if w["age"] == 4 for r in w["results"]]
    assert any(7 in t for t in won)  # a victory in age 4 is worth 7


def test_the_pack_decides_when_it_says_so(tmp_path: Path, capsys) -> None:
    folder = four(tmp_path, "base", "  pass: [left, right, left]\n")
    assert main(["validate", str(folder)]) == 1
    assert "3 pass directions for 4 ages" in capsys.readouterr().err


def test_guilds_move_to_a_last_age_with_cards_of_its_own(tmp_path: Path, capsys) -> None:
    folder = four(tmp_path, "base")
    cards = "\n".join(f"  - {{name: Colossus {i}, age: 4, color: blue, players: [3, 3, 3, 4, 5, 6, 7], "
                      f"effect: vp 9}}" for i in range(3))
    (folder / "cards.yaml").write_text("cards:\n" + cards + "\n")
    assert main(["validate", str(folder)]) == 0  # short ages are topped up, and said so
    err = capsys.readouterr().err
    assert "assumed: the guilds of age 3 are drawn into age 4, the last" in err
    assert ("assumed: age 3 has too few cards of its own from 2 players: its deck is topped up at "
            "random from the age 2 cards") in err
    assert ("assumed: age 4 has too few cards of its own from 2 players: its deck is topped up at "
            "random from the age 3 cards") in err


FOURTH = Path(__file__).resolve().parents[1] / "examples" / "fourth-age"


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_the_fourth_age_example_plays_by_the_assumptions(players: int) -> None:
    cp = compile_pack(load_pack(str(FOURTH)))
    rules = cp.rules
    assert rules.ages == 4 and rules.top_up == {3: 2, 4: 3} and rules.victory_tokens == (1, 3, 5, 7)
    new = {c.name for c in cp.cards if c.age == 4 and c.card.players is not None}
    guilds = {c.name for c in cp.guilds()}
    assert len(new) == 4 and guilds and all(c.age == 4 for c in cp.guilds())
    for seed in range(2):
        g = Game(cp, make_bots("greedy", players), seed=seed, log=True)
        g.play()
        assert [w["age"] for w in g.log["war"]] == [1, 2, 3, 4]
        by_age: dict[int, list[str]] = {}
        for t in g.log["turns"]:
            if not t.get("note"):
                by_age.setdefault(t["age"], []).extend(m["card"] for m in t["moves"])
        assert all(len(cards) == 6 * players for cards in by_age.values())  # full hands every age
        assert not guilds & set(by_age[3])  # the guilds left age 3 ...
        dealt = {name for name, k in g.dealt.items() if k}
        assert new <= dealt and guilds & dealt  # ... every new card is dealt, and guilds in age 4
        third = {c.name for c in cp.cards if c.age == 3}
        assert set(by_age[4]) <= new | guilds | third


@pytest.mark.parametrize("players", [3, 7])
def test_the_fourth_age_example_on_the_native_core(players: int) -> None:
    if not native.available():
        pytest.skip("no native core built")
    from interpreter.sim.differential import first_difference
    cp = compile_pack(load_pack(str(FOURTH)))
    if native.unsupported(cp):  # declining is allowed, with a reason
        assert isinstance(native.unsupported(cp), str)
        return
    for seed in range(2):
        assert first_difference(cp, seed, players, "greedy", "random") == ""


@pytest.mark.parametrize("parent,players", [("base", 3), ("base", 7), ("leaders", 4), ("cities", 5),
                                            ("second-edition", 6)])
def test_four_ages_play_the_same_on_both_cores(tmp_path: Path, parent: str, players: int) -> None:
    if not native.available():
        pytest.skip("no native core built")
    from interpreter.sim.differential import first_difference
    cp = compile_pack(load_pack(four(tmp_path, parent)))
    if native.unsupported(cp):
        pytest.skip(native.unsupported(cp))
    for seed in range(3):
        assert first_difference(cp, seed, players, "greedy", "random") == ""

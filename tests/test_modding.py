"""The modding kit: `wonders new`, the schema for editors, `validate --watch`, pack composition
(extends / replace / remove / rules / conflicts), the effect reference and the diagnostic kinds.

The example packs under examples/ are tested in tests/test_examples.py.
"""
from __future__ import annotations

import json
import re
import threading
from pathlib import Path
from textwrap import dedent

import pytest
import yaml
from jsonschema import Draft202012Validator

from dsl import ast as A
from dsl.diagnostics import Diagnostic, PackError
from dsl.docgen import DOC_PATH, render
from dsl.loader import load_pack
from interpreter.players.roster import make_bots
from interpreter.cli import main
from interpreter.cli.watch import watch
from interpreter.rules.compiled import compile_pack
from interpreter.players.game import Game

REPO = Path(__file__).resolve().parents[1]
GOLDEN = REPO / "tests" / "golden" / "diagnostics"
MODELINE = "# yaml-language-server: $schema="


def write_pack(folder: Path, manifest: str, **files: str) -> Path:
    """A pack folder from YAML texts: the manifest, then `name=text` card files (name.yaml)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(dedent(manifest).lstrip(), encoding="utf-8")
    for name, text in files.items():
        (folder / f"{name}.yaml").write_text(dedent(text).lstrip(), encoding="utf-8")
    return folder


def problems(ref: str | Path) -> list[Diagnostic]:
    try:
        load_pack(ref)
    except PackError as err:
        return err.diagnostics
    raise AssertionError(f"{ref} loads without problems")


def loads(ref: str | Path):
    try:
        return load_pack(ref)
    except PackError as err:
        pytest.fail(f"{ref} has problems:\n{err.render()}")


def card(pack, name: str, age: int | None = None):
    [c] = [c for c in pack.cards if c.name == name and (age is None or c.age == age)]
    return c


def play(pack, players: int, bots: str = "greedy", seed: int = 1, sides: str = "A") -> dict:
    return Game(compile_pack(pack), make_bots(bots, players), seed=seed, sides=sides).play()


# -- wonders new ----------------------------------------------------------------------------

@pytest.fixture()
def scaffold(tmp_path, capsys) -> Path:
    folder = tmp_path / "my-pack"
    assert main(["new", str(folder), "--extends", "base"]) == 0
    out, _ = capsys.readouterr()
    assert "created pack 'my-pack'" in out
    return folder


def test_new_scaffold_validates_and_plays(scaffold, capsys) -> None:
    assert sorted(p.name for p in scaffold.iterdir()) == [
        ".helix", ".nvim.lua", ".vscode", "README.md", "cards.yaml", "pack.schema.json", "pack.yaml",
        "wonders.yaml"]
    assert main(["validate", str(scaffold)]) == 0
    out, err = capsys.readouterr()
    assert "ok - pack 'my-pack'" in out and err == ""
    pack = loads(scaffold)
    base = loads("base")
    assert pack.extends == ("base",)
    assert len(pack.cards) == len(base.cards) + 1 and len(pack.wonders) == len(base.wonders) + 1
    for players in (3, 7):
        scores = play(pack, players, sides="random")
        assert len(scores["players"]) == players


def test_the_scaffolds_example_wonder_does_not_skew_compare(scaffold, capsys) -> None:
    """Both sides of the example wonder win about their fair share (25% at 4 players): a new
    pack compared with base shows the designer's changes, not the example's."""
    pytest.importorskip("interpreter.native._core")
    assert main(["simulate", "--bots", "greedy", "--pack", str(scaffold), "--games", "2000", "--players", "4", "--workers", "1",
                 "--core", "native", "--json"]) == 0
    wonders = json.loads(capsys.readouterr().out)["win_rate"]["by_wonder"]
    for side in ("A", "B"):
        row = wonders[f"Beacon of My Pack {side}"]
        assert abs(row["rate"] - 0.25) < 0.06, (side, row)


def test_new_refuses_a_non_empty_folder(tmp_path, capsys) -> None:
    folder = tmp_path / "taken"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    assert main(["new", str(folder)]) == 1
    _, err = capsys.readouterr()
    assert "already exists and is not empty" in err
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]
    assert (folder / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_new_accepts_an_empty_folder(tmp_path, capsys) -> None:
    folder = tmp_path / "empty"
    folder.mkdir()
    assert main(["new", str(folder)]) == 0
    assert (folder / "pack.yaml").is_file()


def test_scaffold_starts_the_language_server_in_three_editors(scaffold) -> None:
    """The settings `wonders new` writes name `wonders lsp` for VS Code, Helix and Neovim, and
    VS Code's point the YAML language server at the pack's schema."""
    tomllib = pytest.importorskip("tomllib")
    vscode = json.loads((scaffold / ".vscode" / "settings.json").read_text(encoding="utf-8"))
    assert vscode["wonders.command"] == ["wonders", "lsp"]
    assert vscode["yaml.schemas"] == {"./pack.schema.json": ["pack.yaml", "*.yaml"]}
    helix = tomllib.loads((scaffold / ".helix" / "languages.toml").read_text(encoding="utf-8"))
    assert helix["language-server"]["wonders"] == {"command": "wonders", "args": ["lsp"]}
    assert helix["language"] == [{"name": "yaml", "language-servers": ["yaml-language-server", "wonders"]}]
    nvim = (scaffold / ".nvim.lua").read_text(encoding="utf-8")
    assert 'cmd = { "wonders", "lsp" }' in nvim and '"/pack.yaml"' in nvim


def test_scaffold_files_carry_the_schema_modeline(scaffold) -> None:
    for f in sorted(scaffold.glob("*.yaml")):
        first = f.read_text(encoding="utf-8").splitlines()[0]
        assert first == f"{MODELINE}./pack.schema.json", f.name


def test_scaffold_schema_is_what_wonders_schema_prints(scaffold, capsys) -> None:
    assert main(["schema"]) == 0
    out, _ = capsys.readouterr()
    assert (scaffold / "pack.schema.json").read_text(encoding="utf-8") == out


def test_schema_output_is_a_json_schema_that_checks_pack_files(tmp_path, scaffold, capsys) -> None:
    target = tmp_path / "pack.schema.json"
    assert main(["schema", "-o", str(target)]) == 0
    assert f"schema written to {target}" in capsys.readouterr().out
    schema = json.loads(target.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)  # a valid JSON Schema ...
    validator = Draft202012Validator(schema)
    for f in scaffold.glob("*.yaml"):  # ... that accepts the scaffold's files ...
        assert not list(validator.iter_errors(yaml.safe_load(f.read_text(encoding="utf-8")))), f.name
    # ... and refuses a misspelt key and a wrong type
    bad_card = {"cards": [{"name": "X", "age": "two", "colr": "red", "effect": "vp 1"}]}
    messages = " ".join(e.message for e in validator.iter_errors(bad_card))
    assert "'two' is not of type 'integer'" in messages and "colr" in messages


# -- validate --watch -----------------------------------------------------------------------

def test_watch_validates_again_after_a_change(scaffold, capsys) -> None:
    cards = scaffold / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("yellow/blue", "yelow/blue"),
                     encoding="utf-8")
    results: list[str] = []

    def check() -> int:
        try:
            load_pack(scaffold)
            results.append("ok")
        except PackError as err:
            results.append(err.diagnostics[0].message)
        if len(results) == 1:  # the modder fixes the typo while the first check runs
            cards.write_text(cards.read_text(encoding="utf-8").replace("yelow", "yellow"),
                             encoding="utf-8")
        return 0 if results[-1] == "ok" else 1

    outcome: list[int] = []
    runner = threading.Thread(target=lambda: outcome.append(
        watch([str(scaffold)], check, interval=0.05, max_checks=2)), daemon=True)
    runner.start()
    runner.join(timeout=20)
    assert not runner.is_alive(), "watch did not see the change"
    assert results == ["effect: unknown colour 'yelow'; did you mean 'yellow'?", "ok"]
    assert outcome == [0]
    out = capsys.readouterr().out
    assert f"watching {scaffold}" in out and "change detected, validating again" in out


def test_watch_through_the_validate_command(scaffold, monkeypatch, capsys) -> None:
    """`wonders validate --watch` hands the packs and its own check to watch()."""
    import interpreter.cli.watch as watch_module
    calls = []

    def fake_watch(refs, check, **_):
        calls.append(refs)
        return check()
    monkeypatch.setattr(watch_module, "watch", fake_watch)
    assert main(["validate", "--watch", str(scaffold)]) == 0
    assert calls == [[str(scaffold)]]
    assert "ok - pack 'my-pack'" in capsys.readouterr().out


# -- composing packs ------------------------------------------------------------------------

GUILD_A = """
    cards:
      - name: Sailors Guild
        age: 3
        color: purple
        cost: 2 wood, 2 loom
        effect: vp 1 per yellow card in neighbors
"""
GUILD_B = """
    cards:
      - name: Bankers Guild
        age: 3
        color: purple
        cost: 2 ore, glass
        effect: coins 1 per yellow card in self
"""


def test_extending_two_packs_brings_both(tmp_path) -> None:
    write_pack(tmp_path / "a", "name: a\nextends: [base]\n", guilds=GUILD_A)
    write_pack(tmp_path / "b", "name: b\nextends: [base]\n", guilds=GUILD_B)
    write_pack(tmp_path / "c", "name: c\nextends: [../a, ../b]\n", cards="""
        cards:
          - name: Harbour
            age: 2
            color: yellow
            players: [3, 6]
            cost: 2 wood
            effect: coins 4
    """)
    base, pack = loads("base"), loads(tmp_path / "c")
    assert pack.extends == ("a", "b")
    names = [(c.name, c.age) for c in pack.cards]
    assert len(names) == len(set(names)) == len(base.cards) + 3  # base once, plus 2 guilds and a card
    assert {"Sailors Guild", "Bankers Guild", "Harbour"} <= {n for n, _ in names}
    assert card(pack, "Harbour").effects == (A.Coins(4),)
    assert play(pack, 4)["players"]


def test_replace_uses_the_new_card(tmp_path) -> None:
    write_pack(tmp_path / "v", "name: v\nextends: [base]\n", cards="""
        cards:
          - name: Tavern
            replace: true
            age: 1
            color: yellow
            players: [4, 5, 7]
            effect: coins 3
    """)
    base, pack = loads("base"), loads(tmp_path / "v")
    assert len(pack.cards) == len(base.cards)
    assert card(base, "Tavern").effects == (A.Coins(5),)
    assert card(pack, "Tavern").effects == (A.Coins(3),)
    # the game deals the new card: compiled, it takes 3 coins
    cp = compile_pack(pack)
    [tavern] = [c for c in cp.deck(1, 7) if c.name == "Tavern"][:1]
    [hook] = tavern.effect.built_hooks
    assert (hook.amount, hook.counter) == (3, None)


def test_replace_of_a_missing_card_is_reported_with_a_suggestion(tmp_path) -> None:
    write_pack(tmp_path / "v", "name: v\nextends: [base]\n", cards="""
        cards:
          - name: Tavrn
            replace: true
            age: 1
            color: yellow
            players: [4]
            effect: coins 3
    """)
    [d] = problems(tmp_path / "v")
    assert d.kind == "replace" and (d.line, d.column) == (2, 11)
    assert d.message == ('replace: no card named "Tavrn" of age 1 in the extended packs; '
                         "did you mean 'Tavern'?")


def test_redefining_without_replace_is_a_duplicate(tmp_path) -> None:
    write_pack(tmp_path / "v", "name: v\nextends: [base]\n", cards="""
        cards:
          - name: Tavern
            age: 1
            color: yellow
            players: [4]
            effect: coins 3
    """)
    [d] = problems(tmp_path / "v")
    assert d.kind == "duplicate" and "add `replace: true` to replace it" in d.message


def test_remove_takes_cards_and_wonders_out(tmp_path) -> None:
    write_pack(tmp_path / "r", """
        name: r
        extends: [base]
        remove: [Loom, Rhodos]   # Loom: both the age I and the age II card
    """, cards="""
        cards:
          - name: Weavers Hut
            age: 1
            color: grey
            players: [3, 6]
            effect: produce loom
          - name: Weavers Hall
            age: 2
            color: grey
            players: [3, 5]
            effect: produce loom
    """)
    base, pack = loads("base"), loads(tmp_path / "r")
    assert not [c for c in pack.cards if c.name == "Loom"]
    assert len([c for c in base.cards if c.name == "Loom"]) == 2
    assert "Rhodos" not in {w.name for w in pack.wonders} and len(pack.wonders) == 6
    assert len(pack.cards) == len(base.cards)
    assert play(pack, 6)["players"]  # the replacements keep the decks full


def test_remove_of_missing_names_is_reported(tmp_path) -> None:
    write_pack(tmp_path / "r", """
        name: r
        extends: [base]
        remove: [Clay Pit, Tavren, Colosus]
    """)
    found = problems(tmp_path / "r")
    assert [(d.kind, d.line, d.column, d.length) for d in found] == [
        ("remove", 3, 20, 6), ("remove", 3, 28, 7)]
    assert found[0].message == "remove: no card or wonder named \"Tavren\"; did you mean 'Tavern'?"
    assert found[1].message == 'remove: no card or wonder named "Colosus"'


def test_rules_override_merges_deeply(tmp_path) -> None:
    write_pack(tmp_path / "m", """
        name: m
        extends: [base]
        rules:
          starting_coins: 5
          military: {defeat: -2}
    """)
    base, pack = loads("base").rules, loads(tmp_path / "m").rules
    assert pack.defeat_token == -2 and base.defeat_token == -1
    assert pack.victory_tokens == base.victory_tokens == (1, 3, 5)  # the rest of `military` is kept
    assert pack.starting_coins == 5
    assert (pack.hand_size, pack.pass_directions, pack.vocab) == (base.hand_size, base.pass_directions,
                                                                  base.vocab)
    game = Game(compile_pack(loads(tmp_path / "m")), make_bots("greedy", 3), seed=2)
    assert [c.coins for c in game.cities] == [5, 5, 5]
    game.play()
    assert all(t in (1, 3, 5, -2) for c in game.cities for t in c.tokens)


def test_rules_override_through_two_levels(tmp_path) -> None:
    write_pack(tmp_path / "m", "name: m\nextends: [base]\nrules: {military: {defeat: -2}}\n")
    write_pack(tmp_path / "n", "name: n\nextends: [../m]\nrules: {military: {victory: [2, 4, 6]}}\n")
    rules = loads(tmp_path / "n").rules
    assert (rules.victory_tokens, rules.defeat_token) == ((2, 4, 6), -2)


def _two_packs(tmp_path: Path, effect_b: str) -> None:
    for name, effect in (("conflict-a", "coins 4"), ("conflict-b", effect_b)):
        write_pack(tmp_path / name, f"name: {name}\nextends: [base]\n", cards=f"""
            cards:
              - name: Harbour
                age: 2
                color: yellow
                players: [3, 6]
                cost: 2 wood
                effect: {effect}
        """)


def test_two_packs_defining_a_card_differently_conflict(tmp_path) -> None:
    _two_packs(tmp_path, "coins 5")
    write_pack(tmp_path / "both", "name: both\nextends: [../conflict-a, ../conflict-b]\n")
    [d] = problems(tmp_path / "both")
    assert d.kind == "conflict"
    assert d.message == ("extends: packs 'conflict-a' and 'conflict-b' both define card \"Harbour\" "
                         "differently; replace it in this pack to choose")
    assert (d.line, d.column, d.length) == (2, 26, len("../conflict-b"))  # at the second pack


def test_two_packs_defining_a_card_identically_do_not_conflict(tmp_path) -> None:
    _two_packs(tmp_path, "coins 4")
    write_pack(tmp_path / "both", "name: both\nextends: [../conflict-a, ../conflict-b]\n")
    pack = loads(tmp_path / "both")
    assert card(pack, "Harbour").effects == (A.Coins(4),)
    assert len(pack.cards) == len(loads("base").cards) + 1


def test_a_conflict_is_settled_by_replacing_or_removing_the_card(tmp_path) -> None:
    _two_packs(tmp_path, "coins 5")
    write_pack(tmp_path / "pick", "name: pick\nextends: [../conflict-a, ../conflict-b]\n", cards="""
        cards:
          - name: Harbour
            replace: true
            age: 2
            color: yellow
            players: [3, 6]
            cost: 2 wood
            effect: coins 6
    """)
    assert card(loads(tmp_path / "pick"), "Harbour").effects == (A.Coins(6),)
    write_pack(tmp_path / "drop", "name: drop\nextends: [../conflict-a, ../conflict-b]\nremove: [Harbour]\n")
    assert not [c for c in loads(tmp_path / "drop").cards if c.name == "Harbour"]


# -- the effect reference and the diagnostic kinds ------------------------------------------

def test_effects_reference_is_up_to_date() -> None:
    assert DOC_PATH == REPO / "docs" / "effects.md"
    from interpreter.rules.effects import handler_docs
    assert DOC_PATH.read_text(encoding="utf-8") == render(handlers=handler_docs()), (
        "docs/effects.md is out of date with dsl/registry.py: run `wonders docs -o docs/effects.md`")


def test_modding_guide_exists_and_names_every_diagnostic_kind() -> None:
    guide = (REPO / "docs" / "modding.md").read_text(encoding="utf-8")
    for kind in KINDS:
        assert f"`{kind}`" in guide, kind
    for key in ("players", "ages", "hand_size", "starting_coins", "sell_coins", "trade_price", "pass",
                "military", "treasury", "science", "resources", "colors", "guilds", "categories"):
        assert f"`{key}`" in guide, key


KINDS = {"yaml", "schema", "syntax", "name", "range", "duplicate", "chain", "extends", "conflict",
         "replace", "remove", "rules", "plugin", "missing", "limit"}


def _kinds_in_source() -> set[str]:
    """The `kind` values the loader's modules give their diagnostics."""
    found: set[str] = set()
    for f in (REPO / "dsl").glob("*.py"):
        text = f.read_text(encoding="utf-8")
        found |= set(re.findall(r'kind="(\w+)"', text))
        # col.add(doc, pos, message, subject, "chain", ...); not _parse_text(..., subject, "cost", vocab)
        found |= set(re.findall(r'(?<![.\w])subject, "(\w+)"(?!, vocab)', text))
        for pair in re.findall(r'kind = "(\w+)" if .* else "(\w+)"', text):
            found |= set(pair)
    return found


def test_every_diagnostic_kind_has_a_golden_case() -> None:
    assert _kinds_in_source() <= KINDS
    covered: set[str] = set()
    for case in sorted(p.parent for p in GOLDEN.glob("*/expected.txt")):
        covered |= {d.kind for d in problems(case)}
    assert covered >= KINDS, f"no golden case under tests/golden/diagnostics for {KINDS - covered}"


def _pack(folder, text: str):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(text)
    return folder


def test_rules_come_from_the_packs_that_wrote_them_and_a_shared_base_applies_once(tmp_path) -> None:
    from dsl.loader import load_pack
    _pack(tmp_path / "a", "name: a\nextends: base\nrules:\n  starting_coins: 6\n  military: {defeat: -2}\n")
    _pack(tmp_path / "b", "name: b\nextends: base\nrules:\n  sell_coins: 4\n")
    _pack(tmp_path / "c", "name: c\nextends: [../a, ../b]\n")
    rules = load_pack(str(tmp_path / "c")).rules
    # b inherits base's 3 coins and -1 defeat, but only what b wrote (sell_coins) comes with it
    assert (rules.starting_coins, rules.defeat_token, rules.sell_coins) == (6, -2, 4)
    assert rules.victory_tokens == (1, 3, 5)  # the untouched rest of base's military


def test_two_packs_setting_a_rule_differently_conflict_until_the_combiner_decides(tmp_path) -> None:
    from dsl.diagnostics import PackError
    from dsl.loader import load_pack
    _pack(tmp_path / "a", "name: a\nextends: base\nrules:\n  starting_coins: 6\n")
    _pack(tmp_path / "d", "name: d\nextends: base\nrules:\n  starting_coins: 5\n")
    _pack(tmp_path / "e", "name: e\nextends: [../a, ../d]\n")
    with pytest.raises(PackError) as err:
        load_pack(str(tmp_path / "e"))
    (diag,) = err.value.diagnostics
    assert diag.kind == "conflict" and (diag.line, diag.column) == (2, 17)  # at "../d"
    assert "packs 'a' and 'd' set rules 'starting_coins' differently" in diag.message
    _pack(tmp_path / "e", "name: e\nextends: [../a, ../d]\nrules:\n  starting_coins: 7\n")
    assert load_pack(str(tmp_path / "e")).rules.starting_coins == 7


def test_a_pack_overriding_its_own_parent_is_no_conflict(tmp_path) -> None:
    from dsl.loader import load_pack
    _pack(tmp_path / "a", "name: a\nextends: base\nrules:\n  starting_coins: 6\n")
    _pack(tmp_path / "a2", "name: a2\nextends: ../a\nrules:\n  starting_coins: 8\n")
    _pack(tmp_path / "f", "name: f\nextends: [../a, ../a2]\n")
    assert load_pack(str(tmp_path / "f")).rules.starting_coins == 8


def test_a_category_must_be_a_score_pad_line(tmp_path) -> None:
    from dsl.diagnostics import PackError
    from dsl.loader import load_pack
    _pack(tmp_path / "c", "name: c\nextends: base\nrules:\n  categories: {comercial: [yellow]}\n")
    with pytest.raises(PackError) as err:
        load_pack(str(tmp_path / "c"))
    (diag,) = err.value.diagnostics
    assert (diag.line, diag.column, diag.kind) == (4, 16, "rules")
    assert "unknown score-pad line 'comercial'" in diag.message and "did you mean 'commercial'" in diag.message


def test_lists_of_names_from_two_unrelated_packs_join(tmp_path) -> None:
    """Colours, score lines, decks, draws and phases of two packs neither built on the other join:
    the first pack's entries, then the second's it lacks (the leaders + cities case, by hand)."""
    from dsl.loader import load_pack
    base = load_pack("base").rules
    _pack(tmp_path / "w", "name: w\nextends: base\nrules:\n"
          f"  colors: [{', '.join(base.vocab.colors)}, white]\n"
          f"  score_lines: [{', '.join(base.score_lines)}, leaders]\n"
          "  decks: [leaders]\n")
    _pack(tmp_path / "k", "name: k\nextends: base\nrules:\n"
          f"  colors: [{', '.join(base.vocab.colors)}, black]\n"
          f"  score_lines: [{', '.join(base.score_lines)}, cities]\n"
          "  decks: [heroes, leaders]\n")
    _pack(tmp_path / "wk", "name: wk\nextends: [../w, ../k]\n")
    rules = load_pack(str(tmp_path / "wk")).rules
    assert rules.vocab.colors == (*base.vocab.colors, "white", "black")
    assert rules.score_lines == (*base.score_lines, "leaders", "cities")
    assert rules.decks == ("leaders", "heroes")
    # the combining pack's own list replaces the joined one; a pack built on w replaces w's list
    _pack(tmp_path / "wk", "name: wk\nextends: [../w, ../k]\nrules:\n"
          f"  colors: [{', '.join(base.vocab.colors)}, black, white]\n")
    assert load_pack(str(tmp_path / "wk")).rules.vocab.colors == (*base.vocab.colors, "black", "white")
    _pack(tmp_path / "w2", f"name: w2\nextends: ../w\nrules:\n  colors: [{', '.join(base.vocab.colors)}]\n")
    _pack(tmp_path / "ww", "name: ww\nextends: [../w, ../w2]\n")
    assert load_pack(str(tmp_path / "ww")).rules.vocab.colors == base.vocab.colors


def test_leaders_cities_extends_both_without_rules_of_its_own() -> None:
    from dsl.loader import load_pack
    pack = load_pack(str(REPO / "examples" / "leaders-cities"))
    leaders, cities = load_pack("leaders").rules, load_pack("cities").rules
    assert pack.rules.starting_coins == leaders.starting_coins == 6
    assert (pack.rules.min_players, pack.rules.max_players, pack.rules.hand_size) == (3, 8, 8)
    assert pack.rules.hand_sizes == cities.hand_sizes == {8: 7}
    assert pack.rules.phases == leaders.phases and pack.rules.decks == ("leaders",)
    assert pack.rules.score_lines[-2:] == ("leaders", "cities")
    assert {"white", "black"} <= set(pack.rules.vocab.colors)
    assert set(pack.rules.tokens) == set(cities.tokens)


def test_a_track_token_kind_or_deck_named_with_a_digit_is_refused_where_it_is_declared(tmp_path) -> None:
    """Card text names have no digits: `advance t0` could never be written (the pack fuzzer's
    tracks were all refused at their cards, with 'unexpected 0'); the declaration says so."""
    from dsl.loader import load_pack
    _pack(tmp_path / "d", "name: d\nextends: base\nrules:\n  tracks:\n    t0:\n      steps: [\"coins 1\"]\n"
          "  decks: [extra2]\n")
    with pytest.raises(PackError) as err:
        load_pack(str(tmp_path / "d"))
    got = [(d.line, d.column, d.message) for d in err.value.diagnostics]
    assert (5, 5, "rules: tracks: 't0' cannot be named in card text (letters and _ only), e.g. 't'") in got
    assert any(m.startswith("rules: decks: 'extra2' cannot be named") for _l, _c, m in got)

"""The language server's parts without the protocol: the loader reading an editor's texts
(overlay) and packs already loaded (known), the spot under the cursor, completion by place,
hover's word entries, formatting's limits and the extended packs kept between checks."""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl.diagnostics import PackError
from dsl.loader import load_pack
from dsl.vocab import BASE_VOCABULARY as BASE
from interpreter.lsp.complete import completions, text_completions
from interpreter.lsp.explain import hover_text
from interpreter.lsp.fmt import format_edits
from interpreter.lsp.locate import Spot, locate, parse_doc
from interpreter.lsp.packs import Packs

MANIFEST = "name: mine\nversion: 0.1.0\ndescription: a test pack\nextends: [base]\n"
CARDS = "cards:\n  - name: Shrine\n    age: 3\n    color: blue\n    players: [3, 5]\n    effect: vp 4\n"


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "pack.yaml").write_text(MANIFEST, encoding="utf-8")
    (folder / "cards.yaml").write_text(CARDS, encoding="utf-8")
    return folder


def test_the_overlay_is_read_instead_of_the_disk(pack: Path) -> None:
    cards = str((pack / "cards.yaml").resolve())
    assert load_pack(str(pack)).card("Shrine").effects  # the disk: valid
    with pytest.raises(PackError) as err:
        load_pack(str(pack), overlay={cards: CARDS.replace("vp 4", "vp 4; science gaer")})
    (d,) = err.value.diagnostics
    assert (d.line, d.column, d.length) == (6, 27, 4) and "did you mean 'gear'?" in d.message
    # a file open in the editor and not saved yet is read too
    extra = str((pack / "more.yaml").resolve())
    got = load_pack(str(pack), overlay={extra: CARDS.replace("Shrine", "Chapel")})
    assert {"Shrine", "Chapel"} <= {c.name for c in got.cards}
    assert not (pack / "more.yaml").exists()


def test_known_packs_are_taken_as_they_are(pack: Path) -> None:
    base = load_pack("base")
    folder = Path(base.path)
    assert load_pack(str(pack), known={folder: base}).cards == load_pack(str(pack)).cards


def test_extended_packs_are_kept_until_their_files_change(pack: Path, tmp_path: Path) -> None:
    (tmp_path / "mid").mkdir()
    (tmp_path / "mid" / "pack.yaml").write_text("name: mid\nversion: 0.1.0\ndescription: between\nextends: [base]\n", encoding="utf-8")
    (pack / "pack.yaml").write_text(MANIFEST.replace("[base]", "[../mid]"), encoding="utf-8")
    packs = Packs()
    assert packs.check(pack).pack is not None
    kept = packs.extended(pack, dict(packs.texts))[(tmp_path / "mid").resolve()]
    assert packs.extended(pack, dict(packs.texts))[(tmp_path / "mid").resolve()] is kept  # not read again
    (tmp_path / "mid" / "cards.yaml").write_text(CARDS.replace("Shrine", "Chapel"), encoding="utf-8")
    again = packs.extended(pack, dict(packs.texts))[(tmp_path / "mid").resolve()]
    assert again is not kept and "Chapel" in {c.name for c in again.cards}
    # a file of the extended pack open in the editor: read through the overlay, not kept
    packs.open(tmp_path / "mid" / "cards.yaml", CARDS.replace("Shrine", "Oratory"))
    assert (tmp_path / "mid").resolve() not in packs.extended(pack, dict(packs.texts))
    assert "Oratory" in {c.name for c in packs.check(pack).pack.cards}


def test_the_spot_under_the_cursor() -> None:
    text = ("cards:\n  - name: A\n    effect: 'vp 2; coins 1'\n    chains_to: [Temple, Altar]\n"
            "    cost: |\n      2 stone,\n      ore\n")
    doc = parse_doc(text)
    s = locate(doc, text, 2, 19)  # inside the quotes, on `coins`
    assert (s.field, s.text, s.text[s.offset:]) == ("effect", "vp 2; coins 1", "coins 1")
    assert s.start == (2, 13) and s.card_text == "effect"
    s = locate(doc, text, 3, 25)
    assert (s.field, s.text) == ("chains_to", "Altar")
    s = locate(doc, text, 6, 8)  # a block scalar, second line
    assert s.field == "cost" and s.text[:s.offset] == "2 stone,\nore"[:s.offset] and s.offset == len("2 stone,\nor")
    # a buffer that is not YAML: the line being typed
    broken = "cards:\n  - name: [A\n    effect: vp 1 per \n"
    s = locate(parse_doc(broken), broken, 2, 21)
    assert (s.field, s.text[:s.offset]) == ("effect", "vp 1 per ")


def _labels(text: str, what: str = "effect") -> list[str]:
    return [i.label for i in text_completions(Spot(what, (), text, len(text), None), BASE)]


def test_completion_offers_what_fits_where_the_cursor_is() -> None:
    assert _labels("science ") == ["compass", "gear", "tablet"]
    assert _labels("produce w") == ["wood"]
    assert set(_labels("copy ")) == set(BASE.colors)
    assert _labels("vp 1 per brown card in ri") == ["right"]
    assert {"stone", "coin"} <= set(_labels("2 ", "cost")) and "vp" not in _labels("2 ", "cost")
    assert _labels("vp 1 per 3 grey cardz ") == []  # text before the cursor does not read
    assert {"trade_price", "sell_coins", "token"} <= set(_labels("rule ")) and "wood" not in _labels("rule ")
    first = _labels("")
    assert {"vp", "coins", "produce", "science"} <= set(first) and "card" not in first


def test_card_names_complete_in_chains(pack: Path) -> None:
    base = load_pack("base")
    got = completions(Spot("chains_from", ("cards", 0, "chains_from", 0), "Tem", 3, None), BASE, base)
    assert [i.label for i in got] == ["Temple"] and got[0].detail == "card, age 2"


def test_hover_gives_a_words_reference_entry_and_a_names_kind() -> None:
    text = hover_text(Spot("effect", (), "vp 1 per debt", 1, None), BASE, None)
    assert "**`vp`**" in text and "Syntax: `vp" in text
    assert "unknown token kind" in text or "does not read yet" in text
    text = hover_text(Spot("effect", (), "science gear", 9, None), BASE, None)
    assert "`gear`: a science symbol of this pack" in text


def test_formatting_leaves_what_it_cannot_rewrite_safely() -> None:
    text = ("cards:\n  - effect: vp 2 ;coins 1\n  - effect: vp 2 ;coins nine\n"
            "  - effect: |\n      vp 2 ;coins 1\n  - effect: \"vp 2 \\u003b coins 1\"\n  - cost: stone,ore\n")
    edits = format_edits(parse_doc(text), BASE)
    assert [(e.line, e.start, e.end, e.text) for e in edits] == [
        (1, 12, 25, "vp 2; coins 1"), (6, 10, 19, "stone, ore")]


def test_a_plugin_word_and_a_defined_word_lead_to_their_definitions(tmp_path: Path) -> None:
    """Without running the plug-in: its word's PluginSpec is found in its source. A word under
    `words:` in the manifest leads to its key (packs defining words: the structure is ready)."""
    from interpreter.lsp.define import definition
    folder = (Path(__file__).resolve().parent.parent / "examples" / "plugin-tax")
    spot = Spot("effect", ("cards", 0, "effect"), "tax 1 neighbors", 1, None)
    (place,) = definition(spot, folder, None, Packs())
    source = (folder / "tax.py").read_text(encoding="utf-8").splitlines()
    assert place.file == folder / "tax.py" and source[place.line][place.character:].startswith("PluginSpec(")
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "pack.yaml").write_text(MANIFEST + "words:\n  tithe:\n    body: coins {n}\n", encoding="utf-8")
    (place,) = definition(Spot("effect", (), "tithe 2", 2, None), mine, None, Packs())
    assert (place.file, place.line, place.character) == ((mine / "pack.yaml").resolve(), 5, 2)


def test_plugins_do_not_run_without_consent(tmp_path: Path, monkeypatch) -> None:
    """The server checks a pack with plug-ins as `validate` does without --allow-plugins: the
    plug-in is not imported and the problems say why."""
    import sys
    monkeypatch.setenv("WONDERS_TRUST_FILE", str(tmp_path / "trust.json"))
    folder = (Path(__file__).resolve().parent.parent / "examples" / "plugin-tax").resolve()
    before = set(sys.modules)
    checked = Packs().check(folder)
    assert checked.pack is None
    assert not [m for m in set(sys.modules) - before
                if str(getattr(sys.modules[m], "__file__", "")).endswith("tax.py")]
    messages = [d.message for ds in checked.problems.values() for d in ds]
    assert any(m.startswith("plugins: not run") for m in messages)
    assert "effect: unknown effect word 'tax'" in messages


def test_consent_given_with_allow_plugins_runs_them_and_is_said(tmp_path: Path, monkeypatch) -> None:
    """`wonders lsp --allow-plugins` consents as `validate --allow-plugins` does: the plug-in's
    word reads, and the consent recorded is told to the user (as validate prints it)."""
    monkeypatch.setenv("WONDERS_TRUST_FILE", str(tmp_path / "trust.json"))
    folder = (Path(__file__).resolve().parent.parent / "examples" / "plugin-tax").resolve()
    checked = Packs(allow_plugins=True).check(folder)
    assert checked.pack is not None and checked.problems == {}
    assert checked.trusted == [f"trusting the plug-ins of {folder} as they are now: tax.py, and 3 other file(s) (words: tax); "
                               "a change to them asks again"]
    # remembered: a server started without the flag now runs them too, and says nothing more
    again = Packs().check(folder)
    assert again.pack is not None and again.trusted == []

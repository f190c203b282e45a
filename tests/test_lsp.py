"""`wonders lsp` driven over stdio as an editor drives it (pygls's client speaking JSON-RPC with
Content-Length framing to the real command): a misspelt colour typed into the designer-ideas
pack gives one diagnostic on its exact columns with its quick fix, hover reads an effect in
English, completion after `vp 1 per ` offers the countable things, formatting rewrites card
text in its canonical form, and closing the document clears its diagnostics."""
from __future__ import annotations

import asyncio
import shutil
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls")
from lsprotocol import types as T  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402
from pygls.uris import from_fs_path  # noqa: E402

from dsl.parser import parse_cost, parse_effects  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PACK = ROOT / "examples" / "designer-ideas"
WAIT = 60.0  # seconds: a check loads the pack and base on a busy machine


class Editor:
    """A client that remembers the last diagnostics published for each file."""

    def __init__(self) -> None:
        self.client = LanguageClient("test-editor", "1")
        self.diagnostics: dict[str, list[T.Diagnostic]] = {}
        self.count: dict[str, int] = {}  # publications per file
        self.arrived = asyncio.Event()

        @self.client.feature(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: T.PublishDiagnosticsParams) -> None:
            self.diagnostics[params.uri] = list(params.diagnostics)
            self.count[params.uri] = self.count.get(params.uri, 0) + 1
            self.arrived.set()

    async def start(self, folder: Path) -> None:
        await self.client.start_io(sys.executable, "-c",
                                   "from interpreter.cli import console; console()", "lsp",
                                   cwd=str(ROOT))
        await self.client.initialize_async(T.InitializeParams(
            capabilities=T.ClientCapabilities(), root_uri=from_fs_path(str(folder))))
        self.client.initialized(T.InitializedParams())

    async def until(self, uri: str, test) -> list[T.Diagnostic]:
        """Wait for diagnostics of `uri` that pass `test`."""
        loop = asyncio.get_running_loop()
        end = loop.time() + WAIT
        while True:
            got = self.diagnostics.get(uri)
            if got is not None and test(got):
                return got
            self.arrived.clear()
            left = end - loop.time()
            assert left > 0, f"no such diagnostics for {uri}; last: {got}"
            try:
                await asyncio.wait_for(self.arrived.wait(), left)
            except asyncio.TimeoutError:
                pass

    async def stop(self) -> None:
        await self.client.shutdown_async(None)
        self.client.exit(None)
        await self.client.stop()


def _edit(uri: str, version: int, line: int, start: int, end: int, text: str) -> T.DidChangeTextDocumentParams:
    return T.DidChangeTextDocumentParams(
        text_document=T.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[T.TextDocumentContentChangePartial(
            range=T.Range(T.Position(line, start), T.Position(line, end)), text=text)])


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    folder = tmp_path / "designer-ideas"
    shutil.copytree(PACK, folder)
    return folder


def test_an_editor_session(pack: Path) -> None:
    asyncio.run(_session(pack))


async def _session(pack: Path) -> None:
    cards = pack / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    lines = text.splitlines()
    uri = from_fs_path(str(cards))
    editor = Editor()
    await editor.start(pack)
    try:
        client = editor.client
        client.text_document_did_open(T.DidOpenTextDocumentParams(
            T.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text)))
        # the pack as shipped is valid: an empty list arrives for the open file
        assert await editor.until(uri, lambda d: d == []) == []

        # type a misspelt colour over `red` in Watchtower's effect (line 9 of the file)
        row = next(i for i, s in enumerate(lines) if s.strip() == "effect: coins 1 when neighbors build red card")
        col = lines[row].index("red card")
        client.text_document_did_change(_edit(uri, 2, row, col, col + 3, "rde"))
        diags = await editor.until(uri, lambda d: len(d) > 0)
        assert len(diags) == 1
        d = diags[0]
        assert (d.range.start.line, d.range.start.character) == (row, col)
        assert (d.range.end.line, d.range.end.character) == (row, col + 3)
        assert "'rde'" in d.message and "did you mean 'red'?" in d.message
        assert 'card "Watchtower"' in d.message
        # its quick fix writes the colour meant, on the same range
        actions = await client.text_document_code_action_async(T.CodeActionParams(
            text_document=T.TextDocumentIdentifier(uri=uri), range=d.range,
            context=T.CodeActionContext(diagnostics=[d])))
        assert len(actions) == 1 and actions[0].kind == T.CodeActionKind.QuickFix
        (edit,) = actions[0].edit.changes[uri]
        assert edit.new_text == "red" and edit.range == d.range
        client.text_document_did_change(_edit(uri, 3, row, col, col + 3, "red"))
        assert await editor.until(uri, lambda d: d == []) == []

        # hover an effect: its canonical form and English reading
        almanac = next(i for i, s in enumerate(lines) if s.strip() == "effect: coins 2 when age starts")
        hover = await client.text_document_hover_async(T.HoverParams(
            text_document=T.TextDocumentIdentifier(uri=uri),
            position=T.Position(almanac, lines[almanac].index("when"))))
        assert hover is not None
        assert "coins 2 when age starts" in hover.contents.value
        assert "At the start of each age, take 2 coins." in hover.contents.value

        # completion after `vp 1 per `: Almanac's effect replaced by it
        start = lines[almanac].index("coins 2")
        client.text_document_did_change(_edit(uri, 4, almanac, start, len(lines[almanac]), "vp 1 per "))
        got = await client.text_document_completion_async(T.CompletionParams(
            text_document=T.TextDocumentIdentifier(uri=uri),
            position=T.Position(almanac, start + len("vp 1 per "))))
        labels = {i.label for i in got.items}
        assert {"card", "cards", "wonder", "defeat", "victory", "coin", "age", "science", "set"} <= labels
        assert {"brown", "grey", "blue", "yellow", "red", "green", "purple"} <= labels  # `COLOUR card`
        assert {"stone", "glass"} <= labels  # `RESOURCE produced`
        assert "shields" in labels  # `vp 1 per 2 shields`
        assert not labels & {"vp", "produce", "left", "when"}  # not countable here

        # format: the effect written loosely comes back canonical, nothing else changes
        client.text_document_did_change(_edit(uri, 5, almanac, start, len(lines[almanac]),
                                              "vp 2 ;coins 1  per brown card"))
        edits = await client.text_document_formatting_async(T.DocumentFormattingParams(
            text_document=T.TextDocumentIdentifier(uri=uri),
            options=T.FormattingOptions(tab_size=2, insert_spaces=True)))
        mine = [e for e in edits if e.range.start.line == almanac]
        assert len(mine) == 1
        assert mine[0].new_text == "vp 2; coins 1 per brown card in self"
        assert mine[0].range == T.Range(T.Position(almanac, start),
                                        T.Position(almanac, start + len("vp 2 ;coins 1  per brown card")))
        # the other edits rewrite texts the example writes loosely: each keeps its meaning
        held = text.splitlines()
        for e in edits:
            if e is mine[0]:
                continue
            assert e.range.start.line == e.range.end.line
            old = held[e.range.start.line][e.range.start.character:e.range.end.character]
            what = parse_cost if held[e.range.start.line].lstrip().startswith("cost") else parse_effects
            assert old != e.new_text and what(old) == what(e.new_text)

        # close: the file's diagnostics are cleared (the disk's text counts again)
        client.text_document_did_change(_edit(uri, 6, row, col, col + 3, "rde"))
        await editor.until(uri, lambda d: len(d) == 1)
        client.text_document_did_close(T.DidCloseTextDocumentParams(
            text_document=T.TextDocumentIdentifier(uri=uri)))
        assert await editor.until(uri, lambda d: d == []) == []
    finally:
        await editor.stop()


MANIFEST = "name: mine\nversion: 0.1.0\ndescription: a test pack\nextends: [base]\n"
CARDS = """cards:
  - name: Shrine
    age: 3
    color: blue
    players: [3, 5]
    cost: 2 stone
    chains_from: [Temple]
    effect: vp 4
"""


def test_definitions_hover_and_broken_buffers(tmp_path: Path) -> None:
    asyncio.run(_broken(tmp_path / "mine"))


async def _broken(folder: Path) -> None:
    folder.mkdir()
    (folder / "pack.yaml").write_text(MANIFEST, encoding="utf-8")
    (folder / "cards.yaml").write_text(CARDS, encoding="utf-8")
    cards, manifest = from_fs_path(str(folder / "cards.yaml")), from_fs_path(str(folder / "pack.yaml"))
    base = ROOT / "cards" / "base"
    editor = Editor()
    await editor.start(folder)
    client = editor.client
    doc = T.TextDocumentIdentifier

    async def hover(uri: str, line: int, char: int) -> str:
        got = await client.text_document_hover_async(T.HoverParams(doc(uri=uri), T.Position(line, char)))
        return got.contents.value if got else ""

    async def define(uri: str, line: int, char: int) -> list[T.Location]:
        return list(await client.text_document_definition_async(
            T.DefinitionParams(doc(uri=uri), T.Position(line, char))))

    try:
        client.text_document_did_open(T.DidOpenTextDocumentParams(
            T.TextDocumentItem(uri=cards, language_id="yaml", version=1, text=CARDS)))
        client.text_document_did_open(T.DidOpenTextDocumentParams(
            T.TextDocumentItem(uri=manifest, language_id="yaml", version=1, text=MANIFEST)))
        await editor.until(cards, lambda d: d == [])
        # a chain's card: its line of `wonders cards`, and where base writes it (age2.yaml:71)
        row = CARDS.splitlines().index("    chains_from: [Temple]")
        assert "Temple (age 2, blue, copies 3+, 6+; cost wood, clay, glass)" in await hover(cards, row, 19)
        (loc,) = await define(cards, row, 19)
        assert loc.uri == from_fs_path(str((base / "age2.yaml").resolve()))
        assert loc.range.start == T.Position(70, 4)
        # `extends: [base]` leads to base's manifest
        (loc,) = await define(manifest, 3, 11)
        assert loc.uri == from_fs_path(str((base / "pack.yaml").resolve()))

        # a pack that extends a missing pack: a diagnostic on the name, with its quick fix
        client.text_document_did_change(_edit(manifest, 2, 3, 10, 14, "basse"))
        (d,) = await editor.until(manifest, lambda d: len(d) == 1)
        assert (d.range.start.line, d.range.start.character, d.range.end.character) == (3, 10, 15)
        assert "no pack folder or shipped pack named 'basse'" in d.message and d.data == {"replace": "base"}
        client.text_document_did_change(_edit(manifest, 3, 3, 10, 15, "base"))
        await editor.until(manifest, lambda d: d == [])

        # broken YAML while typing: a located diagnostic; requests still answer
        effect = CARDS.splitlines().index("    effect: vp 4")
        client.text_document_did_change(_edit(cards, 2, effect, 12, 16, '"vp 4'))
        # (the cards' diagnostics while the manifest named 'basse', a chain from a card it no
        # longer found, may still be on their way: wait for the YAML one)
        (d,) = await editor.until(cards, lambda d: len(d) == 1 and d[0].code == "yaml")
        assert d.message.startswith("broken YAML")
        # ... read from the line being typed: hover reads it, completion goes on
        assert "4 victory points." in await hover(cards, effect, 14)
        client.text_document_did_change(_edit(cards, 3, effect, 12, 17, "vp 4; sci"))
        got = await client.text_document_completion_async(T.CompletionParams(doc(uri=cards), T.Position(effect, 21)))
        assert [i.label for i in got.items] == ["science"]
        client.text_document_did_change(_edit(cards, 4, effect, 12, 21, '"vp 4'))

        # text that is not text (a NUL byte): a diagnostic, no crash
        client.text_document_did_change(_edit(cards, 5, effect, 12, 17, "vp\x004"))
        (d,) = await editor.until(cards, lambda d: len(d) == 1 and "NUL" in d[0].message)
        assert d.range.start.line == 0
        # a huge buffer: refused by the limit, as a file on disk is
        from dsl.limits import LIMITS
        client.text_document_did_change(_edit(cards, 6, effect, 12, 17, "x" * (LIMITS.file_bytes + 1)))
        (d,) = await editor.until(cards, lambda d: len(d) == 1 and "bytes" in d[0].message)
        assert await hover(cards, effect, 14) == ""
        # and back to a valid pack
        client.text_document_did_change(_edit(cards, 7, effect, 12, 12 + LIMITS.file_bytes + 1, "vp 4"))
        await editor.until(cards, lambda d: d == [])
        assert "Shrine (age 3, blue" in await hover(cards, 1, 12)

        # a character the editor counts as two (UTF-16) before the mistake: columns in its units
        keep = '  - {name: "\U0001F3F0 Keep", age: 1, color: red, players: [3], effect: vp 1 per rde card}\n'
        client.text_document_did_change(T.DidChangeTextDocumentParams(
            text_document=T.VersionedTextDocumentIdentifier(uri=cards, version=8),
            content_changes=[T.TextDocumentContentChangeWholeDocument(text=CARDS + keep)]))
        (d,) = await editor.until(cards, lambda d: len(d) == 1)
        at = keep.index("rde") + 1  # the castle is one character, two UTF-16 units
        assert (d.range.start.line, d.range.start.character, d.range.end.character) == (8, at, at + 3)
        assert "'rde'" in d.message
        assert "unknown colour 'rde'" in await hover(cards, 8, keep.index("vp 1") + 1)
    finally:
        await editor.stop()


def test_without_pygls_the_command_says_how_to_install_it(monkeypatch, capsys) -> None:
    from interpreter.cli import main
    monkeypatch.setitem(sys.modules, "pygls", None)
    assert main(["lsp"]) == 1
    err = capsys.readouterr().err
    assert "pip install 'wonders-dsl[lsp]'" in err and "pip install -e '.[lsp]'" in err


def test_a_burst_of_typing_is_checked_once(tmp_path: Path) -> None:
    asyncio.run(_burst(tmp_path / "mine"))


async def _burst(folder: Path) -> None:
    """Sixteen changes typed in quick succession: one check, of the text as it ends up."""
    folder.mkdir()
    (folder / "pack.yaml").write_text(MANIFEST, encoding="utf-8")
    (folder / "cards.yaml").write_text(CARDS, encoding="utf-8")
    cards = from_fs_path(str(folder / "cards.yaml"))
    effect = CARDS.splitlines().index("    effect: vp 4")
    editor = Editor()
    await editor.start(folder)
    try:
        editor.client.text_document_did_open(T.DidOpenTextDocumentParams(
            T.TextDocumentItem(uri=cards, language_id="yaml", version=1, text=CARDS)))
        await editor.until(cards, lambda d: d == [])
        before = editor.count[cards]
        typed = "vp 4"
        for n, word in enumerate("; science gearxz"):  # one letter at a time
            at = len("    effect: ") + len(typed)
            editor.client.text_document_did_change(_edit(cards, 2 + n, effect, at, at, word))
            typed += word
        await editor.until(cards, lambda d: len(d) == 1)
        await asyncio.sleep(2.0)  # time for any further check to arrive
        assert editor.count[cards] == before + 1
        (d,) = editor.diagnostics[cards]
        assert "'gearxz'" in d.message
    finally:
        await editor.stop()

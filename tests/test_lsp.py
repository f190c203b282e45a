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
        self.arrived = asyncio.Event()

        @self.client.feature(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: T.PublishDiagnosticsParams) -> None:
            self.diagnostics[params.uri] = list(params.diagnostics)
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
        assert not labels & {"vp", "produce", "left", "when", "shields"}  # not countable here

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

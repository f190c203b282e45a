"""The protocol side of `wonders lsp`: pygls handlers that hand each request to the module
doing its job (packs, locate, explain, complete, define, fmt) and turn the answers into
protocol types.

Diagnostics are the loader's own (dsl/loader.py), computed on a worker thread a moment after
the last change (debounced), for every file of the pack at once: a mistake in cards.yaml that
breaks a chain named in wonders.yaml shows in both. Requests read the last parsed buffer and
the last pack that loaded, so they answer at once whatever state the text is in."""
from __future__ import annotations

import asyncio
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from lsprotocol import types as T
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from dsl.diagnostics import Diagnostic
from dsl.limits import LIMITS
from dsl.safeio import ReadProblem, read_bounded
from dsl.yamlsource import YamlDoc

from .complete import completions
from .define import definition
from .explain import hover_text
from .fmt import format_edits
from .locate import locate, parse_doc
from .packs import Checked, Packs

DELAY = 0.3  # seconds of quiet after a change before the pack is checked again
_MEANT = re.compile(r"did you mean '([^']+)'\?")


class PackServer(LanguageServer):
    """A language server holding the open packs and the last parse of each open buffer."""

    def __init__(self, allow_plugins: bool = False, delay: float = DELAY) -> None:
        super().__init__("wonders", "0.1.0", text_document_sync_kind=T.TextDocumentSyncKind.Incremental)
        self.packs = Packs(allow_plugins)
        self.delay = delay
        self.docs: dict[str, tuple[Any, YamlDoc | None]] = {}  # uri -> (version and text, parse)
        self.timers: dict[Path, asyncio.TimerHandle] = {}
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wonders-check")
        self.generation: dict[Path, int] = {}

    # -- documents --------------------------------------------------------------------
    def path_of(self, uri: str) -> Path | None:
        path = to_fs_path(uri) if uri.startswith("file:") else None
        return Path(path) if path else None

    def held(self, uri: str) -> str:
        return self.workspace.get_text_document(uri).source

    def parsed(self, uri: str) -> tuple[str, YamlDoc | None]:
        """The buffer's text and its YAML parse, parsed once per version (None when it is not
        YAML, is binary or is past the size limit)."""
        doc = self.workspace.get_text_document(uri)
        text = doc.source
        key = (doc.version, len(text), hash(text))
        cached = self.docs.get(uri)
        if cached is not None and cached[0] == key:
            return text, cached[1]
        ok = len(text) <= LIMITS.file_bytes and "\0" not in text
        parse = parse_doc(text, str(self.path_of(uri) or uri)) if ok else None
        self.docs[uri] = (key, parse)
        return text, parse

    def changed(self, uri: str) -> None:
        path = self.path_of(uri)
        if path is None:
            return
        self.packs.open(path, self.held(uri))
        folder = self.packs.folder_of(path)
        if folder is not None:
            self.schedule(folder)

    def where(self, uri: str, position: T.Position) -> tuple[Any, Path] | None:
        """The spot under the cursor and the pack folder of the file (None outside a pack)."""
        path = self.path_of(uri)
        folder = self.packs.folder_of(path) if path else None
        if folder is None:
            return None
        text, doc = self.parsed(uri)
        if len(text) > LIMITS.file_bytes or "\0" in text:
            return None
        line, character = self.from_client(text.splitlines(), position)
        spot = locate(doc, text, line, character)
        return (spot, folder) if spot is not None else None

    # -- positions: the client counts in UTF-16 units (by default), Python in characters --
    def from_client(self, lines: list[str], position: T.Position) -> tuple[int, int]:
        if not 0 <= position.line < len(lines) or lines[position.line].isascii():
            return position.line, position.character
        got = self.workspace.position_codec.position_from_client_units(
            lines, T.Position(position.line, position.character))
        return got.line, got.character

    def to_client(self, lines: list[str], line: int, character: int) -> T.Position:
        if not 0 <= line < len(lines) or lines[line].isascii():
            return T.Position(line, character)
        return self.workspace.position_codec.position_to_client_units(lines, T.Position(line, character))

    def lines_of(self, path: Path) -> list[str]:
        """A file's lines as the editor holds it, else as on disk (for positions only)."""
        text = self.packs.text(path)
        if text is None:
            try:
                text = read_bounded(path, None, LIMITS.file_bytes)
            except (OSError, ReadProblem):
                text = ""
        return text.splitlines()

    def span(self, lines: list[str], line: int, start: int, end: int) -> T.Range:
        return T.Range(self.to_client(lines, line, start), self.to_client(lines, line, end))

    # -- diagnostics ------------------------------------------------------------------
    def schedule(self, folder: Path, delay: float | None = None) -> None:
        loop = asyncio.get_running_loop()
        old = self.timers.pop(folder, None)
        if old is not None:
            old.cancel()
        self.generation[folder] = self.generation.get(folder, 0) + 1
        self.timers[folder] = loop.call_later(self.delay if delay is None else delay,
                                              lambda: asyncio.ensure_future(self.check(folder)))

    async def check(self, folder: Path) -> None:
        self.timers.pop(folder, None)
        generation = self.generation.get(folder, 0)
        loop = asyncio.get_running_loop()
        texts = dict(self.packs.texts)  # the editor's texts as they are now, for the worker
        checked = await loop.run_in_executor(self.worker, self.packs.check, folder, texts)
        if self.generation.get(folder, 0) != generation:
            return  # typed again meanwhile: the next check publishes
        self.publish(checked)

    def publish(self, checked: Checked) -> None:
        """Every file with problems gets them; the pack's open files and the files the last
        check reported on get an empty list when they have none now."""
        for note in checked.trusted:  # what --allow-plugins consented to, as validate says it
            self.window_show_message(T.ShowMessageParams(type=T.MessageType.Info, message=note))
        quiet = self.packs.files_to_clear(checked) | set(self.packs.open_in(checked.folder))
        for path in quiet - set(checked.problems):
            self.text_document_publish_diagnostics(
                T.PublishDiagnosticsParams(uri=from_fs_path(str(path)) or "", diagnostics=[]))
        for path, diags in checked.problems.items():
            uri = from_fs_path(str(path)) or ""
            lines = self.lines_of(path)
            self.text_document_publish_diagnostics(
                T.PublishDiagnosticsParams(uri=uri, diagnostics=[self.to_lsp(d, lines) for d in diags]))

    def to_lsp(self, d: Diagnostic, lines: list[str]) -> T.Diagnostic:
        """A located problem of the loader on the exact range it names (line 0: the whole
        file's problem, shown on its first line); its 'did you mean' kept for the quick fix."""
        line, col = max(0, d.line - 1), max(0, d.column - 1)
        end = col + max(1, d.length) if d.line else col
        message = f"{d.subject}: {d.message}" if d.subject else d.message
        meant = _MEANT.search(d.message)
        return T.Diagnostic(range=self.span(lines, line, col, end), message=message,
                            severity=T.DiagnosticSeverity.Error, source="wonders", code=d.kind,
                            data={"replace": meant.group(1)} if meant else None)


def quick_fixes(uri: str, diagnostics: list[T.Diagnostic]) -> list[T.CodeAction]:
    out = []
    for d in diagnostics:
        data: Any = d.data
        meant = data.get("replace") if isinstance(data, dict) else None
        if not meant:
            continue
        out.append(T.CodeAction(
            title=f"Change to '{meant}'", kind=T.CodeActionKind.QuickFix, diagnostics=[d],
            is_preferred=True,
            edit=T.WorkspaceEdit(changes={uri: [T.TextEdit(range=d.range, new_text=meant)]})))
    return out


_KINDS = {"effect word": T.CompletionItemKind.Function, "keyword": T.CompletionItemKind.Keyword}


def build(allow_plugins: bool = False, delay: float = DELAY) -> PackServer:
    server = PackServer(allow_plugins, delay)

    @server.feature(T.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: PackServer, params: T.DidOpenTextDocumentParams) -> None:
        path = ls.path_of(params.text_document.uri)
        ls.changed(params.text_document.uri)
        folder = ls.packs.folder_of(path) if path else None
        if folder is not None:
            ls.schedule(folder, 0)

    @server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: PackServer, params: T.DidChangeTextDocumentParams) -> None:
        ls.changed(params.text_document.uri)

    @server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: PackServer, params: T.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        ls.docs.pop(uri, None)
        path = ls.path_of(uri)
        if path is None:
            return
        ls.packs.close(path)  # the disk's text counts again
        ls.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
        folder = ls.packs.folder_of(path)
        if folder is not None:
            ls.schedule(folder, 0)

    @server.feature(T.TEXT_DOCUMENT_HOVER)
    def hover(ls: PackServer, params: T.HoverParams) -> T.Hover | None:
        found = ls.where(params.text_document.uri, params.position)
        if found is None:
            return None
        spot, folder = found
        pack = ls.packs.pack(folder)
        text = hover_text(spot, ls.packs.vocab(folder), pack)
        if not text:
            return None
        return T.Hover(contents=T.MarkupContent(kind=T.MarkupKind.Markdown, value=text))

    @server.feature(T.TEXT_DOCUMENT_COMPLETION,
                    T.CompletionOptions(trigger_characters=[" ", "/", ","]))
    def complete(ls: PackServer, params: T.CompletionParams) -> T.CompletionList:
        found = ls.where(params.text_document.uri, params.position)
        if found is None:
            return T.CompletionList(is_incomplete=False, items=[])
        spot, folder = found
        items = completions(spot, ls.packs.vocab(folder), ls.packs.pack(folder))
        return T.CompletionList(is_incomplete=False, items=[
            T.CompletionItem(label=i.label, detail=i.detail, sort_text=f"{n:04d}",
                             kind=_KINDS.get(i.detail, T.CompletionItemKind.Value))
            for n, i in enumerate(items)])

    @server.feature(T.TEXT_DOCUMENT_DEFINITION)
    def define(ls: PackServer, params: T.DefinitionParams) -> list[T.Location]:
        found = ls.where(params.text_document.uri, params.position)
        if found is None:
            return []
        spot, folder = found
        places = definition(spot, folder, ls.packs.pack(folder), ls.packs)
        return [T.Location(uri=from_fs_path(str(p.file)) or "",
                           range=ls.span(ls.lines_of(p.file), p.line, p.character, p.character))
                for p in places]

    @server.feature(T.TEXT_DOCUMENT_FORMATTING)
    def formatting(ls: PackServer, params: T.DocumentFormattingParams) -> list[T.TextEdit]:
        uri = params.text_document.uri
        path = ls.path_of(uri)
        text, doc = ls.parsed(uri)
        if doc is None or path is None:
            return []
        vocab = ls.packs.vocab(ls.packs.folder_of(path))
        lines = text.splitlines()
        return [T.TextEdit(range=ls.span(lines, e.line, e.start, e.end), new_text=e.text)
                for e in format_edits(doc, vocab)]

    @server.feature(T.TEXT_DOCUMENT_CODE_ACTION,
                    T.CodeActionOptions(code_action_kinds=[T.CodeActionKind.QuickFix]))
    def code_action(ls: PackServer, params: T.CodeActionParams) -> list[T.CodeAction]:
        return quick_fixes(params.text_document.uri, list(params.context.diagnostics))

    return server


def serve(allow_plugins: bool = False) -> None:
    """Answer an editor on stdin/stdout. Anything else printing (a plug-in, an imported module) goes to
    stderr, so it can never corrupt the protocol's stream."""
    out = sys.stdout.buffer
    sys.stdout = sys.stderr
    build(allow_plugins).start_io(sys.stdin.buffer, out)

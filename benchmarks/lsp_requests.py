"""How long `wonders lsp` takes to answer each kind of request on a generated 100-card pack
(extending base), driven over stdio as an editor drives it (pygls's client, JSON-RPC with
Content-Length framing). A benchmark, not a test: run it by hand.

    python benchmarks/lsp_requests.py [--rounds 30]

For each kind (hover on an effect, hover on a chain's card, completion after `vp 1 per `,
go to definition, formatting of the whole file, a quick fix) it prints the median and the
worst round-trip in milliseconds; then how long a check of the whole pack takes (the
diagnostics after a change: a full load of the pack and of base, on the server's worker
thread, debounced) from the change to the diagnostics arriving, less the debounce delay.
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types as T
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter.lsp.server import DELAY  # noqa: E402

EFFECTS = ["vp {n}", "coins {n}", "shields {s}", "vp 1 per brown card in neighbors",
           "coins 1 per yellow card; vp 1 per yellow card", "produce wood/stone",
           "discount 1 resource on red cards", "coins 2 when neighbors build red card",
           "science gear", "vp 1 per 2 coins"]
COSTS = ["free", "1 coin", "2 stone", "wood, ore", "2 clay, glass"]


def write_pack(folder: Path, n: int = 100) -> tuple[str, list[str]]:
    """A pack of `n` cards over base (valid): each age a third, some age III cards chained."""
    (folder / "pack.yaml").write_text("name: bench\nversion: 0.1.0\ndescription: a benchmark pack\n"
                                      "extends: [base]\n", encoding="utf-8")
    lines = ["cards:"]
    for i in range(n):
        lines += [f"  - name: Bench Card {i}", f"    age: {1 + i % 3}",
                  f"    color: {['blue', 'yellow', 'red', 'green'][i % 4]}", "    players: [3, 5]",
                  f"    cost: {COSTS[i % len(COSTS)]}",
                  f"    effect: {EFFECTS[i % len(EFFECTS)].format(n=1 + i % 5, s=1 + i % 2)}"]
        if i % 3 == 2 and i % 10 < 3:  # an age III card chained from base's Temple
            lines.append("    chains_from: [Temple]")
    text = "\n".join(lines) + "\n"
    (folder / "cards.yaml").write_text(text, encoding="utf-8")
    return text, lines


async def run(rounds: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "bench"
        folder.mkdir()
        text, lines = write_pack(folder)
        uri = from_fs_path(str(folder / "cards.yaml"))
        client = LanguageClient("bench", "1")
        arrived: list[float] = []
        got_diags = asyncio.Event()

        @client.feature(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: T.PublishDiagnosticsParams) -> None:
            if params.uri == uri:
                arrived.append(time.perf_counter())
                got_diags.set()

        await client.start_io(sys.executable, "-c", "from interpreter.cli import console; console()",
                              "lsp", cwd=str(ROOT))
        await client.initialize_async(T.InitializeParams(capabilities=T.ClientCapabilities()))
        client.initialized(T.InitializedParams())
        client.text_document_did_open(T.DidOpenTextDocumentParams(
            T.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text)))
        await asyncio.wait_for(got_diags.wait(), 120)
        doc = T.TextDocumentIdentifier(uri=uri)
        effect = next(i for i, s in enumerate(lines) if s.startswith("    effect: vp 1 per brown")) - 0
        chain = next(i for i, s in enumerate(lines) if "chains_from" in s)
        per_line = next(i for i, s in enumerate(lines) if s == "    effect: vp 1 per 2 coins")
        bad = T.Diagnostic(range=T.Range(T.Position(effect, 29), T.Position(effect, 34)),
                           message="unknown colour 'brwn'; did you mean 'brown'?", data={"replace": "brown"})
        kinds = {
            "hover (effect)": lambda: client.text_document_hover_async(
                T.HoverParams(doc, T.Position(effect, 16))),
            "hover (chain's card)": lambda: client.text_document_hover_async(
                T.HoverParams(doc, T.Position(chain, 19))),
            "completion (vp 1 per )": lambda: client.text_document_completion_async(
                T.CompletionParams(doc, T.Position(per_line, len("    effect: vp 1 per ")))),
            "definition (chain)": lambda: client.text_document_definition_async(
                T.DefinitionParams(doc, T.Position(chain, 19))),
            "formatting (whole file)": lambda: client.text_document_formatting_async(
                T.DocumentFormattingParams(doc, T.FormattingOptions(tab_size=2, insert_spaces=True))),
            "code action (quick fix)": lambda: client.text_document_code_action_async(
                T.CodeActionParams(doc, bad.range, T.CodeActionContext(diagnostics=[bad]))),
        }
        print(f"{len(lines)} lines, 100 cards over base; {rounds} rounds of each request")
        for name, ask in kinds.items():
            times = []
            for _ in range(rounds):
                t = time.perf_counter()
                await ask()
                times.append((time.perf_counter() - t) * 1000)
            print(f"  {name:26s} median {statistics.median(times):6.1f} ms   worst {max(times):6.1f} ms")
        checks = []
        for k in range(5):
            got_diags.clear()
            line = lines[effect].replace("brown", "brwn" if k % 2 == 0 else "brown")
            t = time.perf_counter()
            client.text_document_did_change(T.DidChangeTextDocumentParams(
                T.VersionedTextDocumentIdentifier(uri=uri, version=2 + k),
                [T.TextDocumentContentChangePartial(range=T.Range(T.Position(effect, 0),
                                                                  T.Position(effect, len(lines[effect]))),
                                                    text=line)]))
            await asyncio.wait_for(got_diags.wait(), 120)
            checks.append((arrived[-1] - t - DELAY) * 1000)
        print(f"  {'check (diagnostics)':26s} median {statistics.median(checks):6.1f} ms   worst "
              f"{max(checks):6.1f} ms   (after the {DELAY * 1000:.0f} ms debounce)")
        await client.shutdown_async(None)
        client.exit(None)
        await client.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    asyncio.run(run(parser.parse_args().rounds))


if __name__ == "__main__":
    main()

"""The layers of docs/architecture.md hold: imports run down only, no module imports itself
round a circle, no card or expansion name in the engine, and no module grows past its size
without a reason. The layer list is read from the document, so the two cannot drift."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
SIZE_LIMIT = 400


def declared_layers() -> list[str]:
    """The ```layers block, top first."""
    block = re.search(r"```layers\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block, "docs/architecture.md has no ```layers block"
    return [line.split()[0] for line in block.group(1).splitlines() if line.strip()]


def modules() -> dict[str, Path]:
    out = {}
    for top in ("interpreter", "dsl", "cards"):
        for path in (ROOT / top).rglob("*.py"):
            mod = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            out[mod.removesuffix(".__init__")] = path
    return out


def imports(mod: str, path: Path, known: dict[str, Path]) -> list[tuple[str, int]]:
    """Every module of ours that `mod` imports, wherever the import stands (inside functions
    and under TYPE_CHECKING too), with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            names = [f"{base}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != mod:
                out.append((name, node.lineno))
    return out


def layer_of(mod: str, layers: list[str]) -> int | None:
    """Index in `layers` (0 = top) of the longest layer name `mod` falls under."""
    best = None
    for i, layer in enumerate(layers):
        if (mod == layer or mod.startswith(layer + ".")) and (best is None or len(layer) > len(layers[best])):
            best = i
    return best


GRAPH_CACHE: dict[str, list[tuple[str, int]]] = {}


def graph() -> dict[str, list[tuple[str, int]]]:
    if not GRAPH_CACHE:
        known = modules()
        GRAPH_CACHE.update({m: imports(m, p, known) for m, p in known.items()})
    return GRAPH_CACHE


def test_every_module_is_in_a_layer() -> None:
    layers = declared_layers()
    loose = [m for m in modules() if layer_of(m, layers) is None and m != "interpreter"]
    assert not loose, f"modules outside every layer of docs/architecture.md: {loose}"


def test_imports_run_down_only() -> None:
    layers = declared_layers()
    up = []
    for mod, deps in graph().items():
        mine = layer_of(mod, layers)
        for dep, line in deps:
            theirs = layer_of(dep, layers)
            if mine is not None and theirs is not None and theirs < mine:
                up.append(f"{mod}:{line} imports {dep} ({layers[theirs]} is above {layers[mine]})")
    assert not up, "imports up a layer:\n" + "\n".join(up)


def circles(g: dict[str, list[tuple[str, int]]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), a package and its own
    submodules excepted (a package face re-exporting its modules is not a circle)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w, _ in g.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in list(g):
        if v not in index:
            visit(v)
    return [c for c in found if not all(x.startswith(min(c, key=len)) for x in c)]


def test_no_import_circle() -> None:
    assert circles(graph()) == []


def test_the_circle_finder_finds_one() -> None:
    fake = {"a.x": [("a.y", 1)], "a.y": [("b.z", 1)], "b.z": [("a.x", 1)], "c": [("a.x", 1)]}
    assert circles(fake) == [["a.x", "a.y", "b.z"]]


def test_layer_of_takes_the_longest_name() -> None:
    layers = ["interpreter.cli", "interpreter.game", "interpreter", "dsl"]
    assert layer_of("interpreter.game.turn", layers) == 1
    assert layer_of("interpreter.cli", layers) == 0
    assert layer_of("dsl.parser", layers) == 3
    assert layer_of("other", layers) is None


def test_an_upward_import_would_be_caught(tmp_path: Path) -> None:
    """The walk sees an import inside a function and under TYPE_CHECKING, relative or not."""
    src = tmp_path / "mod.py"
    src.write_text("from typing import TYPE_CHECKING\n"
                   "if TYPE_CHECKING:\n    from ..players.game import Game\n"
                   "def f():\n    from interpreter.cli import console\n")
    known = {"interpreter.players.game": src, "interpreter.cli": src, "interpreter.game.mod": src}
    got = {m for m, _ in imports("interpreter.game.mod", src, known)}
    assert got == {"interpreter.players.game", "interpreter.cli"}


def test_no_card_or_expansion_name_in_the_engine() -> None:
    """What a card does lives in the packs: the engine names none of them (comments aside)."""
    names = re.compile(r"[\"'](Imhotep|Bilkis|Xenophon|Hatshepsut|Roma|Petra|Byzantium|Olympia|Babylon|"
                       r"Halikarnassus|Rhodos|Gizah|Ephesos|Alexandria|Leaders|Cities|Free City)[\"']")
    hits = []
    for top in ("interpreter", "dsl"):
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix not in (".py", ".lark"):
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                code = line.split("#")[0] if path.suffix == ".py" else line.split("//")[0]
                if names.search(code):
                    hits.append(f"{path.relative_to(ROOT)}:{n}")
    assert not hits


def long_modules() -> dict[str, int]:
    out = {}
    for top in ("interpreter", "dsl"):
        for path in (ROOT / top).rglob("*.py"):
            n = len(path.read_text(encoding="utf-8").splitlines())
            if n > SIZE_LIMIT:
                out[str(path.relative_to(ROOT))] = n
    return out


def test_long_modules_say_why() -> None:
    """A module over the limit is listed in the document and says why in its docstring."""
    text = DOC.read_text(encoding="utf-8")
    sizes = text[text.index("## Sizes"):]
    listed = set(re.findall(r"^- `([^`]+\.py)`", sizes, re.M))
    long = long_modules()
    assert set(long) == listed, f"over {SIZE_LIMIT} lines: {long}; listed: {sorted(listed)}"
    for path in long:
        doc = ast.get_docstring(ast.parse((ROOT / path).read_text(encoding="utf-8"))) or ""
        assert "over 400 lines for a reason" in doc, path


def test_every_file_the_rule_table_names_exists() -> None:
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("## Where each rule lives"):text.index("## Sizes")]
    paths = set(re.findall(r"`((?:interpreter|dsl)/[a-z_/<>]+\.py)`", table))
    assert paths
    missing = [p for p in paths if "<" not in p and not (ROOT / p).exists()]
    assert not missing

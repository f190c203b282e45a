"""Read YAML keeping where every value and key stands, so errors point into the file.

PyYAML's composed nodes carry start marks; we construct the plain data with the
safe constructor and record, per path, the key's and the value's positions plus the
scalar style, which tells how a column inside an effect string maps to the file.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from .limits import LIMITS

Path_ = tuple[Any, ...]


@dataclass(frozen=True)
class Span:
    line: int  # 1-based
    column: int  # 1-based
    end_line: int
    end_column: int
    style: str | None = None  # None (plain), "'", '"', "|", ">"


@dataclass
class YamlDoc:
    file: str
    text: str
    data: Any
    values: dict[Path_, Span] = field(default_factory=dict)
    keys: dict[Path_, Span] = field(default_factory=dict)
    duplicates: list[tuple[Path_, Span]] = field(default_factory=list)

    @property
    def lines(self) -> list[str]:
        return self.text.splitlines()

    def where(self, path: Path_) -> tuple[int, int]:
        """Position of the value at `path`, or of its nearest recorded parent."""
        p = tuple(path)
        while p not in self.values and p:
            p = p[:-1]
        s = self.values.get(p)
        return (s.line, s.column) if s else (1, 1)

    def width(self, path: Path_) -> int:
        """How many columns the value at `path` takes when it sits on one line, else 1."""
        s = self.values.get(tuple(path))
        if s is None or s.end_line != s.line or s.end_column <= s.column:
            return 1
        return s.end_column - s.column

    def key_where(self, path: Path_) -> tuple[int, int]:
        s = self.keys.get(tuple(path))
        return (s.line, s.column) if s else self.where(path)

    def inner(self, path: Path_, line: int, column: int, token: str = "") -> tuple[int, int]:
        """Map a 1-based position inside the string at `path` to a position in the file."""
        span = self.values.get(tuple(path))
        if span is None:
            return self.where(path)
        lines = self.lines
        if span.style in ("|", ">"):
            first = span.line + 1  # block content starts on the next line
            body = lines[first - 1] if first - 1 < len(lines) else ""
            indent = len(body) - len(body.lstrip(" "))
            guess = (first + line - 1, indent + column)
        else:
            quote = 1 if span.style in ("'", '"') else 0
            guess = (span.line + line - 1, (span.column + quote + column - 1) if line == 1 else column)
        if token:
            gl, gc = guess
            if 0 < gl <= len(lines) and lines[gl - 1][gc - 1:gc - 1 + len(token)] == token:
                return guess
            for ln in range(span.line, min(span.end_line, len(lines)) + 1):
                start = span.column - 1 if ln == span.line else 0
                idx = lines[ln - 1].find(token, start)
                if idx >= 0:
                    return ln, idx + 1
        return guess


def _span(node: yaml.Node) -> Span:
    s, e = node.start_mark, node.end_mark
    style = getattr(node, "style", None) if isinstance(node, yaml.ScalarNode) else None
    return Span(s.line + 1, s.column + 1, e.line + 1, e.column + 1, style or None)


def _walk(doc: YamlDoc, node: yaml.Node, path: Path_) -> None:
    doc.values[path] = _span(node)
    if isinstance(node, yaml.MappingNode):
        seen: dict[Any, bool] = {}
        for k, v in node.value:
            key = k.value if isinstance(k, yaml.ScalarNode) else str(k.value)
            if key in seen:
                doc.duplicates.append((path + (key,), _span(k)))
            seen[key] = True
            doc.keys[path + (key,)] = _span(k)
            _walk(doc, v, path + (key,))
    elif isinstance(node, yaml.SequenceNode):
        for i, v in enumerate(node.value):
            _walk(doc, v, path + (i,))


class _Loader(yaml.SafeLoader):
    """Safe loader whose mapping keys stay strings ("3" and 3 alike), as JSON Schema expects."""


class _FastLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """libyaml when present: the same nodes and marks, several times faster."""


class LimitError(yaml.YAMLError):
    """A file past one of the limits (dsl/limits.py), located like a YAML error."""

    def __init__(self, problem: str, line: int, column: int):
        super().__init__(problem)
        self.problem = problem
        self.context = None
        self.problem_mark = yaml.Mark("", 0, line, column, None, None)  # 0-based, as PyYAML's


_SPECIAL = re.compile(r"[\[\]{}\n]")
_BLOCK_INDENT = re.compile(r"^( *)((?:[-?:][ \t]+)*)", re.MULTILINE)


def prescan(text: str, limit: int = LIMITS.scan_depth) -> None:
    """Refuse text nested too deeply before any YAML parser sees it (libyaml recurses per
    level and crashes on some 30,000 nested brackets): open brackets, and indentation plus
    block indicators (`- - - x`), are counted; the count is an upper bound of the depth."""
    depth, line, line_start = 0, 0, 0
    for m in _SPECIAL.finditer(text):
        c = m.group()
        if c == "\n":
            line += 1
            line_start = m.end()
        elif c in "[{":
            depth += 1
            if depth > limit:
                raise LimitError(f"nested more than {limit} brackets deep", line, m.start() - line_start)
        elif depth:
            depth -= 1
    for m in _BLOCK_INDENT.finditer(text):
        levels = len(m.group(1)) + m.group(2).count(" ") + m.group(2).count("\t")
        if levels > limit:
            line = text.count("\n", 0, m.start())
            raise LimitError(f"indented or nested more than {limit} levels deep", line, 0)


def check_nodes(root: yaml.Node, max_depth: int = LIMITS.yaml_depth,
                max_nodes: int = LIMITS.yaml_nodes, digits: int = LIMITS.number_digits) -> None:
    """Bound the document before it is built: nesting depth (which also stops recursive
    aliases), the number of values with aliases expanded (the "billion laughs"), and the
    size of numbers (Python refuses to convert integers of more than 4,300 digits)."""
    count = 0
    stack: list[tuple[yaml.Node, int]] = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        count += 1
        mark = node.start_mark
        if count > max_nodes:
            raise LimitError(f"more than {max_nodes} values (aliases counted once per use)",
                             mark.line, mark.column)
        if depth > max_depth:
            raise LimitError(f"nested more than {max_depth} levels deep (or a recursive alias)",
                             mark.line, mark.column)
        if isinstance(node, yaml.ScalarNode):
            if node.tag in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float") and \
                    sum(ch.isdigit() for ch in node.value) > digits:
                raise LimitError(f"number with more than {digits} digits", mark.line, mark.column)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((v, depth + 1) for v in node.value)
        elif isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                stack.append((k, depth + 1))
                stack.append((v, depth + 1))


def load_yaml(text: str, file: str) -> YamlDoc:
    """Parse YAML text; raises yaml.YAMLError (with problem_mark) when it is malformed or
    past a limit (LimitError).

    Valid files go through libyaml; a broken one is parsed again by the pure-Python
    parser, whose messages are the ones our diagnostics (and their tests) are written for."""
    prescan(text)
    try:
        return _load(text, file, _FastLoader)
    except LimitError:
        raise
    except yaml.YAMLError:
        return _load(text, file, _Loader)


def _load(text: str, file: str, loader_class: type) -> YamlDoc:
    loader = loader_class(text)
    try:
        try:
            node = loader.get_single_node()
        except RecursionError:
            raise LimitError("nested too deeply", 0, 0) from None
        if node is not None:
            check_nodes(node)
        data = loader.construct_document(node) if node is not None else None
    finally:
        loader.dispose()
    doc = YamlDoc(file=file, text=text, data=data)
    if node is not None:
        _walk(doc, node, ())
    return doc

"""Located, readable problems in a pack: `file:line:col: card "X": message` + source + caret."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .safeio import ReadProblem, printable, read_bounded


@dataclass(frozen=True)
class Diagnostic:
    file: str
    line: int
    column: int
    message: str
    subject: str = ""  # e.g. 'card "Stone Circle"' or 'wonder "Atlas" side A stage 2'
    length: int = 1
    kind: str = "error"  # a short stable code, e.g. "yaml", "schema", "syntax", "name", "chain"

    def header(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        subject = f" {self.subject}:" if self.subject else ""
        return printable(f"{where}:{subject} {self.message}")

    def render(self, source_lines: list[str] | None = None) -> str:
        """The header, then (when the file can be read) the source line and a caret."""
        out = self.header()
        if source_lines is None and self.line:
            source_lines = _read_lines(self.file)
        if source_lines and 0 < self.line <= len(source_lines):
            src = source_lines[self.line - 1].rstrip("\n")
            column, length = self.column, max(1, self.length)
            if len(src) > _WIDTH:  # a window of the long line around the column
                start = max(0, column - 1 - _WIDTH // 2)
                src = ("..." if start else "") + src[start:start + _WIDTH] + "..."
                column -= start - (3 if start else 0)
                length = min(length, _WIDTH // 2)
            src = printable(src)
            caret = " " * max(0, column - 1) + "^" * length
            out += f"\n    {src}\n    {caret}"
        return out

    def as_dict(self) -> dict[str, object]:
        return {"file": self.file, "line": self.line, "column": self.column,
                "subject": self.subject, "message": self.message, "kind": self.kind}


_LINES: dict[tuple[str, int, int], list[str]] = {}
_WIDTH = 160  # of a source line shown under a header


def _read_lines(path: str) -> list[str]:
    """The file's lines (for the source line under a header): only a regular file, bounded,
    read once however many problems it has."""
    try:
        st = Path(path).stat()
        key = (path, st.st_mtime_ns, st.st_size)
        if key not in _LINES:
            if len(_LINES) > 64:
                _LINES.clear()
            _LINES[key] = read_bounded(Path(path)).splitlines()
        return _LINES[key]
    except (OSError, ReadProblem):
        return []


class PackError(Exception):
    """A pack could not be loaded; `diagnostics` lists every problem found."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = sorted(diagnostics, key=lambda d: (d.file, d.line, d.column, d.message))
        super().__init__(f"{len(self.diagnostics)} problem(s) in pack")

    def render(self) -> str:
        return "\n".join(d.render() for d in self.diagnostics)

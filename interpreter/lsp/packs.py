"""The packs an editor has open: which pack a file belongs to, the editor's texts laid over
the disk (dsl/loader.py's overlay), and each check's located problems by file.

A pack that does not load still has a vocabulary to complete with: the last one that loaded
in this session, else the pack as saved on disk, else the base game's words."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from dsl.diagnostics import Diagnostic, PackError
from dsl.loader import MANIFEST, load_pack
from dsl.model import Pack
from dsl.packref import resolve_extends
from dsl.safeio import read_bounded
from dsl.vocab import BASE_VOCABULARY, Vocabulary
from dsl.yamlsource import load_yaml


@dataclass
class Checked:
    """One check of a pack folder: the pack when it loaded, and every problem by file."""

    folder: Path
    pack: Pack | None
    problems: dict[Path, list[Diagnostic]] = field(default_factory=dict)
    trusted: list[str] = field(default_factory=list)  # consent to plug-ins this check recorded


def resolved(path: str | Path) -> Path:
    """A diagnostic's file (shown relative to the working folder) as an absolute path."""
    return Path(os.path.abspath(path)).resolve()


class Packs:
    """The open documents' texts and the packs they belong to."""

    def __init__(self, allow_plugins: bool = False) -> None:
        self.allow_plugins = allow_plugins  # --allow-plugins: consent, as `validate` takes it
        self.texts: dict[str, str] = {}  # resolved path -> the editor's text
        self.good: dict[Path, Pack] = {}  # folder -> the last pack that loaded
        self.saved: dict[Path, Pack | None] = {}  # folder -> the pack as on disk (read once)
        self.parents: dict[tuple[Path, Path], tuple[tuple[object, ...], Pack]] = {}  # extended packs
        self.reported: dict[Path, set[Path]] = {}  # folder -> files its last check reported on

    def open(self, path: Path, text: str) -> None:
        self.texts[str(path.resolve())] = text

    def close(self, path: Path) -> None:
        self.texts.pop(str(path.resolve()), None)

    def text(self, path: Path) -> str | None:
        return self.texts.get(str(path.resolve()))

    def open_in(self, folder: Path) -> list[Path]:
        """The files of `folder` the editor holds open."""
        return [Path(p) for p in self.texts if Path(p).parent == folder]

    def folder_of(self, path: Path) -> Path | None:
        """The pack folder a YAML file belongs to: its own folder when that holds a manifest
        (on disk or open in the editor)."""
        if path.suffix not in (".yaml", ".yml"):
            return None
        folder = path.resolve().parent
        manifest = folder / MANIFEST
        if manifest.is_file() or str(manifest) in self.texts:
            return folder
        return None

    def check(self, folder: Path, texts: dict[str, str] | None = None) -> Checked:
        """Load the pack as the editor holds it (`texts`: the open files' texts, a snapshot
        taken where the editor's messages arrive, since a check runs on another thread).
        Every problem is a diagnostic: a pack that cannot load, or a fault of ours, never
        stops the server."""
        texts = dict(self.texts) if texts is None else texts
        try:
            pack = load_pack(str(folder), allow_plugins=self.allow_plugins, trust=True,
                             overlay=texts, known=self.extended(folder, texts))
            diags: list[Diagnostic] = []
        except PackError as err:
            pack, diags = None, list(err.diagnostics)
        except Exception as err:  # a bug must not cost the user the editor's session
            pack = None
            diags = [Diagnostic(str(folder / MANIFEST), 1, 1,
                                f"the pack could not be checked ({type(err).__name__}: {err})",
                                kind="internal")]
        if pack is not None:
            self.good[folder] = pack
        checked = Checked(folder, pack)
        for where, files, words in (pack.meta.get("trusted_now", ()) if pack is not None else ()):
            checked.trusted.append(f"trusting the plug-ins of {where} as they are now: "
                                   f"{', '.join(files)} (words: {', '.join(words) or 'none'}); "
                                   "a change to them asks again")
        for d in diags:
            checked.problems.setdefault(resolved(d.file), []).append(d)
        return checked

    def extended(self, folder: Path, texts: dict[str, str]) -> dict[Path, Pack]:
        """The packs `folder` extends, each loaded once and kept while none of its files (nor
        those of the packs it extends) changes on disk or is open in the editor: a check then
        reads only the pack being edited."""
        out: dict[Path, Pack] = {}
        for target in self._extends(folder, texts):
            key = (folder.parent, target)
            held = self.parents.get(key)
            if held is None or held[0] != self._stamp(held[1], texts):
                try:
                    parent = load_pack(str(target), allow_plugins=self.allow_plugins, trust=True,
                                       root=folder.parent)
                except Exception:  # its problems are reported by the check itself
                    self.parents.pop(key, None)
                    continue
                held = (self._stamp(parent, texts), parent)
                self.parents[key] = held
            if held[0] is not None:
                out[target] = held[1]
        return out

    def _extends(self, folder: Path, texts: dict[str, str]) -> list[Path]:
        manifest = folder / MANIFEST
        text = texts.get(str(manifest.resolve()))
        try:
            doc = load_yaml(text if text is not None else read_bounded(manifest, folder), str(manifest))
        except Exception:
            return []
        refs = doc.data.get("extends") if isinstance(doc.data, dict) else None
        refs = [refs] if isinstance(refs, str) else refs if isinstance(refs, list) else []
        out = []
        for ref in refs:
            target, _ = resolve_extends(str(ref), folder, folder.parent.resolve())
            if target is not None and target != folder:
                out.append(target)
        return out

    def _stamp(self, pack: Pack, texts: dict[str, str]) -> tuple[object, ...] | None:
        """What a kept pack depends on: its folders' files as on disk (None when one of them
        is open in the editor: the overlay must be read then)."""
        folders = {Path(e.key) for e in pack.meta.get("lineage", []) if e.key} | {Path(pack.path)}
        if any(Path(p).parent in folders for p in texts):
            return None
        stamp = []
        for f in sorted(folders):
            for path in sorted(f.iterdir()) if f.is_dir() else ():
                if path.suffix in (".yaml", ".yml", ".py"):
                    st = path.stat()
                    stamp.append((str(path), st.st_mtime_ns, st.st_size))
        return tuple(stamp)

    def files_to_clear(self, checked: Checked) -> set[Path]:
        """Files the previous check of this folder reported on and this one does not."""
        before = self.reported.get(checked.folder, set())
        now = set(checked.problems)
        self.reported[checked.folder] = now
        return before - now

    def pack(self, folder: Path | None) -> Pack | None:
        """The last pack of `folder` that loaded, else the pack as saved on disk."""
        if folder is None:
            return None
        if folder in self.good:
            return self.good[folder]
        if folder not in self.saved:  # read once: a request must not wait for a load each time
            try:
                self.saved[folder] = load_pack(str(folder), allow_plugins=False, trust=True)
            except Exception:  # PackError, or a fault of ours: complete with base's words
                self.saved[folder] = None
        return self.saved[folder]

    def vocab(self, folder: Path | None) -> Vocabulary:
        pack = self.pack(folder)
        return pack.rules.vocab if pack is not None else BASE_VOCABULARY

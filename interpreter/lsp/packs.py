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
from dsl.vocab import BASE_VOCABULARY, Vocabulary


@dataclass
class Checked:
    """One check of a pack folder: the pack when it loaded, and every problem by file."""

    folder: Path
    pack: Pack | None
    problems: dict[Path, list[Diagnostic]] = field(default_factory=dict)


def resolved(path: str | Path) -> Path:
    """A diagnostic's file (shown relative to the working folder) as an absolute path."""
    return Path(os.path.abspath(path)).resolve()


class Packs:
    """The open documents' texts and the packs they belong to."""

    def __init__(self, allow_plugins: bool = False) -> None:
        self.allow_plugins = allow_plugins  # --allow-plugins: consent, as `validate` takes it
        self.texts: dict[str, str] = {}  # resolved path -> the editor's text
        self.good: dict[Path, Pack] = {}  # folder -> the last pack that loaded
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

    def check(self, folder: Path) -> Checked:
        """Load the pack as the editor holds it. Every problem is a diagnostic: a pack that
        cannot load, or a fault of ours, never stops the server."""
        try:
            pack = load_pack(str(folder), allow_plugins=self.allow_plugins, trust=True,
                             overlay=self.texts)
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
        for d in diags:
            checked.problems.setdefault(resolved(d.file), []).append(d)
        return checked

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
        if folder not in self.good:
            try:
                self.good[folder] = load_pack(str(folder), allow_plugins=False, trust=True)
            except PackError:
                return None
            except Exception:
                return None
        return self.good[folder]

    def vocab(self, folder: Path | None) -> Vocabulary:
        pack = self.pack(folder)
        return pack.rules.vocab if pack is not None else BASE_VOCABULARY

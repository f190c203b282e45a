"""Consent to a pack's plug-ins, remembered by their content.

`--allow-plugins` is consent for one run, to the packs named on the command line. `wonders
trust PACK` (or `--allow-plugins`, which records it) remembers it: the pack's folder with a
sha256 over its plug-in files, as editors' workspace trust and `direnv allow` do. A pack whose
plug-in files changed since is not trusted any more: it asks again. The record is a small JSON
file, $WONDERS_TRUST_FILE, else $XDG_CONFIG_HOME/wonders/trust.json, else
~/.config/wonders/trust.json; it is read with the bounds of every input file.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import time
from pathlib import Path
from typing import Any

from .safeio import ReadProblem, read_bounded

MAX_BYTES = 1_000_000


class TrustError(Exception):
    """The trust record cannot be read or written; the message says why."""


def trust_file() -> Path:
    explicit = os.environ.get("WONDERS_TRUST_FILE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "wonders" / "trust.json"


MAX_FILES = 10_000  # files hashed in one pack's folder; past it, their count still counts


def digest(folder: Path, modules: list[str], uses: list[str] = ()) -> tuple[str, list[str]]:
    """(sha256, what it covers): what consent is given to. It covers the manifest's
    `plugins:` and `uses:` lists and every file under the pack's folder, sub-folders
    included, by path and content (a plug-in may load any of them: a module in a sub-folder,
    a data file, a `__pycache__` entry); a symbolic link by where it points. The list names
    the Python files and counts the others."""
    h = hashlib.sha256()
    h.update(("plugins:" + ",".join(sorted(modules)) + ";uses:" + ",".join(sorted(uses))).encode() + b"\0")
    python, others = [], 0
    for rel, sha in sorted(file_hashes(folder).items()):
        h.update(rel.encode() + b"\0" + sha.encode() + b"\0")
        if rel.endswith(".py"):
            python.append(rel)
        else:
            others += 1
    return h.hexdigest(), python + ([f"and {others} other file(s)"] if others else [])


def file_hashes(folder: Path) -> dict[str, str]:
    """Each file under `folder` (its path relative to it, with /) and the sha256 of its
    content; a link's target, a FIFO or device as what it is (none is opened)."""
    out: dict[str, str] = {}
    for top, dirs, names in os.walk(folder, followlinks=False):
        dirs.sort()
        for name in sorted(names) + [d for d in dirs if os.path.islink(os.path.join(top, d))]:
            path = os.path.join(top, name)
            rel = os.path.relpath(path, folder).replace(os.sep, "/")
            if len(out) >= MAX_FILES:
                out["..."] = str(int(out.get("...", "0")) + 1)
                continue
            out[rel] = _hash_one(path)
    return out


def _hash_one(path: str) -> str:
    try:
        st = os.lstat(path)
        if stat.S_ISLNK(st.st_mode):
            return "link:" + os.readlink(path)
        if not stat.S_ISREG(st.st_mode):
            return f"special:{stat.S_IFMT(st.st_mode)}"
        h = hashlib.sha256()
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
        try:
            while True:
                block = os.read(fd, 1 << 20)
                if not block:
                    break
                h.update(block)
        finally:
            os.close(fd)
        return h.hexdigest()
    except OSError as err:
        return f"unreadable:{err.errno}"


def _kept(hashes: dict[str, str]) -> dict[str, str]:
    """The per-file hashes the record keeps, to name what changed (none for a huge folder:
    the record stays small; the folder's sha256 still decides)."""
    return hashes if len(hashes) <= 500 else {}


def changed_files(before: dict[str, str], now: dict[str, str]) -> list[str]:
    """The files added, removed or changed between two file_hashes()."""
    return sorted(k for k in set(before) | set(now) if before.get(k) != now.get(k))


_WORD = re.compile(r"""PluginSpec\(\s*(?:word\s*=\s*)?["']([A-Za-z_][A-Za-z0-9_]*)["']""")


def words_in(folder: Path, modules: list[str]) -> list[str]:
    """The effect words the plug-in modules define, read from their source (nothing is run)."""
    out: set[str] = set()
    for name in modules:
        try:
            out |= set(_WORD.findall(read_bounded(folder / f"{name}.py", folder, MAX_BYTES)))
        except (OSError, ReadProblem):
            continue
    return sorted(out)


def _load() -> dict[str, Any]:
    path = trust_file()
    if not path.exists():
        return {"version": 1, "packs": {}}
    try:
        data = json.loads(read_bounded(path, None, MAX_BYTES))
    except (OSError, ReadProblem, ValueError, RecursionError) as err:
        raise TrustError(f"{path}: the trust record cannot be read ({err}); remove it to start "
                         "afresh") from None
    if not isinstance(data, dict) or not isinstance(data.get("packs"), dict):
        raise TrustError(f"{path}: not a trust record (expected {{\"packs\": {{...}}}}); remove it "
                         "to start afresh")
    return data


def _save(data: dict[str, Any]) -> None:
    path = trust_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        os.replace(tmp, path)
    except OSError as err:
        raise TrustError(f"{path}: cannot write the trust record: {err.strerror or err}") from None


def check(folder: Path, modules: list[str], uses: list[str] = ()) -> str:
    """"" when the user trusted this folder's plug-ins as they are now; else why not."""
    try:
        entry = _load()["packs"].get(str(folder.resolve()))
    except TrustError as err:
        return str(err)
    if not isinstance(entry, dict):
        return "not trusted"
    now, _ = digest(folder, modules, uses)
    if entry.get("sha256") != now:
        before = entry.get("hashes")
        changed = changed_files(before, file_hashes(folder)) if isinstance(before, dict) else []
        what = f" ({', '.join(changed[:5])}{', ...' if len(changed) > 5 else ''})" if changed else ""
        return f"changed since you trusted it{what} (wonders trust PACK, after reading it, trusts it again)"
    return ""


def record(folder: Path, modules: list[str], words: list[str], uses: list[str] = ()) -> bool:
    """Remember consent to this folder's plug-ins as they are now; True when it is new."""
    data = _load()
    key = str(folder.resolve())
    sha, files = digest(folder, modules, uses)
    old = data["packs"].get(key)
    if isinstance(old, dict) and old.get("sha256") == sha:
        return False
    data["packs"][key] = {"sha256": sha, "files": files, "words": sorted(words), "hashes": _kept(file_hashes(folder)),
                          "trusted": time.strftime("%Y-%m-%d %H:%M:%S")}
    _save(data)
    return True


def revoke(folder: Path) -> bool:
    data = _load()
    gone = data["packs"].pop(str(folder.resolve()), None)
    if gone is not None:
        _save(data)
    return gone is not None


def listed() -> dict[str, Any]:
    return dict(_load()["packs"])

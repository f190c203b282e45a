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
import time
from pathlib import Path
from typing import Any

from .safeio import ReadProblem, read_bounded

_MODULE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
MAX_BYTES = 1_000_000


class TrustError(Exception):
    """The trust record cannot be read or written; the message says why."""


def trust_file() -> Path:
    explicit = os.environ.get("WONDERS_TRUST_FILE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "wonders" / "trust.json"


def digest(folder: Path, modules: list[str], uses: list[str] = ()) -> tuple[str, list[str]]:
    """(sha256, the files it covers): what consent is given to. It covers the manifest's
    `plugins:` and `uses:` lists and every Python file at the top of the pack's folder (a
    plug-in may load a neighbour such as helper.py: a change there asks again too)."""
    h = hashlib.sha256()
    h.update(("plugins:" + ",".join(sorted(modules)) + ";uses:" + ",".join(sorted(uses))).encode() + b"\0")
    files = []
    try:
        candidates = sorted(p for p in folder.iterdir() if p.suffix == ".py" and _MODULE.match(p.stem))
    except OSError:
        candidates = []
    for path in candidates:
        try:
            data = read_bounded(path, folder, MAX_BYTES).encode("utf-8")
        except (OSError, ReadProblem):
            continue  # not a regular file inside the folder: never imported either
        h.update(path.name.encode() + b"\0" + str(len(data)).encode() + b"\0" + data)
        files.append(path.name)
    return h.hexdigest(), files


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
        return "changed since you trusted it (wonders trust PACK, after reading it, trusts it again)"
    return ""


def record(folder: Path, modules: list[str], words: list[str], uses: list[str] = ()) -> bool:
    """Remember consent to this folder's plug-ins as they are now; True when it is new."""
    data = _load()
    key = str(folder.resolve())
    sha, files = digest(folder, modules, uses)
    old = data["packs"].get(key)
    if isinstance(old, dict) and old.get("sha256") == sha:
        return False
    data["packs"][key] = {"sha256": sha, "files": files, "words": sorted(words),
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

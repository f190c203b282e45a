"""Helpers shared by the commands: loading packs with diagnostics (and the user's consent to
plug-ins), JSON output, files written safely."""
from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from dsl.diagnostics import PackError
from dsl.loader import load_pack
from dsl.model import Pack
from dsl.safeio import printable


class CliError(Exception):
    """A user-facing failure: printed without a traceback, exit status 1."""


class _Consent:
    allow_plugins = False  # set once per run from --allow-plugins (interpreter.cli.main)


def set_allow_plugins(allow: bool) -> None:
    _Consent.allow_plugins = bool(allow)


def allow_plugins() -> bool:
    return _Consent.allow_plugins


def load(ref: str, named_by: str = "") -> Pack:
    """The pack, its plug-ins run only with the user's consent; raises PackError. `named_by`:
    the input file that named the pack (a STATE file, a log): consent (--allow-plugins) is for
    the packs the user names on the command line, so such a pack never runs code."""
    if named_by:
        return load_pack(ref, allow_plugins=False)
    pack = load_pack(ref, allow_plugins=_Consent.allow_plugins, trust=True)
    for folder, files, words in pack.meta.get("trusted_now", ()):  # what the consent was to
        print(f"trusting the plug-ins of {printable(folder)} as they are now: {', '.join(files)} "
              f"(words: {', '.join(words) or 'none'}); a change to them asks again", file=sys.stderr)
    return pack


def report_pack_error(err: PackError, ref: str) -> None:
    print(err.render(), file=sys.stderr)
    print(f"{printable(ref)}: {len(err.diagnostics)} problem(s)", file=sys.stderr)


def load_or_report(ref: str, named_by: str = "") -> Pack:
    try:
        return load(ref, named_by)
    except PackError as err:
        if named_by and any(d.kind == "plugin" for d in err.diagnostics):
            raise CliError(f"{named_by}: the pack '{ref}' it names has plug-ins (Python code), which "
                           "run only for a pack named on the command line: give --pack "
                           f"{ref} --allow-plugins to run them") from None
        report_pack_error(err, ref)
        raise SystemExit(1) from None


def print_json(data: Any) -> None:
    # ensure_ascii: pack text can hold nothing that drives a terminal when printed
    print(json.dumps(data, indent=2, ensure_ascii=True))


def check_writable(output: str | None, option: str) -> None:
    """Before any work: the folder `output` will be written in exists and is writable."""
    if not output:
        return
    path = Path(output)
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise CliError(f"{option}: {output} is a folder; name a file")
    if not folder.is_dir():
        raise CliError(f"{option}: no folder {folder} to write {path.name} in")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise CliError(f"{option}: cannot write in the folder {folder} (permission denied)")


def current_umask() -> int:
    """The process's umask (read by setting it and setting it back: no other way to ask)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomic(output: str, text: str) -> None:
    """Write `text` to a temporary file in the target's folder, then rename it over the target:
    readers see the old file or the whole new one, never a truncated or spliced one. The file
    gets the mode a new file gets under the user's umask (0644 under the usual 022)."""
    path = Path(output)
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        os.fchmod(fd, 0o666 & ~current_umask())  # a file to share: mkstemp's 0600 is for secrets
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_output(output: str, text: str, what: str, option: str) -> bool:
    """Write a result file; on failure say why (the results are printed anyway). True when written."""
    try:
        write_atomic(output, text)
    except OSError as err:
        print(f"error: {option}: could not write {what} to {output}: {err.strerror or err}",
              file=sys.stderr)
        return False
    return True


def emit(text: str, output: str | None, what: str) -> int:
    """Print `text`, or write it to `output` and say so."""
    if output:
        check_writable(output, "--output")
        if not write_output(output, text, what, "--output"):
            return 1
        print(f"{what} written to {output}")
    else:
        print(text, end="")
    return 0


def fail(message: str) -> int:
    """Print each line of `message` as an error (escaped: it may quote a file); exit status 1."""
    for line in str(message).splitlines() or [""]:
        print(f"error: {printable(line)}", file=sys.stderr)
    return 1

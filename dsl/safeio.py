"""Reading untrusted files without leaving their folder, blocking or filling memory, and
showing untrusted text without letting it drive the terminal."""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from .limits import LIMITS


class ReadProblem(Exception):
    """A file that is not read: the message says why (no path in it; the caller locates it)."""


def inside(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder)
        return True
    except ValueError:
        return False


def read_bounded(path: Path, folder: Path | None = None, limit: int = LIMITS.file_bytes) -> str:
    """The UTF-8 text of a regular file of at most `limit` bytes. A symlink is followed only
    when its target is inside `folder`; FIFOs, devices and folders are refused without opening
    them (and the file is opened non-blocking, in case it was swapped meanwhile)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        raise FileNotFoundError(str(path)) from None
    except OSError as err:
        raise ReadProblem(f"cannot read file: {err.strerror}") from None
    real = path
    if stat.S_ISLNK(st.st_mode):
        try:
            real = path.resolve(strict=True)
        except (OSError, RuntimeError):
            raise ReadProblem("the file is a broken or looping symbolic link") from None
        if folder is not None and not inside(real, folder.resolve()):
            raise ReadProblem("the file is a symbolic link to a file outside the pack's folder; "
                              "not read")
        st = os.stat(real)
    if not stat.S_ISREG(st.st_mode):
        raise ReadProblem("not a regular file (a folder, FIFO, device or socket); not read")
    if st.st_size > limit:
        raise ReadProblem(f"the file has {st.st_size} bytes, more than the limit of {limit}")
    try:
        fd = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    except OSError as err:
        raise ReadProblem(f"cannot read file: {err.strerror}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ReadProblem("not a regular file; not read")
        chunks, size = [], 0
        while size <= limit:
            block = os.read(fd, min(1 << 20, limit + 1 - size))
            if not block:
                break
            chunks.append(block)
            size += len(block)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise ReadProblem(f"the file has more than {limit} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ReadProblem(f"not UTF-8 text (byte {err.start}: {data[err.start:err.start + 1]!r}); "
                          "save the file as UTF-8") from None


# C0 and C1 controls (but tab and newline), DEL, and the bidirectional overrides and isolates
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_UNSAFE_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _escape(m: re.Match[str]) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def printable(text: object, one_line: bool = True) -> str:
    """`text` with control characters and escape sequences shown as \\xNN (newlines too
    when `one_line`), so printing it cannot move the cursor, recolour or retitle a terminal."""
    s = str(text)
    return (_UNSAFE_LINE if one_line else _UNSAFE).sub(_escape, s)


def has_control(text: str) -> bool:
    return bool(_UNSAFE_LINE.search(text))


def short(value: object, width: int = 60) -> str:
    """A value's repr, cut to `width` characters, printable."""
    s = repr(value)
    return printable(s if len(s) <= width else s[:width - 3] + "...")

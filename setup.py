"""Builds the optional native core (interpreter/native/_core.pyx) when Cython and a C compiler
are there. Without either the install still succeeds, pure Python, and says so; `wonders
doctor` tells which core is active and why. Set WONDERS_NO_NATIVE=1 to skip the build."""
from __future__ import annotations

import os
import runpy
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE = "interpreter/native/_core.pyx"
CONSTS = "interpreter/native/consts.py"  # the numbers shared with lower.py: consts.pxi is made from it


def _say(message: str) -> None:
    print(f"wonders-dsl: {message}", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """build_ext that turns a failed compilation into a pure-Python install."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as err:  # noqa: BLE001 - no compiler, no headers: still install
            _say(f"native core not built ({err}); the Python engine will be used")

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as err:  # noqa: BLE001
            _say(f"native core not built ({err}); the Python engine will be used")


def ext_modules() -> list[Extension]:
    if os.environ.get("WONDERS_NO_NATIVE"):
        _say("WONDERS_NO_NATIVE is set: pure-Python install")
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        _say("Cython is not installed: pure-Python install (the native core is optional)")
        return []
    try:  # consts.pxi from consts.py, so the core is built with lower.py's numbers
        runpy.run_path(CONSTS)["write_pxi"]()
    except OSError as err:  # a read-only source tree: the checked-in consts.pxi (a test keeps it current)
        _say(f"consts.pxi not regenerated ({err})")
    args = [] if sys.platform == "win32" else ["-O3"]
    ext = Extension("interpreter.native._core", [SOURCE], optional=True, extra_compile_args=args)
    try:
        return cythonize([ext], language_level=3, quiet=True)
    except Exception as err:  # noqa: BLE001 - a broken Cython: still install
        _say(f"could not translate {SOURCE} ({err}): pure-Python install")
        return []


setup(ext_modules=ext_modules(), cmdclass={"build_ext": OptionalBuildExt})

"""Load effect-word plug-ins, only with the user's consent.

A plug-in is Python code, so a pack is treated as data unless the user consents
(`--allow-plugins` on the command line, `allow_plugins=True` in the API; see
docs/modding.md, "Plug-ins and trust"). With consent:

- a module named in the manifest's `plugins:` is a plain name (`tax`) whose file
  `tax.py` is a regular file inside the pack's own folder; never an installed module,
  never a path (`../x`, `/abs/x`), never a symlink that leaves the folder;
- an installed plug-in (a `wonders.effects` entry point) is loaded only when the
  manifest lists its word under `uses:`; the entry point's name is the word.

A plug-in module lists its words in `PLUGIN_EFFECTS` (PluginSpec objects). Whatever
the plug-in does when imported or called (raise, `sys.exit`, ...) is caught and
reported with its name: as a located diagnostic while loading, as PluginFailure
(an ordinary Exception) while a game runs.
"""
from __future__ import annotations

import contextlib
import dataclasses
import importlib.machinery
import importlib.util
import os
import re
import stat
import sys
import traceback
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, Callable, Iterator

from .limits import LIMITS
from .registry import PLUGINS, PluginSpec, register_plugin
from .safeio import printable
from .yamlsource import YamlDoc

Report = Callable[..., None]
ENTRY_POINT_GROUP = "wonders.effects"
CONSENT_HINT = ("a pack's code runs with your rights, so it runs only if you say so: read it, "
                "then run the command again with --allow-plugins (or trust it once: wonders trust PACK)")
_MODULE_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class PluginFailure(Exception):
    """A plug-in raised, exited or misbehaved while the game called it."""


def _describe(err: BaseException) -> str:
    if isinstance(err, SystemExit):
        return f"called sys.exit({err.code!r})"
    tb = traceback.extract_tb(err.__traceback__)
    where = f" ({Path(tb[-1].filename).name}:{tb[-1].lineno})" if tb else ""
    return f"{type(err).__name__}: {err}{where}"


def _guard(fn: Callable[..., Any], what: str) -> Callable[..., Any]:
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except KeyboardInterrupt:
            raise
        except PluginFailure:
            raise
        except BaseException as err:  # noqa: BLE001 - SystemExit too: a plug-in may not end the run
            raise PluginFailure(f"{what} failed: {_describe(err)}") from None
    call.__wrapped__ = fn  # type: ignore[attr-defined]
    return call


class _GuardedHandler:
    """The plug-in's handler object, each hook wrapped by _guard; equal to another wrapper
    of the same object (so registering a module's words twice is not a conflict)."""

    def __init__(self, inner: Any, name: str) -> None:
        self._inner, self._name = inner, name

    def __getattr__(self, attr: str) -> Any:
        value = getattr(self._inner, attr)
        return _guard(value, f"plug-in '{self._name}' ({attr})") if callable(value) else value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _GuardedHandler) and other._inner is self._inner

    def __hash__(self) -> int:
        return id(self._inner)


class _GuardedText:
    def __init__(self, fn: Callable[..., str], name: str) -> None:
        self._fn, self._name = fn, name

    def __call__(self, args: tuple[Any, ...]) -> str:
        return printable(_guard(self._fn, f"plug-in '{self._name}' (english)")(args), one_line=False)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _GuardedText) and other._fn is self._fn

    def __hash__(self) -> int:
        return id(self._fn)


def _guarded(spec: PluginSpec) -> PluginSpec:
    handler = spec.handler
    if handler is not None and not isinstance(handler, _GuardedHandler):
        handler = _GuardedHandler(handler, spec.word)
    english = spec.english if isinstance(spec.english, _GuardedText) else _GuardedText(spec.english, spec.word)
    return dataclasses.replace(spec, handler=handler, english=english)


def _local_file(name: str, folder: Path) -> tuple[Path | None, str]:
    """The plug-in's file inside the pack folder, or why there is none."""
    path = folder / f"{name}.py"
    try:
        st = os.lstat(path)
    except OSError:
        return None, f"plugins: no module '{name}' (looked for {path})"
    if stat.S_ISLNK(st.st_mode):
        real = path.resolve()
        if real.parent != folder.resolve():
            return None, f"plugins: {path.name} is a link to a file outside the pack's folder"
        st = os.stat(real)
    if not stat.S_ISREG(st.st_mode):
        return None, f"plugins: {path.name} is not a regular file"
    if st.st_size > LIMITS.file_bytes:
        return None, f"plugins: {path.name} is larger than {LIMITS.file_bytes} bytes"
    return path, ""


class _SourceOnly(importlib.machinery.SourceFileLoader):
    """Compiles the plug-in from its source, every time: never a `__pycache__/*.pyc` beside
    it (a pack could ship one compiled from other code with a header that matches), and
    never writes one into the pack's folder."""

    def get_code(self, fullname: str) -> Any:
        path = self.get_filename(fullname)
        return self.source_to_code(self.get_data(path), path)


@contextlib.contextmanager
def _no_bytecode() -> Iterator[None]:
    """While a plug-in is imported, what it imports itself (a neighbour module) writes no
    bytecode and reads none from a `__pycache__` (the cache is looked for under a prefix
    folder that does not exist)."""
    old_write, old_prefix = sys.dont_write_bytecode, sys.pycache_prefix
    sys.dont_write_bytecode = True
    sys.pycache_prefix = os.path.join(os.path.sep, "nonexistent-wonders-pycache", str(os.getpid()))
    try:
        yield
    finally:
        sys.dont_write_bytecode, sys.pycache_prefix = old_write, old_prefix


def _import(name: str, path: Path) -> Any:
    mod_name = f"wonders_pack_plugin_{abs(hash(str(path.resolve())))}_{name}"
    if mod_name in sys.modules:
        return sys.modules[mod_name]
    loader = _SourceOnly(mod_name, str(path))
    spec = importlib.util.spec_from_file_location(mod_name, path, loader=loader)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[mod_name] = module
    try:
        with _no_bytecode():
            spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[mod_name]  # import it again next time (e.g. after a fix, under --watch)
        raise
    return module


def _register_all(specs: Any, origin: str, only: set[str] | None = None) -> set[str]:
    items = specs if isinstance(specs, (list, tuple)) else [specs]
    words = set()
    for spec in items:
        if not isinstance(spec, PluginSpec):
            raise TypeError(f"module '{origin}': PLUGIN_EFFECTS must hold PluginSpec objects, "
                            f"not {type(spec).__name__}")
        if only is not None and spec.word not in only:
            continue
        if not spec.module:
            spec = dataclasses.replace(spec, module=origin)  # named in "already registered by"
        try:
            register_plugin(_guarded(spec))
        except ValueError as err:
            raise ValueError(f"module '{origin}': {err}") from None
        words.add(spec.word)
    return words


def _position(manifest: YamlDoc, key: str, i: int) -> tuple[tuple[int, int], int]:
    path = (key, i) if isinstance(manifest.data.get(key), list) else (key,)
    return manifest.where(path), manifest.width(path)


def _as_list(v: Any) -> list[str]:
    if v is None:
        return []
    return [v] if isinstance(v, str) else [str(x) for x in v]


def _run(load: Callable[[], Any], what: str, report_here: Callable[[str], None]) -> Any:
    """Call `load`; a plug-in that raises or exits while importing is reported, not fatal."""
    try:
        return load()
    except KeyboardInterrupt:
        raise
    except BaseException as err:  # noqa: BLE001 - the plug-in's own bug, shown to its author
        report_here(f"{what} failed: {_describe(err)}")
        return None


def load_plugins(manifest: YamlDoc, folder: Path, report: Report, allow: bool = False,
                 trust: bool = False, trusted_now: list[tuple[str, list[str], list[str]]] | None = None,
                 extended: bool = False) -> set[str]:
    """Register the words of the manifest's `plugins:` modules and `uses:` installed words;
    problems (and the lack of consent) are reported at the manifest entry that names them.
    `allow`: the user's consent for this run, then remembered (dsl/trust.py; each new record
    appended to `trusted_now`); `trust`: without it, the remembered consent to these very
    files counts. `extended`: a pack the named one extends (consent is asked of it by name:
    only its remembered trust counts)."""
    from . import trust as trust_record
    modules, uses = _as_list(manifest.data.get("plugins")), _as_list(manifest.data.get("uses"))
    words: set[str] = set()
    why_not = ""
    if not allow and trust and (modules or uses):
        why_not = trust_record.check(folder, modules, uses)
        allow = not why_not
    for key, names in (("plugins", modules), ("uses", uses)):
        for i, name in enumerate(names):
            pos, length = _position(manifest, key, i)

            def report_here(message: str) -> None:
                report(manifest, pos, message, kind="plugin", length=length)
            if key == "plugins" and not _MODULE_NAME.match(name):
                report_here(f"plugins: '{name}' is not a module name; name a file NAME.py in the "
                            "pack's folder (no paths, no dots)")
                continue
            if not allow:
                what = f"the plug-in {name}.py" if key == "plugins" else f"the installed plug-in '{name}'"
                if why_not.startswith("changed"):
                    report_here(f"{key}: not run: {what} {why_not}")
                elif why_not and why_not != "not trusted":
                    report_here(f"{key}: not run: {why_not}")
                elif extended:
                    report_here(f"{key}: not run: {what} of {folder.name}, a pack this one extends, is "
                                "Python code; consent to the pack you named does not cover the packs it "
                                f"extends: read it, then trust it by name (wonders trust {folder})")
                else:
                    report_here(f"{key}: not run: {what} is Python code; {CONSENT_HINT}")
                continue
            if key == "uses":
                words |= _load_installed(name, report_here)
                continue
            path, problem = _local_file(name, folder)
            if path is None:
                report_here(problem)
                continue
            module = _run(lambda: _import(name, path), f"plugins: importing '{name}'", report_here)
            if module is None:
                continue
            specs = getattr(module, "PLUGIN_EFFECTS", None)
            if specs is None:
                report_here(f"plugins: module '{name}' has no PLUGIN_EFFECTS list")
                continue
            try:
                words |= _register_all(specs, name)
            except (TypeError, ValueError) as err:
                report_here(f"plugins: {err}")
    if allow and (modules or uses) and trusted_now is not None:
        try:
            if trust_record.record(folder, modules, sorted(words), uses):
                trusted_now.append((str(folder), trust_record.digest(folder, modules, uses)[1], sorted(words)))
        except trust_record.TrustError as err:
            report(manifest, _position(manifest, "plugins", 0)[0], f"plugins: {err}", kind="plugin")
    return words


def _load_installed(word: str, report_here: Callable[[str], None]) -> set[str]:
    found = [ep for ep in entry_points(group=ENTRY_POINT_GROUP) if ep.name == word]
    if not found:
        report_here(f"uses: no installed plug-in provides the word '{word}' "
                    f"(entry point group '{ENTRY_POINT_GROUP}', name '{word}')")
        return set()
    specs = _run(found[0].load, f"uses: loading installed plug-in '{word}'", report_here)
    if specs is None:
        return set()
    try:
        words = _register_all(specs, found[0].value, only={word})
    except (TypeError, ValueError) as err:
        report_here(f"uses: {err}")
        return set()
    if word not in words:
        report_here(f"uses: installed plug-in '{word}' does not define the word '{word}'")
    return words


__all__ = ["load_plugins", "PluginFailure", "PLUGINS", "CONSENT_HINT"]

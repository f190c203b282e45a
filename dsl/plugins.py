"""Load effect-word plug-ins: Python modules named in a pack's manifest, or installed
packages exposing the `wonders.effects` entry point. A plug-in module lists its words
in `PLUGIN_EFFECTS` (PluginSpec objects)."""
from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import sys
import traceback
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, Callable

from .registry import PLUGINS, PluginSpec, register_plugin
from .yamlsource import YamlDoc

Report = Callable[..., None]
ENTRY_POINT_GROUP = "wonders.effects"


def _import(name: str, folder: Path) -> Any:
    local = folder / f"{name}.py"
    if local.is_file():
        mod_name = f"wonders_pack_plugin_{abs(hash(str(local.resolve())))}_{name}"
        if mod_name in sys.modules:
            return sys.modules[mod_name]
        spec = importlib.util.spec_from_file_location(mod_name, local)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[mod_name] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[mod_name]  # import it again next time (e.g. after a fix, under --watch)
            raise
        return module
    return importlib.import_module(name)


def _register_all(specs: Any, origin: str) -> set[str]:
    items = specs if isinstance(specs, (list, tuple)) else [specs]
    words = set()
    for spec in items:
        if not isinstance(spec, PluginSpec):
            raise TypeError(f"module '{origin}': PLUGIN_EFFECTS must hold PluginSpec objects, "
                            f"not {type(spec).__name__}")
        if not spec.module:
            spec = dataclasses.replace(spec, module=origin)  # named in "already registered by"
        try:
            register_plugin(spec)
        except ValueError as err:
            raise ValueError(f"module '{origin}': {err}") from None
        words.add(spec.word)
    return words


def installed_plugin_words() -> set[str]:
    """Words from installed entry points (loaded once; errors surface when a pack uses them)."""
    words: set[str] = set()
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        try:
            words |= _register_all(ep.load(), ep.name)
        except Exception:  # noqa: BLE001 - a broken installed plug-in must not break every pack
            continue
    return words


def load_plugins(modules: list[str], folder: Path, manifest: YamlDoc, report: Report) -> set[str]:
    """Import each module and register its words; problems are reported at the manifest."""
    words = installed_plugin_words()
    for i, name in enumerate(modules):
        path = ("plugins", i) if isinstance(manifest.data.get("plugins"), list) else ("plugins",)
        pos, length = manifest.where(path), manifest.width(path)

        def report_here(message: str) -> None:
            report(manifest, pos, message, kind="plugin", length=length)
        try:
            module = _import(name, folder)
        except ModuleNotFoundError as err:
            if err.name == name:
                report_here(f"plugins: no module '{name}' (looked for {folder / (name + '.py')} "
                            "and installed modules)")
            else:  # the plug-in imports something that is not installed
                report_here(f"plugins: importing '{name}' failed: {type(err).__name__}: {err}")
            continue
        except Exception as err:  # noqa: BLE001 - the plug-in's own bug, shown to its author
            last = traceback.extract_tb(err.__traceback__)[-1]
            report_here(f"plugins: importing '{name}' failed: {type(err).__name__}: {err} "
                        f"({Path(last.filename).name}:{last.lineno})")
            continue
        specs = getattr(module, "PLUGIN_EFFECTS", None)
        if specs is None:
            report_here(f"plugins: module '{name}' has no PLUGIN_EFFECTS list")
            continue
        try:
            words |= _register_all(specs, name)
        except (TypeError, ValueError) as err:
            report_here(f"plugins: {err}")
    return words


__all__ = ["load_plugins", "installed_plugin_words", "PLUGINS"]

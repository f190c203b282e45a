"""Plug-ins run only with consent: `load_pack(..., allow_plugins=True)` / `--allow-plugins`;
installed plug-ins (entry points) load only for the words a pack lists under `uses:`."""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl import plugins
from dsl.diagnostics import PackError
from dsl.loader import load_pack
from dsl.registry import PLUGINS, Param, PluginSpec

TAX = Path(__file__).resolve().parents[1] / "examples" / "plugin-tax"


def test_without_consent_a_plugin_pack_fails_at_the_plugin_entry() -> None:
    with pytest.raises(PackError) as info:
        load_pack(TAX)
    [d] = [d for d in info.value.diagnostics if d.kind == "plugin"]  # (and its cards' unknown words)
    assert d.file.endswith("pack.yaml") and d.line == 6 and "--allow-plugins" in d.message


def test_with_consent_it_loads() -> None:
    assert "tax" in load_pack(TAX, allow_plugins=True).rules.vocab.plugin_words


class _EntryPoint:
    def __init__(self, name: str, specs: list, calls: list) -> None:
        self.name, self.value, self._specs, self._calls = name, f"fake_{name}:SPECS", specs, calls

    def load(self) -> list:
        self._calls.append(self.name)
        return self._specs


def _spec(word: str) -> PluginSpec:
    return PluginSpec(word, (Param("n", "int", "a number"),), "test word", f"{word} 1", lambda a: "Nothing.")


@pytest.fixture
def installed(monkeypatch):
    calls: list[str] = []
    eps = [_EntryPoint("zq_levy", [_spec("zq_levy"), _spec("zq_extra")], calls),
           _EntryPoint("zq_other", [_spec("zq_other")], calls)]
    monkeypatch.setattr(plugins, "entry_points", lambda group: eps)
    words = ("zq_levy", "zq_extra", "zq_other", "zq_boom")
    yield calls
    for w in words:  # registered during the test: leave the registry as it was
        PLUGINS.pop(w, None)


def _pack(folder: Path, manifest: str, cards: str = "") -> Path:
    folder.mkdir()
    (folder / "pack.yaml").write_text(manifest, encoding="utf-8")
    if cards:
        (folder / "cards.yaml").write_text(cards, encoding="utf-8")
    return folder


LEVY_CARD = ("cards:\n  - {name: Toll, age: 1, color: yellow, players: [3], effect: zq_levy 2}\n")


def test_installed_plugins_load_only_for_declared_words(tmp_path: Path, installed: list) -> None:
    plain = _pack(tmp_path / "plain", "name: plain\nextends: [base]\n")
    load_pack(plain, allow_plugins=True)
    assert installed == []  # installed, but no pack asked for it: nothing imported
    user = _pack(tmp_path / "user", "name: user\nextends: [base]\nuses: [zq_levy]\n", LEVY_CARD)
    pack = load_pack(user, allow_plugins=True)
    assert installed == ["zq_levy"]
    assert pack.rules.vocab.plugin_words == frozenset({"zq_levy"})  # not zq_extra, not zq_other


def test_installed_plugins_need_consent_too(tmp_path: Path, installed: list) -> None:
    user = _pack(tmp_path / "user", "name: user\nextends: [base]\nuses: [zq_levy]\n", LEVY_CARD)
    with pytest.raises(PackError) as info:
        load_pack(user)
    assert installed == []
    assert any(d.kind == "plugin" and "--allow-plugins" in d.message for d in info.value.diagnostics)


def test_an_undeclared_installed_word_is_unknown(tmp_path: Path, installed: list) -> None:
    user = _pack(tmp_path / "user", "name: user\nextends: [base]\n", LEVY_CARD)
    with pytest.raises(PackError) as info:
        load_pack(user, allow_plugins=True)
    assert installed == []
    assert any("unknown effect word 'zq_levy'" in d.message for d in info.value.diagnostics)


def test_a_word_no_installed_plugin_provides(tmp_path: Path, installed: list) -> None:
    user = _pack(tmp_path / "user", "name: user\nextends: [base]\nuses: [zq_missing]\n")
    with pytest.raises(PackError) as info:
        load_pack(user, allow_plugins=True)
    assert any("no installed plug-in provides the word 'zq_missing'" in d.message
               for d in info.value.diagnostics)


def test_a_failing_hook_is_reported_with_the_plugin_name() -> None:
    class Boom:
        def on_build(self, table, seat, args):
            raise SystemExit(0)
    guarded = plugins._guarded(PluginSpec("zq_boom", (), "", "zq_boom", lambda a: "x", Boom()))
    with pytest.raises(plugins.PluginFailure, match=r"plug-in 'zq_boom' \(on_build\) failed: called sys.exit\(0\)"):
        guarded.handler.on_build(None, 0, ())
    assert guarded == plugins._guarded(guarded)  # wrapping twice changes nothing

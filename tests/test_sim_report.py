"""The HTML reports of `wonders simulate --report` and `wonders compare --report`: well-formed
HTML and SVG, the expected content, nothing fetched from outside, and (when Chromium is installed)
a headless render to a screenshot and a DOM dump."""
from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import struct
import subprocess
import textwrap
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from interpreter.cli import main
from interpreter.sim.aggregate import Aggregate
from interpreter.sim.report_html import render, render_compare

SVG_NS = "{http://www.w3.org/2000/svg}"
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class StrictParser(HTMLParser):
    """Records problems instead of silently repairing them: unbalanced tags, scripts, external URLs."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.tags: dict[str, int] = {}
        self.urls: list[str] = []
        self.title = ""
        self._in_title = False
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
        for name, value in attrs:
            if name in ("src", "href", "xlink:href", "action", "poster", "data") and value:
                self.urls.append(value)
            if name == "style" and value and "url(" in value:
                self.urls.append(value)
        if tag == "title" and "svg" not in self.stack:  # the page title, not an SVG tooltip
            self._in_title = True
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
        for name, value in attrs:
            if name in ("src", "href", "xlink:href") and value:
                self.urls.append(value)

    def handle_endtag(self, tag):
        if tag in VOID:
            self.problems.append(f"end tag for void element </{tag}>")
            return
        if not self.stack:
            self.problems.append(f"</{tag}> closes nothing")
        elif self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes <{self.stack[-1]}> (open: {self.stack})")
            if tag in self.stack:
                while self.stack and self.stack.pop() != tag:
                    pass
        else:
            self.stack.pop()
        if tag == "title":
            self._in_title = False

    def handle_data(self, data):
        if self._in_title:
            self.title += data
        self.text.append(data)

    def close(self):
        super().close()
        if self.stack:
            self.problems.append(f"never closed: {self.stack}")


def parse(html_text: str) -> StrictParser:
    p = StrictParser()
    p.feed(html_text)
    p.close()
    assert p.problems == [], p.problems
    return p


def svgs(html_text: str) -> list[ET.Element]:
    blocks = re.findall(r"<svg\b.*?</svg>", html_text, flags=re.S)
    assert len(blocks) == html_text.count("<svg")
    out = []
    for block in blocks:
        root = ET.fromstring(block)  # raises on malformed XML
        assert root.tag == f"{SVG_NS}svg"
        assert root.find(f"{SVG_NS}title") is not None  # accessible name
        out.append(root)
    return out


def assert_self_contained(html_text: str, parser: StrictParser) -> None:
    assert parser.tags.get("script", 0) == 0 and "<script" not in html_text.lower()
    assert parser.tags.get("link", 0) == 0 and parser.tags.get("iframe", 0) == 0
    assert parser.tags.get("img", 0) == 0
    assert [u for u in parser.urls if re.match(r"\s*(https?:)?//", u)] == []
    assert not re.search(r"""(src|href)\s*=\s*["']?\s*(https?:)?//""", html_text, flags=re.I)
    assert "@import" not in html_text and "url(" not in html_text
    # the only URL anywhere is the SVG namespace
    assert set(re.findall(r"https?://[^\s\"'<>]+", html_text)) <= {"http://www.w3.org/2000/svg"}


def _cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def sim_report(tmp_path_factory) -> tuple[str, dict, Path]:
    """`wonders simulate --games 30 --players 3 --report r.html` (plus --json to know the numbers)."""
    folder = tmp_path_factory.mktemp("report")
    path = folder / "r.html"
    code, out, err = _cli(["simulate", "--bots", "greedy", "--games", "30", "--players", "3", "--workers", "2",
                           "--report", str(path), "--json"])
    assert code == 0, err
    return path.read_text("utf-8"), json.loads(out), path


@pytest.fixture(scope="module")
def variant(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("packs") / "rich-start"
    folder.mkdir()
    (folder / "pack.yaml").write_text(textwrap.dedent("""\
        name: rich-start
        version: 0.1.0
        description: base with 9 starting coins
        extends: [base]
        rules:
          starting_coins: 9
        """), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def compare_report(tmp_path_factory, variant) -> tuple[str, dict, Path]:
    path = tmp_path_factory.mktemp("report") / "c.html"
    code, out, err = _cli(["compare", "--bots", "greedy", "--pack", "base", "--pack", str(variant), "--games", "30",
                           "--players", "3", "--workers", "2", "--report", str(path), "--json"])
    assert code == 0, err
    return path.read_text("utf-8"), json.loads(out), path


# -- the simulate report ---------------------------------------------------------------------

def test_text_mode_says_where_the_report_is(tmp_path):
    path = tmp_path / "r.html"
    code, out, _ = _cli(["simulate", "--bots", "greedy", "--games", "5", "--players", "3", "--workers", "1", "--report", str(path)])
    assert code == 0 and f"report written to {path}" in out
    assert path.read_text("utf-8").startswith("<!DOCTYPE html>")


def test_report_is_well_formed(sim_report):
    text, _, _ = sim_report
    assert text.startswith("<!DOCTYPE html>")
    p = parse(text)
    assert p.tags["html"] == 1 and p.tags["body"] == 1 and p.tags["h1"] == 1
    assert p.title == "Balance report: base"
    assert '<meta charset="utf-8">' in text
    roots = svgs(text)
    assert len(roots) == 3  # win rates, score breakdown, card build rates
    assert_self_contained(text, p)


def test_report_content(sim_report):
    text, data, _ = sim_report
    p = parse(text)
    visible = "".join(p.text)
    assert "<h1>Balance report: base</h1>" in text
    assert f"{data['games']} games" in visible
    wonders = list(data["win_rate"]["by_wonder"])
    assert len(wonders) >= 3
    for w in wonders:
        assert w in visible, w
    # the per-card table lists every card that was dealt, with its build share
    table = re.search(r"<caption>per card</caption>(.*?)</table>", text, flags=re.S)
    assert table, "no per-card table"
    rows = re.findall(r"<tr><td>(.*?)</td>", table.group(1))
    dealt = sorted(k for k, v in data["cards"].items() if v["built_share"] is not None)
    assert sorted(rows) == dealt and "Lumber Yard" in rows
    for card in ("Lumber Yard", "Scientists Guild"):
        if card in data["cards"]:
            share = data["cards"][card]["built_share"]
            assert f"<tr><td>{card}</td>" in table.group(1)
            assert f"{100 * share:.1f}%" in table.group(1)
    for caption in ("win rate per wonder side", "win rate per seat", "win rate per bot",
                    "points per player"):
        assert f"<caption>{caption}</caption>" in text
    for category in ("military", "treasury", "science", "guilds"):
        assert category in visible


def test_win_rate_chart_has_error_bars_and_fair_share(sim_report):
    text, data, _ = sim_report
    chart = svgs(text)[0]
    assert chart.find(f"{SVG_NS}title").text == "win rate per wonder side"
    labels = [t.text for t in chart.iter(f"{SVG_NS}text")]
    by_wonder = data["win_rate"]["by_wonder"]
    for w in by_wonder:
        assert w in labels
    rects = chart.findall(f"{SVG_NS}rect")
    assert len(rects) == len(by_wonder)
    lines = chart.findall(f"{SVG_NS}line")
    # per wonder: the interval and its two end caps; plus the dashed fair-share line
    assert len(lines) == 3 * len(by_wonder) + 1
    dashed = [ln for ln in lines if ln.get("stroke-dasharray")]
    assert len(dashed) == 1
    fair = dashed[0]
    assert fair.get("x1") == fair.get("x2")
    assert "fair share 33.3%" in labels
    horizontal = [ln for ln in lines if ln.get("y1") == ln.get("y2")]
    assert len(horizontal) == len(by_wonder)
    # an interval's ends sit where its CI says, on the same scale as the fair-share line
    x0 = 170.0
    scale = (float(fair.get("x1")) - x0) / (1 / 3)
    ordered = sorted(by_wonder.items(), key=lambda kv: -kv[1]["rate"])
    for (w, r), ln in zip(ordered, horizontal):
        lo, hi = r["ci95"]
        assert float(ln.get("x1")) == pytest.approx(x0 + lo * scale, abs=0.15), w
        assert float(ln.get("x2")) == pytest.approx(x0 + hi * scale, abs=0.15), w
        assert float(ln.get("x1")) <= float(ln.get("x2"))
    # the tooltips give the rate and interval
    tips = [t.text for rect in rects for t in rect.iter(f"{SVG_NS}title")]
    w, r = ordered[0]
    assert tips[0].startswith(f"{w}: {100 * r['rate']:.1f}%")


def test_score_chart_stacks_every_category(sim_report):
    text, data, _ = sim_report
    chart = svgs(text)[1]
    labels = [t.text for t in chart.iter(f"{SVG_NS}text")]
    for w in data["scores_by_wonder"]:
        assert w in labels
    assert len(chart.findall(f"{SVG_NS}rect")) == 7 * len(data["scores_by_wonder"])


def test_render_escapes_and_handles_odd_input():
    rec = {"players": [
        {"wonder": "Bab<y>lon & Co A", "seat": 0, "bot": "random", "won": True,
         "score": dict.fromkeys(("military", "treasury", "wonder", "civilian", "commercial", "guilds",
                                 "science"), 1) | {"total": 7},
         "built": ["Tom & Jerry's <Inn>"], "sold": [], "wonder_cards": []}],
        "turns": 1, "actions": 1, "dealt": {"Tom & Jerry's <Inn>": 1}}
    agg = Aggregate()
    agg.add(rec)
    agg.add_error("game 9: ValueError: <bad> & worse")
    text = render(agg.as_json(), "Report <for> A & B", {"players": 1, "pack": "x&y"})
    p = parse(text)
    assert p.title == "Report <for> A & B"
    assert "Bab&lt;y&gt;lon &amp; Co A" in text and "Bab<y>lon" not in text
    assert "Tom &amp; Jerry&#x27;s &lt;Inn&gt;" in text
    assert "1 game(s) failed" in text and "&lt;bad&gt; &amp; worse" in text
    for root in svgs(text):
        assert root is not None
    assert_self_contained(text, p)


def test_render_with_no_finished_game():
    agg = Aggregate()
    agg.add_error("game 0: ValueError: this pack plays 3 to 7 players, not 8")
    text = render(agg.as_json(), "all failed", {"players": 8})
    p = parse(text)
    assert len(svgs(text)) == 3 and "1 game(s) failed" in "".join(p.text)


# -- the compare report ----------------------------------------------------------------------

def test_compare_report(compare_report):
    text, data, _ = compare_report
    p = parse(text)
    assert p.title == "rich-start against base"
    assert "<h1>rich-start against base</h1>" in text
    visible = "".join(p.text)
    for w in data["diff"]["win_rate_by_wonder"]:
        assert w in visible, w
    for heading in ("Win rate per wonder side", "Points per player", "Card build share"):
        assert f"<h2>{heading}</h2>" in text
    # significant rows are marked: 6 more starting coins raise treasury points
    assert data["diff"]["scores"]["treasury"]["significant"]
    assert re.search(r'<tr class="sig"><td>treasury</td>', text)
    sig = sum(v["significant"] for s in data["diff"].values() for v in s.values())
    diff_part = re.search(r'<section id="diff">(.*?)</section>', text, flags=re.S).group(1)
    assert diff_part.count('<tr class="sig">') == sig
    # the built-or-passed figures are an appendix of associations: no verdict, nothing flagged
    appendix = re.search(r'<section id="associations">(.*?)</section>', text, flags=re.S).group(1)
    assert "Appendix: associations" in appendix and '<tr class="sig">' not in appendix
    assert "<th>verdict</th>" not in appendix and len(data["b"]["associations"]["cards"]) > 50
    svgs(text)  # any SVG is well-formed
    assert_self_contained(text, p)


def test_compare_report_identical_packs(tmp_path):
    path = tmp_path / "same.html"
    code, _, err = _cli(["compare", "--bots", "greedy", "--pack", "base", "--pack", "base", "--games", "10", "--players", "3",
                         "--workers", "1", "--report", str(path)])
    assert code == 0, err
    text = path.read_text("utf-8")
    p = parse(text)
    assert 'class="sig"' not in text.split("</p>", 1)[1]  # nothing flagged (the note has class "note")
    assert "base against base" in p.title


def test_render_compare_escapes():
    diff = {"win_rate_by_wonder": {"A&B <x>": {"a": {"rate": 0.5}, "b": {"rate": 0.25}, "diff": -0.25,
                                               "p": 0.01, "significant": True}},
            "scores": {}, "cards_built_share": {}}
    text = render_compare(diff, "B <vs> A", {"A": "a&a"})
    p = parse(text)
    assert p.title == "B <vs> A" and "A&amp;B &lt;x&gt;" in text and "-25.0 pts" in text
    assert_self_contained(text, p)


# -- rendered by a real browser --------------------------------------------------------------

def chromium() -> str | None:
    for c in ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser")):
        if c and os.access(c, os.X_OK):
            return c
    return None


def run_chromium(tmp: Path, page: Path, *extra: str) -> subprocess.CompletedProcess:
    exe = chromium()
    if exe is None:
        pytest.skip("Chromium is not installed (looked for /usr/bin/chromium and `chromium` on PATH)")
    profile = tmp / "chromium-profile"
    cmd = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           f"--user-data-dir={profile}", *extra, page.resolve().as_uri()]
    env = {**os.environ, "HOME": str(tmp)}
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=90, cwd=tmp, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR"
    return struct.unpack(">II", head[16:24])


@pytest.mark.parametrize("which", ["simulate", "compare"])
def test_chromium_screenshot(which, sim_report, compare_report, tmp_path):
    _, _, page = sim_report if which == "simulate" else compare_report
    shot = tmp_path / "shot.png"
    run_chromium(tmp_path, page, f"--screenshot={shot}", "--window-size=1200,2000")
    assert shot.is_file()
    assert png_size(shot) == (1200, 2000)
    assert shot.stat().st_size > 20_000  # not a blank page


@pytest.mark.parametrize("which", ["simulate", "compare"])
def test_chromium_dom(which, sim_report, compare_report, tmp_path):
    text, data, page = sim_report if which == "simulate" else compare_report
    dom = run_chromium(tmp_path, page, "--dump-dom").stdout
    assert "<h1>" in dom and "</html>" in dom
    wonders = data["win_rate"]["by_wonder"] if which == "simulate" else data["diff"]["win_rate_by_wonder"]
    for w in wonders:
        assert w in dom, w
    if which == "simulate":
        assert dom.count("<svg") == text.count("<svg") == 3
        assert dom.count("<line") == text.count("<line")
        assert "fair share" in dom and "per card" in dom
    else:
        assert "Card build share" in dom and 'class="sig"' in dom

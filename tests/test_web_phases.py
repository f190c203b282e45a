"""The browser table names each phase as it is (issue 24): a draft is not "Age 1, turn N", a
card one may only keep says so (not "cannot be built"), and the leaders a player drafted are
shown to that player between the draft and the recruitments."""
from __future__ import annotations

from typing import Any

import pytest

from interpreter.players.game import Game
from interpreter.players.roster import make_bots
from interpreter.rules.moves import KEEP


@pytest.fixture(scope="module")
def screens() -> list[dict[str, Any]]:
    """Seat 0's screen at each decision of a greedy 4-player Leaders game."""
    pytest.importorskip("jinja2")
    from interpreter.cli.packs import compiled
    from interpreter.web.views import game_view
    g = Game(compiled("leaders"), make_bots("greedy", 4), seed=1, sides="A")
    out = []
    while not g.over:
        pending = g.pending()
        if not pending:
            break
        if 0 in pending and pending[0].kind == "move":
            moves = list(pending[0].moves)
            view = game_view(g, 0, moves, 0)
            view["phase"], view["keep_only"] = g.phase.kind, all(m.action == KEEP for m in moves)
            out.append(view)
        g.step(g.ask_bots())
    return out


def test_the_draft_and_the_recruitments_have_their_own_headings(screens) -> None:
    draft = [v["heading"] for v in screens if v["phase"] == "draft"]
    recruit = [v["heading"] for v in screens if v["phase"] == "recruit"]
    assert draft and all(h.startswith("Leader draft: draft from the leaders deck") for h in draft)
    assert draft[0].endswith("pick 1") and draft[1].endswith("pick 2")
    assert [h.rsplit(" ", 1)[-1] for h in recruit] == ["1", "2", "3"]  # before each age
    assert all("play one card of your leaders hand before Age" in h for h in recruit)
    assert not any(h.startswith("Age") for h in draft + recruit)
    assert [v["heading"] for v in screens if v["phase"] == "age"][0] == "Age 1, turn 1"


def test_a_card_to_keep_says_so(screens) -> None:
    first = next(v for v in screens if v["keep_only"])
    assert all(c["status"].startswith("keep it") for c in first["hand"])
    assert all(c["keeps"] and not c["builds"] for c in first["hand"])


def test_the_drafted_leaders_are_shown_to_their_owner_between_phases(screens) -> None:
    age1 = next(v for v in screens if v["heading"] == "Age 1, turn 1")
    (kept,) = age1["kept"]
    assert kept["name"] == "leaders" and len(kept["cards"]) == 3  # four drafted, one recruited
    recruiting = next(v for v in screens if v["phase"] == "recruit")
    assert recruiting["kept"] == []  # the hand being played is the hand shown, not a second list


def test_every_city_of_a_big_table_is_reachable() -> None:
    """At 8 players (Cities) the screen lists all eight cities, the player's own included, with
    each one's full view a click away; at 3 players the neighbours are the whole table."""
    pytest.importorskip("jinja2")
    from interpreter.cli.packs import compiled
    from interpreter.web.views import game_view
    g = Game(compiled("cities"), make_bots("greedy", 8), seed=2, sides="A")
    pending = g.pending()
    view = game_view(g, 0, list(pending[0].moves), 0)
    assert [c["seat"] for c in view["table"]] == list(range(8))
    assert {c["name"] for c in view["table"]} == {c.name for c in g.cities}
    small = Game(compiled("base"), make_bots("greedy", 3), seed=2, sides="A")
    assert game_view(small, 0, list(small.pending()[0].moves), 0)["table"] == []


def test_the_pages_render_the_phase_and_the_whole_table() -> None:
    """Through the web app: a Leaders game opens on its draft, headed as one, with keep
    buttons; a Cities game at 8 players lists every city in the page."""
    testclient = pytest.importorskip("starlette.testclient")
    from interpreter.cli.packs import compiled
    from interpreter.web.app import create_app
    page = testclient.TestClient(create_app(compiled("leaders"), players=4, seed=3)).get("/").text
    assert "Leader draft: draft from the leaders deck" in page and "Age 1, turn" not in page
    assert "Keep this card" in page and "cannot be built" not in page
    assert "Next wonder stage" not in page  # a draft builds nothing
    assert 'class="status why"' not in page and 'card blocked' not in page  # keeping is not a refusal
    page = testclient.TestClient(create_app(compiled("cities"), players=8, seed=3)).get("/").text
    assert 'id="whole-table"' in page and page.count('<details class="seat"') == 8

"""`remove N|all KIND tokens [for TARGET]` (issue 23, Telesilla in examples/leaders-later): cities
give tokens back; of conflict tokens worth different points each city chooses which."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from dsl.loader import load_pack
from interpreter.players.bots import GreedyBot, RandomBot
from interpreter.players.game import Game
from interpreter.game.conflicts import token_card
from interpreter.players.human import HumanBot
from interpreter.rules.compiled import compile_pack

REPO = Path(__file__).resolve().parents[1]
PACK = REPO / "examples" / "leaders-later"
_CP: dict[str, Any] = {}


def cp(ref: str = str(PACK)) -> Any:
    if ref not in _CP:
        _CP[ref] = compile_pack(load_pack(ref))
    return _CP[ref]


def _game(bots: Any = GreedyBot, ref: str = str(PACK)) -> Game:
    g = Game(cp(ref), [bots() for _ in range(3)], seed=2, wonders=["Gizah", "Babylon", "Rhodos"], sides="A",
             log=True)
    g.pending()
    return g


def _telesilla() -> Any:
    return next(c for c in cp().cards if c.name == "Telesilla")


def test_telesilla_drops_her_defeats_and_each_other_city_one_victory() -> None:
    g = _game()
    g.cities[0].tokens[:] = [1, -1, 3, -1]
    g.cities[1].tokens[:] = [-1, 5, 1, 3]
    g.cities[2].tokens[:] = [-1]
    for hook in _telesilla().effect.built_hooks:
        hook.when_built(g, 0)
    assert g.cities[0].tokens == [1, 3]
    assert g.cities[1].tokens == [-1, 5, 3]  # the greedy bot gives back the token worth least
    assert g.cities[2].tokens == [-1]  # no victory token: nothing to give back
    assert g.log["turns"][-1]["note"] == "remove victory token"
    assert g.log["turns"][-1]["moves"] == [{"player": 1, "card": "victory token +1", "action": "remove",
                                            "bank": 0, "left": 0, "right": 0}]


def test_one_value_only_is_no_question_and_more_than_held_takes_all() -> None:
    g = _game()
    asked: list[Any] = []
    g.choose_card = lambda seat, cards, purpose: asked.append(purpose) or 0  # type: ignore[method-assign]
    g.cities[1].tokens[:] = [3, -1, 3]
    g.remove_tokens(1, "victory", 1)
    assert g.cities[1].tokens == [-1, 3] and asked == []
    g.remove_tokens(1, "victory", 5)
    assert g.cities[1].tokens == [-1]
    g.cities[1].tokens[:] = [1, 5, 3]
    g.remove_tokens(1, "victory", 2)  # asked twice, one token at a time
    assert asked == ["remove victory token"] * 2 and g.cities[1].tokens == [5]


def test_the_choice_is_the_players_and_a_decline_gives_back_the_first() -> None:
    g = _game()
    offered: list[list[str]] = []

    def choose(seat: int, cards: list[Any], purpose: str) -> int | None:
        offered.append([c.name for c in cards])
        return 2 if len(offered) == 1 else None

    g.choose_card = choose  # type: ignore[method-assign]
    g.cities[2].tokens[:] = [5, 1, 3, 1]
    g.remove_tokens(2, "victory", 1)
    assert offered == [["victory token +1", "victory token +3", "victory token +5"]]
    assert g.cities[2].tokens == [1, 3, 1]
    g.remove_tokens(2, "victory", 1)
    assert g.cities[2].tokens == [3, 1]


def test_a_human_at_the_terminal_is_asked_with_the_token_values() -> None:
    said: list[str] = []
    answers = iter(["9", "2"])
    human = HumanBot(ask=lambda _: next(answers), say=said.append)
    g = Game(cp(), [GreedyBot(), human, GreedyBot()], seed=2, wonders=["Gizah", "Babylon", "Rhodos"], sides="A")
    g.pending()
    g.cities[1].tokens[:] = [1, 3, -1]
    g.remove_tokens(1, "victory", 1)
    assert g.cities[1].tokens == [1, -1]  # the second offered: the 3
    text = "\n".join(said)
    assert "remove victory token" in text and "1. victory token +1" in text and "2. victory token +3" in text
    assert "refused" in text  # 9 is not offered


def test_declared_kinds_are_counted_down(tmp_path: Path) -> None:
    (tmp_path / "pack.yaml").write_text("name: rk\nextends: cities\n", encoding="utf-8")
    (tmp_path / "cards.yaml").write_text(
        "cards:\n  - {name: Recall, age: 1, color: black, players: [3, 4], "
        "effect: \"remove 1 diplomacy token for others; remove all debt tokens\"}\n", encoding="utf-8")
    ref = str(tmp_path)
    g = _game(ref=ref)
    for c, (dip, debt) in zip(g.cities, [(1, 3), (2, 1), (0, 0)]):
        c.token_counts.update({"diplomacy": dip, "debt": debt})
    recall = next(c for c in cp(ref).cards if c.name == "Recall")
    for hook in recall.effect.built_hooks:
        hook.when_built(g, 0)
    assert [(c.token_counts["diplomacy"], c.token_counts["debt"]) for c in g.cities] == [(1, 0), (1, 1), (0, 0)]


def test_greedy_values_the_tokens_given_back() -> None:
    g = _game()
    g.cities[0].tokens[:] = [-1, -1]
    g.cities[1].tokens[:] = [5, 1]
    g.cities[2].tokens[:] = []
    obs = g.observe(0)
    drop_defeats, others_victory = _telesilla().effect.built_hooks
    assert drop_defeats.worth(obs, 0) == 2.0  # two defeat tokens of -1 gone
    assert others_victory.worth(obs, 0) == 0.5  # Bob's 1 (his least), half of it; Cyd none


def test_random_and_greedy_games_play_to_the_end() -> None:
    for bots in (RandomBot, GreedyBot):
        for seed in range(3):
            g = Game(cp(), [bots() for _ in range(4)], seed=seed, sides="random")
            assert len(g.play()["players"]) == 4


def test_a_game_with_token_questions_resumes_from_its_log(tmp_path: Path, capsys: Any) -> None:
    from interpreter.cli import main
    log = tmp_path / "log.json"
    args = ["play", "--pack", str(PACK), "--json", "--bots", "random"]
    assert main([*args, "--players", "4", "--seed", "23", "--log", str(log)]) == 0
    first = capsys.readouterr().out
    assert '"note": "remove victory token"' in log.read_text()
    assert main([*args, "--resume", str(log)]) == 0
    assert capsys.readouterr().out == first


def test_the_browser_shows_the_tokens_offered() -> None:
    from interpreter.web.answers import card_question
    g = _game()
    g.cities[1].tokens[:] = [1, 3]
    view: dict[str, Any] = {}
    cards = [token_card("victory", 1), token_card("victory", 3)]
    card_question(view, g, 1, cards, "remove victory token")
    assert [c["name"] for c in view["discard"]] == ["victory token +1", "victory token +3"]
    assert [c["code"] for c in view["discard"]] == ["discard:0", "discard:1"]
    assert view["choose_for"] == "remove victory token" and all("<svg" in c["svg"] for c in view["discard"])

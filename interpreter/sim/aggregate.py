"""Per-game records folded into the statistics a designer asks for (constant memory)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from interpreter.rules.scoring import CATEGORIES
from . import correction
from .cards import CardVerdicts
from .stats import CardStats, Rate, Tally, compare_means, compare_rates, diff_rates
from .watch import card_play

LINES = (*CATEGORIES, "total")
MAX_ERROR_SAMPLES = 5


def _first_errors(samples: list[str]) -> list[str]:
    """The samples of the lowest-numbered games ("game k: ..."), so which ones are kept
    does not depend on the order in which workers finish."""
    def key(s: str) -> tuple[int, int, str]:
        m = re.match(r"game (\d+)\b", s)
        return (0, int(m[1]), s) if m else (1, 0, s)
    return sorted(samples, key=key)[:MAX_ERROR_SAMPLES]


def game_record(game: Any, scores: dict[str, Any]) -> dict[str, Any]:
    """What one finished game contributes; small and picklable."""
    winners = set(scores["winners"])
    players = []
    for seat, (city, pad) in enumerate(zip(game.cities, scores["players"])):
        if city.unowned:  # a seat no player owns cannot win: it is no player's statistics
            continue
        players.append({
            "wonder": f"{city.side.wonder} {city.side.side}", "seat": seat,
            "bot": getattr(game.bots[seat], "name", "?"), "won": seat in winners,
            "score": {k: v for k, v in pad.items() if k not in ("name", "copied")},
            "built": [c.name for c in city.cards], "sold": [c.name for c in city.sold],
            "wonder_cards": [c.name for c in city.tucked], "plays": card_play(game, seat)})
    return {"players": players, "turns": game.turns_played, "actions": game.actions,
            "dealt": dict(game.dealt)}


@dataclass
class Aggregate:
    games: int = 0
    errors: int = 0
    error_samples: list[str] = field(default_factory=list)
    capped: int = 0
    turns: Tally = field(default_factory=Tally)
    actions: Tally = field(default_factory=Tally)
    wonder: dict[str, Rate] = field(default_factory=dict)
    wonder_scores: dict[str, dict[str, Tally]] = field(default_factory=dict)
    seat: dict[int, Rate] = field(default_factory=dict)
    bot: dict[str, Rate] = field(default_factory=dict)
    scores: dict[str, Tally] = field(default_factory=lambda: {k: Tally() for k in LINES})
    cards: dict[str, CardStats] = field(default_factory=dict)
    dealt: dict[str, int] = field(default_factory=dict)
    verdicts: CardVerdicts = field(default_factory=CardVerdicts)

    def add(self, rec: dict[str, Any]) -> None:
        self.games += 1
        self.turns.add(rec["turns"])
        self.actions.add(rec["actions"])
        for name, n in rec["dealt"].items():
            self.dealt[name] = self.dealt.get(name, 0) + n
        for p in rec["players"]:
            won = p["won"]
            self.wonder.setdefault(p["wonder"], Rate()).add(won)
            per = self.wonder_scores.setdefault(p["wonder"], {k: Tally() for k in LINES})
            for k, v in p["score"].items():  # the pack's lines (LINES, plus any it declares)
                per.setdefault(k, Tally()).add(v)
                self.scores.setdefault(k, Tally()).add(v)
            self.seat.setdefault(p["seat"], Rate()).add(won)
            self.bot.setdefault(p["bot"], Rate()).add(won)
            for name in p["built"]:
                cs = self.cards.setdefault(name, CardStats())
                cs.built += 1
                cs.win_when_built.add(won)
            for name in p["sold"]:
                self.cards.setdefault(name, CardStats()).sold += 1
            for name in p["wonder_cards"]:
                self.cards.setdefault(name, CardStats()).wonder += 1
            self.verdicts.add_player(won, p.get("plays", {}))

    def add_error(self, message: str) -> None:
        self.errors += 1
        self.error_samples = _first_errors([*self.error_samples, message])

    def merge(self, o: "Aggregate") -> None:
        self.games += o.games
        self.errors += o.errors
        self.error_samples = _first_errors(self.error_samples + o.error_samples)
        self.capped += o.capped
        self.turns.merge(o.turns)
        self.actions.merge(o.actions)
        for k, v in o.wonder.items():
            self.wonder.setdefault(k, Rate()).merge(v)
        for k, d in o.wonder_scores.items():
            ours = self.wonder_scores.setdefault(k, {x: Tally() for x in LINES})
            for x, t in d.items():
                ours.setdefault(x, Tally()).merge(t)
        for k2, v in o.seat.items():
            self.seat.setdefault(k2, Rate()).merge(v)
        for k, v in o.bot.items():
            self.bot.setdefault(k, Rate()).merge(v)
        for k, t in o.scores.items():
            self.scores.setdefault(k, Tally()).merge(t)
        for k, c in o.cards.items():
            self.cards.setdefault(k, CardStats()).merge(c)
        for k, n in o.dealt.items():
            self.dealt[k] = self.dealt.get(k, 0) + n
        self.verdicts.merge(o.verdicts)

    def front_runner(self) -> str:
        """The wonder side winning most often so far, for the progress line."""
        if not self.wonder:
            return ""
        name, r = max(sorted(self.wonder.items()), key=lambda kv: kv[1].rate)
        return f"{name} {100 * r.rate:.1f}%"

    def wonder_verdicts(self) -> dict[str, Any]:
        """Each wonder side's win rate against that of the other players of the same games,
        corrected over the sides tested."""
        total = Rate()
        for r in self.wonder.values():
            total.merge(r)
        others = {w: Rate(total.hits - r.hits, total.n - r.n) for w, r in sorted(self.wonder.items())}
        z = correction.simultaneous_z(sum(1 for w, o in others.items() if self.wonder[w].n and o.n))
        tests = {w: diff_rates(self.wonder[w], o, z) for w, o in others.items()}
        m = correction.apply(list(tests.values()))
        return {"wonder_correction": correction.describe(m, "wonder-side win rates against the others"),
                "wonders": {w: {"win_rate": self.wonder[w].as_json(), "others": others[w].as_json(),
                                "diff": t} for w, t in tests.items()}}

    def as_json(self, focus: tuple[str, ...] = ()) -> dict[str, Any]:
        """Every statistic; `focus`: the designer's cards, listed first among the verdicts."""
        g = max(self.games, 1)
        cards = {}
        for name in sorted(set(self.cards) | set(self.dealt)):
            c = self.cards.get(name, CardStats())
            dealt = self.dealt.get(name, 0)
            cards[name] = {
                "dealt_per_game": round(dealt / g, 4),
                "built_per_game": round(c.built / g, 4), "sold_per_game": round(c.sold / g, 4),
                "wonder_per_game": round(c.wonder / g, 4),
                "built_share": round(c.built / dealt, 4) if dealt else None,
                "built_share_ci95": [round(x, 4) for x in Rate(c.built, dealt).wilson()] if dealt else None,
                "win_rate_when_built": c.win_when_built.as_json(),
            }
        return {
            "games": self.games, "errors": self.errors, "error_samples": self.error_samples,
            "stopped_by_cap": self.capped,
            "game_length": {"turns": self.turns.as_json(), "actions": self.actions.as_json()},
            "win_rate": {
                "by_wonder": {k: v.as_json() for k, v in sorted(self.wonder.items())},
                "by_seat": {str(k): v.as_json() for k, v in sorted(self.seat.items())},
                "by_bot": {k: v.as_json() for k, v in sorted(self.bot.items())},
            },
            "scores": {k: t.as_json() for k, t in self.scores.items()},
            "scores_by_wonder": {w: {k: t.as_json() for k, t in d.items()}
                                 for w, d in sorted(self.wonder_scores.items())},
            "cards": cards,
            "verdicts": {**self.verdicts.as_json(focus), **self.wonder_verdicts()},
            "notes": {"win_rate": "a shared win (tie on points and coins) counts as a win for each",
                      "win_rate_when_built": "correlation, not cause: good players build good cards"},
        }


def compare(a: Aggregate, b: Aggregate) -> dict[str, Any]:
    """B against A: differences, p-values and significance (two-sided, Holm-corrected within
    each section); see compare_with_notes for the corrections' descriptions."""
    return compare_with_notes(a, b)[0]


def compare_with_notes(a: Aggregate, b: Aggregate) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the sections of compare, each section's correction as stated in the outputs)."""
    out: dict[str, Any] = {"win_rate_by_wonder": {}, "scores": {}, "cards_built_share": {},
                           "cards_win_when_built": {}}
    for w in sorted(set(a.wonder) | set(b.wonder)):
        ra, rb = a.wonder.get(w, Rate()), b.wonder.get(w, Rate())
        out["win_rate_by_wonder"][w] = {"a": ra.as_json(), "b": rb.as_json(), **compare_rates(ra, rb, True)}
    for k in [*LINES, *sorted((set(a.scores) | set(b.scores)) - set(LINES))]:
        ta, tb = a.scores.get(k, Tally()), b.scores.get(k, Tally())
        out["scores"][k] = {"a": ta.as_json(), "b": tb.as_json(), **compare_means(ta, tb, True)}
    for name in sorted(set(a.dealt) | set(b.dealt)):
        ra = Rate(a.cards.get(name, CardStats()).built, a.dealt.get(name, 0))
        rb = Rate(b.cards.get(name, CardStats()).built, b.dealt.get(name, 0))
        out["cards_built_share"][name] = {"a": ra.as_json(), "b": rb.as_json(), **compare_rates(ra, rb, True)}
    for name in sorted(set(a.cards) | set(b.cards)):
        ra, rb = (x.cards.get(name, CardStats()).win_when_built for x in (a, b))
        out["cards_win_when_built"][name] = {"a": ra.as_json(), "b": rb.as_json(), **compare_rates(ra, rb, True)}
    notes = {section: correction.describe(correction.apply(list(rows.values())), section.replace("_", " "),
                                          intervals=False) for section, rows in out.items()}
    return out, notes

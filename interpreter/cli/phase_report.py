"""What `wonders play` prints of the phases besides the ages: drafts, recruitments, the
table's revealed cards and its auctions."""
from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape

_ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}
_VERB = {"build": "builds", "wonder": "builds a wonder stage with", "sell": "sells",
         "copy": "copies"}


def phase_lines(log: dict[str, Any]) -> list[str]:
    """One line per player per draft (what they kept) and per recruitment (what they did)."""
    names = [p["name"] for p in log["players"]]
    lines: list[str] = []
    kept: dict[int, list[str]] = {}
    draft = ""
    for entry in log["turns"]:
        phase = entry.get("phase", "turn")
        if phase == "draft":
            draft = f"{entry.get('name', 'draft').capitalize()} (age {_ROMAN.get(entry['age'], entry['age'])})"
            for m in entry["moves"]:
                kept.setdefault(m["player"], []).append(m["card"])
            continue
        if kept:
            lines.append(f"{draft}: each player keeps one card and passes the rest")
            lines.extend(f"  {names[s]}: {', '.join(cards)}" for s, cards in sorted(kept.items()))
            kept = {}
        if phase == "market":  # one take a record, fewest points first
            age = _ROMAN.get(entry["age"], entry["age"])
            lines.extend(f"{entry.get('name', 'market').capitalize()} (age {age}): {names[m['player']]} "
                         f"takes {m['card']}" for m in entry["moves"])
            continue
        if phase == "auction":
            if not entry.get("note"):
                lines.append(auction_line(entry, names))
            continue
        if phase == "recruit":
            title = entry.get("name", "recruitment").capitalize()
            note = f", {entry['note']}" if entry.get("note") else ""
            lines.append(f"{title} (age {_ROMAN.get(entry['age'], entry['age'])}{note})")
            for m in entry["moves"]:
                paid = m.get("bank", 0) + m.get("left", 0) + m.get("right", 0)
                coins = f"{paid} coin" + ("s" if paid != 1 else "")
                cost = f" (free: {m['free']})" if m.get("free") else (f" ({coins})" if paid else "")
                lines.append(f"  {names[m['player']]} {_VERB.get(m['action'], m['action'])} "
                             f"{m['card']}{cost if m['action'] != 'sell' else ''}")
    return event_lines(log) + lines + seat_lines(log)


def auction_line(entry: dict[str, Any], names: list[str]) -> str:
    """One card sold at an auction: every bid, and who builds it (the single highest bid)."""
    bids = [(m["player"], m["bid"]) for m in entry["moves"]]
    top = max(b for _, b in bids)
    best = [s for s, b in bids if b == top]
    got = f"{names[best[0]]} builds it for {top} coin{'s' if top != 1 else ''}" if len(best) == 1 \
        else "a tie: nobody takes it (to the box)"
    return (f"{entry.get('name', 'auction').capitalize()} (age {_ROMAN.get(entry['age'], entry['age'])}): "
            f"{entry['moves'][0]['card']}: bids " + ", ".join(f"{names[s]} {b}" for s, b in bids) + f"; {got}")


def event_lines(log: dict[str, Any]) -> list[str]:
    """The cards the table revealed (phases of kind reveal), age by age, with their laws."""
    lines = []
    for e in log.get("events", []):
        age = _ROMAN.get(e["age"], e["age"])
        for card, text in zip(e["cards"], e["effects"]):
            lines.append(f"Age {age}, {e['phase']}: {card} is revealed for the whole table: {text}")
    return lines


def seat_lines(log: dict[str, Any]) -> list[str]:
    """Who played each turn for each seat no player owns, and what it did."""
    players = log["players"]
    names = [p["name"] for p in players]
    lines: list[str] = []
    for seat, p in enumerate(players):
        if not p.get("free_city"):
            continue
        lines.append(f"{p['name']} ({p['wonder']} {p['side']}), a city no player owns:")
        for entry in log["turns"]:
            for m in entry["moves"]:
                if m["player"] != seat or "by" not in m:
                    continue
                note = f", {entry['note']}" if entry.get("note") else ""
                paid = m.get("bank", 0) + m.get("left", 0) + m.get("right", 0)
                cost = f" (free: {m['free']})" if m.get("free") else \
                    (f" (paid {paid})" if paid and m["action"] != "sell" else "")
                lines.append(f"  age {_ROMAN.get(entry['age'], entry['age'])} turn {entry['turn']}{note}: "
                             f"played by {names[m['by']]}: {_VERB.get(m['action'], m['action'])} "
                             f"{m['card']}{cost}")
    return lines


def print_phases(log: dict[str, Any], console: Console | None = None) -> None:
    lines = phase_lines(log)
    if lines:
        (console or Console()).print("\n".join(escape(x) for x in lines) + "\n")

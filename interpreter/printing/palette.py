"""The colours of faces and icons, shared by cardface.py and icons.py (which draws the
icons cardface.py places, so the palette sits below both)."""
from __future__ import annotations

import hashlib
from typing import Any

Prim = tuple[Any, ...]

COLORS = {"brown": "#8b5a2b", "grey": "#8c8c8c", "blue": "#2f6db5", "yellow": "#e0b020",
          "red": "#c0392b", "green": "#2e8b57", "purple": "#7d3c98", "black": "#222222",
          "white": "#f4f4f4"}
RESOURCES = {"wood": "#6b8e23", "stone": "#9e9e9e", "ore": "#455a64", "clay": "#c0642e",
             "glass": "#4fc3f7", "loom": "#ba68c8", "papyrus": "#e6c98a"}
COIN = "#f2c230"


def hashed(name: str) -> str:
    """A stable, mid-bright colour for a name the palette lacks."""
    h = hashlib.sha1(name.encode()).digest()
    return "#%02x%02x%02x" % (60 + h[0] % 150, 60 + h[1] % 150, 60 + h[2] % 150)


def color_of(name: str) -> str:
    return COLORS.get(name) or hashed(name)


def resource_color(name: str) -> str:
    return RESOURCES.get(name) or hashed(name)


def ink_on(fill: str) -> str:
    """Black or white text, whichever reads better on `fill`."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#111111" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def short(resource: str) -> str:
    return resource[:2].capitalize()

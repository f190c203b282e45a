"""The page templates (Jinja2, autoescaped), shared by every route module."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

HERE = Path(__file__).parent
TEMPLATES = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape())
MAX_BODY = 4096  # bytes of a posted form (a move is a few dozen)


def render(name: str, **ctx: Any) -> str:
    return TEMPLATES.get_template(name).render(**ctx)

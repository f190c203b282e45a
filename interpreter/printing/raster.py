"""Face primitives as a Pillow image, for playtest tools that take pictures (`wonders print --png`,
`--sheet`, `--tts`).

Drawn straight from the primitives with Pillow's ImageDraw rather than through SVG: Pillow ships
wheels with FreeType built in, where cairosvg needs the system's cairo, so the `print`
extra installs anywhere with pip alone. Shapes are drawn at twice the size and scaled down, which
smooths their edges for little cost (a card at 300 dpi takes a few tens of milliseconds).

Units follow `to_svg`: millimetres, text size the font size in millimetres, text `y` its baseline.
A primitive kind this module does not know is skipped, so a face with new decorations still draws.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from interpreter.printing.cardface import Prim, split_alpha

DPI = 300
SUPERSAMPLE = 2
MM_PER_INCH = 25.4
# Debian's and other Linux places for DejaVu; elsewhere Pillow's own search by file name finds
# the system's fonts (Windows' and macOS's font folders included)
FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF")
FONT_FILES = {False: ("DejaVuSans.ttf", "Arial.ttf", "arial.ttf"),
              True: ("DejaVuSans-Bold.ttf", "Arial Bold.ttf", "arialbd.ttf")}
ANCHORS = {"start": "ls", "middle": "ms", "end": "rs"}


def pixels(mm: float, dpi: int) -> int:
    """A length in millimetres as whole pixels at `dpi`: the size of an image of that length."""
    return max(1, round(mm * dpi / MM_PER_INCH))


@lru_cache(maxsize=256)
def font(px: int, bold: bool) -> Any:
    """A TrueType font `px` pixels high: DejaVu (or Arial) when found, else Pillow's own font,
    which has no bold but needs no file."""
    from PIL import ImageFont

    for folder in FONT_DIRS:
        for name in FONT_FILES[bold]:
            path = Path(folder) / name
            if path.is_file():
                return ImageFont.truetype(str(path), px)
    for name in FONT_FILES[bold]:
        try:
            return ImageFont.truetype(name, px)  # Pillow searches the system's font folders
        except OSError:
            continue
    return ImageFont.load_default(size=px)


def _rgba(colour: str | None) -> tuple[int, int, int, int] | None:
    """'#rrggbb' or '#rrggbbaa' as an RGBA tuple; None (no paint) stays None."""
    colour, alpha = split_alpha(colour)
    if not colour:
        return None
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return r, g, b, round(alpha * 255)


def _draw(draw: Any, p: Prim, s: float) -> None:
    """One primitive onto `draw`, `s` pixels to the millimetre."""
    kind = p[0]
    if kind == "rect":
        _, x, y, w, h, fill, stroke, radius = p
        box = (x * s, y * s, (x + w) * s - 1, (y + h) * s - 1)
        draw.rounded_rectangle(box, radius=radius * s, fill=_rgba(fill), outline=_rgba(stroke),
                               width=max(1, round(0.4 * s)) if stroke else 0)
    elif kind == "circle":
        _, cx, cy, r, fill, stroke = p
        draw.ellipse(((cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s), fill=_rgba(fill),
                     outline=_rgba(stroke), width=max(1, round(0.3 * s)) if stroke else 0)
    elif kind == "line":
        _, x1, y1, x2, y2, stroke, width = p
        draw.line((x1 * s, y1 * s, x2 * s, y2 * s), fill=_rgba(stroke), width=max(1, round(width * s)))
    elif kind == "polygon":
        _, points, fill, stroke = p
        draw.polygon([(x * s, y * s) for x, y in points], fill=_rgba(fill), outline=_rgba(stroke),
                     width=max(1, round(0.3 * s)) if stroke else 0)
    elif kind == "text":
        _, x, y, text, size, fill, anchor, bold = p
        face = font(max(1, round(size * s)), bool(bold))
        draw.text((x * s, y * s), text, fill=_rgba(fill), font=face, anchor=ANCHORS.get(anchor, "ls"))


def _translucent(p: Prim) -> bool:
    fill = p[2] if p[0] == "polygon" else p[5] if p[0] in ("rect", "circle") else None
    return split_alpha(fill)[1] < 1.0


def render(prims: list[Prim], width: float, height: float, dpi: int = DPI,
           background: str = "#ffffff") -> Any:
    """The primitives of a `width` x `height` mm face as an RGB image at `dpi`. A translucent
    fill is composited over what lies beneath it (ImageDraw alone would replace those pixels)."""
    from PIL import Image, ImageDraw

    size = (pixels(width, dpi), pixels(height, dpi))
    big = (size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE)
    s = big[0] / width
    image = Image.new("RGBA", big, _rgba(background))
    draw = ImageDraw.Draw(image)
    for p in prims:
        if _translucent(p):
            layer = Image.new("RGBA", big, (0, 0, 0, 0))
            _draw(ImageDraw.Draw(layer), p, s)
            image.alpha_composite(layer)
            draw = ImageDraw.Draw(image)
        else:
            _draw(draw, p, s)
    return image.convert("RGB").resize(size, Image.Resampling.LANCZOS)

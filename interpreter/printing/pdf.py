"""Pages of face primitives as a PDF (reportlab, the `print` extra) or as SVG files."""
from __future__ import annotations

from pathlib import Path

from interpreter.printing.cardface import split_alpha, to_svg
from .layout import Page

FONTS = {False: "Helvetica", True: "Helvetica-Bold"}


def write_pdf(pages: list[Page], path: str, title: str = "") -> None:
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    first = pages[0] if pages else Page(210, 297, [], "")
    canvas = Canvas(path, pagesize=(first.width * mm, first.height * mm))
    canvas.setTitle(title)
    for page in pages:
        canvas.setPageSize((page.width * mm, page.height * mm))
        top = page.height * mm
        for p in page.prims:
            kind = p[0]
            if kind == "rect":
                _, x, y, w, h, fill, stroke, radius = p
                fill, alpha = split_alpha(fill)
                if fill:
                    canvas.setFillColor(fill)
                    canvas.setFillAlpha(alpha)
                if stroke:
                    canvas.setStrokeColor(stroke)
                    canvas.setLineWidth(0.4 * mm)
                canvas.roundRect(x * mm, top - (y + h) * mm, w * mm, h * mm, radius * mm,
                                 stroke=1 if stroke else 0, fill=1 if fill else 0)
                canvas.setFillAlpha(1)
            elif kind == "circle":
                _, cx, cy, r, fill, stroke = p
                if fill:
                    canvas.setFillColor(fill)
                if stroke:
                    canvas.setStrokeColor(stroke)
                    canvas.setLineWidth(0.3 * mm)
                canvas.circle(cx * mm, top - cy * mm, r * mm, stroke=1 if stroke else 0, fill=1 if fill else 0)
            elif kind == "polygon":
                _, points, fill, stroke = p
                path = canvas.beginPath()
                path.moveTo(points[0][0] * mm, top - points[0][1] * mm)
                for x, y in points[1:]:
                    path.lineTo(x * mm, top - y * mm)
                path.close()
                if fill:
                    canvas.setFillColor(fill)
                if stroke:
                    canvas.setStrokeColor(stroke)
                    canvas.setLineWidth(0.3 * mm)
                canvas.drawPath(path, stroke=1 if stroke else 0, fill=1 if fill else 0)
            elif kind == "line":
                _, x1, y1, x2, y2, stroke, width = p
                canvas.setStrokeColor(stroke)
                canvas.setLineWidth(width * mm)
                canvas.line(x1 * mm, top - y1 * mm, x2 * mm, top - y2 * mm)
            else:
                _, x, y, text, size, fill, anchor, bold = p
                canvas.setFillColor(fill)
                canvas.setFont(FONTS[bool(bold)], size * mm)
                draw = {"start": canvas.drawString, "middle": canvas.drawCentredString,
                        "end": canvas.drawRightString}[anchor]
                draw(x * mm, top - y * mm, text)
        canvas.showPage()
    canvas.save()


def write_svgs(pages: list[Page], folder: str) -> list[Path]:
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for i, page in enumerate(pages, 1):
        path = out / f"page-{i:03d}.svg"
        path.write_text(to_svg(page.prims, page.width, page.height), encoding="utf-8")
        written.append(path)
    return written

"""Printed mazes as one PDF, drawn with fpdf2 (the ``print`` extra): a page per drawing.

Each page has the title line, the maze fitted to the paper and its number ("3 / 6").  The
file is the same bytes for the same pages: its creation date is fixed.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import TYPE_CHECKING

from game.export.geometry import Drawing
from game.export.page import MARGIN, TITLE_SIZE, Layout

if TYPE_CHECKING:
    from fpdf import FPDF

#: What the PDF says made it, and its fixed date (same pages, same bytes).
PRODUCER = "Migong"
_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)
_SOLUTION_RGB = (214, 39, 40)
#: Points per millimetre (fpdf2 takes font sizes in points).
_PT = 72 / 25.4


def latin1(text: str) -> str:
    """Return ``text`` with what PDF's core fonts cannot show replaced by ``?``."""
    return text.encode("latin-1", "replace").decode("latin-1")


def pdf_document(pages: list[tuple[Drawing, Layout, str]]) -> bytes:
    """Return the PDF of ``pages``: (drawing, layout, title) each, in order."""
    from fpdf import FPDF

    pdf = FPDF(unit="mm", format="A4")
    pdf.set_creation_date(_DATE)
    pdf.set_producer(PRODUCER)
    pdf.set_creator(PRODUCER)
    pdf.set_auto_page_break(False)
    if pages:
        pdf.set_title(latin1(pages[0][2]))
    for number, (drawing, layout, title) in enumerate(pages, start=1):
        pdf.add_page(orientation="L" if layout.landscape else "P",
                     format=(min(layout.width, layout.height), max(layout.width, layout.height)))
        _page(pdf, drawing, layout, latin1(title), f"{number} / {len(pages)}")
    return bytes(pdf.output())


def _page(pdf: FPDF, drawing: Drawing, layout: Layout, title: str, number: str) -> None:
    """Draw one page: the title, the maze, the page number."""
    pdf.set_text_color(0)
    pdf.set_font("helvetica", size=TITLE_SIZE * _PT)
    pdf.text(layout.x(0), layout.title_y, title)
    pdf.text(layout.width - MARGIN - pdf.get_string_width(number), layout.height - MARGIN, number)
    x, y = layout.x, layout.y
    with pdf.local_context(stroke_cap_style="square", stroke_join_style="miter",
                           line_width=layout.wall_width, draw_color=0, fill_color=0):
        for x1, y1, x2, y2 in drawing.walls:
            pdf.line(x(x1), y(y1), x(x2), y(y2))
        side = layout.wall_width
        for px, py in drawing.posts:
            pdf.rect(x(px) - side / 2, y(py) - side / 2, side, side, style="F")
        for shape in drawing.arrows:
            pdf.polygon([(x(a), y(b)) for a, b in shape], style="F")
    if drawing.hatch:
        with pdf.local_context(line_width=0.4 * layout.wall_width, draw_color=0):
            for x1, y1, x2, y2 in drawing.hatch:
                pdf.line(x(x1), y(y1), x(x2), y(y2))
    if drawing.solution:
        with pdf.local_context(stroke_cap_style="round", stroke_join_style="round",
                               line_width=layout.solution_width, draw_color=_SOLUTION_RGB):
            pdf.polyline([(x(a), y(b)) for a, b in drawing.solution])
    _labels(pdf, drawing, layout)


def _labels(pdf: FPDF, drawing: Drawing, layout: Layout) -> None:
    """Draw the tiles' letters, ringed (keys) or boxed (doors)."""
    if not drawing.labels:
        return
    unit, x, y = layout.unit, layout.x, layout.y
    pdf.set_font("helvetica", style="B", size=0.95 * unit * _PT)
    with pdf.local_context(line_width=0.6 * layout.wall_width, draw_color=0, fill_color=255):
        for label in drawing.labels:
            cx, cy = x(label.x), y(label.y)
            if label.frame == "circle":
                pdf.circle(cx, cy, 0.62 * unit, style="DF")
            elif label.frame == "box":
                pdf.rect(cx - 0.6 * unit, cy - 0.6 * unit, 1.2 * unit, 1.2 * unit, style="DF")
            pdf.text(cx - pdf.get_string_width(label.text) / 2, cy + 0.33 * unit, label.text)

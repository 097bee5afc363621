"""A printed maze as SVG: clean vector lines, one page that scales to the paper.

Written by hand, no library: the page is ``width``/``height`` in millimetres with a
``viewBox`` in millimetres, and the maze a group scaled from tile units, so each wall run
is one ``<line>`` with whole-number ends.  Groups by id: ``walls`` (the ``<line>`` runs),
``posts``, ``hatch``, ``arrows``, the answer's ``solution`` and the tiles' ``labels``
(over the answer, on white, so a key on the way stays readable).
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from game.export.geometry import Drawing
from game.export.page import TITLE_SIZE, Layout

FONT = "Helvetica, Arial, sans-serif"
SOLUTION_COLOUR = "#d62728"


def num(value: float) -> str:
    """Return ``value`` as short SVG number text: at most three decimals, no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def points(pts: list[tuple[float, float]]) -> str:
    """Return points as an SVG ``points`` list: ``x,y x,y ...``."""
    return " ".join(f"{num(x)},{num(y)}" for x, y in pts)


def svg_page(drawing: Drawing, layout: Layout, title: str) -> str:
    """Return the SVG document of one page: the title line above the maze."""
    unit = layout.unit
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(layout.width)}mm" '
        f'height="{num(layout.height)}mm" viewBox="0 0 {num(layout.width)} {num(layout.height)}">\n',
        f"<title>{escape(title)}</title>\n",
        '<rect width="100%" height="100%" fill="white"/>\n',
        f'<text x="{num(layout.x(0))}" y="{num(layout.title_y)}" font-family="{FONT}" '
        f'font-size="{num(TITLE_SIZE)}" fill="black">{escape(title)}</text>\n',
        f'<g transform="translate({num(layout.x(0))} {num(layout.y(0))}) scale({num(unit)})" '
        f'fill="none" stroke="black" stroke-linecap="square" stroke-linejoin="miter">\n',
    ]
    out.append(f'<g id="walls" stroke-width="{num(layout.wall_width / unit)}">\n')
    out += [f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}"/>\n'
            for x1, y1, x2, y2 in drawing.walls]
    out.append("</g>\n")
    if drawing.posts:
        side = layout.wall_width / unit
        out.append('<g id="posts" fill="black" stroke="none">\n')
        out += [f'<rect x="{num(x - side / 2)}" y="{num(y - side / 2)}" width="{num(side)}" '
                f'height="{num(side)}"/>\n' for x, y in drawing.posts]
        out.append("</g>\n")
    if drawing.hatch:
        d = "".join(f"M{num(x1)} {num(y1)}L{num(x2)} {num(y2)}"
                    for x1, y1, x2, y2 in drawing.hatch)
        out.append(f'<path id="hatch" stroke-width="{num(0.4 * layout.wall_width / unit)}" '
                   f'stroke-linecap="butt" d="{d}"/>\n')
    out.append('<g id="arrows" fill="black" stroke="none">\n')
    out += [f'<polygon points="{points(shape)}"/>\n' for shape in drawing.arrows]
    out.append("</g>\n")
    if drawing.solution:
        out.append(f'<polyline id="solution" points="{points(drawing.solution)}" '
                   f'stroke={quoteattr(SOLUTION_COLOUR)} '
                   f'stroke-width="{num(layout.solution_width / unit)}" stroke-linecap="round" '
                   f'stroke-linejoin="round"/>\n')
    if drawing.labels:
        out.append(f'<g id="labels" stroke-width="{num(0.6 * layout.wall_width / unit)}">\n')
        for label in drawing.labels:
            if label.frame == "circle":
                out.append(f'<circle cx="{num(label.x)}" cy="{num(label.y)}" r="0.62" fill="white"/>\n')
            elif label.frame == "box":
                out.append(f'<rect x="{num(label.x - 0.6)}" y="{num(label.y - 0.6)}" '
                           f'width="1.2" height="1.2" fill="white"/>\n')
            out.append(f'<text x="{num(label.x)}" y="{num(label.y + 0.33)}" font-family="{FONT}" '
                       f'font-size="0.95" font-weight="bold" text-anchor="middle" fill="black" '
                       f'stroke="none">{escape(label.text)}</text>\n')
        out.append("</g>\n")
    out.append("</g>\n</svg>\n")
    return "".join(out)

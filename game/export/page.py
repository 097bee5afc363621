"""Where a drawing goes on the paper: paper sizes, margins, the title band, the scale.

Pure arithmetic in millimetres, shared by the SVG, PDF and PNG writers so that the three
print the same page.  The maze is fitted to the paper inside the margins, below the title
line and above the page number, portrait or landscape, whichever prints it larger; a maze
whose corridors would come out narrower than :data:`MIN_CORRIDOR` is refused as illegible.
What is printed, the title line and the maze's lines below it, is then centred on the
page (:func:`place`): a maze never sits high with the blank paper below it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

from game.export.geometry import PAD, Drawing, drawing_bounds, ink_span

#: Paper sizes in millimetres, portrait (width, height).
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
DEFAULT_PAPER = "a4"
MARGIN = 12.0
#: The band above the maze for the title line, and below it for the page number.
TITLE_BAND = 10.0
FOOTER_BAND = 7.0
#: The title's and the page number's text height (cap height about 0.7 of it), mm.
TITLE_SIZE = 4.5
#: Between the title's baseline and the top of the maze's lines, mm.
TITLE_GAP = 4.0
#: The title's capital height against its text height.
CAP_HEIGHT = 0.7
#: Narrowest printable corridor (two tile units: a cell and its wall line), mm.
MIN_CORRIDOR = 2.5
#: Widest corridor: a tiny maze is not blown up to fill the page.
MAX_CORRIDOR = 16.0


@dataclass(frozen=True)
class Layout:
    """A page: its size, and where and how large the drawing's tile units land on it (mm)."""

    width: float
    height: float
    landscape: bool
    unit: float  # millimetres per tile unit
    left: float  # where the drawing's bounds begin on the page
    top: float
    #: The title line's baseline (None: just above the drawing's bounds).
    title_baseline: Optional[float] = None

    @property
    def title_y(self) -> float:
        """Return the page position (mm) of the title line's baseline."""
        return self.top - 2 if self.title_baseline is None else self.title_baseline

    def x(self, x: float) -> float:
        """Return the page position (mm) of the drawing's ``x`` (tile units)."""
        return self.left + (x + PAD) * self.unit

    def y(self, y: float) -> float:
        """Return the page position (mm) of the drawing's ``y`` (tile units)."""
        return self.top + (y + PAD) * self.unit

    @property
    def wall_width(self) -> float:
        """Return the thickness of a wall line, mm."""
        return min(1.0, max(0.3, 0.14 * self.unit))

    @property
    def solution_width(self) -> float:
        """Return the thickness of the solution line, mm."""
        return 0.25 * self.unit


def _area(paper: tuple[float, float]) -> tuple[float, float]:
    """Return the width and height (mm) left for the maze on a portrait page."""
    width, height = paper
    return width - 2 * MARGIN, height - 2 * MARGIN - TITLE_BAND - FOOTER_BAND


def fit(rows: int, cols: int, paper: str) -> Layout:
    """Return the page a ``rows`` x ``cols`` maze prints on: the larger of the two orientations."""
    _, _, bw, bh = drawing_bounds(rows, cols)
    best = None
    for landscape in (False, True):
        width, height = PAPERS[paper][::-1] if landscape else PAPERS[paper]
        aw, ah = _area((width, height))
        unit = min(aw / bw, ah / bh, MAX_CORRIDOR / 2)
        if best is None or unit > best.unit:
            left = (width - bw * unit) / 2
            top = MARGIN + TITLE_BAND + (ah - bh * unit) / 2
            best = Layout(width, height, landscape, unit, left, top)
    assert best is not None
    return best


def place(drawing: Drawing, paper: str) -> Layout:
    """Return ``drawing``'s page: fitted as :func:`fit` does, the title and the maze centred.

    The block centred is what prints: from the title's capitals to the lowest line of the
    maze (its arrows included), kept inside the margins and above the page number.
    """
    layout = fit(drawing.rows, drawing.cols, paper)
    first, last = ink_span(drawing)
    head = CAP_HEIGHT * TITLE_SIZE + TITLE_GAP
    block = head + (last - first) * layout.unit
    low = layout.height - MARGIN - FOOTER_BAND - block
    block_top = max(MARGIN, min(low, (layout.height - block) / 2))
    ink_top = block_top + head  # where the drawing's row ``first`` lands
    return replace(layout, top=ink_top - (first + PAD) * layout.unit,
                   title_baseline=ink_top - TITLE_GAP)


def legible(rows: int, cols: int, paper: str) -> bool:
    """Return True when the maze's corridors print at least :data:`MIN_CORRIDOR` wide."""
    return 2 * fit(rows, cols, paper).unit >= MIN_CORRIDOR - 1e-9


def largest(paper: str, *, landscape: bool = False) -> tuple[int, int]:
    """Return the largest legible odd ``rows``, ``cols`` on ``paper``, upright or across."""
    aw, ah = _area(PAPERS[paper][::-1] if landscape else PAPERS[paper])
    unit = MIN_CORRIDOR / 2

    def side(room: float) -> int:
        """Return the largest odd side whose drawing fits ``room`` mm."""
        n = int(room / unit - 2 * PAD + 1e-9) + 1
        return n if n % 2 else n - 1

    return side(ah), side(aw)

"""The editor's tool bar: the maze's name, then a button per tool across the top.

Each button reads, as room allows, in full ("5 Red key (K)"), by name, or by digit; the
key and door tools show their art in the colour in hand.
"""

from __future__ import annotations

import pygame

from game.edit.model import TOOLS, Editor
from game.play import theme
from game.play.render.looks import draw_kind
from game.play.widgets.layout import Layout
from game.play.widgets.text import draw_text, ellipsize, font
from game.text import t


def draw_tool_bar(surface: pygame.Surface, lay: Layout,
                  editor: Editor) -> tuple[int, list[tuple[pygame.Rect, int]]]:
    """Draw the maze's name and the tool buttons across the top.

    Return the bar's bottom and each button's rect with its tool's index in TOOLS.
    """
    ui = theme.current().ui
    w = lay.width
    f = font(lay.font_size(24))
    pad = lay.px(6, lo=2)
    row = f.get_linesize() + 2 * pad
    bar = pygame.Rect(0, 0, w, 2 * row)
    surface.fill(ui.panel, bar)
    pygame.draw.line(surface, ui.panel_edge, (0, bar.bottom - 1), (w, bar.bottom - 1))
    path = editor.path
    name = path.name if path is not None else t("editor.untitled")
    if editor.dirty:
        name = t("editor.name_unsaved", name=name)
    maze = editor.maze
    title = t("editor.title_line", name=name, rows=maze.rows, cols=maze.cols)
    draw_text(surface, title, f, ui.accent, (lay.margin // 2, row // 2), anchor="midleft",
              max_width=w - lay.margin)
    rects: list[tuple[pygame.Rect, int]] = []
    x = lay.margin // 2
    colour = editor.colour
    icon = row - 2 * pad  # the key or the door a coloured tool's button shows
    labels, widths = tool_labels(editor, f, pad, pad + icon, w - lay.margin)
    for i, tool in enumerate(TOOLS):
        width = min(widths[i], max(1, w - x - pad))
        rect = pygame.Rect(x, row + pad // 2, width, row - pad)
        chosen = tool == editor.tool
        pygame.draw.rect(surface, ui.accent if chosen else ui.tile_open, rect,
                         border_radius=pad)
        text = rect.inflate(-pad, 0)
        if tool.coloured and icon > 0:
            art = pygame.Rect(rect.x + pad, rect.centery - icon // 2, icon, icon)
            draw_kind(surface, art, tool.kinds[colour % len(tool.kinds)])
            text.left, text.width = art.right, rect.right - art.right - pad // 2
        draw_text(surface, ellipsize(labels[i], f, text.width), f,
                  ui.accent_dark if chosen else ui.text, text.center)
        rects.append((rect, i))
        x = rect.right + pad
    return bar.bottom, rects


def tool_labels(editor: Editor, f: pygame.font.Font, pad: int, icon: int,
                room: int) -> tuple[list[str], list[int]]:
    """Return the tool buttons' labels and widths: the longest that fit in ``room`` px.

    In full ("5 Red key (K)"), else with the key only ("Red key K"), else the names, else
    the digits; each button has ``pad``
    px round its label and a gap after, a coloured tool's ``icon`` px more for its art.
    """
    colour = editor.colour
    tiers = (
        [t("editor.tool_key", digit=i + 1, tool=t(tool.label(colour)),
           letter=tool.shortcut) for i, tool in enumerate(TOOLS)],
        [t("editor.tool_letter", tool=t(tool.label(colour)), letter=tool.shortcut)
         for tool in TOOLS],
        [t(tool.label(colour)) for tool in TOOLS],
        [str(i + 1) for i in range(len(TOOLS))],
    )
    for labels in tiers:
        widths = [f.size(label)[0] + 2 * pad + (icon if tool.coloured else 0)
                  for label, tool in zip(labels, TOOLS)]
        if sum(widths) + pad * len(widths) <= room:
            break
    return labels, widths

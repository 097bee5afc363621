"""The camera, as the player drives it with the zoom keys and the wheel."""

from __future__ import annotations

from game.play.camera import Camera


def test_zooming_out_stops_once_the_whole_maze_is_shown():
    # The Cellar (15x15) fills a 680 px high view at 45 px a tile; four wheel notches
    # out used to shrink it to a small island in the middle of the window.
    cam = Camera(15, 15, 1280, 680)
    fit = 680 // 15
    cam.zoom(-4)
    assert cam.tile == fit
    cam.zoom(-1)
    assert cam.tile == fit


def test_a_big_maze_still_zooms_out_all_the_way_to_fit():
    cam = Camera(2001, 2001, 1280, 680)
    for _ in range(40):
        cam.zoom(-1)
    assert cam.tile == cam.fit_tile() and 2001 * cam.tile <= 680
    cam.zoom(1)
    assert cam.tile > cam.fit_tile()


def test_a_maze_shown_whole_keeps_its_margin_free_all_round():
    # the rings on the entrance and the exit reach past the maze's edge tiles
    for rows, cols, w, h in ((2001, 2001, 1280, 656), (11, 11, 1280, 656), (21, 61, 640, 480)):
        cam = Camera(rows, cols, w, h, margin=16)
        cam.fit()
        x, y = cam.origin()
        assert x >= 16 and y >= 16, (rows, cols)
        assert x + cols * cam.tile <= w - 16 and y + rows * cam.tile <= h - 16, (rows, cols)


def test_a_scrolled_maze_keeps_its_margin_free_beside_the_edge_it_stops_at():
    # at the smallest window a big maze scrolls: a player on its edge was cut by the window
    for w, h in ((320, 202), (640, 420), (1280, 656)):
        cam = Camera(201, 201, w, h, margin=16)
        for row, col in ((1, 0), (199, 200), (0, 100), (200, 100)):
            cam.follow(row, col, 0.0, snap=True)
            x, y = cam.to_screen(row, col)
            assert 16 <= x and x + cam.tile <= w - 16, (w, h, row, col)
            assert 16 <= y and y + cam.tile <= h - 16, (w, h, row, col)

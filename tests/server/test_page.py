"""The board's page in a real headless browser (Chromium from Debian's packages).

A real ``migong serve`` takes two daily runs of today; Chromium loads ``GET /`` at a
phone's width, and its DOM and its screenshot must show both runs and the histogram.
Set ``MIGONG_PAGE_SHOT=FILE`` to keep the screenshot.  Under CI a missing Chromium fails;
off CI it is skipped, saying how to install it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from game.daily import utc_today
from game.server.client import submit
from tests.server.conftest import daily_doc
from tests.server.test_durability import free_port, start_server

#: A phone's screen, in CSS pixels.
PHONE = (390, 844)


def chromium() -> str:
    """Return Chromium's command, or fail (CI) / skip (elsewhere) when it is missing."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("CI"):
        pytest.fail("Chromium is not installed (apt-get install -y chromium)")
    pytest.skip("Chromium is not installed (apt-get install -y chromium)")


def browse(browser: str, url: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run headless Chromium on ``url`` with ``args``; return what it did."""
    return subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                           "--hide-scrollbars", f"--window-size={PHONE[0]},{PHONE[1]}",
                           "--virtual-time-budget=3000", *args, url],
                          capture_output=True, text=True, timeout=120)


def test_the_page_shows_todays_runs_and_histogram_on_a_phone(tmp_path: Path) -> None:
    browser = chromium()
    port = free_port()
    server = f"http://127.0.0.1:{port}"
    proc = start_server(f"sqlite:///{tmp_path / 'board.sqlite3'}", port, tmp_path / "log")
    try:
        today = utc_today().isoformat()
        for name, detour in (("Ada", 0), ("张三丰", 2), ("bo_9", 5)):
            status, _ = submit(server, daily_doc(utc_today(), detour=detour), name, today)
            assert status == 201
        dom = browse(browser, server + "/", "--dump-dom")
        assert dom.returncode == 0, dom.stderr[-800:]
        assert "Ada" in dom.stdout and "张三丰" in dom.stdout and "bo_9" in dom.stdout
        assert dom.stdout.count('class="bar"') >= 1 and today in dom.stdout
        shot = Path(os.environ.get("MIGONG_PAGE_SHOT") or tmp_path / "page.png")
        taken = browse(browser, server + "/", f"--screenshot={shot}")
        assert taken.returncode == 0 and shot.is_file(), taken.stderr[-800:]
        with Image.open(shot) as image:
            assert image.size == PHONE
            colours = image.convert("RGB").getcolors(maxcolors=1 << 16)
        assert colours is not None and len(colours) > 20  # text and bars, not a blank page
        bar_blue = sum(n for n, (r, g, b) in colours if b > 180 and r < 120 and g > 120)
        assert bar_blue > 100  # the histogram's bars are drawn
    finally:
        proc.terminate()
        proc.wait(timeout=20)

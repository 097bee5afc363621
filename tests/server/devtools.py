"""Headless Chromium driven over its DevTools pipe: load a page, run JavaScript in it.

``--remote-debugging-pipe`` makes Chromium read DevTools commands from its fd 3 and write
answers to its fd 4, each a JSON message ending in a NUL byte: no socket, no library.
"""

from __future__ import annotations

import fcntl
import json
import os
import select
import subprocess
import tempfile
import time
from types import TracebackType
from typing import Any, Optional

#: Seconds to wait for one answer of the browser.
WAIT = 60.0


class Browser:
    """One headless Chromium showing one page, at a window size, driven over its pipe."""

    def __init__(self, command: str, url: str, size: tuple[int, int]) -> None:
        self.command, self.url, self.size = command, url, size
        self._next = 0
        self._buffer = b""

    def __enter__(self) -> "Browser":
        """Start Chromium on the page and attach to it."""
        self._profile = tempfile.TemporaryDirectory(prefix="migong-chromium-")
        to_child, self._send = _high_pipe()
        self._read, from_child = _high_pipe()

        def wire() -> None:
            os.dup2(to_child, 3)
            os.dup2(from_child, 4)

        self.proc = subprocess.Popen(
            [self.command, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--remote-debugging-pipe", f"--user-data-dir={self._profile.name}",
             f"--window-size={self.size[0]},{self.size[1]}", self.url],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=wire, pass_fds=(3, 4))
        os.close(to_child)
        os.close(from_child)
        deadline = time.monotonic() + WAIT
        while True:
            pages = [t for t in self.call("Target.getTargets")["targetInfos"]
                     if t["type"] == "page"]
            if pages or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert pages, "Chromium opened no page"
        self.session = self.call("Target.attachToTarget",
                                 {"targetId": pages[0]["targetId"], "flatten": True})["sessionId"]
        width, height = self.size  # headless windows are at least 500 wide: emulate a phone
        self.call("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500},
            self.session)
        while self._href() in (None, "about:blank") and time.monotonic() < deadline:
            time.sleep(0.1)  # the first page may still be the blank one
        return self

    def __exit__(self, kind: Optional[type[BaseException]], exc: Optional[BaseException],
                 tb: Optional[TracebackType]) -> None:
        """Close Chromium and its profile."""
        try:
            self.call("Browser.close")
        except (OSError, AssertionError):
            pass
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._send)
        os.close(self._read)
        self._profile.cleanup()

    def call(self, method: str, params: Optional[dict[str, Any]] = None,
             session: Optional[str] = None) -> dict[str, Any]:
        """Send one DevTools command; return its result (assert it did not fail)."""
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._send, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + WAIT
        while True:
            while b"\0" not in self._buffer:
                left = deadline - time.monotonic()
                assert left > 0 and select.select([self._read], [], [], left)[0], \
                    f"Chromium did not answer {method}"
                chunk = os.read(self._read, 1 << 16)
                assert chunk, f"Chromium closed its pipe during {method}"
                self._buffer += chunk
            raw, _, self._buffer = self._buffer.partition(b"\0")
            answer = json.loads(raw)
            if answer.get("id") == self._next:
                assert "error" not in answer, f"{method}: {answer['error']}"
                return dict(answer["result"])

    def run(self, script: str) -> Any:
        """Return the value of ``script`` in the page, once it has loaded."""
        loaded = ("new Promise(r => document.readyState === 'complete' ? r() : "
                  "addEventListener('load', () => r()))")
        result = self.call("Runtime.evaluate", {
            "expression": f"{loaded}.then(() => ({script}))", "awaitPromise": True,
            "returnByValue": True}, self.session)
        assert "exceptionDetails" not in result, result["exceptionDetails"]
        return result["result"].get("value")

    def run_after(self, action: str, search: str) -> None:
        """Run ``action`` (one that navigates) and wait until the page at ``search`` has loaded."""
        self.run(f"(setTimeout(() => {{ {action} }}, 0), 1)")
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            href = self._href()
            if href is not None and "".join(href.partition("?")[1:]) == search:
                return
            time.sleep(0.1)
        raise AssertionError(f"the page never reached {search!r}")

    def _href(self) -> Optional[str]:
        """Return the page's address once it has loaded, None while it changes."""
        try:
            return str(self.run("location.href"))
        except AssertionError:  # the old page went away while it was asked
            return None


def _high_pipe() -> tuple[int, int]:
    """Return a pipe's (read, write) descriptors, both above 4 (clear of fds 3 and 4)."""
    read, write = os.pipe()
    high = fcntl.fcntl(read, fcntl.F_DUPFD, 10), fcntl.fcntl(write, fcntl.F_DUPFD, 10)
    os.close(read)
    os.close(write)
    return high

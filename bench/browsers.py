"""Does the game start in Firefox and in WebKit? A first and a return visit of the built site in Debian's
firefox-esr and in WebKitGTK (the MiniBrowser that WebKitWebDriver drives), beside the Chromium the e2e
tests use.

    apt-get install -y firefox-esr webkit2gtk-driver xvfb     # once (as root, DEBIAN_FRONTEND=noninteractive)
    python3 build.py build                                   # dist/
    .venv/bin/python bench/browsers.py [--browsers firefox,webkit] [--dist DIR] [--timeout 180]

dist/ is served by the project's own server (build.make_server) on http://127.0.0.1:PORT/, a secure context,
so the service worker and its caches work. For each browser, in a fresh profile:

- first visit: the page is opened; "ready" is the page's own ``data-ready-at`` (performance.now() when
  ``document.body.dataset.ready`` became '1', i.e. ms from navigation start), or the text of
  ``[data-testid=error]`` when ``document.body.dataset.failed`` became '1' (or "timeout" with the boot stage
  the page was at);
- packed: how many of the page's resource-timing entries end in ``.zst`` (the Zstandard-packed
  WebAssembly, standard library and wheels that web/packed.mjs unpacks);
- return visit: once ``navigator.serviceWorker.controller`` is set (the service worker precached the site
  and took the page), the page is reloaded and timed again, with its own count of ``.zst`` fetches (0: the
  service worker serves the unpacked copies);
- game: on the return visit's page, [data-testid=start-game] is clicked (a script's click) and ``#game``
  must become visible, then the first choice of ``#decision`` is clicked and ``data-moves`` must change;
- third visit, warm start: once the return visit has kept its memory snapshot of Python (boot.js starts
  snapshot-worker.mjs 10 s after ready; ``data-snapshot-made`` 'made' or 'kept'), one more reload, timed, with
  the page's ``data-snapshot`` ('used': it started from the snapshot).

Firefox's console (BiDi ``log.entryAdded``) is printed for a browser where anything of that went wrong, or
always with --console.

Firefox is driven over its built-in WebDriver BiDi (``--remote-debugging-port``; Playwright cannot drive
Debian's build); WebKitGTK over W3C WebDriver (WebKitWebDriver, plain HTTP; it tells no console, so a failure
there is the page's own error text), under an Xvfb display that the bench starts itself. A screenshot of each browser's page after each visit is written to test-results/browsers-<browser>-<visit>.png.
Nothing but the Python standard library is needed (the WebSocket client is a few lines below).
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

RESULTS = ROOT / "test-results"
FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
#: webkit2gtk-driver runs the MiniBrowser of libwebkit2gtk-4.1-0 (dpkg -L libwebkit2gtk-4.1-0)
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
VIEWPORT = {"width": 1280, "height": 900}

#: The page's state, as a JSON string (both protocols return a string as it is).
STATE_JS = """JSON.stringify((() => {
  const b = document.body;
  const err = document.querySelector('[data-testid=error]');
  const active = document.querySelector('#loading [data-state=active]');
  return {
    ready: b?.dataset.ready === '1', failed: b?.dataset.failed === '1',
    error: err && !err.hidden ? err.innerText.trim() : '',
    readyAt: Number(b?.dataset.readyAt || 0), stage: active?.dataset.stage || '',
    controlled: Boolean(navigator.serviceWorker?.controller), url: location.href,
    snapshot: b?.dataset.snapshot || '', snapshotMade: b?.dataset.snapshotMade || '',
  };
})())"""
PACKED_JS = """JSON.stringify(performance.getEntriesByType('resource').map((e) => e.name)
  .filter((n) => n.endsWith('.zst')).map((n) => n.split('/').pop()))"""
GAME_JS = """JSON.stringify((() => {
  const g = document.getElementById('game');
  return { visible: Boolean(g && !g.hidden && g.getClientRects().length),
           moves: document.body.dataset.moves ?? null,
           choices: document.querySelectorAll('#decision button[data-choice]').length };
})())"""
START_JS = """JSON.stringify((() => {
  const b = document.querySelector('[data-testid=start-game]');
  if (!b) return 'no [data-testid=start-game]';
  b.click();
  return 'clicked';
})())"""
MOVE_JS = """JSON.stringify((() => {
  const b = document.querySelector('#decision button[data-choice]');
  if (!b) return 'no #decision button[data-choice]';
  b.click();
  return 'clicked';
})())"""


class BenchError(Exception):
    pass


# --- a minimal WebSocket client (RFC 6455: text frames, client-masked) -----------------------------------
class WebSocket:
    def __init__(self, url: str, timeout: float = 30.0) -> None:
        parts = urlsplit(url)
        self.sock = socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 80), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {parts.path or '/'} HTTP/1.1\r\nHost: {parts.netloc}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                           "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise BenchError(f"{url}: the connection closed during the handshake")
            head += chunk
        head, self.buf = head.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise BenchError(f"{url}: no WebSocket upgrade: {head.decode(errors='replace')}")

    def _read(self, n: int) -> bytes:
        while len(self.buf) < n:
            chunk = self.sock.recv(max(65536, n - len(self.buf)))
            if not chunk:
                raise BenchError("the WebSocket closed")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def _frame(self, opcode: int, payload: bytes) -> None:
        n = len(payload)
        head = bytes([0x80 | opcode])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 1 << 16:
            head += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(head + mask + body)

    def send(self, text: str) -> None:
        self._frame(0x1, text.encode())

    def recv(self) -> str:
        message = b""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            mask = self._read(4) if b1 & 0x80 else b""
            payload = self._read(n)
            if mask:
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            opcode = b0 & 0x0F
            if opcode == 0x9:  # ping
                self._frame(0xA, payload)
                continue
            if opcode == 0x8:
                raise BenchError("the WebSocket was closed by the browser")
            if opcode in (0x0, 0x1, 0x2):
                message += payload
                if b0 & 0x80:
                    return message.decode()

    def settimeout(self, seconds: float) -> None:
        self.sock.settimeout(seconds)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# --- the drivers ------------------------------------------------------------------------------------------
class Driver:
    """What the bench asks of a browser."""

    name = ""
    version = ""

    def navigate(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def evaluate(self, js: str) -> Any:
        """The value of a JS expression that gives a JSON string, parsed."""
        raise NotImplementedError

    def screenshot(self, path: Path) -> None:
        raise NotImplementedError

    def console(self) -> list[str]:
        """The console's messages and uncaught errors so far (where the protocol tells them)."""
        return []

    def close(self) -> None:
        raise NotImplementedError


class FirefoxBiDi(Driver):
    """Debian's firefox-esr, headless, in a fresh profile, over WebDriver BiDi."""

    name = "firefox-esr"

    def __init__(self, binary: str = FIREFOX, timeout: float = 60.0) -> None:
        self.profile = Path(tempfile.mkdtemp(prefix="bench-firefox-"))
        # no first-run pages or background traffic; the rest is what Firefox's remote agent sets itself
        (self.profile / "user.js").write_text("\n".join(
            f'user_pref("{k}", {json.dumps(v)});' for k, v in {
                "browser.shell.checkDefaultBrowser": False, "browser.startup.homepage_override.mstone": "ignore",
                "datareporting.policy.dataSubmissionEnabled": False, "toolkit.telemetry.reportingpolicy.firstRun":
                False, "app.update.disabledForTesting": True, "browser.aboutwelcome.enabled": False,
            }.items()) + "\n")
        port = free_port()
        self.proc = subprocess.Popen(
            [binary, "--headless", "--no-remote", "--remote-debugging-port", str(port), "--profile",
             str(self.profile), "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.stderr: list[str] = []
        listening = threading.Event()

        def read_stderr() -> None:
            assert self.proc.stderr is not None
            for line in self.proc.stderr:
                self.stderr.append(line.rstrip())
                if "WebDriver BiDi listening on" in line:
                    listening.set()

        threading.Thread(target=read_stderr, daemon=True).start()
        if not listening.wait(timeout):
            self.close()
            raise BenchError(f"firefox did not open WebDriver BiDi in {timeout:.0f} s: {self.stderr[-5:]}")
        self.ws = WebSocket(f"ws://127.0.0.1:{port}/session")
        self.ws.settimeout(timeout)
        self.next_id = 0
        self.events: list[dict[str, Any]] = []
        caps = self.call("session.new", {"capabilities": {}})["capabilities"]
        self.version = caps.get("browserVersion", "")
        self.call("session.subscribe", {"events": ["log.entryAdded"]})
        self.context = self.call("browsingContext.getTree", {})["contexts"][0]["context"]
        self.call("browsingContext.setViewport", {"context": self.context, "viewport": VIEWPORT})

    def call(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("type") == "event":
                self.events.append(msg)
            elif msg.get("id") == self.next_id:
                if msg.get("type") == "error":
                    raise BenchError(f"{method}: {msg.get('error')}: {msg.get('message')}")
                return msg["result"]

    def navigate(self, url: str) -> None:
        self.call("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def reload(self) -> None:
        self.call("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def evaluate(self, js: str) -> Any:
        res = self.call("script.evaluate", {"expression": js, "target": {"context": self.context},
                                            "awaitPromise": True})
        if res.get("type") == "exception":
            raise BenchError(res["exceptionDetails"].get("text", "exception"))
        return json.loads(res["result"]["value"])

    def screenshot(self, path: Path) -> None:
        data = self.call("browsingContext.captureScreenshot", {"context": self.context})["data"]
        path.write_bytes(base64.b64decode(data))

    def console(self) -> list[str]:
        out = []
        for e in self.events:
            p = e["params"]
            where = ""
            frames = (p.get("stackTrace") or {}).get("callFrames") or []
            if frames:
                f = frames[0]
                where = f" ({f.get('url', '')}:{f.get('lineNumber', 0) + 1}:{f.get('columnNumber', 0) + 1})"
            out.append(f"[{p.get('level')}] {p.get('type')}: {p.get('text')}{where}")
        return out

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.settimeout(5)
            self.call("session.end", {})
        with contextlib.suppress(Exception):
            self.ws.close()
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


@contextlib.contextmanager
def xvfb() -> Iterator[str]:
    """An Xvfb display of its own (``:N``), for the MiniBrowser's window."""
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    if not shutil.which("Xvfb"):
        raise BenchError("no Xvfb (apt-get install xvfb)")
    r, w = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1400x1000x24", "-nolisten", "tcp"],
                            pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(w)
    with os.fdopen(r) as f:
        number = f.readline().strip()
    try:
        if not number:
            raise BenchError("Xvfb did not start")
        yield f":{number}"
    finally:
        proc.terminate()
        proc.wait(10)


class WebKitWebDriver(Driver):
    """WebKitGTK's MiniBrowser through WebKitWebDriver (W3C WebDriver over HTTP)."""

    name = "webkitgtk"

    def __init__(self, display: str, timeout: float = 60.0) -> None:
        self.port = free_port()
        self.timeout = timeout
        self.proc = subprocess.Popen([WEBKIT_DRIVER, f"--port={self.port}", "--host=127.0.0.1"],
                                     env={**os.environ, "DISPLAY": display},
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{self.port}"
        end = time.monotonic() + timeout
        while True:
            try:
                self.http("GET", "/status")
                break
            except (OSError, BenchError):
                if time.monotonic() > end or self.proc.poll() is not None:
                    self.close()
                    raise BenchError("WebKitWebDriver did not answer") from None
                time.sleep(0.2)
        caps = {"alwaysMatch": {"webkitgtk:browserOptions": {"binary": MINIBROWSER, "args": ["--automation"]}}}
        value = self.http("POST", "/session", {"capabilities": caps})
        self.session = value["sessionId"]
        self.version = value["capabilities"].get("browserVersion", "")
        self.http("POST", f"/session/{self.session}/timeouts", {"script": int(timeout * 1000),
                                                                 "pageLoad": int(timeout * 1000)})
        with contextlib.suppress(BenchError):
            self.http("POST", f"/session/{self.session}/window/rect", VIEWPORT)

    def http(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=self.timeout + 10) as res:
                return json.loads(res.read() or b"{}").get("value")
        except urllib.error.HTTPError as e:
            value = json.loads(e.read() or b"{}").get("value") or {}
            raise BenchError(f"{method} {path}: {value.get('error')}: {value.get('message')}") from None

    def navigate(self, url: str) -> None:
        self.http("POST", f"/session/{self.session}/url", {"url": url})

    def reload(self) -> None:
        self.http("POST", f"/session/{self.session}/refresh", {})

    def evaluate(self, js: str) -> Any:
        return json.loads(self.http("POST", f"/session/{self.session}/execute/sync",
                                    {"script": f"return {js};", "args": []}))

    def screenshot(self, path: Path) -> None:
        path.write_bytes(base64.b64decode(self.http("GET", f"/session/{self.session}/screenshot")))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.http("DELETE", f"/session/{self.session}")
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


# --- the bench --------------------------------------------------------------------------------------------
@dataclass
class Row:
    browser: str
    version: str = ""
    first: str = "-"
    packed: str = "-"
    again: str = "-"
    again_packed: str = "-"
    game: str = "-"
    warm: str = "-"
    notes: list[str] = field(default_factory=list)


def poll(driver: Driver, js: str, done: Any, timeout: float, every: float = 0.25) -> Any:
    """``driver.evaluate(js)`` until ``done(value)``; the last value at the timeout (or None)."""
    end = time.monotonic() + timeout
    value = None
    while True:
        try:
            value = driver.evaluate(js)
            if done(value):
                return value
        except BenchError:
            pass  # a page between two documents
        if time.monotonic() > end:
            return value
        time.sleep(every)


def wait_boot(driver: Driver, timeout: float) -> tuple[bool, str]:
    """(ready, ready ms or the failure text)."""
    s = poll(driver, STATE_JS, lambda s: s["ready"] or s["failed"], timeout)
    if s is None:
        return False, "no page"
    if s["ready"]:
        return True, str(s["readyAt"])
    if s["failed"]:
        return False, f"failed: {s['error']}"
    return False, f"timeout after {timeout:.0f} s at stage {s['stage'] or '?'}"


def packed_files(driver: Driver) -> list[str]:
    try:
        return driver.evaluate(PACKED_JS)
    except BenchError:
        return []


def shoot(driver: Driver, row: Row, visit: str) -> None:
    path = RESULTS / f"browsers-{driver.name}-{visit}.png"
    try:
        driver.screenshot(path)
        row.notes.append(f"screenshot: {path.relative_to(ROOT)}")
    except (BenchError, OSError) as e:
        row.notes.append(f"no screenshot of the {visit} visit: {e}")


def bench(driver: Driver, url: str, timeout: float) -> Row:
    row = Row(driver.name, driver.version)
    driver.navigate(url)
    ok, row.first = wait_boot(driver, timeout)
    files = packed_files(driver)
    row.packed = f"yes ({len(files)})" if files else "no"
    if files:
        row.notes.append("packed copies fetched: " + " ".join(files))
    shoot(driver, row, "first")
    if not ok:
        return row
    s = poll(driver, STATE_JS, lambda s: s["controlled"], timeout)
    if not (s and s["controlled"]):
        row.again = f"no service worker control after {timeout:.0f} s"
        return row
    driver.reload()
    ok, row.again = wait_boot(driver, timeout)
    files = packed_files(driver)
    row.again_packed = f"yes ({len(files)})" if files else "no"
    shoot(driver, row, "return")
    if not ok:
        return row
    clicked = driver.evaluate(START_JS)
    if clicked != "clicked":
        row.game = clicked
        return row
    g = poll(driver, GAME_JS, lambda g: g["visible"] and g["choices"], 30)
    if not (g and g["visible"]):
        row.game = "#game not visible after 30 s"
        return row
    if not g["choices"]:
        row.game = "#game visible, no choice to click"
        return row
    before = g["moves"]
    driver.evaluate(MOVE_JS)
    g = poll(driver, GAME_JS, lambda g: g["moves"] != before, 30)
    row.game = "yes" if g and g["moves"] != before else "#game visible, the move did not count"
    shoot(driver, row, "game")
    warm_start(driver, row, timeout)
    return row


def warm_start(driver: Driver, row: Row, timeout: float) -> None:
    """The warm start: the return visit keeps a memory snapshot of Python (boot.js, 10 s after ready, when
    idle: snapshot-worker.mjs) and a third visit starts from it (``data-snapshot`` 'used')."""
    s = poll(driver, STATE_JS, lambda s: s["snapshotMade"], timeout + 30, every=1)
    made = (s or {}).get("snapshotMade", "")
    if made not in ("made", "kept"):
        row.warm = f"no snapshot made ({made or 'timeout'})"
        return
    driver.reload()
    ok, ms = wait_boot(driver, timeout)
    s = poll(driver, STATE_JS, lambda s: True, 5) or {}
    row.warm = f"{ms} (snapshot {s.get('snapshot') or '?'})" if ok else ms
    shoot(driver, row, "warm")


def run_one(name: str, url: str, timeout: float, always_console: bool = False) -> Row:
    driver: Driver | None = None
    row = Row(name)
    try:
        with contextlib.ExitStack() as stack:
            if name == "firefox":
                if not Path(FIREFOX).exists():
                    raise BenchError(f"no {FIREFOX} (apt-get install firefox-esr)")
                driver = FirefoxBiDi()
            else:
                if not (Path(WEBKIT_DRIVER).exists() and Path(MINIBROWSER).exists()):
                    raise BenchError(f"no {WEBKIT_DRIVER} or {MINIBROWSER} (apt-get install webkit2gtk-driver)")
                driver = WebKitWebDriver(stack.enter_context(xvfb()))
            stack.callback(driver.close)
            row = bench(driver, url, timeout)
            if always_console or not (row.first.isdigit() and row.again.isdigit() and row.game == "yes"
                                      and "used" in row.warm):
                lines = driver.console()
                if isinstance(driver, FirefoxBiDi):
                    row.notes += [f"console: {len(lines)} message(s)", *(f"  {line}" for line in lines)]
    except BenchError as e:
        row.first = f"bench error: {e}"
        if driver is not None:
            row.version = driver.version
    return row


def table(rows: list[Row]) -> str:
    head = ["browser", "version", "first visit ready (ms)", ".zst fetched", "return visit ready (ms)",
            ".zst on return", "new game + a move", "third visit, warm start (ms)"]
    body = [[r.browser, r.version, r.first, r.packed, r.again, r.again_packed, r.game, r.warm] for r in rows]
    widths = [max(len(x[i]) for x in [head, *body]) for i in range(len(head))]
    line = lambda cells: "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)) + " |"  # noqa: E731
    return "\n".join([line(head), "|" + "|".join("-" * (w + 2) for w in widths) + "|", *map(line, body)])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--browsers", default="firefox,webkit", help="comma-separated: firefox, webkit")
    ap.add_argument("--dist", type=Path, default=build.DIST, help="the built site (default: dist/)")
    ap.add_argument("--timeout", type=float, default=180.0, help="seconds for each wait (boot, service worker)")
    ap.add_argument("--console", action="store_true",
                    help="print the console's messages (Firefox) also when all went well")
    args = ap.parse_args(argv)
    if not (args.dist / "index.html").exists():
        print(f"no {args.dist}/index.html: run python3 build.py build first", file=sys.stderr)
        return 2
    RESULTS.mkdir(exist_ok=True)
    srv = build.make_server(args.dist, 0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{srv.server_address[1]}/"
    rows = []
    try:
        for name in [b.strip() for b in args.browsers.split(",") if b.strip()]:
            if name not in ("firefox", "webkit"):
                ap.error(f"unknown browser {name!r}")
            print(f"[browsers] {name} ...", file=sys.stderr, flush=True)
            rows.append(run_one(name, url, args.timeout, args.console))
    finally:
        srv.shutdown()
        srv.server_close()
    print(table(rows))
    for r in rows:
        if r.notes:
            print(f"\n{r.browser}:")
            for note in r.notes:
                print(f"  {note}")
    return 0 if all(r.first.isdigit() and r.again.isdigit() for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())

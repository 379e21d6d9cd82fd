"""What the page imports before its first click (issue 23): the engine, the renderer and the page's parts, but
not the standard modules that cost Pyodide's start-up most for nothing we use at start (``html`` and its table
of entities, ``importlib.resources``, ``urllib.request`` with http.client and the email package), and the
engine's pydantic models build their schemas only when something is first validated (a save, a link)."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import build

ROOT = Path(__file__).resolve().parent.parent

# a fresh interpreter: what the page's start imports (with stand-ins for the browser's ``js`` and
# ``pyodide.ffi``), then a game played and a save read back
PROBE = r"""
import json, sys, types
sys.path[:0] = [sys.argv[1] + "/pkg", sys.argv[1] + "/web"]
js = types.ModuleType("js"); sys.modules["js"] = js
ffi = types.ModuleType("pyodide.ffi"); ffi.create_proxy = lambda fn: fn
pyodide = types.ModuleType("pyodide"); pyodide.ffi = ffi
sys.modules["pyodide"], sys.modules["pyodide.ffi"] = pyodide, ffi
import imperial_core as core
import render
from imperial_ui.app import App
out = {"modules": sorted(sys.modules), "built_at_import": core.GameState.__pydantic_complete__
       or core.actions.Rondel.__pydantic_complete__}
state = core.new_game(["Ann", "Bob", "Cem"], seed=1)
for _ in range(12):
    state = core.apply(state, core.legal_actions(state)[0])
back = core.read_save(core.save(state))
out["same"] = core.to_position(back.state) == core.to_position(state)
out["validates"] = str(core.ActionAdapter.validate_python({"type": "rondel", "space": "factory"}))
try:
    core.ActionAdapter.validate_python({"type": "rondel", "space": 3})
    out["refused"] = False
except Exception:
    out["refused"] = True
print(json.dumps(out))
"""


def probe() -> dict:
    run = subprocess.run([sys.executable, "-c", PROBE, str(ROOT)], capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def test_the_page_start_leaves_out_the_costly_standard_modules():
    mods = set(probe()["modules"])
    assert "imperial_ui.app" in mods and "render" in mods and "imperial_core" in mods  # the probe ran
    for name in ("html", "html.entities", "importlib.resources"):
        assert name not in mods, f"the page's start imports {name}"


def test_schemas_are_built_on_first_validation_and_still_validate():
    out = probe()
    assert out["built_at_import"] is False  # defer_build: nothing built at import
    assert out["same"] is True  # a save read back is the same game
    assert out["validates"] == "rondel factory"
    assert out["refused"] is True  # validation at the borders still refuses bad data


def test_svgwrite_is_patched_to_import_urllib_on_first_use():
    """svgwrite imports ``urllib.request`` at import for one method; the shipped wheel imports it there."""
    (fname, member, old, new), = build.WHEEL_PATCHES
    source = build.CACHE / "wheels" / fname
    if not source.exists():
        build.browser_wheels()
    with zipfile.ZipFile(source) as zf:
        original = zf.read(member).decode()
    assert original.count(old) == 1
    work = build.CACHE / "test-patch"
    work.mkdir(parents=True, exist_ok=True)
    (work / fname).write_bytes(source.read_bytes())
    build.patch_wheels(work, [fname])
    with zipfile.ZipFile(work / fname) as zf:
        patched = zf.read(member).decode()
        kept = [n for n in zipfile.ZipFile(source).namelist() if not build.stripped(n)]
        assert zf.namelist() == kept
    assert "\nfrom urllib" not in patched and "\nimport urllib" not in patched
    space: dict = {}
    exec(compile(patched.replace("\r\n", "\n").split("from svgwrite.utils")[0], member, "exec"), space)
    assert callable(space["urlopen"])  # the method's name is still there, importing on first call

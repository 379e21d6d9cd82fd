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


# a drawing made and written out by the shipped svgwrite alone (the patched wheel, imported from the zip)
SVG_PROBE = r"""
import sys
sys.path.insert(0, sys.argv[1])
import svgwrite
assert svgwrite.__file__.startswith(sys.argv[1]), svgwrite.__file__
d = svgwrite.Drawing(size=(10, 10), debug=False, profile="full")
d.add(d.rect((1, 2), (3, 4), fill="red"))
text = d.tostring()
assert '<rect fill="red" height="4" width="3" x="1" y="2" />' in text, text
quiet = sorted(m for m in ("urllib.request", "svgwrite.validator2", "svgwrite.data.full11") if m in sys.modules)
checked = svgwrite.Drawing(debug=True)
try:
    checked.add(checked.rect((0, 0), (1, 1), fill="no-such-colour;"))
    checked.tostring()
except TypeError:
    print("validated", quiet)
else:
    print("not validated", quiet)
"""


def test_svgwrite_is_patched_to_import_urllib_and_its_validator_on_first_use():
    """svgwrite imports ``urllib.request`` at import for one method, and its validator's tables for every
    drawing; the shipped wheel imports each where it is used, and draws the same."""
    fnames = {fname for fname, *_ in build.WHEEL_PATCHES}
    assert fnames == {"svgwrite-1.4.3-py3-none-any.whl"}
    (fname,) = fnames
    source = build.CACHE / "wheels" / fname
    if not source.exists():
        build.browser_wheels()
    with zipfile.ZipFile(source) as zf:
        for _f, member, old, _new in build.WHEEL_PATCHES:
            assert zf.read(member).decode().count(old) == 1, member
    work = build.CACHE / "test-patch"
    work.mkdir(parents=True, exist_ok=True)
    (work / fname).write_bytes(source.read_bytes())
    build.patch_wheels(work, [fname])
    with zipfile.ZipFile(work / fname) as zf:
        kept = [n for n in zipfile.ZipFile(source).namelist() if not build.stripped(n)]
        assert zf.namelist() == kept
        for _f, member, old, _new in build.WHEEL_PATCHES:
            patched = zf.read(member).decode()
            assert not any(line.startswith(old) for line in patched.splitlines()), member  # not at import
            assert "\nfrom urllib" not in patched and "\nimport urllib" not in patched
    out = subprocess.run([sys.executable, "-c", SVG_PROBE, str(work / fname)], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    # nothing of either was imported for a drawing without checks; a drawing with them still checks
    assert out.stdout.strip() == "validated []", out.stdout

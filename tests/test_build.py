"""The build's own pieces: the engine wheel and the generated Pyodide lock file."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import zipfile
from pathlib import Path

import build


def test_engine_wheel_is_complete_and_reproducible(tmp_path: Path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    w1, name, version = build.engine_wheel(tmp_path / "a")
    w2, _, _ = build.engine_wheel(tmp_path / "b")
    assert w1.read_bytes() == w2.read_bytes(), "the wheel must be byte-for-byte reproducible"
    assert name == "imperial-core"
    with zipfile.ZipFile(w1) as zf:
        names = set(zf.namelist())
        assert "imperial_core/__init__.py" in names and "render/__init__.py" in names
        assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)
        distinfo = f"imperial_core-{version}.dist-info"
        record = list(csv.reader(io.StringIO(zf.read(f"{distinfo}/RECORD").decode())))
        listed = {row[0] for row in record}
        assert listed == names
        for path, digest, size in record:
            if path.endswith("RECORD"):
                continue
            data = zf.read(path)
            want = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert digest == f"sha256={want}" and int(size) == len(data), path
        meta = zf.read(f"{distinfo}/METADATA").decode()
        assert "Requires-Dist: pydantic" in meta and f"Version: {version}" in meta


def test_lock_lists_exactly_the_shipped_wheels_with_their_hashes():
    dist = build.DIST
    lock_path = dist / "pyodide" / "pyodide-lock.json"
    if not lock_path.exists():
        build.build()
    lock = json.loads(lock_path.read_text())
    assert lock["info"]["abi_version"] == build.BROWSER_ABI
    shipped = {p.name for p in (dist / "pyodide").glob("*.whl")}
    assert {e["file_name"] for e in lock["packages"].values()} == shipped
    for entry in lock["packages"].values():
        assert build.sha256_file(dist / "pyodide" / entry["file_name"]) == entry["sha256"]
        for dep in entry["depends"]:
            assert dep in lock["packages"], f"{entry['name']} depends on {dep}, which is not shipped"
    # Pinned browser wheels keep the pydantic / pydantic-core pair the guide measured to work.
    versions = {e["name"]: e["version"] for e in lock["packages"].values()}
    assert versions["pydantic"] == "2.14.3" and versions["pydantic-core"] == "2.50.4"


def test_shipped_wheels_carry_browser_bytecode():
    """Every shipped wheel holds CPython 3.14 bytecode; third-party wheels hold bytecode only; ours (the
    engine's and the page's) keep their sources for readable tracebacks."""
    pydir = build.DIST / "pyodide"
    if not (pydir / "pyodide-lock.json").exists():
        build.build()
    for wheel in pydir.glob("*.whl"):
        with zipfile.ZipFile(wheel) as zf:
            names = zf.namelist()
        pyc = [n for n in names if n.endswith(".pyc")]
        py = [n for n in names if n.endswith(".py")]
        assert pyc, f"{wheel.name} has no bytecode"
        if wheel.name.startswith(("imperial_core-", "imperial_page-")):
            assert all(n.endswith(".cpython-314.pyc") for n in pyc), wheel.name
            assert len(py) == len(pyc), "our wheels keep one source beside each compiled module"
        else:
            assert not py, f"{wheel.name} still ships sources: {py[:3]}"


def test_the_standard_library_modules_the_game_imports_are_shipped_as_bytecode():
    """python_stdlib.zip holds ready bytecode (unchecked-hash, compiled by the site's own Pyodide like the
    wheels) in place of the sources of the standard modules the game imports, so no start compiles them;
    modules the game never imports keep their sources."""
    pydir = build.DIST / "pyodide"
    if not (pydir / "pyodide-lock.json").exists():
        build.build()
    with zipfile.ZipFile(pydir / "python_stdlib.zip") as zf:
        names = set(zf.namelist())
        headers = {n: zf.read(n)[:8] for n in names if n.endswith(".pyc")}
    with zipfile.ZipFile(pydir / "pydantic-2.14.3-py3-none-any.whl") as zf:
        magic = zf.read(next(n for n in zf.namelist() if n.endswith(".pyc")))[:4]
    # Pyodide's bootstrap and event loop, and what the engine and pydantic import at start
    for mod in ("_pyodide/_base", "pyodide/webloop", "asyncio/base_events", "typing", "dataclasses", "enum",
                "json/decoder", "re/_parser", "inspect", "annotationlib"):
        assert f"{mod}.pyc" in names, f"{mod} is not shipped as bytecode"
        assert f"{mod}.py" not in names, f"{mod} ships its source as well"
    for mod in ("unittest/case", "pydoc", "tkinter/__init__"):  # never imported by the game
        assert f"{mod}.pyc" not in names, f"{mod} was compiled although the game never imports it"
    assert len(headers) >= 100
    for name, head in headers.items():
        assert head[:4] == magic, f"{name} is not the browser's Python's bytecode"
        assert int.from_bytes(head[4:8], "little") == 0b01, f"{name} is not unchecked-hash bytecode"

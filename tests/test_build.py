"""The build's own pieces: the engine wheel and the generated Pyodide lock file."""

from __future__ import annotations

import _imp
import base64
import csv
import gzip
import hashlib
import io
import json
import subprocess
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
    """Every shipped wheel holds CPython 3.14 bytecode and no sources (start-up bytes); the board data in ours is
    minified JSON with the same values as pkg/'s."""
    pydir = build.DIST / "pyodide"
    if not (pydir / "pyodide-lock.json").exists():
        build.build()
    for wheel in pydir.glob("*.whl"):
        with zipfile.ZipFile(wheel) as zf:
            names = zf.namelist()
        pyc = [n for n in names if n.endswith(".pyc")]
        py = [n for n in names if n.endswith(".py")]
        assert pyc, f"{wheel.name} has no bytecode"
        assert not py, f"{wheel.name} still ships sources: {py[:3]}"
        assert not [n for n in pyc if "__pycache__" in n], f"{wheel.name}: bytecode in place of each source"
        if wheel.name.startswith("imperial_core-"):
            assert "imperial_core/engine.pyc" in names and "render/board.pyc" in names
            with zipfile.ZipFile(wheel) as zf:
                for n in names:
                    if n.endswith(".json"):
                        text = zf.read(n).decode()
                        assert json.loads(text) == json.loads((build.PKG / n).read_text()), n
                        assert text == json.dumps(json.loads(text), ensure_ascii=False, separators=(",", ":")), n


def _built() -> Path:
    pydir = build.DIST / "pyodide"
    if not (pydir / build.GAME_STDLIB).exists():
        build.build()
    return pydir


def _modules(names: set[str]) -> set[str]:
    """The dotted module names of a zip's ``.py`` / ``.pyc`` members."""
    out = set()
    for n in names:
        if n.endswith((".py", ".pyc")):
            dotted = n.rsplit(".", 1)[0].replace("/", ".")
            out.add(dotted.removesuffix(".__init__"))
    return out


def test_the_game_standard_library_holds_the_modules_the_game_imports_as_bytecode():
    """The game's standard library (``python_stdlib_game.zip``) holds ready bytecode (unchecked-hash, compiled by
    the site's own Pyodide like the wheels, without docstrings but in Pyodide's own modules) of the modules the
    game imports and nothing else; the full zip holds them compiled too, docstrings kept, and every other module
    as source."""
    pydir = _built()
    with zipfile.ZipFile(pydir / build.GAME_STDLIB) as zf:
        game = set(zf.namelist())
        headers = {n: zf.read(n)[:8] for n in game if n.endswith(".pyc")}
        rest = set(zf.read("imperial_stdlib_rest.txt").decode().split())
    with zipfile.ZipFile(pydir / "python_stdlib.zip") as zf:
        full = set(zf.namelist())
        same = {n: zf.read(n)[:8] for n in headers if n in full}
        full_json = zf.read("json/__init__.pyc")
    with zipfile.ZipFile(pydir / build.GAME_STDLIB) as zf:
        game_json, game_base = zf.read("json/__init__.pyc"), zf.read("_pyodide/_base.pyc")
    with zipfile.ZipFile(pydir / "pydantic-2.14.3-py3-none-any.whl") as zf:
        magic = zf.read(next(n for n in zf.namelist() if n.endswith(".pyc")))[:4]
    assert not [n for n in game if n.endswith(".py")], "the game's standard library ships sources"
    # Pyodide's bootstrap and event loop, and what the engine and pydantic import at start
    for mod in ("_pyodide/_base", "pyodide/webloop", "asyncio/base_events", "typing", "dataclasses", "enum",
                "json/decoder", "re/_parser", "inspect", "annotationlib"):
        assert f"{mod}.pyc" in game, f"{mod} is not in the game's standard library"
        assert f"{mod}.pyc" in full and f"{mod}.py" not in full, f"{mod} is not compiled in the full one"
    for mod in ("unittest/case", "pydoc", "argparse", "email/mime/text"):  # never imported by the game
        assert f"{mod}.pyc" not in game, f"{mod} is in the game's standard library, which never imports it"
        assert f"{mod}.py" in full
    assert 100 <= len(headers) <= 200
    for name, head in headers.items():
        assert head[:4] == magic, f"{name} is not the browser's Python's bytecode"
        assert int.from_bytes(head[4:8], "little") == 0b01, f"{name} is not unchecked-hash bytecode"
    assert same == {n: h for n, h in headers.items() if n != "imperial_stdlib.pyc"}
    # the game's copies are compiled without docstrings (as under -OO), Pyodide's own and the full zip's with
    docstring = b"JSON (JavaScript Object Notation)"
    assert docstring in full_json and docstring not in game_json
    assert b"Runs a string as Python source code." in game_base
    # the finder of the rest ships in it, with the names of exactly the modules left out
    assert "imperial_stdlib.pyc" in game
    assert rest == _modules(full) - _modules(game) and "colorsys" in rest


def test_every_standard_module_the_game_names_is_in_its_standard_library():
    """Each standard-library module that the game's Python names in an import (anywhere: inside functions too,
    the page, its workers and the warm-start snapshot's imports), and that is a file of Pyodide's standard
    library rather than built in or frozen, is in the game's standard library: a module added later is not
    silently left to the fallback."""
    pydir = _built()
    with zipfile.ZipFile(pydir / build.GAME_STDLIB) as zf:
        game = _modules(set(zf.namelist()))
    with zipfile.ZipFile(pydir / "python_stdlib.zip") as zf:
        full = _modules(set(zf.namelist()))
    named = [n for n in build.modules_named() if n.split(".")[0] in __import__("sys").stdlib_module_names]
    assert {"json", "random", "asyncio", "traceback"} <= set(named)
    assert "zoneinfo" in named  # the snapshot's imports count
    missing = [n for n in named if n in full and n not in game and not _imp.is_frozen(n)]
    assert not missing, f"named by the game but left out of its standard library: {missing}"


def test_shipped_third_party_wheels_are_stripped_of_what_is_never_imported():
    """No tests, type stubs, markers, SBOMs or pydantic's v1 compatibility and mypy plugin in the wheels shipped;
    what the game imports is there."""
    pydir = _built()
    for wheel in pydir.glob("*.whl"):
        with zipfile.ZipFile(wheel) as zf:
            names = zf.namelist()
        for n in names:
            assert not n.endswith((".pyi", "py.typed")), f"{wheel.name}: {n}"
            assert "/tests/" not in n and "/sboms/" not in n and "test_cases" not in n, f"{wheel.name}: {n}"
            assert not n.startswith(("pydantic/v1/", "pydantic/mypy", "pydantic/experimental/")), f"{wheel.name}: {n}"
        if wheel.name.startswith("pydantic-2"):
            assert "pydantic/main.pyc" in names and "pydantic/plugin/_schema_validator.pyc" in names
            assert any(n.endswith("dist-info/licenses/LICENSE") for n in names)


def test_the_files_of_a_first_open_are_packed_beside_themselves_and_unpack_to_them():
    """build.py's pack: the WebAssembly, the game's standard library and every wheel of the lock have a
    Zstandard copy (``<file>.zst``) that unpacks to the very file (the lock's sha256 is that of the file, so a
    wheel unpacked by the page passes the loader's integrity check); the zips inside are stored, so that one
    compression sees all their bytes; the page and the service worker are told the same list; and the packed
    copies are not precached (the service worker keeps the files unpacked)."""
    pydir = _built()
    lock = json.loads((pydir / "pyodide-lock.json").read_text())
    want = sorted(["pyodide.asm.wasm", build.GAME_STDLIB] + [e["file_name"] for e in lock["packages"].values()])
    assert sorted(p.name.removesuffix(".zst") for p in pydir.glob("*.zst")) == want
    for name in want:
        path = pydir / name
        packed = path.with_name(name + ".zst")
        unpacked = subprocess.run([build.ensure_zstd(), "-d", "-c", str(packed)], check=True,
                                  capture_output=True).stdout
        assert unpacked == path.read_bytes(), name
        assert packed.stat().st_size < len(gzip.compress(unpacked, 9)), name  # smaller than a host's gzip
        if name.endswith((".whl", ".zip")):
            with zipfile.ZipFile(path) as zf:
                assert {i.compress_type for i in zf.infolist()} == {zipfile.ZIP_STORED}, name
    env = (build.DIST / "packed.mjs").read_text()
    assert sorted(env.split('const PACKED = new Set("', 1)[1].split('"', 1)[0].split(" ")) == want
    sw = (build.DIST / "sw.js").read_text()
    precache = json.loads(sw.split("const PRECACHE = ", 1)[1].split(";\n", 1)[0])
    packed_urls = json.loads(sw.split("const PACKED = ", 1)[1].split(";\n", 1)[0])
    assert sorted(packed_urls) == [f"pyodide/{n}" for n in want]
    assert set(packed_urls) <= set(precache) and not [u for u in precache if u.endswith(".zst")]

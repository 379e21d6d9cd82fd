#!/usr/bin/env python3
"""Build, serve and test the Imperial browser edition.

Standard library only, so it runs on a fresh machine before anything is installed.

    python3 build.py build            # assemble the self-contained static site in dist/
    python3 build.py serve [--port N] # build, then serve dist/ on 127.0.0.1
    python3 build.py test             # install test tools, build, run ruff + pytest (tests/ and e2e/)

Everything the site needs (Pyodide, the browser wheels and the engine wheel) is copied into dist/;
nothing is fetched at run time. Downloads are pinned, checked against their hashes, and cached in .cache/.
"""

from __future__ import annotations

import argparse
import ast
import base64
import concurrent.futures
import csv
import fnmatch
import functools
import gzip
import hashlib
import http.server
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
WEB = ROOT / "web"
PKG = ROOT / "pkg"
VENV = ROOT / ".venv"

# --- pinned runtime -------------------------------------------------------------------------------------
# npm tarballs with the registry's sha512 integrity.
PYODIDE = ("pyodide", "314.0.7", "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A==")
#: The Python lab's runtime (lab.html only; the game page does not load it): PyScript, run on the site's own
#: Pyodide (lab.json's ``interpreter``) with the site's own wheels.
PYSCRIPT = ("@pyscript/core", "0.7.31", "sha512-GqM1aonc1N4RTkNZ1zJ8jJk8+i2cqeztZslPsAiQtn+wHHkUX9Z1FgIg4HjCvhBylB68UKmbTVTzOobpgPIMVQ==")
#: The lab's own files (web/), precached by the service worker only once the lab has been opened, beside
#: everything in dist/pyscript/.
LAB_FILES = ["lab.html", "lab.css", "lab.js", "lab.json", "lab.py", "labkit.py"]
#: test harness only (never shipped): accessibility checks in the e2e tests
AXE = ("axe-core", "4.14.1", "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==")
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]
#: Bytes of a first visit (issue 42): the interpreter's WebAssembly, the game's standard library and the wheels
#: are also written Zstandard-compressed beside themselves (``<file>.zst``, which a static host sends as it is;
#: the zips stored uncompressed inside, so that one compression sees all of their bytes); the page and its
#: workers fetch and unpack those on a first visit (web/packed.mjs) and the service worker keeps them
#: unpacked (sw.template.js). A window of 2 MB (``wlog=21``): the streamed unpacking of the WebAssembly copies
#: its window at every block, and 8 MB (level 19's own) took it from 0.65 to 1.2 s at a phone's CPU, for
#: 12 KB less.
ZSTD_ARGS = ["-19", "--zstd=wlog=21"]
#: The Zstandard decoder of the page, its workers (ES module) and the service worker (classic script): fzstd,
#: 3.9 KB gzipped (browsers' DecompressionStream knows only gzip and deflate in Chromium 156).
FZSTD = ("fzstd", "0.1.1", "sha512-dkuVSOKKwh3eas5VkJy1AW1vFpet8TA/fGmVA5krThl8YcOVE/8ZIoEA1+U1vEn5ckxxhLirSdY837azmbaNHA==")
FZSTD_FILES = {"package/esm/index.mjs": "fzstd.mjs", "package/umd/index.js": "fzstd.js",
               "package/LICENSE": "fzstd-LICENSE.txt"}
#: The game's standard library: only the modules the game imports (``compile_stdlib``); the full
#: ``python_stdlib.zip`` stays beside it for the lab and for a rare import (web/imperial_stdlib.py).
GAME_STDLIB = "python_stdlib_game.zip"
#: The finder that reads a module left out of the game's standard library from the full one (shipped in it).
STDLIB_REST = WEB / "imperial_stdlib.py"
BROWSER_ABI = "2026_0"

# Browser wheels (CPython 3.14, Emscripten): name, version, file, sha256, imports, depends.
BROWSER_WHEELS = [
    ("pydantic", "2.14.3", "pydantic-2.14.3-py3-none-any.whl",
     "3f7b347782ab7e4cf4c798496ae3a82787d9f21ec12676a9c564355eeef8daa8",
     ["pydantic"], ["typing-extensions", "pydantic-core", "annotated-types", "typing-inspection"]),
    ("pydantic-core", "2.50.4", "pydantic_core-2.50.4-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
     "e6da138a1ecc1341c8b788a5ee822670b03788e1f5decf7af9d461de6e508b8e",
     ["pydantic_core"], ["typing-extensions"]),
    ("typing-extensions", "4.16.0", "typing_extensions-4.16.0-py3-none-any.whl",
     "481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8", ["typing_extensions"], []),
    ("annotated-types", "0.8.0", "annotated_types-0.8.0-py3-none-any.whl",
     "f072f4d804ea359e4eaf198b1af7a8b0943881a87f31bb764f8bf219bb9419e0", ["annotated_types"], []),
    ("typing-inspection", "0.4.5", "typing_inspection-0.4.5-py3-none-any.whl",
     "bc210535442b39e1bf2805e0c7a17dfd6a4ace760c84c7f7d16245d23a6b1c39",
     ["typing_inspection"], ["typing-extensions"]),
    ("svgwrite", "1.4.3", "svgwrite-1.4.3-py3-none-any.whl",
     "bb6b2b5450f1edbfa597d924f9ac2dd099e625562e492021d7dd614f65f8a22d", ["svgwrite"], []),
]

ENGINE_PACKAGES = ["imperial_core", "imperial_bots", "imperial_text", "render"]

#: Start-up: lines of third-party wheels changed before they are compiled (wheel file, member, old, new).
#: svgwrite imports ``urllib.request`` at import for one method we never call (embedding a web font):
#: in Pyodide that pulls in http.client and the email package, about a third of the renderer's import time
#: (bench/startup.py); imported where it is used instead, the wheel behaves the same.
WHEEL_PATCHES = [
    ("svgwrite-1.4.3-py3-none-any.whl", "svgwrite/container.py", "from urllib.request import urlopen",
     "def urlopen(*args, **kw):  # imported on first use (imperial build.py: start-up time)\n"
     "    from urllib.request import urlopen as real\n"
     "    return real(*args, **kw)"),
    # its validator (the SVG profiles' tables and a parser of attribute values: a fifth of the renderer's import
    # in CPython) is imported with it and made for every drawing, even with ``debug=False``, which never uses it
    # (every use in svgwrite is under ``if self.debug``): made on first use instead, and imported then
    ("svgwrite-1.4.3-py3-none-any.whl", "svgwrite/params.py", "from svgwrite.validator2 import get_validator",
     "def get_validator(profile, debug=True):  # imported on first use (imperial build.py: start-up time)\n"
     "    from svgwrite.validator2 import get_validator as real\n"
     "    return real(profile, debug)"),
    ("svgwrite-1.4.3-py3-none-any.whl", "svgwrite/params.py", "    __slots__ = ['_debug', 'validator', '_profile']",
     "    __slots__ = ['_debug', '_validator', '_profile']\n"
     "\n"
     "    @property\n"
     "    def validator(self):  # made on first use (imperial build.py: start-up time)\n"
     "        if self._validator is None:\n"
     "            self._validator = get_validator(self.profile, self.debug)\n"
     "        return self._validator\n"
     "\n"
     "    @validator.setter\n"
     "    def validator(self, value):\n"
     "        self._validator = value"),
    ("svgwrite-1.4.3-py3-none-any.whl", "svgwrite/params.py",
     "        self.validator = get_validator(self.profile,  self.debug)", "        self._validator = None"),
]

#: Start-up bytes: members of the third-party wheels that the game never imports, left out of the copies
#: shipped (fnmatch patterns over the members' paths): type stubs and their markers, tests, the SBOM, and
#: pydantic's v1 compatibility (the ``pydantic.v1`` package and the v1 modules' moved-name stubs), its mypy
#: plugin and its experimental API. ``compile_stdlib`` imports every module of the game in Pyodide from the
#: stripped wheels, so a member needed at import fails the build; the seeded games of
#: tests/test_pyodide_parity.py and the page's e2e tests play on them.
WHEEL_STRIP = [
    "*.pyi", "*/py.typed", "*/tests/*", "annotated_types/test_cases.py", "*.dist-info/sboms/*",
    "pydantic/v1/*", "pydantic/mypy.py", "pydantic/experimental/*",
    *(f"pydantic/{m}.py" for m in ("class_validators", "datetime_parse", "decorator", "env_settings",
                                   "error_wrappers", "generics", "json", "parse", "schema", "tools", "typing",
                                   "utils", "validators")),
]


MIME = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".zst": "application/zstd",
    ".json": "application/json",
    ".py": "text/x-python",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
}


class BuildError(RuntimeError):
    """A build step failed; the message says which and why."""


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    log("$ " + " ".join(cmd))
    try:
        return subprocess.run(cmd, check=True, **kw)
    except FileNotFoundError as e:
        raise BuildError(f"command not found: {cmd[0]} ({e})") from e
    except subprocess.CalledProcessError as e:
        raise BuildError(f"command failed with exit code {e.returncode}: {' '.join(cmd)}") from e


# --- downloads ------------------------------------------------------------------------------------------
def npm_tarball(name: str, version: str, integrity: str) -> Path:
    """Fetch an npm package tarball with `npm pack` into the cache and check its sha512 integrity."""
    dest = CACHE / "npm"
    dest.mkdir(parents=True, exist_ok=True)
    fname = f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"
    path = dest / fname
    if not path.exists():
        if shutil.which("npm") is None:
            raise BuildError(f"npm is needed to fetch {name} (install Node.js and npm)")
        run(["npm", "pack", f"{name}@{version}", "--pack-destination", str(dest), "--silent"],
            stdout=subprocess.DEVNULL)
        if not path.exists():
            raise BuildError(f"npm pack did not produce {path}")
    algo, _, b64 = integrity.partition("-")
    got = base64.b64encode(hashlib.new(algo, path.read_bytes()).digest()).decode()
    if got != b64:
        path.unlink()
        raise BuildError(f"integrity check failed for {name}@{version}: expected {integrity}, got {algo}-{got}")
    return path


def browser_wheels() -> list[Path]:
    """Download the pinned browser wheels (Emscripten platform) with pip, checking every sha256."""
    dest = CACHE / "wheels"
    dest.mkdir(parents=True, exist_ok=True)
    missing = [w for w in BROWSER_WHEELS if not (dest / w[2]).exists()]
    if missing:
        req = dest / "requirements.txt"
        req.write_text("".join(f"{n}=={v} --hash=sha256:{h}\n" for n, v, _f, h, _i, _d in missing))
        run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--require-hashes", "--platform", f"pyemscripten_{BROWSER_ABI}_wasm32",
             "--python-version", "3.14", "--implementation", "cp", "--abi", "cp314",
             "-d", str(dest), "-r", str(req)])
    paths = []
    for _n, _v, fname, sha, _i, _d in BROWSER_WHEELS:
        p = dest / fname
        if not p.exists():
            raise BuildError(f"pip did not download {fname}")
        if sha256_file(p) != sha:
            p.unlink()
            raise BuildError(f"sha256 mismatch for {fname}; deleted it, run the build again")
        paths.append(p)
    return paths


# --- engine wheel ---------------------------------------------------------------------------------------
def project_meta() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def engine_wheel(out: Path) -> tuple[Path, str, str]:
    """Write the pure-Python wheel of pkg/ (engine, bots, words, renderer) reproducibly; return path, name,
    version."""
    meta = project_meta()
    return pure_wheel(out, meta["name"], meta["version"], PKG, ENGINE_PACKAGES, meta.get("dependencies", []))


#: The page's own Python (web/imperial_ui), shipped as a wheel of its own so that it is loaded with the
#: engine and its bytecode made at build time like the engine's (rather than fetched file by file as source).
PAGE_DIST = "imperial-page"


def page_wheel(out: Path) -> tuple[Path, str, str]:
    """Write the wheel of the page's own Python reproducibly; return path, name, version."""
    meta = project_meta()
    return pure_wheel(out, PAGE_DIST, meta["version"], WEB, ["imperial_ui"], [f"{meta['name']}=={meta['version']}"])


def pure_wheel(out: Path, dist_name: str, version: str, root: Path, packages: list[str],
               dependencies: list[str]) -> tuple[Path, str, str]:
    """A reproducible pure-Python wheel of ``packages`` (folders of ``root``)."""
    norm = dist_name.replace("-", "_")
    wheel = out / f"{norm}-{version}-py3-none-any.whl"
    distinfo = f"{norm}-{version}.dist-info"
    files: list[tuple[str, bytes]] = []
    for pkg in packages:
        base = root / pkg
        if not (base / "__init__.py").exists():
            raise BuildError(f"package {pkg} missing: {base}/__init__.py")
        for p in sorted(base.rglob("*")):
            if p.is_dir() or "__pycache__" in p.parts or p.suffix in {".pyc", ".pyo"}:
                continue
            data = p.read_bytes()
            if p.suffix == ".json":  # the board data, minified: the same values, in fewer bytes
                data = json.dumps(json.loads(data), ensure_ascii=False, separators=(",", ":")).encode()
            files.append((p.relative_to(root).as_posix(), data))
    requires = "".join(f"Requires-Dist: {d}\n" for d in dependencies)
    files.append((f"{distinfo}/METADATA",
                  f"Metadata-Version: 2.1\nName: {dist_name}\nVersion: {version}\n{requires}".encode()))
    files.append((f"{distinfo}/WHEEL",
                  b"Wheel-Version: 1.0\nGenerator: imperial-build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"))
    files.append((f"{distinfo}/top_level.txt", "\n".join(packages).encode() + b"\n"))
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for name, data in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        writer.writerow([name, f"sha256={digest}", len(data)])
    writer.writerow([f"{distinfo}/RECORD", "", ""])
    files.append((f"{distinfo}/RECORD", record.getvalue().encode()))
    out.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return wheel, dist_name, version


def stripped(member: str) -> bool:
    """Whether a member of a third-party wheel is left out of the shipped copy (``WHEEL_STRIP``)."""
    return any(fnmatch.fnmatchcase(member, pattern) for pattern in WHEEL_STRIP)


def patch_wheels(pydir: Path, names: list[str]) -> None:
    """In the copies of the third-party wheels ``names`` in ``pydir``: leave out the members ``WHEEL_STRIP``
    names and apply ``WHEEL_PATCHES`` (each old text must be there once). The wheels' RECORD is written afresh
    when they are compiled (``compile_wheels``)."""
    patches: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for fname, member, old, new in WHEEL_PATCHES:
        patches.setdefault((fname, member), []).append((old, new))
    unknown = {fname for fname, _m in patches} - set(names)
    if unknown:
        raise BuildError(f"patches for wheels not shipped: {sorted(unknown)}")
    for fname in names:
        path = pydir / fname
        with zipfile.ZipFile(path) as zf:
            items = [(info, zf.read(info)) for info in zf.infolist() if not stripped(info.filename)]
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zo:
            for info, data in items:
                if (fname, info.filename) in patches:
                    text = data.decode("utf-8")
                    eol = "\r\n" if "\r\n" in text else "\n"  # the file's own line ends
                    for old, new in patches[fname, info.filename]:
                        old = old.replace("\n", eol)
                        if text.count(old) != 1:
                            raise BuildError(f"cannot patch {fname}: {info.filename} does not hold {old!r} once")
                        text = text.replace(old, new.replace("\n", eol))
                    data = text.encode("utf-8")
                zo.writestr(info, data)
        path.write_bytes(out.getvalue())


def run_in_node(template: str, script_name: str, pydir: Path, lock: Path, purpose: str, *args: str) -> None:
    """Run a build script in the site's own Pyodide under Node: ``template`` with ``__PYODIDE__``,
    ``__INDEX__`` and ``__LOCK__`` filled in for ``pydir`` and ``lock``, written to ``.cache/script_name`` and
    run with ``args``; ``purpose`` says what Node is needed for."""
    if shutil.which("node") is None:
        raise BuildError(f"node is needed to {purpose} (install Node.js)")
    script = CACHE / script_name
    script.write_text(template.replace("__PYODIDE__", (pydir / "pyodide.mjs").as_uri())
                      .replace("__INDEX__", str(pydir) + "/").replace("__LOCK__", str(lock)))
    run(["node", str(script), *args], stdout=subprocess.DEVNULL)


# --- bytecode -------------------------------------------------------------------------------------------
# Pyodide compiles every imported .py on each page load (its file system is fresh each time); shipping
# CPython 3.14 bytecode in the wheels saves that work (measured: imports 3.1 s -> 1.8 s in Node). The
# bytecode is made by the site's own Pyodide, run by Node, so it matches the browser's interpreter exactly.
# Unchecked-hash .pyc files are used whatever the unpacked sources' timestamps are. Every wheel ships bytecode
# only (start-up bytes, issue 42: the engine's and the page's sources were 0.31 MB of a first visit); a traceback
# in the browser still names each file and line, whose source is in pkg/ and web/.
PYC_SCRIPT = r"""
import { loadPyodide } from "__PYODIDE__";
import { readFileSync, writeFileSync } from "node:fs";
const [inDir, outDir, ...names] = process.argv.slice(2);
const py = await loadPyodide({ indexURL: "__INDEX__", lockFileURL: "__LOCK__" });
for (const name of names) {
  py.FS.writeFile(`/tmp/${name}`, readFileSync(`${inDir}/${name}`));
  py.globals.set("wheel_name", name);
  py.runPython(`
import base64, compileall, csv, hashlib, io, os, py_compile, shutil, zipfile
src, work, out = "/tmp/" + wheel_name, "/tmp/unpacked", "/tmp/out.whl"
shutil.rmtree(work, ignore_errors=True)
with zipfile.ZipFile(src) as zf:
    infos = zf.infolist()
    zf.extractall(work)
if not compileall.compile_dir(work, quiet=2, legacy=True,
                              invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH):
    raise SystemExit("bytecode compilation failed for " + wheel_name)
for d, _, fs in os.walk(work):
    for f in fs:
        if f.endswith(".py"):
            os.remove(os.path.join(d, f))
files = sorted(os.path.relpath(os.path.join(d, f), work).replace(os.sep, "/")
               for d, _, fs in os.walk(work) for f in fs)
record = next(f for f in files if f.endswith(".dist-info/RECORD"))
rows = io.StringIO()
w = csv.writer(rows, lineterminator="\\n")
for f in files:
    if f == record:
        continue
    data = open(os.path.join(work, f), "rb").read()
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    w.writerow([f, "sha256=" + digest, len(data)])
w.writerow([record, "", ""])
with open(os.path.join(work, record), "w") as fh:
    fh.write(rows.getvalue())
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zo:
    for f in files:
        info = zipfile.ZipInfo(f, date_time=(2020, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        zo.writestr(info, open(os.path.join(work, f), "rb").read(), compresslevel=9)
`);
  writeFileSync(`${outDir}/${name}`, py.FS.readFile("/tmp/out.whl"));
}
"""


def pyc_key(wheel: Path) -> str:
    """The compiled copy's cache key: the wheel's and the compiling script's hashes."""
    return hashlib.sha256(sha256_file(wheel).encode() + PYC_SCRIPT.encode()).hexdigest()[:20]


def compile_wheels(pydir: Path, names: list[str], pyodide_tgz: Path) -> None:
    """Replace the named wheels in `pydir` by copies with 3.14 bytecode in place of their sources (cached by
    input hash)."""
    cache = CACHE / "pyc"
    cache.mkdir(parents=True, exist_ok=True)
    todo = []
    for name in names:
        key = cache / f"{pyc_key(pydir / name)}-{name}"
        if not key.exists():
            todo.append((name, key))
    if todo:
        lock = CACHE / "pyodide-upstream-lock.json"
        extract_members(pyodide_tgz, {"package/pyodide-lock.json": lock})
        out = CACHE / "pyc-out"
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir()
        run_in_node(PYC_SCRIPT, "compile_pyc.mjs", pydir, lock, "compile the browser bytecode",
                    str(pydir), str(out), *[n for n, _ in todo])
        for name, key in todo:
            if not (out / name).exists():
                raise BuildError(f"bytecode compilation wrote no {name}")
            shutil.copy2(out / name, key)
    for name in names:
        shutil.copy2(cache / f"{pyc_key(pydir / name)}-{name}", pydir / name)


# --- the standard library ---------------------------------------------------------------------------------
# Pyodide's python_stdlib.zip holds the whole standard library (3.3 MB), as sources, so every start compiled each
# module it imports. The build imports, in the site's own Pyodide under Node, every module of our packages (the
# command-line entry points aside), the third-party packages, every standard-library module our code names
# anywhere (imports inside functions included) and what the warm-start snapshot imports (web/pyodide-env.mjs's
# SNAPSHOT_IMPORTS), and collects the standard-library modules then in ``sys.modules``. Those modules, as
# unchecked-hash bytecode from that Pyodide, make the game's own zip (GAME_STDLIB, about 150 modules), with
# web/imperial_stdlib.py and the names of the modules it leaves out; the game page and its workers start on it.
# Its modules are compiled as under ``python -OO`` (no docstrings nor asserts: 0.24 MB less), Pyodide's own
# aside. The full zip stays beside it, with the same modules compiled as usual (the lab's ``help()`` keeps its
# docstrings), for the lab and for a rare import, which imperial_stdlib reads from it (fetched on first use).
STDLIB_SCRIPT = r"""
import { loadPyodide } from "__PYODIDE__";
import { readFileSync, writeFileSync } from "node:fs";
const [outDir, argsFile] = process.argv.slice(2);
const args = JSON.parse(readFileSync(argsFile, "utf8"));
const py = await loadPyodide({ indexURL: "__INDEX__", lockFileURL: "__LOCK__", packages: args.packages });
py.globals.set("args_json", JSON.stringify(args));
const report = py.runPython(`
import importlib, json, os, pkgutil, py_compile, shutil, sys, zipfile, zipimport
args = json.loads(args_json)
for name in args["imports"]:
    module = importlib.import_module(name)
    if name in args["walk"]:
        for info in pkgutil.walk_packages(module.__path__, name + "."):
            if not info.name.endswith(".__main__"):  # a command-line entry point, never run by the game
                importlib.import_module(info.name)
for name in args["stdlib"]:
    try:
        importlib.import_module(name)
    except ImportError:
        pass  # not in this Python (a module of another platform)
zip_path = os.path.dirname(os.path.dirname(json.__file__))
used = sorted({m.__file__[len(zip_path) + 1:] for m in list(sys.modules.values())
               if isinstance(getattr(m, "__loader__", None), zipimport.zipimporter)  # not the frozen ones
               and m.__file__.startswith(zip_path + "/") and m.__file__.endswith(".py")})
work = "/tmp/stdlib"
shutil.rmtree(work, ignore_errors=True)

def compiled(name, data, optimize=0):
    src = os.path.join(work, name)
    os.makedirs(os.path.dirname(src), exist_ok=True)
    with open(src, "wb") as fh:
        fh.write(data)
    py_compile.compile(src, cfile=src + "c", dfile=zip_path + "/" + name, doraise=True, optimize=optimize,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with open(src + "c", "rb") as fh:
        return fh.read()

def lean(name):
    # the game's copy is compiled as under python -OO (no docstrings, no asserts), which CPython's standard
    # library supports; not Pyodide's own modules, which read their docstrings at start
    return 0 if name.startswith(("_pyodide/", "pyodide/")) else 2

def entry(name, date_time=(2020, 1, 1, 0, 0, 0)):
    info = zipfile.ZipInfo(name, date_time=date_time)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info

def module_name(path):
    name = path[:-3].replace("/", ".")
    return name[:-9] if name.endswith(".__init__") else name

todo = set(used)
rest = []
with zipfile.ZipFile(zip_path) as zin, \\
        zipfile.ZipFile("/tmp/full.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as full, \\
        zipfile.ZipFile("/tmp/game.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as game:
    for info in zin.infolist():
        data = zin.read(info)
        if info.filename in todo:
            pyc = compiled(info.filename, data)
            full.writestr(entry(info.filename + "c", info.date_time), pyc, compresslevel=9)
            pyc = compiled(info.filename, data, lean(info.filename))
            game.writestr(entry(info.filename + "c", info.date_time), pyc, compresslevel=9)
            continue
        full.writestr(info, data, compresslevel=9)
        if info.filename.endswith(".py"):
            rest.append(module_name(info.filename))
    game.writestr(entry("imperial_stdlib.pyc"), compiled("imperial_stdlib.py", args["rest_finder"].encode()),
                  compresslevel=9)
    game.writestr(entry("imperial_stdlib_rest.txt"), "".join(n + "\\n" for n in sorted(rest)), compresslevel=9)
json.dumps({"used": used, "rest": len(rest),
            "others": sorted(n for n, m in sys.modules.items() if n.split(".")[0] in args["imports"])})
`);
for (const name of ["full.zip", "game.zip"]) writeFileSync(`${outDir}/${name}`, py.FS.readFile(`/tmp/${name}`));
writeFileSync(`${outDir}/report.json`, report);
"""


def _absolute_imports(source: bytes | str) -> list[str]:
    """The modules a Python source names in an absolute import, anywhere (inside functions too)."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return sorted(names)


def snapshot_imports() -> str:
    """The Python the warm-start snapshot runs (``SNAPSHOT_IMPORTS`` in web/pyodide-env.mjs)."""
    text = (WEB / "pyodide-env.mjs").read_text()
    start = text.find("export const SNAPSHOT_IMPORTS = `")
    if start < 0:
        raise BuildError("web/pyodide-env.mjs has no SNAPSHOT_IMPORTS")
    start = text.index("`", start) + 1
    return text[start:text.index("`", start)]


def game_sources() -> list[Path]:
    """Our Python that runs in the game (the page, its workers, the engine): not the lab's, nor a
    command-line entry point (``__main__.py``)."""
    lab = {WEB / n for n in LAB_FILES}
    return sorted(p for p in [*PKG.rglob("*.py"), *WEB.rglob("*.py")]
                  if p not in lab and p.name != "__main__.py" and "__pycache__" not in p.parts)


def modules_named() -> list[str]:
    """Every module the game's own Python names in an absolute import, and what the snapshot imports.  Parsing
    every file took about half a second of each build, so each file's names are kept in ``.cache/imports.json``
    by the hash of its contents and only new or changed files are parsed."""
    memo_path = CACHE / "imports.json"
    try:
        memo = json.loads(memo_path.read_text())
    except (OSError, ValueError):
        memo = {}
    kept: dict[str, list[str]] = {}
    for path in game_sources():
        source = path.read_bytes()
        digest = hashlib.sha256(source).hexdigest()
        found = memo.get(digest)
        kept[digest] = found if isinstance(found, list) else _absolute_imports(source)
    if kept != memo:
        CACHE.mkdir(parents=True, exist_ok=True)
        memo_path.write_text(json.dumps(kept))
    return sorted({name for names in kept.values() for name in names} | set(_absolute_imports(snapshot_imports())))


def compile_stdlib(pydir: Path, entries: list[dict]) -> dict:
    """Write the game's standard library (``pydir``/GAME_STDLIB) and compile its modules in the full one
    (``pydir``/python_stdlib.zip); cached by the zip's, the third-party wheels' and our imports' hashes.
    Returns the build's report: ``used`` (the modules' files in the zip), ``rest`` (how many it leaves out)
    and ``others`` (the modules of the wheels the game imported)."""
    ours = {"imperial-core", "imperial-page"}
    named = modules_named()
    args = {
        "packages": [e["name"] for e in entries],
        "imports": sorted(i for e in entries for i in e["imports"]),
        "walk": sorted(i for e in entries if e["name"] in ours for i in e["imports"]),
        "stdlib": [n for n in named if n.split(".")[0] in sys.stdlib_module_names],
        "rest_finder": STDLIB_REST.read_text(),
    }
    zpath = pydir / "python_stdlib.zip"
    # what our code imports of any package (a new third-party module may pull in new standard ones)
    h = hashlib.sha256(sha256_file(zpath).encode() + STDLIB_SCRIPT.encode()
                       + json.dumps([named, args["imports"], args["rest_finder"]]).encode())
    for e in entries:
        if e["name"] not in ours:
            h.update(e["sha256"].encode())
    key = CACHE / "stdlib" / h.hexdigest()[:20]
    if not (key / "report.json").exists():
        key.parent.mkdir(parents=True, exist_ok=True)
        argfile = CACHE / "compile_stdlib.json"
        argfile.write_text(json.dumps(args))
        tmp = key.with_name(key.name + ".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir()
        run_in_node(STDLIB_SCRIPT, "compile_stdlib.mjs", pydir, pydir / "pyodide-lock.json",
                    "compile the browser bytecode", str(tmp), str(argfile))
        used = json.loads((tmp / "report.json").read_text())["used"]
        if len(used) < 50:
            raise BuildError(f"only {len(used)} standard-library modules were found imported; expected the bootstrap's")
        shutil.rmtree(key, ignore_errors=True)
        tmp.rename(key)
    shutil.copy2(key / "full.zip", zpath)
    shutil.copy2(key / "game.zip", pydir / GAME_STDLIB)
    return json.loads((key / "report.json").read_text())


# --- board previews -------------------------------------------------------------------------------------
# A link (#g=...) shows the empty board it is played on while the engine loads: each board drawn by the
# renderer at build time, by the site's own Pyodide in Node (the same wheels the page loads), cached by the
# engine wheel's hash.
PREVIEW_SCRIPT = r"""
import { loadPyodide } from "__PYODIDE__";
import { writeFileSync } from "node:fs";
const [outDir] = process.argv.slice(2);
const py = await loadPyodide({ indexURL: "__INDEX__", lockFileURL: "__LOCK__" });
await py.loadPackage("imperial-core", { errorCallback: (m) => { throw new Error(m); } });
const boards = py.runPython(`
import json, os, render
os.makedirs("/tmp/previews", exist_ok=True)
from imperial_text import LANGS
names = []
for b in render.BOARDS:
    geo = render.load_geometry(b)
    for lang in LANGS:
        with open(f"/tmp/previews/{b}.{lang}.svg", "w", encoding="utf-8") as fh:
            fh.write(render.board_svg(board=b, size=(geo["width"], geo["height"]), lang=lang))
        names.append(f"{b}.{lang}")
json.dumps(names)
`);
for (const b of JSON.parse(boards)) writeFileSync(`${outDir}/${b}.svg`, py.FS.readFile(`/tmp/previews/${b}.svg`));
"""


def board_previews(pydir: Path, engine: Path, out: Path) -> None:
    """``out``/<board>.<lang>.svg: every board, empty, in every language, as the renderer of this build draws
    it."""
    key = CACHE / "previews" / hashlib.sha256(sha256_file(engine).encode() + PREVIEW_SCRIPT.encode()).hexdigest()[:20]
    if not key.is_dir() or not any(key.glob("*.svg")):
        tmp = key.with_name(key.name + ".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        run_in_node(PREVIEW_SCRIPT, "previews.mjs", pydir, pydir / "pyodide-lock.json", "draw the board previews",
                    str(tmp))
        if not any(tmp.glob("*.svg")):
            raise BuildError("the board previews were not drawn")
        shutil.rmtree(key, ignore_errors=True)
        tmp.rename(key)
    out.mkdir(parents=True, exist_ok=True)
    for svg in sorted(key.glob("*.svg")):
        shutil.copy2(svg, out / svg.name)


# --- the page's words for JS ----------------------------------------------------------------------------
def page_text(out: Path) -> None:
    """``text.js``: the catalogue's page words (keys ``page.*``, ``common.*``) in every language, for the JS
    that runs before Python (first paint, boot progress) and beside it (web/lang.js): one source of truth."""
    sys.path.insert(0, str(ROOT / "pkg"))
    import imperial_text

    table = {lang: {k: row[lang] for k, row in sorted(imperial_text.TEXT.items())
                    if k.startswith(("page.", "common.")) or k == "money"} for lang in imperial_text.LANGS}
    out.write_text("// Written by build.py from pkg/imperial_text (do not edit).\n"
                   f"export const LANGS = {json.dumps(list(imperial_text.LANGS))};\n"
                   f"export const LANG_NAMES = {json.dumps(imperial_text.LANG_NAMES, ensure_ascii=False)};\n"
                   f"export const TEXT = {json.dumps(table, ensure_ascii=False, indent=0)};\n", encoding="utf-8")


# --- the Python lab ----------------------------------------------------------------------------------------
def pyscript_files(tgz: Path, out: Path) -> None:
    """PyScript's browser build (``package/dist``: its modules, the chunks they import on demand and its
    stylesheets, without source maps) and its licence, into ``out``."""
    with tarfile.open(tgz) as tf:
        members = [m for m in tf.getmembers() if m.isfile() and (
            m.name == "package/LICENSE" or (m.name.startswith("package/dist/") and "/" not in m.name[13:]
                                            and m.name.endswith((".js", ".css"))
                                            and m.name != "package/dist/service-worker.js"))]
        if not any(m.name == "package/dist/core.js" for m in members):
            raise BuildError(f"{tgz.name} has no package/dist/core.js")
        out.mkdir(parents=True, exist_ok=True)
        for m in members:
            f = tf.extractfile(m)
            assert f is not None
            (out / m.name.rsplit("/", 1)[1]).write_bytes(f.read())


def lab_urls() -> list[str]:
    """What the service worker keeps for the lab once it has been opened (dist-relative URLs): its own files,
    PyScript and the full standard library (the game starts on its own, GAME_STDLIB)."""
    return LAB_FILES + ["pyodide/python_stdlib.zip"] + sorted(p.relative_to(DIST).as_posix() for p in (DIST / "pyscript").rglob("*") if p.is_file())


# --- site -----------------------------------------------------------------------------------------------
def extract_members(tgz: Path, members: dict[str, Path]) -> None:
    """Copy the named tarball members (path inside the tarball -> destination file)."""
    with tarfile.open(tgz) as tf:
        names = set(tf.getnames())
        for src, dst in members.items():
            if src not in names:
                raise BuildError(f"{tgz.name} has no {src}")
            dst.parent.mkdir(parents=True, exist_ok=True)
            f = tf.extractfile(src)
            assert f is not None
            dst.write_bytes(f.read())


def stored(path: Path) -> None:
    """Rewrite the zip ``path`` with every member stored uncompressed (the same members, names, dates and
    order): its packed copy (``pack``) compresses all of its bytes at once, better than deflate member by member
    (the wheels and the game's standard library: 4.54 MB deflated, 3.37 MB stored and packed)."""
    with zipfile.ZipFile(path) as zf:
        items = [(info, zf.read(info)) for info in zf.infolist()]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as zo:
        for info, data in items:
            info.compress_type = zipfile.ZIP_STORED
            zo.writestr(info, data)
    path.write_bytes(out.getvalue())


def ensure_zstd() -> str:
    """The ``zstd`` command (Debian's zstd package, installed with apt-get when it is missing)."""
    found = shutil.which("zstd")
    if found:
        return found
    prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run(prefix + ["apt-get", "update", "-qq"], env=env, stdin=subprocess.DEVNULL)
    run(prefix + ["apt-get", "install", "-y", "-qq", "--no-install-recommends", "zstd"], env=env,
        stdin=subprocess.DEVNULL)
    found = shutil.which("zstd")
    if not found:
        raise BuildError("apt-get finished but there is no zstd command")
    return found


def pack(files: list[Path]) -> None:
    """Write ``<file>.zst`` beside each of ``files`` (``ZSTD_ARGS``; cached by the file's hash)."""
    cache = CACHE / "zst"
    cache.mkdir(parents=True, exist_ok=True)
    zstd = None
    for path in files:
        key = cache / f"{sha256_file(path)[:24]}-{'_'.join(ZSTD_ARGS)}.zst"
        if not key.exists():
            zstd = zstd or ensure_zstd()
            tmp = key.with_suffix(".tmp")
            run([zstd, *ZSTD_ARGS, "-q", "-f", "--no-progress", str(path), "-o", str(tmp)])
            tmp.rename(key)
        shutil.copy2(key, path.with_name(path.name + ".zst"))


def write_lock(pyodide_tgz: Path, pydir: Path, entries: list[dict]) -> None:
    """Our own pyodide-lock.json: upstream `info` plus exactly the wheels we ship, with their sha256."""
    with tarfile.open(pyodide_tgz) as tf:
        f = tf.extractfile("package/pyodide-lock.json")
        assert f is not None
        upstream = json.load(f)
    packages = {}
    for e in entries:
        packages[e["name"]] = {
            "name": e["name"], "version": e["version"], "file_name": e["file_name"], "install_dir": "site",
            "sha256": e["sha256"], "package_type": "package", "imports": e["imports"],
            "depends": e["depends"], "unvendored_tests": False, "tool": {},
        }
    lock = {"info": upstream["info"], "packages": dict(sorted(packages.items()))}
    (pydir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")


def site_hash(files: list[Path]) -> str:
    h = hashlib.sha256()
    for p in files:
        h.update(p.relative_to(DIST).as_posix().encode() + b"\0")
        h.update(sha256_file(p).encode())
    return h.hexdigest()[:16]


def nations_css() -> str:
    """The page's nation colours, made from the renderer's palette (``render.style.page_css``): one source for
    the pieces on the map and the chips beside it.  ``render/style.py`` is read on its own (no engine needed)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("render_style", PKG / "render" / "style.py")
    style = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(style)
    boards = [json.loads(p.read_text())["nations"] for p in sorted((PKG / "render" / "geometry").glob("*.json"))]
    return style.page_css(boards)


def fill_in(path: Path, placeholder: str, value: str) -> None:
    """Write ``value`` where ``path`` (a page's file in dist/) holds ``placeholder``, which it must hold once."""
    text = path.read_text()
    if text.count(placeholder) != 1:
        raise BuildError(f"{path.name} does not hold {placeholder} once")
    path.write_text(text.replace(placeholder, value))


def build() -> dict:
    """Assemble dist/ and return a summary (hash, file count, sizes)."""
    pyodide_tgz = npm_tarball(*PYODIDE)
    pyscript_tgz = npm_tarball(*PYSCRIPT)
    wheels = browser_wheels()

    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    # Pages and glue.
    for p in sorted(WEB.rglob("*")):
        # the page's own Python goes in its wheel (page_wheel), not as loose files; imperial_stdlib in GAME_STDLIB
        if p.is_file() and "__pycache__" not in p.parts and p not in (WEB / "sw.template.js", STDLIB_REST) and \
                "imperial_ui" not in p.relative_to(WEB).parts:
            dst = DIST / p.relative_to(WEB)
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(p, dst)
    (DIST / "nations.css").write_text(nations_css())
    missing = [n for n in LAB_FILES if not (DIST / n).is_file()]
    if missing:
        raise BuildError(f"the lab's files are missing from web/: {', '.join(missing)}")
    pyscript_files(pyscript_tgz, DIST / "pyscript")
    # Pyodide runtime.
    pydir = DIST / "pyodide"
    extract_members(pyodide_tgz, {f"package/{n}": pydir / n for n in PYODIDE_FILES})
    fill_in(DIST / "start.mjs", "__WASM_BYTES__", str((pydir / "pyodide.asm.wasm").stat().st_size))
    # Wheels + lock.
    entries = []
    for (name, version, fname, _sha, imports, depends), src in zip(BROWSER_WHEELS, wheels, strict=True):
        shutil.copy2(src, pydir / fname)
        entries.append({"name": name, "version": version, "file_name": fname, "imports": imports,
                        "depends": depends})
    ewheel, ename, eversion = engine_wheel(pydir)
    entries.append({"name": ename, "version": eversion, "file_name": ewheel.name, "imports": ENGINE_PACKAGES,
                    "depends": ["pydantic", "svgwrite"]})
    pwheel, pname, pversion = page_wheel(pydir)
    entries.append({"name": pname, "version": pversion, "file_name": pwheel.name, "imports": ["imperial_ui"],
                    "depends": [ename]})
    patch_wheels(pydir, [e["file_name"] for e in entries[:len(BROWSER_WHEELS)]])
    compile_wheels(pydir, [e["file_name"] for e in entries], pyodide_tgz)
    for e in entries:
        stored(pydir / e["file_name"])
        e["sha256"] = sha256_file(pydir / e["file_name"])
    write_lock(pyodide_tgz, pydir, entries)
    compile_stdlib(pydir, entries)
    stored(pydir / GAME_STDLIB)
    packed = ["pyodide.asm.wasm", GAME_STDLIB] + [e["file_name"] for e in entries]
    pack([pydir / n for n in packed])
    fill_in(DIST / "packed.mjs", "__PACKED__", " ".join(packed))
    extract_members(npm_tarball(*FZSTD), {src: DIST / dst for src, dst in FZSTD_FILES.items()})
    board_previews(pydir, ewheel, DIST / "previews")
    page_text(DIST / "text.js")

    # Service worker: precache every file but the lab's (kept once the lab is opened: sw.template.js),
    # versioned by the content hash of the site.
    files = sorted(p for p in DIST.rglob("*") if p.is_file())
    version = site_hash(files)
    (DIST / "build-info.json").write_text(json.dumps(
        {"version": version, "engine": eversion, "engine_wheel": ewheel.name, "pyodide": PYODIDE[1]},
        indent=1) + "\n")
    files = sorted(p for p in DIST.rglob("*") if p.is_file())
    lab = lab_urls()
    # the packed copies are not kept: the service worker keeps the files unpacked, under their own names
    urls = ["./"] + [u for u in (p.relative_to(DIST).as_posix() for p in files) if u not in lab
                     and not u.endswith(".zst")]
    template = (WEB / "sw.template.js").read_text()
    (DIST / "sw.js").write_text(template.replace("__VERSION__", version)
                                .replace("__PRECACHE__", json.dumps(urls, indent=0))
                                .replace("__PACKED__", json.dumps([f"pyodide/{n}" for n in packed]))
                                .replace("__LAB__", json.dumps(lab, indent=0)))

    files = sorted(p for p in DIST.rglob("*") if p.is_file())
    raw = sum(p.stat().st_size for p in files)
    gz = sum(len(gzip.compress(p.read_bytes(), 6)) for p in files)
    summary = {"version": version, "files": len(files), "raw_bytes": raw, "gzip_bytes": gz}
    log(f"dist/ ready: {len(files)} files, {raw / 1e6:.1f} MB raw, {gz / 1e6:.1f} MB gzipped, "
        f"version {version}")
    return summary


# --- serve ----------------------------------------------------------------------------------------------
class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right MIME types and no HTTP caching (the service worker does the caching)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - signature fixed by the base class
        if os.environ.get("IMPERIAL_SERVE_LOG"):
            super().log_message(format, *args)


def make_server(directory: Path, port: int = 0) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(SiteHandler, directory=str(directory))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def serve(port: int) -> None:
    build()
    try:
        server = make_server(DIST, port)
    except OSError as e:
        raise BuildError(f"cannot serve on 127.0.0.1:{port} ({e.strerror}); try --port with another number") from e
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"\nImperial is served at {url}  (Ctrl+C to stop)\n", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# --- test -----------------------------------------------------------------------------------------------
def venv_python() -> Path:
    return VENV / "bin" / "python"


def ensure_venv() -> Path:
    """A virtual environment with the pinned test requirements and the project (editable)."""
    py = venv_python()
    if not py.exists():
        run([sys.executable, "-m", "venv", str(VENV)])
    req = ROOT / "requirements-test.txt"
    stamp = VENV / ".requirements.sha256"
    # the checkout is part of the stamp: the project is installed editable from ROOT, so a venv shared with
    # another checkout (a git worktree) is pointed back here when this checkout runs
    want = hashlib.sha256(req.read_bytes() + (ROOT / "pyproject.toml").read_bytes()
                          + str(ROOT).encode()).hexdigest()
    if not stamp.exists() or stamp.read_text() != want:
        run([str(py), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", str(req)])
        run([str(py), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps",
             "--no-build-isolation", "-e", str(ROOT)])
        stamp.write_text(want)
    return py


#: Debian's chromium, the browser players use (the benchmarks measure it).
FULL_CHROMIUM = "/usr/bin/chromium"
#: Debian's chromium-headless-shell, the browser the e2e tests drive.
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"


def ensure_chromium() -> None:
    """The browser the e2e tests drive (Playwright cannot download browsers here): Debian's
    chromium-headless-shell, Chromium's headless shell built from the same source as Debian's chromium, which
    costs the machine less per page (``e2e/conftest.py`` says how much); Debian's full chromium if apt-get
    cannot give the shell."""
    if Path(HEADLESS_SHELL).exists():
        return
    prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    apt = prefix + ["apt-get", "install", "-y", "-qq", "--no-install-recommends"]
    try:
        run(prefix + ["apt-get", "update", "-qq"], env=env, stdin=subprocess.DEVNULL)
        run(apt + ["chromium-headless-shell", "fonts-dejavu-core"], env=env, stdin=subprocess.DEVNULL)
    except BuildError as e:
        log(f"{e}; the tests will use the full chromium")
        if not Path(FULL_CHROMIUM).exists():
            run(apt + ["chromium", "fonts-dejavu-core"], env=env, stdin=subprocess.DEVNULL)
    if not (Path(HEADLESS_SHELL).exists() or Path(FULL_CHROMIUM).exists()):
        raise BuildError(f"apt-get finished but neither {HEADLESS_SHELL} nor {FULL_CHROMIUM} is there")


def axe_script() -> Path:
    """axe-core's browser script for the e2e accessibility checks (pinned, integrity-checked, test only)."""
    out = CACHE / f"axe-core-{AXE[1]}.min.js"
    if not out.exists():
        extract_members(npm_tarball(*AXE), {"package/axe.min.js": out})
    return out


#: pytest-xdist: a test process per core (at most four: each keeps its own browser with booted pages); which
#: tests go together and which start first is said in e2e/conftest.py.  ``build.py test -n 0 …`` runs in
#: one process.
PARALLEL = ["-n", "auto", "--maxprocesses", "4"]


def test(pytest_args: list[str]) -> int:
    # The test tools, the browser and the accessibility script are installed while the site is built: they
    # need nothing from each other, and on a fresh machine each side takes about half a minute.
    with concurrent.futures.ThreadPoolExecutor(max_workers=3) as pool:
        tools = [pool.submit(ensure_venv), pool.submit(ensure_chromium), pool.submit(axe_script)]
        build()
        py, _chromium, axe = (f.result() for f in tools)
    run([str(py), "-m", "ruff", "check", "."], cwd=ROOT)
    env = {**os.environ, "IMPERIAL_DIST": str(DIST), "IMPERIAL_AXE": str(axe)}
    try:
        run([str(py), "-m", "pytest", *PARALLEL, *(pytest_args or ["tests", "e2e"])], cwd=ROOT, env=env)
    except BuildError as e:
        log(str(e))
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("build", help="write the complete static site to dist/")
    sp = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    sp.add_argument("--port", type=int, default=8000)
    tp = sub.add_parser("test", help="install test tools, build, run ruff and all tests")
    tp.add_argument("pytest_args", nargs=argparse.REMAINDER, help="extra arguments for pytest")
    # pytest's own options may come first (``build.py test -n 0 e2e/test_ui.py``): argparse's remainder takes
    # only what follows the first word it does not know, so the options it does not know are added in front
    args, unknown = ap.parse_known_args(argv)
    if unknown and args.cmd != "test":
        ap.error(f"unrecognized arguments: {' '.join(unknown)}")
    if args.cmd == "test":
        args.pytest_args = unknown + [a for k, a in enumerate(args.pytest_args) if k or a != "--"]
    try:
        if args.cmd == "build":
            build()
            return 0
        if args.cmd == "serve":
            serve(args.port)
            return 0
        return test(args.pytest_args)
    except BuildError as e:
        print(f"\nBUILD FAILED: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

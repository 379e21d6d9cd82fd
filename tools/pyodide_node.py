"""Python run in the site's own Pyodide under Node, started as the game page starts it: on the game's standard
library (``python_stdlib_game.zip``) with the finder of the rest (``imperial_stdlib``, which reads the full zip
on a rare import, as ``web/pyodide-env.mjs`` does), pydantic from the site's wheels, and the project's packages
copied from the source tree.  Node's V8 runs the same WebAssembly as Chromium.

Used by ``tests/test_pyodide_parity.py`` (the same games there as here) and ``bench/bots.py --pyodide`` (the
bots' decision times there)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

#: The Node script: boots Pyodide, runs the job's program, then ``main(**args)`` (which returns JSON text),
#: then the job's ``after`` expression if any (JSON text too), and writes what it got.
RUNNER = r"""
import fs from "node:fs";
import path from "node:path";
const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(path.join(job.index, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: job.index + "/", stdLibURL: job.index + "/python_stdlib_game.zip",
                               env: { PYTHONHASHSEED: String(job.hashSeed) } });
const fetched = [];
py.pyimport("imperial_stdlib").install((p) => {
  fetched.push(p);
  py.FS.writeFile(p, fs.readFileSync(path.join(job.index, "python_stdlib.zip")));
});
await py.loadPackage(["pydantic"], { messageCallback: () => {} });
function copy(src, dst) {
  py.FS.mkdirTree(dst);
  for (const e of fs.readdirSync(src, { withFileTypes: true })) {
    if (e.name === "__pycache__") continue;
    const s = path.join(src, e.name), d = dst + "/" + e.name;
    if (e.isDirectory()) copy(s, d); else py.FS.writeFile(d, fs.readFileSync(s));
  }
}
for (const p of job.packages) copy(path.join(job.pkg, p), "/engine/" + p);
let out, during, after = null, info;
try {
  py.runPython("import sys; sys.path.insert(0, '/engine')");
  py.runPython(job.program);
  py.globals.set("job_args", JSON.stringify(job.args));
  out = py.runPython("import json as _j; main(**_j.loads(job_args))");
  during = fetched.length;
  if (job.after) after = JSON.parse(py.runPython(job.after));
  info = py.runPython("import sys, pydantic; sys.version.split()[0] + ' pydantic ' + pydantic.VERSION");
} catch (e) {
  console.error("PYTHON ERROR\n" + e.message);
  process.exit(3);
}
fs.writeFileSync(job.out, JSON.stringify({ info, result: JSON.parse(out), during, fetched: fetched.slice(), after }));
"""


class PyodideRunFailed(RuntimeError):
    """Node or the Python in Pyodide failed; the message holds the end of what they printed."""


def available(index: Path) -> str:
    """Why Pyodide cannot be run from ``index`` here ('' when it can)."""
    if shutil.which("node") is None:
        return "node is not on PATH"
    if not (index / "pyodide.mjs").exists() or not (index / "pyodide-lock.json").exists():
        return f"{index} holds no Pyodide: run `python3 build.py build` first"
    return ""


def run(index: Path, program: str, args: dict[str, Any], *, after: str = "",
        packages: Sequence[str] = ("imperial_core", "imperial_text", "imperial_bots"), hash_seed: int = 4242,
        timeout: float = 600, workdir: Path | None = None) -> dict[str, Any]:
    """``program`` run in the Pyodide of ``index`` (a site's ``pyodide/`` folder), then its ``main(**args)``.

    Returns ``info`` (Python's and pydantic's versions), ``result`` (what ``main`` returned, read as JSON),
    ``during`` (how many times the rest of the standard library was read until then), ``fetched`` (the files
    it was read into, in all) and ``after`` (the value of the Python expression ``after``, JSON text, run
    after ``main``).  Strings hash with ``hash_seed`` there."""
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        job = {"index": str(index), "pkg": str(ROOT / "pkg"), "packages": list(packages), "program": program,
               "args": args, "after": after, "hashSeed": hash_seed, "out": f"{tmp}/out.json"}
        Path(tmp, "job.json").write_text(json.dumps(job))
        Path(tmp, "run.mjs").write_text(RUNNER)
        proc = subprocess.run(["node", f"{tmp}/run.mjs", f"{tmp}/job.json"], capture_output=True, text=True,
                              timeout=timeout, env={**os.environ, "NODE_OPTIONS": ""})
        if proc.returncode != 0:
            err = proc.stderr  # Node prints the minified line that threw before Python's traceback
            err = err[err.index("PYTHON ERROR"):] if "PYTHON ERROR" in err else err
            raise PyodideRunFailed(f"node failed ({proc.returncode}):\n{proc.stdout[-2000:]}\n{err[-3000:]}")
        return json.loads(Path(tmp, "out.json").read_text())

"""The engine gives the same games in the browser (Pyodide, CPython 3.14 on WebAssembly) as in CPython.

Runs Node with the site's own Pyodide and wheels from ``dist/pyodide`` (``python3 build.py test`` builds
``dist/`` before pytest runs and names it in ``IMPERIAL_DIST``), loads the engine from ``pkg/imperial_core`` (the source under test; the
engine wheel in ``dist/`` is the same code when ``dist/`` is fresh), plays seeded random games in every
variant there and here, and compares tokens, JSON saves, scores and a digest of every list of legal
actions along the way, and of the learned evaluation's feature vectors and values (``imperial_bots.features``,
``imperial_bots.learned``) at every 25th position; then decodes this interpreter's tokens in Pyodide.  Pyodide runs with a string
hash seed different from this process's, so the check also covers "legal actions never depend on the
hash seed".  Pyodide starts as the game page does, on the game's standard library (``python_stdlib_game.zip``)
with the finder of the rest (``imperial_stdlib``): the games must not need the rest, and a rare module of the
standard library, asked for afterwards, is read from the full zip.  Skipped, with the reason, when ``node`` or
``dist/pyodide`` is missing.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from tools import pyodide_node

ROOT = Path(__file__).resolve().parents[1]
PYODIDE = Path(os.environ.get("IMPERIAL_DIST") or ROOT / "dist") / "pyodide"  # build.py test sets IMPERIAL_DIST
#: The packages copied into Pyodide: the engine, and the bots' features and learned evaluation.
PACKAGES = ["imperial_core", "imperial_bots", "imperial_text"]
RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "python_stdlib_game.zip",
           "pyodide-lock.json"]

# Every variant at least once, 2 to 6 players.
SPECS = [
    {"seed": 11, "players": ["Ada", "Bo"], "options": {}},
    {"seed": 12, "players": ["Ada", "Bo", "Cy"], "options": {}},
    {"seed": 13, "players": ["Ada", "Bo", "Cy", "Di"], "options": {"setup": "auction"}},
    {"seed": 14, "players": ["Ada", "Bo", "Cy", "Di", "Ed"], "options": {"investor_card": False}},
    {"seed": 15, "players": ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"], "options": {"edition": "first"}},
    {"seed": 16, "players": ["Ada", "Bo", "Cy"],
     "options": {"edition": "first", "setup": "auction", "investor_card": False}},
    # Imperial 2030, its variants, canals included
    {"seed": 17, "players": ["Ada", "Bo", "Cy", "Di"], "options": {"board": "world2030"}},
    {"seed": 18, "players": ["Ada", "Bo", "Cy"],
     "options": {"board": "world2030", "increase_bonus": True, "investor_card": False, "setup": "auction"}},
]

# Run unchanged by both interpreters.  Actions are picked by a fixed LCG, not ``random``, so the games
# depend on nothing but the engine.
PROGRAM = r'''
import hashlib, json
from imperial_core import RULES_VERSION, apply_index, decode, encode, legal_actions, new_game, scores
from imperial_bots.features import vectors
from imperial_bots.learned import values

def play(spec):
    s = new_game(spec["players"], seed=spec["seed"], **spec["options"])
    x = spec["seed"] + 1
    digest = hashlib.sha256()
    feats = hashlib.sha256()
    while not s.is_over:
        if len(s.history) % 25 == 0:
            feats.update((repr(vectors(s)) + repr(values(s)) + "\n").encode())
        acts = legal_actions(s)
        digest.update(("|".join(str(a) for a in acts) + "\n").encode())
        x = (x * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        s = apply_index(s, (x >> 33) % len(acts))
    return {"token": encode(s), "save": s.model_dump_json(), "scores": scores(s), "n": len(s.history),
            "actions": digest.hexdigest(), "features": feats.hexdigest()}

def read(token):
    try:
        return decode(token).model_dump_json()
    except Exception as e:
        return f"decode failed: {type(e).__name__}: {e}"

def main(specs, tokens):
    return json.dumps({"version": RULES_VERSION, "games": [play(sp) for sp in specs],
                       "decoded": [read(t) for t in tokens]})

def rest():
    """After the games: a module the game's standard library leaves out, and one that no library holds."""
    import colorsys, email.mime.text
    rare = repr((colorsys.rgb_to_hsv(1.0, 0.0, 0.0), email.mime.text.MIMEText("x")["Content-Type"]))
    try:
        import no_such_module_anywhere  # noqa: F401
        missing = False
    except ModuleNotFoundError:
        missing = True
    return json.dumps({"rare": rare, "missing": missing})
'''



def _snapshot(dst: Path) -> Path:
    """Copy the site's Pyodide and wheels, retrying while another build rewrites ``dist/``."""
    for attempt in range(10):
        try:
            lock = json.loads((PYODIDE / "pyodide-lock.json").read_text())
            out = dst / "pyodide"
            shutil.rmtree(out, ignore_errors=True)
            out.mkdir(parents=True)
            names = RUNTIME + [p["file_name"] for p in lock["packages"].values()]
            for name in names:
                shutil.copy2(PYODIDE / name, out / name)
            return out
        except (OSError, ValueError, KeyError):
            if attempt == 9:
                raise
            time.sleep(3)
    raise AssertionError("unreachable")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    why = pyodide_node.available(PYODIDE)
    if why:
        pytest.skip(f"the Pyodide parity check cannot run: {why}")
    ns: dict = {}
    exec(compile(PROGRAM, "<parity program>", "exec"), ns)
    here = json.loads(ns["main"](SPECS, []))
    tmp = tmp_path_factory.mktemp("pyodide")
    t0 = time.perf_counter()
    try:
        there = pyodide_node.run(_snapshot(tmp), PROGRAM, {"specs": SPECS, "tokens": [g["token"] for g in here["games"]]},
                                 after="rest()", packages=PACKAGES, timeout=240, workdir=tmp)
    except pyodide_node.PyodideRunFailed as e:
        pytest.fail(str(e))
    there["rest"] = {"during": there["during"], "fetched": there["fetched"], **there["after"]}
    print(f"\nPyodide {there['info']}: {len(SPECS)} games in {time.perf_counter() - t0:.1f} s (boot included)")
    return here, there


def test_pyodide_runs_cpython_3_14(runs):
    _here, there = runs
    assert there["info"].startswith("3.14.")
    assert there["result"]["version"] == _here["version"]


@pytest.mark.parametrize("i", range(len(SPECS)), ids=lambda i: "{players}p-{options}".format(
    players=len(SPECS[i]["players"]), options="-".join(f"{k}={v}" for k, v in SPECS[i]["options"].items()) or "standard"))
def test_same_game_token_and_save_in_pyodide(runs, i):
    here, there = runs
    a, b = here["games"][i], there["result"]["games"][i]
    assert a["n"] > 50  # a real game, not a set-up that ended at once
    assert b["actions"] == a["actions"], "the legal-action lists differ somewhere in the game"
    assert b["token"] == a["token"]
    assert b["save"] == a["save"]
    assert b["scores"] == a["scores"]


def test_same_feature_vectors_and_learned_values_in_pyodide(runs):
    here, there = runs
    assert [g["features"] for g in there["result"]["games"]] == [g["features"] for g in here["games"]]


def test_cpython_tokens_decode_in_pyodide_to_the_same_state(runs):
    here, there = runs
    assert there["result"]["decoded"] == [g["save"] for g in here["games"]]


def test_the_game_needs_no_module_beyond_its_standard_library_and_a_rare_one_loads_from_the_full(runs):
    """The seeded games ran on the game's standard library alone; a module it leaves out (``colorsys``, and
    ``email.mime.text`` below a package it holds) then loads from the full zip, fetched once; a module that no
    standard library holds is still a ModuleNotFoundError, without a fetch."""
    _here, there = runs
    rest = there["rest"]
    assert rest["during"] == 0, "the games asked for a standard-library module the game's zip leaves out"
    assert rest["rare"] == "((0.0, 1.0, 1.0), 'text/plain; charset=\"us-ascii\"')"
    assert rest["fetched"] == ["/lib/python_stdlib_full.zip"]
    assert rest["missing"] is True

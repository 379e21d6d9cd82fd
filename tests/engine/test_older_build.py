"""A link and a save made by the older build itself, during the test: the engine of commit 6fbb205 (link layout 2,
``ENGINE_VERSION`` 2) is taken from this repository's history, runs ``data/make_6fbb205.py`` in a Python of its
own, and what it writes is what ``data/`` pins; this build then opens each game and plays on
(``test_format_pin.test_links_and_saves_of_6fbb205_open_continue_and_re_encode`` checks them in full).

A clone without that commit (a shallow one) cannot run the old build; the pinned files still guard the format."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
from imperial_core import apply, decode_link, encode, legal_actions, read_save

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "engine" / "data"
OLD = "6fbb2051a9bad6ef205811cdd3e2b1d57a864052"


def old_engine(tmp: Path) -> Path:
    """The ``pkg/`` folder of the older build, unpacked from the repository's history into ``tmp``."""
    git = shutil.which("git")
    if git is None or subprocess.run([git, "-C", str(ROOT), "cat-file", "-e", f"{OLD}^{{commit}}"],
                                     capture_output=True).returncode != 0:
        pytest.skip(f"this checkout has no commit {OLD[:7]} (a shallow clone): the pinned files in data/ stand in")
    archive = subprocess.run([git, "-C", str(ROOT), "archive", "--format=tar", OLD, "pkg"], capture_output=True,
                             check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(tmp, filter="data")
    return tmp / "pkg"


def test_the_older_build_makes_the_pinned_files_and_this_build_plays_them_on(tmp_path: Path):
    pkg = old_engine(tmp_path / "old")
    out = tmp_path / "out"
    out.mkdir()
    env = {**os.environ, "PYTHONPATH": str(pkg)}
    subprocess.run([sys.executable, str(DATA / "make_6fbb205.py"), str(out)], env=env, check=True, cwd=tmp_path)
    made = sorted(p.name for p in out.iterdir())
    assert made == ["expected-6fbb205.json", "links-6fbb205.json", "save-6fbb205-finished.json",
                    "save-6fbb205-from-position.json", "save-6fbb205-midgame.json"]
    for name in made:  # the older build writes today exactly what data/ pins
        assert (out / name).read_text(encoding="utf-8") == (DATA / name).read_text(encoding="utf-8"), name
    for name in ("midgame", "from-position"):
        saved = read_save((out / f"save-6fbb205-{name}.json").read_text(encoding="utf-8"))
        assert saved.state.version == 2
        later = apply(saved.state, legal_actions(saved.state)[0])  # and it plays on here
        assert decode_link(encode(later)).state == later

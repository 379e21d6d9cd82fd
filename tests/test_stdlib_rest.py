"""The finder of the standard library's rest (web/imperial_stdlib.py), in CPython: a module left out of the
game's standard library is read from the full zip, fetched once on first use; other names are not its
business."""

from __future__ import annotations

import importlib
import importlib.util
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def rest_module():
    spec = importlib.util.spec_from_file_location("imperial_stdlib_under_test", ROOT / "web" / "imperial_stdlib.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_rare_module_loads_from_the_full_zip_fetched_once(rest_module, tmp_path: Path):
    full = tmp_path / "served.zip"
    with zipfile.ZipFile(full, "w") as zf:
        zf.writestr("imperial_rare_mod.py", "VALUE = 42\n")
        zf.writestr("imperial_rare_pkg/__init__.py", "")
        zf.writestr("imperial_rare_pkg/sub.py", "from imperial_rare_mod import VALUE\nTWICE = 2 * VALUE\n")
    (tmp_path / rest_module.REST_FILE).write_text("imperial_rare_mod\nimperial_rare_pkg\nimperial_rare_pkg.sub\n")
    fetched: list[str] = []

    def fetch(path: str) -> None:
        fetched.append(path)
        Path(path).write_bytes(full.read_bytes())

    finder = rest_module.RestFinder(rest_module.rest_names(str(tmp_path)), fetch, str(tmp_path / "full.zip"))
    assert finder.find_spec("colorsys_not_listed") is None and not fetched  # nothing fetched for other names
    sys.meta_path.append(finder)
    try:
        sub = importlib.import_module("imperial_rare_pkg.sub")
        assert sub.TWICE == 84
        assert importlib.import_module("imperial_rare_mod").VALUE == 42
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module("imperial_rare_pkg.absent")
    finally:
        sys.meta_path.remove(finder)
        for name in ("imperial_rare_pkg.sub", "imperial_rare_pkg", "imperial_rare_mod"):
            sys.modules.pop(name, None)
    assert fetched == [str(tmp_path / "full.zip")]


def test_install_puts_one_finder_last(rest_module):
    before = list(sys.meta_path)
    try:
        first = rest_module.install(lambda path: None, frozenset({"x"}))
        again = rest_module.install(lambda path: None, frozenset({"y"}))
        assert first is again and sys.meta_path[-1] is first and sys.meta_path[:-1] == before
    finally:
        sys.meta_path[:] = before

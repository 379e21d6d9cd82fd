"""The rest of the standard library, on demand.

The game starts on a standard library of only the modules it imports (``python_stdlib_game.zip``, written by
build.py from the modules that importing the page and the bots' worker loads in the site's own Pyodide). This
module ships in that zip. :func:`install` puts a finder last on ``sys.meta_path``: a module of the standard
library that the small zip leaves out (its names are in ``imperial_stdlib_rest.txt`` beside this module) is then
read from the full zip, ``python_stdlib.zip``, which is fetched the first time such a module is asked for and
written to Pyodide's file system. A rare import is slower, never an error; a name that no standard library
holds is not fetched for.
"""

from __future__ import annotations

import os
import sys
import zipimport
from collections.abc import Callable
from importlib.machinery import ModuleSpec

#: The modules of the full standard library that the small zip leaves out, one dotted name a line.
REST_FILE = "imperial_stdlib_rest.txt"
#: Where the full zip is written once it has been fetched.
FULL_PATH = "/lib/python_stdlib_full.zip"


class RestFinder:
    """Finds the standard-library modules left out of the small zip in the full one, fetched on first use.

    ``fetch(path)`` writes the full zip to ``path`` (in the browser: a synchronous request for
    ``pyodide/python_stdlib.zip``, see web/pyodide-env.mjs).
    """

    def __init__(self, rest: frozenset[str], fetch: Callable[[str], object], path: str = FULL_PATH) -> None:
        self.rest = rest
        self.fetch = fetch
        self.path = path
        self.fetched = False

    def find_spec(self, name: str, path: object = None, target: object = None) -> ModuleSpec | None:
        """The module's spec from the full zip, or None for a name the small zip's rest does not hold."""
        if name not in self.rest:
            return None
        if not self.fetched:
            print(f"imperial: {name} is not in the game's standard library; loading the full one",
                  file=sys.stderr)
            self.fetch(self.path)
            self.fetched = True
        package = name.rpartition(".")[0]
        where = self.path + "/" + (package.replace(".", "/") + "/" if package else "")
        return zipimport.zipimporter(where).find_spec(name)


def rest_names(directory: str | None = None) -> frozenset[str]:
    """The names listed in ``REST_FILE`` (read from the zip this module was imported from, or ``directory``)."""
    base = directory if directory is not None else os.path.dirname(__file__)
    loader = globals().get("__loader__")
    target = os.path.join(base, REST_FILE)
    if directory is None and hasattr(loader, "get_data"):
        data = loader.get_data(target)
    else:
        with open(target, "rb") as fh:
            data = fh.read()
    return frozenset(data.decode("ascii").split())


def install(fetch: Callable[[str], object], rest: frozenset[str] | None = None) -> RestFinder:
    """Put the finder last on ``sys.meta_path`` (once; a second call returns the first finder)."""
    for finder in sys.meta_path:
        if isinstance(finder, RestFinder):
            return finder
    finder = RestFinder(rest_names() if rest is None else rest, fetch)
    sys.meta_path.append(finder)
    return finder

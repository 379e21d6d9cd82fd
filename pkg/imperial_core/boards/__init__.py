"""Board data files (JSON), loaded with importlib.resources by ``imperial_core.board``."""

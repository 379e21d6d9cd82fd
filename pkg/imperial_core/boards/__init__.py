"""Board data files (JSON), read as files by ``imperial_core.board``."""

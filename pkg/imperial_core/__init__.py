"""Rules engine for Imperial and Imperial 2030 (Mac Gerdts)."""

__version__ = "0.1.0"

"""Rules of Imperial, one module per rondel space plus set-up, maneuver and scoring."""

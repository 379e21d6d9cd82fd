"""Why a computer player chose its move, in one line for the log (``imperial_bots``)."""

from __future__ import annotations

from .common import row as _r

TEXT: dict[str, dict[str, str]] = {
    "bots.only_choice": _r("the only choice", "die einzige Möglichkeit", "la única opción"),
    "bots.compare_moves": _r("comparing its best moves to the end of the turn",
                             "vergleicht seine besten Züge bis zum Ende des Zuges",
                             "compara sus mejores movimientos hasta el final del turno"),
    "bots.maneuver_plan": _r("the best step of its maneuver plan", "der beste Schritt seines Manöverplans",
                             "el mejor paso de su plan de maniobra"),
    "bots.look_ahead": _r("looking ahead to the end of the turn", "blickt bis zum Ende des Zuges voraus",
                          "mira hacia adelante hasta el final del turno"),
    "bots.search": _r("searching {n} lines of play", "durchsucht {n} Spielverläufe",
                      "explora {n} líneas de juego"),
    "bots.one_of_best": _r("one of its best-looking choices at a glance",
                           "eine seiner auf den ersten Blick besten Möglichkeiten",
                           "una de sus opciones que a primera vista parecen mejores"),
    "bots.best_glance": _r("the best-looking choice at a glance", "die auf den ersten Blick beste Möglichkeit",
                           "la opción que a primera vista parece mejor"),
    "bots.quick_look": _r("a quick look one step ahead", "ein kurzer Blick einen Schritt voraus",
                          "un vistazo rápido un paso adelante"),
    "bots.margin": _r("{how}, {points} points against the next best choice: {next}",
                      "{how}, {points} Punkte gegenüber der nächstbesten Wahl: {next}",
                      "{how}, {points} puntos frente a la siguiente mejor opción: {next}"),
    "bots.explored": _r("{how}; it explored this choice most ({mine} lines), the runner-up {theirs} times: {next}",
                        "{how}; diese Wahl am häufigsten untersucht ({mine} Verläufe), die zweithäufigste "
                        "{theirs}-mal: {next}",
                        "{how}; exploró esta opción más que ninguna ({mine} líneas), la segunda {theirs} veces: "
                        "{next}"),
}

"""The review of a game: its panel on the score screen, the chart of expected final scores and the turning
points in words (``web/imperial_ui/review*.py``)."""

from __future__ import annotations

from .common import row as _r

TEXT: dict[str, dict[str, str]] = {
    "review.button": _r("Review", "Analyse", "Análisis"),
    "review.button_title": _r(
        "The computer looks at every decision of the game: who was ahead, and each player's costliest choices",
        "Der Computer prüft jede Entscheidung der Partie: wer wann vorne lag und die teuersten Entscheidungen jedes Spielers",
        "El ordenador examina cada decisión de la partida: quién iba por delante y las decisiones más costosas de cada jugador"),
    "review.title": _r("Review of the game", "Analyse der Partie", "Análisis de la partida"),
    "review.how": _r(
        "Every decision was compared with the computer's own candidates, each played on to the end of the "
        "nation's turn and judged by the points it promised against the other players.",
        "Jede Entscheidung wurde mit den eigenen Kandidaten des Computers verglichen; jeder wurde bis zum Ende "
        "des Zuges der Nation weitergespielt und nach den Punkten bewertet, die er gegenüber den anderen "
        "Spielern versprach.",
        "Cada decisión se comparó con los candidatos del propio ordenador; cada uno se jugó hasta el final del "
        "turno de la nación y se valoró por los puntos que prometía frente a los demás jugadores."),
    "review.working": _r("Reviewing the game: {done} of {total} decisions",
                         "Die Partie wird analysiert: {done} von {total} Entscheidungen",
                         "Analizando la partida: {done} de {total} decisiones"),
    "review.starting": _r("The review starts as soon as the computer is ready…",
                          "Die Analyse beginnt, sobald der Computer bereit ist …",
                          "El análisis empieza en cuanto el ordenador esté listo…"),
    "review.progress": _r("Progress of the review", "Fortschritt der Analyse", "Progreso del análisis"),
    "review.failed": _r("The review could not be made: {reason}", "Die Analyse ist nicht gelungen: {reason}",
                        "No se pudo hacer el análisis: {reason}"),
    "review.retry": _r("Try again", "Noch einmal versuchen", "Intentarlo de nuevo"),
    "review.chart": _r("Expected final score", "Erwartete Endpunktzahl", "Puntuación final esperada"),
    "review.ahead": _r("Who was ahead, and when: each player's expected final score after every nation's turn.",
                       "Wer wann vorne lag: die erwartete Endpunktzahl jedes Spielers nach dem Zug jeder Nation.",
                       "Quién iba por delante, y cuándo: la puntuación final esperada de cada jugador tras el "
                       "turno de cada nación."),
    "review.turning": _r("Turning points", "Wendepunkte", "Momentos decisivos"),
    "review.of_player": _r("{player}: the costliest decisions", "{player}: die teuersten Entscheidungen",
                           "{player}: las decisiones más costosas"),
    "review.none": _r("No decision that cost a point.", "Keine Entscheidung, die einen Punkt gekostet hat.",
                      "Ninguna decisión que costara un punto."),
    "review.where": _r("Round {round}, {nation}", "Runde {round}, {nation}", "Ronda {round}, {nation}"),
    "review.where_round": _r("Round {round}", "Runde {round}", "Ronda {round}"),
    "review.cost.one": _r("{where}: {player} {played}, which cost about {n} point",
                          "{where}: {player} {played}; das kostete etwa {n} Punkt",
                          "{where}: {player} {played}, lo que le costó cerca de {n} punto"),
    "review.cost.other": _r("{where}: {player} {played}, which cost about {n} points",
                            "{where}: {player} {played}; das kostete etwa {n} Punkte",
                            "{where}: {player} {played}, lo que le costó cerca de {n} puntos"),
    "review.better": _r("Better: {better}", "Besser: {better}", "Mejor: {better}"),
    "review.then": _r("{cost}; then {then}", "{cost}; danach: {then}", "{cost}; luego {then}"),
    "review.took": _r("{rival} took {nation:nom} from {player}", "{rival} nahm {player} {nation:acc} ab",
                      "{rival} le quitó {nation:nom} a {player}"),
    "review.better_why": _r("{better}, which would have given {gains}", "{better}; das hätte gebracht: {gains}",
                            "{better}, que habría dado {gains}"),
    "review.show": _r("Show this position in the replay, with the better choice outlined",
                      "Diese Stellung in der Wiederholung zeigen, mit der besseren Wahl markiert",
                      "Mostrar esta posición en la repetición, con la mejor opción marcada"),
    "review.better_here": _r("The review's better choice here: {better}",
                             "Die bessere Wahl laut Analyse: {better}",
                             "La mejor opción aquí según el análisis: {better}"),
}

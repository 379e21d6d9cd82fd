"""Why the engine or the page refuses something a player typed (``IllegalAction.said``): player names
and the number of players (*Preparation*, rulebooks).  The English text is the engine's own message."""

from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    "errors.name_empty": {"en": "every player needs a name", "de": "jeder Spieler braucht einen Namen",
                          "es": "cada jugador necesita un nombre"},
    "errors.player_needs_name": {"en": "player {n} needs a name", "de": "Spieler {n} braucht einen Namen",
                                 "es": "el jugador {n} necesita un nombre"},
    "errors.name_long": {"en": "the name {name}… is longer than {max} characters",
                         "de": "der Name {name}… ist länger als {max} Zeichen",
                         "es": "el nombre {name}… tiene más de {max} caracteres"},
    "errors.name_shown": {"en": "the name {name} has spaces around it or characters that cannot be shown",
                          "de": "der Name {name} hat Leerzeichen am Anfang oder Ende oder Zeichen, die sich "
                                "nicht anzeigen lassen",
                          "es": "el nombre {name} tiene espacios al principio o al final, o caracteres que no se "
                                "pueden mostrar"},
    "errors.name_reserved": {"en": "{name} cannot be a player's name (it names the bank or a treasury)",
                             "de": "{name} kann kein Spielername sein (so heißt die Bank oder eine Staatskasse)",
                             "es": "{name} no puede ser el nombre de un jugador (así se llama la banca o una "
                                   "tesorería)"},
    "errors.name_twice": {"en": "two players are called {name}; each player needs a different name",
                          "de": "zwei Spieler heißen {name}; jeder Spieler braucht einen anderen Namen",
                          "es": "dos jugadores se llaman {name}; cada jugador necesita un nombre distinto"},
    "errors.player_count": {"en": "Imperial is played by 2 to 6 players, not {n}",
                            "de": "Imperial spielen 2 bis 6 Spieler, nicht {n}",
                            "es": "Imperial se juega con 2 a 6 jugadores, no con {n}"},
}

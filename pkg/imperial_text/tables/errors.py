"""Why the engine or the page refuses something a player typed or opened (``IllegalAction.said``,
``BadToken.said``): player names and the number of players (*Preparation*, rulebooks), damaged or foreign
links and saves.  The English text is the engine's own message; a ``{detail}`` is the engine's technical
detail (field names of the save format) and stays as it is."""

from __future__ import annotations

from .common import row

#: What is wrong with a damaged link, after "this link is damaged or incomplete": key -> the three languages.
_DAMAGE = {
    "cut": row("cut short", "abgeschnitten", "cortado"),
    "number_range": row("a number is out of range", "eine Zahl liegt außerhalb des Bereichs",
                        "un número está fuera de rango"),
    "number_long": row("a number is too long", "eine Zahl ist zu lang", "un número es demasiado largo"),
    "position": row("the position is damaged", "die Stellung ist beschädigt", "la posición está dañada"),
    "too_long": row("too long", "zu lang", "demasiado largo"),
    "checksum": row("checksum mismatch", "Prüfsumme stimmt nicht", "la suma de control no coincide"),
    "last_char": row("its last character is wrong", "sein letztes Zeichen ist falsch",
                     "su último carácter es incorrecto"),
    "names": row("the player names are damaged", "die Spielernamen sind beschädigt",
                 "los nombres de los jugadores están dañados"),
    "trailing": row("trailing data", "überzählige Daten am Ende", "datos sobrantes al final"),
    "unused": row("unused data in the game record", "ungenutzte Daten in der Partieaufzeichnung",
                  "datos sin usar en el registro de la partida"),
}
_DAMAGED = row("this link is damaged or incomplete ({detail})",
               "dieser Link ist beschädigt oder unvollständig ({detail})",
               "este enlace está dañado o incompleto ({detail})")

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
    "errors.link.characters": {"en": "this is not a game link token (bad characters)",
                               "de": "das ist kein Spiel-Link (ungültige Zeichen)",
                               "es": "esto no es un enlace de partida (caracteres no válidos)"},
    "errors.save_damaged": {"en": "the save is damaged ({detail})", "de": "der Spielstand ist beschädigt ({detail})",
                            "es": "la partida guardada está dañada ({detail})"},
    "errors.not_save": {"en": "this is not an Imperial save", "de": "das ist kein Imperial-Spielstand",
                        "es": "esto no es una partida guardada de Imperial"},
    "errors.not_save_text": {"en": "this is not an Imperial save (not UTF-8 text)",
                             "de": "das ist kein Imperial-Spielstand (kein UTF-8-Text)",
                             "es": "esto no es una partida guardada de Imperial (no es texto UTF-8)"},
    "errors.empty": {"en": "this is empty, not a save or a link", "de": "das ist leer, kein Spielstand und kein Link",
                     "es": "está vacío: no es una partida guardada ni un enlace"},
    "errors.no_game_in_link": {"en": "this link holds no game (no #g= in it)",
                               "de": "dieser Link enthält keine Partie (kein #g= darin)",
                               "es": "este enlace no contiene ninguna partida (no lleva #g=)"},
    "errors.save_edited": {"en": "the save does not match its own game record (edited by hand?)",
                           "de": "der Spielstand passt nicht zu seiner eigenen Partieaufzeichnung (von Hand bearbeitet?)",
                           "es": "la partida guardada no coincide con su propio registro (¿editada a mano?)"},
    "errors.link_newer": {"en": "this link was made by a newer version of the game (engine format {version}); this engine "
                                "reads format {reads}: open it with the newer version",
                          "de": "dieser Link stammt von einer neueren Version des Spiels (Engine-Format {version}); diese "
                                "Version liest Format {reads}: öffne ihn mit der neueren Version",
                          "es": "este enlace se hizo con una versión más nueva del juego (formato {version}); esta versión "
                                "lee el formato {reads}: ábrelo con la versión más nueva"},
    "errors.link_older": {"en": "this link was made by an older version of the rules (engine format {version}); this "
                                "engine reads format {reads}, whose rules differ, so that game cannot be replayed here",
                          "de": "dieser Link stammt von einer älteren Regelversion (Engine-Format {version}); diese Version "
                                "liest Format {reads} mit anderen Regeln, daher lässt sich die Partie hier nicht nachspielen",
                          "es": "este enlace se hizo con una versión anterior de las reglas (formato {version}); esta "
                                "versión lee el formato {reads}, con otras reglas, así que la partida no se puede "
                                "reproducir aquí"},
    "errors.link_layout_newer": {"en": "this link was made by a newer version of the game (link format {version}); this "
                                       "version reads link formats up to {reads}: open it with the newer version",
                                 "de": "dieser Link stammt von einer neueren Version des Spiels (Link-Format {version}); "
                                       "diese Version liest Link-Formate bis {reads}: öffne ihn mit der neueren Version",
                                 "es": "este enlace se hizo con una versión más nueva del juego (formato de enlace "
                                       "{version}); esta versión lee formatos de enlace hasta el {reads}: ábrelo con la "
                                       "versión más nueva"},
    "errors.link_seat_newer": {"en": "this link was made by a newer version of the game (it names a kind of player, "
                                     "number {code}, that this version does not know): open it with the newer version",
                               "de": "dieser Link stammt von einer neueren Version des Spiels (er nennt eine Art von "
                                     "Spieler, Nummer {code}, die diese Version nicht kennt): öffne ihn mit der neueren "
                                     "Version",
                               "es": "este enlace se hizo con una versión más nueva del juego (indica un tipo de "
                                     "jugador, el número {code}, que esta versión no conoce): ábrelo con la versión más "
                                     "nueva"},
    "errors.save_newer": {"en": "this save was made by a newer version of the game (engine format {version}); this engine "
                                "reads format {reads}: open it with the newer version",
                          "de": "dieser Spielstand stammt von einer neueren Version des Spiels (Engine-Format {version}); "
                                "diese Version liest Format {reads}: öffne ihn mit der neueren Version",
                          "es": "esta partida guardada se hizo con una versión más nueva del juego (formato {version}); "
                                "esta versión lee el formato {reads}: ábrela con la versión más nueva"},
    "errors.save_older": {"en": "this save was made by an older version of the rules (engine format {version}); this "
                                "engine reads format {reads}, whose rules differ, so that game cannot be replayed here",
                          "de": "dieser Spielstand stammt von einer älteren Regelversion (Engine-Format {version}); diese "
                                "Version liest Format {reads} mit anderen Regeln, daher lässt sich die Partie hier nicht "
                                "nachspielen",
                          "es": "esta partida guardada se hizo con una versión anterior de las reglas (formato {version}); "
                                "esta versión lee el formato {reads}, con otras reglas, así que la partida no se puede "
                                "reproducir aquí"},
    "errors.save_format_newer": {"en": "this save was made by a newer version of the game (save format {version}); this "
                                       "version reads save formats up to {reads}",
                                 "de": "dieser Spielstand stammt von einer neueren Version des Spiels (Speicherformat "
                                       "{version}); diese Version liest Speicherformate bis {reads}",
                                 "es": "esta partida guardada se hizo con una versión más nueva del juego (formato de "
                                       "guardado {version}); esta versión lee formatos hasta el {reads}"},
}
TEXT.update({f"errors.link.{k}": {lang: _DAMAGED[lang].format(detail=d[lang]) for lang in d}
             for k, d in _DAMAGE.items()})

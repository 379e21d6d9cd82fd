"""Screen-reader texts: what a region of the map holds, spoken as its name, and the move just made."""

from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    "a11y.region": {"en": "{name}: {content}", "de": "{name}: {content}", "es": "{name}: {content}"},
    "a11y.choice": {"en": "{choice} — {description}", "de": "{choice} — {description}",
                    "es": "{choice} — {description}"},
    "a11y.home": {"en": "home province of {nation}", "de": "Heimatprovinz von {nation}",
                  "es": "provincia de origen de {nation}"},
    "a11y.empty": {"en": "nothing stands here", "de": "hier steht nichts", "es": "aquí no hay nada"},
    "a11y.factory.armaments": {"en": "{nation} armaments factory", "de": "Rüstungsfabrik von {nation}",
                               "es": "fábrica de armamento de {nation}"},
    "a11y.factory.shipyard": {"en": "{nation} shipyard", "de": "Werft von {nation}",
                              "es": "astillero de {nation}"},
    "a11y.flag": {"en": "flag of {nation}", "de": "Flagge von {nation}", "es": "bandera de {nation}"},
    "a11y.armies.one": {"en": "{n} army of {nation}", "de": "{n} Armee von {nation}",
                        "es": "{n} ejército de {nation}"},
    "a11y.armies.other": {"en": "{n} armies of {nation}", "de": "{n} Armeen von {nation}",
                          "es": "{n} ejércitos de {nation}"},
    "a11y.hostile.one": {"en": "{n} hostile army of {nation}", "de": "{n} feindliche Armee von {nation}",
                         "es": "{n} ejército hostil de {nation}"},
    "a11y.hostile.other": {"en": "{n} hostile armies of {nation}", "de": "{n} feindliche Armeen von {nation}",
                           "es": "{n} ejércitos hostiles de {nation}"},
    "a11y.fleets.one": {"en": "{n} fleet of {nation}", "de": "{n} Flotte von {nation}",
                        "es": "{n} flota de {nation}"},
    "a11y.fleets.other": {"en": "{n} fleets of {nation}", "de": "{n} Flotten von {nation}",
                          "es": "{n} flotas de {nation}"},
    "a11y.moved": {"en": "Move {k}: {text}", "de": "Zug {k}: {text}", "es": "Jugada {k}: {text}"},
}

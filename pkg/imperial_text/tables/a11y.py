"""Screen-reader texts: what a region of the map holds, spoken as its name, and the move just made."""

from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    "a11y.region": {"en": "{name}: {content}", "de": "{name}: {content}", "es": "{name}: {content}"},
    "a11y.choice": {"en": "{choice} — {description}", "de": "{choice} — {description}",
                    "es": "{choice} — {description}"},
    "a11y.home": {"en": "home province of {nation:nom}", "de": "Heimatprovinz {nation:von dat}",
                  "es": "provincia de origen {nation:de nom}"},
    "a11y.empty": {"en": "nothing stands here", "de": "hier steht nichts", "es": "aquí no hay nada"},
    "a11y.factory.armaments": {"en": "{nation} armaments factory", "de": "Rüstungsfabrik {nation:von dat}",
                               "es": "fábrica de armamento {nation:de nom}"},
    "a11y.factory.shipyard": {"en": "{nation} shipyard", "de": "Werft {nation:von dat}",
                              "es": "astillero {nation:de nom}"},
    "a11y.flag": {"en": "flag of {nation:nom}", "de": "Flagge {nation:von dat}", "es": "bandera {nation:de nom}"},
    "a11y.armies.one": {"en": "{n} army of {nation:nom}", "de": "{n} Armee {nation:von dat}",
                        "es": "{n} ejército {nation:de nom}"},
    "a11y.armies.other": {"en": "{n} armies of {nation:nom}", "de": "{n} Armeen {nation:von dat}",
                          "es": "{n} ejércitos {nation:de nom}"},
    "a11y.hostile.one": {"en": "{n} hostile army of {nation:nom}", "de": "{n} feindliche Armee {nation:von dat}",
                         "es": "{n} ejército hostil {nation:de nom}"},
    "a11y.hostile.other": {"en": "{n} hostile armies of {nation:nom}", "de": "{n} feindliche Armeen {nation:von dat}",
                           "es": "{n} ejércitos hostiles {nation:de nom}"},
    "a11y.fleets.one": {"en": "{n} fleet of {nation:nom}", "de": "{n} Flotte {nation:von dat}",
                        "es": "{n} flota {nation:de nom}"},
    "a11y.fleets.other": {"en": "{n} fleets of {nation:nom}", "de": "{n} Flotten {nation:von dat}",
                          "es": "{n} flotas {nation:de nom}"},
    "a11y.moved": {"en": "Move {k}: {text}", "de": "Zug {k}: {text}", "es": "Jugada {k}: {text}"},
}

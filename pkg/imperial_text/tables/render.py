"""The drawings' words: the map's titles, the rondel, the power track, the tax chart, the treasuries and the
charts (``render``).  Game terms as the rulebooks use them (Machtleiste, Steuerleiste, Staatskasse; tabla de
puntos de poder, tabla de impuestos, tesorería).  A region after a preposition comes with it, from
``imperial_text.region_phrase`` (``{in_region}``: "Werft in Triest", "... deren Flagge im Nahen Osten steht");
the straits' ``{a}`` and ``{z}`` after "zwischen" / "entre" carry their articles in the dative."""

from __future__ import annotations

from .common import row as _r

TEXT: dict[str, dict[str, str]] = {
    # the map
    "render.map.europe": _r("Imperial map of Europe", "Imperial-Karte von Europa", "Mapa de Europa de Imperial"),
    "render.map.world2030": _r("Imperial 2030 world map", "Imperial-2030-Weltkarte",
                               "Mapa del mundo de Imperial 2030"),
    "render.impassable": _r("{name} (impassable)", "{name} (unpassierbar)", "{name} (infranqueable)"),
    "render.not_a_sea": _r("{name} (not a sea region)", "{name} (keine Seeregion)", "{name} (no es una región de mar)"),
    "render.polar": _r("Polar regions (impassable)", "Polargebiete (unpassierbar)",
                       "Regiones polares (infranqueables)"),
    "render.home_of": _r("home province of {nation:nom}", "Heimatprovinz {nation:von dat}", "provincia natal {nation:de nom}"),
    "render.shipyard_site": _r("shipyard site", "Werftstandort", "lugar para astillero"),
    "render.armaments_site": _r("armaments factory site", "Standort für Waffenfabrik", "lugar para arsenal"),
    "render.shipyard": _r("Shipyard", "Werft", "Astillero"),
    "render.armaments": _r("Armaments factory", "Waffenfabrik", "Arsenal"),
    "render.factory_in": _r("{what} {in_region}", "{what} {in_region}", "{what} {in_region}"),
    "render.canal_owner": _r("{canal}: controlled by the flag of {nation:nom}", "{canal}: kontrolliert von der Flagge {nation:von dat}",
                             "{canal}: controlado por la bandera {nation:de nom}"),
    "render.canal": _r("{canal}: {a} ↔ {z}; controlled by the nation whose flag stands {in_control}",
                       "{canal}: {a} ↔ {z}; kontrolliert von der Nation, deren Flagge {in_control} steht",
                       "{canal}: {a} ↔ {z}; lo controla la nación cuya bandera está {in_control}"),
    "render.strait": _r("Strait: armies cross between {a} and {z}", "Meerenge: Armeen ziehen zwischen {a} und {z}",
                        "Estrecho: los ejércitos cruzan entre {a} y {z}"),
    "render.wraps": _r("{name} continues across the edge of the map {to_others}",
                       "{name} geht über den Kartenrand hinweg {to_others} über",
                       "{name} continúa al otro lado del borde del mapa {to_others}"),
    "render.flag_of": _r("flag of {nation:nom}", "Flagge {nation:von dat}", "bandera {nation:de nom}"),
    "render.pieces.fleet.one": _r("{n} {nation} fleet", "{n} Flotte {nation:von dat}", "{n} flota {nation:de nom}"),
    "render.pieces.fleet.other": _r("{n} {nation} fleets", "{n} Flotten {nation:von dat}", "{n} flotas {nation:de nom}"),
    "render.pieces.army.one": _r("{n} {nation} army", "{n} Armee {nation:von dat}", "{n} ejército {nation:de nom}"),
    "render.pieces.army.other": _r("{n} {nation} armies", "{n} Armeen {nation:von dat}", "{n} ejércitos {nation:de nom}"),
    "render.pieces.army-hostile.one": _r("{n} {nation} hostile army", "{n} feindliche Armee {nation:von dat}",
                                         "{n} ejército hostil {nation:de nom}"),
    "render.pieces.army-hostile.other": _r("{n} {nation} hostile armies", "{n} feindliche Armeen {nation:von dat}",
                                           "{n} ejércitos hostiles {nation:de nom}"),
    "render.feature.blacksea": _r("Black Sea", "Schwarzes Meer", "Mar Negro"),
    "render.feature.caspiansea": _r("Caspian Sea", "Kaspisches Meer", "Mar Caspio"),
    # panels
    "render.rondel.waiting": _r("not yet on the rondel", "noch nicht auf dem Rondell", "aún no está en el rondel"),
    "render.power_title": _r("Power points (factor)", "Machtpunkte (Faktor)", "Puntos de poder (factor)"),
    "render.power_marker": _r("{nation}: {points} power points", "{nation}: {points} Machtpunkte",
                              "{nation}: {points} puntos de poder"),
    "render.tax_title": _r("Tax chart (power points gained)", "Steuerleiste (erhaltene Machtpunkte)",
                           "Tabla de impuestos (puntos de poder obtenidos)"),
    "render.tax_marker": _r("{nation}: tax chart space {space}", "{nation}: Feld {space} der Steuerleiste",
                            "{nation}: casilla {space} de la tabla de impuestos"),
    "render.col.nation": _r("Nation", "Nation", "Nación"),
    "render.col.government": _r("Government", "Regierung", "Gobierno"),
    "render.col.treasury": _r("Treasury", "Kasse", "Tesorería"),
    "render.col.power": _r("Power", "Macht", "Poder"),
    "render.treasury_amount": _r("{n}m", "{n} Mio.", "{n} mill."),
    # charts
    "render.chart.power": _r("Power points", "Machtpunkte", "Puntos de poder"),
    "render.chart.scores": _r("Score if the game ended now", "Punkte, wenn das Spiel jetzt endete",
                              "Puntos si la partida terminara ahora"),
    "render.chart.treasury": _r("Treasuries", "Staatskassen", "Tesorerías"),
    "render.chart.cash": _r("Cash", "Bargeld", "Efectivo"),
    "render.chart.round": _r("Round", "Runde", "Ronda"),
}

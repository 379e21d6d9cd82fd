"""Nations and regions in German and Spanish.

Imperial (board ``europe``): the nations and the places as the German and the Spanish (first edition)
rulebooks name them (Österreich-Ungarn, Deutsches Reich, Westliches Mittelmeer, Nordatlantischer Ozean;
Austria-Hungría, Imperio Germánico, Mar Jónico, Munich ...); places the rulebooks do not name get their
usual name in the language.  Imperial 2030 (board ``world2030``) has only an English rulebook here, so its
names are the usual German and Spanish names.  English names are the board data's own.
"""

from __future__ import annotations

_EUROPE_DE = {
    "AH": "Österreich-Ungarn", "IT": "Italien", "FR": "Frankreich", "GB": "Großbritannien",
    "GE": "Deutsches Reich", "RU": "Russland",
    "vienna": "Wien", "budapest": "Budapest", "prague": "Prag", "lemberg": "Lemberg", "trieste": "Triest",
    "rome": "Rom", "naples": "Neapel", "florence": "Florenz", "venice": "Venedig", "genoa": "Genua",
    "paris": "Paris", "bordeaux": "Bordeaux", "brest": "Brest", "dijon": "Dijon", "marseille": "Marseille",
    "london": "London", "liverpool": "Liverpool", "sheffield": "Sheffield", "edinburgh": "Edinburgh",
    "dublin": "Dublin", "berlin": "Berlin", "hamburg": "Hamburg", "munich": "München", "cologne": "Köln",
    "danzig": "Danzig", "moscow": "Moskau", "odessa": "Odessa", "stpetersburg": "St. Petersburg",
    "warsaw": "Warschau", "kiev": "Kiew", "norway": "Norwegen", "sweden": "Schweden", "denmark": "Dänemark",
    "holland": "Holland", "belgium": "Belgien", "portugal": "Portugal", "spain": "Spanien",
    "morocco": "Marokko", "algeria": "Algerien", "tunis": "Tunis", "westbalkan": "Westbalkan",
    "greece": "Griechenland", "bulgaria": "Bulgarien", "romania": "Rumänien", "turkey": "Türkei",
    "northatlantic": "Nordatlantischer Ozean", "northsea": "Nordsee", "englishchannel": "Ärmelkanal",
    "bayofbiscay": "Golf von Biskaya", "westernmed": "Westliches Mittelmeer", "ioniansea": "Ionisches Meer",
    "easternmed": "Östliches Mittelmeer", "blacksea": "Schwarzes Meer", "balticsea": "Ostsee",
    "switzerland": "Schweiz",
}

_EUROPE_ES = {
    "AH": "Austria-Hungría", "IT": "Italia", "FR": "Francia", "GB": "Gran Bretaña",
    "GE": "Imperio Germánico", "RU": "Rusia",
    "vienna": "Viena", "budapest": "Budapest", "prague": "Praga", "lemberg": "Leópolis", "trieste": "Trieste",
    "rome": "Roma", "naples": "Nápoles", "florence": "Florencia", "venice": "Venecia", "genoa": "Génova",
    "paris": "París", "bordeaux": "Burdeos", "brest": "Brest", "dijon": "Dijon", "marseille": "Marsella",
    "london": "Londres", "liverpool": "Liverpool", "sheffield": "Sheffield", "edinburgh": "Edimburgo",
    "dublin": "Dublín", "berlin": "Berlín", "hamburg": "Hamburgo", "munich": "Munich", "cologne": "Colonia",
    "danzig": "Danzig", "moscow": "Moscú", "odessa": "Odesa", "stpetersburg": "San Petersburgo",
    "warsaw": "Varsovia", "kiev": "Kiev", "norway": "Noruega", "sweden": "Suecia", "denmark": "Dinamarca",
    "holland": "Holanda", "belgium": "Bélgica", "portugal": "Portugal", "spain": "España",
    "morocco": "Marruecos", "algeria": "Argelia", "tunis": "Túnez", "westbalkan": "Balcanes Occidentales",
    "greece": "Grecia", "bulgaria": "Bulgaria", "romania": "Rumanía", "turkey": "Turquía",
    "northatlantic": "Atlántico Norte", "northsea": "Mar del Norte", "englishchannel": "Canal de la Mancha",
    "bayofbiscay": "Golfo de Vizcaya", "westernmed": "Mar Mediterráneo Occidental", "ioniansea": "Mar Jónico",
    "easternmed": "Mar Mediterráneo Oriental", "blacksea": "Mar Negro", "balticsea": "Mar Báltico",
    "switzerland": "Suiza",
}

_WORLD_DE = {
    "RU": "Russland", "CN": "China", "IN": "Indien", "BR": "Brasilien", "US": "Vereinigte Staaten",
    "EU": "Europa",
    "moscow": "Moskau", "murmansk": "Murmansk", "novosibirsk": "Nowosibirsk", "vladivostok": "Wladiwostok",
    "beijing": "Peking", "shanghai": "Shanghai", "chongqing": "Chongqing", "urumqi": "Ürümqi",
    "newdelhi": "Neu-Delhi", "mumbai": "Mumbai", "kolkata": "Kalkutta", "chennai": "Chennai",
    "brasilia": "Brasília", "riodejaneiro": "Rio de Janeiro", "fortaleza": "Fortaleza", "manaus": "Manaus",
    "chicago": "Chicago", "neworleans": "New Orleans", "newyork": "New York", "sanfrancisco": "San Francisco",
    "paris": "Paris", "london": "London", "rome": "Rom", "berlin": "Berlin", "alaska": "Alaska",
    "canada": "Kanada", "quebec": "Québec", "mexico": "Mexiko", "colombia": "Kolumbien", "peru": "Peru",
    "argentina": "Argentinien", "guinea": "Guinea", "northafrica": "Nordafrika", "nigeria": "Nigeria",
    "congo": "Kongo", "southafrica": "Südafrika", "eastafrica": "Ostafrika", "neareast": "Naher Osten",
    "turkey": "Türkei", "ukraine": "Ukraine", "iran": "Iran", "afghanistan": "Afghanistan",
    "kazakhstan": "Kasachstan", "mongolia": "Mongolei", "korea": "Korea", "indochina": "Indochina",
    "japan": "Japan", "philippines": "Philippinen", "indonesia": "Indonesien", "australia": "Australien",
    "newzealand": "Neuseeland", "northpacific": "Nordpazifik", "southpacific": "Südpazifik",
    "northatlantic": "Nordatlantik", "caribbeansea": "Karibisches Meer", "southatlantic": "Südatlantik",
    "gulfofguinea": "Golf von Guinea", "mediterraneansea": "Mittelmeer", "indianocean": "Indischer Ozean",
    "seaofjapan": "Japanisches Meer", "chinasea": "Chinesisches Meer", "tasmansea": "Tasmansee",
    "switzerland": "Schweiz", "polar": "Polargebiete",
    "panama": "Panamakanal", "suez": "Sueskanal",
}

_WORLD_ES = {
    "RU": "Rusia", "CN": "China", "IN": "India", "BR": "Brasil", "US": "Estados Unidos", "EU": "Europa",
    "moscow": "Moscú", "murmansk": "Múrmansk", "novosibirsk": "Novosibirsk", "vladivostok": "Vladivostok",
    "beijing": "Pekín", "shanghai": "Shanghái", "chongqing": "Chongqing", "urumqi": "Urumchi",
    "newdelhi": "Nueva Delhi", "mumbai": "Bombay", "kolkata": "Calcuta", "chennai": "Chennai",
    "brasilia": "Brasilia", "riodejaneiro": "Río de Janeiro", "fortaleza": "Fortaleza", "manaus": "Manaos",
    "chicago": "Chicago", "neworleans": "Nueva Orleans", "newyork": "Nueva York",
    "sanfrancisco": "San Francisco", "paris": "París", "london": "Londres", "rome": "Roma", "berlin": "Berlín",
    "alaska": "Alaska", "canada": "Canadá", "quebec": "Quebec", "mexico": "México", "colombia": "Colombia",
    "peru": "Perú", "argentina": "Argentina", "guinea": "Guinea", "northafrica": "Norte de África",
    "nigeria": "Nigeria", "congo": "Congo", "southafrica": "Sudáfrica", "eastafrica": "África Oriental",
    "neareast": "Oriente Próximo", "turkey": "Turquía", "ukraine": "Ucrania", "iran": "Irán",
    "afghanistan": "Afganistán", "kazakhstan": "Kazajistán", "mongolia": "Mongolia", "korea": "Corea",
    "indochina": "Indochina", "japan": "Japón", "philippines": "Filipinas", "indonesia": "Indonesia",
    "australia": "Australia", "newzealand": "Nueva Zelanda", "northpacific": "Pacífico Norte",
    "southpacific": "Pacífico Sur", "northatlantic": "Atlántico Norte", "caribbeansea": "Mar Caribe",
    "southatlantic": "Atlántico Sur", "gulfofguinea": "Golfo de Guinea", "mediterraneansea": "Mar Mediterráneo",
    "indianocean": "Océano Índico", "seaofjapan": "Mar del Japón", "chinasea": "Mar de China",
    "tasmansea": "Mar de Tasmania", "switzerland": "Suiza", "polar": "Regiones polares",
    "panama": "Canal de Panamá", "suez": "Canal de Suez",
}

#: (board, language) -> {nation or region id -> name}
NAMES: dict[tuple[str, str], dict[str, str]] = {
    ("europe", "de"): _EUROPE_DE, ("europe", "es"): _EUROPE_ES,
    ("world2030", "de"): _WORLD_DE, ("world2030", "es"): _WORLD_ES,
}

"""The tutorial ("Learn to play"): the text of each step (``tutorial.s.<step>``, the steps are
``web/imperial_ui/tutorial_steps.py``), the topics, and the tutorial's own words.  Our own words throughout,
never a rulebook's (``e2e/test_tutorial_logic.py`` checks for seven words in a row from any of them)."""

from __future__ import annotations

from .common import row as _

TEXT: dict[str, dict[str, str]] = {
    "tutorial.title": _("Learn to play", "Spielen lernen", "Aprende a jugar"),
    "tutorial.step_of": _("Step {n} of {total}", "Schritt {n} von {total}", "Paso {n} de {total}"),
    "tutorial.next": _("Next", "Weiter", "Siguiente"),
    "tutorial.play_on": _("Play on from here", "Von hier aus weiterspielen", "Seguir jugando desde aquí"),
    "tutorial.real_game": _("Start a real game", "Ein echtes Spiel beginnen", "Empezar una partida de verdad"),
    "tutorial.meanwhile": _("Meanwhile, the computers:", "Inzwischen die Computer:", "Mientras tanto, los ordenadores:"),
    "tutorial.wrong": _("Good thinking, but this lesson needs the outlined choice. Try that one; later you can play "
                        "it your way.",
                        "Gut gedacht, aber diese Lektion braucht die markierte Wahl. Nimm diese; später spielst du "
                        "nach deinem Plan.",
                        "Buena idea, pero esta lección necesita la opción marcada. Prueba con esa; luego podrás "
                        "jugar a tu manera."),
    "tutorial.read_first": _("First read this step, then press Next.",
                             "Lies erst diesen Schritt, dann drücke auf Weiter.",
                             "Lee primero este paso y después pulsa Siguiente."),
    "tutorial.choose_end": _("The lesson is over: choose to play on from here or to start a real game.",
                             "Die Lektion ist zu Ende: spiel von hier aus weiter oder beginne ein echtes Spiel.",
                             "La lección ha terminado: sigue jugando desde aquí o empieza una partida de verdad."),
    "tutorial.accepted": _("That works too. On we go.", "Das geht auch. Weiter geht's.", "También vale. Seguimos."),
    "tutorial.no_undo": _("Undo and redo are off during the tutorial; they come back when you play on.",
                          "Rückgängig und Wiederholen ruhen während der Einführung; beim Weiterspielen gibt es sie "
                          "wieder.",
                          "Deshacer y rehacer están desactivados en el tutorial; vuelven cuando sigas jugando."),
    "tutorial.lost": _("The game took another turn than the lesson planned, so the lesson ends here.",
                       "Das Spiel hat eine andere Wendung genommen als geplant, deshalb endet die Lektion hier.",
                       "La partida tomó otro rumbo del previsto, así que la lección termina aquí."),
    "tutorial.played_on": _("The tutorial is over: the computer players now play their nations on their own.",
                            "Die Einführung ist vorbei: die Computer spielen ihre Nationen jetzt selbst.",
                            "El tutorial ha terminado: los ordenadores juegan ahora sus naciones por su cuenta."),
    # the topics, in the order they are taught
    "tutorial.topic.1": _("Who you are", "Wer du bist", "Quién eres"),
    "tutorial.topic.2": _("The rondel", "Das Rondell", "El rondel"),
    "tutorial.topic.3": _("Investor", "Investor", "Inversionista"),
    "tutorial.topic.4": _("Production and import", "Produktion und Import", "Producción e importación"),
    "tutorial.topic.5": _("Maneuver", "Manöver", "Maniobra"),
    "tutorial.topic.6": _("Factory", "Fabrik", "Fábrica"),
    "tutorial.topic.7": _("Taxation", "Steuer", "Impuestos"),
    "tutorial.topic.8": _("The Swiss Bank", "Die Schweizer Bank", "La Banca Suiza"),
    "tutorial.topic.9": _("The end and the score", "Ende und Wertung", "El final y la puntuación"),
    # the steps (web/imperial_ui/tutorial_steps.py)
    "tutorial.s.investor_not_nation": _(
        "Welcome! In this game you are not a country but an investor. You lend money to the six great powers by "
        "buying their bonds; the Players tab shows which bonds you own.",
        "Willkommen! Hier spielst du kein Land, sondern einen Geldgeber. Du leihst den sechs Großmächten Geld, "
        "indem du ihre Anleihen kaufst; der Reiter Spieler zeigt, welche dir gehören.",
        "¡Bienvenido! Aquí no eres un país, sino un inversor. Prestas dinero a las seis potencias comprando sus "
        "bonos; la pestaña Jugadores muestra cuáles tienes."),
    "tutorial.s.government": _(
        "A bond earns interest each time its nation visits the Investor space. Whoever has lent a nation the "
        "largest sum leads it and takes its decisions: you lead Austria-Hungary, Italy and France.",
        "Eine Anleihe bringt Zinsen, sobald ihre Nation das Investorfeld besucht. Wer einer Nation am meisten "
        "geliehen hat, führt sie und entscheidet für sie: du führst Österreich-Ungarn, Italien und Frankreich.",
        "Un bono da intereses cada vez que su nación visita la casilla del inversionista. Quien más dinero ha "
        "prestado a una nación la dirige y decide por ella: tú diriges Austria-Hungría, Italia y Francia."),
    "tutorial.s.rondel": _(
        "On its turn a nation moves its marker clockwise round the rondel, and the space it lands on says what it "
        "does. Up to three spaces ahead cost nothing; every further space costs its leader 2M of private money.",
        "Ist eine Nation dran, zieht ihr Stein im Uhrzeigersinn über das Rondell, und das erreichte Feld "
        "bestimmt, was sie tut. Bis zu drei Felder weit ist gratis; jedes weitere kostet ihren Anführer 2 Mio. "
        "aus eigener Tasche.",
        "En su turno, una nación avanza su ficha en el sentido del reloj por el rondel, y la casilla a la que "
        "llega decide lo que hace. Hasta tres casillas no cuestan nada; cada casilla más cuesta 2 mill. del "
        "bolsillo de quien la dirige."),
    "tutorial.s.to_investor": _(
        "Austria-Hungary begins. Move it one space on, to Investor: its treasury then pays the interest of all its "
        "bonds, yours and other players' alike.",
        "Österreich-Ungarn beginnt. Zieh es ein Feld weiter auf Investor: seine Kasse zahlt dann die Zinsen aller "
        "seiner Anleihen, deiner wie die der anderen.",
        "Empieza Austria-Hungría. Avánzala una casilla, hasta Inversionista: su tesorería paga entonces los "
        "intereses de todos sus bonos, los tuyos y los de los demás."),
    "tutorial.s.buy_bond": _(
        "You hold the investor card: the bank hands you 2M and you may buy one bond. Take the German Empire's 12M "
        "bond. Then nobody has lent Germany more than you, so its government passes to you.",
        "Du hast die Investorkarte: die Bank gibt dir 2 Mio., und du darfst eine Anleihe kaufen. Nimm die 12-Mio.-"
        "Anleihe des Deutschen Reichs. Dann hat ihm niemand mehr geliehen als du, und seine Regierung geht an dich.",
        "Tienes la carta de inversionista: la banca te da 2 mill. y puedes comprar un bono. Toma el bono de 12 "
        "mill. del Imperio Germánico. Así nadie le habrá prestado más que tú y su gobierno pasa a ser tuyo."),
    "tutorial.s.production": _(
        "Now Italy. Move it to Production: each of its factories makes one unit for nothing, an army where arms "
        "are made and a fleet at a shipyard.",
        "Jetzt Italien. Zieh es auf Produktion: jede seiner Fabriken stellt kostenlos eine Einheit her, eine Armee "
        "in der Waffenfabrik, eine Flotte in der Werft.",
        "Ahora Italia. Llévala a Producción: cada una de sus fábricas crea gratis una unidad, un ejército donde "
        "se fabrican armas y una flota en el astillero."),
    "tutorial.s.to_import": _(
        "France comes next. Move it to Import: a nation may buy as many as three armies or fleets there, 1M each "
        "from its treasury.",
        "Als Nächstes Frankreich. Zieh es auf Import: dort kann eine Nation bis zu drei Armeen oder Flotten "
        "kaufen, je 1 Mio. aus ihrer Kasse.",
        "Ahora Francia. Llévala a Importación: allí una nación puede comprar hasta tres ejércitos o flotas, a 1 "
        "mill. cada uno de su tesorería."),
    "tutorial.s.import_army": _(
        "Click Paris (marked) to bring one army home to Paris. Only an army can go there: fleets are bought "
        "into a port city only.",
        "Klicke auf Paris (markiert), um eine Armee nach Paris zu holen. Dorthin kann nur eine Armee: Flotten "
        "kommen nur in eine Hafenstadt.",
        "Haz clic en París (marcada) para traer un ejército a París. Allí solo puede ir un ejército: las flotas "
        "solo van a una ciudad con puerto."),
    "tutorial.s.import_done": _(
        "One new unit is enough this time. Stop importing.",
        "Eine neue Einheit genügt diesmal. Beende den Import.",
        "Con una unidad nueva basta esta vez. Termina la importación."),
    "tutorial.s.to_maneuver": _(
        "The German government is yours now. Move Germany to Maneuver: its fleets move first, then its armies, each "
        "unit one region.",
        "Die deutsche Regierung gehört jetzt dir. Zieh das Deutsche Reich auf Manöver: erst ziehen seine Flotten, "
        "dann seine Armeen, jede Einheit ein Gebiet weit.",
        "El gobierno alemán ya es tuyo. Lleva al Imperio Germánico a Maniobra: primero se mueven sus flotas y "
        "luego sus ejércitos, cada unidad una región."),
    "tutorial.s.battle": _(
        "A German and a British fleet share the North Sea. Click the German fleet there, then confirm the fight: "
        "the two fleets sink each other. A battle is always a second, separate click.",
        "In der Nordsee liegen eine deutsche und eine britische Flotte. Klicke die deutsche Flotte dort, dann "
        "bestätige den Kampf: beide Flotten gehen unter. Ein Kampf ist immer ein zweiter, eigener Klick.",
        "En el mar del Norte hay una flota alemana y una británica. Haz clic en la flota alemana y confirma el "
        "combate: las dos se hunden. Un combate siempre pide un segundo clic aparte."),
    "tutorial.s.fleets_done": _(
        "Leave the Baltic fleet where it is: it will carry an army. End the fleets' moves.",
        "Lass die Ostseeflotte, wo sie ist: sie trägt gleich eine Armee. Beende die Flottenzüge.",
        "Deja la flota del Báltico donde está: llevará un ejército. Termina los movimientos de las flotas."),
    "tutorial.s.convoy": _(
        "Click the army in Berlin, then Sweden. Your fleet in the Baltic Sea ferries it over; every fleet can ferry "
        "one army per turn.",
        "Klicke die Armee in Berlin, dann Schweden. Deine Flotte in der Ostsee setzt sie über; jede Flotte kann "
        "pro Zug eine Armee tragen.",
        "Haz clic en el ejército de Berlín y luego en Suecia. Tu flota del mar Báltico lo cruza; cada flota puede "
        "llevar un ejército por turno."),
    "tutorial.s.flag": _(
        "Now send the army in Cologne into Holland. When the maneuver ends, a flag goes up wherever your units "
        "stand alone outside the great powers' homelands, and every flag adds to the tax.",
        "Schick jetzt die Armee aus Köln nach Holland. Am Ende des Manövers weht eine Fahne überall, wo deine "
        "Einheiten allein außerhalb der Kernlande der Großmächte stehen, und jede Fahne bringt Steuer.",
        "Ahora manda el ejército de Colonia a Holanda. Al acabar la maniobra, se planta una bandera donde tus "
        "unidades estén solas fuera de las tierras de las potencias, y cada bandera suma impuestos."),
    "tutorial.s.pay_for_more": _(
        "A new round begins. Austria-Hungary stands on Investor, and Factory lies five spaces on: three of them "
        "are free, the other two cost you 2M each, 4M of your own money.",
        "Eine neue Runde beginnt. Österreich-Ungarn steht auf Investor, die Fabrik liegt fünf Felder weiter: drei "
        "davon sind gratis, die zwei anderen kosten dich je 2 Mio., also 4 Mio. von deinem eigenen Geld.",
        "Empieza una nueva ronda. Austria-Hungría está en Inversionista y la Fábrica queda cinco casillas más "
        "allá: tres son gratis, las otras dos te cuestan 2 mill. cada una, 4 mill. de tu propio dinero."),
    "tutorial.s.factory": _(
        "Build a shipyard in Trieste; Austria-Hungary's treasury pays 5M. More factories make more units and bring "
        "in more tax.",
        "Baue eine Werft in Triest; die Kasse Österreich-Ungarns zahlt 5 Mio. Mehr Fabriken liefern mehr "
        "Einheiten und mehr Steuern.",
        "Construye un astillero en Trieste; paga la tesorería de Austria-Hungría, 5 mill. Más fábricas dan más "
        "unidades y más impuestos."),
    "tutorial.s.taxation": _(
        "Move Italy to Taxation. It collects 2M for each factory and 1M for each flag, pays 1M to each army and "
        "fleet, and gains power points. Its tax rose, so you, its leader, get a bonus too.",
        "Zieh Italien auf Steuer. Es nimmt 2 Mio. je Fabrik und 1 Mio. je Fahne ein, zahlt jeder Armee und "
        "Flotte 1 Mio. Sold und bekommt Machtpunkte. Seine Steuer ist gestiegen, also erhältst du als Anführer "
        "eine Prämie.",
        "Lleva a Italia a Impuestos. Cobra 2 mill. por fábrica y 1 mill. por bandera, paga 1 mill. a cada "
        "ejército y flota y gana puntos de poder. Sus impuestos subieron, así que tú, que la diriges, recibes "
        "una prima."),
    "tutorial.s.swiss_bank": _(
        "{swiss} leads no nation, so it holds a Swiss Bank. With it, a player may buy a bond whenever a nation "
        "reaches or passes Investor, as {swiss} did right after you, and may stop a rich nation on Investor so "
        "that it pays out interest.",
        "{swiss} führt keine Nation und hat darum eine Schweizer Bank. Damit darf man eine Anleihe kaufen, "
        "sobald eine Nation Investor erreicht oder überquert, wie {swiss} gleich nach dir, und eine reiche "
        "Nation auf Investor anhalten, damit sie Zinsen zahlt.",
        "{swiss} no dirige ninguna nación, así que tiene una Banca Suiza. Con ella se puede comprar un bono cada "
        "vez que una nación llega a Inversionista o lo pasa, como hizo {swiss} justo después de ti, y parar allí "
        "a una nación rica para que pague intereses."),
    "tutorial.s.end": _(
        "The game is over once a nation reaches 25 power points. Then each bond is worth its interest times its "
        "nation's power factor, and your cash counts too; the scoreboard shows these sums all the time.",
        "Das Spiel endet, sobald eine Nation 25 Machtpunkte hat. Dann zählt jede Anleihe ihre Zinsen mal dem "
        "Machtfaktor ihrer Nation, dazu dein Bargeld; die Wertungstafel zeigt diese Summen jederzeit.",
        "La partida acaba en cuanto una nación llega a 25 puntos de poder. Entonces cada bono vale su interés "
        "por el factor de poder de su nación, y tu dinero también cuenta; el marcador muestra esas sumas en "
        "todo momento."),
    "tutorial.s.finish": _(
        "That is the whole game. Play this one on against the computers, or start a real game of your own.",
        "Das ist das ganze Spiel. Spiel diese Partie gegen die Computer weiter oder beginne ein eigenes Spiel.",
        "Ese es todo el juego. Sigue esta partida contra los ordenadores o empieza una partida tuya."),
}

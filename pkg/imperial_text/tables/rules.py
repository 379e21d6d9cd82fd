"""The rules helper ("?" beside each decision, and the rules dialog): what each kind of decision is about, in
this project's own words (never a rulebook's), and how the page cites the rulebook of the page's language."""

from __future__ import annotations

from .common import row as _

TEXT: dict[str, dict[str, str]] = {
    "rules.short": _("The rules in short", "Die Regeln in Kürze", "Las reglas en breve"),
    "rules.intro": _("In our own words. The full rules are in the {book}; each part names its section and page.",
                     "In unseren eigenen Worten. Die vollständigen Regeln stehen in der {book}; jeder Teil nennt "
                     "seinen Abschnitt.",
                     "Con nuestras propias palabras. Las reglas completas están en el {book}; cada parte indica su "
                     "sección."),
    "rules.read_more": _("Read more: {book}, {where}.", "Mehr dazu in der {book}, {where}.",
                          "Más información: {book}, {where}."),
    "rules.ref": _("“{section}”, page {page}", "„{section}“, Seite {page}", "«{section}», página {page}"),
    "rules.ref_short": _("“{section}”, p. {page}", "„{section}“, S. {page}", "«{section}», pág. {page}"),
    "rules.quote": _("“{section}”", "Abschnitt „{section}“", "sección «{section}»"),
    "rules.help_label": _("Rules help: {title}", "Regelhilfe: {title}", "Ayuda de reglas: {title}"),
    "rules.book.europe.en": _("Imperial rulebook (English)", "englischen Imperial-Spielregel",
                              "reglamento de Imperial (inglés)"),
    "rules.book.europe.de": _("Imperial rulebook (German)", "deutschen Imperial-Spielregel",
                              "reglamento de Imperial (alemán)"),
    "rules.book.europe.es": _("Imperial rulebook (Spanish)", "spanischen Imperial-Spielregel",
                              "reglamento de Imperial en español"),
    "rules.book.world2030.en": _("Imperial 2030 rulebook (English)", "englischen Spielregel von Imperial 2030",
                                 "reglamento de Imperial 2030 (en inglés)"),
    "rules.how.rondel": _("Click a space on the rondel or its button.",
                          "Klicke ein Feld des Rondells oder seine Schaltfläche.",
                          "Haz clic en una casilla del rondel o en su botón."),
    "rules.how.factory": _("Click a highlighted city on the map or its button.",
                           "Klicke eine hervorgehobene Stadt auf der Karte oder ihre Schaltfläche.",
                           "Haz clic en una ciudad resaltada del mapa o en su botón."),
    "rules.how.import": _("Click a highlighted province, then the unit; repeat, or stop.",
                          "Klicke eine hervorgehobene Provinz, dann die Einheit; wiederhole oder höre auf.",
                          "Haz clic en una provincia resaltada y luego en la unidad; repite o para."),
    "rules.how.fleets": _("Click a fleet's region, then where it goes.",
                          "Klicke das Gebiet einer Flotte, dann ihr Ziel.",
                          "Haz clic en la región de una flota y luego en su destino."),
    "rules.how.armies": _("Click an army's region, then where it goes; the route and hostile or friendly are asked "
                          "when there is a choice.",
                          "Klicke das Gebiet einer Armee, dann ihr Ziel; Weg und feindlich oder friedlich werden "
                          "gefragt, wenn es eine Wahl gibt.",
                          "Haz clic en la región de un ejército y luego en su destino; la ruta y si va hostil o "
                          "amistoso se preguntan cuando hay elección."),
    "rules.auction.title": _("Buying bonds at the start", "Kredite kaufen zu Beginn", "Comprar bonos al empezar"),
    "rules.auction.text": _(
        "In this set-up the nations are financed one after another. When a nation's turn comes, each player in "
        "turn may buy one of its bonds still for sale, paying the price into its treasury. Whoever then holds the "
        "largest sum of that nation's bonds runs its government.",
        "Bei diesem Aufbau bekommt eine Nation nach der anderen ihr Startkapital. Ist eine Nation dran, darf "
        "reihum jeder einen ihrer noch freien Kredite erwerben; der Preis wandert in ihre Kasse. Wer danach die "
        "größte Summe an Krediten dieser Nation besitzt, übernimmt ihre Führung.",
        "Con esta preparación, las naciones reciben su capital inicial una tras otra. Cuando le toca a una "
        "nación, cada jugador por orden puede adquirir uno de sus bonos libres; lo pagado va a su caja. Quien "
        "después reúna la mayor suma en bonos de esa nación pasa a dirigirla."),
    "rules.rondel.title": _("Choosing a rondel space", "Ein Rondellfeld wählen", "Elegir una casilla del rondel"),
    "rules.rondel.text": _(
        "The nation's marker moves clockwise. Up to {rondel_free_steps} spaces ahead cost nothing; every space "
        "beyond that is paid by the government from its own cash (each button shows the price). "
        "{rondel_max_steps} spaces is the limit. A nation's first move may go to any space. Going over Investor "
        "without stopping still pays the investor card and lets Swiss Banks invest.",
        "Der Stein der Nation wandert im Uhrzeigersinn. Bis zu {rondel_free_steps} Felder weit ist gratis; jedes "
        "weitere Feld bezahlt der Regierende aus eigener Tasche (jede Schaltfläche nennt den Preis). Mehr als "
        "{rondel_max_steps} Felder gehen nicht. Beim allerersten Zug ist jedes Feld erlaubt. Wer Investor nur "
        "überquert, löst trotzdem die Investorkarte aus, und Schweizer Banken dürfen kaufen.",
        "La ficha de la nación avanza en el sentido de las agujas del reloj. Hasta {rondel_free_steps} casillas "
        "no cuestan nada; cada casilla adicional la abona quien gobierna con su propio dinero (cada botón muestra "
        "el precio). El tope son {rondel_max_steps} casillas. En su primer movimiento, una nación elige "
        "cualquier casilla. Cruzar la casilla de Inversionista sin parar también activa la carta de inversionista y deja invertir a "
        "las Bancas Suizas."),
    "rules.swiss.title": _("Swiss Bank: force a stop on Investor", "Schweizer Bank: Halt auf Investor erzwingen",
                           "Banca Suiza: forzar una parada en la casilla de Inversionista"),
    "rules.swiss.text": _(
        "A player who governs no nation holds a Swiss Bank. When a nation is about to move over Investor, such a "
        "player may make it stop there instead, so that its bonds pay interest now — allowed only if its "
        "treasury can pay all the interest. Or let it pass.",
        "Wer keine Nation regiert, ist eine Schweizer Bank. Will eine Nation an Investor vorbeiziehen, kann so "
        "jemand sie dort anhalten lassen, damit sie sofort Zinsen ausschüttet — nur wenn ihre Kasse die vollen "
        "Zinsen tragen kann. Sonst zieht sie weiter.",
        "Quien no gobierna ninguna nación es una Banca Suiza. Si una nación va a cruzar la casilla de Inversionista, esa persona "
        "puede obligarla a quedarse allí para que reparta intereses en el acto — solo si su caja cubre todos "
        "los intereses. Si no, sigue adelante."),
    "rules.factory.title": _("Building a factory", "Eine Fabrik bauen", "Construir una fábrica"),
    "rules.factory.text": _(
        "The nation builds one factory in one of its own cities that has none and holds no hostile army. The "
        "treasury pays {factory_cost}M; the government may add from its own cash. A brown city gets an armaments "
        "factory (armies), a blue one a shipyard (fleets).",
        "Die Nation errichtet eine Fabrik in einer eigenen Stadt, die noch keine hat und frei von feindlichen "
        "Armeen ist. Die Kasse zahlt {factory_cost} Mio.; fehlt etwas, darf der Regierende aus eigenem Geld "
        "zuschießen. Braune Städte bekommen eine Waffenfabrik (Armeen), blaue eine Werft (Flotten).",
        "La nación levanta una fábrica en una ciudad propia que aún no tenga y sin ejércitos hostiles. La caja "
        "paga {factory_cost} mill.; quien gobierna puede completar con dinero propio. Una ciudad marrón recibe "
        "un arsenal (ejércitos), una azul un astillero (flotas)."),
    "rules.production.title": _("Production", "Produktion", "Producción"),
    "rules.production.text": _(
        "Each factory free of hostile armies makes one unit in its own province: armaments make armies, "
        "shipyards fleets. When the supply of pieces runs short, the government picks which factories produce.",
        "Jede Fabrik ohne feindliche Armeen stellt eine Einheit in ihrer Provinz auf: Waffenfabriken Armeen, "
        "Werften Flotten. Reichen die Spielsteine nicht, bestimmt der Regierende, welche Fabriken liefern.",
        "Cada fábrica sin ejércitos hostiles pone una unidad en su provincia: los arsenales, ejércitos; los "
        "astilleros, flotas. Si faltan piezas, quien gobierna decide qué fábricas producen."),
    "rules.import.title": _("Importing units", "Einheiten importieren", "Importar unidades"),
    "rules.import.text": _(
        "The nation may place up to {import_max_units} units, {import_cost_per_unit}M each from its treasury: "
        "armies in any home province without hostile armies, fleets only in its harbour cities. Stop whenever "
        "you like.",
        "Die Nation darf bis zu {import_max_units} Einheiten einsetzen, jede für {import_cost_per_unit} Mio. aus "
        "der Kasse: Armeen in jede Heimatprovinz ohne feindliche Armeen, Flotten nur in Hafenstädte. Aufhören "
        "geht jederzeit.",
        "La nación puede colocar hasta {import_max_units} unidades, a {import_cost_per_unit} mill. cada una de su "
        "caja: ejércitos en cualquier provincia propia sin ejércitos hostiles, flotas solo en sus puertos. Puedes "
        "parar cuando quieras."),
    "rules.fleets.title": _("Maneuver: fleets", "Manöver: Flotten", "Maniobra: flotas"),
    "rules.fleets.text": _(
        "Fleets move before armies. Each fleet may move to a neighbouring sea region (from its harbour into the "
        "adjacent sea) or stay. Where it meets foreign units it may fight: one unit of each side is removed. A "
        "fleet alone in a sea can carry armies across it later this turn.",
        "Zuerst ziehen die Flotten, dann die Armeen. Jede Flotte darf in ein angrenzendes Seegebiet fahren (vom "
        "Hafen ins Meer davor) oder liegen bleiben. Trifft sie fremde Einheiten, kann sie kämpfen: beide Seiten "
        "verlieren je eine Einheit. Eine Flotte, die ein Meer für sich hat, kann später in diesem Zug Armeen "
        "hinüberbringen.",
        "Las flotas se mueven antes que los ejércitos. Cada flota puede pasar a una región marítima vecina (de su "
        "puerto al mar de enfrente) o quedarse. Si encuentra unidades ajenas puede combatir: cada bando pierde "
        "una unidad. Una flota sola en un mar puede llevar ejércitos a través de él más tarde en este turno."),
    "rules.armies.title": _("Maneuver: armies", "Manöver: Armeen", "Maniobra: ejércitos"),
    "rules.armies.text": _(
        "Each army may move one region, further by rail through its own nation's home provinces, or across seas "
        "where the nation's fleets form a chain. Entering another nation's home province you say whether it "
        "comes as a hostile or a friendly army: a hostile army (standing) occupies the province, so its factory "
        "neither produces nor pays tax and its nation can neither build nor import there; a friendly army "
        "(lying down) blocks nothing. {factory_destroy_armies} armies together may destroy an "
        "undefended foreign factory. At the end of the maneuver the nation's flag goes into every neutral region "
        "its units hold alone.",
        "Jede Armee zieht ein Gebiet weit, per Bahn weiter durch die eigenen Heimatprovinzen oder übers Meer, wo "
        "eigene Flotten eine Kette bilden. Betritt sie eine fremde Heimatprovinz, sagst du, ob sie feindlich "
        "oder friedlich kommt: eine feindliche Armee (stehend) besetzt die Provinz, deren Fabrik dann weder "
        "produziert noch Steuern bringt, und deren Nation kann dort weder bauen noch importieren; eine friedliche "
        "Armee (liegend) blockiert nichts. {factory_destroy_armies} Armeen gemeinsam können eine unbewachte fremde Fabrik "
        "zerstören. Am Ende des Manövers kommt die Flagge der Nation in jedes neutrale Gebiet, das nur ihre "
        "Einheiten besetzen.",
        "Cada ejército avanza una región, más lejos en tren por las provincias propias, o por mar donde las "
        "flotas propias forman una cadena. Al entrar en una provincia de otra nación dices si llega hostil o "
        "amistoso: un ejército hostil (de pie) ocupa la provincia, cuya fábrica ni produce ni paga impuestos, y "
        "su nación no puede construir ni importar allí; un ejército amistoso (tumbado) no bloquea nada. "
        "{factory_destroy_armies} ejércitos juntos pueden arrasar una fábrica ajena sin defensa. Al "
        "terminar la maniobra, la bandera de la nación se pone en cada región neutral que solo ocupan sus "
        "unidades."),
    "rules.contact.title": _("Meeting foreign units", "Auf fremde Einheiten treffen", "Encuentro con unidades ajenas"),
    "rules.contact.text": _(
        "Your unit has entered a region with foreign units. You may start a battle — one of yours and one of "
        "theirs are removed — or stay peacefully side by side.",
        "Deine Einheit steht in einem Gebiet mit fremden Einheiten. Du kannst kämpfen — je eine deiner und eine "
        "ihrer Einheiten fallen weg — oder friedlich nebeneinander bleiben.",
        "Tu unidad ha entrado en una región con unidades ajenas. Puedes combatir — se retira una tuya y una "
        "suya — o convivir en paz."),
    "rules.order.title": _("Who may demand battle first", "Wer zuerst eine Schlacht fordern darf",
                           "Quién puede exigir batalla primero"),
    "rules.order.text": _(
        "Several other nations have units where yours arrived. Pick which of their governments is asked first "
        "whether it wants a battle.",
        "Mehrere andere Nationen haben Einheiten dort, wo deine ankam. Wähle, welche ihrer Regierungen zuerst "
        "gefragt wird, ob sie kämpfen will.",
        "Varias naciones tienen unidades donde llegó la tuya. Elige a qué gobierno se pregunta primero si "
        "quiere combatir."),
    "rules.demand.title": _("Demanding battle", "Eine Schlacht fordern", "Exigir batalla"),
    "rules.demand.text": _(
        "Another nation's unit has arrived where your nation has units. As the government asked, you may demand "
        "a battle (one unit of each side is removed) or let it stay.",
        "Eine fremde Einheit ist dort angekommen, wo deine Nation Einheiten hat. Als gefragte Regierung kannst "
        "du kämpfen lassen (jede Seite verliert eine Einheit) oder sie dulden.",
        "Una unidad de otra nación ha llegado donde tu nación tiene unidades. Como gobierno consultado, puedes "
        "pedir combate (cada bando pierde una unidad) o tolerarla."),
    "rules.invest.title": _("Investing", "Investieren", "Invertir"),
    "rules.invest.text": _(
        "You may buy one bond still for sale, paying its price into the nation's treasury, or return one of your "
        "bonds of that nation and pay only the difference for a larger one. Interest is paid whenever the nation "
        "lands on Investor. After investing, the player with the largest sum of a nation's bonds takes over its "
        "government.",
        "Du darfst einen freien Kredit erwerben und den Preis in die Kasse der Nation zahlen, oder einen deiner "
        "Kredite dieser Nation zurückgeben und für einen größeren nur den Unterschied zahlen. Zinsen gibt es, "
        "sooft die Nation auf Investor hält. Danach führt, wer die größte Kreditsumme einer Nation hat, ihre "
        "Regierung.",
        "Puedes adquirir un bono libre y pagar su precio a la caja de la nación, o devolver un bono tuyo de esa "
        "nación y abonar solo la diferencia por uno mayor. Hay intereses cada vez que la nación se detiene en "
        "Investor. Después, quien tenga la mayor suma en bonos de una nación toma su gobierno."),
    "rules.fund.title": _("Helping a treasury pay", "Einer Kasse beim Zahlen helfen", "Ayudar a pagar a una tesorería"),
    "rules.fund.text": _(
        "The nation cannot pay a cost with its treasury and its government's cash. Any player may give money of "
        "their own to a treasury; the gift happens only if all the offers together cover what is missing.",
        "Kasse und Regierung der Nation reichen für eine Ausgabe nicht. Jeder darf eigenes Geld beisteuern; "
        "gezahlt wird nur, wenn alle Angebote zusammen die Lücke schließen.",
        "La caja de la nación y el dinero de su gobierno no llegan para un gasto. Cualquiera puede aportar "
        "dinero propio; la aportación solo vale si entre todas cubren lo que falta."),
    "rules.canal.title": _("Passage through a canal", "Fahrt durch einen Kanal", "Paso por un canal"),
    "rules.canal.text": _(
        "Your nation's flag stands in the region that controls this canal. Another nation's fleet, or an army "
        "carried by its fleets, may pass only if you allow it; if you refuse, that move does not happen.",
        "Die Flagge deiner Nation steht im Gebiet, das diesen Kanal beherrscht. Eine fremde Flotte, oder eine "
        "von ihren Flotten getragene Armee, kommt nur mit deiner Erlaubnis durch; sagst du nein, entfällt der "
        "Zug.",
        "La bandera de tu nación está en la región que domina este canal. Una flota ajena, o un ejército llevado "
        "por sus flotas, solo cruza si lo permites; si te niegas, ese movimiento no ocurre."),
    "rules.taxation.title": _("Taxation", "Steuern", "Impuestos"),
    "rules.taxation.text": _(
        "The nation collects {tax_per_factory}M for each factory not occupied by hostile armies and "
        "{tax_per_flag}M for each flag, then pays its soldiers {soldier_pay_per_unit}M per unit on the board. "
        "Its government receives a success bonus, and the nation gains power points by the tax chart; the game "
        "ends when a nation reaches the last power points.",
        "Die Nation nimmt {tax_per_factory} Mio. je Fabrik ohne feindliche Besatzung und {tax_per_flag} Mio. je "
        "Flagge ein und zahlt dann {soldier_pay_per_unit} Mio. Sold je Einheit auf dem Plan. Der Regierende "
        "erhält eine Erfolgsprämie, und nach der Steuerleiste steigt die Macht der Nation; erreicht eine Nation "
        "das Ende der Machtleiste, ist die Partie vorbei.",
        "La nación recauda {tax_per_factory} mill. por fábrica no ocupada por ejércitos hostiles y "
        "{tax_per_flag} mill. por bandera, y luego paga {soldier_pay_per_unit} mill. de sueldo por unidad en el "
        "tablero. Quien gobierna cobra una prima de éxito, y la nación sube en poder según la tabla de "
        "impuestos; cuando una nación llega al final del marcador de poder, la partida acaba."),
    "rules.over.title": _("The end of the game", "Das Ende der Partie", "El final de la partida"),
    "rules.over.text": _(
        "The game ends as soon as one nation reaches the end of the power track. Each bond then counts its "
        "interest times its nation's power factor; cash counts as it is. Ties are broken by the credit in the "
        "most powerful nation, then the next.",
        "Sobald eine Nation das Ende der Machtleiste erreicht, endet die Partie. Jeder Kredit zählt dann seine "
        "Zinsen mal dem Machtfaktor seiner Nation; Geld zählt einfach. Bei Gleichstand entscheidet die "
        "Kreditsumme in der mächtigsten Nation, dann in der nächsten.",
        "La partida termina en cuanto una nación llega al final del marcador de poder. Cada bono vale entonces "
        "sus intereses por el factor de poder de su nación; el dinero vale lo que es. Los empates se deciden "
        "por el valor en bonos de la nación más poderosa, luego de la siguiente."),
}

# Las lecciones de las páginas de aprendizaje (web/learn/lessons.json nombra estas claves).

lesson-family-abapa = El Oware de los torneos (las reglas internacionales): el gran slam está permitido, pero no captura nada; una posición repetida termina la partida.
lesson-family-wari = El Oware en el que el gran slam está prohibido mientras exista otra jugada; si es la única jugada, captura la fila entera y termina la partida.
lesson-family-warri = El Oware caribeño: el gran slam captura la fila entera, y el mismo jugador vuelve a mover.
lesson-family-kalah = Se siembra pasando por tu propio almacén: una última semilla que cae en él te da otra jugada, y una última semilla en un hoyo vacío de tu fila captura.

## sowing
lesson-sowing-title = Sembrar, y el hoyo que se salta al dar la vuelta
lesson-sowing-text-1 = Sur juega los hoyos A a F (de izquierda a derecha), Norte los hoyos a a f. Una jugada levanta todas las semillas de uno de tus hoyos y las siembra una a una en los hoyos que siguen, en sentido antihorario: por tu fila hacia la derecha, luego por la otra fila, y de vuelta a la tuya.
lesson-sowing-text-2 = Con 12 semillas o más la siembra da la vuelta completa al tablero. El hoyo del que salieron las semillas se salta: siempre acaba la jugada vacío. Así, 11 semillas terminan en el hoyo justo anterior, y 12 en el hoyo justo siguiente.
lesson-sowing-example-1 = Desde el inicio, las 4 semillas de C caen en D, E, F y en el hoyo a de Norte.
lesson-sowing-example-2 = Las 12 semillas de C dan la vuelta: D, E, F, de a a f, A, B; luego C se salta y la última semilla cae en D.
lesson-sowing-prompt = Mueve Sur: haz la jugada cuya última semilla cae en tu propio hoyo D.
lesson-sowing-explain = Las 12 semillas de C dan la vuelta al tablero, se saltan C, y la duodécima cae en D.

## capture
lesson-capture-title = Una captura y una cadena
lesson-capture-text-1 = Cuando la última semilla cae en un hoyo del rival y lo deja con 2 o 3 semillas, las capturas. Después mira el hoyo anterior: si también es del rival y tiene 2 o 3, lo capturas también, y así hacia atrás.
lesson-capture-text-2 = La cadena se detiene en el primer hoyo con otra cantidad, o al llegar a tu propia fila. Gana quien captura más de la mitad de las semillas (25 de 48).
lesson-capture-example-1 = Las 2 semillas de F dejan a con 2 y b con 3: se captura b, luego a; c tiene 4, así que la cadena se detiene. Sur captura 5.
lesson-capture-prompt = Mueve Sur: captura tantas semillas como puedas.
lesson-capture-explain = Las 5 semillas de F terminan en e, que queda con 3: e, d, c, b y a tienen todos 2 o 3, una cadena de 12 semillas (f conserva su semilla). D solo capturaría las 2 de a.

## feeding
lesson-feeding-title = Alimentar al rival
lesson-feeding-text-1 = Si la fila del rival está vacía en tu turno, debes hacer una jugada que siembre al menos una semilla en ella. Las jugadas que no lo hacen no están permitidas.
lesson-feeding-text-2 = Si ninguna jugada puede alimentar al rival, la partida termina y te llevas las semillas que quedan en tu propia fila.
lesson-feeding-prompt = Mueve Sur, y Norte no tiene semillas: haz una jugada permitida.
lesson-feeding-explain = Solo F llega a la fila de Norte (su semilla cae en a); A y B se quedan en el lado de Sur.

## grand-slam-abapa
lesson-grand-slam-abapa-title = El gran slam: permitido, pero no captura nada
lesson-grand-slam-abapa-text-1 = Un gran slam es una jugada cuya captura se llevaría todas las semillas de la fila rival. En el Abapa, las reglas de torneo, puedes hacerla, pero no captura nada: las semillas que sembraste se quedan donde cayeron.
lesson-grand-slam-abapa-example-1 = F deja a y b con 2 cada uno, las únicas semillas de Norte: es un gran slam, así que no se captura nada.
lesson-grand-slam-abapa-prompt = Mueve Sur: captura tantas semillas como puedas.
lesson-grand-slam-abapa-explain = La última semilla de E deja a con 2 y lo captura, y b conserva su semilla. F capturaría los dos hoyos, todas las semillas de Norte: un gran slam, que no captura nada.

## grand-slam-wari
lesson-grand-slam-wari-title = El gran slam: prohibido mientras exista otra jugada
lesson-grand-slam-wari-text-1 = Un gran slam es una jugada cuya captura se llevaría todas las semillas de la fila rival. En el Wari no puedes hacerla si tienes otra jugada (después de aplicar la regla de alimentar al rival). Si es tu única jugada, captura la fila entera y la partida termina en el acto: además te llevas las semillas que quedan en tu propia fila.
lesson-grand-slam-wari-prompt = Mueve Sur: haz una jugada permitida.
lesson-grand-slam-wari-explain = F dejaría a y b con 2 cada uno y los capturaría los dos, todas las semillas de Norte: un gran slam, prohibido mientras se pueda jugar E.

## grand-slam-warri
lesson-grand-slam-warri-title = El gran slam: captura la fila y vuelve a mover
lesson-grand-slam-warri-text-1 = Un gran slam es una jugada cuya captura se llevaría todas las semillas de la fila rival. En el Warri las captura, y el mismo jugador vuelve a mover, y debe alimentar al rival. Si ninguna jugada puede hacerlo, la partida termina y ese jugador se lleva las semillas que quedan en su propia fila.
lesson-grand-slam-warri-prompt = Mueve Sur: captura tantas semillas como puedas.
lesson-grand-slam-warri-explain = F deja a y b con 2 cada uno y captura las 4: un gran slam, y Sur vuelve a mover (E alimenta a Norte).

## cycle
lesson-cycle-title = La regla del ciclo y las opciones de la mesa
lesson-cycle-text-1 = Las semillas pueden dar vueltas y vueltas sin ninguna captura. Cuando una posición (el tablero y el jugador que mueve) se repite por segunda vez, la partida termina, y cada jugador se lleva las semillas de su propia fila.
lesson-cycle-text-2 = Al crear una mesa puedes elegir: el ciclo a la 3.ª repetición en lugar de la 2.ª (cycle=3); o las semillas restantes repartidas a partes iguales a la 2.ª (cycle=even, la convención de la solución del Awari de 2002). En cualquier momento un jugador puede además proponer terminar la partida como lo haría la regla del ciclo, y el otro puede aceptar: un final por acuerdo.
lesson-cycle-text-3 = La opción playout sigue jugando después de que un jugador tenga más de la mitad de las semillas, hasta el final natural; gana quien tenga más semillas.
lesson-cycle-example-1 = Con cycle=3 las mismas jugadas todavía no terminan la partida: la posición inicial se repite solo por 2.ª vez.
lesson-cycle-example-2 = Con playout, la semilla número 25 de Sur no termina la partida: F captura 2 y el juego sigue.
lesson-cycle-prompt = Desde la primera posición, Sur y Norte jugaron A c B e D d C f F a E. Mueve Norte: termina la partida por la regla del ciclo.
lesson-cycle-explain = b devuelve la primera posición, con Sur para mover: su 2.ª aparición. Cada jugador se lleva su propia fila: 23-25.

## kalah-sowing
lesson-kalah-sowing-title = Sembrar pasando por tu almacén, y la jugada extra
lesson-kalah-sowing-text-1 = Sur juega los hoyos A a F, Norte de a a f. Cada jugador tiene un almacén en el extremo derecho de su fila: el de Sur sigue a F, el de Norte sigue a f. Una jugada siembra las semillas de uno de tus hoyos en sentido antihorario, pasando por tu propio almacén pero no por el del rival. El hoyo vaciado no se salta al dar la vuelta.
lesson-kalah-sowing-text-2 = Si tu última semilla cae en tu almacén, vuelves a mover.
lesson-kalah-sowing-example-1 = Desde el inicio, las 4 semillas de C caen en D, E, F y en el almacén de Sur: Sur vuelve a mover.
lesson-kalah-sowing-prompt = Mueve Sur al inicio: haz la jugada que te da otra jugada.
lesson-kalah-sowing-explain = C está a 4 hoyos del almacén y tiene 4 semillas: la última cae en él.

## kalah-capture
lesson-kalah-capture-title = Capturas
lesson-kalah-capture-text-1 = Si tu última semilla cae en un hoyo vacío de tu propia fila, esa semilla y todas las semillas del hoyo de enfrente van a tu almacén.
lesson-kalah-capture-text-2 = La opción de mesa empty-capture decide qué ocurre cuando el hoyo de enfrente está vacío: activada (por defecto), tu última semilla va igualmente a tu almacén; desactivada, se queda donde cayó.
lesson-kalah-capture-prompt = Mueve Sur: captura tantas semillas como puedas.
lesson-kalah-capture-explain = La semilla de A cae en B, vacío, que está frente a e: esa semilla y las 5 de e van al almacén de Sur.

## kalah-end
lesson-kalah-end-title = El final de la partida
lesson-kalah-end-text-1 = En cuanto una de las filas queda vacía tras una jugada, la partida termina: cada jugador añade a su almacén las semillas que quedan en su propia fila. Gana quien tiene más semillas. (El Kalah no tiene gran slam ni regla del ciclo: cada jugada acerca semillas a los almacenes.)
lesson-kalah-end-example-1 = La semilla de F cae en el almacén de Sur y deja vacía la fila de Sur: Norte añade sus 6 semillas, 24-24.
lesson-kalah-end-prompt = Mueve Sur: termina la partida ahora.
lesson-kalah-end-explain = La semilla de A cae en B, vacío, y captura las 4 de e: la fila de Norte queda vacía, la partida termina, y Sur añade las 2 de C: 27-21.

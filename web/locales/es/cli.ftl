# Lo que escribe `wari play`, en modo de líneas (--plain) y a pantalla
# completa. Los lados llegan como $side, $turn, $owner, $other, $offerer =
# south | north; el ganador como $winner = south | north | draw; el final
# como $reason = el código de RULES.md (majority, no-moves, grand-slam,
# repetition, agreement, empty-side, resignation, time). La línea para
# programas `result S majority 25-19` es igual en todos los idiomas y no
# está aquí.

## Los jugadores y el tablero

cli-side = { $side ->
    [south] Sur
   *[north] Norte
}
cli-player-you = tú
cli-player-human = persona
cli-player-computer = ordenador (nivel { $level })
cli-board-captured = capturas
cli-board-store = almacén

## Modo de líneas (--plain)

cli-header = wari play: { $rules }; Sur: { $south }; Norte: { $north }
cli-to-move = Turno { $side ->
    [south] del Sur
   *[north] del Norte
}
cli-legal = jugadas legales: { $moves }
# Antes de cada línea que escribe una persona, seguido de un espacio.
cli-prompt = { $side ->
    [south] Sur
   *[north] Norte
}>
cli-computer-plays = el ordenador juega { $move }
cli-last-move = última jugada: { $move } { $side ->
    [south] del Sur
   *[north] del Norte
}
cli-clocks = reloj: Sur { $south }, Norte { $north }
cli-time-up = { $side ->
    [south] se acabó el tiempo del Sur
   *[north] se acabó el tiempo del Norte
}
cli-winner = { $winner ->
    [south] gana el Sur
    [north] gana el Norte
   *[draw] empate
}
cli-reason = { $reason ->
    [majority] mayoría
    [no-moves] falta de jugadas
    [grand-slam] gran slam
    [repetition] repetición
    [agreement] acuerdo
    [empty-side] campo vacío
    [resignation] abandono
   *[time] tiempo
}
# Aquí $winner y $reason son los textos de cli-winner y cli-reason.
cli-game-over = fin de la partida: { $winner } por { $reason }, { $score }
cli-error = error: { $message }
cli-took-back = se deshace { $moves }
cli-end-taken-back = se deshace el final: la partida sigue
cli-played-again = se vuelve a jugar { $moves }
cli-hint = pista: { $move } (valoración { $score })
cli-saved = guardada en { $path }
cli-cannot-write = no se puede escribir { $path }: { $error }
cli-cannot-read = no se puede leer { $path }: { $error }
cli-not-a-command = { $input } no es una jugada ni una orden: «ayuda» las muestra
cli-offer-ask = { $other ->
    [south] Sur
   *[north] Norte
}: { $offerer ->
    [south] el Sur
   *[north] el Norte
} propone terminar la partida por la regla del ciclo; ¿aceptas? (sí/no)
# Las respuestas que aceptan una propuesta, separadas por espacios.
cli-yes-answers = s sí si y yes
cli-offer-accepts = { $other ->
    [south] el Sur acepta
   *[north] el Norte acepta
}
cli-offer-declines = { $other ->
    [south] el Sur rechaza
   *[north] el Norte rechaza
}
cli-computer-accepts = el ordenador acepta
cli-computer-declines = el ordenador rechaza: terminar ahora le da { $margin }, y si sigue jugando espera { $score }

## Las órdenes del modo de líneas, tal como se escriben (las inglesas también valen)

cli-command-undo = deshacer
cli-command-redo = rehacer
cli-command-hint = pista
cli-command-cycle = ciclo
cli-command-resign = abandonar
cli-command-save = guardar
cli-command-board = tablero
cli-command-help = ayuda
cli-command-quit = salir

## Lo que `ayuda` escribe junto a cada orden

cli-help-pits = juega ese hoyo (A-F son del Sur, a-f del Norte)
cli-help-undo = deshace la última jugada (contra el ordenador, también su respuesta)
cli-help-redo = vuelve a jugar una jugada deshecha
cli-help-hint = la mejor jugada según el motor y su valoración
cli-help-cycle = propone terminar la partida por la regla del ciclo
cli-help-resign = abandona la partida
cli-help-file = [ARCHIVO]
cli-help-save = guarda la partida en OGN (por omisión { $name }, UTC)
cli-help-board = muestra otra vez el tablero
cli-help-quit = sale sin terminar (sin línea «result»)

## Lo que tomó una jugada, tras «última jugada: C del Sur, »

cli-takings-store = { $count ->
    [one] { $count } semilla al almacén
   *[other] { $count } semillas al almacén
}
cli-takings-captured = { $count ->
    [one] captura { $count } semilla
   *[other] captura { $count } semillas
} ({ $pits })
cli-takings-grand-slam = gran slam: no captura nada

## Las valoraciones del motor: semillas de ventaja, o un margen demostrado

cli-score-seeds = { $sign }{ NUMBER($seeds, minimumFractionDigits: 2, maximumFractionDigits: 2) }
cli-score-exact = { $margin } (exacto, { $plies ->
    [one] { $plies } media jugada
   *[other] { $plies } medias jugadas
})

## Por qué no se puede hacer una jugada, deshacer, rehacer o proponer

cli-game-is-over = la partida ha terminado
cli-lost-on-time = la partida se perdió por tiempo: no se puede deshacer
cli-nothing-to-undo = no hay ninguna jugada que deshacer
cli-nothing-to-redo = no hay ninguna jugada que rehacer
cli-kalah-no-cycle = Kalah no tiene regla del ciclo con la que terminar la partida

## Una posición dada con --from que no se puede leer

cli-bad-position = posición incorrecta { $text }: { $why }
cli-bad-rules = reglas incorrectas { $text }: { $why }
cli-io-not-found = no existe ese archivo ni esa carpeta
cli-io-permission-denied = permiso denegado
cli-io-is-a-directory = es una carpeta, no un archivo
cli-io-not-a-directory = una parte de la ruta no es una carpeta
cli-io-storage-full = el disco está lleno
cli-io-read-only = el disco es de solo lectura
cli-io-not-text = el archivo no es texto (UTF-8)

## Pantalla completa

cli-tui-too-small = wari play necesita una terminal más grande: mejor 80×24
cli-tui-sows = { $side ->
    [south] El Sur siembra…
   *[north] El Norte siembra…
}
cli-tui-game-over = Fin de la partida
cli-tui-paused = En pausa: p continúa
cli-tui-computer-thinking = { $side ->
    [south] El Sur (ordenador) está pensando…
   *[north] El Norte (ordenador) está pensando…
}
cli-tui-your-turn = Te toca: { $side ->
    [south] turno del Sur
   *[north] turno del Norte
}
cli-tui-last-move = Última jugada:
cli-tui-by = { $side ->
    [south] del Sur
   *[north] del Norte
}
cli-tui-hint = Pista:
cli-tui-moves = Jugadas:
cli-tui-yes = sí
cli-tui-no = no
# La tecla que responde sí (y también vale).
cli-tui-yes-key = s
cli-tui-resign-ask = ¿Abandonar con { $side ->
    [south] el Sur
   *[north] el Norte
}?
cli-tui-quit-ask = ¿Salir de esta partida?
cli-tui-offer-ask = { $side ->
    [south] Sur
   *[north] Norte
}: ¿proponer terminar la partida por la regla del ciclo?
cli-tui-accept-ask = { $other ->
    [south] Sur
   *[north] Norte
}: { $offerer ->
    [south] el Sur
   *[north] el Norte
} propone terminar la partida por la regla del ciclo. ¿Aceptas?
cli-tui-save-as = Guardar como:
cli-tui-save-keys = Enter guarda, Esc cancela, Ctrl-U borra
cli-tui-result = { $winner ->
    [south] Gana el Sur
    [north] Gana el Norte
   *[draw] Empate
}
# Aquí $reason es el texto de cli-reason.
cli-tui-by-reason = por { $reason }
cli-tui-score = Sur { $south } · Norte { $north }
cli-tui-keys-title = Teclas (cualquier tecla cierra)

## La línea de teclas y la ayuda de las teclas

cli-key-any = cualquier tecla
cli-key-new-game = nueva partida
cli-key-save = guardar
cli-key-undo = deshacer
cli-key-redo = rehacer
cli-key-turn-board = girar tablero
cli-key-quit = salir
cli-key-help = ayuda
cli-key-skips = salta la siembra
cli-key-pause = pausa
cli-key-resign = abandonar
cli-key-play = jugar
cli-key-hint = pista
cli-key-cycle = ciclo
cli-tui-help-pits = juega ese hoyo del lado que mueve (mayúscula o minúscula)
cli-tui-help-arrows = elige un hoyo y juégalo (o haz clic en él)
cli-tui-help-undo = deshacer, rehacer (contra el ordenador: también su respuesta)
cli-tui-help-hint = pista: la mejor jugada según el motor y su valoración
cli-tui-help-cycle = propone el fin por la regla del ciclo (pregunta antes)
cli-tui-help-resign = abandonar
cli-tui-help-turn = gira el tablero
cli-tui-help-save = guarda en OGN: escribe un nombre o deja este, Ctrl-U borra
cli-tui-help-pause = pausa (ordenador contra ordenador)
cli-tui-help-new = nueva partida, cuando la partida ha terminado
cli-tui-help-quit = salir
cli-tui-help-any-key = salta la animación de la siembra
cli-tui-help-ctrl-c = salir en el acto

## Lo que dice la pantalla completa tras una tecla

cli-tui-computer-accepts = el ordenador acepta: la partida termina por la regla del ciclo
cli-tui-computer-declines = el ordenador rechaza: terminar ahora le da { $margin }, y si sigue jugando espera { $score }
cli-tui-over-new-game = la partida ha terminado: n empieza otra
cli-tui-computers-turn = le toca al ordenador: espera su jugada
cli-tui-paused-status = en pausa: p continúa
cli-tui-plays-on = el ordenador sigue jugando
cli-tui-no-such-key = { $key } no hace nada aquí: ? muestra las teclas
cli-tui-accepted = aceptado: la partida termina por la regla del ciclo
cli-tui-declines-offer = { $side ->
    [south] el Sur rechaza la propuesta
   *[north] el Norte rechaza la propuesta
}
cli-tui-not-saved = no se ha guardado
cli-tui-no-file-name = no se ha guardado: falta el nombre del archivo
cli-tui-hint-for-person = la pista es para una persona a la que le toca jugar
cli-tui-looking-for-hint = buscando una pista…
cli-tui-offer-on-your-turn = propón en tu turno
cli-tui-computer-considers = el ordenador estudia terminar por la regla del ciclo…
cli-tui-nobody-to-resign = el ordenador juega con los dos lados: nadie puede abandonar
cli-tui-new-game = una partida nueva

## La línea de órdenes de wari play: su ayuda (--help) y sus errores de uso

cli-help-usage = Uso
cli-help-usage-line = wari play [OPCIONES]
cli-help-options = Opciones
cli-help-about = Juega una partida contra el ordenador, entre dos personas en un mismo teclado, o mira al ordenador jugar contra sí mismo; cualquier regla, cualquier posición, con reloj.
cli-help-long-about = Juega una partida contra el ordenador, entre dos personas en un mismo teclado, o mira al ordenador jugar contra sí mismo; cualquier regla, cualquier posición, con reloj.

    Teclas a pantalla completa: A-F o a-f siembran ese hoyo del lado al que le toca (en mayúscula o minúscula), como las flechas y Enter, o un clic en un hoyo; u deshace (contra el ordenador, también su respuesta), r rehace, h pista, o ofrece terminar la partida por la regla del ciclo, R abandona, t gira el tablero, s guarda en OGN, p pausa (ordenador contra ordenador), n partida nueva al terminar, q o Esc sale, ? ayuda; una oferta, abandonar y salir piden confirmación. Cualquier tecla salta la animación de la siembra, que nunca gasta tiempo de reloj.

    --plain (también cuando la entrada o la salida no son un terminal) lee una jugada (la letra de un hoyo) u orden por línea: deshacer, rehacer, pista, ciclo, abandonar, guardar o guardar ARCHIVO, tablero, ayuda, salir (las órdenes en inglés también valen). Escribe el tablero tras cada jugada, las jugadas legales antes del turno de cada persona, las jugadas del ordenador, un error para lo que no puede jugar (y vuelve a preguntar), y cierra una partida terminada con la línea "result S|N|draw MOTIVO SUR-NORTE" (MOTIVO como en RULES.md: majority, no-moves, grand-slam, repetition, agreement, empty-side, resignation, time). Salir, o el fin de la entrada, deja la partida sin terminar: sin línea de resultado, estado de salida 0.

    Habla el idioma de --lang, si no el del terminal (LC_ALL, LC_MESSAGES, LANG), si no inglés. La línea "result" es la misma en todos los idiomas.
cli-help-rules = Las reglas: NOMBRE[,OPCIÓN...] con NOMBRE abapa, wari, warri o kalah y las opciones pits=M, seeds=N, cycle=2|3|even, playout, empty-capture=on|off [por defecto: abapa, o abapa,pits=M cuando una posición tiene M hoyos por fila]
cli-help-from = Empieza en esta posición, SUR/NORTE TURNO CAPTURAS, en vez del comienzo de las reglas (entre comillas: --from "0,0,0,1,2,0/3,0,0,0,0,1 N 20-21")
cli-help-mode = Quién juega: human-vs-computer (tú contra el ordenador), two-players (dos personas en un mismo teclado) o computer-vs-computer (para mirar) [por defecto: human-vs-computer, o como se jugó la partida cargada]
cli-help-level = El nivel del ordenador, de 1 (el más débil) a 10 (toda su fuerza) [por defecto: 5, o el de la partida cargada]
cli-help-side = Tu lado contra el ordenador: S (Sur, que empieza), N, o random (al azar) [por defecto: S, o tu lado en la partida cargada]
cli-help-tc = Un reloj: MINUTOS para cada jugador, más SEGUNDOS añadidos tras cada jugada, como 5+3; quien agota su tiempo pierde (motivo time) [por defecto: sin reloj, o el de la partida cargada, con todo el tiempo de nuevo]
cli-help-movetime = El tiempo del ordenador por jugada sin reloj, en milisegundos [por defecto: 1000]
cli-help-speed = La velocidad de la animación de la siembra, de 0 (ninguna) a 10 (la más rápida) [por defecto: 5]
cli-help-load = Continúa una partida guardada en OGN (u y r recorren sus jugadas), con sus reglas, jugadores, nivel y reloj salvo que se den aquí
cli-help-rewind = Con --load: empieza en la primera posición del registro, con sus jugadas listas para r (rehacer), para repasarla
cli-help-plain = Juega en líneas de texto por la entrada y la salida estándar
cli-help-seed = Semilla de las decisiones al azar del ordenador (sus errores en los niveles 1 a 8, su elección entre las jugadas del libro de aperturas en el 9 y el 10), para que las mismas jugadas reciban las mismas respuestas [por defecto: una nueva en cada partida]
cli-help-lang = El idioma en que jugar: en o es [por defecto: el del terminal, según LC_ALL, LC_MESSAGES o LANG; si no, en]
cli-help-help = Muestra esta ayuda
cli-value-rules = REGLAS
cli-value-position = POSICIÓN
cli-value-mode = MODO
cli-value-level = NIVEL
cli-value-side = LADO
cli-value-tc = MINUTOS+SEGUNDOS
cli-value-ms = MS
cli-value-speed = VELOCIDAD
cli-value-file = ARCHIVO
cli-value-n = N
cli-value-lang = IDIOMA
cli-usage-see-help = { $message }; consulta wari play --help
cli-usage-bad-value = { $option } { $value }: { $why }
cli-usage-needs-value = { $option } necesita un valor
cli-usage-expected = se esperaba { $values }
cli-usage-not-whole = { $text } no es un número entero
cli-usage-at-least = debe ser al menos { $min }
cli-usage-between = debe estar entre { $min } y { $max }
cli-usage-not-a-side = { $text } no es un lado: S, N o random
cli-usage-not-a-level = { $text } no es un nivel: los niveles van del 1 al 10
cli-usage-unexpected = argumento inesperado { $argument }
cli-usage-conflict = { $option } no se puede usar con { $other }
cli-usage-missing = falta { $options }

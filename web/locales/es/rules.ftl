# Las negativas de las reglas, para el servidor y `wari play` (crate wari-i18n,
# refusal.rs): cada clave es un código del crate de reglas con `err-` delante;
# la API envía el código junto al mensaje. Los lados llegan como south o
# north para elegir.

## Jugadas

err-play-game-over = la partida ha terminado
err-play-no-such-pit = no hay ningún hoyo { $pit }: este tablero tiene { $pits } hoyos por fila
err-play-not-your-pit = el hoyo { $pit } es { $owner ->
    [south] del Sur
   *[north] del Norte
} y es el turno { $turn ->
    [south] del Sur
   *[north] del Norte
}
err-play-empty-pit = el hoyo { $pit } está vacío
err-play-must-feed = { $pit } no llega a la fila vacía { $owner ->
    [south] del Sur
   *[north] del Norte
}: { $turn ->
    [south] el Sur
   *[north] el Norte
} debe alimentar al rival
err-play-grand-slam-forbidden = { $pit } capturaría todas las semillas de la fila rival: en Wari el gran slam está prohibido mientras haya otra jugada
err-move-not-a-move = { $text } no es una jugada: una jugada es una letra, A-F para Sur o a-f para Norte

## Posiciones (SUR/NORTE TURNO CAPTURAS)

err-position-shape = una posición es SUR/NORTE TURNO CAPTURAS, como 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0
err-position-not-a-number = el número de semillas { $token } no es un número entero
err-position-too-many-pits = una fila tiene como mucho 6 hoyos
err-position-row-lengths = la fila del Sur tiene { $south } hoyos pero la del Norte tiene { $north }
err-position-pits-mismatch = la posición tiene { $position } hoyos por fila pero las reglas tienen { $rules } (añade pits={ $position } a las reglas)
err-position-turn = el turno { $token } no es S ni N
err-position-counts = las capturas { $token } no son números enteros SUR-NORTE, como 0-0
err-position-too-many-seeds = demasiadas semillas: una posición tiene como mucho { $max } en total

## Reglas (NOMBRE,OPCIÓN=VALOR...)

err-rules-unknown-variant = reglas desconocidas { $name }: se esperaba abapa, wari, warri o kalah
err-rules-unknown-option = opción de reglas desconocida { $option }: se esperaba pits, seeds, cycle, playout o empty-capture
err-rules-repeated = la opción de reglas { $option } aparece dos veces
err-rules-missing-value = la opción de reglas { $quoted } necesita un valor, como { $option }=...
err-rules-bad-value = valor { $value } incorrecto para la opción de reglas { $option }: se esperaba { $allowed }
err-rules-not-for-variant = la opción de reglas { $option } no se aplica a { $variant }
rules-allowed-pits = de 1 a 6
rules-allowed-seeds = de 1 a 12
rules-allowed-cycle = 2, 3 o even
rules-allowed-empty-capture = on u off
rules-allowed-none = ningún valor

## Controles de tiempo (MINUTOS+SEGUNDOS)

err-time-control-syntax = { $text } no es un control de tiempo: escribe MINUTOS+SEGUNDOS, como 5+3 (5 minutos cada uno, 3 segundos más por jugada)
err-time-control-no-time = un control de tiempo da algo de tiempo a cada jugador: los minutos no pueden ser 0
err-time-control-too-long = un control de tiempo dura como mucho una semana

## Registros de partidas

err-record-not-a-move = jugada { $ply }: { $e }
err-record-illegal = jugada { $ply } ({ $pit }): { $e }
err-ogn = registro OGN incorrecto: { $detail }

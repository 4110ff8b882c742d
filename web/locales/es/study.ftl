# Las páginas de estudio: Aprender (las palabras de las lecciones están en lessons.ftl),
# problemas, el tablero de análisis, el editor de posiciones, la repetición y la revisión de una partida.

## Aprender
learn-title = Aprende las reglas
learn-family-title = Aprende { $family }
learn-rule-sets = Reglas
learn-loading = Cargando las lecciones…
learn-load-error = no se pueden cargar las lecciones ({ $status })
learn-no-lessons = No hay lecciones de { $family }: elige unas reglas arriba.
learn-play = Jugar { $move }
learn-back = Volver
learn-your-turn = Tu turno
learn-who-plays = (Juega { $side }.)
learn-try-again = Inténtalo de nuevo
learn-right = ✔ Correcto: { $explain }
learn-wrong = ✖ { $move } no lo consigue. Vuelve a mirar la posición.

## Problemas
puzzles-title = Problemas
puzzles-puzzle = Problema { $id }
puzzles-none = no hay problemas de { $family }
puzzles-load-error = No se pueden cargar los problemas: { $error }.
puzzles-next = Siguiente problema
puzzles-analyse = Analizarlo
puzzles-rule-set = Reglas
puzzles-your-rating = Tu puntuación en problemas
puzzles-about = Cada problema tiene una sola respuesta: una jugada que gana claramente más semillas que cualquier otra, demostrado hasta el final de la partida.
puzzles-no-rating = { $family }: 1500? (todavía no has intentado ningún problema)
puzzles-task = Mueve { $side }: encuentra la jugada que gana al menos { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
} más que cualquier otra.
puzzles-rated = { $rules }; puntuación { $rating }.
puzzles-failed = ✖ No es la mejor jugada: lo era { $move }.
puzzles-solved = ✔ Resuelto: { $moves }.
puzzles-right = ✔ Correcto. El rival responde…
puzzles-reply = El rival jugó { $move }. Te toca otra vez.
puzzles-themes = Temas: { $themes }.
puzzles-rating-error = No se actualizó la puntuación: { $error }.
puzzles-kept-account = Guardada con tu cuenta: solo cuenta tu primer intento de cada problema.
puzzles-kept-browser = Guardada en este navegador: inicia sesión para guardarla con tu cuenta.
puzzles-tried-before = (ya intentado: no se puntúa otra vez)
puzzles-judged-otherwise = el servidor juzgó el intento de otro modo
puzzles-theme-capture-chain = cadena de capturas
puzzles-theme-grand-slam = gran slam
puzzles-theme-feeding = alimentar al rival
puzzles-theme-cycle = la regla del ciclo
puzzles-theme-endgame = final
puzzles-theme-extra-move = jugada extra

## El tablero de análisis
analysis-title = Tablero de análisis
analysis-error = No se puede analizar esta posición: { $error }.
analysis-refused-here = Aquí no se puede jugar { $move }.
analysis-step = Recorrer las jugadas
analysis-first = Posición inicial
analysis-previous = Jugada anterior
analysis-next = Jugada siguiente
analysis-last = Última posición de esta línea
analysis-flip = Girar el tablero
analysis-promote = Convertir en línea principal
analysis-delete = Borrar desde esta jugada
analysis-set-up = Preparar una posición
analysis-this-line = Esta línea
analysis-moves = Jugadas
analysis-moves-label = Jugadas y variantes
analysis-no-moves = Haz una jugada en el tablero.
analysis-ply = Jugada { $ply }: { $move }
analysis-ply-side = Jugada { $ply }: { $move } (variante)
analysis-over = La partida ha terminado: { $reason }, { $score }.
analysis-start = Inicio: mueve { $side }.
analysis-after = Tras la jugada { $ply }: { $side } jugó { $move }. Mueve { $next }.
analysis-after-capture = Tras la jugada { $ply }: { $side } jugó { $move } y capturó { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
}. Mueve { $next }.
analysis-engine-heading = Motor
analysis-engine = Motor
analysis-engine-lines = Las mejores líneas del motor
analysis-engine-over = La partida ha terminado en esta posición.
analysis-engine-off = El motor está apagado.
analysis-engine-thinking = El motor está pensando…
analysis-engine-solved = resuelto
analysis-engine-stopped = detenido
analysis-engine-error = Sin motor: { $error }.
analysis-depth = Profundidad { $depth }
analysis-play = Jugar { $move }
analysis-tables = Tablas de finales
analysis-tables-label = El valor de cada jugada en las tablas de finales
analysis-no-table = Lejos del final: ninguna tabla contiene esta posición.
analysis-table-value = { $side } { $value }
analysis-wins-by = gana por { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
}
analysis-loses-by = pierde por { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
}
analysis-draws = empata
analysis-exact = { $what } (exacto)
analysis-estimate = { $what } (estimación: la convención de ciclo de las tablas)
analysis-ogn = OGN con variantes
analysis-ogn-help = Exportar escribe el árbol entero; Importar lee un registro, con las variantes entre paréntesis.
analysis-ogn-record = Registro
analysis-ogn-export = Exportar
analysis-ogn-import = Importar
analysis-ogn-download = Descargar OGN
analysis-ogn-open = Abrir un archivo OGN
analysis-ogn-error = No se puede leer el registro: { $error }.
analysis-ogn-fen = el FEN "{ $fen }" no tiene { $fields } campos
analysis-ogn-variant = Variant desconocido: "{ $variant }"
analysis-ogn-comment-open = un comentario no está cerrado: falta su llave de cierre
analysis-ogn-variation-first = una variante ( aparece antes de cualquier jugada
analysis-ogn-close = un ) no cierra ninguna variante
analysis-ogn-variation-open = una variante ( no está cerrada
analysis-ogn-ply = jugada { $ply } ({ $move }): { $error }
analysis-ogn-not-a-move = "{ $text }" no es una jugada

## El editor de posiciones
editor-title = Editor de posiciones
editor-rules = Reglas
editor-start-position = Posición inicial
editor-empty-board = Tablero vacío
editor-to-move = Mueve
editor-south-row = Fila de Sur
editor-north-row = Fila de Norte
editor-south-captured = Capturadas por Sur
editor-north-captured = Capturadas por Norte
editor-south-store = Almacén de Sur
editor-north-store = Almacén de Norte
editor-use-it = Usarla
editor-analyse = Analizar
editor-level = Nivel { $level }
editor-i-play-south = Juego con Sur
editor-i-play-north = Juego con Norte
editor-play-computer = Jugar contra el ordenador
editor-play-friend = Jugar con un amigo (enlace de invitación)
editor-play-error = No se creó la partida: { $error }.
editor-bad-rules = No es una posición: reglas: { $error }.
editor-not-a-position = No es una posición: { $error }.
editor-not-whole = { $pit } tiene "{ $value }", que no es un número entero de semillas
editor-too-many = demasiadas semillas: { $total }, y una posición tiene como mucho { $max } en total
editor-over = No se puede jugar: la partida ha terminado en esta posición ({ $reason }).
editor-legal = Una posición legal: mueve { $side }, { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
} en total; jugadas legales { $moves }.

## La repetición de una partida
replay-title = Repetición
replay-step = Recorrer la partida
replay-last = Última posición
replay-moves-label = Jugadas: elige una para ir a la posición que deja
replay-eval-bar = Barra de evaluación
replay-eval-bar-value = Barra de evaluación: { $score }
replay-eval-error = Sin evaluación: { $error }.
replay-analyse = Analizar esta posición
replay-review = Revisión
replay-archive = Volver al archivo
replay-start = Posición inicial ({ $total ->
    [one] { $total } jugada
   *[other] { $total } jugadas
} en total).
replay-after = Tras la jugada { $index } de { $total }: { $side } jugó { $move }.
replay-after-capture = Tras la jugada { $index } de { $total }: { $side } jugó { $move } y capturó { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
}.
replay-best-move = Mejor jugada:
replay-best-line = Mejor línea:
replay-depth = (profundidad { $depth })
replay-no-game = No existe esa partida.
replay-load-error = No se puede cargar la partida: { $error }.
replay-record-stops = El registro se detiene en la jugada { $index } ({ $move }): { $error }.
replay-move = Jugada { $index }, { $side } { $move }
replay-move-capture = Jugada { $index }, { $side } { $move }, captura { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
}

## La revisión de una partida
review-ask = Revisar esta partida
review-progress = El servidor está revisando la partida: { $done } de { $plies } jugadas…
review-done = Revisada a profundidad { $depth }.
review-read-error = No se puede leer la revisión: { $error }.
review-error = Sin revisión: { $error }.
review-level = igualada
review-ahead = { $side } va por delante por { NUMBER($seeds, minimumFractionDigits: 1, maximumFractionDigits: 1) ->
    [one] { NUMBER($seeds, minimumFractionDigits: 1, maximumFractionDigits: 1) } semilla
   *[other] { NUMBER($seeds, minimumFractionDigits: 1, maximumFractionDigits: 1) } semillas
}
review-proven = { $value } (demostrado)
review-graph = Evaluación a lo largo de la partida, desde el punto de vista de Sur: de { $from } a { $to }
review-point-start = Inicio
review-point-after = Tras la jugada { $ply }
review-point = { $where }: { $value }
review-point-next = { $where }: { $value }; mejor siguiente { $best }
review-accuracy = precisión { NUMBER($accuracy, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }; { $marks }
review-no-accuracy = precisión —; { $marks }
review-blunder = error grave
review-mistake = error
review-inaccuracy = imprecisión
review-blunders = { $count ->
    [one] { $count } error grave
   *[other] { $count } errores graves
}
review-mistakes = { $count ->
    [one] { $count } error
   *[other] { $count } errores
}
review-inaccuracies = { $count ->
    [one] { $count } imprecisión
   *[other] { $count } imprecisiones
}
review-marked = Jugadas marcadas
review-mark-line = { $mark } de { $side }: { NUMBER($seeds, minimumFractionDigits: 1, maximumFractionDigits: 1) ->
    [one] { NUMBER($seeds, minimumFractionDigits: 1, maximumFractionDigits: 1) } semilla perdida
   *[other] { NUMBER($seeds, minimumFractionDigits: 1, maximumFractionDigits: 1) } semillas perdidas
}; mejor { $best }
review-better = Mostrar la jugada mejor
review-no-marks = Ninguna jugada perdió una semilla o más.

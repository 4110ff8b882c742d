# The game: the lobby, the board, the game page, players and lists (web-a).

## Lados, reglas, categorías (words.js)
side-south = Sur
side-north = Norte
variant-abapa = Oware (abapa)
variant-wari = Oware (wari)
variant-warri = Oware (warri)
variant-kalah = Kalah
rules-cycle-third = ciclo a la 3.ª vez
rules-cycle-even = el ciclo reparte a partes iguales
rules-playout = se juega hasta el final
rules-no-empty-capture = sin captura en hoyo vacío
speed-bullet = bala
speed-blitz = relámpago
speed-rapid = rápida
speed-classical = clásica
speed-correspondence = por correspondencia
pool-against-bots = { $pool } (contra bots)

## Por qué terminó una partida (los códigos de RULES.md §1), sin punto final
reason-majority = se capturaron más de la mitad de las semillas
reason-no-moves = el jugador al que le tocaba no tenía ninguna jugada legal, así que cada jugador se quedó con las semillas de su fila
reason-grand-slam = un gran slam capturó toda la fila y terminó la partida (reglas wari)
reason-repetition = una posición se repitió (la regla del ciclo), así que cada jugador se quedó con las semillas de su fila
reason-agreement = los jugadores acordaron terminar la partida por la regla del ciclo
reason-empty-side = una fila quedó vacía, así que cada jugador sumó a su almacén las semillas que quedaban en su fila
reason-resignation = un jugador abandonó
reason-resignation-by = { $loser } abandonó
reason-time = un jugador se quedó sin tiempo
reason-time-by = { $loser } se quedó sin tiempo
reason-aborted = la partida se anuló antes de que jugaran los dos jugadores: sin resultado, no puntuada

## Ofertas
offer-cycle = { $who } propone terminar la partida por la regla del ciclo (cada jugador se queda con las semillas de su fila).
offer-cycle-mine = Propusiste terminar la partida por la regla del ciclo (cada jugador se queda con las semillas de su fila).
offer-takeback = { $who } pide deshacer su última jugada.
offer-takeback-mine = Pediste deshacer tu última jugada.
offer-rematch = { $who } propone la revancha.
offer-rematch-mine = Propusiste la revancha.
offer-other = { $who } propone { $kind }.
offer-other-mine = Propusiste { $kind }.

## Rechazar un desafío (los motivos de lichess)
decline-generic = No, gracias
decline-later = Ahora no, más tarde
decline-too-fast = Demasiado rápida para mí
decline-too-slow = Demasiado lenta para mí
decline-time-control = Este control de tiempo no
decline-rated = Una partida puntuada, por favor
decline-casual = Una partida amistosa, por favor
decline-variant = Estas reglas no
decline-no-bot = Contra bots no
decline-only-bot = Solo contra bots

## La valoración del motor
score-even = Igualdad{ $proven ->
    [yes] {" "}(demostrada)
   *[no] {""}
}
score-south-ahead = Sur va ganando por { $seeds } { $count ->
    [one] semilla
   *[other] semillas
}{ $proven ->
    [yes] {" "}(demostrado)
   *[no] {""}
}
score-north-ahead = Norte va ganando por { $seeds } { $count ->
    [one] semilla
   *[other] semillas
}{ $proven ->
    [yes] {" "}(demostrado)
   *[no] {""}
}

## El tablero (board.js)
board-key-moved = ▲ última jugada
board-key-captured = ✕ capturado
board-key-landing = ◎ donde caería la última semilla
board-row-south = Fila de Sur
board-row-north = Fila de Norte
board-store = almacén
board-captured = capturadas
# El nombre accesible de un hoyo: su letra y sus semillas.
pit-name = Hoyo { $pit }, { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
}
pit-note-moved = última jugada
pit-note-captured = capturado en la última jugada
store-name = Almacén de { $side }: { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
}
captured-name = Capturadas por { $side }: { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
}
# La vista previa de una jugada, una frase hecha de estas partes (y un punto).
preview-lands-in-pit = { $pit }: { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
}; la última cae en el hoyo { $last }
preview-lands-in-store = { $pit }: { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
}; la última cae en el almacén
preview-grand-slam-nothing = ; un gran slam, que con estas reglas no captura nada
preview-captures = ; captura { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
} ({ $pits })
preview-captures-grand-slam = ; captura { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
} ({ $pits }), un gran slam
preview-again = ; el mismo jugador vuelve a jugar
preview-not-playable = {" "}(ahora no se puede jugar)

## Por qué no se puede jugar un hoyo (game/play.js)
refuse-caught-up = El tablero se ha puesto al día: vuelve a elegir tu hoyo.
refuse-over = La partida ha terminado.
refuse-waiting = La partida no ha empezado: está esperando a un rival.
refuse-watching = Estás mirando esta partida.
refuse-pending = Tu jugada va de camino.
refuse-turn = Le toca a { $side }.
refuse-no-pit = No hay ningún hoyo { $pit }.
refuse-not-yours = El hoyo { $pit } es de { $owner }: tú juegas los hoyos de { $side }.
refuse-empty = El hoyo { $pit } está vacío.
refuse-must-feed = { $pit } no llega a la fila vacía del rival: hay que alimentar al rival.
refuse-grand-slam = { $pit } capturaría todas las semillas de la fila del rival: con las reglas wari el gran slam está prohibido mientras haya otra jugada.
refuse-not-now = { $pit } no se puede jugar ahora.

## La página de la partida (game.js)
game-loading = Cargando la partida…
game-title = Partida
game-moves = Jugadas
game-sowing-animation = Animación de la siembra
animation-off = no
animation-fast = rápida
animation-normal = normal
animation-slow = lenta
game-position-unreadable = No se puede mostrar esta posición: { $error }
game-rated-pool = puntuada, { $pool }
game-casual = amistosa
game-not-found = No existe esa partida.
game-cannot-load = No se puede cargar la partida: { $error }.
status-waiting = Esperando a que se una un rival.
status-over = La partida ha terminado.
status-you-played = Has jugado { $pit }.
status-your-turn = Te toca: elige un hoyo.
status-to-move = Le toca a { $player }.
status-watching = Estás mirando. Le toca a { $player }.
title-your-turn = ▶ Te toca —{" "}

## Las partes de la página de la partida (game/)
chat-players = Chat con tu rival
chat-spectators = Chat de los espectadores
chat-message-opponent = Mensaje al rival
chat-message-spectators = Mensaje a los espectadores
chat-send = Enviar
chat-mute-opponent = Silenciar a tu rival
chat-hide-spectators = Ocultar el chat de los espectadores
chat-title = Chat
chat-empty = Aún no hay mensajes.
clock-name = Reloj de { $side }: { $time }
clock-name-running = Reloj de { $side }: { $time }, en marcha
control-offer-cycle = Proponer terminar por la regla del ciclo
control-berserk = Berserk (la mitad de tu tiempo, +1 si ganas)
control-takeback = Pedir deshacer la jugada
control-claim = Reclamar la partida (el rival no está)
control-resign = Abandonar
control-resign-confirm = ¿Abandonar de verdad?
control-abort = Anular la partida
control-go-to-rematch = Ir a la revancha →
control-accept-rematch = Aceptar la revancha
control-rematch = Revancha
invite-send-link = Envía este enlace a la persona con la que quieres jugar:
invite-copied = Copiado.
invite-press-copy = Pulsa Ctrl+C para copiar.
invite-copy-link = Copiar el enlace
move-name = Jugada { $n }: { $side } { $pit }
move-name-captures = Jugada { $n }: { $side } { $pit }, captura { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
}
offer-name-cycle = de terminar la partida por la regla del ciclo
offer-name-takeback = de deshacer tu última jugada
offer-name-rematch = de revancha
offer-lapsed = Tu propuesta { $what } caducó: se hizo una jugada.
offer-declined-by = { $opponent } rechazó tu propuesta { $what }.
offer-declined = Tu rival rechazó tu propuesta { $what }.
offer-waiting = Esperando respuesta.
offer-withdraw = Retirar
offer-label = Propuesta
player-no-one = { $side } (aún nadie)
player-on-side = { $name } ({ $side })
result-draw = Empate
result-aborted = Partida anulada
result-you-win = Has ganado
result-you-lose = Has perdido
result-wins = Gana { $name } ({ $side })
result-final-count = Recuento final: Sur { $south }, Norte { $north }.
result-new-ratings = Nuevas puntuaciones: { $ratings }.
result-not-rated = No puntuada: la partida terminó antes de que jugaran los dos jugadores.
result-replay = Repetición
result-analysis = Tablero de análisis
result-download-ogn = Descargar OGN
seat-waiting = esperando a un jugador…
computer = Ordenador
computer-level = Ordenador (nivel { $level })
seat-guest = (invitado)
seat-berserk-title = Berserk: la mitad del tiempo, sin incremento
seat-berserk = ⚔ berserk
seat-you = — tú
seat-online = ● conectado
seat-away = ○ ausente
seat-first-move = primera jugada antes de { $time }, o la partida se anula
seat-store = almacén: { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
}
seat-captured = capturadas: { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
}

## La sala (lobby.js, lobby/)
lobby-title = Sala
lobby-no-open-table = No hay mesas abiertas. Crea una abajo o juega contra el ordenador.
lobby-open-tables = Mesas abiertas
lobby-either-side = Sur o Norte
lobby-for-ratings = para { $low }–{ $high }
lobby-you-would-play = jugarías con { $side }
lobby-your-table-open = Tu mesa: abrir
lobby-join = Unirse
lobby-no-game-playing = Ahora mismo no se está jugando ninguna partida.
lobby-rated-speed = puntuada { $speed }
lobby-watch = Mirar
lobby-watch-label = Mirar { $south } contra { $north }
lobby-cannot-join = No puedes unirte a esta mesa: { $error }.
lobby-table-closed = Tu mesa está cerrada.
lobby-cannot-close = No se puede cerrar la mesa: { $error }.
lobby-table-open = Tu mesa está abierta
lobby-table-listed = Aparece en las mesas abiertas para que cualquiera se una.
lobby-cannot-load = No se pueden cargar las mesas: { $error }.
lobby-being-played = En juego
pools-label = Emparejamiento
pools-title = Partida rápida
pools-hint-rated = Un clic: te emparejamos con un jugador de puntuación parecida, en una partida puntuada.
pools-hint-casual = Un clic: te emparejamos con otro invitado, en una partida amistosa. Entra en tu cuenta para jugar partidas puntuadas.
pools-waiting = { $count ->
    [one] { $count } esperando
   *[other] { $count } esperando
}
pools-looking = Buscando rival: { $pool }, { $kind }.
pools-waited = { $seconds } s
pools-cannot-join = No puedes entrar en este emparejamiento: { $error }.
form-title = Mesa nueva
form-variant-abapa = Oware, abapa
form-variant-abapa-hint = las reglas internacionales: un gran slam no captura nada
form-variant-wari = Oware, wari
form-variant-wari-hint = el gran slam está prohibido salvo que sea la única jugada, y entonces termina la partida
form-variant-warri = Oware, warri
form-variant-warri-hint = un gran slam se lleva toda la fila y el mismo jugador vuelve a jugar
form-variant-kalah-hint = almacenes, y otra jugada cuando la última semilla cae en tu almacén
form-clock-none = Sin reloj
form-clock-3-2 = 3 min + 2 s
form-clock-7-3 = 7 min + 3 s
form-clock-20-10 = 20 min + 10 s
form-clock-custom = Personalizado
form-clock-days = Por correspondencia
form-how-played = Cómo se juega cada una:
form-grand-slam-abapa = el gran slam en abapa
form-pits = Hoyos por fila
form-seeds = Semillas por hoyo
form-cycle = Una posición repetida termina la partida
form-cycle-2 = la 2.ª vez, cada uno se queda con su fila
form-cycle-3 = la 3.ª vez, cada uno se queda con su fila
form-cycle-even = la 2.ª vez, las semillas que quedan se reparten a partes iguales
form-playout = Jugar hasta el final (no se gana con más de la mitad)
form-cycle-explained = La regla del ciclo y el juego hasta el final, explicados
form-empty-capture = Capturar con la última semilla en un hoyo propio vacío aunque el hoyo de enfrente esté vacío
form-empty-capture-explained = La captura en hoyo vacío, explicada
form-rules-string = Cadena de reglas:
form-you-play = Juegas con
form-moves-first = juega primero
form-moves-second = juega segundo
form-random = Al azar
form-opponent = Rival
form-computer = El ordenador
form-level = Nivel (1 el más débil, 10 el más fuerte)
form-person = Una persona
form-public = Mesa pública
form-public-hint = aparece en la sala para que cualquiera se una
form-private = Privada
form-private-hint = solo con el enlace de invitación
form-by-name = Un jugador por su nombre
form-by-name-hint = se le avisa y acepta o rechaza
form-their-name = Su nombre
form-time-control = Control de tiempo
form-minutes = Minutos
form-increment = Segundos añadidos por jugada
form-days = Días por jugada
form-rated-game = Partida puntuada
form-ratings-from = Puntuaciones desde
form-ratings-to = hasta
form-create = Crear la mesa
form-unrated-guest = entra en tu cuenta para jugar partidas puntuadas
form-unrated-computer = las partidas contra el ordenador son amistosas
form-unrated-options = solo se puntúan el tablero y las opciones estándar
form-unrated-no-clock = las partidas puntuadas tienen reloj
form-bad-clock = Pon en el reloj un número positivo de minutos y de segundos añadidos por jugada.
form-not-created = No se creó la mesa: { $error }.

## Mis partidas (mygames.js)
mygames-you-challenged = Desafiaste a { $name }
mygames-challenges-you = { $name } te desafía
mygames-someone = Alguien
mygames-withdrew = Retiraste el desafío.
mygames-decline-reason = Motivo para rechazar: { $who }
mygames-withdraw-label = Retirar: { $who }
mygames-accept-label = Aceptar: { $who }
mygames-decline-label = Rechazar: { $who }
mygames-none-yet = Aún no tienes ninguna partida.
mygames-play-one = Juega una
mygames-challenges-count = Desafíos ({ $count })
mygames-challenges = Desafíos
mygames-you-have-left = Te quedan { $left }.
mygames-they-have-left = Le quedan { $left }.
mygames-your-turn-count = Te toca ({ $count })
mygames-your-turn = Te toca
mygames-none-waiting = Ninguna partida espera tu jugada.
mygames-their-turn-count = Le toca al rival ({ $count })
mygames-their-turn = Le toca al rival
mygames-none = Ninguna.
mygames-cannot-load = No se pueden cargar tus partidas: { $error }.

## La página de un jugador (player.js)
player-no-rated-in-pool = Aún no hay partidas puntuadas en esta categoría.
player-graph-summary = Puntuación en { $pool } tras cada una de { $count ->
    [one] { $count } partida puntuada
   *[other] { $count } partidas puntuadas
}: de 1500 a { $last }, máxima { $highest }, mínima { $lowest }.
player-each-game = Cada partida
player-date = Fecha
player-rating = Puntuación
player-not-found = No existe ese jugador.
player-filter = Filtrar las partidas
player-all = todas
player-result = Resultado
player-won = ganadas
player-drawn = empatadas
player-lost = perdidas
player-show = Mostrar
player-no-game-matches = Ninguna partida coincide.
player-games-of = Partidas de { $name }
player-custom-challenge = Desafío personalizado (una posición preparada, un intervalo de puntuación)…
player-since = Juega desde { $date }.
player-in-progress = { $count ->
    [one] { $count } partida en curso.
   *[other] { $count } partidas en curso.
}
player-ratings = Puntuaciones
player-provisional = { $rating }, provisional
player-rated-games = { $count ->
    [one] { $count } partida puntuada
   *[other] { $count } partidas puntuadas
}
player-no-rated = Aún no hay partidas puntuadas: todo el mundo empieza con 1500.
player-graph = Gráfica de puntuación
player-puzzle-ratings = Puntuaciones de problemas
player-puzzles-rated = { $count ->
    [one] { $count } problema puntuado
   *[other] { $count } problemas puntuados
}
player-results = Resultados
player-results-line = { $count ->
    [one] { $count } partida
   *[other] { $count } partidas
}: { $won } ganadas, { $drawn } empatadas, { $lost } perdidas.
player-games = Partidas

## Listas de partidas (games-list.js, archive.js, leaderboard.js)
games-count = { $count ->
    [one] { $count } partida
   *[other] { $count } partidas
}
games-no-one-yet = { $side }: aún nadie
outcome-waiting = esperando a un jugador
outcome-playing = en juego
outcome-draw = empate
outcome-aborted = anulada
outcome-won = ganada
outcome-lost = perdida
outcome-winner = ganó { $winner }
games-open = Abrir
games-open-label = { $action }: { $south } contra { $north }
archive-upload-title = Repetir una partida desde un archivo
archive-upload-file = Un registro OGN (el formato en que guardan las partidas wari y Aualé)
archive-upload = Subir y repetir
archive-choose-file = Elige antes un archivo.
archive-cannot-replay = No se puede repetir este archivo: { $error }.
archive-finished = Partidas terminadas
archive-finished-of = Partidas terminadas de { $player }
archive-older = Partidas anteriores
archive-of-a-player = Partidas de un jugador
archive-of-the-player = Partidas del jugador
archive-all = Todas las partidas
archive-none-of = { $player } no tiene partidas terminadas.
archive-none = Aún no ha terminado ninguna partida.
archive-cannot-load = No se puede cargar el archivo: { $error }.
leaderboard-pool = Categoría
leaderboard-hint = Jugadores con una puntuación establecida que jugaron una partida puntuada de esta categoría en los últimos 30 días.
leaderboard-empty = Aún no hay jugadores activos con una puntuación establecida en esta categoría.
leaderboard-label = Clasificación, { $pool }
leaderboard-rank = { $rank }.
leaderboard-cannot-load = No se puede cargar la clasificación: { $error }.

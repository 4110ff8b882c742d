# Los torneos: la lista (/tournaments), el formulario que crea uno, y la página de un torneo.

tour-loading = Cargando…
tour-list-title = Torneos
tour-list-about = Arenas: juega tantas partidas como puedas hasta que se acabe el tiempo. Una victoria vale 2 puntos y unas tablas 1; tras dos victorias seguidas, una victoria vale 4 y unas tablas 2. Berserk reduce tu reloj a la mitad a cambio de un punto más si ganas.
tour-sign-in = Inicia sesión
tour-sign-in-why = para crear un torneo o jugar en uno.
tour-new = Nueva arena
tour-running = En curso
tour-running-none = No hay ningún torneo en curso.
tour-upcoming = Próximos
tour-upcoming-none = No hay ningún torneo anunciado.
tour-finished = Terminados
tour-finished-none = Todavía no ha terminado ningún torneo.
tour-list-error = No se pueden cargar los torneos: { $error }.
tour-line-starts = empieza { $date }
tour-line-ends = termina { $date }
tour-line-ended = terminó { $date }
tour-line-swiss = suizo, { $rounds ->
    [one] { $rounds } ronda
   *[other] { $rounds } rondas
}
tour-line-arena = arena, { $minutes } min
tour-rated = con puntuación
tour-casual = amistoso
tour-by-server = organizado por el servidor

## El formulario
tour-form-name-example = arena abapa 3+2
tour-form-arena = Arena
tour-form-swiss = Suizo
tour-form-minutes = { $minutes ->
    [one] { $minutes } minuto
   *[other] { $minutes } minutos
}
tour-form-starts-now = ahora
tour-form-starts-in = { $minutes ->
    [one] dentro de 1 minuto
   *[other] dentro de { $minutes } minutos
}
tour-form-starts-hour = dentro de una hora
tour-form-create = Crear la arena
tour-form-error = No se puede crear la arena: { $error }.
tour-form-kind = Tipo
tour-form-name = Nombre
tour-form-rules = Reglas
tour-form-clock = Control de tiempo
tour-form-length = Duración (una arena)
tour-form-rounds = Rondas (un torneo suizo)
tour-form-starts = Empieza
tour-form-rated = Con puntuación
tour-form-min-rating = Puntuación mínima (opcional)
tour-form-min-games = Mínimo de partidas puntuadas (opcional)
tour-form-bots = Los bots pueden participar

## La página de un torneo
tour-title = Torneo
tour-error = No se puede mostrar este torneo: { $error }.
tour-starts-in = Empieza dentro de { $clock } ({ $date })
tour-ends-in = Termina dentro de { $clock }
tour-round = Ronda { $round } de { $rounds }
tour-pairings = Emparejamientos
tour-round-title = Ronda { $round }
tour-bye = descansa
tour-playing = en juego
tour-forfeit = ganada por incomparecencia: el perdedor no hizo ninguna jugada
tour-finished-at = Terminó { $date }
tour-min-rating = puntuación { $rating }+
tour-min-games = { $games }+ partidas puntuadas
tour-bots-welcome = bots bienvenidos
tour-players = { $count ->
    [one] { $count } jugador
   *[other] { $count } jugadores
}
tour-sign-in-to-join = Inicia sesión para participar
tour-withdraw = Retirarse
tour-join = Participar
tour-join-again = Volver a participar
tour-start-now = Empezar ya
tour-end-now = Terminar ya
tour-your-game = Tu partida
tour-podium = Podio
tour-podium-line = { $points ->
    [one] { $points } punto
   *[other] { $points } puntos
}, rendimiento { $performance }
tour-standings = Clasificación
tour-nobody = Todavía no se ha unido nadie.
tour-col-player = Jugador
tour-col-points = Puntos
tour-col-sheet = Resultados
tour-col-games = Partidas
tour-col-performance = Rendimiento
tour-col-buchholz-cut1 = Buchholz corte 1
tour-col-buchholz = Buchholz
tour-col-sonneborn-berger = Sonneborn–Berger
tour-withdrawn = (retirado)
tour-paused = (en pausa)
tour-watch = ver
tour-on-fire = En racha: la próxima victoria vale 4

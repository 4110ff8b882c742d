# La estructura de la página: la cabecera, la navegación, el selector de
# idioma. La usan los módulos de web/js (index.html, header.js, app.js, ...).

site-description =
    .content = Juega al Oware y al Kalah contra el ordenador o contra otras personas.
skip-to-content = Saltar al contenido
nav-pages =
    .aria-label = Páginas
nav-play = Jugar
nav-tournaments = Torneos
nav-leaderboard = Clasificación
nav-archive = Archivo
nav-analysis = Análisis
nav-puzzles = Problemas
nav-learn = Aprender
language-label = Idioma

## Cantidades y tiempos (dom.js)
seeds-count = { $count ->
    [one] { $count } semilla
   *[other] { $count } semillas
}
moves-count = { $count ->
    [one] { $count } jugada
   *[other] { $count } jugadas
}
clock-none = sin reloj
clock-days-a-move = { $days ->
    [one] { $days } día por jugada
   *[other] { $days } días por jugada
}
clock-days-hours = { $days } d { $hours } h

## Palabras de muchas páginas
accept = Aceptar
decline = Rechazar
back-to-lobby = Volver a la sala
back-to-tournament = Volver al torneo
bot-badge = BOT
bot-title = Un bot: un motor juega con esta cuenta
cancel = Cancelar

## La cabecera (header.js, app.js)
nav-my-games = Mis partidas
me-your-page = Tu página: { $name }
me-settings = Ajustes
me-guest = Invitado: { $name }
sign-in = Entrar
sign-up = Crear cuenta
my-games-turns = { $count ->
    [one] { $count } espera tu jugada
   *[other] { $count } esperan tu jugada
}
my-games-challenges = { $count ->
    [one] { $count } desafío
   *[other] { $count } desafíos
}
my-games-waiting = Mis partidas: { $waiting }
sound-on = ♪ Sonido: sí
sound-off = ♪ Sonido: no
invite-joining = Uniéndose a la mesa…
invite-unusable = No se puede usar esta invitación: { $error }.
no-such-page = No hay ninguna página en { $path }.
error-unreachable = no se puede contactar con el servidor

## El diálogo del nombre (session.js)
guest-welcome = Bienvenido a wari
guest-choose-name = Elige el nombre que verán los demás jugadores y juega como invitado.
guest-your-name = Tu nombre
guest-play = Jugar como invitado
guest-need-account = Las partidas puntuadas y tener tus partidas en cualquier dispositivo necesitan una cuenta:
guest-sign-in = entra
guest-or = o
guest-sign-up = crea una

## Desafíos (header.js, challenge.js)
challenge-cannot-accept = No se puede aceptar el desafío: { $error }.
challenge-you-declined = Has rechazado el desafío.
challenge-from = { $name } te desafía.
challenge-from-someone = Alguien te desafía.
challenge-the-player = El jugador
challenge-declined = { $name } rechazó tu desafío.
challenge-declined-because = { $name } rechazó tu desafío ({ $reason }).
challenge-withdrawn-by = { $name } retiró el desafío.
challenge-withdrawn = El jugador retiró el desafío.
challenge-title = Desafiar a { $name }
challenge-rules = Reglas
challenge-time = Tiempo
challenge-your-side = Tu lado
challenge-side-random = Lado al azar
challenge-side-south = Sur (juega primero)
challenge-rated = Puntuada
challenge-send = Enviar el desafío
challenge-sent = Desafío enviado a { $name }: espera en Mis partidas hasta que responda.
challenge-cannot-send = No se puede enviar el desafío: { $error }.
loading = Cargando…

## Cuentas (account.js)
account-name = Nombre
account-name-hint = De 2 a 20 letras, cifras, _ o -. Los demás lo ven; no se puede cambiar.
account-password = Contraseña
account-password-hint = Al menos 8 caracteres.
account-password-again = Repite la contraseña
account-passwords-differ = las dos contraseñas no coinciden
account-make = Crear una cuenta
account-why = Con una cuenta juegas partidas puntuadas, tienes tus partidas en todos tus dispositivos y una página propia. Tus partidas como invitado en este navegador pasan a tu cuenta.
account-have-one = ¿Ya tienes cuenta?
account-none-yet = ¿Aún no tienes cuenta?
account-not-signed-in = No has entrado con ninguna cuenta.
account-change-password = Cambiar la contraseña
account-current-password = Contraseña actual
account-new-password = Contraseña nueva
account-new-password-hint = Al menos 8 caracteres. Tus otros dispositivos saldrán de la cuenta.
account-password-changed = Tu contraseña ha cambiado; tus otros dispositivos han salido de la cuenta.
account-delete = Borrar la cuenta
account-delete-hint = Tus partidas en curso se dan por abandonadas; tus partidas terminadas se quedan, con el nombre "Jugador borrado". No se puede deshacer.
account-delete-mine = Borrar mi cuenta
account-signed-in-as = Has entrado como
account-sign-out = Salir
account-sign-out-hint = Solo sale de este navegador.
rated = puntuada
casual = amistosa
page-cannot-load = No se puede cargar esta página: { $error }.

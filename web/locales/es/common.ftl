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

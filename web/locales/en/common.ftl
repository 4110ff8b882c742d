# The app shell: the page's head, the header, the navigation, the
# language switch. Owned by web/js (index.html, header.js, app.js, ...).

site-description =
    .content = Play Oware and Kalah against the computer or other people.
skip-to-content = Skip to the content
nav-pages =
    .aria-label = Pages
nav-play = Play
nav-tournaments = Tournaments
nav-leaderboard = Leaderboard
nav-archive = Archive
nav-analysis = Analysis
nav-puzzles = Puzzles
nav-learn = Learn
language-label = Language

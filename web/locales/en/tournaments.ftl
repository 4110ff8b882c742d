# The tournaments: the list (/tournaments), the form that makes one, and a tournament's page.

tour-loading = Loading…
tour-list-title = Tournaments
tour-list-about = Arenas: play as many games as you can until the time is up. A win is 2 points, a draw 1; after two wins in a row a win is 4 and a draw 2. Berserk halves your clock for a point more on a win.
tour-sign-in = Sign in
tour-sign-in-why = to make a tournament or to play in one.
tour-new = New arena
tour-running = Running
tour-running-none = No tournament is running.
tour-upcoming = Upcoming
tour-upcoming-none = No tournament is announced.
tour-finished = Finished
tour-finished-none = No tournament has finished yet.
tour-list-error = The tournaments cannot be loaded: { $error }.
tour-line-starts = starts { $date }
tour-line-ends = ends { $date }
tour-line-ended = ended { $date }
tour-line-swiss = Swiss, { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}
tour-line-arena = arena, { $minutes } min
tour-rated = rated
tour-casual = casual
tour-by-server = by the server

## The form
tour-form-name-example = abapa 3+2 arena
tour-form-arena = Arena
tour-form-swiss = Swiss
tour-form-minutes = { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}
tour-form-starts-now = now
tour-form-starts-in = { $minutes ->
    [one] in 1 minute
   *[other] in { $minutes } minutes
}
tour-form-starts-hour = in an hour
tour-form-create = Create the arena
tour-form-error = The arena cannot be made: { $error }.
tour-form-kind = Kind
tour-form-name = Name
tour-form-rules = Rules
tour-form-clock = Time control
tour-form-length = Length (an arena)
tour-form-rounds = Rounds (a Swiss event)
tour-form-starts = Starts
tour-form-rated = Rated
tour-form-min-rating = Minimum rating (optional)
tour-form-min-games = Minimum rated games (optional)
tour-form-bots = Bots may join

## A tournament's page
tour-title = Tournament
tour-error = This tournament cannot be shown: { $error }.
tour-starts-in = Starts in { $clock } ({ $date })
tour-ends-in = Ends in { $clock }
tour-round = Round { $round } of { $rounds }
tour-pairings = Pairings
tour-round-title = Round { $round }
tour-bye = bye
tour-playing = playing
tour-forfeit = won by forfeit: the loser made no move
tour-finished-at = Finished { $date }
tour-min-rating = rating { $rating }+
tour-min-games = { $games }+ rated games
tour-bots-welcome = bots welcome
tour-players = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
tour-sign-in-to-join = Sign in to join
tour-withdraw = Withdraw
tour-join = Join
tour-join-again = Join again
tour-start-now = Start now
tour-end-now = End now
tour-your-game = Your game
tour-podium = Podium
tour-podium-line = { $points ->
    [one] { $points } point
   *[other] { $points } points
}, performance { $performance }
tour-standings = Standings
tour-nobody = Nobody has joined yet.
tour-col-player = Player
tour-col-points = Points
tour-col-sheet = Sheet
tour-col-games = Games
tour-col-performance = Performance
tour-col-buchholz-cut1 = Buchholz cut 1
tour-col-buchholz = Buchholz
tour-col-sonneborn-berger = Sonneborn–Berger
tour-withdrawn = (withdrawn)
tour-paused = (paused)
tour-watch = watch
tour-on-fire = On fire: the next win scores 4

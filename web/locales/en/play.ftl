# The game: the lobby, the board, the game page, players and lists (web-a).

## Sides, rule sets, pools (words.js)
side-south = South
side-north = North
variant-abapa = Oware (abapa)
variant-wari = Oware (wari)
variant-warri = Oware (warri)
variant-kalah = Kalah
rules-cycle-third = cycle at the 3rd time
rules-cycle-even = cycle shares evenly
rules-playout = played out
rules-no-empty-capture = no empty capture
speed-bullet = bullet
speed-blitz = blitz
speed-rapid = rapid
speed-classical = classical
speed-correspondence = correspondence
pool-against-bots = { $pool } (against bots)

## Why a game ended (RULES.md §1's reason codes), without a full stop
reason-majority = more than half of the seeds were captured
reason-no-moves = the player to move had no legal move, so each player took the seeds on their own row
reason-grand-slam = a grand slam captured the whole row and ended the game (wari rules)
reason-repetition = a position came round again (the cycle rule), so each player took the seeds on their own row
reason-agreement = the players agreed to end the game by the cycle rule
reason-empty-side = a row was empty, so each player added the seeds left on their row to their store
reason-resignation = a player resigned
reason-resignation-by = { $loser } resigned
reason-time = a player ran out of time
reason-time-by = { $loser } ran out of time
reason-aborted = the game was aborted before both players moved: no result, not rated

## Offers
offer-cycle = { $who } offers to end the game by the cycle rule (each player takes the seeds on their own row).
offer-cycle-mine = You offered to end the game by the cycle rule (each player takes the seeds on their own row).
offer-takeback = { $who } asks to take back their last move.
offer-takeback-mine = You asked to take back your last move.
offer-rematch = { $who } offers a rematch.
offer-rematch-mine = You offered a rematch.
offer-other = { $who } offers { $kind }.
offer-other-mine = You offered { $kind }.

## Declining a challenge (lichess's reasons)
decline-generic = No, thank you
decline-later = Not now, later
decline-too-fast = Too fast for me
decline-too-slow = Too slow for me
decline-time-control = Not this time control
decline-rated = A rated game, please
decline-casual = A casual game, please
decline-variant = Not these rules
decline-no-bot = Not against bots
decline-only-bot = Only against bots

## The engine's score
score-even = Even{ $proven ->
    [yes] {" "}(proven)
   *[no] {""}
}
score-south-ahead = South is ahead by { $seeds } { $count ->
    [one] seed
   *[other] seeds
}{ $proven ->
    [yes] {" "}(proven)
   *[no] {""}
}
score-north-ahead = North is ahead by { $seeds } { $count ->
    [one] seed
   *[other] seeds
}{ $proven ->
    [yes] {" "}(proven)
   *[no] {""}
}

## The board (board.js)
board-key-moved = ▲ last move
board-key-captured = ✕ captured
board-key-landing = ◎ last seed would land
board-row-south = South's row
board-row-north = North's row
board-store = store
board-captured = captured
# A pit's accessible name: its letter and its seeds.
pit-name = Pit { $pit }, { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}
pit-note-moved = last move
pit-note-captured = captured in the last move
store-name = { $side } store: { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}
captured-name = { $side } captured: { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}
# The preview of a move, one sentence made of these parts (then a full stop).
preview-lands-in-pit = { $pit }: { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}; the last lands in pit { $last }
preview-lands-in-store = { $pit }: { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}; the last lands in the store
preview-grand-slam-nothing = ; a grand slam, which captures nothing under these rules
preview-captures = ; it captures { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
} ({ $pits })
preview-captures-grand-slam = ; it captures { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
} ({ $pits }), a grand slam
preview-again = ; the same player moves again
preview-not-playable = {" "}(not playable now)

## Why a pit cannot be played (game/play.js)
refuse-caught-up = The board has caught up: choose your pit again.
refuse-over = The game is over.
refuse-waiting = The game has not started: it is waiting for an opponent.
refuse-watching = You are watching this game.
refuse-pending = Your move is on its way.
refuse-turn = It is { $side }'s turn.
refuse-no-pit = There is no pit { $pit }.
refuse-not-yours = Pit { $pit } is { $owner }'s: you play { $side }'s pits.
refuse-empty = Pit { $pit } is empty.
refuse-must-feed = { $pit } does not reach the opponent's empty row: it must be fed.
refuse-grand-slam = { $pit } would capture every seed of the opponent's row: a grand slam is forbidden under wari while another move exists.
refuse-not-now = { $pit } cannot be played now.

## The game page (game.js)
game-loading = Loading the game…
game-title = Game
game-moves = Moves
game-sowing-animation = Sowing animation
animation-off = off
animation-fast = fast
animation-normal = normal
animation-slow = slow
game-position-unreadable = This position cannot be shown: { $error }
game-rated-pool = rated, { $pool }
game-casual = casual
game-not-found = There is no such game.
game-cannot-load = The game cannot be loaded: { $error }.
status-waiting = Waiting for an opponent to join.
status-over = The game is over.
status-you-played = You played { $pit }.
status-your-turn = Your turn: choose a pit.
status-to-move = { $player } to move.
status-watching = You are watching. { $player } to move.
title-your-turn = ▶ Your turn —{" "}

## The game page's parts (game/)
chat-players = Chat with your opponent
chat-spectators = Spectators' chat
chat-message-opponent = Message to the opponent
chat-message-spectators = Message to the spectators
chat-send = Send
chat-mute-opponent = Mute your opponent
chat-hide-spectators = Hide the spectators' chat
chat-title = Chat
chat-empty = No message yet.
clock-name = { $side }'s clock: { $time }
clock-name-running = { $side }'s clock: { $time }, running
control-offer-cycle = Offer to end by the cycle rule
control-berserk = Berserk (half your time, +1 for a win)
control-takeback = Ask to take back
control-claim = Claim the game (opponent away)
control-resign = Resign
control-resign-confirm = Really resign?
control-abort = Abort the game
control-go-to-rematch = Go to the rematch →
control-accept-rematch = Accept the rematch
control-rematch = Rematch
invite-send-link = Send this link to the person you want to play:
invite-copied = Copied.
invite-press-copy = Press Ctrl+C to copy.
invite-copy-link = Copy link
move-name = Move { $n }: { $side } { $pit }
move-name-captures = Move { $n }: { $side } { $pit }, captures { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}
offer-name-cycle = to end the game by the cycle rule
offer-name-takeback = to take back your last move
offer-name-rematch = of a rematch
offer-lapsed = Your offer { $what } lapsed: a move was played.
offer-declined-by = { $opponent } declined your offer { $what }.
offer-declined = Your opponent declined your offer { $what }.
offer-waiting = Waiting for an answer.
offer-withdraw = Withdraw
offer-label = Offer
player-no-one = { $side } (no one yet)
player-on-side = { $name } ({ $side })
result-draw = Draw
result-aborted = Game aborted
result-you-win = You win
result-you-lose = You lose
result-wins = { $name } ({ $side }) wins
result-final-count = Final count: South { $south }, North { $north }.
result-new-ratings = New ratings: { $ratings }.
result-not-rated = Not rated: the game ended before both players moved.
result-replay = Replay
result-analysis = Analysis board
result-download-ogn = Download OGN
seat-waiting = waiting for a player…
computer = Computer
computer-level = Computer (level { $level })
seat-guest = (guest)
seat-berserk-title = Berserk: half the time, no increment
seat-berserk = ⚔ berserk
seat-you = — you
seat-online = ● online
seat-away = ○ away
seat-first-move = first move within { $time }, or the game is aborted
seat-store = store: { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}
seat-captured = captured: { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}

## The lobby (lobby.js, lobby/)
lobby-title = Lobby
lobby-no-open-table = No open table. Create one below, or play the computer.
lobby-open-tables = Open tables
lobby-either-side = South or North
lobby-for-ratings = for { $low }–{ $high }
lobby-you-would-play = you would play { $side }
lobby-your-table-open = Your table: open
lobby-join = Join
lobby-no-game-playing = No game is being played right now.
lobby-rated-speed = rated { $speed }
lobby-watch = Watch
lobby-watch-label = Watch { $south } against { $north }
lobby-cannot-join = You cannot join this table: { $error }.
lobby-table-closed = Your table is closed.
lobby-cannot-close = The table cannot be closed: { $error }.
lobby-table-open = Your table is open
lobby-table-listed = It is listed under open tables for anyone to join.
lobby-cannot-load = The tables cannot be loaded: { $error }.
lobby-being-played = Being played
pools-label = Pools
pools-title = Quick pairing
pools-hint-rated = One click: you are paired with a player of about your rating, for a rated game.
pools-hint-casual = One click: you are paired with another guest, for a casual game. Sign in to play rated games.
pools-waiting = { $count } waiting
pools-looking = Looking for an opponent: { $pool }, { $kind }.
pools-waited = { $seconds } s
pools-cannot-join = You cannot join this pool: { $error }.
form-title = New table
form-variant-abapa = Oware, abapa
form-variant-abapa-hint = the international rules: a grand slam captures nothing
form-variant-wari = Oware, wari
form-variant-wari-hint = a grand slam is forbidden unless it is the only move, then it ends the game
form-variant-warri = Oware, warri
form-variant-warri-hint = a grand slam takes the whole row and the same player moves again
form-variant-kalah-hint = stores, an extra move when the last seed lands in your store
form-clock-none = No clock
form-clock-3-2 = 3 min + 2 s
form-clock-7-3 = 7 min + 3 s
form-clock-20-10 = 20 min + 10 s
form-clock-custom = Custom
form-clock-days = Correspondence
form-how-played = How each is played:
form-grand-slam-abapa = the grand slam under abapa
form-pits = Pits a row
form-seeds = Seeds a pit
form-cycle = A repeated position ends the game
form-cycle-2 = the 2nd time, each takes their own row
form-cycle-3 = the 3rd time, each takes their own row
form-cycle-even = the 2nd time, the seeds left shared evenly
form-playout = Play out to the end (no win at more than half)
form-cycle-explained = The cycle rule and playout, explained
form-empty-capture = Capture with the last seed in an empty own pit even when the opposite pit is empty
form-empty-capture-explained = Empty capture, explained
form-rules-string = Rules string:
form-you-play = You play
form-moves-first = moves first
form-moves-second = moves second
form-random = Random
form-opponent = Opponent
form-computer = The computer
form-level = Level (1 weakest, 10 strongest)
form-person = A person
form-public = Public table
form-public-hint = listed in the lobby for anyone to join
form-private = Private
form-private-hint = only with the invite link
form-by-name = A player by name
form-by-name-hint = they are told and accept or decline
form-their-name = Their name
form-time-control = Time control
form-minutes = Minutes
form-increment = Seconds added a move
form-days = Days a move
form-rated-game = Rated game
form-ratings-from = Ratings from
form-ratings-to = to
form-create = Create the table
form-unrated-guest = sign in to play rated games
form-unrated-computer = games against the computer are casual
form-unrated-options = only the standard board and options are rated
form-unrated-no-clock = rated games have a clock
form-bad-clock = Give the clock a positive number of minutes and seconds added a move.
form-not-created = The table was not created: { $error }.

## My games (mygames.js)
mygames-you-challenged = You challenged { $name }
mygames-challenges-you = { $name } challenges you
mygames-someone = Someone
mygames-withdrew = You withdrew the challenge.
mygames-decline-reason = Reason to decline: { $who }
mygames-withdraw-label = Withdraw: { $who }
mygames-accept-label = Accept: { $who }
mygames-decline-label = Decline: { $who }
mygames-none-yet = You have no game yet.
mygames-play-one = Play one
mygames-challenges-count = Challenges ({ $count })
mygames-challenges = Challenges
mygames-you-have-left = You have { $left } left.
mygames-they-have-left = They have { $left } left.
mygames-your-turn-count = Your turn ({ $count })
mygames-your-turn = Your turn
mygames-none-waiting = No game is waiting for your move.
mygames-their-turn-count = Their turn ({ $count })
mygames-their-turn = Their turn
mygames-none = None.
mygames-cannot-load = Your games cannot be loaded: { $error }.

## A player's page (player.js)
player-no-rated-in-pool = No rated game in this pool yet.
player-graph-summary = Rating in { $pool } after each of { $count ->
    [one] { $count } rated game
   *[other] { $count } rated games
}: from 1500 to { $last }, highest { $highest }, lowest { $lowest }.
player-each-game = Each game
player-date = Date
player-rating = Rating
player-not-found = There is no such player.
player-filter = Filter the games
player-all = all
player-result = Result
player-won = won
player-drawn = drawn
player-lost = lost
player-show = Show
player-no-game-matches = No game matches.
player-games-of = { $name }'s games
player-custom-challenge = Custom challenge (a set-up position, a rating range)…
player-since = Playing since { $date }.
player-in-progress = { $count ->
    [one] { $count } game in progress.
   *[other] { $count } games in progress.
}
player-ratings = Ratings
player-provisional = { $rating }, provisional
player-rated-games = { $count ->
    [one] { $count } rated game
   *[other] { $count } rated games
}
player-no-rated = No rated game yet: everyone starts at 1500.
player-graph = Rating graph
player-puzzle-ratings = Puzzle ratings
player-puzzles-rated = { $count ->
    [one] { $count } puzzle rated
   *[other] { $count } puzzles rated
}
player-results = Results
player-results-line = { $count ->
    [one] { $count } game
   *[other] { $count } games
}: { $won } won, { $drawn } drawn, { $lost } lost.
player-games = Games

## Lists of games (games-list.js, archive.js, leaderboard.js)
games-count = { $count ->
    [one] { $count } game
   *[other] { $count } games
}
games-no-one-yet = { $side }: no one yet
outcome-waiting = waiting for a player
outcome-playing = being played
outcome-draw = draw
outcome-aborted = aborted
outcome-won = won
outcome-lost = lost
outcome-winner = { $winner } won
games-open = Open
games-open-label = { $action }: { $south } against { $north }
archive-upload-title = Replay a game from a file
archive-upload-file = An OGN record (the format wari and Aualé save games in)
archive-upload = Upload and replay
archive-choose-file = Choose a file first.
archive-cannot-replay = This file cannot be replayed: { $error }.
archive-finished = Finished games
archive-finished-of = Finished games of { $player }
archive-older = Older games
archive-of-a-player = Games of a player
archive-of-the-player = Games of the player
archive-all = All games
archive-none-of = No finished game of { $player }.
archive-none = No game has finished yet.
archive-cannot-load = The archive cannot be loaded: { $error }.
leaderboard-pool = Pool
leaderboard-hint = Players with an established rating who played a rated game of this pool in the last 30 days.
leaderboard-empty = No active player with an established rating in this pool yet.
leaderboard-label = Leaderboard, { $pool }
leaderboard-rank = { $rank }.
leaderboard-cannot-load = The leaderboard cannot be loaded: { $error }.

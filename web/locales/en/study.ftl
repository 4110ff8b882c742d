# The study pages: Learn (the lessons' own words are in lessons.ftl), puzzles,
# the analysis board, the position editor, a game's replay and review.

## Learn
learn-title = Learn the rules
learn-family-title = Learn { $family }
learn-rule-sets = Rule sets
learn-loading = Loading the lessons…
learn-load-error = the lessons cannot be loaded ({ $status })
learn-no-lessons = There are no lessons for { $family }: choose a rule set above.
learn-play = Play { $move }
learn-back = Back
learn-your-turn = Your turn
learn-who-plays = ({ $side } plays.)
learn-try-again = Try again
learn-right = ✔ Right: { $explain }
learn-wrong = ✖ { $move } does not do it. Look again at the position.

## Puzzles
puzzles-title = Puzzles
puzzles-puzzle = Puzzle { $id }
puzzles-none = no puzzles for { $family }
puzzles-load-error = The puzzles cannot be loaded: { $error }.
puzzles-next = Next puzzle
puzzles-analyse = Analyse it
puzzles-rule-set = Rule set
puzzles-your-rating = Your puzzle rating
puzzles-about = Each puzzle has one answer: a move that wins clearly more seeds than any other, proven to the end of the game.
puzzles-no-rating = { $family }: 1500? (no puzzle tried yet)
puzzles-task = { $side } to move: find the move that wins at least { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
} more than any other.
puzzles-rated = { $rules }; rated { $rating }.
puzzles-failed = ✖ Not the best move: { $move } was.
puzzles-solved = ✔ Solved: { $moves }.
puzzles-right = ✔ Right. The opponent replies…
puzzles-reply = The opponent played { $move }. Your move again.
puzzles-themes = Themes: { $themes }.
puzzles-rating-error = The rating was not updated: { $error }.
puzzles-kept-account = Kept with your account: only your first attempt at a puzzle counts.
puzzles-kept-browser = Kept in this browser: sign in to keep it with your account.
puzzles-tried-before = (tried before: not rated again)
puzzles-judged-otherwise = the server judged the attempt otherwise
puzzles-theme-capture-chain = capture chain
puzzles-theme-grand-slam = grand slam
puzzles-theme-feeding = feeding
puzzles-theme-cycle = the cycle rule
puzzles-theme-endgame = endgame
puzzles-theme-extra-move = extra move

## The analysis board
analysis-title = Analysis board
analysis-error = This position cannot be analysed: { $error }.
analysis-refused-here = { $move } cannot be played here.
analysis-step = Step through the moves
analysis-first = First position
analysis-previous = Previous move
analysis-next = Next move
analysis-last = Last position of this line
analysis-flip = Turn the board
analysis-promote = Promote this line
analysis-delete = Delete from this move
analysis-set-up = Set up a position
analysis-this-line = This line
analysis-moves = Moves
analysis-moves-label = Moves and variations
analysis-no-moves = Play a move on the board.
analysis-ply = Ply { $ply }: { $move }
analysis-ply-side = Ply { $ply }: { $move } (side line)
analysis-over = The game is over: { $reason }, { $score }.
analysis-start = Start: { $side } to move.
analysis-after = After ply { $ply }: { $side } played { $move }. { $next } to move.
analysis-after-capture = After ply { $ply }: { $side } played { $move }, capturing { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}. { $next } to move.
analysis-engine-heading = Engine
analysis-engine = Engine
analysis-engine-lines = The engine's best lines
analysis-engine-over = The game is over in this position.
analysis-engine-off = The engine is off.
analysis-engine-thinking = The engine is thinking…
analysis-engine-solved = solved
analysis-engine-stopped = stopped
analysis-engine-error = No engine: { $error }.
analysis-depth = Depth { $depth }
analysis-play = Play { $move }
analysis-tables = Endgame tables
analysis-tables-label = Each move's value in the endgame tables
analysis-no-table = Far from the end: no table holds this position.
analysis-table-value = { $side } { $value }
analysis-wins-by = wins by { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}
analysis-loses-by = loses by { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}
analysis-draws = draws
analysis-exact = { $what } (exact)
analysis-estimate = { $what } (estimate: the tables' cycle convention)
analysis-ogn = OGN with variations
analysis-ogn-help = Export writes the whole tree; Import reads a record, side lines in parentheses.
analysis-ogn-record = Record
analysis-ogn-export = Export
analysis-ogn-import = Import
analysis-ogn-download = Download OGN
analysis-ogn-open = Open an OGN file
analysis-ogn-error = The record cannot be read: { $error }.
analysis-ogn-fen = FEN "{ $fen }" does not have { $fields } fields
analysis-ogn-variant = unknown Variant "{ $variant }"
analysis-ogn-comment-open = a comment is not closed: its closing brace is missing
analysis-ogn-variation-first = a variation ( comes before any move
analysis-ogn-close = a ) closes no variation
analysis-ogn-variation-open = a variation ( is not closed
analysis-ogn-ply = ply { $ply } ({ $move }): { $error }
analysis-ogn-not-a-move = "{ $text }" is not a move

## The position editor
editor-title = Position editor
editor-rules = Rules
editor-start-position = Start position
editor-empty-board = Empty board
editor-to-move = To move
editor-south-row = South's row
editor-north-row = North's row
editor-south-captured = South's captured
editor-north-captured = North's captured
editor-south-store = South's store
editor-north-store = North's store
editor-use-it = Use it
editor-analyse = Analyse
editor-level = Level { $level }
editor-i-play-south = I play South
editor-i-play-north = I play North
editor-play-computer = Play the computer
editor-play-friend = Play a friend (invite link)
editor-play-error = The game was not created: { $error }.
editor-bad-rules = Not a position: rules: { $error }.
editor-not-a-position = Not a position: { $error }.
editor-not-whole = { $pit } holds "{ $value }", not a whole number of seeds
editor-too-many = too many seeds: { $total }, and a position holds at most { $max } in all
editor-over = Not playable: the game is over in this position ({ $reason }).
editor-legal = A legal position: { $side } to move, { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
} in all; legal moves { $moves }.

## A game's replay
replay-title = Replay
replay-step = Step through the game
replay-last = Last position
replay-moves-label = Moves: choose one to go to the position after it
replay-eval-bar = Evaluation bar
replay-eval-bar-value = Evaluation bar: { $score }
replay-eval-error = No evaluation: { $error }.
replay-analyse = Analyse this position
replay-review = Review
replay-archive = Back to the archive
replay-start = Start position ({ $total ->
    [one] { $total } move
   *[other] { $total } moves
} in all).
replay-after = After move { $index } of { $total }: { $side } played { $move }.
replay-after-capture = After move { $index } of { $total }: { $side } played { $move }, capturing { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}.
replay-best-move = Best move:
replay-best-line = Best line:
replay-depth = (depth { $depth })
replay-no-game = There is no such game.
replay-load-error = The game cannot be loaded: { $error }.
replay-record-stops = The record stops at move { $index } ({ $move }): { $error }.
replay-move = Move { $index }, { $side } { $move }
replay-move-capture = Move { $index }, { $side } { $move }, captures { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}

## A game's review
review-ask = Review this game
review-progress = The server is reviewing the game: { $done } of { $plies } moves…
review-done = Reviewed at depth { $depth }.
review-read-error = The review cannot be read: { $error }.
review-error = No review: { $error }.
review-level = level
review-ahead = { $side } ahead by { NUMBER($seeds, minimumFractionDigits: 1, maximumFractionDigits: 1) ->
    [one] { NUMBER($seeds, minimumFractionDigits: 1, maximumFractionDigits: 1) } seed
   *[other] { NUMBER($seeds, minimumFractionDigits: 1, maximumFractionDigits: 1) } seeds
}
review-proven = { $value } (proven)
review-graph = Evaluation over the game, South's view: from { $from } to { $to }
review-point-start = Start
review-point-after = After move { $ply }
review-point = { $where }: { $value }
review-point-next = { $where }: { $value }; best next { $best }
review-accuracy = accuracy { NUMBER($accuracy, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }; { $marks }
review-no-accuracy = accuracy —; { $marks }
review-blunder = blunder
review-mistake = mistake
review-inaccuracy = inaccuracy
review-blunders = { $count ->
    [one] { $count } blunder
   *[other] { $count } blunders
}
review-mistakes = { $count ->
    [one] { $count } mistake
   *[other] { $count } mistakes
}
review-inaccuracies = { $count ->
    [one] { $count } inaccuracy
   *[other] { $count } inaccuracies
}
review-marked = Marked moves
review-mark-line = { $mark } by { $side }: { NUMBER($seeds, minimumFractionDigits: 1, maximumFractionDigits: 1) ->
    [one] { NUMBER($seeds, minimumFractionDigits: 1, maximumFractionDigits: 1) } seed
   *[other] { NUMBER($seeds, minimumFractionDigits: 1, maximumFractionDigits: 1) } seeds
} lost; best { $best }
review-better = Show the better move
review-no-marks = No move lost a seed or more.

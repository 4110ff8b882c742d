# The rules' refusals, for the server and `wari play` alike (crate wari-i18n,
# refusal.rs): each key is a code of the rules crate, `err-` before it; the
# API sends the code beside the message. Sides come as south or north to
# choose on.

## Moves

err-play-game-over = the game is over
err-play-no-such-pit = there is no pit { $pit }: this board has { $pits } pits per row
err-play-not-your-pit = pit { $pit } is { $owner ->
    [south] South's
   *[north] North's
} and it is { $turn ->
    [south] South's
   *[north] North's
} turn
err-play-empty-pit = pit { $pit } is empty
err-play-must-feed = { $pit } does not reach { $owner ->
    [south] South's
   *[north] North's
} empty row: { $turn ->
    [south] South
   *[north] North
} must feed it
err-play-grand-slam-forbidden = { $pit } would capture every seed of the opponent's row: a grand slam is forbidden under wari while another move exists
err-move-not-a-move = { $text } is not a move: a move is one letter, A-F for South or a-f for North

## Positions (SOUTH/NORTH TURN CAPS)

err-position-shape = a position is SOUTH/NORTH TURN CAPS, like 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0
err-position-not-a-number = pit count { $token } is not a whole number
err-position-too-many-pits = a row has at most 6 pits
err-position-row-lengths = South's row has { $south } pits but North's has { $north }
err-position-pits-mismatch = the position has { $position } pits per row but the rules have { $rules } (add pits={ $position } to the rules)
err-position-turn = turn { $token } is not S or N
err-position-counts = captured counts { $token } are not SOUTH-NORTH whole numbers, like 0-0
err-position-too-many-seeds = too many seeds: a position holds at most { $max } in all

## Rule sets (NAME,OPTION=VALUE...)

err-rules-unknown-variant = unknown rule set { $name }: expected abapa, wari, warri or kalah
err-rules-unknown-option = unknown rules option { $option }: expected pits, seeds, cycle, playout or empty-capture
err-rules-repeated = rules option { $option } given twice
err-rules-missing-value = rules option { $quoted } needs a value, like { $option }=...
err-rules-bad-value = bad value { $value } for rules option { $option }: expected { $allowed }
err-rules-not-for-variant = rules option { $option } does not apply to { $variant }
rules-allowed-pits = 1 to 6
rules-allowed-seeds = 1 to 12
rules-allowed-cycle = 2, 3 or even
rules-allowed-empty-capture = on or off
rules-allowed-none = no value

## Time controls (MINUTES+SECONDS)

err-time-control-syntax = { $text } is not a time control: write MINUTES+SECONDS, like 5+3 (5 minutes each, 3 seconds added a move)
err-time-control-no-time = a time control gives each player some time: the minutes cannot be 0
err-time-control-too-long = a time control is at most a week

## Game records

err-record-not-a-move = ply { $ply }: { $e }
err-record-illegal = ply { $ply } ({ $pit }): { $e }
err-ogn = { $detail }

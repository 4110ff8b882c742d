# What `wari play` prints, in the line mode (--plain) and full-screen.
# Sides come as $side, $turn, $owner, $other, $offerer = south | north;
# a winner as $winner = south | north | draw; an end as $reason = the
# RULES.md code (majority, no-moves, grand-slam, repetition, agreement,
# empty-side, resignation, time). The machine line `result S majority
# 25-19` is the same in every language and is not here.

## The players and the board

cli-side = { $side ->
    [south] South
   *[north] North
}
cli-player-you = you
cli-player-human = human
cli-player-computer = computer (level { $level })
cli-board-captured = captured
cli-board-store = store

## Line mode (--plain)

cli-header = wari play: { $rules }; South: { $south }; North: { $north }
cli-to-move = { $side ->
    [south] South
   *[north] North
} to move
cli-legal = legal: { $moves }
# Before each line a person types, followed by a space.
cli-prompt = { $side ->
    [south] South
   *[north] North
}>
cli-computer-plays = computer plays { $move }
cli-last-move = last move: { $move } by { $side ->
    [south] South
   *[north] North
}
cli-clocks = clock: South { $south }, North { $north }
cli-time-up = { $side ->
    [south] South's
   *[north] North's
} time is up
cli-winner = { $winner ->
    [south] South wins
    [north] North wins
   *[draw] a draw
}
cli-reason = { $reason ->
    [majority] majority
    [no-moves] no-moves
    [grand-slam] grand-slam
    [repetition] repetition
    [agreement] agreement
    [empty-side] empty-side
    [resignation] resignation
   *[time] time
}
# $winner and $reason here are the texts of cli-winner and cli-reason.
cli-game-over = game over: { $winner } by { $reason }, { $score }
cli-error = error: { $message }
cli-took-back = took back { $moves }
cli-end-taken-back = the end is taken back: play on
cli-played-again = played again { $moves }
cli-hint = hint: { $move } (score { $score })
cli-saved = saved to { $path }
cli-cannot-write = cannot write { $path }: { $error }
cli-cannot-read = cannot read { $path }: { $error }
cli-not-a-command = { $input } is not a move or a command: help lists them
cli-offer-ask = { $other ->
    [south] South
   *[north] North
}: { $offerer ->
    [south] South
   *[north] North
} offers to end the game by the cycle rule; accept? (yes/no)
# The answers that accept an offer, separated by spaces.
cli-yes-answers = y yes
cli-offer-accepts = { $other ->
    [south] South
   *[north] North
} accepts
cli-offer-declines = { $other ->
    [south] South
   *[north] North
} declines
cli-computer-accepts = computer accepts
cli-computer-declines = computer declines: ending now gives it { $margin }, playing on it expects { $score }

## The commands of the line mode, as typed (the English ones always work too)

cli-command-undo = undo
cli-command-redo = redo
cli-command-hint = hint
cli-command-cycle = cycle
cli-command-resign = resign
cli-command-save = save
cli-command-board = board
cli-command-help = help
cli-command-quit = quit

## What `help` prints beside each command

cli-help-pits = play that pit (A-F are South's, a-f North's)
cli-help-undo = take back the last move (against the computer, its reply too)
cli-help-redo = play again a move taken back
cli-help-hint = the engine's best move and score
cli-help-cycle = offer to end the game by the cycle rule
cli-help-resign = give up the game
cli-help-file = [FILE]
cli-help-save = save the game as OGN (default { $name }, UTC)
cli-help-board = show the board again
cli-help-quit = leave without finishing (no result line)

## What a move took, after "last move: C by South, "

cli-takings-store = { $count } into the store
cli-takings-captured = captured { $count } ({ $pits })
cli-takings-grand-slam = a grand slam: captures nothing

## The engine's scores: seeds ahead, or a proven margin

cli-score-seeds = { $sign }{ NUMBER($seeds, minimumFractionDigits: 2, maximumFractionDigits: 2) }
cli-score-exact = { $margin } (exact, { $plies ->
    [one] { $plies } ply
   *[other] { $plies } plies
})

## Why a move, an undo, a redo or an offer cannot be made

cli-game-is-over = the game is over
cli-lost-on-time = the game was lost on time: there is no taking back
cli-nothing-to-undo = there is no move to take back
cli-nothing-to-redo = there is no move to redo
cli-kalah-no-cycle = Kalah has no cycle rule to end the game by

## A position given with --from that cannot be read

cli-bad-position = bad position { $text }: { $why }
cli-bad-rules = bad rules { $text }: { $why }
cli-io-not-found = no such file or folder
cli-io-permission-denied = permission denied
cli-io-is-a-directory = it is a folder, not a file
cli-io-not-a-directory = a part of the path is not a folder
cli-io-storage-full = the disk is full
cli-io-read-only = the disk is read-only
cli-io-not-text = the file is not text (UTF-8)

## Full screen

cli-tui-too-small = wari play needs a larger terminal: 80×24 is best
cli-tui-sows = { $side ->
    [south] South
   *[north] North
} sows…
cli-tui-game-over = Game over
cli-tui-paused = Paused: p goes on
cli-tui-computer-thinking = { $side ->
    [south] South
   *[north] North
} (computer) is thinking…
cli-tui-your-turn = Your turn: { $side ->
    [south] South
   *[north] North
} to move
cli-tui-last-move = Last move:
cli-tui-by = by { $side ->
    [south] South
   *[north] North
}
cli-tui-hint = Hint:
cli-tui-moves = Moves:
cli-tui-yes = yes
cli-tui-no = no
# The key that answers yes (y always does too).
cli-tui-yes-key = y
cli-tui-resign-ask = Resign as { $side ->
    [south] South
   *[north] North
}?
cli-tui-quit-ask = Quit this game?
cli-tui-offer-ask = { $side ->
    [south] South
   *[north] North
}: offer to end the game by the cycle rule?
cli-tui-accept-ask = { $other ->
    [south] South
   *[north] North
}: { $offerer ->
    [south] South
   *[north] North
} offers to end the game by the cycle rule. Accept?
cli-tui-save-as = Save as:
cli-tui-save-keys = Enter saves, Esc cancels, Ctrl-U clears
cli-tui-result = { $winner ->
    [south] South wins
    [north] North wins
   *[draw] A draw
}
# $reason here is the text of cli-reason.
cli-tui-by-reason = by { $reason }
cli-tui-score = South { $south } · North { $north }
cli-tui-keys-title = Keys (any key closes)

## The keys line and the keys' help

cli-key-any = any key
cli-key-new-game = new game
cli-key-save = save
cli-key-undo = undo
cli-key-redo = redo
cli-key-turn-board = turn board
cli-key-quit = quit
cli-key-help = help
cli-key-skips = skips the sowing
cli-key-pause = pause
cli-key-resign = resign
cli-key-play = play
cli-key-hint = hint
cli-key-cycle = cycle
cli-tui-help-pits = play that pit of the side to move (either case)
cli-tui-help-arrows = choose a pit and play it (or click it)
cli-tui-help-undo = undo, redo (against the computer: its reply too)
cli-tui-help-hint = hint: the engine's best move and score
cli-tui-help-cycle = offer to end the game by the cycle rule (asks first)
cli-tui-help-resign = resign
cli-tui-help-turn = turn the board round
cli-tui-help-save = save as OGN: type a name or keep it, Ctrl-U clears
cli-tui-help-pause = pause (computer against computer)
cli-tui-help-new = new game, once the game is over
cli-tui-help-quit = quit
cli-tui-help-any-key = skips the sowing animation
cli-tui-help-ctrl-c = quit at once

## What the full screen says after a key

cli-tui-computer-accepts = the computer accepts: the game ends by the cycle rule
cli-tui-computer-declines = the computer declines: ending now gives it { $margin }, playing on it expects { $score }
cli-tui-over-new-game = the game is over: n starts a new one
cli-tui-computers-turn = it is the computer's turn: wait for its move
cli-tui-paused-status = paused: p goes on
cli-tui-plays-on = the computer plays on
cli-tui-no-such-key = { $key } does nothing here: ? lists the keys
cli-tui-accepted = accepted: the game ends by the cycle rule
cli-tui-declines-offer = { $side ->
    [south] South
   *[north] North
} declines the offer
cli-tui-not-saved = not saved
cli-tui-no-file-name = not saved: no file name
cli-tui-hint-for-person = a hint is for a person to move
cli-tui-looking-for-hint = looking for a hint…
cli-tui-offer-on-your-turn = offer on your turn
cli-tui-computer-considers = the computer considers ending by the cycle rule…
cli-tui-nobody-to-resign = the computer plays both sides: nobody to resign for
cli-tui-new-game = a new game

## wari play's command line: its help (--help, read when the language is
## not English; the English help is the code's own) and its usage errors

cli-help-usage = Usage
cli-help-usage-line = wari play [OPTIONS]
cli-help-options = Options
cli-help-about = Play a game against the computer, between two people at one keyboard, or watch the computer play itself; any rules, any position, a clock.
cli-help-long-about = Play a game against the computer, between two people at one keyboard, or watch the computer play itself; any rules, any position, a clock.

    Full-screen keys: A-F or a-f play that pit of the side to move (either case), as do the arrows and Enter, or a click on a pit; u undo (against the computer its reply too), r redo, h hint, o offer to end the game by the cycle rule, R resign, t turn the board round, s save as OGN, p pause (computer against computer), n new game once it is over, q or Esc quit, ? help; an offer, resigning and quitting ask first. Any key skips the sowing animation, which never costs clock time.

    --plain (also used when stdin or stdout is not a terminal) reads one move (a pit's letter) or command a line: undo, redo, hint, cycle, resign, save or save FILE, board, help, quit. It prints the board after every move, the legal moves before each person's turn, the computer's moves, an error for input it cannot play (and asks again), and ends a finished game with the line "result S|N|draw REASON SOUTH-NORTH" (REASON as in RULES.md: majority, no-moves, grand-slam, repetition, agreement, empty-side, resignation, time). Quitting, or the end of the input, leaves the game unfinished: no result line, exit status 0.

    It speaks the language of --lang, else of the terminal (LC_ALL, LC_MESSAGES, LANG), else English. The "result" line is the same in every language.
cli-help-rules = The rules: NAME[,OPTION...] with NAME abapa, wari, warri or kalah and options pits=M, seeds=N, cycle=2|3|even, playout, empty-capture=on|off [default: abapa, or abapa,pits=M when a position has M pits per row]
cli-help-from = Start from this position, SOUTH/NORTH TURN CAPS, instead of the start of the rules (quote it: --from "0,0,0,1,2,0/3,0,0,0,0,1 N 20-21")
cli-help-mode = Who plays: human-vs-computer (you against the computer), two-players (two people at one keyboard) or computer-vs-computer (to watch) [default: human-vs-computer, or as the game loaded was played]
cli-help-level = The computer's level, 1 (weakest) to 10 (full strength) [default: 5, or the loaded game's]
cli-help-side = Your side against the computer: S (South, who moves first), N, or random [default: S, or your side in the loaded game]
cli-help-tc = A clock: MINUTES for each player, plus SECONDS added after each move, like 5+3; a fallen flag ends the game (reason time) [default: none, or the loaded game's, with full time again]
cli-help-movetime = The computer's time per move without a clock, in milliseconds [default: 1000]
cli-help-speed = Speed of the sowing animation, 0 (none) to 10 (fastest) [default: 5]
cli-help-load = Continue a game saved as OGN (u and r step through its moves), with its rules, players, level and clock unless given here
cli-help-rewind = With --load: start at the record's first position with its moves ready for r (redo), to replay it
cli-help-plain = Play as lines of text on stdin and stdout
cli-help-seed = Seed the computer's random choices (its errors at levels 1 to 8, its pick among the opening book's moves at 9 and 10), so that the same moves get the same answers [default: a fresh seed each game]
cli-help-lang = The language to play in: en or es [default: the terminal's, from LC_ALL, LC_MESSAGES or LANG, else en]
cli-help-help = Print this help
cli-value-rules = RULES
cli-value-position = POSITION
cli-value-mode = MODE
cli-value-level = LEVEL
cli-value-side = SIDE
cli-value-tc = MINUTES+SECONDS
cli-value-ms = MS
cli-value-speed = SPEED
cli-value-file = FILE
cli-value-n = N
cli-value-lang = LANG
cli-usage-see-help = { $message }; see wari play --help
cli-usage-bad-value = { $option } { $value }: { $why }
cli-usage-needs-value = { $option } needs a value
cli-usage-expected = expected { $values }
cli-usage-not-whole = { $text } is not a whole number
cli-usage-at-least = must be at least { $min }
cli-usage-between = must be from { $min } to { $max }
cli-usage-not-a-side = { $text } is not a side: S, N or random
cli-usage-not-a-level = { $text } is not a level: levels go from 1 to 10
cli-usage-unexpected = unexpected argument { $argument }
cli-usage-conflict = { $option } cannot be used with { $other }
cli-usage-missing = missing { $options }

# The lessons of the Learn pages (web/learn/lessons.json names these keys).

lesson-family-abapa = Oware as tournaments play it (the international rules): a grand slam is allowed but captures nothing; a repeated position ends the game.
lesson-family-wari = Oware where a grand slam is forbidden while another move exists; played as the only move, it takes the whole row and ends the game.
lesson-family-warri = The Caribbean Oware: a grand slam takes the whole row, and the same player moves again.
lesson-family-kalah = Sowing through your own store: a last seed there gives you another move, a last seed in an empty pit of yours captures.

## sowing
lesson-sowing-title = Sowing, and the pit skipped on a lap
lesson-sowing-text-1 = South plays the pits A to F (left to right), North the pits a to f. A move takes every seed of one of your pits and drops them one by one in the pits that follow, counterclockwise: along your row to the right, then along the other row, and back to yours.
lesson-sowing-text-2 = With 12 seeds or more the sowing goes all the way round. The pit the seeds came from is skipped: it always ends the move empty. So 11 seeds end in the pit just before it, and 12 in the pit just after it.
lesson-sowing-example-1 = From the start, C's 4 seeds fall in D, E, F and North's a.
lesson-sowing-example-2 = C's 12 seeds go round: D, E, F, a to f, A, B, then C is skipped and the last seed falls in D.
lesson-sowing-prompt = South to move: play the move whose last seed falls in your own pit D.
lesson-sowing-explain = C's 12 seeds go round the board, skip C, and the 12th falls in D.

## capture
lesson-capture-title = A capture and a chain
lesson-capture-text-1 = When the last seed falls in one of the opponent's pits and leaves 2 or 3 seeds there, you capture them. Then look at the pit before it: if it is also the opponent's and holds 2 or 3, you capture it too, and so on back.
lesson-capture-text-2 = The chain stops at the first pit with another count, or at your own row. Whoever captures more than half of the seeds (25 of 48) wins.
lesson-capture-example-1 = F's 2 seeds leave a with 2 and b with 3: b is captured, then a; c holds 4, so the chain stops. South takes 5.
lesson-capture-prompt = South to move: capture as many seeds as you can.
lesson-capture-explain = F's 5 seeds end in e, which then holds 3: e, d, c, b and a all hold 2 or 3, a chain of 12 seeds (f keeps its seed). D would take only a's 2.

## feeding
lesson-feeding-title = Feeding
lesson-feeding-text-1 = If the opponent's row is empty at your turn, you must play a move that puts at least one seed into it. Moves that do not are not allowed.
lesson-feeding-text-2 = If no move can feed the opponent, the game ends and you take the seeds left on your own row.
lesson-feeding-prompt = South to move, and North has no seeds: play a move that is allowed.
lesson-feeding-explain = Only F reaches North's row (its seed falls in a); A and B stay on South's side.

## grand-slam-abapa
lesson-grand-slam-abapa-title = The grand slam: allowed, but it captures nothing
lesson-grand-slam-abapa-text-1 = A grand slam is a move whose capture would take every seed on the opponent's row. Under abapa, the tournament rules, you may play it, but it captures nothing: the seeds you sowed stay where they fell.
lesson-grand-slam-abapa-example-1 = F leaves a and b with 2 each, North's only seeds: a grand slam, so nothing is captured.
lesson-grand-slam-abapa-prompt = South to move: capture as many seeds as you can.
lesson-grand-slam-abapa-explain = E's last seed makes a hold 2 and takes it, and b keeps its seed. F would take both pits, every seed North has: a grand slam, which captures nothing.

## grand-slam-wari
lesson-grand-slam-wari-title = The grand slam: forbidden while another move exists
lesson-grand-slam-wari-text-1 = A grand slam is a move whose capture would take every seed on the opponent's row. Under wari you may not play it if you have another move (after the feeding rule). If it is your only move, it takes the whole row and the game ends at once: you also take the seeds left on your own row.
lesson-grand-slam-wari-prompt = South to move: play a move that is allowed.
lesson-grand-slam-wari-explain = F would leave a and b with 2 each and take them both, all of North's seeds: a grand slam, forbidden while E can be played.

## grand-slam-warri
lesson-grand-slam-warri-title = The grand slam: take the row and move again
lesson-grand-slam-warri-text-1 = A grand slam is a move whose capture would take every seed on the opponent's row. Under warri it takes them, and the same player moves again, and must feed the opponent. If no move can, the game ends and the player takes the seeds left on their own row.
lesson-grand-slam-warri-prompt = South to move: capture as many seeds as you can.
lesson-grand-slam-warri-explain = F leaves a and b with 2 each and takes all 4: a grand slam, and South moves again (E feeds North).

## cycle
lesson-cycle-title = The cycle rule and the table's options
lesson-cycle-text-1 = Seeds can go round and round without a capture. When a position (the board and the player to move) comes back a second time, the game ends, and each player takes the seeds on their own row.
lesson-cycle-text-2 = When you make a table you may choose: the cycle at the 3rd occurrence instead of the 2nd (cycle=3); or the seeds left shared equally at the 2nd (cycle=even, the convention of the 2002 solution of Awari). At any time either player may also offer to end the game as the cycle rule would, and the other may accept: an end by agreement.
lesson-cycle-text-3 = The option playout keeps playing after a player has more than half of the seeds, to the natural end; the one with more seeds wins.
lesson-cycle-example-1 = Under cycle=3 the same moves do not end the game yet: the start comes back for the 2nd time only.
lesson-cycle-example-2 = Under playout, South's 25th seed does not end the game: F takes 2 and play goes on.
lesson-cycle-prompt = From the first position, South and North played A c B e D d C f F a E. North to move: end the game by the cycle rule.
lesson-cycle-explain = b brings back the first position, South to move: its 2nd occurrence. Each player takes their own row: 23-25.

## kalah-sowing
lesson-kalah-sowing-title = Sowing through your store, and the extra move
lesson-kalah-sowing-text-1 = South plays the pits A to F, North a to f. Each player has a store at the right end of their row: South's follows F, North's follows f. A move sows the seeds of one of your pits counterclockwise, through your own store but not the opponent's. The pit emptied is not skipped on a lap.
lesson-kalah-sowing-text-2 = If your last seed falls in your store, you move again.
lesson-kalah-sowing-example-1 = From the start, C's 4 seeds fall in D, E, F and South's store: South moves again.
lesson-kalah-sowing-prompt = South to move at the start: play the move that gives you another move.
lesson-kalah-sowing-explain = C is 4 pits from the store and holds 4 seeds: the last one falls in it.

## kalah-capture
lesson-kalah-capture-title = Captures
lesson-kalah-capture-text-1 = If your last seed falls in an empty pit on your own row, that seed and all the seeds in the opposite pit go to your store.
lesson-kalah-capture-text-2 = Table option empty-capture decides what happens when the opposite pit is empty: on (the default), your last seed still goes to your store; off, it stays where it fell.
lesson-kalah-capture-prompt = South to move: capture as many seeds as you can.
lesson-kalah-capture-explain = A's seed falls in the empty B, which faces e: that seed and e's 5 go to South's store.

## kalah-end
lesson-kalah-end-title = The end of the game
lesson-kalah-end-text-1 = As soon as either row is empty after a move, the game ends: each player adds the seeds left on their own row to their store. More seeds wins. (Kalah has no grand slam and no cycle rule: every move brings seeds nearer the stores.)
lesson-kalah-end-example-1 = F's seed falls in South's store and leaves South's row empty: North adds its 6 seeds, 24-24.
lesson-kalah-end-prompt = South to move: end the game now.
lesson-kalah-end-explain = A's seed falls in the empty B and captures e's 4: North's row is empty, the game ends, and South adds C's 2: 27-21.

//! The pairing-allocated bye (A.5, C.2): at most one a player, and none
//! after a forfeit win. Which player
//! gets it is left to the brackets: paired from the top down, each pairing
//! as many as it can, the player left over at the bottom takes it — in
//! practice the lowest-ranked of the lowest score group that can, unless
//! that would cost a higher bracket a pair.

use crate::completion::completes;
use crate::history::Player;

/// Whether a player may get the bye (C.2: not one who has had one, or who
/// won a game by forfeit).
pub(crate) fn eligible(player: &Player) -> bool {
    !player.bye_barred
}

/// Whether the round can be paired at all: C.1–C.3 with at most one player
/// left out, and that one eligible for the bye.
///
/// `allowed(i, j)` says whether two of `players` may meet.
pub(crate) fn pairable(players: &[Player], allowed: &dyn Fn(usize, usize) -> bool) -> bool {
    let everyone: Vec<usize> = (0..players.len()).collect();
    completes(&everyone, allowed, &|i| eligible(&players[i]))
}

//! A paired game's first moves: in a game the server paired (a quick
//! pool's, an arena's) each player has a time for their own first move,
//! and a player who has not made it by then has not come: the game is
//! aborted (no result, not rated; an arena pauses the player), as
//! lichess aborts a game whose first move does not come. The time runs
//! from the start of the player's first turn, is stored with the game
//! (so every process sharing the database knows it) and takes its part
//! in the game's deadline (`clock_deadline`), which the flag-fall timer
//! and sweep act on.

use wari_rules::Side;

use crate::clock::Clock;
use crate::referee::{GameState, Status};

/// The most a player has for their first move: 30 s, as lichess gives.
pub const MOST_MS: i64 = 30_000;
/// The least: 10 s.
pub const LEAST_MS: i64 = 10_000;

/// The time a player of a paired game has for their first move with
/// `clock`: a quarter of the initial time, between 10 and 30 s, and
/// never more than the initial time itself; none for a correspondence
/// clock (days a move: the clock itself is the limit).
///
/// ```ignore
/// // 3+2: 30 s; 1+0: 15 s; 1/4+0 (15 s): 10 s; a 5 s clock: 5 s.
/// assert_eq!(allowed_ms(&Clock::new(180_000, 2_000)), Some(30_000));
/// assert_eq!(allowed_ms(&Clock::new(60_000, 0)), Some(15_000));
/// ```
#[must_use]
pub fn allowed_ms(clock: &Clock) -> Option<i64> {
    (!clock.per_move).then(|| {
        (clock.initial_ms / 4)
            .clamp(LEAST_MS, MOST_MS)
            .min(clock.initial_ms)
    })
}

impl GameState {
    /// The side to move, if it has yet to make its first move in a game
    /// with a time for it, and when that time runs out: its first turn
    /// began at the start (the first mover) or at the last move (the
    /// other, whose first turn follows the opponent's moves).
    #[must_use]
    pub fn first_move_deadline(&self) -> Option<(Side, i64)> {
        let allowed = self.first_move_ms?;
        if self.status != Status::Playing {
            return None;
        }
        let side = self.to_move();
        if self.game.moves().iter().any(|m| m.side() == side) {
            return None;
        }
        let since = match self.times.last() {
            Some(last) => last.at_ms,
            None => self.started_at?,
        };
        Some((side, since.saturating_add(allowed)))
    }

    /// The side that has not come at `now`: its time for its first move
    /// has run out.
    #[must_use]
    pub fn no_show(&self, now: i64) -> Option<Side> {
        self.first_move_deadline()
            .filter(|&(_, at)| now >= at)
            .map(|(side, _)| side)
    }

    /// When time next decides the game being played: the running clock's
    /// flag or a first move's deadline, whichever comes first.
    #[must_use]
    pub fn deadline(&self) -> Option<i64> {
        if self.status != Status::Playing {
            return None;
        }
        let flag = self.clock.and_then(|c| c.deadline());
        let first = self.first_move_deadline().map(|(_, at)| at);
        match (flag, first) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Whether time has decided the game at `now`: a flag fell or a
    /// player has not come ([`crate::referee::Action::Flag`] ends it).
    #[must_use]
    pub fn time_is_up(&self, now: i64) -> bool {
        self.no_show(now).is_some() || self.flag_due(now).is_some()
    }
}

#[cfg(test)]
mod tests {
    use wari_rules::{Game, Rules, Variant};

    use super::*;
    use crate::referee::{Action, Seat, SeatKind};

    #[test]
    fn the_time_for_a_first_move_follows_the_clock() {
        assert_eq!(allowed_ms(&Clock::new(180_000, 2_000)), Some(30_000));
        assert_eq!(allowed_ms(&Clock::new(60_000, 0)), Some(15_000));
        assert_eq!(allowed_ms(&Clock::new(15_000, 0)), Some(10_000));
        assert_eq!(allowed_ms(&Clock::new(5_000, 0)), Some(5_000));
        assert_eq!(allowed_ms(&Clock::days(1)), None);
    }

    fn paired(rules: Rules) -> GameState {
        let seat = |name: &str| Seat {
            name: name.to_owned(),
            kind: SeatKind::Human(Some(name.to_owned())),
            account: None,
            rating: None,
            bot: false,
        };
        let mut state = GameState::new(
            "g".to_owned(),
            Game::new(rules),
            Some(Clock::new(180_000, 2_000)),
            1_000,
        );
        state.seats = [Some(seat("ama")), Some(seat("kofi"))];
        state.first_move_ms = Some(30_000);
        state.start_full(Side::South, 1_000);
        state
    }

    #[test]
    fn each_side_has_its_time_from_the_start_of_its_first_turn() {
        let mut state = paired(Rules::new(Variant::Abapa));
        assert_eq!(state.first_move_deadline(), Some((Side::South, 31_000)));
        // The first move's deadline comes before the clock's 180 s.
        assert_eq!(state.deadline(), Some(31_000));
        assert_eq!(state.no_show(30_999), None);
        assert!(!state.time_is_up(30_999));
        // South moves 20 s in: North's time runs from then.
        let mv = state.game.legal_moves()[0];
        state
            .apply(
                Action::Move {
                    side: Side::South,
                    mv,
                    ply: Some(0),
                },
                21_000,
            )
            .unwrap();
        assert_eq!(state.first_move_deadline(), Some((Side::North, 51_000)));
        assert_eq!(state.no_show(51_000), Some(Side::North));
        // North's no-show: the game is aborted, not lost on time.
        state.apply(Action::Flag, 51_000).unwrap();
        assert_eq!(state.status, Status::Finished);
        assert!(state.aborted);
        assert_eq!(state.game.outcome(), None);
        assert_eq!(state.deadline(), None);
    }

    #[test]
    fn once_both_have_moved_only_the_clock_counts() {
        let mut state = paired(Rules::new(Variant::Abapa));
        for (side, at) in [(Side::South, 2_000), (Side::North, 3_000)] {
            let mv = state.game.legal_moves()[0];
            state
                .apply(
                    Action::Move {
                        side,
                        mv,
                        ply: None,
                    },
                    at,
                )
                .unwrap();
        }
        assert_eq!(state.first_move_deadline(), None);
        // South's clock: 180 s less 1 s, plus the 2 s increment, from 3 s.
        assert_eq!(state.deadline(), Some(3_000 + 181_000));
    }

    #[test]
    fn a_game_the_server_did_not_pair_has_no_time_for_a_first_move() {
        let mut state = paired(Rules::new(Variant::Kalah));
        state.first_move_ms = None;
        assert_eq!(state.first_move_deadline(), None);
        assert_eq!(state.deadline(), Some(181_000));
        assert!(state.time_is_up(181_000));
        state.apply(Action::Flag, 181_000).unwrap();
        assert!(!state.aborted);
        assert_eq!(
            state.game.outcome().map(|o| o.winner()),
            Some(Some(Side::North))
        );
    }
}

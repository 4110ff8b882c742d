//! The referee: a live game's whole state (rules and moves, seats, clock,
//! offers) and the one function that changes it, [`GameState::apply`].
//! No input or output here: the game room locks, stores and broadcasts.

use wari_engine::Level;
use wari_rules::{Game, Move, Side, Variant};

use crate::api::error::Error;
use crate::clock::Clock;
use crate::ids;
pub use crate::offer::{Offer, OfferKind};
use crate::ratings::both_moved;
pub use crate::seat::{Seat, SeatKind, SeatRating};
use crate::text::text;

/// The API's reason for an aborted game (not one of RULES.md §1's ends).
pub const ABORTED: &str = "aborted";

/// Where a game is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// A seat is still free.
    Waiting,
    /// Both seats taken, moves being played.
    Playing,
    /// Over, with a result (or aborted: [`GameState::aborted`]).
    Finished,
}

impl Status {
    /// The API's name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Playing => "playing",
            Status::Finished => "finished",
        }
    }

    /// The status of an API name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Status> {
        match name {
            "waiting" => Some(Status::Waiting),
            "playing" => Some(Status::Playing),
            "finished" => Some(Status::Finished),
            _ => None,
        }
    }
}

/// The clocks after a move, and when it was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveTime {
    /// Each side's time left after the move, with a clock.
    pub left_ms: Option<[i64; 2]>,
    /// When the move was played (ms since the epoch).
    pub at_ms: i64,
}

/// A game as the server keeps it.
#[derive(Clone, Debug)]
pub struct GameState {
    /// The game's id.
    pub id: String,
    /// The table it was created at (none for rematches and imports).
    pub table_id: Option<String>,
    /// `live` (played here) or `import` (read from OGN).
    pub source: String,
    /// Waiting, playing or finished.
    pub status: Status,
    /// Raised by one at every stored change; other processes compare it.
    pub version: i64,
    /// Rules, moves and outcome.
    pub game: Game,
    /// By [`Side::index`].
    pub seats: [Option<Seat>; 2],
    /// The clock, if the game has a time control.
    pub clock: Option<Clock>,
    /// Offers standing.
    pub offers: Vec<Offer>,
    /// The game the rematch offer started.
    pub rematch_game_id: Option<String>,
    /// Rated: the result changes both players' ratings in its pool.
    pub rated: bool,
    /// Ended by an abort before both players moved: finished with no
    /// result, never rated, counted as no game (`game` is not over).
    pub aborted: bool,
    /// Times of creation, start and end (ms since the epoch).
    pub created_at: i64,
    /// When both seats were taken.
    pub started_at: Option<i64>,
    /// When the game ended.
    pub finished_at: Option<i64>,
    /// One entry per move of `game`.
    pub times: Vec<MoveTime>,
    /// The tournament that paired it: no takebacks, no rematch, and each
    /// player may berserk before their first move.
    pub tournament: Option<String>,
    /// A game the server paired: each player's time for their first
    /// move, after which the game is aborted (`first_move.rs`).
    pub first_move_ms: Option<i64>,
}

/// A change asked of a game, by a side (the room has checked the seat).
#[derive(Clone, Debug)]
pub enum Action {
    /// A person sits at the free `side`; the game starts.
    Join(Side, Seat),
    /// `side` plays `mv`; with `ply`, only if that many moves were played.
    Move {
        /// The mover.
        side: Side,
        /// The move.
        mv: Move,
        /// Moves already played, as the client saw them.
        ply: Option<usize>,
    },
    /// `side` resigns.
    Resign(Side),
    /// A player aborts the game (before both players have moved).
    Abort,
    /// `side` offers `kind`.
    Offer(Side, OfferKind),
    /// `side` accepts the other's offer of `kind`.
    Accept(Side, OfferKind),
    /// `side` declines the other's offer of `kind` (or withdraws its own).
    Decline(Side, OfferKind),
    /// `side` claims the game: the room has checked that the opponent has
    /// been away longer than the timeout.
    Claim(Side),
    /// Time has decided the game: a player of a paired game has not
    /// made their first move in time (the game is aborted), or the
    /// running clock's time is up (its side loses).
    Flag,
    /// The computer, seated at the side to move, plays `mv` at `ply`.
    Computer {
        /// Moves played when the search started.
        ply: usize,
        /// The move found.
        mv: Move,
    },
    /// `side` berserks (a tournament game, before its first move): half
    /// its time, no increment, a point more for a win (`tournaments`).
    Berserk(Side),
    /// The computer answers the cycle offer standing at `ply`.
    ComputerAnswer {
        /// Moves played when it judged.
        ply: usize,
        /// Whether it accepts.
        accept: bool,
    },
}

/// What an applied action left to do besides storing the state.
#[derive(Debug, Default)]
pub struct Effects {
    /// A rematch was agreed: the new game, to store and start.
    pub rematch: Option<GameState>,
}

impl GameState {
    /// A new game at `rules`, waiting for its seats.
    #[must_use]
    pub fn new(id: String, game: Game, clock: Option<Clock>, now: i64) -> GameState {
        GameState {
            id,
            table_id: None,
            source: "live".to_owned(),
            status: Status::Waiting,
            version: 0,
            game,
            seats: [None, None],
            clock,
            offers: Vec::new(),
            rematch_game_id: None,
            rated: false,
            aborted: false,
            created_at: now,
            started_at: None,
            finished_at: None,
            times: Vec::new(),
            tournament: None,
            first_move_ms: None,
        }
    }

    /// The seat at `side`.
    #[must_use]
    pub fn seat(&self, side: Side) -> Option<&Seat> {
        self.seats[side.index()].as_ref()
    }

    /// The side `session` sits at, if any (South first when one session
    /// holds both, which only tests do).
    #[must_use]
    pub fn side_of(&self, session: &str) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|&s| self.seat(s).is_some_and(|seat| seat.held_by(session)))
    }

    /// The side to move.
    #[must_use]
    pub fn to_move(&self) -> Side {
        self.game.position().turn()
    }

    /// Whether the computer is to move in a game being played.
    #[must_use]
    pub fn computer_to_move(&self) -> Option<Level> {
        if self.status != Status::Playing {
            return None;
        }
        self.seat(self.to_move()).and_then(Seat::level)
    }

    /// The side whose clock ran out at `now`, in a game being played
    /// (see also [`GameState::time_is_up`], which counts a first move's
    /// time too).
    #[must_use]
    pub fn flag_due(&self, now: i64) -> Option<Side> {
        if self.status != Status::Playing {
            return None;
        }
        self.clock.and_then(|c| c.flagged(now))
    }

    /// A cycle offer by a person to the computer, waiting for its answer.
    #[must_use]
    pub fn cycle_offer_to_computer(&self) -> bool {
        self.status == Status::Playing
            && self.offers.iter().any(|o| {
                o.kind == OfferKind::Cycle
                    && self
                        .seat(o.by.opposite())
                        .is_some_and(|s| s.level().is_some())
            })
    }

    /// Applies `action` at `now`. On error nothing has changed.
    ///
    /// # Errors
    /// Why the action does not fit the game (a 400, 403 or 409).
    pub fn apply(&mut self, action: Action, now: i64) -> Result<Effects, Error> {
        let mut effects = Effects::default();
        match action {
            Action::Join(side, seat) => self.join(side, seat, now)?,
            Action::Move { side, mv, ply } => {
                self.must_be_playing()?;
                if side != self.to_move() {
                    return Err(Error::conflict(text!("err-not-your-turn")));
                }
                if let Some(ply) = ply.filter(|&p| p != self.game.moves().len()) {
                    let played = self.game.moves().len() as f64;
                    return Err(Error::conflict(
                        text!("err-stale-ply", ply = ply).number("moves", played),
                    ));
                }
                self.play(mv, now)?;
            }
            Action::Computer { ply, mv } => {
                self.must_be_playing()?;
                if ply != self.game.moves().len() || self.computer_to_move().is_none() {
                    return Err(Error::conflict(text!("err-computer-move-stale")));
                }
                self.play(mv, now)?;
            }
            Action::Resign(side) => {
                self.must_be_playing()?;
                self.game.resign(side);
                self.finish(now);
            }
            Action::Abort => self.abort(now)?,
            Action::Offer(side, kind) => return self.offer(side, kind, now),
            Action::Berserk(side) => self.berserk(side)?,
            Action::Accept(side, kind) => {
                self.take_offer(side.opposite(), kind).ok_or_else(|| {
                    Error::conflict(text!("err-no-offer-to-accept", kind = kind.name()))
                })?;
                effects = self.agree(side.opposite(), kind, now)?;
            }
            Action::Decline(side, kind) => {
                if self.take_offer(side.opposite(), kind).is_none()
                    && self.take_offer(side, kind).is_none()
                {
                    return Err(Error::conflict(text!(
                        "err-no-offer-to-decline",
                        kind = kind.name()
                    )));
                }
            }
            Action::Claim(side) => {
                self.must_be_playing()?;
                // Leaving the game is taken as resigning it.
                self.game.resign(side.opposite());
                self.finish(now);
            }
            Action::Flag if self.no_show(now).is_some() => self.end_aborted(now),
            Action::Flag => {
                let side = self
                    .flag_due(now)
                    .ok_or_else(|| Error::conflict(text!("err-no-clock-run-out")))?;
                self.game.lose_on_time(side);
                self.finish(now);
            }
            Action::ComputerAnswer { ply, accept } => {
                if !self.cycle_offer_to_computer() || ply != self.game.moves().len() {
                    return Err(Error::conflict(text!("err-answer-stale")));
                }
                let by = self.to_move_or_offerer(OfferKind::Cycle);
                self.take_offer(by, OfferKind::Cycle);
                if accept {
                    self.agree(by, OfferKind::Cycle, now)?;
                }
            }
        }
        Ok(effects)
    }

    /// Ends the game with no result, as lichess aborts one: only before
    /// both players have moved, and never a tournament game (a
    /// tournament's games must be played, as lichess has them).
    fn abort(&mut self, now: i64) -> Result<(), Error> {
        self.must_be_playing()?;
        if self.tournament.is_some() {
            return Err(Error::conflict(text!("err-abort-tournament")));
        }
        if both_moved(self) {
            return Err(Error::conflict(text!("err-abort-too-late")));
        }
        self.end_aborted(now);
        Ok(())
    }

    /// Ends the game with no result, never rated: an abort, or a player
    /// of a paired game who did not come (`first_move.rs`).
    fn end_aborted(&mut self, now: i64) {
        self.aborted = true;
        self.rated = false;
        self.finish(now);
    }

    /// The result as the API writes it: `"S"`, `"N"`, `"draw"`; `None`
    /// before the end and for an aborted game.
    #[must_use]
    pub fn result_name(&self) -> Option<&'static str> {
        self.game.outcome().map(|o| o.result_name())
    }

    /// How the game ended: an end reason of RULES.md §1, or `aborted`;
    /// `None` before the end.
    #[must_use]
    pub fn reason_name(&self) -> Option<&'static str> {
        if self.aborted {
            return Some(ABORTED);
        }
        self.game.outcome().map(|o| o.reason().name())
    }

    /// The final counts (`"25-20"`); `None` before the end and for an
    /// aborted game.
    #[must_use]
    pub fn score_text(&self) -> Option<String> {
        self.game.outcome().map(|o| o.score_text())
    }

    fn berserk(&mut self, side: Side) -> Result<(), Error> {
        self.must_be_playing()?;
        if self.tournament.is_none() {
            return Err(Error::conflict(text!("err-berserk-not-tournament")));
        }
        if self.game.moves().iter().any(|m| m.side() == side) {
            return Err(Error::conflict(text!("err-berserk-before-first-move")));
        }
        let clock = self
            .clock
            .as_mut()
            .filter(|c| !c.per_move)
            .ok_or_else(|| Error::conflict(text!("err-berserk-no-clock")))?;
        if clock.berserk[side.index()] {
            return Err(Error::conflict(text!("err-already-berserked")));
        }
        clock.berserk(side);
        Ok(())
    }

    fn to_move_or_offerer(&self, kind: OfferKind) -> Side {
        self.offers
            .iter()
            .find(|o| o.kind == kind)
            .map_or(self.to_move(), |o| o.by)
    }

    fn must_be_playing(&self) -> Result<(), Error> {
        match self.status {
            Status::Playing => Ok(()),
            Status::Waiting => Err(Error::conflict(text!("err-game-not-started"))),
            Status::Finished => Err(Error::conflict(text!("err-game-over"))),
        }
    }

    fn join(&mut self, side: Side, seat: Seat, now: i64) -> Result<(), Error> {
        if self.status != Status::Waiting || self.seat(side).is_some() {
            return Err(Error::conflict(text!("err-no-free-seat")));
        }
        self.seats[side.index()] = Some(seat);
        let first = self.to_move();
        self.start_full(first, now);
        Ok(())
    }

    fn play(&mut self, mv: Move, now: i64) -> Result<(), Error> {
        let mover = self.to_move();
        self.game.play(mv).map_err(Error::bad)?;
        let next = self.game.position().turn();
        if let Some(clock) = &mut self.clock {
            clock.press(mover, next, now);
        }
        self.times.push(MoveTime {
            left_ms: self.clock.map(|c| c.remaining_ms),
            at_ms: now,
        });
        self.offers
            .retain(|o| !matches!(o.kind, OfferKind::Cycle | OfferKind::Takeback));
        if self.game.is_over() {
            self.finish(now);
        }
        Ok(())
    }

    fn finish(&mut self, now: i64) {
        self.status = Status::Finished;
        self.finished_at = Some(now);
        if let Some(clock) = &mut self.clock {
            clock.stop(now);
        }
        self.offers.clear();
    }

    fn offer(&mut self, side: Side, kind: OfferKind, now: i64) -> Result<Effects, Error> {
        let opponent = self.seat(side.opposite());
        let computer = opponent.is_some_and(|s| s.level().is_some());
        match kind {
            OfferKind::Cycle => {
                self.must_be_playing()?;
                if self.game.rules().variant() == Variant::Kalah {
                    return Err(Error::conflict(text!("err-kalah-no-cycle")));
                }
            }
            OfferKind::Takeback => {
                self.must_be_playing()?;
                if self.tournament.is_some() {
                    return Err(Error::conflict(text!("err-tournament-no-takebacks")));
                }
                if !self.game.moves().iter().any(|m| m.side() == side) {
                    return Err(Error::conflict(text!("err-no-move-to-take-back")));
                }
                if computer {
                    return Err(Error::conflict(text!("err-computer-declines-takebacks")));
                }
            }
            OfferKind::Rematch => {
                if self.status != Status::Finished || self.source != "live" {
                    return Err(Error::conflict(text!("err-rematch-before-end")));
                }
                if self.tournament.is_some() {
                    return Err(Error::conflict(text!("err-tournament-no-rematch")));
                }
                if self.rematch_game_id.is_some() {
                    return Err(Error::conflict(text!("err-rematch-already-started")));
                }
                if computer {
                    return self.agree(side, kind, now);
                }
            }
        }
        if self.offers.iter().any(|o| o.kind == kind && o.by == side) {
            return Err(Error::conflict(text!(
                "err-already-offered",
                kind = kind.name()
            )));
        }
        // Offering what the other side offers is agreeing to it.
        if self.take_offer(side.opposite(), kind).is_some() {
            return self.agree(side.opposite(), kind, now);
        }
        self.offers.push(Offer { kind, by: side });
        Ok(Effects::default())
    }

    fn take_offer(&mut self, by: Side, kind: OfferKind) -> Option<Offer> {
        let i = self
            .offers
            .iter()
            .position(|o| o.kind == kind && o.by == by)?;
        Some(self.offers.remove(i))
    }

    /// Carries out `kind`, offered by `by` and accepted by the other side.
    fn agree(&mut self, by: Side, kind: OfferKind, now: i64) -> Result<Effects, Error> {
        match kind {
            OfferKind::Cycle => {
                self.must_be_playing()?;
                self.game.end_by_agreement();
                self.finish(now);
            }
            OfferKind::Takeback => {
                self.must_be_playing()?;
                self.take_back(by, now);
            }
            OfferKind::Rematch => {
                let rematch = self.rematch(now)?;
                self.rematch_game_id = Some(rematch.id.clone());
                self.offers.clear();
                return Ok(Effects {
                    rematch: Some(rematch),
                });
            }
        }
        Ok(Effects::default())
    }

    /// Undoes moves until one of `by`'s has been undone and `by` is to
    /// move: the last move if it was theirs, the last two if the opponent
    /// has replied.
    fn take_back(&mut self, by: Side, now: i64) {
        let mut undone_own = false;
        while let Some(m) = self.game.undo() {
            self.times.pop();
            undone_own |= m.side() == by;
            if undone_own && self.game.position().turn() == by {
                break;
            }
        }
        self.offers.clear();
        let to_move = self.to_move();
        if let Some(clock) = &mut self.clock {
            clock.start(to_move, now);
        }
    }

    fn rematch(&self, now: i64) -> Result<GameState, Error> {
        let [Some(south), Some(north)] = self.seats.clone() else {
            return Err(Error::conflict(text!("err-rematch-needs-both-players")));
        };
        let clock = self.clock.map(|c| Clock {
            per_move: c.per_move,
            ..Clock::new(c.initial_ms, c.increment_ms)
        });
        let mut next = GameState::new(ids::game_id(), Game::new(*self.game.rules()), clock, now);
        next.seats = [Some(north), Some(south)];
        next.rated = self.rated;
        let first = next.game.position().turn();
        next.start_full(first, now);
        Ok(next)
    }

    /// Starts a game whose two seats are already taken.
    pub fn start_full(&mut self, first: Side, now: i64) {
        self.status = Status::Playing;
        self.started_at = Some(now);
        if let Some(clock) = &mut self.clock {
            clock.start(first, now);
        }
    }

    /// The reason the game ended, if it has.
    #[cfg(test)]
    #[must_use]
    pub fn end_reason(&self) -> Option<wari_rules::EndReason> {
        self.game.outcome().map(|o| o.reason())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wari_rules::EndReason;

    fn playing(rules: &str, clock: Option<Clock>) -> GameState {
        let mut state = GameState::new("g".to_owned(), Game::new(rules.parse().unwrap()), clock, 0);
        state.seats = [Some(Seat::human("Ama", "a")), None];
        state
            .apply(Action::Join(Side::North, Seat::human("Kofi", "k")), 0)
            .unwrap();
        state
    }

    fn play(state: &mut GameState, letters: &str, now: i64) {
        for c in letters.chars() {
            let mv: Move = c.to_string().parse().unwrap();
            let side = mv.side();
            state
                .apply(
                    Action::Move {
                        side,
                        mv,
                        ply: None,
                    },
                    now,
                )
                .unwrap();
        }
    }

    #[test]
    fn joining_starts_the_game_and_south_clock() {
        let state = playing("abapa", Some(Clock::new(60_000, 0)));
        assert_eq!(state.status, Status::Playing);
        assert_eq!(state.clock.unwrap().running, Some(Side::South));
        assert_eq!(state.side_of("k"), Some(Side::North));
    }

    #[test]
    fn a_move_out_of_turn_or_illegal_is_refused() {
        let mut state = playing("abapa", None);
        let c: Move = "c".parse().unwrap();
        assert!(matches!(
            state.apply(
                Action::Move {
                    side: Side::North,
                    mv: c,
                    ply: None
                },
                0
            ),
            Err(Error::Conflict(_))
        ));
        let a: Move = "a".parse().unwrap();
        assert!(matches!(
            state.apply(
                Action::Move {
                    side: Side::South,
                    mv: a,
                    ply: None
                },
                0
            ),
            Err(Error::BadRequest(_))
        ));
        assert!(state.game.moves().is_empty());
    }

    #[test]
    fn offering_what_the_opponent_offers_accepts_it() {
        let mut state = playing("abapa", None);
        play(&mut state, "C", 0);
        state
            .apply(Action::Offer(Side::North, OfferKind::Cycle), 0)
            .unwrap();
        state
            .apply(Action::Offer(Side::South, OfferKind::Cycle), 0)
            .unwrap();
        assert_eq!(state.end_reason(), Some(EndReason::Agreement));
        assert_eq!(state.status, Status::Finished);
    }

    #[test]
    fn a_kalah_takeback_stops_at_the_offerers_last_move() {
        // C sows 4 seeds into D, E, F and the store: South moves again.
        let mut state = playing("kalah", None);
        play(&mut state, "C", 0);
        assert_eq!(state.to_move(), Side::South);
        play(&mut state, "F", 0);
        play(&mut state, "a", 0);
        state
            .apply(Action::Offer(Side::South, OfferKind::Takeback), 0)
            .unwrap();
        state
            .apply(Action::Accept(Side::North, OfferKind::Takeback), 0)
            .unwrap();
        assert_eq!(state.game.moves().len(), 1);
        assert_eq!(state.to_move(), Side::South);
        assert_eq!(state.times.len(), 1);
    }

    #[test]
    fn a_tournament_game_is_berserked_before_ones_first_move_and_never_taken_back() {
        let mut state = playing("abapa", Some(Clock::new(180_000, 2_000)));
        assert!(matches!(
            state.apply(Action::Berserk(Side::North), 0),
            Err(Error::Conflict(_))
        ));
        state.tournament = Some("t".to_owned());
        play(&mut state, "C", 1_000);
        assert!(state.apply(Action::Berserk(Side::South), 1_000).is_err());
        state.apply(Action::Berserk(Side::North), 1_000).unwrap();
        assert!(state.apply(Action::Berserk(Side::North), 1_000).is_err());
        // South: 180 - 1 + 2 = 181 s; North: 180 / 2 = 90 s.
        assert_eq!(state.clock.unwrap().remaining_ms, [181_000, 90_000]);
        assert!(
            state
                .apply(Action::Offer(Side::South, OfferKind::Takeback), 1_000)
                .is_err()
        );
    }

    #[test]
    fn the_flag_falls_only_when_the_time_is_up() {
        let mut state = playing("abapa", Some(Clock::new(1_000, 0)));
        assert!(state.apply(Action::Flag, 999).is_err());
        state.apply(Action::Flag, 1_000).unwrap();
        assert_eq!(state.end_reason(), Some(EndReason::Time));
        assert_eq!(state.game.outcome().unwrap().winner(), Some(Side::North));
    }

    #[test]
    fn a_rematch_swaps_the_seats_and_keeps_the_time_control() {
        let mut state = playing("wari", Some(Clock::new(180_000, 2_000)));
        state.apply(Action::Resign(Side::South), 5).unwrap();
        state
            .apply(Action::Offer(Side::South, OfferKind::Rematch), 6)
            .unwrap();
        let effects = state
            .apply(Action::Accept(Side::North, OfferKind::Rematch), 7)
            .unwrap();
        let next = effects.rematch.unwrap();
        assert_eq!(state.rematch_game_id.as_deref(), Some(next.id.as_str()));
        assert_eq!(next.side_of("k"), Some(Side::South));
        assert_eq!(next.status, Status::Playing);
        assert_eq!(next.clock.unwrap().remaining_ms, [180_000, 180_000]);
        assert_eq!(next.game.rules().to_string(), "wari");
    }

    #[test]
    fn an_abort_before_both_moved_ends_the_game_with_no_result() {
        // Under Kalah, C ends in South's store: South moves again, and
        // two moves of South's are still before both players moved.
        let mut state = playing("kalah", Some(Clock::new(60_000, 0)));
        state.rated = true;
        play(&mut state, "C", 500);
        state.apply(Action::Abort, 900).unwrap();
        assert_eq!(state.status, Status::Finished);
        assert!(state.aborted && !state.rated);
        assert_eq!(state.result_name(), None);
        assert_eq!(state.reason_name(), Some("aborted"));
        assert_eq!(state.score_text(), None);
        assert_eq!(state.clock.unwrap().running, None, "the clocks stop");
        assert!(matches!(
            state.apply(Action::Abort, 901),
            Err(Error::Conflict(_))
        ));
    }

    #[test]
    fn no_abort_once_both_moved_nor_in_a_tournament() {
        let mut state = playing("abapa", None);
        play(&mut state, "Cf", 0);
        assert!(matches!(
            state.apply(Action::Abort, 1),
            Err(Error::Conflict(_))
        ));
        assert_eq!(state.status, Status::Playing);
        let mut tournament = playing("abapa", None);
        tournament.tournament = Some("t".to_owned());
        assert!(matches!(
            tournament.apply(Action::Abort, 1),
            Err(Error::Conflict(_))
        ));
        assert!(!tournament.aborted);
        // A resignation keeps its result and reason.
        state.apply(Action::Resign(Side::North), 2).unwrap();
        assert_eq!(state.result_name(), Some("S"));
        assert_eq!(state.reason_name(), Some("resignation"));
    }
}

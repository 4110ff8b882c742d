//! The rules of Oware and Kalah, exactly as `RULES.md` states them.
//!
//! Oware under its three grand-slam traditions (`abapa`, `wari`, `warri`)
//! with feeding, capture chains, laps that skip the origin pit, the
//! majority end or `playout`, and the cycle rule; Kalah with and without
//! capture from an empty pit facing an empty pit. Any number of pits from
//! 1 to 6 and of seeds from 1 to 12.
//!
//! ```
//! use wari_rules::{Game, Rules, Side};
//!
//! let rules: Rules = "abapa".parse()?;
//! let mut game = Game::new(rules);
//! game.play("F".parse()?)?;
//! game.play("a".parse()?)?;
//! assert_eq!(game.position().to_string(), "4,4,4,4,4,0/0,6,6,6,5,5 S 0-0");
//! assert_eq!(game.position().turn(), Side::South);
//! assert!(game.outcome().is_none());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The library has no dependencies. [`Position`] is the fast core (a
//! `Copy` value, moves listed without allocating); [`Game`] adds the
//! history the cycle rule needs, the result and undo; [`record`], [`ogn`]
//! and [`auale`] read and write game records and other programs' notation.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod game;
mod moves;
mod outcome;
mod perft;
mod position;
mod position_string;
mod rules;
mod side;
mod sow;
mod sowing;
mod time_control;

pub mod auale;
pub mod ogn;
pub mod record;

pub use game::Game;
pub use moves::{Move, MoveError, Moves};
pub use outcome::{EndReason, Outcome, UnknownEndReason};
pub use perft::{perft, perft_divide};
pub use position::{PlayError, Position};
pub use position_string::PositionError;
pub use rules::{Cycle, Rules, RulesError, Variant};
pub use side::Side;
pub use sowing::{GrandSlam, Slot, Sowing};
pub use time_control::{TimeControl, TimeControlError};

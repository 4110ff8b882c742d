//! A computer player for Oware and Kalah on top of `wari-rules`: iterative
//! deepening principal variation search with a shared transposition
//! table (lazy SMP over several threads), capture quiescence, the cycle
//! rule judged along the game and the tree, an evaluation fitted from
//! self-play, time management, and levels for people.
//!
//! ```
//! use std::time::Duration;
//! use wari_engine::{Engine, Limits};
//! use wari_rules::Game;
//!
//! let mut engine = Engine::new();
//! let game = Game::default();
//! let result = engine.think(&game, &Limits::depth(8));
//! let best = result.best.expect("the game is not over");
//! assert!(game.legal_moves().contains(&best));
//! assert_eq!(result.depth, 8);
//! ```
//!
//! Scores are seeds from the side to move's view: an estimate of the final
//! capture difference ([`Score::Seeds`], in hundredths of a seed), or a
//! proven result ([`Score::Exact`]).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod baseline;
pub mod book;
mod control;
mod cycle_offer;
mod engine;
pub mod eval;
mod iterate;
mod level;
mod limits;
mod pit_values;
mod proof;
pub mod random;
mod score;
mod search;
mod table;
pub mod tune;
mod weights;

pub use baseline::baseline_move;
pub use control::Control;
pub use cycle_offer::{accepts_cycle, cycle_margin};
pub use engine::{Engine, Info, Known, Oracle, SearchResult};
pub use level::{Level, LevelError};
pub use limits::{Clock, Limits};
pub use score::Score;

//! The evaluation's weights, in hundredths of a seed per unit of each
//! feature (see `eval::FEATURE_NAMES`), and Oware's pit values.
//! Written by
//! `wari tune --games 3000 --depth 4 --opening 6 --seed 1 --rounds 3`;
//! do not edit by hand.

use crate::eval::{FEATURES, PitValues};

/// Oware (`abapa`, `wari`, `warri`).
pub(crate) const OWARE: [i32; FEATURES] = [26, -92, -19, -3, 188, -36, 0, -64];

/// Kalah.
pub(crate) const KALAH: [i32; FEATURES] = [65, -106, 35, 0, 756, -98, 121, 1];

/// Oware's pit values (`eval::pit_sum`): the side to move's row, then
/// the opponent's; each pit from its owner's left; counts 0 to 15 or more.
#[rustfmt::skip]
pub(crate) const OWARE_PITS: PitValues = [
    [
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    ],
    [
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    ],
];

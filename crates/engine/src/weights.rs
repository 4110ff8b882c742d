//! The evaluation's weights, in hundredths of a seed per unit of each
//! feature (see `eval::FEATURE_NAMES`). Written by `wari tune`; do not edit
//! by hand.

use crate::eval::FEATURES;

/// Oware (`abapa`, `wari`, `warri`).
pub(crate) const OWARE: [i32; FEATURES] = [10, -15, -20, -40, 30, 10, 0, 20];

/// Kalah.
pub(crate) const KALAH: [i32; FEATURES] = [20, 10, 0, 0, 10, 10, 30, 20];

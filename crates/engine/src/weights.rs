//! The evaluation's weights, in hundredths of a seed per unit of each
//! feature (see `eval::FEATURE_NAMES`), and Oware's pit values.
//! Written by
//! `wari tune --games 3000 --depth 6 --opening 6 --seed 1 --rounds 1 --egdb /work/tables-ab --label-nodes 20000`;
//! do not edit by hand.

use crate::eval::{FEATURES, PitValues};

/// Oware (`abapa`, `wari`, `warri`).
pub(crate) const OWARE: [i32; FEATURES] = [-4, -363, -164, -31, 418, -47, 0, -93];

/// Kalah.
pub(crate) const KALAH: [i32; FEATURES] = [65, -106, 35, 0, 756, -98, 121, 1];

/// Oware's pit values (`eval::pit_sum`): the side to move's row, then
/// the opponent's; each pit from its owner's left; counts 0 to 15 or more.
#[rustfmt::skip]
pub(crate) const OWARE_PITS: PitValues = [
    [
        [-4, 12, 84, -26, -5, -47, -25, 53, 96, 102, 154, -290, -176, -108, -13, 101],
        [-49, -31, 76, -59, -27, -20, 7, 38, 75, 92, 72, -264, -171, -56, 20, 204],
        [-36, -31, 59, -68, -57, -20, -4, 51, 67, 26, 75, -251, -167, -34, 81, 217],
        [-26, -46, 30, -109, -58, -65, -33, -1, 23, 41, 110, -225, -108, 45, 101, 228],
        [-22, -69, 1, -102, -96, -78, -51, -33, 11, 73, 144, -177, -40, 70, 115, 159],
        [-35, -118, -7, -146, -134, -113, -97, -46, 23, 103, 214, -63, -28, 51, 171, 131],
    ],
    [
        [-7, -45, -118, 18, 6, 34, 9, -57, -102, -132, -163, 247, 223, 117, 14, -139],
        [41, 10, -51, 56, 37, 15, -24, -56, -95, -104, -98, 270, 165, 90, -6, -344],
        [18, 21, -31, 97, 48, -2, -1, -58, -87, -50, -77, 253, 182, 62, -64, -405],
        [23, 64, 9, 125, 66, 60, 34, -7, -31, -24, -89, 242, 143, 19, -203, -525],
        [45, 95, 28, 129, 117, 93, 68, 50, 2, -57, -112, 212, 82, -113, -323, -411],
        [72, 115, 27, 171, 146, 115, 108, 85, 3, -71, -180, 106, -56, -183, -289, -264],
    ],
];

//! Random numbers for the whole workspace: the weaker levels' errors, the
//! opening book's choice, random openings for matches and self-play, the
//! benchmarks' random games.
//!
//! One generator, [`Rng`] (ChaCha8 from `rand_chacha`): from a seed it
//! gives the same numbers on every platform and in every version, so a
//! run given `--seed` can be repeated; from [`fresh_seed`] (the operating
//! system's entropy) no two games are alike. Draw with the methods of
//! [`RngExt`] (`rand::Rng`): `random_range(0..n)` is unbiased.
//!
//! ```
//! use wari_engine::random::{self, RngExt};
//! let mut a = random::seeded(7);
//! let mut b = random::seeded(7);
//! let draws: Vec<u32> = (0..5).map(|_| a.random_range(0..6)).collect();
//! assert_eq!(draws, (0..5).map(|_| b.random_range(0..6)).collect::<Vec<u32>>());
//! assert!(draws.iter().all(|&d| d < 6));
//! ```

pub use rand::Rng as RngExt;
use rand::rngs::OsRng;
use rand::{SeedableRng, TryRngCore};

/// The workspace's random number generator.
pub type Rng = rand_chacha::ChaCha8Rng;

/// A generator that gives the same numbers for the same seed.
#[must_use]
pub fn seeded(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}

/// A seed nobody can guess: 64 bits from the operating system.
///
/// # Panics
/// When the operating system has no entropy to give (no supported
/// system fails so once it has booted).
#[must_use]
pub fn fresh_seed() -> u64 {
    OsRng
        .try_next_u64()
        .expect("the operating system gives random numbers")
}

/// A generator seeded by `seed`, or by a fresh seed without one.
#[must_use]
pub fn seeded_or_fresh(seed: Option<u64>) -> Rng {
    seeded(seed.unwrap_or_else(fresh_seed))
}

/// A seed derived from `seed` and `n` (a game's number, say), unrelated
/// to the seeds derived for other `n`: SplitMix64's finaliser, a
/// bijection of 64 bits, over their mix.
#[must_use]
pub fn derive(seed: u64, n: u64) -> u64 {
    let mut z = seed ^ n.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_numbers() {
        let mut rng = seeded(0);
        let first: u64 = rng.random();
        let mut again = seeded(0);
        assert_eq!(first, again.random::<u64>());
        assert_ne!(first, seeded(1).random::<u64>());
    }

    #[test]
    fn derived_seeds_differ_from_each_other_and_the_seed() {
        let seeds: Vec<u64> = (0..1000).map(|n| derive(42, n)).collect();
        let mut unique = seeds.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), seeds.len());
        assert!(!seeds.contains(&42));
    }

    #[test]
    fn fresh_seeds_are_not_repeated() {
        // Two equal 64-bit draws from the system: probability 2^-64.
        assert_ne!(fresh_seed(), fresh_seed());
    }
}

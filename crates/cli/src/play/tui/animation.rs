//! The sowing animation: the emptied pit, then one seed after another
//! falling into the pits (and Kalah's stores) until the move's position
//! shows. It never costs clock time: the clock starts when it ends.

use std::time::{Duration, Instant};

use wari_rules::{Side, Slot, Sowing};

/// The time between two seeds at `speed` (1 slowest, 10 fastest; 0 is no
/// animation).
pub fn seed_delay(speed: u8) -> Option<Duration> {
    (speed > 0).then(|| Duration::from_millis(600 / u64::from(speed.min(10))))
}

/// A move being shown seed by seed.
#[derive(Clone, Debug)]
pub struct Animation {
    sowing: Sowing,
    start: Instant,
    step: Duration,
}

/// What the board shows at one moment of the animation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Every pit's count, `A..F` then `a..f`.
    pub counts: Vec<u8>,
    /// South's and North's captured seeds or stores.
    pub stores: [u8; 2],
    /// Where the last seed fell, if one has.
    pub hand: Option<Slot>,
}

impl Animation {
    /// Shows `sowing` from `start` on, a seed every `step`.
    pub fn new(sowing: Sowing, start: Instant, step: Duration) -> Animation {
        Animation {
            sowing,
            start,
            step,
        }
    }

    /// When the last seed has been shown for a step: the move's position
    /// takes over.
    pub fn end(&self) -> Instant {
        let steps = u32::try_from(self.sowing.drops().len() + 1).unwrap_or(u32::MAX);
        self.start + self.step * steps
    }

    /// Whether it is over at `now`.
    pub fn is_done(&self, now: Instant) -> bool {
        now >= self.end()
    }

    /// The board at `now`: the origin emptied and as many seeds sown as
    /// steps have passed.
    pub fn frame(&self, now: Instant) -> Frame {
        let elapsed = now.saturating_duration_since(self.start);
        let sown = (elapsed.as_nanos() / self.step.as_nanos().max(1)) as usize;
        let sown = sown.min(self.sowing.drops().len());
        let mut counts = self.sowing.before().board().to_vec();
        counts[self.sowing.origin()] = 0;
        let mut stores = Side::ALL.map(|s| self.sowing.before().captured(s));
        for &slot in &self.sowing.drops()[..sown] {
            match slot {
                Slot::Pit(i) => counts[i] += 1,
                Slot::Store(side) => stores[side.index()] += 1,
            }
        }
        Frame {
            counts,
            stores,
            hand: sown.checked_sub(1).map(|i| self.sowing.drops()[i]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wari_rules::{Position, Rules};

    #[test]
    fn seeds_fall_one_step_at_a_time() {
        let before = Position::new(Rules::default());
        let m = "C".parse().unwrap();
        let sowing = Sowing::of(&before, m).unwrap();
        let t0 = Instant::now();
        let step = Duration::from_millis(100);
        let a = Animation::new(sowing, t0, step);
        let f = a.frame(t0);
        assert_eq!(f.counts[..6], [4, 4, 0, 4, 4, 4]);
        assert_eq!(f.hand, None);
        let f = a.frame(t0 + step * 2);
        assert_eq!(f.counts[..6], [4, 4, 0, 5, 5, 4]);
        assert_eq!(f.hand, Some(Slot::Pit(4)));
        assert!(!a.is_done(t0 + step * 4));
        assert!(a.is_done(t0 + step * 5));
        assert_eq!(a.frame(t0 + step * 9).counts[..6], [4, 4, 0, 5, 5, 5]);
    }

    #[test]
    fn speed_zero_is_no_animation() {
        assert_eq!(seed_delay(0), None);
        assert!(seed_delay(1) > seed_delay(10));
    }
}

//! Rating pools: one rating per rule family (`abapa`, `wari`, `warri`,
//! `kalah`, on the standard board with the family's default options) and
//! speed (bullet, blitz, rapid, classical by the estimated game time as
//! lichess reckons it, initial + 40 × increment; correspondence for days
//! a move). Games with a bot at either seat have their own list of the
//! same pools, `bot-abapa-blitz` and so on: a player's rating against bots
//! is kept apart from their rating against people.

use std::fmt;
use std::str::FromStr;

use wari_rules::{Rules, Variant};

use crate::clock::Clock;

/// How fast a time control is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Speed {
    /// Under 3 minutes estimated.
    Bullet,
    /// Under 8 minutes.
    Blitz,
    /// Under 25 minutes.
    Rapid,
    /// 25 minutes or more.
    Classical,
    /// Days a move.
    Correspondence,
}

impl Speed {
    /// Every speed, fastest first.
    pub const ALL: [Speed; 5] = [
        Speed::Bullet,
        Speed::Blitz,
        Speed::Rapid,
        Speed::Classical,
        Speed::Correspondence,
    ];

    /// The API's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classical => "classical",
            Speed::Correspondence => "correspondence",
        }
    }

    /// The speed of a clock: by `initial + 40 × increment` seconds (under
    /// 180 bullet, 480 blitz, 1500 rapid), or correspondence.
    #[must_use]
    pub fn of(clock: &Clock) -> Speed {
        if clock.per_move {
            return Speed::Correspondence;
        }
        let estimate_s = (clock.initial_ms + 40 * clock.increment_ms) / 1000;
        match estimate_s {
            ..180 => Speed::Bullet,
            180..480 => Speed::Blitz,
            480..1500 => Speed::Rapid,
            _ => Speed::Classical,
        }
    }
}

/// A rating pool: a rule family at a speed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pool {
    /// The rule family.
    pub family: Variant,
    /// The speed.
    pub speed: Speed,
    /// The bots' list (a game with a bot at either seat).
    pub bots: bool,
}

impl Pool {
    /// Every pool: the people's, then the bots'.
    #[must_use]
    pub fn all() -> Vec<Pool> {
        [false, true]
            .into_iter()
            .flat_map(|bots| {
                Variant::ALL.into_iter().flat_map(move |family| {
                    Speed::ALL.into_iter().map(move |speed| Pool {
                        family,
                        speed,
                        bots,
                    })
                })
            })
            .collect()
    }

    /// The same pool in the bots' list (`bots`) or the people's.
    #[must_use]
    pub fn for_bots(self, bots: bool) -> Pool {
        Pool { bots, ..self }
    }

    /// The pool of a game at `rules` with `clock`: none for a board or
    /// options other than the family's standard, or without a clock
    /// (those games are casual).
    #[must_use]
    pub fn of(rules: &Rules, clock: Option<&Clock>) -> Option<Pool> {
        let family = rules.variant();
        if *rules != Rules::new(family) {
            return None;
        }
        clock.map(|c| Pool {
            family,
            speed: Speed::of(c),
            bots: false,
        })
    }
}

/// `abapa-blitz`.
impl fmt::Display for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = if self.bots { "bot-" } else { "" };
        write!(f, "{list}{}-{}", self.family.name(), self.speed.name())
    }
}

impl FromStr for Pool {
    type Err = String;

    fn from_str(s: &str) -> Result<Pool, String> {
        Pool::all()
            .into_iter()
            .find(|p| p.to_string() == s)
            .ok_or_else(|| format!("unknown pool {s:?}: expected FAMILY-SPEED, like abapa-blitz"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fischer(minutes: i64, seconds: i64) -> Clock {
        Clock::new(minutes * 60_000, seconds * 1000)
    }

    #[test]
    fn speeds_follow_the_estimated_game_time() {
        // 1+0 = 60 s, 2+1 = 160 s, 3+0 = 180 s, 5+3 = 420 s, 10+0 = 600 s,
        // 15+10 = 1300 s, 25+0 = 1500 s.
        for (m, s, speed) in [
            (1, 0, Speed::Bullet),
            (2, 1, Speed::Bullet),
            (3, 0, Speed::Blitz),
            (3, 2, Speed::Blitz),
            (5, 3, Speed::Blitz),
            (10, 0, Speed::Rapid),
            (10, 5, Speed::Rapid),
            (15, 10, Speed::Rapid),
            (25, 0, Speed::Classical),
            (20, 10, Speed::Classical),
        ] {
            assert_eq!(Speed::of(&fischer(m, s)), speed, "{m}+{s}");
        }
        assert_eq!(Speed::of(&Clock::days(3)), Speed::Correspondence);
    }

    #[test]
    fn only_standard_boards_with_a_clock_have_a_pool() {
        let clock = fischer(5, 3);
        let pool = |rules: &str, clock: Option<&Clock>| Pool::of(&rules.parse().unwrap(), clock);
        assert_eq!(
            pool("abapa", Some(&clock)).unwrap().to_string(),
            "abapa-blitz"
        );
        assert_eq!(
            pool("kalah", Some(&Clock::days(1))).unwrap().to_string(),
            "kalah-correspondence"
        );
        assert_eq!(pool("abapa", None), None);
        assert_eq!(pool("abapa,pits=5", Some(&clock)), None);
        assert_eq!(pool("wari,cycle=3", Some(&clock)), None);
        assert_eq!(pool("kalah,seeds=6", Some(&clock)), None);
        assert_eq!(
            "warri-rapid".parse::<Pool>().unwrap().to_string(),
            "warri-rapid"
        );
        assert!("abapa-fast".parse::<Pool>().is_err());
        // 4 families × 5 speeds, for people and for bots.
        assert_eq!(Pool::all().len(), 40);
        let bots = "bot-kalah-bullet".parse::<Pool>().unwrap();
        assert!(bots.bots);
        assert_eq!(bots.for_bots(false).to_string(), "kalah-bullet");
    }
}

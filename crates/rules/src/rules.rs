//! The rule set of a table: `abapa`, `wari`, `warri` or `kalah`, with options.

use std::error::Error;
use std::fmt;
use std::str::FromStr;

/// The family and, for Oware, the grand-slam tradition (RULES.md §2.3).
///
/// ```
/// use wari_rules::Variant;
/// assert_eq!("warri".parse::<Variant>(), Ok(Variant::Warri));
/// assert!(Variant::Kalah.is_kalah());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Oware, international rules: a grand slam captures nothing.
    Abapa,
    /// Oware, a grand slam is illegal unless it is the only move; then it
    /// captures the row and ends the game.
    Wari,
    /// Oware, Caribbean: a grand slam captures the row and the same player
    /// moves again.
    Warri,
    /// Kalah: stores, extra moves, captures from an empty own pit.
    Kalah,
}

impl Variant {
    /// Every variant, in the order of RULES.md.
    pub const ALL: [Variant; 4] = [
        Variant::Abapa,
        Variant::Wari,
        Variant::Warri,
        Variant::Kalah,
    ];

    /// The name used in rules strings.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Abapa => "abapa",
            Variant::Wari => "wari",
            Variant::Warri => "warri",
            Variant::Kalah => "kalah",
        }
    }

    /// Whether this is Kalah (as opposed to one of the Oware traditions).
    #[must_use]
    pub const fn is_kalah(self) -> bool {
        matches!(self, Variant::Kalah)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = RulesError;

    fn from_str(s: &str) -> Result<Variant, RulesError> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| RulesError::UnknownVariant(s.to_owned()))
    }
}

/// When a repeated position ends an Oware game (RULES.md §2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cycle {
    /// `cycle=2`: at the second occurrence; each player takes their own row.
    Second,
    /// `cycle=3`: at the third occurrence; each player takes their own row.
    Third,
    /// `cycle=even`: at the second occurrence; the seeds left on the board
    /// are shared equally (the 2002 solution of Awari).
    Even,
}

impl Cycle {
    /// How many times a position must occur for the game to end.
    #[must_use]
    pub const fn occurrences(self) -> usize {
        match self {
            Cycle::Second | Cycle::Even => 2,
            Cycle::Third => 3,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Cycle::Second => "2",
            Cycle::Third => "3",
            Cycle::Even => "even",
        }
    }
}

/// A complete rule set: what a rules string such as
/// `kalah,pits=4,seeds=3,empty-capture=off` names (RULES.md §1).
///
/// Parsing and display round-trip; display omits options at their default.
///
/// ```
/// use wari_rules::{Rules, Variant, Cycle};
/// let rules: Rules = "wari,cycle=3".parse()?;
/// assert_eq!(rules.variant(), Variant::Wari);
/// assert_eq!(rules.cycle(), Cycle::Third);
/// assert_eq!(rules.pits(), 6);
/// assert_eq!(rules.to_string(), "wari,cycle=3");
/// assert_eq!(Rules::default().to_string(), "abapa");
/// # Ok::<(), wari_rules::RulesError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    variant: Variant,
    pits: u8,
    seeds: u8,
    cycle: Cycle,
    playout: bool,
    empty_capture: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::new(Variant::Abapa)
    }
}

impl Rules {
    /// The most pits a row may have.
    pub const MAX_PITS: u8 = 6;
    /// The most seeds a pit may start with.
    pub const MAX_SEEDS_PER_PIT: u8 = 12;

    /// The standard game of a variant: 6 pits of 4 seeds, `cycle=2`, no
    /// playout, Kalah's empty capture on.
    #[must_use]
    pub const fn new(variant: Variant) -> Rules {
        Rules {
            variant,
            pits: 6,
            seeds: 4,
            cycle: Cycle::Second,
            playout: false,
            empty_capture: true,
        }
    }

    /// The same rules with `m` pits per row.
    ///
    /// # Errors
    /// When `m` is not in `1..=6`.
    pub fn with_pits(mut self, m: u8) -> Result<Rules, RulesError> {
        if !(1..=Rules::MAX_PITS).contains(&m) {
            return Err(RulesError::BadValue {
                option: "pits",
                value: m.to_string(),
            });
        }
        self.pits = m;
        Ok(self)
    }

    /// The same rules with `n` seeds per pit at the start.
    ///
    /// # Errors
    /// When `n` is not in `1..=12`.
    pub fn with_seeds(mut self, n: u8) -> Result<Rules, RulesError> {
        if !(1..=Rules::MAX_SEEDS_PER_PIT).contains(&n) {
            return Err(RulesError::BadValue {
                option: "seeds",
                value: n.to_string(),
            });
        }
        self.seeds = n;
        Ok(self)
    }

    /// The same rules with another cycle convention.
    ///
    /// # Errors
    /// Under Kalah, which has no cycle rule.
    pub fn with_cycle(mut self, cycle: Cycle) -> Result<Rules, RulesError> {
        self.only_oware("cycle")?;
        self.cycle = cycle;
        Ok(self)
    }

    /// The same rules with or without `playout`.
    ///
    /// # Errors
    /// Under Kalah, which has no majority end to play past.
    pub fn with_playout(mut self, playout: bool) -> Result<Rules, RulesError> {
        self.only_oware("playout")?;
        self.playout = playout;
        Ok(self)
    }

    /// The same rules with Kalah's capture from an empty pit facing an
    /// empty pit on or off.
    ///
    /// # Errors
    /// Under Oware.
    pub fn with_empty_capture(mut self, on: bool) -> Result<Rules, RulesError> {
        if !self.variant.is_kalah() {
            return Err(RulesError::NotForVariant {
                option: "empty-capture",
                variant: self.variant,
            });
        }
        self.empty_capture = on;
        Ok(self)
    }

    fn only_oware(&self, option: &'static str) -> Result<(), RulesError> {
        if self.variant.is_kalah() {
            Err(RulesError::NotForVariant {
                option,
                variant: self.variant,
            })
        } else {
            Ok(())
        }
    }

    /// The family and grand-slam tradition.
    #[inline]
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// Pits per row, `m`.
    #[inline]
    #[must_use]
    pub const fn pits(&self) -> u8 {
        self.pits
    }

    /// Seeds per pit at the start, `n`.
    #[inline]
    #[must_use]
    pub const fn seeds(&self) -> u8 {
        self.seeds
    }

    /// The cycle convention (Oware).
    #[inline]
    #[must_use]
    pub const fn cycle(&self) -> Cycle {
        self.cycle
    }

    /// Whether the game goes on past a majority (Oware).
    #[inline]
    #[must_use]
    pub const fn playout(&self) -> bool {
        self.playout
    }

    /// Whether a Kalah capture also happens when the opposite pit is empty.
    #[inline]
    #[must_use]
    pub const fn empty_capture(&self) -> bool {
        self.empty_capture
    }

    /// Whether this is Kalah.
    #[inline]
    #[must_use]
    pub const fn is_kalah(&self) -> bool {
        self.variant.is_kalah()
    }

    /// All seeds of the start position: `2 * pits * seeds`.
    #[must_use]
    pub const fn total_seeds(&self) -> u32 {
        2 * self.pits as u32 * self.seeds as u32
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.variant.name())?;
        if self.pits != 6 {
            write!(f, ",pits={}", self.pits)?;
        }
        if self.seeds != 4 {
            write!(f, ",seeds={}", self.seeds)?;
        }
        if !self.is_kalah() {
            if self.cycle != Cycle::Second {
                write!(f, ",cycle={}", self.cycle.name())?;
            }
            if self.playout {
                f.write_str(",playout")?;
            }
        } else if !self.empty_capture {
            f.write_str(",empty-capture=off")?;
        }
        Ok(())
    }
}

impl FromStr for Rules {
    type Err = RulesError;

    fn from_str(s: &str) -> Result<Rules, RulesError> {
        let mut parts = s.trim().split(',');
        let name = parts.next().unwrap_or_default().trim();
        let mut rules = Rules::new(name.parse()?);
        let mut seen: Vec<&str> = Vec::new();
        for part in parts {
            let part = part.trim();
            let (key, value) = match part.split_once('=') {
                Some((k, v)) => (k.trim(), Some(v.trim())),
                None => (part, None),
            };
            if seen.contains(&key) {
                return Err(RulesError::Repeated(key.to_owned()));
            }
            seen.push(key);
            let bad = |option: &'static str| RulesError::BadValue {
                option,
                value: value.unwrap_or_default().to_owned(),
            };
            rules = match (key, value) {
                ("pits", Some(v)) => rules.with_pits(v.parse().map_err(|_| bad("pits"))?)?,
                ("seeds", Some(v)) => rules.with_seeds(v.parse().map_err(|_| bad("seeds"))?)?,
                ("cycle", Some(v)) => rules.with_cycle(match v {
                    "2" => Cycle::Second,
                    "3" => Cycle::Third,
                    "even" => Cycle::Even,
                    _ => return Err(bad("cycle")),
                })?,
                ("playout", None) => rules.with_playout(true)?,
                ("empty-capture", Some(v)) => rules.with_empty_capture(match v {
                    "on" => true,
                    "off" => false,
                    _ => return Err(bad("empty-capture")),
                })?,
                ("pits" | "seeds" | "cycle" | "empty-capture", None) => {
                    return Err(RulesError::MissingValue(key.to_owned()));
                }
                ("playout", Some(_)) => return Err(bad("playout")),
                _ => return Err(RulesError::UnknownOption(key.to_owned())),
            };
        }
        Ok(rules)
    }
}

/// Why a rules string or rules option was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// The name is not `abapa`, `wari`, `warri` or `kalah`.
    UnknownVariant(String),
    /// An option this project does not know.
    UnknownOption(String),
    /// An option given twice.
    Repeated(String),
    /// An option that needs a value (`pits=4`) was given without one.
    MissingValue(String),
    /// An option's value is out of range or malformed.
    BadValue {
        /// The option's name.
        option: &'static str,
        /// The value as given.
        value: String,
    },
    /// An option of the other family (`cycle` under Kalah, ...).
    NotForVariant {
        /// The option's name.
        option: &'static str,
        /// The variant it was given with.
        variant: Variant,
    },
}

impl RulesError {
    /// A stable machine code for the refusal (the variant's fields are
    /// its arguments).
    ///
    /// ```
    /// use wari_rules::Rules;
    /// let e = "oware".parse::<Rules>().unwrap_err();
    /// assert_eq!(e.code(), "unknown-variant");
    /// ```
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            RulesError::UnknownVariant(_) => "unknown-variant",
            RulesError::UnknownOption(_) => "unknown-option",
            RulesError::Repeated(_) => "repeated",
            RulesError::MissingValue(_) => "missing-value",
            RulesError::BadValue { .. } => "bad-value",
            RulesError::NotForVariant { .. } => "not-for-variant",
        }
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::UnknownVariant(name) => write!(
                f,
                "unknown rule set {name:?}: expected abapa, wari, warri or kalah"
            ),
            RulesError::UnknownOption(key) => write!(
                f,
                "unknown rules option {key:?}: expected pits, seeds, cycle, playout or empty-capture"
            ),
            RulesError::Repeated(key) => write!(f, "rules option {key:?} given twice"),
            RulesError::MissingValue(key) => {
                write!(f, "rules option {key:?} needs a value, like {key}=...")
            }
            RulesError::BadValue { option, value } => {
                let allowed = match *option {
                    "pits" => "1 to 6",
                    "seeds" => "1 to 12",
                    "cycle" => "2, 3 or even",
                    "empty-capture" => "on or off",
                    _ => "no value",
                };
                write!(
                    f,
                    "bad value {value:?} for rules option {option}: expected {allowed}"
                )
            }
            RulesError::NotForVariant { option, variant } => {
                write!(f, "rules option {option} does not apply to {variant}")
            }
        }
    }
}

impl Error for RulesError {}

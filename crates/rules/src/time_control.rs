//! Time controls as players write them: `5+3` is five minutes for each
//! player and three seconds added after every move (a Fischer clock, the
//! convention of lichess and of over-the-board play).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A Fischer time control: each player's time at the start, and the time
/// added to the mover's clock after each move.
///
/// Written `MINUTES+SECONDS`: `5+3`, `0.5+0` (half a minute), `90+30`;
/// `5` alone is `5+0`. Minutes may instead be written in seconds with an
/// `s`, for the short controls of engine matches: `10s+0.1`. Both numbers
/// are read to the millisecond.
///
/// ```
/// use std::time::Duration;
/// use wari_rules::TimeControl;
///
/// let tc: TimeControl = "5+3".parse()?;
/// assert_eq!(tc.base(), Duration::from_secs(300));
/// assert_eq!(tc.increment(), Duration::from_secs(3));
/// assert_eq!(tc.to_string(), "5+3");
/// assert_eq!("10s+0.1".parse::<TimeControl>()?.to_string(), "10s+0.1");
/// assert_eq!("0.5".parse::<TimeControl>()?.to_string(), "0.5+0");
/// assert!("60+1+1".parse::<TimeControl>().is_err());
/// # Ok::<(), wari_rules::TimeControlError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    base: Duration,
    increment: Duration,
}

impl TimeControl {
    /// The longest time a control may give each player: a week, far more
    /// than any game needs, so that sums of times cannot overflow.
    pub const MAX: Duration = Duration::from_secs(7 * 24 * 3600);

    /// A time control of `base` for each player plus `increment` a move.
    ///
    /// # Errors
    /// When `base` is zero, or either is longer than [`TimeControl::MAX`].
    pub fn new(base: Duration, increment: Duration) -> Result<TimeControl, TimeControlError> {
        if base.is_zero() {
            return Err(TimeControlError::NoTime);
        }
        if base > Self::MAX || increment > Self::MAX {
            return Err(TimeControlError::TooLong);
        }
        Ok(TimeControl { base, increment })
    }

    /// Each player's time at the start.
    #[must_use]
    pub const fn base(&self) -> Duration {
        self.base
    }

    /// The time added to the mover's clock after each move.
    #[must_use]
    pub const fn increment(&self) -> Duration {
        self.increment
    }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(s: &str) -> Result<TimeControl, TimeControlError> {
        let text = s.trim();
        let bad = || TimeControlError::Syntax(s.to_owned());
        let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
        let (base, unit) = match base.trim().strip_suffix('s') {
            Some(seconds) => (seconds, 1_000),
            None => (base, 60_000),
        };
        let base = millis(base, unit).ok_or_else(bad)?;
        let increment = millis(increment, 1_000).ok_or_else(bad)?;
        TimeControl::new(base, increment)
    }
}

/// `text`, a plain decimal number (`5`, `0.25`) of units of `unit_ms`
/// milliseconds, to the millisecond; `None` if it is anything else.
fn millis(text: &str, unit_ms: u64) -> Option<Duration> {
    let text = text.trim();
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !digits(whole) || !digits(fraction) {
        return None;
    }
    // Beyond a week the value is refused anyway; more digits would only
    // overflow.
    if whole.len() > 9 || fraction.len() > 9 {
        return None;
    }
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let scale = 10u64.pow(fraction.len() as u32);
    let fraction: u64 = if fraction.is_empty() {
        0
    } else {
        fraction.parse().ok()?
    };
    // Rounded to the nearest millisecond.
    let ms = whole * unit_ms + (fraction * unit_ms + scale / 2) / scale;
    Some(Duration::from_millis(ms))
}

/// A number of milliseconds in units of `unit_ms`, as a decimal without
/// trailing zeros: `3`, `0.5`, `0.125`. Exact when the decimal ends:
/// always for seconds, for whole quarter minutes in minutes (the only
/// ones written so).
fn decimal(ms: u128, unit_ms: u128) -> String {
    let whole = ms / unit_ms;
    let rest = ms % unit_ms;
    if rest == 0 {
        return whole.to_string();
    }
    let mut digits = String::new();
    let mut r = rest;
    while r != 0 && digits.len() < 5 {
        r *= 10;
        digits.push(char::from(b'0' + (r / unit_ms) as u8));
        r %= unit_ms;
    }
    format!("{whole}.{digits}")
}

impl fmt::Display for TimeControl {
    /// `MINUTES+SECONDS`, or the base in seconds (`10s+0.1`) when it is not
    /// a whole number of quarter minutes: what reads back the same.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let base = self.base.as_millis();
        let increment = decimal(self.increment.as_millis(), 1_000);
        if base.is_multiple_of(15_000) {
            write!(f, "{}+{increment}", decimal(base, 60_000))
        } else {
            write!(f, "{}s+{increment}", decimal(base, 1_000))
        }
    }
}

/// Why a time control cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeControlError {
    /// Not `MINUTES+SECONDS`.
    Syntax(String),
    /// No time at the start.
    NoTime,
    /// More than [`TimeControl::MAX`].
    TooLong,
}

impl TimeControlError {
    /// A stable machine code for the refusal (`Syntax` carries the text
    /// given).
    ///
    /// ```
    /// use wari_rules::TimeControl;
    /// assert_eq!("0+0".parse::<TimeControl>().unwrap_err().code(), "no-time");
    /// ```
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            TimeControlError::Syntax(_) => "syntax",
            TimeControlError::NoTime => "no-time",
            TimeControlError::TooLong => "too-long",
        }
    }
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControlError::Syntax(text) => write!(
                f,
                "{text:?} is not a time control: write MINUTES+SECONDS, like 5+3 (5 minutes each, 3 seconds added a move)"
            ),
            TimeControlError::NoTime => {
                f.write_str("a time control gives each player some time: the minutes cannot be 0")
            }
            TimeControlError::TooLong => f.write_str("a time control is at most a week"),
        }
    }
}

impl std::error::Error for TimeControlError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(text: &str) -> TimeControl {
        text.parse().unwrap()
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn minutes_then_seconds_as_players_write_them() {
        assert_eq!(
            (tc("5+3").base(), tc("5+3").increment()),
            (ms(300_000), ms(3_000))
        );
        assert_eq!(tc("3").increment(), Duration::ZERO);
        assert_eq!(tc(" 0.25 + 0 ").base(), ms(15_000));
        assert_eq!(tc(".5+.5").base(), ms(30_000));
        assert_eq!(
            tc("10s+0.1"),
            TimeControl::new(ms(10_000), ms(100)).unwrap()
        );
        assert_eq!(tc("1.5s").base(), ms(1_500));
    }

    #[test]
    fn anything_else_is_refused_with_the_form_to_write() {
        for bad in [
            "", "x", "5+", "+3", "-1+2", "5-3", "5+3+1", "inf", "1e3", "5m+3", "5+3s", "s+1",
            ". + 1",
        ] {
            let err = bad.parse::<TimeControl>().unwrap_err();
            assert!(err.to_string().contains("MINUTES+SECONDS"), "{bad}: {err}");
        }
        assert_eq!("0+3".parse::<TimeControl>(), Err(TimeControlError::NoTime));
        assert_eq!("0s".parse::<TimeControl>(), Err(TimeControlError::NoTime));
        assert_eq!(
            "20000+0".parse::<TimeControl>(),
            Err(TimeControlError::TooLong)
        );
        assert!("99999999999999999999+0".parse::<TimeControl>().is_err());
    }

    #[test]
    fn written_forms_read_back_the_same() {
        for text in [
            "5+3", "0.5+0", "0.25+0", "1.75+2", "10s+0.1", "1.234s+0", "90+30", "7s+0.005",
        ] {
            assert_eq!(tc(text).to_string(), text);
        }
        // Every time to the millisecond, written and read again.
        for base in [1, 999, 10_000, 59_999, 60_000, 61_001, 3_600_000] {
            for increment in [0, 1, 100, 2_500] {
                let t = TimeControl::new(ms(base), ms(increment)).unwrap();
                assert_eq!(tc(&t.to_string()), t, "{t}");
            }
        }
    }
}

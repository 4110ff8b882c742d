//! Game files: reading an OGN record to continue it, and the default name
//! to save one under.

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use wari_rules::Game;
use wari_rules::ogn::Record;

/// Reads an OGN file into a game.
///
/// # Errors
/// A one-line message naming the file when it cannot be read or is not
/// a valid record.
pub fn load(path: &Path) -> Result<Game, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Record::read(&text)
        .map(|r| r.game)
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// A file name to save to: `wari-YYYYMMDD-HHMMSS.ogn`, in UTC.
pub fn default_save_name(when: SystemTime) -> String {
    let secs = when.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let t = secs % 86_400;
    format!(
        "wari-{}-{:02}{:02}{:02}.ogn",
        utc_date(when, ""),
        t / 3600,
        t / 60 % 60,
        t % 60
    )
}

/// The UTC date, year month day joined by `sep`.
pub fn utc_date(when: SystemTime, sep: &str) -> String {
    let secs = when.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}{sep}{m:02}{sep}{d:02}")
}

/// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard
/// Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn save_names_carry_the_utc_time() {
        let when = UNIX_EPOCH + Duration::from_secs(1_709_251_199); // 2024-02-29 23:59:59
        assert_eq!(default_save_name(when), "wari-20240229-235959.ogn");
    }
}

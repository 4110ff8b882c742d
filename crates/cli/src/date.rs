//! Dates in UTC for game records and file names, without a time zone
//! database.

use std::time::{SystemTime, UNIX_EPOCH};

/// The UTC date of `when`, year, month and day joined by `sep`
/// (`2024.01.31` with `"."`, as OGN's `Date` tag writes it).
pub fn utc_date(when: SystemTime, sep: &str) -> String {
    let secs = when.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}{sep}{m:02}{sep}{d:02}")
}

/// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard
/// Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
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
    fn dates_from_days() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }

    #[test]
    fn utc_dates_of_instants() {
        let leap = UNIX_EPOCH + Duration::from_secs(1_709_251_199); // 2024-02-29 23:59:59
        assert_eq!(utc_date(leap, "."), "2024.02.29");
        assert_eq!(utc_date(leap + Duration::from_secs(1), ""), "20240301");
    }
}

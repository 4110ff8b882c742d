//! Dates in UTC for game records and file names.

use std::time::{SystemTime, UNIX_EPOCH};

/// The UTC date of `when`, year, month and day joined by `sep`
/// (`2024.01.31` with `"."`, as OGN's `Date` tag writes it).
pub fn utc_date(when: SystemTime, sep: &str) -> String {
    let secs = when.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    wari_rules::ogn::date(i64::try_from(secs).unwrap_or(i64::MAX)).replace('.', sep)
}

/// The UTC time of day of `when`, hours, minutes and seconds joined by
/// `sep` (`23:59:59` with `":"`).
pub fn utc_time(when: SystemTime, sep: &str) -> String {
    let secs = when.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let t = secs % 86_400;
    format!("{:02}{sep}{:02}{sep}{:02}", t / 3600, t / 60 % 60, t % 60)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn utc_dates_of_instants() {
        let leap = UNIX_EPOCH + Duration::from_secs(1_709_251_199); // 2024-02-29 23:59:59
        assert_eq!(utc_date(leap, "."), "2024.02.29");
        assert_eq!(utc_date(leap + Duration::from_secs(1), ""), "20240301");
        assert_eq!(utc_time(leap, ":"), "23:59:59");
        assert_eq!(utc_time(leap + Duration::from_secs(3601), ""), "010000");
    }
}

//! The `Date` tag's value for a moment, in UTC, without a time zone
//! database.

/// The UTC date of a moment given in seconds since 1970-01-01, as OGN's
/// `Date` tag writes it.
///
/// ```
/// use wari_rules::ogn::date;
/// assert_eq!(date(0), "1970.01.01");
/// assert_eq!(date(1_709_251_199), "2024.02.29"); // 23:59:59
/// assert_eq!(date(1_709_251_200), "2024.03.01");
/// ```
#[must_use]
pub fn date(unix_seconds: i64) -> String {
    let (y, m, d) = civil_from_days(unix_seconds.div_euclid(86_400));
    format!("{y:04}.{m:02}.{d:02}")
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

    #[test]
    fn dates_from_days() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }
}

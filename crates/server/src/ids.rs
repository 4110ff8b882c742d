//! Random identifiers for games, tables and sessions, and the time in
//! milliseconds that the database stores.

use std::time::{SystemTime, UNIX_EPOCH};

const ALPHABET: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// `len` random letters and digits from the operating system's generator
/// (session tokens are secrets, so never a seeded generator).
#[must_use]
pub fn random_id(len: usize) -> String {
    let mut bytes = vec![0u8; len];
    // Without the OS generator there is no safe token to hand out.
    getrandom::fill(&mut bytes).expect("the operating system's random generator works");
    bytes
        .iter()
        // 62 * 4 = 248: reject nothing, the tiny bias is harmless for ids
        // and tokens of 24 letters (143 bits).
        .map(|b| char::from(ALPHABET[usize::from(*b) % 62]))
        .collect()
}

/// A game's or table's id (8 letters, as lichess's).
#[must_use]
pub fn game_id() -> String {
    random_id(8)
}

/// Milliseconds since the Unix epoch.
#[must_use]
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// The UTC date of a time in milliseconds, as OGN's `Date` tag writes it
/// (`2024.01.31`).
#[must_use]
pub fn ogn_date(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_letters_and_digits() {
        let id = random_id(24);
        assert_eq!(id.len(), 24);
        assert!(id.bytes().all(|b| b.is_ascii_alphanumeric()));
        assert_ne!(random_id(24), id);
    }

    #[test]
    fn ogn_dates() {
        assert_eq!(ogn_date(0), "1970.01.01");
        assert_eq!(ogn_date(1_709_251_199_000), "2024.02.29");
        assert_eq!(ogn_date(1_709_251_200_000), "2024.03.01");
    }
}

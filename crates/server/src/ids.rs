//! Random identifiers for games, tables and sessions, and the time in
//! milliseconds that the database stores.

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

/// A fair coin from the operating system's generator (who plays South).
#[must_use]
pub fn coin() -> bool {
    let mut byte = [0u8; 1];
    getrandom::fill(&mut byte).is_ok_and(|()| byte[0] & 1 == 0)
}

/// The UTC date of a time in milliseconds, as OGN's `Date` tag writes it
/// (`2024.01.31`).
#[must_use]
pub fn ogn_date(ms: i64) -> String {
    wari_rules::ogn::date(ms.div_euclid(1000))
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
